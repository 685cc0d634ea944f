// Invitation commissions (server/accounts/invite/README.md): once a day, SETTLE_MS after 00:00 UTC of the clock, pay
// every finished day not yet paid through the spot desk (runCommissions). The clock is the injected one: the timer
// only looks at it every pollMs (cheap: a comparison), so a clock moved forward (tests, the demo's backfill) is
// caught up on the next look, each missed day paid separately. A run that left payments waiting for fee income, or
// failed (a desk down, a store error), is tried again retryMs later. Runs never overlap within a process, and two
// processes (or the operator's `invite commissions run`) running at once still pay each reference once: the desk
// checks.
import type { Clock } from '../clock.ts';
import { DAY_MS, dayStart, runCommissions, SETTLE_MS, type PayCommission, type RunReport } from '../accounts/invite/commission.ts';
import type { Store } from '../store/index.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

export interface CommissionJobOptions {
  readonly store: Store;
  readonly clock: Clock;
  /** The spot desk's payCommission. */
  readonly pay: PayCommission;
  /** How often the clock is looked at (real ms); 0 = never by itself (tests call tick()). */
  readonly pollMs?: number | undefined;
  /** After a run that left something waiting or failed, how long (clock ms) until the next try. */
  readonly retryMs?: number | undefined;
  readonly settleMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** tick(force?): runs now if due (or `force`), after any run in progress; the report, or null when nothing was due. */
export type CommissionJob = PeriodicJob<RunReport>;

export const RETRY_MS = 10 * 60_000;

export function startCommissions(o: CommissionJobOptions): CommissionJob {
  const settle = o.settleMs ?? SETTLE_MS;
  const retry = o.retryMs ?? RETRY_MS;
  /** Clock time of the next run; 0 = at once (catch-up at start). */
  let due = 0;
  return startPeriodic({
    pollMs: o.pollMs ?? 2_000,
    onError: o.onError,
    pass: async (force) => {
      const now = o.clock();
      if (!force && now < due) return null;
      try {
        const report = await runCommissions({ store: o.store, clock: o.clock, pay: o.pay, settleMs: settle });
        const waiting = report.days.some((d) => d.waiting > 0);
        // Next: the end of today plus the margin, or sooner when something waits for fee income.
        const next = dayStart(now - settle) + DAY_MS + settle;
        due = waiting ? Math.min(next, now + retry) : next;
        return report;
      } catch (error) {
        due = now + retry;
        throw error;
      }
    },
  });
}
