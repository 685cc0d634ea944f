import { style } from '@vanilla-extract/css';
import { vars } from '../theme/tokens.css.ts';

export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: 'none',
  border: 'none',
  borderBottom: '2px solid transparent',
  marginBottom: '-1px',
  color: vars.color.muted,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-selected="true"]': { color: vars.color.text, borderBottomColor: vars.color.accent },
  },
});
