// The canvas trades list: a native scroller over a box as tall as the whole list, the canvas stuck to the top of
// the scroller's view (it draws whichever rows are under it), and the text read to screen readers.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const scroller = style({
  position: 'absolute',
  inset: 0,
  overflowX: 'hidden',
  overflowY: 'auto',
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `1px solid ${vars.color.accent}`, outlineOffset: '-1px' } },
});
export const sizer = style({ position: 'relative' });
export const canvas = style({ position: 'sticky', top: 0, display: 'block' });
export const overlay = style({ position: 'absolute', inset: 0, pointerEvents: 'none' });
// Read by screen readers, not drawn.
export const spoken = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
