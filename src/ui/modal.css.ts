import { style } from '@vanilla-extract/css';
import { vars } from '../theme/tokens.css.ts';

export const backdrop = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.modal,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  background: vars.color.overlay,
});
export const dialog = style({
  width: 'min(440px, 100%)',
  maxHeight: '90vh',
  overflowY: 'auto',
  padding: vars.space.xl,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: '0 16px 48px rgba(0, 0, 0, 0.5)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  // The dialog itself takes the focus only when it has no control to give it to; its frame says where the focus is.
  outline: 'none',
});
export const title = style({ fontSize: vars.fontSize.lg, fontWeight: 700 });
export const actions = style({ display: 'flex', justifyContent: 'flex-end', gap: vars.space.sm });
