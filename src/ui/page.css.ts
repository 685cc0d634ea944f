import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/tokens.css.ts';
import { phone } from '../theme/media.ts';

export const page = style({
  width: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.xl} ${vars.space.xxl}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  '@media': { [phone]: { padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}` } },
});
export const wide = style({ maxWidth: 'none' });
export const flush = style({ padding: `0 0 ${vars.space.xxl}`, '@media': { [phone]: { padding: `0 0 ${vars.space.xl}` } } });
export const head = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.md });
export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 700, lineHeight: 1.3 });
export const lead = style({ color: vars.color.muted, maxWidth: '72ch' });

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
});
export const panelTitle = style({ fontSize: vars.fontSize.lg, fontWeight: 600 });

export const prose = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: '78ch', color: vars.color.text });
globalStyle(`${prose} h2`, { fontSize: vars.fontSize.lg, fontWeight: 600, marginTop: vars.space.md });
globalStyle(`${prose} p, ${prose} li`, { color: vars.color.muted, lineHeight: 1.7 });
globalStyle(`${prose} ol, ${prose} ul`, { margin: 0, paddingInlineStart: '1.4em', display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const dl = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(120px, max-content) 1fr',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  margin: 0,
});
globalStyle(`${dl} dt`, { color: vars.color.muted });
globalStyle(`${dl} dd`, { margin: 0, minWidth: 0, fontVariantNumeric: 'tabular-nums' });

export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
  gap: vars.space.lg,
});
export const prompt = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.muted,
});
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'center' });
export const muted = style({ color: vars.color.muted });
export const note = style({ color: vars.color.faint, fontSize: vars.fontSize.sm });
