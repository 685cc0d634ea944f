import { describe, expect, it } from 'vitest';
import { SPOT_DOCK, type SpotPanelKind } from '../../../../../src/pages/spot/spot-dock.ts';
import { activate, addPanel, closePanel, movePanel, resize, restorePanel, setPanelSymbol } from '../../../../../src/pages/trade/dock/model.ts';
import { findGroup, groupOf, groups, openPanels } from '../../../../../src/pages/trade/dock/tree.ts';
import { MAX_CLOSED, type DockNode as Node, type Layout as AnyLayout, type SplitNode } from '../../../../../src/pages/trade/dock/types.ts';

// The generic model, exercised through the spot screen's description.
type DockNode = Node<SpotPanelKind>;
type Layout = AnyLayout<SpotPanelKind>;

/** The tree as nested arrays of panel ids: groups as 'a|b' (active first marked *), splits as {row|column: [...]}. */
function shape(n: DockNode): unknown {
  if (n.type === 'group') return n.panels.map((p) => (p.id === n.active ? `*${p.id}` : p.id)).join('|');
  return { [n.dir]: n.children.map(shape) };
}
const split = (l: Layout, id: string) => {
  const walk = (n: DockNode): SplitNode<SpotPanelKind> | null => (n.type === 'group' ? null : n.id === id ? n : n.children.map(walk).find((x) => x) ?? null);
  const found = walk(l.root);
  if (!found) throw new Error(`no split ${id}`);
  return found;
};
const sumsToOne = (n: DockNode): boolean =>
  n.type === 'group' || (Math.abs(n.sizes.reduce((a, b) => a + b, 0) - 1) < 1e-9 && n.children.every(sumsToOne));
const ids = (l: Layout) => [...openPanels(l).map((p) => p.id), ...l.closed.map((p) => p.id)];

const base = SPOT_DOCK.defaultLayout();

describe('dock model', () => {
  it('starts from a desk of the six panels, each in its own group', () => {
    expect(shape(base.root)).toEqual({ column: [{ row: ['*markets', '*chart', '*book', { column: ['*entry', '*trades'] }] }, '*account'] });
    expect(sumsToOne(base.root)).toBe(true);
  });

  it('moves a panel into another group as a tab, and the emptied group collapses', () => {
    const l = movePanel(base, 'trades', 'g-book', 'center');
    expect(shape(l.root)).toEqual({ column: [{ row: ['*markets', '*chart', 'book|*trades', '*entry'] }, '*account'] });
    expect(sumsToOne(l.root)).toBe(true);
    // The collapsed column's share went to the entry that was left in it.
    expect(split(l, 'top').sizes[3]).toBeCloseTo(0.21);
    // At a given place among the tabs.
    const first = movePanel(l, 'markets', 'g-book', 'center', 0);
    expect(findGroup(first.root, 'g-book')?.panels.map((p) => p.id)).toEqual(['markets', 'book', 'trades']);
  });

  it('splits a group when a panel is dropped on its edge', () => {
    const right = movePanel(base, 'markets', 'g-chart', 'right');
    // Same direction as the parent row: merged into it, the chart's share halved.
    expect(shape(right.root)).toEqual({ column: [{ row: ['*chart', '*markets', '*book', { column: ['*entry', '*trades'] }] }, '*account'] });
    expect(split(right, 'top').sizes[0]).toBeCloseTo(split(right, 'top').sizes[1]!);
    const below = movePanel(base, 'trades', 'g-chart', 'bottom');
    expect(shape(below.root)).toEqual({ column: [{ row: ['*markets', { column: ['*chart', '*trades'] }, '*book', '*entry'] }, '*account'] });
    const left = movePanel(base, 'account', 'g-markets', 'top');
    expect(shape(left.root)).toEqual({ row: [{ column: ['*account', '*markets'] }, '*chart', '*book', { column: ['*entry', '*trades'] }] });
    expect(sumsToOne(left.root)).toBe(true);
  });

  it('takes a tab out of its group onto the same group edge, and ignores moves that change nothing', () => {
    const tabbed = movePanel(base, 'trades', 'g-book', 'center');
    const out = movePanel(tabbed, 'trades', 'g-book', 'bottom');
    expect(shape(out.root)).toEqual({ column: [{ row: ['*markets', '*chart', { column: ['*book', '*trades'] }, '*entry'] }, '*account'] });
    expect(movePanel(base, 'book', 'g-book', 'left')).toBe(base);
    expect(movePanel(base, 'nope', 'g-book', 'left')).toBe(base);
    expect(movePanel(base, 'book', 'nope', 'left')).toBe(base);
  });

  it('gives new groups and splits ids not used before', () => {
    let l = base;
    for (const [p, g] of [['markets', 'g-chart'], ['trades', 'g-markets'], ['book', 'g-account']] as const) l = movePanel(l, p, groupOf(l.root, g.replace('g-', ''))?.id ?? g, 'left');
    const all = [...groups(l.root).map((g) => g.id), ...ids(l)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('resizes a split, keeping both sides at least the minimum', () => {
    const l = resize(base, 'root', 0, -0.1);
    expect(split(l, 'root').sizes).toEqual([expect.closeTo(0.59), expect.closeTo(0.41)]);
    const clamped = resize(base, 'root', 0, 5, 0.1);
    expect(split(clamped, 'root').sizes).toEqual([expect.closeTo(0.9), expect.closeTo(0.1)]);
    expect(resize(clamped, 'root', 0, 1, 0.1)).toBe(clamped);
    expect(resize(base, 'root', 3, 0.1)).toBe(base);
    expect(resize(base, 'top', 1, Number.NaN)).toBe(base);
    expect(sumsToOne(resize(base, 'top', 2, 0.04).root)).toBe(true);
  });

  it('activates a tab', () => {
    const l = movePanel(base, 'trades', 'g-book', 'center');
    expect(findGroup(activate(l, 'book').root, 'g-book')?.active).toBe('book');
    expect(activate(l, 'trades')).toBe(l);
  });

  it('closes panels and restores them near where they belong', () => {
    const closed = closePanel(closePanel(base, 'markets'), 'trades');
    expect(closed.closed.map((p) => p.id)).toEqual(['markets', 'trades']);
    expect(shape(closed.root)).toEqual({ column: [{ row: ['*chart', '*book', '*entry'] }, '*account'] });
    const back = restorePanel(SPOT_DOCK, closed, 'markets');
    expect(shape(back.root)).toEqual({ row: ['*markets', { column: [{ row: ['*chart', '*book', '*entry'] }, '*account'] }] });
    expect(back.closed.map((p) => p.id)).toEqual(['trades']);
    // Trades go beside the book.
    expect(shape(restorePanel(SPOT_DOCK, back, 'trades').root)).toEqual({ row: ['*markets', { column: [{ row: ['*chart', '*book', '*trades', '*entry'] }, '*account'] }] });
    expect(restorePanel(SPOT_DOCK, back, 'nope')).toBe(back);
  });

  it('closing every panel leaves an empty desk that takes the next one back', () => {
    let l = base;
    for (const p of openPanels(base)) l = closePanel(l, p.id);
    expect(l.root).toMatchObject({ type: 'group', panels: [] });
    const one = restorePanel(SPOT_DOCK, l, 'chart');
    expect(shape(one.root)).toBe('*chart');
    expect(closePanel(l, 'chart')).toBe(l);
  });

  it('keeps at most MAX_CLOSED closed panels', () => {
    let l = base;
    for (let i = 0; i < MAX_CLOSED + 3; i++) {
      l = addPanel(SPOT_DOCK, l, 'chart', 'ETHUSDT');
      const added = l.closed.length;
      const last = openPanels(l).at(-1);
      if (!last) throw new Error('no panel');
      l = closePanel(l, openPanels(l).find((p) => p.symbol === 'ETHUSDT')!.id);
      expect(l.closed.length).toBe(Math.min(added + 1, MAX_CLOSED));
    }
  });

  it('adds panels for another market side by side', () => {
    const chart = addPanel(SPOT_DOCK, base, 'chart', 'ETHUSDT');
    const added = openPanels(chart).find((p) => p.symbol === 'ETHUSDT');
    expect(added).toMatchObject({ kind: 'chart', symbol: 'ETHUSDT' });
    // A second chart goes under the first; a book of that market to the right of its chart.
    expect(shape(chart.root)).toEqual({ column: [{ row: ['*markets', { column: ['*chart', `*${added!.id}`] }, '*book', { column: ['*entry', '*trades'] }] }, '*account'] });
    const book = addPanel(SPOT_DOCK, chart, 'book', 'ETHUSDT');
    const ethBook = openPanels(book).find((p) => p.symbol === 'ETHUSDT' && p.kind === 'book')!;
    expect(shape(book.root)).toEqual({
      column: [{ row: ['*markets', { column: ['*chart', { row: [`*${added!.id}`, `*${ethBook.id}`] }] }, '*book', { column: ['*entry', '*trades'] }] }, '*account'],
    });
    expect(sumsToOne(book.root)).toBe(true);
    // A plain one follows the page and goes beside its own kind.
    expect(openPanels(addPanel(SPOT_DOCK, base, 'trades')).filter((p) => p.kind === 'trades')).toHaveLength(2);
  });

  it('sets and clears a panel’s own market', () => {
    const l = setPanelSymbol(base, 'chart', 'SOLUSDT');
    expect(openPanels(l).find((p) => p.id === 'chart')).toEqual({ id: 'chart', kind: 'chart', symbol: 'SOLUSDT' });
    expect(openPanels(setPanelSymbol(l, 'chart', undefined)).find((p) => p.id === 'chart')).toEqual({ id: 'chart', kind: 'chart' });
  });

  it('never changes the layout it was given', () => {
    const before = JSON.stringify(base);
    movePanel(base, 'trades', 'g-book', 'center');
    resize(base, 'root', 0, 0.1);
    closePanel(base, 'chart');
    addPanel(SPOT_DOCK, base, 'book', 'ETHUSDT');
    expect(JSON.stringify(base)).toBe(before);
  });
});

describe('dock model: whole sides', () => {
  it('docks a panel along a side of the whole desk, but never into a split as a tab', () => {
    const l = movePanel(base, 'markets', 'root', 'bottom');
    expect(shape(l.root)).toEqual({ column: [{ row: ['*chart', '*book', { column: ['*entry', '*trades'] }] }, '*account', '*markets'] });
    expect(l.root.type === 'split' && l.root.sizes[2]).toBeCloseTo(0.25);
    expect(movePanel(base, 'markets', 'root', 'center')).toBe(base);
  });
});
