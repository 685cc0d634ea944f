import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/tokens.css.ts';
import { narrow } from '../../../theme/media.ts';

/** One second factor: what it is and its state on the left, its action on the right. */
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-of-type': { borderBottom: 'none' } },
  '@media': { [narrow]: { flexDirection: 'column', alignItems: 'stretch' } },
});
export const rowText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 });
export const rowTitle = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontWeight: 600, fontSize: vars.fontSize.lg });
export const rowNote = style({ color: vars.color.muted, fontSize: vars.fontSize.md, lineHeight: 1.5 });
export const badgeOn = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.up });
export const badgeOff = style({ fontSize: vars.fontSize.sm, fontWeight: 600, color: vars.color.warn });
export const list = style({ marginTop: vars.space.sm });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 });
export const steps = style({ margin: 0, paddingLeft: vars.space.xl, color: vars.color.muted, lineHeight: 1.6, fontSize: vars.fontSize.md });
export const qrBox = style({ display: 'flex', justifyContent: 'center' });
/** The QR code on white, as authenticator apps read best. */
export const qr = style({ width: '200px', height: '200px', padding: vars.space.sm, background: '#ffffff', borderRadius: vars.radius.md });
export const secretRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const secret = style({
  flex: 1,
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.md,
  letterSpacing: '0.08em',
  wordBreak: 'break-all',
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  userSelect: 'all',
});
export const refusal = style({ margin: 0, color: vars.color.down, fontSize: vars.fontSize.md });
export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end' });
