// What every process of a cluster does the same (desk-main.ts, jobs-main.ts, gateway-main.ts): one JSON line on
// stdout per step, for `npm run cluster` and the tests to read; an exit code that says how it ended (0: stopped on
// SIGTERM or SIGINT after closing what it opened; 1: failed, or must not go on, so its supervisor starts a new one).
// These are process entry points: ending the process is their job.

/** One step as a JSON line: { event, at, …fields }. */
export const say = (event: string, fields: Record<string, unknown> = {}): void => {
  process.stdout.write(`${JSON.stringify({ event, at: Date.now(), ...fields })}\n`);
};

/** Ends the process at once with status 1 after saying why (a desk that stopped, a lease taken). */
export function exitFailed(event: string, fields: Record<string, unknown>): never {
  say(event, fields);
  process.exit(1);
}

/**
 * On SIGTERM or SIGINT: `close`, then exit 0. Once: Ctrl-C in a terminal sends SIGINT to every process of the group
 * and `npm run cluster` then sends its children SIGTERM, and a second close of the same connections would throw.
 */
export function closeOnSignal(close: () => Promise<void>): void {
  let closing: Promise<void> | null = null;
  const shutdown = async () => {
    try {
      await (closing ??= close());
    } catch (error) {
      // Closing failed (a connection already gone): say so and end as failed, not as an unhandled rejection.
      exitFailed('close-failed', { error: error instanceof Error ? error.message : String(error) });
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

/** Runs the process's main; a failure is said ('failed', with the stack) and ends it with status 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => exitFailed('failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
}
