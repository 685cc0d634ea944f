// /myassets: the totals, the account cards, the coin table's toolbar and its row actions.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const totals = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: `${vars.space.xs} ${vars.space.lg}` });
export const totalUsdt = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });
export const unit = style({ fontSize: vars.fontSize.md, fontWeight: 600, color: vars.color.muted, marginLeft: vars.space.xs });
export const totalBtc = style({ fontSize: vars.fontSize.lg, color: vars.color.muted, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });
export const warn = style({ color: vars.color.warn, fontSize: vars.fontSize.sm });

export const cards = style({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: vars.space.sm });
export const card = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&:hover': { borderColor: vars.color.faint },
    '&[aria-pressed="true"]': { borderColor: vars.color.accent },
    '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '1px' },
  },
});
export const cardName = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const cardValue = style({ fontFamily: vars.font.mono, fontWeight: 600, fontVariantNumeric: 'tabular-nums' });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: `${vars.space.sm} ${vars.space.lg}` });
export const search = style({
  width: '200px',
  maxWidth: '100%',
  height: '30px',
  padding: `0 ${vars.space.md}`,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.sm,
  outline: 'none',
  selectors: { '&:focus': { borderColor: vars.color.accent }, '&::placeholder': { color: vars.color.faint } },
});
export const check = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.muted, fontSize: vars.fontSize.sm, cursor: 'pointer' });
export const checkbox = style({ accentColor: vars.color.accent });
export const spacer = style({ flex: '1 1 auto' });
export const subtotal = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const subtotalValue = style({ color: vars.color.text, fontFamily: vars.font.mono, fontVariantNumeric: 'tabular-nums' });

export const coin = style({ fontWeight: 600 });
export const num = style({ fontFamily: vars.font.mono, whiteSpace: 'nowrap' });
export const zero = style({ color: vars.color.faint });
export const actions = style({ display: 'inline-flex', gap: vars.space.md, justifyContent: 'flex-end', whiteSpace: 'nowrap' });
export const action = style({
  padding: 0,
  background: 'none',
  border: 'none',
  color: vars.color.accent,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: { '&:hover': { color: vars.color.accentHover, textDecoration: 'underline' }, '&:focus-visible': { outline: `2px solid ${vars.color.accent}`, outlineOffset: '2px' } },
});
export const statusDone = style({ color: vars.color.up });
export const statusPending = style({ color: vars.color.warn });
/** A paged list filling a panel's body: the table takes what the pager leaves. */
export const pagedFill = style({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', height: '100%', minHeight: 0 });
