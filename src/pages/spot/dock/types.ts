// The dock's data: a tree of splits whose leaves are tab groups of panels. Plain JSON, so a layout can be stored
// on the device and on the server as it is, and checked again when read back (validate.ts).

export const PANEL_KINDS = ['markets', 'chart', 'book', 'trades', 'entry', 'account'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];
/** Kinds that can show another market than the page's (several markets side by side). */
export const SYMBOL_KINDS: readonly PanelKind[] = ['chart', 'book', 'trades'];

export const LAYOUT_VERSION = 1;
/** Bounds a stored layout must keep, so a tampered one cannot make the page build thousands of panels. */
export const MAX_PANELS = 24;
export const MAX_DEPTH = 6;
export const MAX_CLOSED = 12;

export type Edge = 'left' | 'right' | 'top' | 'bottom';
export type Zone = Edge | 'center';
export type Direction = 'row' | 'column';

export interface PanelRef {
  id: string;
  kind: PanelKind;
  /** The panel's own market; absent = follows the page's ?symbol=. */
  symbol?: string;
}

export interface GroupNode {
  type: 'group';
  id: string;
  panels: PanelRef[];
  /** Id of the panel shown; one of `panels` (any value while the group is empty). */
  active: string;
}

export interface SplitNode {
  type: 'split';
  id: string;
  /** row: children side by side; column: stacked. */
  dir: Direction;
  children: DockNode[];
  /** One fraction per child, summing to 1. */
  sizes: number[];
}

export type DockNode = GroupNode | SplitNode;

export interface Layout {
  version: typeof LAYOUT_VERSION;
  root: DockNode;
  /** Closed panels, newest last, so the Panels menu can bring them back. */
  closed: PanelRef[];
}
