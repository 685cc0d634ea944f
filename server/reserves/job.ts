// The daily liabilities snapshot (server/reserves/README.md): once a UTC day, from 00:00 of the injected clock. The
// timer only looks at the clock every pollMs (a comparison), so a clock moved forward (tests, the demo's backfill)
// is caught up on the next look. A day is done when any snapshot was published at or after its 00:00 (an
// operator's counts), so a restart, or a second look the same day, takes none; a start on a day without one takes
// one at once. A failed run is tried again retryMs later. Snapshots never overlap within a process (snapshot.ts).
import type { Clock } from '../clock.ts';
import type { Store } from '../store/index.ts';
import { takeSnapshot, type SnapshotReport } from './snapshot.ts';
import { startPeriodic } from '../jobs/periodic.ts';

export const DAY_MS = 86_400_000;
export const RETRY_MS = 10 * 60_000;

export const dayStart = (t: number): number => Math.floor(t / DAY_MS) * DAY_MS;

export interface ReservesJobOptions {
  readonly store: Store;
  readonly clock: Clock;
  /** How often the clock is looked at (real ms); 0 = never by itself (tests call tick()). */
  readonly pollMs?: number | undefined;
  /** After a failed run, how long (clock ms) until the next try. */
  readonly retryMs?: number | undefined;
  readonly onSnapshot?: ((report: SnapshotReport) => void) | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

export interface ReservesJob {
  /** Takes the day's snapshot if it is due; the report, or null when none was due (or it failed: onError). */
  tick(): Promise<SnapshotReport | null>;
  stop(): Promise<void>;
}

export function startReservesJob(o: ReservesJobOptions): ReservesJob {
  const retry = o.retryMs ?? RETRY_MS;
  /** No try before this clock time (after a failure). */
  let notBefore = 0;
  return startPeriodic({
    pollMs: o.pollMs ?? 5_000,
    onError: o.onError,
    pass: async () => {
      const now = o.clock();
      if (now < notBefore) return null;
      try {
        const last = await o.store.reserves.lastPublishedAt();
        if (last !== null && last >= dayStart(now)) return null;
        const report = await takeSnapshot({ store: o.store, clock: o.clock, cause: 'daily' });
        o.onSnapshot?.(report);
        return report;
      } catch (error) {
        notBefore = now + retry;
        throw error;
      }
    },
  });
}
