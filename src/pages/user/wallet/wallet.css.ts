// /recharge and /withdrawal: numbered steps (coin, network, address or amount) beside a column of rules and limits,
// the deposit address card with its QR code, notices, and the record tables' cells.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/tokens.css.ts';
import { narrow, phone } from '../../../theme/media.ts';

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 300px',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const steps = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xl, minWidth: 0 });
export const step = style({ display: 'grid', gridTemplateColumns: '24px minmax(0, 1fr)', gap: `${vars.space.sm} ${vars.space.md}`, minWidth: 0 });
export const stepNum = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  borderRadius: '50%',
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
});
export const stepTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 600, alignSelf: 'center', lineHeight: 1.3 });
export const stepBody = style({ gridColumn: '2', display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const chip = style({
  display: 'inline-flex',
  alignItems: 'baseline',
  gap: vars.space.sm,
  minHeight: vars.size.field,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.faint },
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, background: vars.color.hover },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '1px' },
  },
});
export const chipCode = style({ fontWeight: 700 });
export const chipName = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const otherCoins = style({ minWidth: '180px', maxWidth: '240px' });

export const networks = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: vars.space.sm });
export const network = style([
  chip,
  { flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.xs, textAlign: 'left', selectors: { '&:disabled': { cursor: 'not-allowed', opacity: 0.5 } } },
]);
export const networkName = style({ fontWeight: 600 });
export const networkMeta = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, fontVariantNumeric: 'tabular-nums' });

export const addressCard = style({
  display: 'grid',
  gridTemplateColumns: '176px minmax(0, 1fr)',
  gap: vars.space.lg,
  padding: vars.space.lg,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  alignItems: 'start',
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)', justifyItems: 'center' } },
});
export const qr = style({ width: '176px', height: '176px', padding: '8px', background: '#ffffff', borderRadius: vars.radius.md, display: 'block' });
export const qrEmpty = style([qr, { background: vars.color.bg }]);
export const addressInfo = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0, justifySelf: 'stretch' });
export const label = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const address = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, wordBreak: 'break-all', lineHeight: 1.5 });
export const addressRow = style({ display: 'flex', gap: vars.space.md, alignItems: 'flex-start', minWidth: 0 });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  margin: 0,
  fontSize: vars.fontSize.sm,
});
export const factLabel = style({ color: vars.color.muted });
export const factValue = style({ margin: 0, fontVariantNumeric: 'tabular-nums', minWidth: 0, overflowWrap: 'anywhere' });

const box = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  borderLeft: '3px solid',
  fontSize: vars.fontSize.sm,
  lineHeight: 1.6,
});
export const notice = styleVariants({
  warn: [box, { borderColor: vars.color.warn, background: 'rgba(240, 185, 11, 0.08)', color: vars.color.text }],
  bad: [box, { borderColor: vars.color.down, background: 'rgba(234, 57, 67, 0.08)', color: vars.color.text }],
  info: [box, { borderColor: vars.color.accent, background: 'rgba(61, 139, 253, 0.08)', color: vars.color.text }],
});
export const noticeList = style({ margin: 0, paddingInlineStart: '1.2em', display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const noticeRow = style({ flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const notices = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const link = style({ color: vars.color.accent, fontWeight: 600, selectors: { '&:hover': { color: vars.color.accentHover } } });

export const side = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });
export const sideCard = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  minWidth: 0,
});
export const sideTitle = style({ fontWeight: 600, fontSize: vars.fontSize.md });
export const sideText = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, lineHeight: 1.6, margin: 0 });
export const sideList = style({ margin: 0, paddingInlineStart: '1.2em', color: vars.color.muted, fontSize: vars.fontSize.sm, lineHeight: 1.6, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const line = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md, fontSize: vars.fontSize.sm, minWidth: 0 });
export const lineLabel = style({ color: vars.color.muted });
export const lineValue = style({ fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', textAlign: 'right', overflowWrap: 'anywhere' });
export const meter = style({ height: '6px', borderRadius: '3px', background: vars.color.bg, overflow: 'hidden' });
export const meterFill = style({ height: '100%', background: vars.color.accent, borderRadius: '3px' });

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });
export const pair = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: vars.space.lg });
export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const summaryItem = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const summaryValue = style({ fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', fontSize: vars.fontSize.md, overflowWrap: 'anywhere' });
export const receiveValue = style([summaryValue, { fontSize: vars.fontSize.lg, fontWeight: 700 }]);
export const addon = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `0 ${vars.space.sm}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
});
export const maxButton = style({
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  background: 'transparent',
  color: vars.color.accent,
  fontWeight: 700,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.accentHover }, '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
});
export const availableLine = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.sm, fontSize: vars.fontSize.sm, color: vars.color.muted });
export const strong = style({ color: vars.color.text, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });
export const refusal = style({ color: vars.color.down, margin: 0, fontSize: vars.fontSize.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const toggle = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const toggleState = styleVariants({
  on: { color: vars.color.up, fontWeight: 600, fontSize: vars.fontSize.sm },
  off: { color: vars.color.muted, fontWeight: 600, fontSize: vars.fontSize.sm },
});

// Record tables.
export const nowrap = style({ whiteSpace: 'nowrap' });
export const num = style({ fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const hash = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, fontFamily: vars.font.mono, whiteSpace: 'nowrap' });
export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '22px',
  height: '22px',
  padding: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.text, background: vars.color.hover }, '&:focus-visible': { outline: `2px solid ${vars.color.accent}` } },
});
export const status = styleVariants({
  wait: { color: vars.color.warn, fontWeight: 600, whiteSpace: 'nowrap' },
  ok: { color: vars.color.up, fontWeight: 600, whiteSpace: 'nowrap' },
  bad: { color: vars.color.down, fontWeight: 600, whiteSpace: 'nowrap' },
});
export const statusCell = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '96px', maxWidth: '200px' });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: '2px', whiteSpace: 'nowrap' });
export const reason = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, lineHeight: 1.4, overflowWrap: 'anywhere', whiteSpace: 'normal' });
export const cellAction = style({ background: 'none', border: 'none', padding: 0, color: vars.color.accent, fontWeight: 600, cursor: 'pointer', whiteSpace: 'nowrap', selectors: { '&:hover': { color: vars.color.accentHover } } });

// Dialogs.
export const dialogBody = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const bookList = style({ display: 'flex', flexDirection: 'column', maxHeight: '280px', overflowY: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md });
export const bookRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
});
export const bookLabel = style({ fontWeight: 600, display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'baseline' });
export const bookAddress = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, color: vars.color.muted, wordBreak: 'break-all' });
export const tag = style({ padding: `0 ${vars.space.xs}`, borderRadius: vars.radius.sm, background: vars.color.bg, color: vars.color.muted, fontSize: vars.fontSize.xs, fontWeight: 500 });
export const sectionTitle = style({ fontWeight: 600, fontSize: vars.fontSize.md, margin: `${vars.space.sm} 0 0` });
