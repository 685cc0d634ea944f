// Candles with a live bar: REST history, then kline events that replace the bar with the same open time or append
// a new one. Two versions of one bar are told apart by trade count, which only grows while a bar is live.
import type { Candle } from '../parse/market.ts';

export const CANDLES_LIMIT = 1_000;

const newer = (a: Candle, b: Candle): Candle => (a.trades > b.trades || (a.trades === b.trades && a.closed && !b.closed) ? a : b);

export function applyCandle(candles: readonly Candle[], bar: Candle, limit = CANDLES_LIMIT): readonly Candle[] {
  const last = candles[candles.length - 1];
  if (!last || bar.time > last.time) return [...candles.slice(Math.max(0, candles.length - limit + 1)), bar];
  if (bar.time === last.time) return [...candles.slice(0, -1), newer(bar, last)];
  // A late update of an older bar (rare): replace it in place if we have it.
  const i = candles.findIndex((c) => c.time === bar.time);
  if (i < 0) return candles;
  const next = [...candles];
  next[i] = newer(bar, candles[i] as Candle);
  return next;
}

/** applyCandle on a list the caller owns (a copy made for this frame, handed to no one yet): changed in place. */
export function applyCandleInPlace(candles: Candle[], bar: Candle, limit = CANDLES_LIMIT): Candle[] | null {
  const last = candles[candles.length - 1];
  if (!last || bar.time > last.time) {
    candles.push(bar);
    if (candles.length > limit) candles.splice(0, candles.length - limit);
    return candles;
  }
  if (bar.time === last.time) {
    candles[candles.length - 1] = newer(bar, last);
    return candles;
  }
  const i = candles.findIndex((c) => c.time === bar.time);
  if (i < 0) return null;
  candles[i] = newer(bar, candles[i] as Candle);
  return candles;
}

/** History from REST merged under what the topic already delivered. */
export function mergeHistory(candles: readonly Candle[], history: readonly Candle[], limit = CANDLES_LIMIT): readonly Candle[] {
  const byTime = new Map<number, Candle>();
  for (const c of history) byTime.set(c.time, c);
  for (const c of candles) {
    const held = byTime.get(c.time);
    byTime.set(c.time, held ? newer(c, held) : c);
  }
  return [...byTime.values()].sort((a, b) => a.time - b.time).slice(-limit);
}
