// When fee levels change: recomputed daily at 00:00 GMT+8 from the trailing 30 days, applied at 04:00 GMT+8 (a
// quiet hour, and time to publish the new levels first). Pure functions of a timestamp; the jobs feed the clock.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** GMT+8 has no daylight saving, so a fixed offset is exact. */
const OFFSET = 8 * HOUR;

export const RECOMPUTE_HOUR = 0;
export const APPLY_HOUR = 4;
export const WINDOW_DAYS = 30;

/** The first instant strictly after `t` (Unix ms) when GMT+8 wall-clock time is `hour`:00. */
export function nextAtHour(t: number, hour: number): number {
  const localDayStart = Math.floor((t + OFFSET) / DAY) * DAY - OFFSET;
  const candidate = localDayStart + hour * HOUR;
  return candidate > t ? candidate : candidate + DAY;
}

export const nextRecomputeAt = (t: number): number => nextAtHour(t, RECOMPUTE_HOUR);
export const nextApplyAt = (t: number): number => nextAtHour(t, APPLY_HOUR);

/** The volume window a recompute at `recomputeAt` uses: [start, end) in Unix ms. */
export function volumeWindow(recomputeAt: number, days = WINDOW_DAYS): { start: number; end: number } {
  return { start: recomputeAt - days * DAY, end: recomputeAt };
}

/** The recompute whose levels are in force at `t`: levels from 00:00 apply from 04:00 the same day. */
export function recomputeInForceAt(t: number): number {
  const apply = nextApplyAt(t) - DAY; // the latest apply instant at or before t
  return apply - (APPLY_HOUR - RECOMPUTE_HOUR) * HOUR;
}
