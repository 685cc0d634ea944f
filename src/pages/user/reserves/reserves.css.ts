// "Verify my balance" on /myassets: the snapshot picker and buttons in a row, the steps as a numbered list with a
// mark each, the hashes in small monospace that wraps, the reserves table.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/tokens.css.ts';

export const bar = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap', margin: `${vars.space.md} 0` });
export const select = style({
  height: '32px',
  minWidth: '220px',
  padding: `0 ${vars.space.sm}`,
  background: vars.color.raised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.md,
});
export const label = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const steps = style({ listStyle: 'none', margin: `${vars.space.md} 0`, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const step = style({
  display: 'grid',
  gridTemplateColumns: '28px minmax(0, 1fr)',
  gap: vars.space.sm,
  padding: vars.space.md,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const mark = styleVariants({
  ok: { color: vars.color.up, fontWeight: 700, fontSize: vars.fontSize.lg },
  failed: { color: vars.color.down, fontWeight: 700, fontSize: vars.fontSize.lg },
  skipped: { color: vars.color.faint, fontWeight: 700, fontSize: vars.fontSize.lg },
});
export const stepText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, fontSize: vars.fontSize.md });
export const hash = style({ fontFamily: vars.font.mono, fontSize: vars.fontSize.xs, wordBreak: 'break-all', color: vars.color.muted });
export const amounts = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.lg}`, fontFamily: vars.font.mono, fontSize: vars.fontSize.sm });
export const ok = style({ color: vars.color.up, fontWeight: 600, margin: `${vars.space.sm} 0` });
export const bad = style({ color: vars.color.down, fontWeight: 600, margin: `${vars.space.sm} 0` });
export const muted = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: `${vars.space.sm} 0` });
export const section = style({ marginTop: vars.space.xl });
export const sectionTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.fontSize.lg, fontWeight: 600 });
export const num = style({ fontFamily: vars.font.mono });
