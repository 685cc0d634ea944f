import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { phone } from '../../theme/media.ts';

export const footer = style({
  marginTop: vars.space.xxl,
  padding: `${vars.space.xl} ${vars.space.xl}`,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  '@media': { [phone]: { padding: `${vars.space.lg} ${vars.space.md}` } },
});
export const inner = style({
  maxWidth: vars.size.content,
  margin: '0 auto',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.xl,
});
export const columns = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xxl });
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: '140px' });
export const heading = style({ color: vars.color.text, fontWeight: 600, fontSize: vars.fontSize.md });
export const link = style({
  color: vars.color.muted,
  background: 'none',
  border: 'none',
  padding: 0,
  textAlign: 'start',
  cursor: 'pointer',
  fontSize: vars.fontSize.sm,
  selectors: { '&:hover': { color: vars.color.text } },
});
export const brand = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, maxWidth: '320px' });
export const brandName = style({ color: vars.color.text, fontWeight: 800, fontSize: vars.fontSize.lg });
export const bottom = style({ maxWidth: vars.size.content, margin: `${vars.space.xl} auto 0`, color: vars.color.faint });
