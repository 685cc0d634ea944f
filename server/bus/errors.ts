// The command log's typed failures, apart from command-log.ts so callers can tell them without loading the NATS
// client (index.ts loads that only when a log is created).

/** The appended seq on this subject was not the one the writer expected: someone else appended in between. */
export class FenceError extends Error {
  readonly subject: string;
  readonly expected: number;
  constructor(subject: string, expected: number, cause: unknown) {
    super(`command log ${subject}: expected last seq ${expected}, ${(cause as Error).message}`, { cause });
    this.name = 'FenceError';
    this.subject = subject;
    this.expected = expected;
  }
}

/** Commands a reader needs were removed from the stream (limits or a purge): replaying would skip them silently. */
export class LogGapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogGapError';
  }
}
