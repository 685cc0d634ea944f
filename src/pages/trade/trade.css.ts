import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { narrow } from '../../theme/media.ts';

// Desktop: markets | chart and book | order entry; the orders strip spans the bottom. Narrow: one column.
export const terminal = style({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr) 320px',
  gridTemplateAreas: '"markets main entry" "orders orders orders"',
  gap: vars.space.sm,
  '@media': {
    [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateAreas: '"main" "entry" "markets" "orders"' },
  },
});
export const markets = style({ gridArea: 'markets', minWidth: 0 });
export const main = style({
  gridArea: 'main',
  minWidth: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 260px',
  gap: vars.space.sm,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const entry = style({ gridArea: 'entry', minWidth: 0 });
export const orders = style({ gridArea: 'orders', minWidth: 0 });
export const chart = style({ minHeight: '360px' });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const sides = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });
export const steps = style({ margin: 0, paddingInlineStart: '1.4em', color: vars.color.muted, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const compactRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, padding: `${vars.space.xs} 0`, fontSize: vars.fontSize.sm });
export const priceCell = style({ fontFamily: vars.font.mono });
