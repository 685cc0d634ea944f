// The spot form's conditional kinds and the conditional orders table: a form body that lays out in the form's own
// column, an invalid field's outline, the trigger line, and the OCO list badge.
import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

/** A <form> whose children sit in the parent's flex column, so each kind's body shares the form's spacing. */
export const contents = style({ display: 'contents' });
export const invalid = style({ borderColor: vars.color.down });
export const hint = style({ color: vars.color.muted, fontSize: vars.fontSize.xs, lineHeight: 1.4 });
export const badge = style({
  display: 'inline-block',
  marginLeft: vars.space.xs,
  padding: '0 4px',
  border: `1px solid ${vars.color.warn}`,
  borderRadius: vars.radius.sm,
  color: vars.color.warn,
  fontSize: vars.fontSize.xs,
  lineHeight: '14px',
  whiteSpace: 'nowrap',
});
export const sub = style({ display: 'block', color: vars.color.muted, fontSize: vars.fontSize.xs, whiteSpace: 'nowrap' });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const bar = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, padding: `0 0 ${vars.space.xs}`, flexShrink: 0 });
