// Recent trades per market in a fixed-size ring: the newest `capacity` trades, O(1) per trade, no growth.
import type { Amount, Price, Qty } from '../kernel/index.ts';
import type { TradeInput } from './inputs.ts';

export interface RecentTrade {
  readonly id: number;
  readonly price: Price;
  readonly qty: Qty;
  /** Quote minor units. */
  readonly quoteQty: Amount;
  readonly time: number;
  /** Binance's flag: the buyer was the resting order, i.e. the taker sold. */
  readonly isBuyerMaker: boolean;
}

export const DEFAULT_TRADE_CAPACITY = 1000;

export class TradeRing {
  private readonly slots: (RecentTrade | undefined)[];
  private next = 0;
  private count = 0;

  readonly capacity: number;

  constructor(capacity = DEFAULT_TRADE_CAPACITY) {
    this.capacity = capacity;
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`bad capacity: ${capacity}`);
    this.slots = new Array<RecentTrade | undefined>(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(t: TradeInput): RecentTrade {
    const trade: RecentTrade = { id: t.id, price: t.price, qty: t.qty, quoteQty: t.quote, time: t.time, isBuyerMaker: t.takerSide === 'sell' };
    this.slots[this.next] = trade;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.count + 1, this.capacity);
    return trade;
  }

  /** The newest `limit` trades, oldest first (Binance's order for /api/v3/trades). */
  recent(limit = this.capacity): RecentTrade[] {
    const n = Math.max(0, Math.min(Math.floor(limit), this.count));
    const out: RecentTrade[] = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.slots[(this.next - n + i + this.capacity) % this.capacity]!;
    return out;
  }

  last(): RecentTrade | undefined {
    return this.count === 0 ? undefined : this.slots[(this.next - 1 + this.capacity) % this.capacity];
  }
}
