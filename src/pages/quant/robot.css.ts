// The quantitative robot in the spot terminal's entry panel (about 320 px wide on a desktop, the full width on a
// phone): the form's fields, the run's vertical stepper with each stage's facts, and the history as two-line rows.
// Every text may wrap (CJK and Thai labels run longer or shorter than English); numbers keep to one line.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const mono = style({ fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const muted = style({ color: vars.color.muted });
export const up = style({ color: vars.color.up });
export const down = style({ color: vars.color.down });
export const sign = styleVariants({ up: { color: vars.color.up }, down: { color: vars.color.down }, flat: { color: vars.color.text } });

// Narrow, the entry area is a bare framed cell: the panel pads itself; docked, the dock's body already does.
export const shell = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0, padding: vars.space.sm,
  selectors: { '[data-testid="quant-entry"] > &': { padding: 0 } },
});
export const tabs = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '2px' });
export const tab = style({
  padding: '6px', border: 0, borderRadius: vars.radius.sm, background: vars.color.raised, color: vars.color.muted, cursor: 'pointer', fontWeight: 600, font: 'inherit',
  selectors: { '&[aria-selected="true"]': { background: vars.color.hover, color: vars.color.text, boxShadow: `inset 0 -2px 0 ${vars.color.accent}` } },
});

export const panel = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 });
export const label = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });
export const fieldBlock = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const field = style({
  display: 'flex', alignItems: 'center', gap: vars.space.xs, background: vars.color.raised, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm,
  padding: `0 ${vars.space.sm}`, height: '32px', minWidth: 0,
  selectors: { '&:focus-within': { borderColor: vars.color.accent }, '&[data-invalid]': { borderColor: vars.color.down } },
});
export const input = style({ flex: 1, minWidth: 0, background: 'none', border: 0, color: vars.color.text, fontFamily: vars.font.mono, textAlign: 'right', outline: 'none', font: 'inherit' });
export const select = style({ flex: 1, minWidth: 0, background: 'none', border: 0, color: vars.color.text, font: 'inherit', outline: 'none', textAlign: 'right' });
export const unit = style({ color: vars.color.muted, whiteSpace: 'nowrap' });
export const pair = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: vars.space.sm });
export const line = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: `2px ${vars.space.sm}`, color: vars.color.muted, fontSize: vars.fontSize.sm, minWidth: 0 });
export const link = style({ background: 'none', border: 0, color: vars.color.accent, cursor: 'pointer', font: 'inherit', padding: 0, whiteSpace: 'nowrap' });
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.xs, margin: 0, overflowWrap: 'anywhere' });
export const note = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.xs, lineHeight: 1.5, overflowWrap: 'anywhere' });

export const section = style({
  display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm,
  selectors: { '&:first-child': { borderTop: 0, paddingTop: 0 } },
});
export const sectionHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.xs, fontWeight: 600, minWidth: 0 });
export const title = style({ margin: 0, fontSize: vars.fontSize.sm, fontWeight: 600, overflowWrap: 'anywhere' });

// The stepper: a dot per stage on a vertical rail, the stage's name and time, then its facts.
export const steps = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', minWidth: 0 });
export const step = style({ position: 'relative', display: 'grid', gridTemplateColumns: '16px minmax(0, 1fr)', columnGap: vars.space.sm, paddingBottom: vars.space.sm, minWidth: 0 });
export const rail = style({
  position: 'relative', display: 'flex', justifyContent: 'center',
  selectors: {
    '&::after': { content: '""', position: 'absolute', top: '16px', bottom: `calc(-1 * ${vars.space.sm})`, width: '2px', background: vars.color.border },
    [`${step}:last-child &::after`]: { display: 'none' },
  },
});
const dotBase = style({ width: '12px', height: '12px', marginTop: '3px', borderRadius: '50%', border: `2px solid ${vars.color.border}`, background: vars.color.surface, boxSizing: 'border-box', zIndex: 1 });
export const dot = styleVariants({
  done: [dotBase, { borderColor: vars.color.accent, background: vars.color.accent }],
  active: [dotBase, { borderColor: vars.color.warn, background: vars.color.surface, boxShadow: `0 0 0 3px rgba(240, 185, 11, 0.25)` }],
  waiting: [dotBase],
  skipped: [dotBase, { borderStyle: 'dashed', opacity: 0.6 }],
});
export const stepBody = style({ display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 });
export const stepHead = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: `0 ${vars.space.sm}`, minWidth: 0 });
export const stepName = styleVariants({
  done: { fontWeight: 600, overflowWrap: 'anywhere' },
  active: { fontWeight: 600, color: vars.color.warn, overflowWrap: 'anywhere' },
  waiting: { color: vars.color.muted, overflowWrap: 'anywhere' },
  skipped: { color: vars.color.faint, overflowWrap: 'anywhere' },
});
export const stepTime = style({ fontFamily: vars.font.mono, color: vars.color.muted, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: `0 ${vars.space.sm}`, margin: 0, fontSize: vars.fontSize.xs, minWidth: 0 });
export const factName = style({ color: vars.color.muted, overflowWrap: 'anywhere' });
export const factValue = style({ margin: 0, textAlign: 'right', fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
export const stepNote = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.xs, overflowWrap: 'anywhere' });
/** A P&L: the amount and its percentage, each on one line, the two wrapping apart in a narrow panel. */
export const pnlBig = style({
  display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: `0 ${vars.space.xs}`, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums',
  fontSize: vars.fontSize.sm, fontWeight: 600,
});
export const nowrap = style({ whiteSpace: 'nowrap' });

// History rows: time and market, then investment, outcome, P&L and duration.
export const history = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', minWidth: 0 });
export const row = style({
  display: 'flex', flexDirection: 'column', gap: '2px', padding: `6px ${vars.space.xs}`, borderBottom: `1px solid ${vars.color.border}`, fontSize: vars.fontSize.xs, cursor: 'pointer',
  background: 'none', border: 0, borderRadius: 0, color: vars.color.text, textAlign: 'left', width: '100%', font: 'inherit', minWidth: 0,
  selectors: { '&:hover': { background: vars.color.hover }, '&[aria-current="true"]': { background: vars.color.raised } },
});
export const rowLine = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: `0 ${vars.space.sm}`, minWidth: 0 });
export const pager = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, fontSize: vars.fontSize.xs, color: vars.color.muted });
export const empty = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, padding: `${vars.space.sm} 0`, textAlign: 'center' });
/** Read by screen readers, not shown (a stage's state, which the dot shows). */
export const srOnly = style({ position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 });
/** The run's one-line summary: stage or outcome, P&L, time left. */
export const summary = style({
  display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: `2px ${vars.space.sm}`, padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.raised, borderRadius: vars.radius.sm, fontSize: vars.fontSize.sm, minWidth: 0,
});
export const summaryStage = style({ fontWeight: 600, overflowWrap: 'anywhere' });
