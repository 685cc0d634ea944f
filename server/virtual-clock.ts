// A Clock whose time can be driven: the demo's first start replays a simulated past through the real desks, market
// data and index record, and every one of them must read the same time. startServer hands this one clock to all
// of them; while the backfill drives it, it answers the time the backfill set (only ever forward), and once
// released it answers the base clock again (never less than the last driven time, so time does not step back).
import type { Clock } from './clock.ts';

export interface VirtualClock {
  /** The Clock to inject everywhere. */
  readonly now: Clock;
  /** Whether the time is being driven (between the first set() and release()). */
  readonly driven: boolean;
  /** Drives the clock to `time` (Unix ms); refuses a time before the one already set. */
  set(time: number): void;
  /** Hands the time back to the base clock. */
  release(): void;
}

export function virtualClock(base: Clock): VirtualClock {
  let driven: number | null = null;
  let floor = -Infinity;
  return {
    now: () => (driven !== null ? driven : Math.max(base(), floor)),
    get driven() {
      return driven !== null;
    },
    set(time) {
      if (!Number.isSafeInteger(time)) throw new RangeError(`bad time: ${time}`);
      if (driven !== null && time < driven) throw new RangeError(`the virtual clock only moves forward (${time} < ${driven})`);
      driven = time;
    },
    release() {
      if (driven !== null) floor = driven;
      driven = null;
    },
  };
}
