// The recorded command stream every matching contestant replays. Generated once, deterministically from a fixed
// seed, before any timing, by driving the reference book so every cancel and replace targets a live order.
//
// Mix (by command count):
//   60%  place limit GTC near the touch: 0..9 ticks behind the best price on its own side, 1..100 lots
//   25%  cancel a random live order
//   10%  replace a random live order: half reduce its quantity (keeps priority), half move it 1..3 ticks
//        (cancel + re-place, loses priority)
//    5%  take liquidity: half IOC limits priced 0..2 ticks through the opposite best, half market orders
//        (bound at mid ± 5%), 50..800 lots, so each sweeps several makers
// 40 users, self-trade prevention off (the peer has no equivalent per order in this mix).
import { MatchSink } from '../../server/kernel/book/sink.ts';
import { ReferenceBook } from '../../server/kernel/book/reference-book.ts';
import type { BookOrder, Side } from '../../server/kernel/book/types.ts';
import type { OrderId, Price, Qty, UserId } from '../../server/kernel/money/nominal.ts';
import { mulberry32 } from '../tools/random.ts';

export const PLACE = 0;
export const CANCEL = 1;
export const REDUCE = 2;
export const MOVE = 3;
export const MARKET = 4;

export interface Stream {
  readonly length: number;
  readonly kind: Uint8Array;
  /** The order for PLACE, MOVE (its new price/qty) and MARKET (as an IOC with the bound as price). */
  readonly orders: Array<BookOrder | undefined>;
  /** Target id for CANCEL, REDUCE, MOVE. */
  readonly ids: Float64Array;
  /** New quantity for REDUCE. */
  readonly qtys: Float64Array;
  /** Owner of the target order for CANCEL, REDUCE, MOVE, and its price for REDUCE (the engine's commands need them). */
  readonly users: Float64Array;
  readonly prices: Float64Array;
  readonly mix: Record<string, number>;
  readonly liveAtEnd: number;
  readonly touch: Array<number | null>;
}

export function generate(length: number, seed = 20240601): Stream {
  const rand = mulberry32(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const book = new ReferenceBook();
  const sink = new MatchSink();
  const kind = new Uint8Array(length);
  const orders: Array<BookOrder | undefined> = new Array(length).fill(undefined);
  const ids = new Float64Array(length);
  const qtys = new Float64Array(length);
  const users = new Float64Array(length);
  const prices = new Float64Array(length);
  const mix: Record<string, number> = { place: 0, cancel: 0, reduce: 0, move: 0, ioc: 0, market: 0 };
  // Live ids with O(1) random pick and removal.
  const live: number[] = [];
  const pos = new Map<number, number>();
  const add = (id: number): void => {
    pos.set(id, live.length);
    live.push(id);
  };
  const drop = (id: number): void => {
    const i = pos.get(id)!;
    const last = live.pop()!;
    if (last !== id) {
      live[i] = last;
      pos.set(last, i);
    }
    pos.delete(id);
  };
  const apply = (o: BookOrder): void => {
    book.place(o, sink);
    for (let k = 0; k < sink.count; k++) if (sink.makerLeft[k] === 0) drop(sink.makerId[k]!);
    if (book.has(o.id)) add(o.id);
  };
  const mk = (id: number, side: Side, price: number, q: number, tif: 'GTC' | 'IOC'): BookOrder => ({
    id: id as OrderId,
    owner: int(1, 40) as UserId,
    side,
    price: Math.max(1, price) as Price,
    qty: q as Qty,
    budget: Infinity,
    tif,
    postOnly: false,
    stp: 'NONE',
  });
  let nextId = 1;
  for (let i = 0; i < length; i++) {
    const bid = book.best('buy') ?? (book.best('sell') ?? 10_001) - 1;
    const ask = book.best('sell') ?? bid + 1;
    const r = rand();
    const side: Side = rand() < 0.5 ? 'buy' : 'sell';
    if (live.length > 0 && r < 0.25) {
      const id = live[int(0, live.length - 1)]!;
      kind[i] = CANCEL;
      ids[i] = id;
      users[i] = book.order(id as OrderId)!.owner;
      book.cancel(id as OrderId);
      drop(id);
      mix.cancel!++;
    } else if (live.length > 0 && r < 0.35) {
      const id = live[int(0, live.length - 1)]!;
      const o = book.order(id as OrderId)!;
      ids[i] = id;
      users[i] = o.owner;
      prices[i] = o.price;
      if (o.qty > 1 && rand() < 0.5) {
        kind[i] = REDUCE;
        qtys[i] = int(1, o.qty - 1);
        book.reduce(id as OrderId, qtys[i] as Qty);
        mix.reduce!++;
      } else {
        kind[i] = MOVE;
        const moved = mk(id, o.side, o.price + (rand() < 0.5 ? -1 : 1) * int(1, 3), o.qty, 'GTC');
        orders[i] = { ...moved, owner: o.owner };
        book.cancel(id as OrderId);
        drop(id);
        apply(orders[i]!);
        mix.move!++;
      }
    } else if (r < 0.4) {
      const q = int(50, 800);
      if (rand() < 0.5) {
        kind[i] = PLACE;
        orders[i] = mk(nextId++, side, side === 'buy' ? ask + int(0, 2) : bid - int(0, 2), q, 'IOC');
        mix.ioc!++;
      } else {
        kind[i] = MARKET;
        const mid = (bid + ask) / 2;
        orders[i] = mk(nextId++, side, Math.round(side === 'buy' ? mid * 1.05 : mid * 0.95), q, 'IOC');
        mix.market!++;
      }
      apply(orders[i]!);
    } else {
      kind[i] = PLACE;
      orders[i] = mk(nextId++, side, side === 'buy' ? ask - 1 - int(0, 9) : bid + 1 + int(0, 9), int(1, 100), 'GTC');
      apply(orders[i]!);
      mix.place!++;
    }
  }
  return { length, kind, orders, ids, qtys, users, prices, mix, liveAtEnd: book.size(), touch: [book.best("buy"), book.best("sell")] };
}
