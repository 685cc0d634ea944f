// The wealth and mining pages: a dense grid of product cards (coin, rate, term, limits, quota bar, buy), the order
// tables' cells, the purchase dialog's schedule, and the order detail's facts.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { phone } from '../../theme/media.ts';

export const mono = style({ fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });
export const muted = style({ color: vars.color.muted });
export const faint = style({ color: vars.color.faint });
export const up = style({ color: vars.color.up });
export const nowrap = style({ whiteSpace: 'nowrap' });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const summary = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}`, color: vars.color.muted, fontSize: vars.fontSize.sm });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(272px, 1fr))',
  gap: vars.space.md,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.lg,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  transition: 'border-color 120ms',
  selectors: { '&:hover': { borderColor: vars.color.faint } },
});
export const cardOff = style({ opacity: 0.72 });
export const cardHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const cardTitle = style({ display: 'flex', flexDirection: 'column', minWidth: 0, flex: '1 1 auto' });
export const name = style({ fontWeight: 600, fontSize: vars.fontSize.md, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const sub = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });

export const badge = style({
  flex: '0 0 auto',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  borderRadius: '50%',
  fontSize: '10px',
  fontWeight: 700,
  letterSpacing: '-0.02em',
  color: '#0b0e11',
});
export const badgeSmall = style([badge, { width: '24px', height: '24px', letterSpacing: '-0.04em' }]);

const tagBase = style({
  flex: '0 0 auto',
  padding: '1px 6px',
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
  border: '1px solid currentColor',
});
export const tag = styleVariants({
  open: [tagBase, { color: vars.color.up }],
  closed: [tagBase, { color: vars.color.faint }],
  soldOut: [tagBase, { color: vars.color.muted }],
  unfunded: [tagBase, { color: vars.color.warn }],
});

export const rateRow = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' });
export const rateLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const rate = style({ fontFamily: vars.font.mono, fontSize: '24px', fontWeight: 700, color: vars.color.up, lineHeight: 1.1 });
export const rateSide = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2px', fontSize: vars.fontSize.xs, color: vars.color.muted });

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `3px ${vars.space.md}`,
  fontSize: vars.fontSize.sm,
  margin: 0,
});
export const factLabel = style({ color: vars.color.muted, whiteSpace: 'nowrap' });
export const factValue = style({ margin: 0, textAlign: 'right', fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', minWidth: 0, overflowWrap: 'anywhere' });

export const quota = style({ display: 'flex', flexDirection: 'column', gap: '4px', fontSize: vars.fontSize.xs, color: vars.color.muted });
export const quotaLine = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm });
export const bar = style({ height: '4px', borderRadius: '2px', background: vars.color.border, overflow: 'hidden' });
export const barFill = style({ height: '100%', background: vars.color.accent, borderRadius: '2px' });

export const cardFoot = style({ marginTop: 'auto', paddingTop: vars.space.xs });

// The purchase dialog.
export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, fontSize: vars.fontSize.sm });
export const product = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });
export const amountBox = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  height: vars.size.field,
  padding: `0 ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  selectors: {
    '&:focus-within': { borderColor: vars.color.accent },
    '&[data-invalid]': { borderColor: vars.color.down },
  },
});
export const amountInput = style({
  flex: 1,
  minWidth: 0,
  background: 'none',
  border: 0,
  outline: 'none',
  color: vars.color.text,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
});
export const unit = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const linkButton = style({
  background: 'none',
  border: 0,
  padding: 0,
  color: vars.color.accent,
  cursor: 'pointer',
  font: 'inherit',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { color: vars.color.accentHover }, '&:disabled': { color: vars.color.faint, cursor: 'default' } },
});
export const line = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: vars.space.sm, flexWrap: 'wrap', color: vars.color.muted });
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.sm, margin: 0 });
export const shortNote = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm, lineHeight: 1.5 });
export const income = style({ fontFamily: vars.font.mono, fontWeight: 700, color: vars.color.up });
export const timeline = style({
  listStyle: 'none',
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: `4px ${vars.space.md}`,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
});
export const notice = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderLeft: `3px solid ${vars.color.warn}`,
  background: vars.color.surface,
  color: vars.color.muted,
  fontSize: vars.fontSize.xs,
  lineHeight: 1.6,
});

// Order tables.
export const productCell = style({ display: 'inline-flex', alignItems: 'flex-start', gap: vars.space.sm, whiteSpace: 'nowrap' });
export const cellStack = style({ display: 'inline-flex', flexDirection: 'column', gap: '1px', whiteSpace: 'nowrap' });
export const cellEnd = style([cellStack, { alignItems: 'flex-end' }]);
export const small = style({ fontSize: vars.fontSize.xs, color: vars.color.muted });
export const status = styleVariants({
  purchasing: { color: vars.color.warn, whiteSpace: 'nowrap' },
  in_progress: { color: vars.color.accent, whiteSpace: 'nowrap' },
  settled: { color: vars.color.up, whiteSpace: 'nowrap' },
  redeemed: { color: vars.color.muted, whiteSpace: 'nowrap' },
  cancelled: { color: vars.color.faint, whiteSpace: 'nowrap' },
});
export const actions = style({ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2px', whiteSpace: 'nowrap' });
export const actionsInline = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: `2px ${vars.space.md}`, marginTop: '2px' });
export const lockedInline = style({ color: vars.color.faint, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' });
export const locked = style({ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end', color: vars.color.faint, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' });
export const more = style({ display: 'flex', justifyContent: 'center', paddingTop: vars.space.sm });

// The order detail.
export const detailHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' });
export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: vars.space.md });
export const stat = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const statLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const statValue = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, fontWeight: 600, overflowWrap: 'anywhere' });
export const detailGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))',
  gap: `0 ${vars.space.xl}`,
});
export const detailRow = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.sm,
});
export const detailValue = style({ margin: 0, textAlign: 'right', fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });
export const incomes = style({ position: 'relative', height: '420px', minHeight: '240px' });
export const paid = style({ color: vars.color.up, whiteSpace: 'nowrap' });
export const scheduled = style({ color: vars.color.muted, whiteSpace: 'nowrap' });
export const progress = style({ display: 'flex', flexDirection: 'column', gap: '4px' });

// The assets page's wealth summary.
export const holdings = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
