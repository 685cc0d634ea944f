// The spot grid: its form in the terminal's entry panel (dense, as the order form), the backtest dialog with its
// chart, the running grids' cards, and the bot page (figures, the ladder drawn as a list, orders and fills).
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { phone } from '../../theme/media.ts';

export const mono = style({ fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });
export const muted = style({ color: vars.color.muted });
export const faint = style({ color: vars.color.faint });
export const up = style({ color: vars.color.up });
export const down = style({ color: vars.color.down });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const small = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });

// The panel: its two views (a new grid, the running ones).
export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, fontSize: vars.fontSize.sm, minWidth: 0 });
export const views = style({ display: 'flex', gap: '2px', flexWrap: 'wrap' });
export const view = style({
  background: 'none',
  border: 0,
  color: vars.color.muted,
  padding: '3px 8px',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
  selectors: { '&[aria-selected="true"]': { color: vars.color.text, background: vars.color.raised } },
});

// The form.
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const pair = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.xs });
export const label = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const box = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  padding: '5px 8px',
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus-within': { borderColor: vars.color.accent } },
});
export const boxInvalid = style({ borderColor: vars.color.down });
export const boxLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap', flexShrink: 0 });
export const input = style({
  flex: '1 1 auto',
  minWidth: 0,
  width: '100%',
  background: 'none',
  border: 0,
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  textAlign: 'right',
  outline: 'none',
  padding: 0,
});
export const unit = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, flexShrink: 0 });
export const modes = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2px' });
export const mode = style({
  padding: '5px 4px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: 'none',
  color: vars.color.muted,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[aria-pressed="true"]': { color: vars.color.text, borderColor: vars.color.accent, background: vars.color.raised } },
});
export const line = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.sm, color: vars.color.muted, fontSize: vars.fontSize.xs, flexWrap: 'wrap' });
export const lineValue = style({ fontFamily: vars.font.mono, color: vars.color.text, textAlign: 'right', marginLeft: 'auto' });
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.xs, lineHeight: 1.4, margin: 0 });
export const buttons = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.4fr)', gap: vars.space.xs });
export const note = style({ margin: 0, color: vars.color.faint, fontSize: vars.fontSize.xs, lineHeight: 1.5 });

// The preview.
export const preview = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '3px',
  padding: vars.space.sm,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});
export const ladderToggle = style({
  background: 'none',
  border: 0,
  padding: 0,
  color: vars.color.accent,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.fontSize.xs,
  textAlign: 'left',
  selectors: { '&:hover': { color: vars.color.accentHover } },
});
export const miniLadder = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  maxHeight: '180px',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
});
export const miniLevel = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, padding: '1px 0' });
export const miniSide = styleVariants({
  buy: { color: vars.color.up },
  sell: { color: vars.color.down },
  none: { color: vars.color.faint },
});
export const lastMark = style({ borderTop: `1px dashed ${vars.color.warn}`, color: vars.color.warn, fontSize: vars.fontSize.xs, padding: '1px 0', textAlign: 'right' });

// The backtest dialog (wider than the default dialog: the chart needs the room).
export const backtest = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
globalStyle('[role="dialog"][data-testid="grid-backtest"]', { width: 'min(960px, 100%)' });
export const chartBox = style({ position: 'relative', width: '100%', height: '320px', minWidth: 0, '@media': { [phone]: { height: '240px' } } });
export const chartSvg = style({ display: 'block', width: '100%', height: '100%', userSelect: 'none' });
export const legend = style({ display: 'flex', flexWrap: 'wrap', gap: `2px ${vars.space.md}`, color: vars.color.muted, fontSize: vars.fontSize.xs });
export const swatch = style({ display: 'inline-block', width: '10px', height: '10px', borderRadius: '2px', marginRight: '4px', verticalAlign: 'middle' });
export const figures = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: `${vars.space.sm} ${vars.space.md}` });
export const figure = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const figureLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const figureValue = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.md, fontWeight: 600, overflowWrap: 'anywhere' });

// The running grids.
export const bots = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '4px',
  padding: vars.space.sm,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  minWidth: 0,
});
export const cardHead = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.sm, flexWrap: 'wrap' });
export const cardTitle = style({ fontWeight: 600, color: vars.color.text });
export const cardPnl = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' });
export const pnlBig = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, fontWeight: 700 });
export const cardGrid = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: `2px ${vars.space.sm}` });
export const cell = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });
export const cellValue = style({ fontFamily: vars.font.mono, color: vars.color.text, overflowWrap: 'anywhere' });
export const cardActions = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm, marginTop: '2px' });
export const link = style({ color: vars.color.accent, fontSize: vars.fontSize.xs, textDecoration: 'none', selectors: { '&:hover': { color: vars.color.accentHover } } });
export const tag = styleVariants({
  running: { color: vars.color.up, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' },
  ended: { color: vars.color.muted, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' },
});
export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, fontSize: vars.fontSize.sm });

// The bot page.
export const pageGrid = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 2fr) minmax(260px, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const column = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });
export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: vars.space.md });
export const statValue = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, fontWeight: 600, overflowWrap: 'anywhere' });
export const detailGrid = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: `0 ${vars.space.xl}`, marginTop: vars.space.md });
export const detailRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});
export const detailValue = style({ textAlign: 'right', fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
export const back = style({ color: vars.color.accent, textDecoration: 'none', fontSize: vars.fontSize.sm, selectors: { '&:hover': { color: vars.color.accentHover } } });
export const ladder = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', fontSize: vars.fontSize.sm });
export const rung = style({
  display: 'grid',
  gridTemplateColumns: '2.5em minmax(0, 1fr) minmax(0, 1.2fr)',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: '3px 6px',
  borderBottom: `1px solid ${vars.color.border}`,
});
export const rungLevel = style({ color: vars.color.faint, fontFamily: vars.font.mono, fontSize: vars.fontSize.xs });
export const rungPrice = style({ fontFamily: vars.font.mono });
export const rungOrder = styleVariants({
  buy: { justifySelf: 'end', color: vars.color.up, background: 'rgba(22, 199, 132, 0.12)', borderRadius: vars.radius.sm, padding: '0 6px', fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' },
  sell: { justifySelf: 'end', color: vars.color.down, background: 'rgba(234, 57, 67, 0.12)', borderRadius: vars.radius.sm, padding: '0 6px', fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' },
  none: { justifySelf: 'end', color: vars.color.faint, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' },
});
export const priceLine = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: '2px 6px',
  borderTop: `2px dashed ${vars.color.warn}`,
  color: vars.color.warn,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
});
export const tableWrap = style({ width: '100%', overflowX: 'auto' });
export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm });
export const th = style({ padding: `6px ${vars.space.md}`, color: vars.color.muted, fontWeight: 500, textAlign: 'left', whiteSpace: 'nowrap', borderBottom: `1px solid ${vars.color.border}` });
export const thRight = style([th, { textAlign: 'right' }]);
export const td = style({ padding: `6px ${vars.space.md}`, borderBottom: `1px solid ${vars.color.border}`, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const tdRight = style([td, { textAlign: 'right' }]);
export const stages = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '4px', fontSize: vars.fontSize.sm });
