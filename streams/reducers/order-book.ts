// The local order book: price levels keyed by exact price, replaced whole by each update (a quantity is the level's
// new total, 0 removes it), kept in price order as they change, and a sorted view for drawing. Pure by default: an
// update returns a new book. A pipeline that owns a book (no one else holds its maps) may apply updates in place, so
// a frame's worth of diffs costs one copy of the book instead of one per diff (see `ownBook`).
import type { DepthSnapshot, TextLevel } from '../contract.ts';
import { canonicalDecimal, compareDecimal, isZeroDecimal } from '../decimal.ts';

export interface OrderBook {
  readonly lastUpdateId: number;
  /** Keyed by canonical price, so "100.50" and "100.5" are one level. */
  readonly bids: ReadonlyMap<string, TextLevel>;
  readonly asks: ReadonlyMap<string, TextLevel>;
  /** The keys of `bids` best first (high to low) and of `asks` (low to high), kept in order as levels come and go,
   *  so a view is a walk rather than a sort of the whole book every frame. */
  readonly bidOrder: readonly string[];
  readonly askOrder: readonly string[];
}

/** Best first: bids high to low, asks low to high. */
export interface BookView {
  readonly lastUpdateId: number;
  readonly bids: readonly TextLevel[];
  readonly asks: readonly TextLevel[];
}

/**
 * Where `key` is, or goes, in `order` (keys best first: descending for bids). Keys are canonical, so equal text is the
 * same price; doubles order distinct decimals correctly unless they round to the same double, and only then are
 * two keys compared exactly.
 */
function placeOf(order: readonly string[], key: string, descending: boolean): number {
  const n = Number(key);
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const at = order[mid]!;
    const d = at === key ? 0 : Number(at) - n || compareDecimal(at, key);
    if (descending ? d > 0 : d < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Side {
  readonly levels: ReadonlyMap<string, TextLevel>;
  readonly order: readonly string[];
}

function withLevels(side: Side, levels: readonly TextLevel[], inPlace: boolean, descending: boolean): Side {
  if (levels.length === 0) return side;
  // In place only for a book made by bookFromSnapshot or ownBook, whose maps and orders are private to the caller.
  const map = inPlace ? (side.levels as Map<string, TextLevel>) : new Map(side.levels);
  const order = inPlace ? (side.order as string[]) : [...side.order];
  for (const level of levels) {
    const key = canonicalDecimal(level[0]);
    const had = map.has(key);
    if (isZeroDecimal(level[1])) {
      if (!had) continue;
      map.delete(key);
      order.splice(placeOf(order, key, descending), 1);
    } else {
      if (!had) order.splice(placeOf(order, key, descending), 0, key);
      map.set(key, level);
    }
  }
  return { levels: map, order };
}

function book(lastUpdateId: number, bids: Side, asks: Side): OrderBook {
  return { lastUpdateId, bids: bids.levels, asks: asks.levels, bidOrder: bids.order, askOrder: asks.order };
}

export function bookFromSnapshot(snapshot: DepthSnapshot): OrderBook {
  // Fresh maps and orders: the book owns them, so the first diffs after the snapshot may go in place.
  const fresh = (): Side => ({ levels: new Map(), order: [] });
  return book(snapshot.lastUpdateId, withLevels(fresh(), snapshot.bids, true, true), withLevels(fresh(), snapshot.asks, true, false));
}

/** A copy whose maps the caller owns, so later updates may go `inPlace` without touching a book handed out before. */
export const ownBook = (b: OrderBook): OrderBook => ({
  lastUpdateId: b.lastUpdateId, bids: new Map(b.bids), asks: new Map(b.asks), bidOrder: [...b.bidOrder], askOrder: [...b.askOrder],
});

/** `inPlace`: the book's maps are the caller's own (bookFromSnapshot, ownBook) and not yet handed to anyone. */
export function applyLevels(b: OrderBook, bids: readonly TextLevel[], asks: readonly TextLevel[], lastUpdateId: number, inPlace = false): OrderBook {
  return book(
    lastUpdateId,
    withLevels({ levels: b.bids, order: b.bidOrder }, bids, inPlace, true),
    withLevels({ levels: b.asks, order: b.askOrder }, asks, inPlace, false),
  );
}

function walk(levels: ReadonlyMap<string, TextLevel>, order: readonly string[], limit: number): TextLevel[] {
  const n = Math.min(limit, order.length);
  const out = new Array<TextLevel>(n);
  for (let i = 0; i < n; i++) out[i] = levels.get(order[i]!)!;
  return out;
}

export function bookView(b: OrderBook, limit = Number.POSITIVE_INFINITY): BookView {
  return { lastUpdateId: b.lastUpdateId, bids: walk(b.bids, b.bidOrder, limit), asks: walk(b.asks, b.askOrder, limit) };
}
