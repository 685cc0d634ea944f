// The demo backfill's planned view of the market maker's book (backfill.ts, perp-backfill.ts): its resting quotes per
// market, changed by the commands sent and by what the crossing orders take from them, matched as the engines match
// (best price first, then time; nobody else has orders on the books during the backfill), so a crossing order can be
// aimed at the quotes resting at its instant without asking the desk.
import type { Qty, Side } from '../kernel/index.ts';
import type { Ladder, OpenQuote, TakeOrder } from './quotes.ts';

export interface Tracked extends OpenQuote {
  readonly side: Side;
}

/** Per market, the maker's quotes by order id. */
export type Books = Map<string, Map<number, Tracked>>;

/** Orders present in one and not the other, or at another price or size. */
export function differences(a: Books, b: Books): number {
  let n = 0;
  for (const [symbol, x] of a) {
    const y = b.get(symbol) ?? new Map<number, Tracked>();
    for (const [id, q] of x) {
      const other = y.get(id);
      if (other === undefined || other.price !== q.price || other.qty !== q.qty) n++;
    }
    for (const id of y.keys()) if (!x.has(id)) n++;
  }
  return n;
}

/** The maker's resting quotes as a ladder, best first. */
export function resting(book: Map<number, Tracked>): Ladder {
  const all = [...book.values()];
  return {
    bids: all.filter((q) => q.side === 'buy').sort((a, b) => b.price - a.price),
    asks: all.filter((q) => q.side === 'sell').sort((a, b) => a.price - b.price),
  };
}

/** What an IOC did to the maker's book: lots it took and resting quotes it traded with (one trade each). */
export interface Taken {
  readonly lots: number;
  readonly trades: number;
}

/** What an IOC takes from the maker's own book: best price first, then the older order (its quotes are on a grid). */
export function fill(book: Map<number, Tracked>, take: TakeOrder): Taken {
  const maker: Side = take.side === 'buy' ? 'sell' : 'buy';
  const crossing = [...book.values()]
    .filter((q) => q.side === maker && (take.side === 'buy' ? q.price <= take.price : q.price >= take.price))
    .sort((a, b) => (take.side === 'buy' ? a.price - b.price : b.price - a.price) || a.orderId - b.orderId);
  let left = take.qty as number;
  let trades = 0;
  for (const q of crossing) {
    if (left <= 0) break;
    const taken = Math.min(left, q.qty);
    left -= taken;
    trades++;
    if (taken === q.qty) book.delete(q.orderId);
    else book.set(q.orderId, { ...q, qty: (q.qty - taken) as Qty });
  }
  return { lots: (take.qty as number) - left, trades };
}
