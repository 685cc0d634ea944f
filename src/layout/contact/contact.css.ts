import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  textAlign: 'start',
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.accent } },
});
export const label = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const value = style({ fontWeight: 600, wordBreak: 'break-all' });
export const unset = style({ color: vars.color.faint, fontStyle: 'italic' });
export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const copyMark = style({ color: vars.color.muted, flexShrink: 0 });
