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

// ---- REST klines in a time zone (GET /api/v3/klines and uiKlines with `timeZone`) ------------------------------
// Binance: "hours and minutes (e.g. -1:00, 05:45), only hours (e.g. 0, 8, 4); accepted range is strictly
// [-12:00 to +14:00] inclusive. If timeZone is provided, kline intervals are interpreted in that timezone instead of
// UTC. startTime and endTime are always interpreted in UTC." Every interval is drawn in the zone: a bar whose length
// divides the offset is the UTC bar itself (1h at +08:00, 1m at anything); any other (1d at +08:00, 1h at +05:45) is
// summed from the longest recorded interval that tiles it (4h at +08:00, 15m at +05:45), as the streams do.

const TIME_ZONE = /^([+-]?)(\d{1,2})(?::(\d{2}))?$/;
const MIN_OFFSET_MIN = -12 * 60;
const MAX_OFFSET_MIN = 14 * 60;

/** `timeZone`'s offset in ms; 'illegal' when it is not [+-]H[H][:MM], 'range' when outside [-12:00, +14:00]. */
export function parseTimeZone(text: string): number | 'illegal' | 'range' {
  const m = TIME_ZONE.exec(text);
  if (m === null) return 'illegal';
  const minutes = m[3] === undefined ? 0 : Number(m[3]);
  if (minutes > 59) return 'range';
  const total = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + minutes);
  if (total < MIN_OFFSET_MIN || total > MAX_OFFSET_MIN) return 'range';
  return total * 60_000;
}

/** What the REST handler reads bars through: MarketData.candles (stored bars overlaid with the unwritten ones). */
export type CandleReader = (interval: Interval, query: { startTime?: number | undefined; endTime?: number | undefined; limit: number }) => Promise<Candle[]>;

/** Base bars read per page while summing zoned bars. */
const PAGE = 1000;

/**
 * The zoned bars of `interval` at `offsetMs` that open within [startTime, endTime] (UTC, either optional): with
 * startTime the first `limit` from there, else the last `limit` up to endTime (now), oldest first, as Binance. Bars
 * exist only where base bars do (only with trades, as the UTC ones).
 */
export async function zonedKlines(
  read: CandleReader,
  interval: Interval,
  offsetMs: number,
  query: { startTime?: number | undefined; endTime?: number | undefined; limit: number },
): Promise<Candle[]> {
  const { startTime, endTime, limit } = query;
  if (sameAsUtc(interval, offsetMs)) return read(interval, query);
  const base = baseInterval(offsetMs);
  const zoned = (bar: Candle) => zonedOpenTime(interval, offsetMs, bar.openTime);
  const groups = new Map<number, Candle[]>();
  const inRange = (open: number) => (startTime === undefined || open >= startTime) && (endTime === undefined || open <= endTime);
  /** Files each base bar of a page under the zoned bar it belongs to (those in range). */
  const gather = (page: readonly Candle[]) => {
    for (const bar of page) {
      const open = zoned(bar);
      if (!inRange(open)) continue;
      const group = groups.get(open);
      if (group === undefined) groups.set(open, [bar]);
      else group.push(bar);
    }
  };
  if (startTime !== undefined) {
    // Forward from startTime: a zoned bar opening at or after it starts at or after it, so its base bars do too.
    let cursor = startTime;
    for (;;) {
      const page = await read(base, { startTime: cursor, limit: PAGE });
      gather(page);
      const last = page[page.length - 1];
      // Done when the store has no more, past endTime, or once limit + 1 bars have begun (the first limit are whole).
      if (last === undefined || page.length < PAGE || (endTime !== undefined && zoned(last) > endTime) || groups.size > limit) break;
      cursor = last.openTime + 1;
    }
    return [...groups.entries()].sort(([a], [b]) => a - b).slice(0, limit).map(([open, parts]) => sumBars(interval, offsetMs, open, parts));
  }
  // Backward from the end of the zoned bar holding endTime (or from now): the newest limit bars.
  let upper = endTime === undefined ? undefined : zonedCloseTime(interval, offsetMs, zonedOpenTime(interval, offsetMs, endTime));
  for (;;) {
    const page = await read(base, { endTime: upper, limit: PAGE });
    gather(page);
    const first = page[0];
    if (first === undefined || page.length < PAGE || groups.size > limit) break;
    upper = first.openTime - 1;
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .slice(-limit)
    .map(([open, parts]) => sumBars(interval, offsetMs, open, parts.sort((a, b) => a.openTime - b.openTime)));
}
