import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const toolbar = style({ display: 'flex', gap: vars.space.md, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', marginBottom: vars.space.sm });
export const search = style({
  height: '32px',
  minWidth: '220px',
  padding: `0 ${vars.space.md}`,
  background: vars.color.raised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.md });
export const th = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.muted,
  fontWeight: 500,
  fontSize: vars.fontSize.sm,
  textAlign: 'right',
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  selectors: { '&:nth-child(-n+2)': { textAlign: 'left' } },
});
export const sortButton = style({ background: 'none', border: 0, color: 'inherit', font: 'inherit', cursor: 'pointer', padding: 0 });
export const row = style({ borderBottom: `1px solid ${vars.color.border}`, selectors: { '&:hover': { background: vars.color.hover } } });
export const cell = style({ padding: `6px ${vars.space.md}`, whiteSpace: 'nowrap' });
export const num = style([cell, { textAlign: 'right', fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' }]);
export const pair = style({ color: vars.color.text, fontWeight: 600, textDecoration: 'none' });
export const up = style({ color: vars.color.up });
export const down = style({ color: vars.color.down });
export const flat = style({ color: vars.color.muted });
export const star = style({ background: 'none', border: 0, cursor: 'pointer', color: vars.color.faint, fontSize: '15px', padding: 0 });
export const starOn = style([star, { color: vars.color.warn }]);
export const note = style({ color: vars.color.faint, fontSize: vars.fontSize.xs, marginTop: vars.space.sm });
export const movers = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: vars.space.sm });
export const mover = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.raised,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  fontFamily: vars.font.mono,
});
