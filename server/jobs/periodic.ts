// The loop every clock-driven job shares (invitation commissions, earn accrual, liabilities snapshots, the wallet's
// withdrawal lifecycle): a pass at once, then one every pollMs of real time; passes never overlap (each waits for the
// one before); a pass that throws is reported and the next look tries again; `stop` waits for a pass in progress.
// Whether a pass has anything to do is the job's own question (it looks at the injected clock), so a clock moved
// forward is caught up on the next look.

export interface PeriodicJob<T> {
  /** Runs a pass now, after any pass in progress; its result, or null when it did nothing or failed. */
  tick(force?: boolean): Promise<T | null>;
  stop(): Promise<void>;
}

export interface PeriodicOptions<T> {
  /** One pass; `force` asks it to run even if not due. Null: nothing was due. */
  readonly pass: (force: boolean) => Promise<T | null>;
  /** Real ms between looks; 0: never by itself (tests call tick()). */
  readonly pollMs: number;
  /** Told of a pass that threw (the pass returned nothing). */
  readonly onError?: ((error: unknown) => void) | undefined;
}

export function startPeriodic<T>(o: PeriodicOptions<T>): PeriodicJob<T> {
  let running: Promise<T | null> = Promise.resolve(null);
  let stopped = false;
  const once = async (force: boolean): Promise<T | null> => {
    if (stopped) return null;
    try {
      return await o.pass(force);
    } catch (error) {
      o.onError?.(error);
      return null;
    }
  };
  const tick = (force = false) => (running = running.then(() => once(force)));
  const timer = o.pollMs > 0 ? setInterval(() => void tick(), o.pollMs) : null;
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
