import { style } from '@vanilla-extract/css';
import { vars } from '../theme/tokens.css.ts';

export const empty = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  color: vars.color.faint,
  fontSize: vars.fontSize.sm,
  textAlign: 'center',
});
