// The bench page: the markets side by side, each a small terminal (chart over book and trades) filling the window;
// the contract variant adds each perpetual's summary strip on top and the positions table along the bottom.
import { globalStyle, style } from '@vanilla-extract/css';
import { chartBody } from '../pages/spot/spot.css.ts';
import { vars } from '../theme/tokens.css.ts';

export const page = style({ display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(0, 1fr)', gap: '4px', height: '100vh', padding: '4px', boxSizing: 'border-box', background: vars.color.bg, fontSize: vars.fontSize.sm });
export const market = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gridTemplateAreas: '"chart chart" "book trades"',
  // The chart takes its own height (its body has a minimum); the book and trades share what is left.
  gridTemplateRows: 'auto minmax(0, 1fr)',
  gap: '4px',
  minHeight: 0,
});

/** Contract: the perpetuals' columns over the positions, as the contract terminal's desk (tables along the bottom). */
export const contractPage = style({
  display: 'grid',
  gridTemplateRows: 'minmax(0, 1fr) 34%',
  // The positions panel names its cell `account` (SpotPanel's area): without the area here it would be put in an
  // implicit column of its own, a sliver at the bottom right.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateAreas: '"perps" "account"',
  gap: '4px',
  height: '100vh',
  padding: '4px',
  boxSizing: 'border-box',
  background: vars.color.bg,
  fontSize: vars.fontSize.sm,
});
export const perps = style({ gridArea: 'perps', display: 'grid', gridAutoFlow: 'column', gridAutoColumns: 'minmax(0, 1fr)', gap: '4px', minHeight: 0 });
export const perp = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  gridTemplateAreas: '"header header" "chart chart" "book trades"',
  gridTemplateRows: 'auto minmax(0, 1fr) minmax(0, 1fr)',
  gap: '4px',
  minHeight: 0,
});
export const perpHeader = style({ gridArea: 'header', minWidth: 0, overflow: 'hidden' });
// As docked: the contract terminal's panels sit in dock groups and leaf bodies that are positioned (dock.css.ts),
// so each panel paints as a layer of its own and a panel that changes (a book, a row of positions) is painted again
// without the rest of the page. The summary strips, as the terminal's one, stay in the page.
globalStyle(`${perp} > section, ${contractPage} > section`, { position: 'relative' });
// As docked: the chart takes the height its cell has.
globalStyle(`${perp} ${chartBody}`, { minHeight: '120px' });
export const positions = style({ flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column' });
