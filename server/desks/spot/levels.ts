// Aggregate quantity per price level and side, kept beside the book from the desk's own events, so each command
// can publish the levels it changed with their new totals (what a depth service turns into diffs).
import type { Price, Qty, Side } from '../../kernel/index.ts';

export class Levels {
  private readonly sides = { buy: new Map<number, number>(), sell: new Map<number, number>() };
  private readonly changed = { buy: new Set<number>(), sell: new Set<number>() };

  add(side: Side, price: Price, lots: number): void {
    if (lots === 0) return;
    const map = this.sides[side];
    const next = (map.get(price) ?? 0) + lots;
    if (next < 0) throw new Error(`level ${side} ${price} would go below zero`);
    if (next === 0) map.delete(price);
    else map.set(price, next);
    this.changed[side].add(price);
  }

  qty(side: Side, price: Price): Qty {
    return (this.sides[side].get(price) ?? 0) as Qty;
  }

  /** Levels changed since the last call, with their current totals (0 = gone), best first; then forgets them. */
  takeChanges(): { bids: Array<[Price, Qty]>; asks: Array<[Price, Qty]> } {
    const take = (side: Side, order: 1 | -1): Array<[Price, Qty]> => {
      const out = [...this.changed[side]].sort((a, b) => order * (a - b)).map((p) => [p as Price, this.qty(side, p as Price)] as [Price, Qty]);
      this.changed[side].clear();
      return out;
    };
    return { bids: take('buy', -1), asks: take('sell', 1) };
  }

  /** Every level, best first: for tests that hold it against the book. */
  all(side: Side): Array<[Price, Qty]> {
    const order = side === 'buy' ? -1 : 1;
    return [...this.sides[side]].sort((a, b) => order * (a[0] - b[0])).map(([p, q]) => [p as Price, q as Qty]);
  }
}
