// The earn accrual job (issue 23): pays wealth and mining incomes and principals when due, through the earn desk
// (desks/earn/desk.ts, which makes each payment exactly once). The clock is the injected one: the timer only looks at
// it every pollMs (a comparison with the desk's next due instant), so a clock moved forward (tests, a day of
// downtime) is caught up on the next look, each payment with its own due instant. The first look is at once (the
// catch-up at start). A failed run (a desk down, a store error) is tried again at the next look.
import type { Clock } from '../clock.ts';
import type { AccrualReport } from '../desks/earn/api.ts';

export interface EarnJobOptions {
  readonly clock: Clock;
  /** The earn desk's calls the job needs. */
  readonly desk: { runDue(): Promise<AccrualReport>; readonly nextDueAt: number | null };
  /** How often the clock is looked at (real ms); 0 = never by itself (tests call tick()). */
  readonly pollMs?: number | undefined;
  readonly onError?: ((error: unknown) => void) | undefined;
}

export interface EarnJob {
  /** Pays what is due now (after any run in progress); null when nothing was due or the run failed. */
  tick(force?: boolean): Promise<AccrualReport | null>;
  stop(): Promise<void>;
}

export function startEarnAccrual(o: EarnJobOptions): EarnJob {
  let running: Promise<AccrualReport | null> = Promise.resolve(null);
  let stopped = false;
  const once = async (force: boolean): Promise<AccrualReport | null> => {
    const due = o.desk.nextDueAt;
    if (stopped || (!force && (due === null || due > o.clock()))) return null;
    try {
      return await o.desk.runDue();
    } catch (error) {
      o.onError?.(error);
      return null;
    }
  };
  const tick = (force = false) => (running = running.then(() => once(force)));
  const poll = o.pollMs ?? 1_000;
  const timer = poll > 0 ? setInterval(() => void tick(), poll) : null;
  timer?.unref();
  if (timer !== null) void tick();
  return {
    tick,
    async stop() {
      stopped = true;
      if (timer !== null) clearInterval(timer);
      await running;
    },
  };
}
