import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme/tokens.css.ts';
import { narrow } from '../../../theme/media.ts';

export const rows = style({ display: 'flex', flexDirection: 'column' });
export const row = style({
  display: 'grid',
  // The button column has one width in every row, so the states line up (the identity row has no button).
  gridTemplateColumns: 'minmax(140px, 1fr) minmax(0, 2fr) 112px',
  gridTemplateAreas: '"label status button"',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&:last-child': { borderBottom: 'none' } },
  '@media': { [narrow]: { gridTemplateColumns: 'minmax(0, 1fr) auto', gridTemplateAreas: '"label button" "status status"' } },
});
export const label = style({ fontWeight: 600, gridArea: 'label' });
export const button = style({ justifySelf: 'end', gridArea: 'button' });
export const status = style({ color: vars.color.muted, minWidth: 0, overflowWrap: 'anywhere', gridArea: 'status' });
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });
export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end' });
export const refusal = style({ color: vars.color.down, margin: 0 });
export const note = style({ color: vars.color.muted, fontSize: vars.fontSize.sm, margin: 0 });
export const lock = style({ color: vars.color.warn, margin: `0 0 ${vars.space.md}` });
export const missing = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const chip = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  background: vars.color.raised,
  color: vars.color.muted,
  fontSize: vars.fontSize.sm,
});
export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: 600, margin: `${vars.space.lg} 0 ${vars.space.sm}` });
export const toolbar = style({ display: 'flex', justifyContent: 'flex-end', marginBottom: vars.space.sm });
export const current = style({ color: vars.color.up, fontSize: vars.fontSize.sm, marginLeft: vars.space.sm });
export const failed = style({ color: vars.color.down });
export const okText = style({ color: vars.color.up });
