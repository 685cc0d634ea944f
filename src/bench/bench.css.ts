// The bench page: the markets side by side, each a small terminal (chart over book and trades) filling the window.
import { style } from '@vanilla-extract/css';
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
