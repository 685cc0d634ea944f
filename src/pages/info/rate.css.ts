// The fee-level page: the user's level as a row of figures, the table with the user's row marked.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const card = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: vars.space.md });
export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
export const statLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const statValue = style({ fontSize: vars.fontSize.xl, fontWeight: 700, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const next = style({ color: vars.color.text, fontWeight: 500 });
export const note = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.sm });
export const mineRow = style({ background: 'rgba(61, 139, 253, 0.12)', boxShadow: `inset 3px 0 0 ${vars.color.accent}` });
export const badge = style({
  marginInlineStart: vars.space.sm,
  padding: `1px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
});
