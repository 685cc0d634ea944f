import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: '720px' });
export const counter = style({ alignSelf: 'flex-end', marginTop: `-${vars.space.sm}`, color: vars.color.faint, fontSize: vars.fontSize.xs, fontVariantNumeric: 'tabular-nums', selectors: { '&[data-over="true"]': { color: vars.color.down } } });
export const shot = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const shotLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const shotRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });
export const shotPreview = style({ position: 'relative', width: '120px', height: '90px', borderRadius: vars.radius.md, overflow: 'hidden', border: `1px solid ${vars.color.border}`, background: vars.color.bg });
export const shotImage = style({ width: '100%', height: '100%', objectFit: 'cover', display: 'block' });
export const busyVeil = style({ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', background: vars.color.overlay, color: vars.color.text, fontSize: vars.fontSize.xs });
export const fileInput = style({ position: 'absolute', width: '1px', height: '1px', opacity: 0, pointerEvents: 'none' });
export const pick = style({
  display: 'inline-flex',
  alignItems: 'center',
  height: '30px',
  padding: `0 ${vars.space.md}`,
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  selectors: { '&:hover': { borderColor: vars.color.accent, color: vars.color.text } },
});
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.sm });
export const done = style({ color: vars.color.up, fontSize: vars.fontSize.sm });
export const hint = style({ color: vars.color.faint, fontSize: vars.fontSize.sm });
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md });

export const items = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, margin: 0, padding: 0, listStyle: 'none' });
export const item = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, padding: vars.space.md, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.bg });
export const itemHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${vars.space.xs} ${vars.space.md}`, color: vars.color.faint, fontSize: vars.fontSize.sm });
export const itemTopic = style({ color: vars.color.text, fontWeight: 600 });
export const status = style({
  padding: '1px 8px',
  borderRadius: '10px',
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  background: vars.color.raised,
  color: vars.color.muted,
  selectors: {
    '&[data-status="replied"]': { background: 'rgba(22, 199, 132, 0.14)', color: vars.color.up },
    '&[data-status="open"]': { background: 'rgba(61, 139, 253, 0.14)', color: vars.color.accent },
  },
});
export const body = style({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: 1.6 });
export const thumb = style({ width: '160px', maxHeight: '120px', objectFit: 'cover', borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}`, display: 'block' });
export const reply = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderInlineStart: `3px solid ${vars.color.up}`,
  background: vars.color.surface,
  borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`,
});
export const replyHead = style({ color: vars.color.up, fontSize: vars.fontSize.sm, fontWeight: 600 });
