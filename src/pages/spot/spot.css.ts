// The dense dark terminal. On narrow screens the panels stack in one column on this grid; wider, the dock
// (../trade/dock/dock.css.ts) arranges them.
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { narrow } from '../../theme/media.ts';
import { body as dockBody } from '../trade/dock/dock.css.ts';

export const terminal = style({
  display: 'grid',
  gridTemplateColumns: '220px minmax(0, 1fr) 260px 300px',
  gridTemplateAreas: '"markets chart book entry" "markets chart trades entry" "account account account account"',
  gridTemplateRows: 'minmax(0, auto) minmax(0, auto) auto',
  gap: '4px',
  fontSize: vars.fontSize.sm,
  '@media': {
    [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateAreas: '"chart" "entry" "book" "trades" "markets" "account"' },
  },
});
const area = (name: string) => style({ gridArea: name, minWidth: 0, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, display: 'flex', flexDirection: 'column' });
export const areas = {
  markets: area('markets'),
  chart: area('chart'),
  book: area('book'),
  trades: area('trades'),
  entry: area('entry'),
  account: area('account'),
};
export const head = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, padding: `6px ${vars.space.sm}`, borderBottom: `1px solid ${vars.color.border}`, color: vars.color.muted, fontWeight: 600 });
export const body = style({ flex: '1 1 auto', padding: vars.space.sm, minHeight: 0, overflow: 'auto' });
export const mono = style({ fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });
export const up = style({ color: vars.color.up });
export const down = style({ color: vars.color.down });
export const muted = style({ color: vars.color.muted });
export const grid3 = style({ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr', gap: vars.space.xs, alignItems: 'center' });
export const right = style({ textAlign: 'right' });
export const select = style({ background: vars.color.raised, color: vars.color.text, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, fontSize: vars.fontSize.xs, padding: '2px 4px' });
export const chips = style({ display: 'flex', gap: '2px', flexWrap: 'wrap' });
export const chip = style({ background: 'none', border: 0, color: vars.color.muted, padding: '2px 6px', cursor: 'pointer', borderRadius: vars.radius.sm, font: 'inherit', fontSize: vars.fontSize.xs });
export const chipOn = style([chip, { color: vars.color.text, background: vars.color.raised }]);
// The chart fills whatever height the row gets from its neighbours (the book and trades), at least 440 px.
export const chartBody = style({ flex: 1, position: 'relative', minHeight: '440px' });
// Docked, the chart takes whatever height its leaf has (lightweight-charts and the depth canvas follow its size).
globalStyle(`${dockBody} ${chartBody}`, { minHeight: '120px' });
export const chartBox = style({ position: 'absolute', inset: 0 });
export const depthCanvas = style({ display: 'block', cursor: 'crosshair', touchAction: 'none' });
export const chartHead = style({ display: 'flex', alignItems: 'center', gap: '8px', flexShrink: 0 });
export const chartViews = style({ display: 'flex', gap: '2px', flexShrink: 0, whiteSpace: 'nowrap' });
export const marketRow = style([grid3, { padding: '3px 6px', cursor: 'pointer', background: 'none', border: 0, color: vars.color.text, font: 'inherit', textAlign: 'left', width: '100%', selectors: { '&:hover': { background: vars.color.hover } } }]);
export const marketRowOn = style([marketRow, { background: vars.color.raised }]);
export const summary = style({ display: 'flex', gap: vars.space.lg, alignItems: 'baseline', flexWrap: 'wrap' });
// The input inside has no outline of its own: the field's border shows where the focus is.
export const field = style({
  display: 'flex', alignItems: 'center', gap: vars.space.xs, background: vars.color.raised, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, padding: `0 ${vars.space.sm}`, height: '32px',
  selectors: { '&:focus-within': { borderColor: vars.color.accent } },
});
export const input = style({ flex: 1, minWidth: 0, background: 'none', border: 0, color: vars.color.text, fontFamily: vars.font.mono, textAlign: 'right', outline: 'none' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.sm });
export const sideTabs = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2px' });
export const sideTab = style({ padding: '6px', border: 0, borderRadius: vars.radius.sm, background: vars.color.raised, color: vars.color.muted, cursor: 'pointer', fontWeight: 600 });
export const sideOn = styleVariants({ buy: [sideTab, { background: vars.color.up, color: '#fff' }], sell: [sideTab, { background: vars.color.down, color: '#fff' }] });
export const line = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, color: vars.color.muted });
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.xs });
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const th = style({ textAlign: 'left', color: vars.color.muted, fontWeight: 500, padding: '4px 6px', borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap' });
export const td = style({ padding: '4px 6px', borderBottom: `1px solid ${vars.color.border}`, whiteSpace: 'nowrap', fontFamily: vars.font.mono });
export const link = style({ background: 'none', border: 0, color: vars.color.accent, cursor: 'pointer', font: 'inherit', padding: 0 });
export const pageActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
