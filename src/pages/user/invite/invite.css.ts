// The invitation panel: the figures in a row of tiles, the poster beside its actions, the two tables.
import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/tokens.css.ts';
import { narrow } from '../../../theme/media.ts';

export const top = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) 220px',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
});
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
  gap: vars.space.md,
  marginTop: vars.space.lg,
});
export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: vars.space.md,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
});
export const statLabel = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const statValue = style({ fontSize: vars.fontSize.xl, fontWeight: 700, fontFamily: vars.font.mono, wordBreak: 'break-all' });
export const statSmall = style({ fontSize: vars.fontSize.md, lineHeight: 1.6 });
export const statAmount = style({ fontFamily: vars.font.mono });
export const poster = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, alignItems: 'stretch' });
export const posterTitle = style({ color: vars.color.muted, fontSize: vars.fontSize.sm });
export const posterImage = style({
  width: '100%',
  aspectRatio: '750 / 1334',
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.raised,
  display: 'block',
});
export const posterActions = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space.sm });
export const section = style({
  marginTop: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
});
export const sectionHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' });
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: 600 });
export const note = style({ margin: 0, color: vars.color.muted, fontSize: vars.fontSize.sm });
export const num = style({ fontFamily: vars.font.mono });
