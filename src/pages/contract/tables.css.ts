// The contract tables, their dialogs, the account summary and the order detail: dense rows, mono numbers, green
// gains and red losses.
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

const mono = { fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export const num = style(mono);
export const trend = styleVariants({
  up: [mono, { color: vars.color.up }],
  down: [mono, { color: vars.color.down }],
  flat: mono,
});
export const risk = styleVariants({
  none: mono,
  low: [mono, { color: vars.color.up }],
  medium: [mono, { color: vars.color.warn }],
  high: [mono, { color: vars.color.down }],
});
export const muted = style({ color: vars.color.muted, whiteSpace: 'nowrap' });
/** A second, smaller line under a cell's value (the coin size under the lots, ROE under the P&L). */
export const sub = style({ display: 'block', color: vars.color.muted, fontSize: vars.fontSize.xs, ...mono });
/**
 * A figure that moves at every mark (position-columns.tsx LiveText): a box exactly as wide as its text (the font is
 * monospace, so `n` characters are `n`ch; the width is set beside it) and one line high, whose size and layout are
 * contained: a new figure of the same length is laid out inside the box alone, not through the whole table, which
 * auto layout would otherwise measure again at every tick. A figure of another length resizes the box (rarely).
 */
export const live = style({ display: 'inline-block', contain: 'size layout', height: '1lh', verticalAlign: 'bottom' });
/** The same, as the cell's second line (right-aligned as the cell is). */
export const liveSub = style({ display: 'block', contain: 'size layout', height: '1lh', marginLeft: 'auto' });
export const nowrap = style({ whiteSpace: 'nowrap' });

// The positions table (a plain table: each row subscribes to its own position).
export const fill = style({ position: 'relative', flex: '1 1 auto', height: '100%', minHeight: '180px', overflow: 'auto' });
export const page = style({ width: '100%', overflowX: 'auto' });
export const stickyHead = style({ position: 'sticky', top: 0, zIndex: 1, background: vars.color.surface });

export const market = style({ display: 'flex', flexDirection: 'column', gap: '2px', whiteSpace: 'nowrap' });
export const marketName = style({ fontWeight: 600 });
export const tags = style({ display: 'inline-flex', gap: vars.space.xs, fontSize: vars.fontSize.xs });
const tag = style({ padding: '0 4px', borderRadius: vars.radius.sm, lineHeight: '16px', whiteSpace: 'nowrap' });
export const direction = styleVariants({
  long: [tag, { color: vars.color.up, background: 'rgba(22, 199, 132, 0.12)' }],
  short: [tag, { color: vars.color.down, background: 'rgba(234, 57, 67, 0.12)' }],
});
export const plainTag = style([tag, { color: vars.color.muted, background: vars.color.raised }]);

export const adl = style({ display: 'inline-flex', gap: '2px', alignItems: 'flex-end' });
const light = style({ display: 'inline-block', width: '4px', height: '12px', borderRadius: '1px' });
export const adlLight = styleVariants({
  off: [light, { background: vars.color.border }],
  on: [light, { background: vars.color.warn }],
});

export const stack = style({ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' });
export const inline = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, whiteSpace: 'nowrap' });
export const actions = style({ display: 'inline-flex', gap: vars.space.sm, justifyContent: 'flex-end', whiteSpace: 'nowrap' });
export const link = style({
  background: 'none',
  border: 0,
  padding: 0,
  color: vars.color.accent,
  cursor: 'pointer',
  font: 'inherit',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  selectors: {
    '&:hover:not(:disabled)': { color: vars.color.accentHover, textDecoration: 'underline' },
    '&:disabled': { color: vars.color.faint, cursor: 'default' },
  },
});

// A list filling a dock panel's body (or a page's panel) under an optional one-line bar.
export const list = style({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', height: '100%', minHeight: 0 });
// Dense rows: the tables carry many columns, and a dock panel is narrow.
globalStyle(`${list} th, ${list} td`, { padding: `${vars.space.xs} ${vars.space.sm}` });
export const bar = style({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: vars.space.sm, padding: `0 0 ${vars.space.xs}`, flexShrink: 0 });
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.sm });
export const section = style({ fontSize: vars.fontSize.md, fontWeight: 600, margin: `${vars.space.md} 0 ${vars.space.xs}` });

// Dialogs: the facts above the inputs.
export const facts = style({ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: `${vars.space.xs} ${vars.space.lg}`, margin: 0, fontSize: vars.fontSize.sm });
export const factLabel = style({ color: vars.color.muted });
export const factValue = style({ margin: 0, textAlign: 'right', ...mono });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const segmented = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.xs });

// The account summary: label over value, as many to a row as fit.
export const summary = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: vars.space.md });
export const stat = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const statLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const statValue = style({ fontSize: vars.fontSize.lg, fontWeight: 600, ...mono });
export const note = style({ color: vars.color.faint, fontSize: vars.fontSize.sm, margin: 0 });

// The order detail: label and value pairs, as many columns as fit.
export const detail = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: `${vars.space.sm} ${vars.space.xl}`, margin: 0 });
export const detailRow = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, padding: `${vars.space.xs} 0`, borderBottom: `1px solid ${vars.color.border}`, fontSize: vars.fontSize.sm });
export const detailValue = style({ margin: 0, textAlign: 'right', ...mono });
