// Price-level grouping for the ladder: levels aggregate into buckets of a tick multiple, bids rounded down and asks
// up (a grouped level never shows a better price than the orders in it), sizes summed exactly in decimal text.
import type { TextLevel } from '../contract.ts';
import { addDecimal, ceilToTick, floorToTick, isDecimal } from '../decimal.ts';
import type { BookView } from './order-book.ts';

export type BookSide = 'bid' | 'ask';

/** Levels must be best first (as a BookView has them), so each bucket is one run. */
export function groupLevels(levels: readonly TextLevel[], tick: string, side: BookSide): TextLevel[] {
  const bucketOf = side === 'bid' ? floorToTick : ceilToTick;
  const out: TextLevel[] = [];
  let current: TextLevel | null = null;
  for (const [price, qty] of levels) {
    const bucket = bucketOf(price, tick);
    if (current && current[0] === bucket) current[1] = addDecimal(current[1], qty);
    else out.push((current = [bucket, qty]));
  }
  return out;
}

/** A grouped view; null, empty or a non-positive tick leaves the book as it is. */
export function groupBook(view: BookView, tick: string | null, limit = Number.POSITIVE_INFINITY): BookView {
  if (tick === null || !isDecimal(tick) || !(Number(tick) > 0)) {
    return limit >= Math.max(view.bids.length, view.asks.length) ? view : { ...view, bids: view.bids.slice(0, limit), asks: view.asks.slice(0, limit) };
  }
  return {
    lastUpdateId: view.lastUpdateId,
    bids: groupLevels(view.bids, tick, 'bid').slice(0, limit),
    asks: groupLevels(view.asks, tick, 'ask').slice(0, limit),
  };
}
