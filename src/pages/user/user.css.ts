import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { narrow } from '../../theme/media.ts';

export const shell = style({
  width: '100%',
  maxWidth: vars.size.content,
  margin: '0 auto',
  display: 'grid',
  gridTemplateColumns: '200px minmax(0, 1fr)',
  gap: vars.space.lg,
  padding: `${vars.space.xl} ${vars.space.xl} 0`,
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: `${vars.space.lg} ${vars.space.md} 0` } },
});
export const side = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  alignSelf: 'start',
  padding: vars.space.sm,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  '@media': { [narrow]: { flexDirection: 'row', overflowX: 'auto' } },
});
export const sideLink = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.muted,
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.hover },
    '&[data-status="active"]': { color: vars.color.text, background: vars.color.hover },
  },
});
// Pages inside the shell bring their own padding; the shell already frames them.
export const content = style({ minWidth: 0, display: 'flex', flexDirection: 'column' });
export const level = style({ fontWeight: 600 });
export const ok = style({ color: vars.color.up });
export const warn = style({ color: vars.color.warn });
export const copyRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, minWidth: 0 });
export const mono = style({ fontFamily: vars.font.mono, wordBreak: 'break-all' });
export const total = style({ fontSize: vars.fontSize.xxl, fontWeight: 700, fontFamily: vars.font.mono });
export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: vars.space.lg,
  alignItems: 'end',
});
