// Walking and tidying the dock tree. Every operation rebuilds the nodes it touches (layouts are immutable values,
// so React sees a new object and stored copies never change under it).
import type { DockNode, GroupNode, Layout, PanelRef } from './types.ts';

export function groups<K extends string>(node: DockNode<K>): GroupNode<K>[] {
  return node.type === 'group' ? [node] : node.children.flatMap(groups);
}

export const openPanels = <K extends string>(layout: Layout<K>): PanelRef<K>[] => groups(layout.root).flatMap((g) => g.panels);

export function findGroup<K extends string>(node: DockNode<K>, id: string): GroupNode<K> | null {
  return groups(node).find((g) => g.id === id) ?? null;
}

export function findNode<K extends string>(node: DockNode<K>, id: string): DockNode<K> | null {
  if (node.id === id) return node;
  if (node.type === 'group') return null;
  for (const c of node.children) {
    const found = findNode(c, id);
    if (found) return found;
  }
  return null;
}

export function groupOf<K extends string>(node: DockNode<K>, panelId: string): GroupNode<K> | null {
  return groups(node).find((g) => g.panels.some((p) => p.id === panelId)) ?? null;
}

/** Every id in use (nodes, open and closed panels). */
export function allIds<K extends string>(layout: Layout<K>): string[] {
  const ids: string[] = [];
  const walk = (n: DockNode<K>) => {
    ids.push(n.id);
    if (n.type === 'group') ids.push(...n.panels.map((p) => p.id));
    else n.children.forEach(walk);
  };
  walk(layout.root);
  ids.push(...layout.closed.map((p) => p.id));
  return ids;
}

/** A fresh id: the prefix and one more than the highest number used with any prefix (deterministic, so testable). */
export function freshId<K extends string>(layout: Layout<K>, prefix: string, taken: readonly string[] = []): string {
  let max = 0;
  for (const id of [...allIds(layout), ...taken]) {
    const n = Number(/(\d+)$/.exec(id)?.[1] ?? 0);
    if (n > max) max = n;
  }
  return `${prefix}${max + 1}`;
}

/** Replaces the node with `id` by what `fn` returns (the same tree when no node has that id). */
export function mapNode<K extends string>(node: DockNode<K>, id: string, fn: (n: DockNode<K>) => DockNode<K>): DockNode<K> {
  if (node.id === id) return fn(node);
  if (node.type === 'group') return node;
  const children = node.children.map((c) => mapNode(c, id, fn));
  return children.every((c, i) => c === node.children[i]) ? node : { ...node, children };
}

export function mapGroups<K extends string>(node: DockNode<K>, fn: (g: GroupNode<K>) => GroupNode<K>): DockNode<K> {
  if (node.type === 'group') return fn(node);
  return { ...node, children: node.children.map((c) => mapGroups(c, fn)) };
}

const scaled = (sizes: readonly number[]): number[] => {
  const sum = sizes.reduce((a, b) => a + b, 0);
  return sum > 0 ? sizes.map((s) => s / sum) : sizes.map(() => 1 / sizes.length);
};

/**
 * The tree kept tidy after any change: empty groups go (their space to the rest), a split with one child becomes
 * that child, a split inside a split of the same direction is merged into it, sizes sum to 1, and every group
 * shows one of its own panels. Only the root may be an empty group (every panel closed).
 */
export function normalize<K extends string>(node: DockNode<K>): DockNode<K> {
  return tidy(node) ?? { type: 'group', id: node.id, panels: [], active: '' };
}

function tidy<K extends string>(node: DockNode<K>): DockNode<K> | null {
  if (node.type === 'group') {
    if (node.panels.length === 0) return null;
    return node.panels.some((p) => p.id === node.active) ? node : { ...node, active: node.panels[0]!.id };
  }
  const children: DockNode<K>[] = [];
  const sizes: number[] = [];
  node.children.forEach((child, i) => {
    const kept = tidy(child);
    const size = node.sizes[i] ?? 0;
    if (!kept) return;
    if (kept.type === 'split' && kept.dir === node.dir) {
      kept.children.forEach((c, j) => {
        children.push(c);
        sizes.push(size * (kept.sizes[j] ?? 0));
      });
    } else {
      children.push(kept);
      sizes.push(size);
    }
  });
  if (children.length === 0) return null;
  if (children.length === 1) return children[0]!;
  return { ...node, children, sizes: scaled(sizes) };
}
