// Bodies of the terminal's list panels: a column whose list takes whatever height the panel body has (the layout
// may resize panels), with a floor so a list still shows rows when the body's height comes from its content.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const listBody = style({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0, padding: vars.space.sm, overflow: 'auto' });
// A floor for a body whose height comes from its content (the stacked narrow layout); docked, the leaf decides.
export const tradesFill = style({ position: 'relative', flex: '1 1 auto', minHeight: '240px' });
export const fillScroller = style({ position: 'absolute', inset: 0 });
export const accountBody = style({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 });
