// The earn accrual job (issue 23): pays wealth and mining incomes and principals when due, through the earn desk
// (desks/earn/desk.ts, which makes each payment exactly once). The clock is the injected one: the timer only looks at
// it every pollMs (a comparison with the desk's next due instant), so a clock moved forward (tests, a day of
// downtime) is caught up on the next look, each payment with its own due instant. The first look is at once (the
// catch-up at start). A failed run (a desk down, a store error) is tried again at the next look.
import type { Clock } from '../clock.ts';
import type { AccrualReport } from '../desks/earn/api.ts';
import { startPeriodic, type PeriodicJob } from './periodic.ts';

export interface EarnJobOptions {
  readonly clock: Clock;
  /** The earn desk's calls the job needs. */
  readonly desk: { runDue(): Promise<AccrualReport>; readonly nextDueAt: number | null };
  /** How often the clock is looked at (real ms); 0 = never by itself (tests call tick()). */
  readonly pollMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** tick(): pays what is due now (after any run in progress); null when nothing was due or the run failed. */
export type EarnJob = PeriodicJob<AccrualReport>;

export function startEarnAccrual(o: EarnJobOptions): EarnJob {
  return startPeriodic({
    pollMs: o.pollMs ?? 1_000,
    onError: o.onError,
    pass: async (force) => {
      const due = o.desk.nextDueAt;
      return !force && (due === null || due > o.clock()) ? null : await o.desk.runDue();
    },
  });
}
