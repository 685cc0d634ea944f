// The orders page and the order tables shared with the spot terminal.
import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const nowrap = style({ whiteSpace: 'nowrap' });
export const buy = style({ color: vars.color.up, whiteSpace: 'nowrap' });
export const sell = style({ color: vars.color.down, whiteSpace: 'nowrap' });
export const status = styleVariants({
  pending: { color: vars.color.warn, whiteSpace: 'nowrap' },
  completed: { color: vars.color.up, whiteSpace: 'nowrap' },
  cancelled: { color: vars.color.muted, whiteSpace: 'nowrap' },
});
export const link = style({
  background: 'none',
  border: 0,
  color: vars.color.accent,
  cursor: 'pointer',
  font: 'inherit',
  padding: 0,
  whiteSpace: 'nowrap',
  selectors: { '&:disabled': { color: vars.color.faint, cursor: 'default' } },
});

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md, margin: `${vars.space.md} 0` });
export const filter = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.muted, fontSize: vars.fontSize.sm, whiteSpace: 'nowrap' });
export const select = style({
  background: vars.color.raised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.sm,
  height: '30px',
  padding: `0 ${vars.space.sm}`,
});
export const spacer = style({ flex: 1 });
export const error = style({ color: vars.color.down, padding: `${vars.space.sm} 0`, fontSize: vars.fontSize.sm });

export const pager = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, marginTop: vars.space.md, fontSize: vars.fontSize.sm, color: vars.color.muted });
export const pageButton = style({
  minWidth: '30px',
  height: '30px',
  padding: `0 ${vars.space.sm}`,
  background: vars.color.raised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  font: 'inherit',
  whiteSpace: 'nowrap',
  selectors: { '&:disabled': { color: vars.color.faint, cursor: 'default' } },
});
export const pageOn = style([pageButton, { background: vars.color.accent, borderColor: vars.color.accent, color: vars.color.onAccent }]);
export const gap = style({ padding: `0 ${vars.space.xs}` });

// Panels in the spot terminal: the list fills the body under an optional one-line bar.
export const panelList = style({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', height: '100%', minHeight: 0 });
export const panelBar = style({ display: 'flex', justifyContent: 'flex-end', padding: `0 0 ${vars.space.xs}`, flexShrink: 0 });
export const loading = style({ color: vars.color.muted, padding: vars.space.xl, textAlign: 'center', fontSize: vars.fontSize.sm });
