import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/tokens.css.ts';

const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  minHeight: vars.size.field,
  padding: `0 ${vars.space.lg}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  fontSize: vars.fontSize.md,
  fontWeight: 600,
  lineHeight: 1.2,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  transition: 'background-color 120ms, border-color 120ms, color 120ms',
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const button = styleVariants({
  primary: [base, { background: vars.color.accent, color: vars.color.onAccent, selectors: { '&:hover:not(:disabled)': { background: vars.color.accentHover, color: vars.color.onAccent } } }],
  secondary: [base, { background: vars.color.raised, color: vars.color.text, borderColor: vars.color.border, selectors: { '&:hover:not(:disabled)': { background: vars.color.hover, color: vars.color.text } } }],
  ghost: [base, { background: 'transparent', color: vars.color.muted, selectors: { '&:hover:not(:disabled)': { color: vars.color.text, background: vars.color.hover } } }],
  up: [base, { background: vars.color.up, color: '#04140d', selectors: { '&:hover:not(:disabled)': { filter: 'brightness(1.1)' } } }],
  down: [base, { background: vars.color.down, color: vars.color.onAccent, selectors: { '&:hover:not(:disabled)': { filter: 'brightness(1.1)' } } }],
});

export const small = style({ minHeight: '28px', padding: `0 ${vars.space.md}`, fontSize: vars.fontSize.sm });
export const block = style({ width: '100%' });
