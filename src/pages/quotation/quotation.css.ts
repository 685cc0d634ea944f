import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';

export const coin = style({ fontWeight: 600 });
export const price = style({ fontFamily: vars.font.mono });
const badge = style({ display: 'inline-block', whiteSpace: 'nowrap', padding: '1px 8px', borderRadius: vars.radius.sm, fontSize: vars.fontSize.xs, fontWeight: 600 });
export const status = styleVariants({
  open: [badge, { color: vars.color.up, background: 'rgba(22, 199, 132, 0.12)' }],
  maintenance: [badge, { color: vars.color.warn, background: 'rgba(240, 185, 11, 0.12)' }],
  closed: [badge, { color: vars.color.muted, background: vars.color.hover }],
});
