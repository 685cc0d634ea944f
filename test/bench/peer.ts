// The peer contestant: the `nodejs-order-book` package, fed the same recorded stream. Its arguments are built
// before timing (string ids, option objects) so the clock measures its matching, not our conversions.
import { OrderBook, Side, type LimitOrderOptions, type MarketOrderOptions } from 'nodejs-order-book';
import { CANCEL, MARKET, MOVE, PLACE, REDUCE, type Stream } from './stream.ts';

export interface PeerStream {
  readonly kind: Uint8Array;
  readonly limits: Array<LimitOrderOptions | undefined>;
  readonly markets: Array<MarketOrderOptions | undefined>;
  readonly ids: string[];
  readonly updates: Array<{ price?: number; size: number } | undefined>;
}

const IOC = 'IOC' as NonNullable<LimitOrderOptions['timeInForce']>;

export function toPeer(s: Stream): PeerStream {
  const limits: Array<LimitOrderOptions | undefined> = new Array(s.length).fill(undefined);
  const markets: Array<MarketOrderOptions | undefined> = new Array(s.length).fill(undefined);
  const ids: string[] = new Array(s.length).fill('');
  const updates: Array<{ price?: number; size: number } | undefined> = new Array(s.length).fill(undefined);
  for (let i = 0; i < s.length; i++) {
    const o = s.orders[i];
    const side = o?.side === 'buy' ? Side.BUY : Side.SELL;
    switch (s.kind[i]) {
      case PLACE:
        limits[i] = o!.tif === 'IOC' ? { id: String(o!.id), side, size: o!.qty, price: o!.price, timeInForce: IOC } : { id: String(o!.id), side, size: o!.qty, price: o!.price };
        break;
      case MARKET:
        markets[i] = { side, size: o!.qty };
        break;
      case CANCEL:
        ids[i] = String(s.ids[i]);
        break;
      case REDUCE:
        ids[i] = String(s.ids[i]);
        updates[i] = { size: s.qtys[i]! };
        break;
      case MOVE:
        ids[i] = String(s.ids[i]);
        updates[i] = { price: o!.price, size: o!.qty };
        break;
    }
  }
  return { kind: s.kind, limits, markets, ids, updates };
}

/** Replays the stream into a fresh peer book; returns elapsed milliseconds and lots filled (a sanity figure). */
export function runPeer(p: PeerStream, limit = p.kind.length): { ms: number; filled: number } {
  const ob = new OrderBook();
  const n = limit;
  let filled = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    switch (p.kind[i]) {
      case PLACE: {
        const r = ob.limit(p.limits[i]!);
        filled += p.limits[i]!.size - r.quantityLeft;
        break;
      }
      case MARKET: {
        const r = ob.market(p.markets[i]!);
        filled += p.markets[i]!.size - r.quantityLeft;
        break;
      }
      case CANCEL:
        ob.cancel(p.ids[i]!);
        break;
      case REDUCE:
      case MOVE:
        ob.modify(p.ids[i]!, p.updates[i]!);
        break;
    }
  }
  return { ms: performance.now() - t0, filled };
}
