import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { phone } from '../../theme/media.ts';

export const wrap = style({
  flex: 1,
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'flex-start',
  padding: `${vars.space.xxl} ${vars.space.lg}`,
  '@media': { [phone]: { padding: `${vars.space.lg} ${vars.space.md}` } },
});
export const card = style({
  width: 'min(440px, 100%)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
});
export const title = style({ fontSize: vars.fontSize.xl, fontWeight: 700 });
export const sub = style({ color: vars.color.muted });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg });
export const links = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space.sm, fontSize: vars.fontSize.sm });
export const codeButton = style({ minWidth: '112px' });
/** A notice inside the form: why a code is asked for, or why the form must wait. */
export const formNotice = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.raised,
  fontSize: vars.fontSize.sm,
  lineHeight: 1.5,
  overflowWrap: 'anywhere',
});
export const formNoticeWarn = style([formNotice, { borderColor: vars.color.warn }]);
/** "or" between the password form and the passkey sign-in, on a rule. */
export const divider = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  color: vars.color.faint,
  fontSize: vars.fontSize.sm,
  selectors: { '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${vars.color.border}` } },
});
