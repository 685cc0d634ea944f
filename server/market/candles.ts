// Candles from trades, one series per interval. Bars are immutable values (a trade makes a new one), so a bar handed
// to a publisher or the store never changes under it. Periods without trades get no bar: nothing is made up.
import type { Price } from '../kernel/index.ts';
import type { TradeInput } from './inputs.ts';
import { closeTime, INTERVALS, nextOpenTime, openTime, type Interval } from './intervals.ts';

export interface Candle {
  readonly symbol: string;
  readonly interval: Interval;
  readonly openTime: number;
  /** Last millisecond of the bar (Binance's closeTime). */
  readonly closeTime: number;
  readonly open: Price;
  readonly high: Price;
  readonly low: Price;
  readonly close: Price;
  /** Base minor units traded. */
  readonly volume: bigint;
  /** Quote minor units traded. */
  readonly quoteVolume: bigint;
  /** The part of volume / quoteVolume where the taker bought. */
  readonly takerBuyVolume: bigint;
  readonly takerBuyQuoteVolume: bigint;
  readonly count: number;
  readonly firstTradeId: number;
  /** Highest trade id in the bar: the replay watermark after a restart. */
  readonly lastTradeId: number;
}

function startBar(interval: Interval, t: TradeInput): Candle {
  const open = openTime(interval, t.time);
  const buy = t.takerSide === 'buy';
  return {
    symbol: t.symbol,
    interval,
    openTime: open,
    closeTime: closeTime(interval, open),
    open: t.price,
    high: t.price,
    low: t.price,
    close: t.price,
    volume: t.base,
    quoteVolume: t.quote,
    takerBuyVolume: buy ? t.base : 0n,
    takerBuyQuoteVolume: buy ? t.quote : 0n,
    count: 1,
    firstTradeId: t.id,
    lastTradeId: t.id,
  };
}

function extendBar(c: Candle, t: TradeInput): Candle {
  const buy = t.takerSide === 'buy';
  return {
    ...c,
    high: t.price > c.high ? t.price : c.high,
    low: t.price < c.low ? t.price : c.low,
    close: t.price,
    volume: c.volume + t.base,
    quoteVolume: c.quoteVolume + t.quote,
    takerBuyVolume: buy ? c.takerBuyVolume + t.base : c.takerBuyVolume,
    takerBuyQuoteVolume: buy ? c.takerBuyQuoteVolume + t.quote : c.takerBuyQuoteVolume,
    count: c.count + 1,
    lastTradeId: t.id,
  };
}

/** The bars of one market: a live bar per interval, plus the bars changed since the store last took them. */
export class CandleSet {
  private readonly live = new Map<Interval, Candle>();
  private readonly dirty = new Map<string, Candle>();
  private readonly changed = new Map<Interval, Candle>();

  readonly symbol: string;

  constructor(symbol: string) {
    this.symbol = symbol;
  }

  /** Continues from the newest stored bar of each interval (after a restart). */
  restore(bars: readonly Candle[]): void {
    for (const bar of bars) {
      const current = this.live.get(bar.interval);
      if (bar.symbol === this.symbol && (current === undefined || bar.openTime > current.openTime)) this.live.set(bar.interval, bar);
    }
  }

  /**
   * Adds a trade to every interval and returns the live bars it changed. A trade at or below an interval's
   * watermark is a replay and is skipped there. A trade timed before the live bar (a clock stepping back) is
   * counted in the live bar rather than rewriting a closed one.
   */
  add(t: TradeInput): Candle[] {
    const out: Candle[] = [];
    for (const interval of INTERVALS) {
      const bar = this.live.get(interval);
      if (bar !== undefined && t.id <= bar.lastTradeId) continue;
      const next = bar === undefined || t.time >= nextOpenTime(interval, bar.openTime) ? startBar(interval, t) : extendBar(bar, t);
      this.live.set(interval, next);
      this.dirty.set(`${interval}:${next.openTime}`, next);
      this.changed.set(interval, next);
      out.push(next);
    }
    return out;
  }

  current(interval: Interval): Candle | undefined {
    return this.live.get(interval);
  }

  /** Bars not yet written (closed and live), and forgets them; `undoTake` puts them back after a failed write. */
  takeDirty(): Candle[] {
    const bars = [...this.dirty.values()];
    this.dirty.clear();
    return bars;
  }

  undoTake(bars: readonly Candle[]): void {
    for (const bar of bars) {
      const key = `${bar.interval}:${bar.openTime}`;
      // A newer version of the bar may have arrived while the write was failing; keep that one.
      if (!this.dirty.has(key)) this.dirty.set(key, bar);
    }
  }

  /** Bars not yet written, without taking them (for reads that must see what the store has not got yet). */
  unwritten(interval: Interval): Candle[] {
    return [...this.dirty.values()].filter((b) => b.interval === interval);
  }

  /** Live bars changed since the last call, one per interval, for publishing. */
  takeChanged(): Candle[] {
    const bars = [...this.changed.values()];
    this.changed.clear();
    return bars;
  }
}
