// The dock: splits laid out with flex (each child's grow factor is its size), 4 px splitters, tab groups with a
// compact strip, and the drop indicator shown while a tab is dragged.
import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../../theme/tokens.css.ts';

// The desk fills the window below the header and the page title, never shorter than a usable terminal.
export const dock = style({
  position: 'relative',
  display: 'flex',
  height: 'max(640px, calc(100vh - 140px))',
  minHeight: 0,
  fontSize: vars.fontSize.sm,
  userSelect: 'none',
});
globalStyle(`${dock} input, ${dock} select, ${dock} textarea`, { userSelect: 'text' });

export const split = styleVariants({
  row: { display: 'flex', flexDirection: 'row', minWidth: 0, minHeight: 0 },
  column: { display: 'flex', flexDirection: 'column', minWidth: 0, minHeight: 0 },
});

const splitterBase = style({
  flex: '0 0 4px',
  position: 'relative',
  background: 'transparent',
  touchAction: 'none',
  outline: 'none',
  zIndex: 1,
  selectors: {
    '&:hover, &:focus-visible, &[data-active="true"]': { background: vars.color.accent },
  },
});
export const splitter = styleVariants({
  row: [splitterBase, { cursor: 'col-resize' }],
  column: [splitterBase, { cursor: 'row-resize' }],
});

export const group = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  minHeight: 0,
  overflow: 'hidden',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
});

export const strip = style({
  display: 'flex',
  alignItems: 'stretch',
  flex: '0 0 28px',
  minWidth: 0,
  background: '#0f1318',
  borderBottom: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
// Tabs keep their names; the panel's controls give way first when the strip is short.
export const tabs = style({ display: 'flex', alignItems: 'stretch', minWidth: 0, maxWidth: '75%', overflow: 'hidden', flexShrink: 0 });
export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '6px',
  padding: '0 4px 0 10px',
  minWidth: 0,
  whiteSpace: 'nowrap',
  color: vars.color.muted,
  fontWeight: 600,
  fontSize: vars.fontSize.xs,
  cursor: 'grab',
  borderRight: `1px solid ${vars.color.border}`,
  touchAction: 'none',
  outline: 'none',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
    '&[aria-selected="true"]': { color: vars.color.text, background: vars.color.surface, boxShadow: `inset 0 2px 0 ${vars.color.accent}` },
  },
});
export const tabLabel = style({ overflow: 'hidden', textOverflow: 'ellipsis' });
export const tabSymbol = style({ color: vars.color.warn, fontWeight: 500 });
const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '18px',
  height: '18px',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.sm,
  background: 'none',
  color: vars.color.faint,
  cursor: 'pointer',
  font: 'inherit',
  lineHeight: 1,
  flexShrink: 0,
  selectors: { '&:hover, &:focus-visible': { color: vars.color.text, background: vars.color.hover } },
});
export const close = style([iconButton, { fontSize: '14px' }]);
export const more = style([iconButton, { fontSize: '13px', margin: 'auto 4px auto 2px', letterSpacing: '1px' }]);
export const fill = style({ flex: '1 1 0', minWidth: '8px' });
// The active panel's own controls (grouping select, view buttons) sit at the right end of the strip.
// Too short a strip scrolls its controls sideways (wheel or trackpad) rather than losing them.
export const slot = style({ display: 'flex', alignItems: 'center', gap: '6px', paddingInline: '6px', minWidth: 0, flexShrink: 1, overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'none' });
globalStyle(`${slot} > *`, { flexShrink: 0 });
export const picker = style({
  background: vars.color.raised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  padding: '1px 2px',
  margin: 'auto 0 auto 6px',
  maxWidth: '96px',
  flexShrink: 0,
});

export const body = style({ position: 'relative', flex: '1 1 0', minHeight: 0, minWidth: 0, display: 'flex', flexDirection: 'column' });
// Whatever a panel renders at its top (a SpotPanel's section, the account strip's section) fills the leaf.
globalStyle(`${body} > *`, { flex: '1 1 auto', minHeight: 0, minWidth: 0 });
globalStyle(`${body} > section`, { border: 0, borderRadius: 0, background: 'transparent' });

export const docked = style({ display: 'flex', flexDirection: 'column', minHeight: 0, minWidth: 0, overflow: 'hidden' });
// A rich title (the chart's market summary) keeps one line under the tab strip, cut at the leaf's edge, with the
// panel's controls at its end.
export const dockedHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  rowGap: '2px',
  flexWrap: 'wrap',
  padding: `4px ${vars.space.sm}`,
  whiteSpace: 'nowrap',
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.muted,
  fontWeight: 600,
  flexShrink: 0,
  minWidth: 0,
  overflow: 'hidden',
});

export const empty = style({ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: vars.color.muted, padding: vars.space.lg, textAlign: 'center' });

export const indicator = style({
  position: 'absolute',
  zIndex: 5,
  pointerEvents: 'none',
  background: 'rgba(61, 139, 253, 0.16)',
  border: `2px solid ${vars.color.accent}`,
  borderRadius: vars.radius.sm,
  transition: 'all 80ms ease-out',
});
export const ghost = style({
  position: 'fixed',
  zIndex: vars.z.menu,
  pointerEvents: 'none',
  padding: '3px 10px',
  background: vars.color.raised,
  color: vars.color.text,
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  boxShadow: '0 4px 16px rgba(0,0,0,0.5)',
  transform: 'translate(12px, 10px)',
});
export const dragging = style({ cursor: 'grabbing' });
globalStyle(`${dragging} *`, { cursor: 'grabbing !important' });

export const toolbar = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, position: 'relative' });
export const toolButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '4px',
  height: '28px',
  padding: '0 10px',
  background: vars.color.raised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.fontSize.xs,
  fontWeight: 600,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.hover }, '&[aria-expanded="true"]': { borderColor: vars.color.accent } },
});
export const menu = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  right: 0,
  zIndex: vars.z.menu,
  minWidth: '240px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  padding: '6px',
  background: vars.color.raised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 8px 24px rgba(0,0,0,0.55)',
  fontSize: vars.fontSize.sm,
});
export const menuLeft = style({ left: 0, right: 'auto' });
export const menuFixed = style({ position: 'fixed' });
export const menuTitle = style({ padding: '4px 8px 2px', color: vars.color.faint, fontSize: vars.fontSize.xs, fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em' });
export const menuItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: '6px',
  padding: '5px 8px',
  background: 'none',
  border: 0,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: { '&:hover, &:focus-visible': { background: vars.color.hover, outline: 'none' }, '&:disabled': { color: vars.color.faint, cursor: 'default', background: 'none' } },
});
export const menuNote = style({ padding: '4px 8px', color: vars.color.muted, fontSize: vars.fontSize.xs });
export const menuRow = style({ display: 'flex', alignItems: 'center', gap: '6px', padding: '4px 8px' });
export const menuSep = style({ height: '1px', background: vars.color.border, margin: '4px 0' });
globalStyle(`${dockedHead} > *`, { flexShrink: 0 });
// At least 180 px of the summary (the market and its last price); narrower, the controls go to a second line.
export const dockedTitle = style({
  flex: '1 1 180px',
  minWidth: 0,
  overflow: 'hidden',
  maskImage: 'linear-gradient(to right, #000 calc(100% - 24px), transparent)',
});
// Element and class outrank the title's own wrapping class.
globalStyle(`${dockedTitle} > span`, { flexWrap: 'nowrap' });
