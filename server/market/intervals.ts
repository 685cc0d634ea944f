// Candle intervals and their UTC boundaries, as Binance draws them: fixed-length bars up to a day, weeks from
// Monday 00:00 UTC, months from the 1st. Dates are computed from the given instant, never from a clock.

export const INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'] as const;
export type Interval = (typeof INTERVALS)[number];

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const WEEK = 7 * DAY;
/** 1970-01-01 was a Thursday; the first Monday is 4 days later. */
const FIRST_MONDAY = 4 * DAY;

const FIXED: Readonly<Record<Exclude<Interval, '1w' | '1M'>, number>> = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '30m': 30 * MINUTE,
  '1h': 60 * MINUTE,
  '4h': 240 * MINUTE,
  '1d': DAY,
};

export function isInterval(text: string): text is Interval {
  return (INTERVALS as readonly string[]).includes(text);
}

const floorTo = (t: number, size: number, origin = 0) => Math.floor((t - origin) / size) * size + origin;

/** Start of the bar that contains `time`. */
export function openTime(interval: Interval, time: number): number {
  if (interval === '1w') return floorTo(time, WEEK, FIRST_MONDAY);
  if (interval === '1M') {
    const d = new Date(time);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  return floorTo(time, FIXED[interval]);
}

/** Start of the bar after the one opening at `open`. */
export function nextOpenTime(interval: Interval, open: number): number {
  if (interval === '1w') return open + WEEK;
  if (interval === '1M') {
    const d = new Date(open);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return open + FIXED[interval];
}

/** Binance's closeTime: the last millisecond of the bar. */
export function closeTime(interval: Interval, open: number): number {
  return nextOpenTime(interval, open) - 1;
}
