import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: `${vars.space.xxl} 0 ${vars.space.xl}`,
});
export const heroTitle = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, lineHeight: 1.2, maxWidth: '22em' });
export const heroText = style({ color: vars.color.muted, fontSize: vars.fontSize.lg, maxWidth: '40em' });
export const heroButtons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
export const feature = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  color: vars.color.text,
  selectors: { '&:hover': { borderColor: vars.color.accent, color: vars.color.text } },
});
export const featureTitle = style({ fontWeight: 700, fontSize: vars.fontSize.lg });
export const featureText = style({ color: vars.color.muted });
