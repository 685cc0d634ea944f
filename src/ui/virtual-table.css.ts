// The virtualised table: a page's table scrolls with the window; a panel's fills its body and scrolls inside it.
import { style } from '@vanilla-extract/css';
import { vars } from '../theme/tokens.css.ts';

export const page = style({ width: '100%', overflowX: 'auto' });
// Fills whatever height the panel body gets (resizable panels); without a definite height it falls back to a floor.
export const fill = style({ position: 'relative', width: '100%', height: '100%', minHeight: '180px', flex: '1 1 auto' });
export const fillScroller = style({ position: 'absolute', inset: 0 });
export const head = style({ background: vars.color.surface });
export const row = style({ selectors: { '&:hover': { background: vars.color.hover } } });
