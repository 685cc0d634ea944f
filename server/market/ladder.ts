// One side of an aggregated book: prices kept sorted (binary-search insert) beside a price → lots map, so the top
// N levels are a slice and a level update is a lookup plus, only when a level appears or goes, a splice.
import type { Price } from '../kernel/index.ts';

export type Level = readonly [price: Price, qty: number];

export class Ladder {
  private readonly prices: Price[] = [];
  private readonly qtys = new Map<Price, number>();
  /** Bids want the highest price first, asks the lowest. */
  private readonly descending: boolean;

  constructor(descending: boolean) {
    this.descending = descending;
  }

  get size(): number {
    return this.prices.length;
  }

  get(price: Price): number {
    return this.qtys.get(price) ?? 0;
  }

  /** Sets a level's aggregate lots (0 removes it); returns false when nothing changed. */
  set(price: Price, qty: number): boolean {
    if (!Number.isSafeInteger(qty) || qty < 0) throw new RangeError(`level qty must be a safe integer ≥ 0: ${qty}`);
    const had = this.qtys.get(price);
    if ((had ?? 0) === qty) return false;
    if (qty === 0) {
      this.qtys.delete(price);
      this.prices.splice(this.search(price), 1);
    } else {
      if (had === undefined) this.prices.splice(this.search(price), 0, price);
      this.qtys.set(price, qty);
    }
    return true;
  }

  /** Best `limit` levels, best first. */
  top(limit: number): Level[] {
    const n = Math.min(limit, this.prices.length);
    const out: Level[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const p = this.descending ? this.prices[this.prices.length - 1 - i]! : this.prices[i]!;
      out[i] = [p, this.qtys.get(p)!];
    }
    return out;
  }

  best(): Level | null {
    return this.top(1)[0] ?? null;
  }

  /** Index of `price` in the ascending array, or where it would go. */
  private search(price: Price): number {
    let lo = 0;
    let hi = this.prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.prices[mid]! < price) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
