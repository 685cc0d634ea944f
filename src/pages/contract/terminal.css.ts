// The contract terminal's own pieces beside the spot terminal's styles (../spot/spot.css.ts): the summary strip
// above the dock and the four-column market list.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const header = style({
  display: 'flex',
  alignItems: 'baseline',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  padding: `6px ${vars.space.sm}`,
  marginBottom: '4px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
});
export const headerSymbol = style({ fontSize: vars.fontSize.md, whiteSpace: 'nowrap' });
export const headerLast = style({ fontSize: vars.fontSize.md, fontWeight: 600 });
export const headerItem = style({ display: 'inline-flex', flexDirection: 'column', gap: '1px', fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' });

// Two lines a market, so a narrow panel shows every figure whole: the pair and its mark price, then the 24 h
// change and the funding rate in small print.
const marketGrid = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: vars.space.sm,
  alignItems: 'baseline',
  whiteSpace: 'nowrap',
} as const;
export const cell = style({ overflow: 'hidden', textOverflow: 'ellipsis' });
export const small = style({ fontSize: '10px' });
export const marketHead = style([marketGrid, { padding: '2px 6px', color: vars.color.muted, fontSize: '10px' }]);
export const marketRow = style([
  marketGrid,
  {
    padding: '3px 6px',
    cursor: 'pointer',
    background: 'none',
    border: 0,
    color: vars.color.text,
    font: 'inherit',
    fontSize: vars.fontSize.xs,
    textAlign: 'left',
    width: '100%',
    selectors: { '&:hover': { background: vars.color.raised } },
  },
]);
export const marketRowOn = style([marketRow, { background: vars.color.raised }]);

// Narrow screens: the account's tables one under another in the grid's account cell (each placed in that cell on
// its own would cover the others, the last one on top).
export const accountStack = style({ gridArea: 'account', display: 'flex', flexDirection: 'column', gap: '4px', minWidth: 0 });
