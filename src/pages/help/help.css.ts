import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const search = style({ maxWidth: '420px' });
export const links = style({ display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyle: 'none' });
export const link = style({
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  selectors: { '&:hover': { background: vars.color.hover, color: vars.color.text } },
});
export const linkTitle = style({ fontWeight: 600 });
export const linkSummary = style({
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});
export const count = style({ color: vars.color.faint, fontSize: vars.fontSize.sm, fontWeight: 400 });
