import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const stack = style({
  position: 'fixed',
  top: `calc(${vars.size.header} + ${vars.space.md})`,
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: vars.z.notice,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  width: 'min(420px, calc(100vw - 32px))',
  pointerEvents: 'none',
});
const toast = style({
  pointerEvents: 'auto',
  maxWidth: '100%',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.raised,
  boxShadow: '0 8px 24px rgba(0, 0, 0, 0.45)',
  fontSize: vars.fontSize.md,
  borderLeftWidth: '3px',
});
export const notice = styleVariants({
  error: [toast, { borderLeftColor: vars.color.down }],
  success: [toast, { borderLeftColor: vars.color.up }],
  info: [toast, { borderLeftColor: vars.color.accent }],
});
export const alertText = style({ color: vars.color.muted });
