// The asset-records page: a dense filter bar, signed amounts coloured, the references in a quiet monospace.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const bar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: `${vars.space.sm} ${vars.space.md}`, marginBottom: vars.space.md });
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, color: vars.color.muted, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' });
export const control = style({
  background: vars.color.raised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  height: '30px',
  padding: `0 ${vars.space.sm}`,
  colorScheme: 'dark',
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.down } },
});
export const account = style({ width: '150px' });
export const coin = style({ width: '96px' });
export const type = style({ width: '200px' });
export const date = style({ width: '132px' });
export const chips = style({ display: 'flex', gap: vars.space.xs });
const chipBase = {
  height: '30px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
} as const;
export const chip = style({ ...chipBase, background: vars.color.raised, color: vars.color.muted, selectors: { '&:hover': { color: vars.color.text } } });
export const chipOn = style({ ...chipBase, background: vars.color.accent, borderColor: vars.color.accent, color: vars.color.onAccent });
export const spacer = style({ flex: 1 });
export const top = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, marginBottom: vars.space.md });
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.sm, padding: `${vars.space.xs} 0 ${vars.space.sm}` });
export const summary = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, padding: `0 0 ${vars.space.sm}` });

export const nowrap = style({ whiteSpace: 'nowrap' });
export const credit = style({ color: vars.color.up, whiteSpace: 'nowrap' });
export const debit = style({ color: vars.color.down, whiteSpace: 'nowrap' });
export const zero = style({ color: vars.color.faint, whiteSpace: 'nowrap' });
export const ref = style({ color: vars.color.muted, whiteSpace: 'nowrap', maxWidth: '260px', overflow: 'hidden', textOverflow: 'ellipsis', display: 'inline-block', verticalAlign: 'bottom' });
/** A reference that opens what it names (a wealth or mining order). */
export const refLink = style([ref, { color: vars.color.accent, textDecoration: 'none' }]);
export const mono = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs });
export const placeholder = style({ color: vars.color.faint });

/** The scrolling view: a box of its own height so the filters stay in sight while 100,000 rows go by. */
export const scroller = style({
  position: 'relative',
  width: '100%',
  height: 'max(420px, calc(100vh - 330px))',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  // Whatever moves inside is laid out and painted inside: a scroll frame touches nothing else on the page.
  contain: 'strict',
});
/** One line per cell, cut with an ellipsis, so every row has the same height. */
export const cell = style({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
export const loading = style({ color: vars.color.muted, padding: vars.space.xl, textAlign: 'center', fontSize: vars.fontSize.sm });
