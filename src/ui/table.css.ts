import { style } from '@vanilla-extract/css';
import { vars } from '../theme/tokens.css.ts';

export const scroller = style({ width: '100%', overflowX: 'auto' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.muted,
  fontWeight: 500,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const td = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontVariantNumeric: 'tabular-nums',
});
export const right = style({ textAlign: 'right' });
export const emptyCell = style({ padding: 0 });
