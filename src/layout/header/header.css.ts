import { style } from '@vanilla-extract/css';
import { vars } from '../../theme/tokens.css.ts';
import { narrow, phone } from '../../theme/media.ts';

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  height: vars.size.header,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.lg,
  padding: `0 ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [phone]: { padding: `0 ${vars.space.md}`, gap: vars.space.sm } },
});

export const logo = style({
  display: 'flex',
  flexShrink: 0,
  alignItems: 'center',
  gap: vars.space.sm,
  color: vars.color.text,
  fontSize: vars.fontSize.lg,
  fontWeight: 800,
  letterSpacing: '0.02em',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { color: vars.color.text } },
});
// On a phone the mark alone stands for the name, leaving room for the sign-in buttons.
export const logoText = style({ '@media': { [phone]: { display: 'none' } } });
export const logoMark = style({
  width: '22px',
  height: '22px',
  borderRadius: vars.radius.sm,
  background: `linear-gradient(135deg, ${vars.color.accent}, ${vars.color.up})`,
});

export const nav = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  '@media': {
    [narrow]: {
      display: 'none',
      position: 'absolute',
      top: '100%',
      left: 0,
      right: 0,
      flexDirection: 'column',
      alignItems: 'stretch',
      padding: vars.space.sm,
      background: vars.color.surface,
      borderBottom: `1px solid ${vars.color.border}`,
    },
  },
});
export const navOpen = style({ '@media': { [narrow]: { display: 'flex' } } });

export const navLink = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.muted,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text, background: vars.color.hover },
    '&[data-status="active"]': { color: vars.color.text },
  },
});
export const narrowOnly = style({ display: 'none', '@media': { [narrow]: { display: 'block' } } });
export const wideOnly = style({ '@media': { [narrow]: { display: 'none' } } });
export const notOnPhone = style({ '@media': { [phone]: { display: 'none' } } });

export const spacer = style({ flex: 1 });
export const right = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minWidth: 0 });

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  height: '32px',
  minWidth: '32px',
  padding: `0 ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.muted,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: { '&:hover': { color: vars.color.text, background: vars.color.hover } },
});

// Hover panels (user menu, language menu): the panel hangs from its wrapper with no gap, so moving the pointer
// from the trigger into the panel never leaves the wrapper.
export const dropWrap = style({ position: 'relative', display: 'flex', alignItems: 'center', height: vars.size.header });
export const dropPanel = style({
  display: 'none',
  position: 'absolute',
  top: '100%',
  right: 0,
  zIndex: vars.z.menu,
  minWidth: '220px',
  maxWidth: 'calc(100vw - 16px)',
  padding: vars.space.sm,
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 12px 32px rgba(0, 0, 0, 0.5)',
});
export const hoverPanel = style([
  dropPanel,
  { selectors: { [`${dropWrap}:hover &, ${dropWrap}:focus-within &`]: { display: 'block' } } },
]);
export const panelOpen = style({ display: 'block' });
export const panelGroup = style({
  display: 'flex',
  flexDirection: 'column',
  padding: `${vars.space.xs} 0`,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});
export const panelLabel = style({ padding: `${vars.space.xs} ${vars.space.md}`, color: vars.color.faint, fontSize: vars.fontSize.xs, textTransform: 'uppercase', letterSpacing: '0.04em' });
export const panelItem = style({
  display: 'block',
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  textAlign: 'start',
  fontSize: vars.fontSize.md,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.hover, color: vars.color.text }, '&[aria-current="true"]': { color: vars.color.accent } },
});
// Declared after iconButton so its display rule wins on the same element.
export const menuButton = style({
  display: 'none',
  '@media': { [narrow]: { display: 'inline-flex' } },
});
export const trigger = style([iconButton, { color: vars.color.text, maxWidth: '180px' }]);
export const triggerText = style({ overflow: 'hidden', textOverflow: 'ellipsis', '@media': { [phone]: { display: 'none' } } });
export const authButtons = style({ display: 'flex', gap: vars.space.xs, marginLeft: vars.space.xs, '@media': { [phone]: { marginLeft: 0 } } });

// The bell: the unread count on the icon, and its dropdown of the newest announcements.
export const bellButton = style([iconButton, { position: 'relative' }]);
export const badge = style({
  position: 'absolute',
  top: '1px',
  insetInlineEnd: '0px',
  minWidth: '16px',
  height: '16px',
  padding: '0 4px',
  borderRadius: '8px',
  background: vars.color.down,
  color: '#fff',
  fontSize: '10px',
  fontWeight: 700,
  lineHeight: '16px',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
  pointerEvents: 'none',
});
export const bellPanel = style({ width: '340px', padding: 0 });
export const bellHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  fontWeight: 600,
});
export const bellAction = style({
  border: 'none',
  background: 'transparent',
  color: vars.color.accent,
  fontSize: vars.fontSize.sm,
  cursor: 'pointer',
  padding: 0,
  selectors: { '&:disabled': { color: vars.color.faint, cursor: 'default' } },
});
export const bellError = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  borderLeft: `3px solid ${vars.color.down}`,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
});
export const bellItem = style({
  display: 'grid',
  gridTemplateColumns: '10px 1fr',
  gap: `2px ${vars.space.sm}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.text,
  selectors: { '&:hover': { background: vars.color.hover, color: vars.color.text }, '& + &': { borderTop: `1px solid ${vars.color.border}` } },
});
export const bellDot = style({ width: '7px', height: '7px', marginTop: '7px', borderRadius: '50%', selectors: { '&[data-unread="true"]': { background: vars.color.accent } } });
export const bellTitle = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 500, selectors: { '[data-read="true"] &': { color: vars.color.muted, fontWeight: 400 } } });
export const bellDate = style({ gridColumn: '2', color: vars.color.faint, fontSize: vars.fontSize.xs, fontVariantNumeric: 'tabular-nums' });
export const bellEmpty = style({ padding: `${vars.space.lg} ${vars.space.md}`, color: vars.color.faint, textAlign: 'center', fontSize: vars.fontSize.sm });
export const bellFoot = style({ display: 'block', padding: `${vars.space.sm} ${vars.space.md}`, borderTop: `1px solid ${vars.color.border}`, textAlign: 'center', fontSize: vars.fontSize.sm });
