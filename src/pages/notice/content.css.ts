// Published content: the operator's article (HTML the server made from Markdown through its allow-list renderer)
// styled in the theme, and the list rows of announcements, help and information.
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { phone } from '../../theme/media.ts';

export const rich = style({ maxWidth: '78ch', color: vars.color.text, lineHeight: 1.75, overflowWrap: 'anywhere', minWidth: 0 });
globalStyle(`${rich} > :first-child`, { marginTop: 0 });
globalStyle(`${rich} > :last-child`, { marginBottom: 0 });
globalStyle(`${rich} h1, ${rich} h2, ${rich} h3, ${rich} h4, ${rich} h5, ${rich} h6`, { margin: `${vars.space.xl} 0 ${vars.space.sm}`, fontWeight: 600, lineHeight: 1.35, color: vars.color.text });
globalStyle(`${rich} h1`, { fontSize: vars.fontSize.xl });
globalStyle(`${rich} h2`, { fontSize: '17px' });
globalStyle(`${rich} h3, ${rich} h4, ${rich} h5, ${rich} h6`, { fontSize: vars.fontSize.lg });
globalStyle(`${rich} p, ${rich} ul, ${rich} ol, ${rich} blockquote, ${rich} pre, ${rich} table, ${rich} figure`, { margin: `0 0 ${vars.space.md}` });
globalStyle(`${rich} p, ${rich} li`, { color: vars.color.text, fontSize: '14px' });
globalStyle(`${rich} ul, ${rich} ol`, { paddingInlineStart: '1.5em' });
globalStyle(`${rich} li + li`, { marginTop: vars.space.xs });
globalStyle(`${rich} li > ul, ${rich} li > ol`, { marginTop: vars.space.xs, marginBottom: 0 });
globalStyle(`${rich} a`, { color: vars.color.accent, textDecoration: 'underline', textUnderlineOffset: '2px' });
globalStyle(`${rich} a:hover`, { color: vars.color.accentHover });
globalStyle(`${rich} strong`, { fontWeight: 700 });
globalStyle(`${rich} hr`, { border: 'none', borderTop: `1px solid ${vars.color.border}`, margin: `${vars.space.xl} 0` });
globalStyle(`${rich} blockquote`, {
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderInlineStart: `3px solid ${vars.color.accent}`,
  background: vars.color.raised,
  borderRadius: `0 ${vars.radius.md} ${vars.radius.md} 0`,
  color: vars.color.muted,
});
globalStyle(`${rich} blockquote p`, { color: vars.color.muted });
globalStyle(`${rich} blockquote > :last-child`, { marginBottom: 0 });
globalStyle(`${rich} code`, {
  fontFamily: vars.font.mono,
  fontSize: '0.92em',
  padding: '1px 5px',
  borderRadius: vars.radius.sm,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
});
globalStyle(`${rich} pre`, {
  padding: vars.space.md,
  overflowX: 'auto',
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  lineHeight: 1.55,
});
globalStyle(`${rich} pre code`, { padding: 0, border: 'none', background: 'transparent', fontSize: vars.fontSize.md });
// A wide table scrolls inside the article instead of widening the page.
globalStyle(`${rich} table`, { display: 'block', maxWidth: '100%', overflowX: 'auto', borderCollapse: 'collapse', fontSize: vars.fontSize.md, fontVariantNumeric: 'tabular-nums' });
globalStyle(`${rich} th, ${rich} td`, { padding: `${vars.space.sm} ${vars.space.md}`, border: `1px solid ${vars.color.border}`, textAlign: 'start', verticalAlign: 'top' });
globalStyle(`${rich} th`, { background: vars.color.raised, fontWeight: 600, whiteSpace: 'nowrap' });
globalStyle(`${rich} tr:nth-child(even) td`, { background: 'rgba(255, 255, 255, 0.02)' });
globalStyle(`${rich} img`, { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` });

export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${vars.space.xs} ${vars.space.md}`, color: vars.color.faint, fontSize: vars.fontSize.sm });
export const fallback = style({ color: vars.color.faint, fontSize: vars.fontSize.sm, fontStyle: 'italic' });
export const error = style({ color: vars.color.down });

export const list = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' });
export const row = style({ selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } } });
export const rowLink = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  padding: `${vars.space.md} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  selectors: { '&:hover': { background: vars.color.hover, color: vars.color.text } },
  '@media': { [phone]: { gridTemplateColumns: '1fr' } },
});
export const rowTitle = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.sm, minWidth: 0, fontWeight: 600, fontSize: '14px' });
export const rowDate = style({ color: vars.color.faint, fontSize: vars.fontSize.sm, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const rowSummary = style({
  gridColumn: '1 / -1',
  color: vars.color.muted,
  fontSize: vars.fontSize.md,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const pin = style({
  flexShrink: 0,
  padding: '1px 6px',
  borderRadius: vars.radius.sm,
  background: 'rgba(240, 185, 11, 0.14)',
  color: vars.color.warn,
  fontSize: vars.fontSize.xs,
  fontWeight: 700,
});
export const unreadDot = style({ flexShrink: 0, width: '7px', height: '7px', borderRadius: '50%', background: vars.color.accent, alignSelf: 'center' });
export const pagerWrap = style({ marginTop: vars.space.sm });
