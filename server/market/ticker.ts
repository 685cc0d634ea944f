// Rolling 24 h statistics from minute buckets: a trade updates the newest bucket in O(1); buckets leave the window
// as whole minutes, and only then are high and low recomputed (over at most 1440 buckets). The window is the
// current minute and the 1439 before it, so it spans between 23 h 59 min and 24 h.
import type { Price } from '../kernel/index.ts';
import type { TradeInput } from './inputs.ts';

export const MINUTE_MS = 60_000;
export const WINDOW_MINUTES = 1440;

/** What a bucket holds; a stored 1m candle has these fields, so the ticker can be restored from 1m candles. */
export interface MinuteBucket {
  readonly openTime: number;
  readonly open: Price;
  readonly high: Price;
  readonly low: Price;
  readonly close: Price;
  readonly volume: bigint;
  readonly quoteVolume: bigint;
  readonly count: number;
  readonly firstTradeId: number;
  readonly lastTradeId: number;
}

export interface TickerStats {
  readonly symbol: string;
  /** Start of the window and the time the stats are for. */
  readonly openTime: number;
  readonly closeTime: number;
  readonly open: Price;
  readonly high: Price;
  readonly low: Price;
  readonly last: Price;
  /** last − open, in ticks. */
  readonly change: number;
  /** A statistic, not money: floating point, rounded only when formatted. */
  readonly changePercent: number;
  readonly volume: bigint;
  readonly quoteVolume: bigint;
  readonly count: number;
  /** -1 when no trade is in the window (Binance's convention). */
  readonly firstId: number;
  readonly lastId: number;
}

export class RollingTicker {
  private buckets: MinuteBucket[] = [];
  private head = 0;
  private volume = 0n;
  private quoteVolume = 0n;
  private count = 0;
  private high = 0;
  private low = Infinity;
  private lastPrice: Price | null = null;
  private lastId = -1;

  readonly symbol: string;

  constructor(symbol: string) {
    this.symbol = symbol;
  }

  /** Seeds the window from stored 1m candles (oldest first); older ones only set the last price. */
  restore(bars: readonly MinuteBucket[]): void {
    for (const b of bars) {
      if (b.lastTradeId <= this.lastId) continue;
      this.push(b);
      this.lastPrice = b.close;
      this.lastId = b.lastTradeId;
    }
  }

  add(t: TradeInput): void {
    if (t.id <= this.lastId) return;
    const minute = Math.floor(t.time / MINUTE_MS) * MINUTE_MS;
    const tail = this.buckets[this.buckets.length - 1];
    // A trade timed before the newest bucket (a clock stepping back) is counted there, as candles do.
    if (tail !== undefined && this.buckets.length > this.head && minute <= tail.openTime) {
      this.buckets[this.buckets.length - 1] = {
        ...tail,
        high: t.price > tail.high ? t.price : tail.high,
        low: t.price < tail.low ? t.price : tail.low,
        close: t.price,
        volume: tail.volume + t.base,
        quoteVolume: tail.quoteVolume + t.quote,
        count: tail.count + 1,
        lastTradeId: t.id,
      };
      this.sum(t.base, t.quote, 1, t.price, t.price);
    } else {
      this.push({ openTime: minute, open: t.price, high: t.price, low: t.price, close: t.price, volume: t.base, quoteVolume: t.quote, count: 1, firstTradeId: t.id, lastTradeId: t.id });
    }
    this.lastPrice = t.price;
    this.lastId = t.id;
  }

  /** Stats for the window ending at `now`; null before the market's first trade. */
  stats(now: number): TickerStats | null {
    if (this.lastPrice === null) return null;
    const from = Math.floor(now / MINUTE_MS) * MINUTE_MS - (WINDOW_MINUTES - 1) * MINUTE_MS;
    this.expire(from);
    const first = this.buckets[this.head];
    const last = this.lastPrice;
    const open = first?.open ?? last;
    const change = last - open;
    return {
      symbol: this.symbol,
      openTime: from,
      closeTime: now,
      open,
      high: (first === undefined ? last : this.high) as Price,
      low: (first === undefined ? last : this.low) as Price,
      last,
      change,
      changePercent: (change / open) * 100,
      volume: this.volume,
      quoteVolume: this.quoteVolume,
      count: this.count,
      firstId: first?.firstTradeId ?? -1,
      lastId: first === undefined ? -1 : this.lastId,
    };
  }

  private push(b: MinuteBucket): void {
    this.buckets.push(b);
    this.sum(b.volume, b.quoteVolume, b.count, b.high, b.low);
  }

  private sum(volume: bigint, quoteVolume: bigint, count: number, high: number, low: number): void {
    this.volume += volume;
    this.quoteVolume += quoteVolume;
    this.count += count;
    if (high > this.high) this.high = high;
    if (low < this.low) this.low = low;
  }

  private expire(from: number): void {
    let dropped = false;
    while (this.head < this.buckets.length && this.buckets[this.head]!.openTime < from) {
      const b = this.buckets[this.head++]!;
      this.volume -= b.volume;
      this.quoteVolume -= b.quoteVolume;
      this.count -= b.count;
      dropped = true;
    }
    if (!dropped) return;
    // Compact now and then so the array does not grow for ever; amortised O(1) per bucket.
    if (this.head > WINDOW_MINUTES) {
      this.buckets = this.buckets.slice(this.head);
      this.head = 0;
    }
    this.high = 0;
    this.low = Infinity;
    for (let i = this.head; i < this.buckets.length; i++) {
      const b = this.buckets[i]!;
      if (b.high > this.high) this.high = b.high;
      if (b.low < this.low) this.low = b.low;
    }
  }
}
