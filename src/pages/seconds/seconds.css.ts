// The seconds contract screen: markets, chart and the entry side by side, the account's tabs under them; one column
// on a narrow screen.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { narrow } from '../../theme/media.ts';

export const screen = style({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr) 320px',
  gridTemplateAreas: '"markets chart entry" "account account account"',
  gridTemplateRows: 'minmax(0, auto) auto',
  gap: '4px',
  fontSize: vars.fontSize.sm,
  '@media': {
    [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateAreas: '"chart" "entry" "account" "markets"' },
  },
});
export const durations = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: '4px' });
const durationBase = style({
  padding: '6px 4px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.raised,
  color: vars.color.text,
  cursor: 'pointer',
  font: 'inherit',
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  whiteSpace: 'nowrap',
  selectors: { '&:disabled': { opacity: 0.4, cursor: 'not-allowed' } },
});
export const duration = styleVariants({ off: [durationBase], on: [durationBase, { borderColor: vars.color.accent, color: vars.color.accent }] });
export const bigButtons = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '6px' });
export const allButton = style({ background: 'none', border: 0, color: vars.color.accent, cursor: 'pointer', font: 'inherit', fontSize: vars.fontSize.xs, padding: 0 });
export const tableBody = style({ position: 'relative', minHeight: '260px', height: '320px' });
export const tabsHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });
export const proofGrid = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '4px 12px', fontSize: vars.fontSize.sm, marginBottom: vars.space.sm });
export const hash = style({ display: 'block', fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, wordBreak: 'break-all', color: vars.color.muted });
export const ok = style({ color: vars.color.up, fontWeight: 600 });
export const bad = style({ color: vars.color.down, fontWeight: 600 });
export const settling = style({ color: vars.color.accent });
/** Why a contract ended without settling, under its status in the history. */
export const reason = style({ display: 'block', fontSize: vars.fontSize.xs, whiteSpace: 'normal' });
export const headline = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.md, flexWrap: 'wrap', padding: `4px ${vars.space.sm}` });
export const headPrice = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.lg, fontWeight: 600 });
export const confirmGrid = style({ display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: '6px 16px', margin: `${vars.space.sm} 0` });
export const schedule = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.xs, color: vars.color.muted, fontSize: vars.fontSize.xs });
export const dateInput = style({ flex: '1 1 100%', minWidth: 0, background: vars.color.raised, color: vars.color.text, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.sm, padding: '4px', colorScheme: 'dark', fontFamily: vars.font.mono });
