// Klines with a time-zone offset, Binance spot's `<symbol>@kline_<interval>@+08:00` (sstream-market.ts serves them):
// the bars open and close in UTC+8 (the 1d bar from 00:00 UTC+8, i.e. 16:00 UTC the day before; weeks from Monday
// 00:00 UTC+8; months from the 1st, 00:00 UTC+8), while E, t and T stay Unix milliseconds. +08:00 is the one offset
// Binance serves.
//
// At +8 h a bar of 1m … 4h is the UTC bar itself (8 h is a whole number of them), so those streams are the UTC ones.
// A 1d, 1w or 1M bar is summed from the UTC 4h bars it is made of (its bounds fall on 4h bounds): open of the first,
// close of the last, highest high, lowest low, volumes and counts added, first and last trade ids; the same bars as
// GET /api/v3/klines?interval=4h answers, read back from the market data when the stream starts (stored bars
// overlaid with the ones not yet written) and then followed as trades are recorded.
import type { Candle, Interval } from '../../market/index.ts';
import { closeTime, INTERVALS, nextOpenTime, openTime } from '../../market/index.ts';

export const KLINE_ZONES = ['+08:00'] as const;
export type KlineZone = (typeof KLINE_ZONES)[number];
export const ZONE_OFFSET_MS: Readonly<Record<KlineZone, number>> = { '+08:00': 8 * 3_600_000 };

export const isKlineZone = (text: string): text is KlineZone => (KLINE_ZONES as readonly string[]).includes(text);

/** A fixed-length interval's length; undefined for weeks and months (whose bars are not all of one length here). */
function fixedLength(interval: Interval): number | undefined {
  if (interval === '1w' || interval === '1M') return undefined;
  return nextOpenTime(interval, 0) - openTime(interval, 0);
}

/** Whether the bars of `interval` at `offsetMs` are the UTC ones (the offset is a whole number of bars). */
export function sameAsUtc(interval: Interval, offsetMs: number): boolean {
  const length = fixedLength(interval);
  return offsetMs === 0 || (length !== undefined && offsetMs % length === 0);
}

/** The longest UTC interval whose bars tile the bars of every interval at `offsetMs` (at +8 h: 4h). */
export function baseInterval(offsetMs: number): Interval {
  let base: Interval = '1m';
  for (const i of INTERVALS) {
    const length = fixedLength(i);
    if (length !== undefined && offsetMs % length === 0 && length <= 86_400_000 && (86_400_000 % length === 0)) base = i;
  }
  return base;
}

/** The open time (UTC ms) of the zoned bar containing `time`. */
export function zonedOpenTime(interval: Interval, offsetMs: number, time: number): number {
  return openTime(interval, time + offsetMs) - offsetMs;
}

/** Binance's close time (last millisecond) of the zoned bar opening at `open`. */
export function zonedCloseTime(interval: Interval, offsetMs: number, open: number): number {
  return closeTime(interval, open + offsetMs) - offsetMs;
}

/** Sums base bars (oldest first, at least one) into the zoned bar opening at `open`. */
export function sumBars(interval: Interval, offsetMs: number, open: number, parts: readonly Candle[]): Candle {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  let { high, low } = first;
  let volume = 0n;
  let quoteVolume = 0n;
  let takerBuyVolume = 0n;
  let takerBuyQuoteVolume = 0n;
  let count = 0;
  for (const p of parts) {
    if (p.high > high) high = p.high;
    if (p.low < low) low = p.low;
    volume += p.volume;
    quoteVolume += p.quoteVolume;
    takerBuyVolume += p.takerBuyVolume;
    takerBuyQuoteVolume += p.takerBuyQuoteVolume;
    count += p.count;
  }
  return {
    symbol: first.symbol,
    interval,
    openTime: open,
    closeTime: zonedCloseTime(interval, offsetMs, open),
    open: first.open,
    high,
    low,
    close: last.close,
    volume,
    quoteVolume,
    takerBuyVolume,
    takerBuyQuoteVolume,
    count,
    firstTradeId: first.firstTradeId,
    lastTradeId: last.lastTradeId,
  };
}

/**
 * One market's live zoned bar of one interval, from its base bars: `put` each base bar as it comes (in any order,
 * a version older than the one held is ignored); `bar` is the zoned bar of the newest base bar seen.
 */
export class ZonedBar {
  readonly interval: Interval;
  readonly offsetMs: number;
  private open: number | null = null;
  /** The base bars of the current zoned bar by open time. */
  private readonly parts = new Map<number, Candle>();
  private current: Candle | undefined;

  constructor(interval: Interval, offsetMs: number) {
    this.interval = interval;
    this.offsetMs = offsetMs;
  }

  /** Takes a base bar; answers whether the zoned bar changed. */
  put(base: Candle): boolean {
    const open = zonedOpenTime(this.interval, this.offsetMs, base.openTime);
    if (this.open !== null && open < this.open) return false; // a bar of a zoned bar already over
    if (this.open === null || open > this.open) {
      this.open = open;
      this.parts.clear();
    }
    const held = this.parts.get(base.openTime);
    if (held !== undefined && held.lastTradeId >= base.lastTradeId) return false;
    this.parts.set(base.openTime, base);
    this.current = sumBars(this.interval, this.offsetMs, open, [...this.parts.values()].sort((a, b) => a.openTime - b.openTime));
    return true;
  }

  get bar(): Candle | undefined {
    return this.current;
  }
}
