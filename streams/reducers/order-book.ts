// The local order book: price levels keyed by exact price, replaced whole by each update (a quantity is the level's
// new total, 0 removes it), and a sorted view for drawing. Pure: every update returns a new book.
import type { DepthSnapshot, TextLevel } from '../contract.ts';
import { canonicalDecimal, compareDecimal, isZeroDecimal } from '../decimal.ts';

export interface OrderBook {
  readonly lastUpdateId: number;
  /** Keyed by canonical price, so "100.50" and "100.5" are one level. */
  readonly bids: ReadonlyMap<string, TextLevel>;
  readonly asks: ReadonlyMap<string, TextLevel>;
}

/** Best first: bids high to low, asks low to high. */
export interface BookView {
  readonly lastUpdateId: number;
  readonly bids: readonly TextLevel[];
  readonly asks: readonly TextLevel[];
}

function withLevels(side: ReadonlyMap<string, TextLevel>, levels: readonly TextLevel[]): ReadonlyMap<string, TextLevel> {
  if (levels.length === 0) return side;
  const next = new Map(side);
  for (const level of levels) {
    const key = canonicalDecimal(level[0]);
    if (isZeroDecimal(level[1])) next.delete(key);
    else next.set(key, level);
  }
  return next;
}

export function bookFromSnapshot(snapshot: DepthSnapshot): OrderBook {
  const empty = new Map<string, TextLevel>();
  return { lastUpdateId: snapshot.lastUpdateId, bids: withLevels(empty, snapshot.bids), asks: withLevels(empty, snapshot.asks) };
}

export function applyLevels(book: OrderBook, bids: readonly TextLevel[], asks: readonly TextLevel[], lastUpdateId: number): OrderBook {
  return { lastUpdateId, bids: withLevels(book.bids, bids), asks: withLevels(book.asks, asks) };
}

// Doubles order distinct decimals correctly unless they round to the same double; only then compare exactly.
function sorted(side: ReadonlyMap<string, TextLevel>, descending: boolean, limit: number): TextLevel[] {
  const keyed = [...side.values()].map((level) => ({ level, n: Number(level[0]) }));
  keyed.sort((a, b) => {
    const d = a.n - b.n || compareDecimal(a.level[0], b.level[0]);
    return descending ? -d : d;
  });
  return keyed.slice(0, limit).map((k) => k.level);
}

export function bookView(book: OrderBook, limit = Number.POSITIVE_INFINITY): BookView {
  return { lastUpdateId: book.lastUpdateId, bids: sorted(book.bids, true, limit), asks: sorted(book.asks, false, limit) };
}
