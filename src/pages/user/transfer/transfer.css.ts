import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../../../theme/tokens.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
// From and To side by side with the swap button between them (stacked on narrow screens).
export const accounts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto minmax(0, 1fr)',
  alignItems: 'end',
  gap: vars.space.sm,
  '@media': { 'screen and (max-width: 420px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const swap = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: vars.size.field,
  height: vars.size.field,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.bg,
  color: vars.color.muted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, borderColor: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '1px' },
  },
});
export const unit = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `0 ${vars.space.sm}`,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  fontFamily: vars.font.mono,
});
export const available = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, fontSize: vars.fontSize.sm, color: vars.color.muted });
export const availableValue = style({ color: vars.color.text, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });
export const failure = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.down}`,
  color: vars.color.down,
  fontSize: vars.fontSize.sm,
});
// The Transfer button beside a terminal panel's tabs.
export const tabsBar = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, minWidth: 0 });
export const tabsGrow = style({ flex: '1 1 auto', minWidth: 0, overflowX: 'auto' });
export const barButton = style({ flex: 'none', marginRight: vars.space.sm });

const glow = keyframes({ from: { backgroundColor: 'rgba(61, 139, 253, 0.35)' }, to: { backgroundColor: 'transparent' } });
/** A number that just changed glows for a moment. */
export const flash = style({ animation: `${glow} 900ms ease-out`, borderRadius: vars.radius.sm });
