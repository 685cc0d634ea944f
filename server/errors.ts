// The one error type the services throw: a catalogue key plus optional data for the envelope (e.g. retryAfter).
// HTTP statuses are the gateway's business (gateway/errors.ts), so the services stay free of transport.
import type { ServerErrorCode } from './contract/errors.ts';

export class AppError extends Error {
  override name = 'AppError';
  readonly code: ServerErrorCode;
  readonly data: Readonly<Record<string, unknown>> | null;

  constructor(code: ServerErrorCode, data: Readonly<Record<string, unknown>> | null = null) {
    super(code);
    this.code = code;
    this.data = data;
  }
}

export function fail(code: ServerErrorCode, data?: Readonly<Record<string, unknown>>): never {
  throw new AppError(code, data ?? null);
}

/** Seconds until `until`, rounded up and at least 1, as clients show it in a countdown. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(1, Math.ceil((until - now) / 1000));
}
