// The local order book: price levels keyed by exact price, replaced whole by each update (a quantity is the level's
// new total, 0 removes it), and a sorted view for drawing. Pure by default: an update returns a new book. A pipeline
// that owns a book (no one else holds its maps) may apply updates in place, so a frame's worth of diffs costs one
// copy of the book instead of one per diff (see `ownBook`).
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

function withLevels(side: ReadonlyMap<string, TextLevel>, levels: readonly TextLevel[], inPlace: boolean): ReadonlyMap<string, TextLevel> {
  if (levels.length === 0) return side;
  // In place only for a book made by bookFromSnapshot or ownBook, whose maps are plain Maps private to the caller.
  const next = inPlace ? (side as Map<string, TextLevel>) : new Map(side);
  for (const level of levels) {
    const key = canonicalDecimal(level[0]);
    if (isZeroDecimal(level[1])) next.delete(key);
    else next.set(key, level);
  }
  return next;
}

export function bookFromSnapshot(snapshot: DepthSnapshot): OrderBook {
  // Two fresh maps: the book owns them, so the first diffs after the snapshot may go in place.
  return { lastUpdateId: snapshot.lastUpdateId, bids: withLevels(new Map(), snapshot.bids, true), asks: withLevels(new Map(), snapshot.asks, true) };
}

/** A copy whose maps the caller owns, so later updates may go `inPlace` without touching a book handed out before. */
export const ownBook = (book: OrderBook): OrderBook => ({ lastUpdateId: book.lastUpdateId, bids: new Map(book.bids), asks: new Map(book.asks) });

/** `inPlace`: the book's maps are the caller's own (bookFromSnapshot, ownBook) and not yet handed to anyone. */
export function applyLevels(book: OrderBook, bids: readonly TextLevel[], asks: readonly TextLevel[], lastUpdateId: number, inPlace = false): OrderBook {
  return { lastUpdateId, bids: withLevels(book.bids, bids, inPlace), asks: withLevels(book.asks, asks, inPlace) };
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
