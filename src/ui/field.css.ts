import { style } from '@vanilla-extract/css';
import { vars } from '../theme/tokens.css.ts';

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const label = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const row = style({ display: 'flex', gap: vars.space.sm, alignItems: 'stretch' });
export const input = style({
  // Grows beside an addon in a row; in the column layout its own height holds.
  flex: '1 1 auto',
  minWidth: 0,
  height: vars.size.field,
  padding: `0 ${vars.space.md}`,
  background: vars.color.bg,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  outline: 'none',
  selectors: {
    '&:focus': { borderColor: vars.color.accent },
    '&[aria-invalid="true"]': { borderColor: vars.color.down },
    '&::placeholder': { color: vars.color.faint },
    '&:disabled': { opacity: 0.6 },
  },
});
export const textarea = style([input, { height: 'auto', minHeight: '120px', padding: vars.space.md, resize: 'vertical' }]);
export const error = style({ color: vars.color.down, fontSize: vars.fontSize.sm });
export const hint = style({ color: vars.color.faint, fontSize: vars.fontSize.sm });
export const check = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, fontSize: vars.fontSize.sm, color: vars.color.muted });
export const checkbox = style({ marginTop: '3px', accentColor: vars.color.accent });
