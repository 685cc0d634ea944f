// The dock's data: a tree of splits whose leaves are tab groups of panels, generic in the screen's panel kinds K.
// Plain JSON, so a layout can be stored on the device and on the server as it is, and checked again when read back
// against its own screen's kinds (validate.ts).

export const LAYOUT_VERSION = 1;
/** Bounds a stored layout must keep, so a tampered one cannot make the page build thousands of panels. */
export const MAX_PANELS = 24;
export const MAX_DEPTH = 6;
export const MAX_CLOSED = 12;

export type Edge = 'left' | 'right' | 'top' | 'bottom';
export type Zone = Edge | 'center';
export type Direction = 'row' | 'column';

export interface PanelRef<K extends string> {
  id: string;
  kind: K;
  /** The panel's own market; absent = follows the page's ?symbol=. */
  symbol?: string;
}

export interface GroupNode<K extends string> {
  type: 'group';
  id: string;
  panels: PanelRef<K>[];
  /** Id of the panel shown; one of `panels` (any value while the group is empty). */
  active: string;
}

export interface SplitNode<K extends string> {
  type: 'split';
  id: string;
  /** row: children side by side; column: stacked. */
  dir: Direction;
  children: DockNode<K>[];
  /** One fraction per child, summing to 1. */
  sizes: number[];
}

export type DockNode<K extends string> = GroupNode<K> | SplitNode<K>;

export interface Layout<K extends string> {
  version: typeof LAYOUT_VERSION;
  root: DockNode<K>;
  /** Closed panels, newest last, so the Panels menu can bring them back. */
  closed: PanelRef<K>[];
}
