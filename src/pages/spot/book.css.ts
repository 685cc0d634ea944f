// The canvas order book's box: the panel body is a flex column, so the canvas fills whatever height the panel gets
// (a dock layout's splitter, or the grid row), and 12 levels a side when the panel sizes to its content.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { MID_HEIGHT, ROW_HEIGHT } from './book-draw.ts';

const DEFAULT_PER_SIDE = 12;

export const body = style({ flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column', padding: vars.space.sm, overflow: 'hidden' });
export const head = style({ flexShrink: 0, paddingInline: '4px' });
export const box = style({ position: 'relative', flex: `1 1 ${DEFAULT_PER_SIDE * 2 * ROW_HEIGHT + MID_HEIGHT}px`, minHeight: 0 });
export const canvas = style({
  position: 'absolute',
  top: 0,
  left: 0,
  display: 'block',
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `1px solid ${vars.color.accent}`, outlineOffset: '-1px' } },
});
export const overlay = style({ position: 'absolute', inset: 0, pointerEvents: 'none' });
// Read by screen readers, not drawn.
export const spoken = style({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' });
