// The dock's operations, pure and generic in the panel kinds: each takes a layout and returns the next one (the
// same object when nothing changes). Only placing a panel that is not open (restore, add) needs the screen, for
// its kinds' home places. The UI (Dock.tsx) only calls these; the tree is kept tidy by normalize after every change.
import type { DockScreen } from './screen.ts';
import { findNode, freshId, groupOf, groups, mapNode, normalize, openPanels } from './tree.ts';
import {
  MAX_CLOSED, MAX_PANELS, type Direction, type DockNode, type Edge, type GroupNode, type Layout, type PanelRef, type SplitNode, type Zone,
} from './types.ts';

/** A tab group of `panels`, the first one shown (for default layouts). */
export const group = <K extends string>(id: string, ...panels: PanelRef<K>[]): GroupNode<K> => ({ type: 'group', id, panels, active: panels[0]?.id ?? '' });
/** The one panel of `kind` a default layout holds, its id the kind's name. */
export const panel = <K extends string>(kind: K): PanelRef<K> => ({ id: kind, kind });
/** A split of `children` (for default layouts); `sizes` has one fraction per child, summing to 1. */
export const split = <K extends string>(id: string, dir: Direction, sizes: number[], ...children: DockNode<K>[]): SplitNode<K> => ({ type: 'split', id, dir, sizes, children });

/** The node at `targetId` split in two along `edge`, the new group taking `share` of its place. */
function splitAt<K extends string>(layout: Layout<K>, root: DockNode<K>, targetId: string, edge: Edge, added: GroupNode<K>, share: number): DockNode<K> {
  const id = freshId(layout, 's', [added.id]);
  const dir = edge === 'left' || edge === 'right' ? 'row' : 'column';
  const first = edge === 'left' || edge === 'top';
  return mapNode(root, targetId, (target) => ({
    type: 'split',
    id,
    dir,
    children: first ? [added, target] : [target, added],
    sizes: first ? [share, 1 - share] : [1 - share, share],
  }));
}

const withRoot = <K extends string>(layout: Layout<K>, root: DockNode<K>, closed = layout.closed): Layout<K> => ({ ...layout, root: normalize(root), closed });

const without = <K extends string>(root: DockNode<K>, panelId: string): DockNode<K> => {
  const source = groupOf(root, panelId);
  return source ? mapNode(root, source.id, (g) => (g.type === 'group' ? { ...g, panels: g.panels.filter((p) => p.id !== panelId) } : g)) : root;
};

/**
 * Moves a panel: `center` makes it a tab of the target group (at `index`, default last), an edge splits the
 * target (a group, or any split such as the root for a whole side of the desk) and gives the panel a group of its
 * own on that side.
 */
export function movePanel<K extends string>(layout: Layout<K>, panelId: string, targetId: string, zone: Zone, index?: number): Layout<K> {
  const source = groupOf(layout.root, panelId);
  const target = findNode(layout.root, targetId);
  const moved = source?.panels.find((p) => p.id === panelId);
  if (!source || !target || !moved || (zone === 'center' && target.type !== 'group')) return layout;
  // A lone panel dropped on its own group's edge would land where it is.
  if (zone !== 'center' && source.id === target.id && source.panels.length === 1) return layout;
  let root = without(layout.root, panelId);
  if (zone === 'center') {
    root = mapNode(root, target.id, (g) => {
      if (g.type !== 'group') return g;
      const panels = [...g.panels];
      panels.splice(Math.min(Math.max(index ?? panels.length, 0), panels.length), 0, moved);
      return { ...g, panels, active: moved.id };
    });
  } else {
    // Along a whole side of the desk the panel takes a quarter; beside one group, half of that group.
    const share = target.id === layout.root.id && target.type === 'split' ? 0.25 : 0.5;
    root = splitAt(layout, root, target.id, zone, group(freshId(layout, 'g'), moved), share);
  }
  return withRoot(layout, root);
}

/**
 * Moves the divider `handle` (between child handle and handle + 1) of a split by `delta` (a fraction of the
 * split), keeping both sides at least `min` (a fraction too).
 */
export function resize<K extends string>(layout: Layout<K>, splitId: string, handle: number, delta: number, min = 0.05): Layout<K> {
  let changed = false;
  const root = mapNode(layout.root, splitId, (n) => {
    if (n.type !== 'split') return n;
    const a = n.sizes[handle];
    const b = n.sizes[handle + 1];
    if (a === undefined || b === undefined || !Number.isFinite(delta)) return n;
    const total = a + b;
    const floor = Math.min(min, total / 2);
    const next = Math.min(Math.max(a + delta, floor), total - floor);
    if (next === a) return n;
    changed = true;
    const sizes = [...n.sizes];
    sizes[handle] = next;
    sizes[handle + 1] = total - next;
    return { ...n, sizes };
  });
  return changed ? { ...layout, root } : layout;
}

export function activate<K extends string>(layout: Layout<K>, panelId: string): Layout<K> {
  const g = groupOf(layout.root, panelId);
  if (!g || g.active === panelId) return layout;
  return { ...layout, root: mapNode(layout.root, g.id, (n) => ({ ...n, active: panelId })) };
}

/** Closes a panel; it waits in `closed` (newest last, at most MAX_CLOSED) to be restored. */
export function closePanel<K extends string>(layout: Layout<K>, panelId: string): Layout<K> {
  const closing = groupOf(layout.root, panelId)?.panels.find((p) => p.id === panelId);
  if (!closing) return layout;
  return withRoot(layout, without(layout.root, panelId), [...layout.closed, closing].slice(-MAX_CLOSED));
}

const groupWith = <K extends string>(root: DockNode<K>, test: (p: PanelRef<K>) => boolean) => groups(root).find((g) => g.panels.some(test)) ?? null;

/**
 * Places a panel that is not open: beside a panel of its kind (on the kind's `stack` side, so a chart goes under
 * the chart), to the right of another market panel of the same market (so several markets sit side by side), else
 * next to the panel it belongs with, else along its home edge of the whole desk; an empty desk just takes it.
 */
function place<K extends string>(screen: DockScreen<K>, layout: Layout<K>, added: PanelRef<K>): Layout<K> {
  const root = layout.root;
  const fresh = group(freshId(layout, 'g', [added.id]), added);
  if (root.type === 'group' && root.panels.length === 0) return withRoot(layout, { ...fresh, id: root.id });
  const home = screen.home[added.kind];
  const sameMarket = added.symbol
    ? groupWith(root, (p) => p.symbol === added.symbol && p.kind !== added.kind && screen.symbolKinds.includes(p.kind))
    : null;
  if (sameMarket) return withRoot(layout, splitAt(layout, root, sameMarket.id, 'right', fresh, 0.4));
  const sameKind = groupWith(root, (p) => p.kind === added.kind);
  if (sameKind) return withRoot(layout, splitAt(layout, root, sameKind.id, home.stack ?? 'right', fresh, 0.5));
  const buddy = home.beside ? groupWith(root, (p) => p.kind === home.beside) : null;
  if (buddy) return withRoot(layout, splitAt(layout, root, buddy.id, home.edge === 'left' ? 'left' : 'right', fresh, 0.5));
  return withRoot(layout, splitAt(layout, root, root.id, home.edge, fresh, home.share));
}

export function restorePanel<K extends string>(screen: DockScreen<K>, layout: Layout<K>, panelId: string): Layout<K> {
  const restored = layout.closed.find((p) => p.id === panelId);
  if (!restored || openPanels(layout).length >= MAX_PANELS) return layout;
  return place(screen, { ...layout, closed: layout.closed.filter((p) => p.id !== panelId) }, restored);
}

/** A new panel of `kind`; with `symbol` it shows that market instead of the page's. */
export function addPanel<K extends string>(screen: DockScreen<K>, layout: Layout<K>, kind: K, symbol?: string): Layout<K> {
  if (openPanels(layout).length >= MAX_PANELS) return layout;
  return place(screen, layout, symbol ? { id: freshId(layout, 'p'), kind, symbol } : { id: freshId(layout, 'p'), kind });
}

/** Gives a panel its own market, or (undefined) makes it follow the page's again. */
export function setPanelSymbol<K extends string>(layout: Layout<K>, panelId: string, symbol: string | undefined): Layout<K> {
  const g = groupOf(layout.root, panelId);
  if (!g) return layout;
  const panels = g.panels.map((p) => {
    if (p.id !== panelId) return p;
    const { symbol: _old, ...rest } = p;
    return symbol ? { ...rest, symbol } : rest;
  });
  return { ...layout, root: mapNode(layout.root, g.id, (n) => ({ ...n, panels })) };
}
