import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/tokens.css.ts';
import { phone } from '../../../theme/media.ts';

/** The panel's anchor (/accountSet#identity): scrolled to just below the sticky header, with a little room. */
export const anchor = style({ scrollMarginTop: `calc(${vars.size.header} + ${vars.space.lg})` });
export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const lead = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.md });
export const statusRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: '1px solid currentColor',
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
export const badge = styleVariants({
  none: [badgeBase, { color: vars.color.muted }],
  pending: [badgeBase, { color: vars.color.warn }],
  approved: [badgeBase, { color: vars.color.up }],
  rejected: [badgeBase, { color: vars.color.down }],
});
export const reason = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.down}`,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  overflowWrap: 'anywhere',
});
export const reasonLabel = style({ color: vars.color.down, fontWeight: 600, marginRight: vars.space.sm });
export const note = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });

export const thumbs = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md });
export const thumb = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.sm, color: vars.color.muted, margin: 0 });
export const thumbImage = style({
  width: 160,
  height: 104,
  objectFit: 'cover',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.raised,
  display: 'block',
});

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  alignItems: 'start',
  gap: vars.space.md,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const pickers = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  alignItems: 'start',
  gap: vars.space.md,
  '@media': { [phone]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const picker = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const pickerLabel = style({ fontSize: vars.fontSize.sm, color: vars.color.muted });
export const drop = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: 110,
  borderRadius: vars.radius.md,
  border: `1px dashed ${vars.color.border}`,
  background: vars.color.bg,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
  cursor: 'pointer',
  overflow: 'hidden',
  selectors: {
    '&:hover': { borderColor: vars.color.accent, color: vars.color.text },
    '&:focus-within': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '1px' },
    '&[data-invalid="true"]': { borderColor: vars.color.down },
  },
});
export const fileInput = style({ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer', width: '100%', height: '100%' });
export const preview = style({ width: '100%', height: '100%', objectFit: 'contain', display: 'block' });
export const busyVeil = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.overlay,
  color: vars.color.text,
});
export const pickerHint = style({ fontSize: vars.fontSize.xs, color: vars.color.faint });
export const pickerError = style({ fontSize: vars.fontSize.sm, color: vars.color.down, overflowWrap: 'anywhere' });
export const failure = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.down}`,
  color: vars.color.down,
  fontSize: vars.fontSize.sm,
});
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
