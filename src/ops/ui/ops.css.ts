// The console's own layout on the app's theme tokens: a dense left nav, a full-width work area, compact panels.
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const shell = style({ display: 'grid', gridTemplateColumns: '208px minmax(0, 1fr)', minHeight: '100vh' });

export const nav = style({
  position: 'sticky',
  top: 0,
  height: '100vh',
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: `${vars.space.md} ${vars.space.sm}`,
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
});
export const brand = style({ fontWeight: 700, fontSize: vars.fontSize.lg, padding: `0 ${vars.space.sm} ${vars.space.sm}` });
export const brandSub = style({ display: 'block', color: vars.color.muted, fontSize: vars.fontSize.xs, fontWeight: 500 });
export const navGroup = style({ color: vars.color.faint, fontSize: vars.fontSize.xs, textTransform: 'uppercase', letterSpacing: '0.04em', padding: `${vars.space.sm} ${vars.space.sm} 2px` });
export const navLink = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `5px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  color: vars.color.muted,
  fontSize: vars.fontSize.md,
  selectors: {
    '&:hover': { background: vars.color.hover, color: vars.color.text },
    '&[data-status="active"]': { background: vars.color.raised, color: vars.color.text, fontWeight: 600 },
  },
});
export const navFoot = style({ marginTop: 'auto', display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.sm, borderTop: `1px solid ${vars.color.border}` });
export const who = style({ display: 'flex', flexDirection: 'column', fontSize: vars.fontSize.sm });
export const whoName = style({ fontWeight: 600, color: vars.color.text });
export const select = style({
  height: '28px',
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
});

export const main = style({ minWidth: 0, padding: `${vars.space.lg} ${vars.space.xl} ${vars.space.xxl}`, display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const pageHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });
export const pageTitle = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });
export const toolbar = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.sm, flexWrap: 'wrap' });
export const actions = style({ display: 'flex', gap: vars.space.xs, flexWrap: 'wrap', alignItems: 'center' });
export const section = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
});
export const sectionHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' });
export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: 600 });
export const grid2 = style({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: vars.space.md });
export const grid3 = style({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.md });
/** A queue: the list on the left, the chosen item on the right. */
export const split = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.md, alignItems: 'start' });

export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
/** A code in a table cell (an IP, a reference): one line, cut with an ellipsis, the whole in its title. */
export const code = style({ display: 'inline-block', maxWidth: '260px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom', fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
/** Free text in a dense table (a reason, an outcome): a readable column that wraps anything, long addresses too. */
export const prose = style({ display: 'inline-block', minWidth: '140px', maxWidth: '300px', fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
/** The audit log's command line: wide enough to read, wrapped between words. */
export const line = style({ display: 'inline-block', minWidth: '260px', fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });
export const muted = style({ color: vars.color.muted });
export const small = style({ fontSize: vars.fontSize.sm });
export const num = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const up = style({ color: vars.color.up });
export const down = style({ color: vars.color.down });
export const pre = style({
  margin: 0,
  padding: vars.space.sm,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  maxHeight: '240px',
  overflow: 'auto',
});

const badgeBase = style({
  display: 'inline-block',
  padding: '1px 6px',
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  border: '1px solid transparent',
});
export const badge = styleVariants({
  ok: [badgeBase, { color: vars.color.up, borderColor: vars.color.up }],
  warn: [badgeBase, { color: vars.color.warn, borderColor: vars.color.warn }],
  bad: [badgeBase, { color: vars.color.down, borderColor: vars.color.down }],
  neutral: [badgeBase, { color: vars.color.muted, borderColor: vars.color.border }],
});

export const rowButton = style({
  all: 'unset',
  cursor: 'pointer',
  color: vars.color.accent,
  selectors: { '&:hover': { color: vars.color.accentHover, textDecoration: 'underline' } },
});
export const selected = style({ fontWeight: 700, color: vars.color.text });

export const photos = style({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.sm });
export const photo = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
});
globalStyle(`${photo} img`, {
  width: '100%',
  aspectRatio: '4 / 3',
  objectFit: 'contain',
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', gap: vars.space.sm });
export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: vars.space.sm,
  background: vars.color.raised,
  borderRadius: vars.radius.sm,
  minWidth: 0,
});
export const statLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.xs });
export const statValue = style({ fontSize: vars.fontSize.lg, fontWeight: 600, fontVariantNumeric: 'tabular-nums' });

export const notices = style({
  position: 'fixed',
  top: vars.space.md,
  right: vars.space.md,
  zIndex: vars.z.notice,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  width: '380px',
});
const noticeBase = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  boxShadow: '0 6px 20px rgba(0,0,0,0.4)',
  fontSize: vars.fontSize.sm,
});
export const notice = styleVariants({
  error: [noticeBase, { borderLeft: `3px solid ${vars.color.down}` }],
  success: [noticeBase, { borderLeft: `3px solid ${vars.color.up}` }],
  info: [noticeBase, { borderLeft: `3px solid ${vars.color.warn}` }],
});
export const noticeText = style({ flex: 1, whiteSpace: 'pre-wrap' });
export const close = style({ all: 'unset', cursor: 'pointer', color: vars.color.muted, padding: '0 2px' });

export const pager = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, justifyContent: 'flex-end', fontSize: vars.fontSize.sm, color: vars.color.muted });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
// The app's dialog is 440 px wide, made for a phone; the console's forms (a fee table, a reply) want more room, and
// a fixed minimum width on the form made its fields spill over the dialog's right edge instead.
globalStyle(`[role="dialog"]:has(${form})`, { width: 'min(600px, 100%)' });
export const formRow = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: vars.space.sm });

export const signIn = style({ margin: 'auto', width: '360px', display: 'flex', flexDirection: 'column', gap: vars.space.md, padding: vars.space.xl, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.lg });
export const signInWrap = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: vars.space.md });

export const editor = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.md, alignItems: 'stretch' });
export const markdown = style({
  width: '100%',
  minHeight: '420px',
  padding: vars.space.md,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  resize: 'vertical',
});
export const preview = style({
  minHeight: '420px',
  padding: vars.space.md,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'auto',
  lineHeight: 1.6,
});
globalStyle(`${preview} h1, ${preview} h2, ${preview} h3`, { margin: `${vars.space.md} 0 ${vars.space.sm}` });
globalStyle(`${preview} p`, { margin: `0 0 ${vars.space.sm}` });
globalStyle(`${preview} img`, { maxWidth: '100%' });
globalStyle(`${preview} table`, { borderCollapse: 'collapse' });
globalStyle(`${preview} td, ${preview} th`, { border: `1px solid ${vars.color.border}`, padding: '2px 6px' });

export const screenshotImg = style({ maxWidth: '100%', maxHeight: '360px', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm });
export const langTabs = style({ display: 'flex', gap: '2px', flexWrap: 'wrap' });
export const langTab = style({
  all: 'unset',
  cursor: 'pointer',
  padding: `3px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.muted,
  border: `1px solid ${vars.color.border}`,
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.accent, color: vars.color.onAccent, borderColor: vars.color.accent },
    '&[data-has="false"]': { borderStyle: 'dashed' },
  },
});
