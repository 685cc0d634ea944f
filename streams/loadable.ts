// One union for every async value the stream layer hands out, so panels render idle, loading, data and failure
// the same way and errors arrive as values instead of exceptions that would tear a subscription down.

export interface StreamError {
  /** A contract error code (`request.invalid`, …) or a client-side one (`client.network`, `client.reply`, …). */
  readonly code: string;
  readonly message: string;
}

/** `data` on pending and error keeps the last good value, so a resync or a failed poll doesn't blank a panel. */
export type Loadable<T> =
  | { readonly status: 'idle' }
  | { readonly status: 'pending'; readonly data?: T }
  | { readonly status: 'success'; readonly data: T }
  | { readonly status: 'error'; readonly error: StreamError; readonly data?: T };

export const idle: Loadable<never> = Object.freeze({ status: 'idle' });

export const pending = <T>(data?: T): Loadable<T> => (data === undefined ? { status: 'pending' } : { status: 'pending', data });
export const success = <T>(data: T): Loadable<T> => ({ status: 'success', data });
export const failure = <T>(error: StreamError, data?: T): Loadable<T> =>
  data === undefined ? { status: 'error', error } : { status: 'error', error, data };

/** The freshest data a Loadable carries, whatever its status. */
export function dataOf<T>(value: Loadable<T>): T | undefined {
  return value.status === 'idle' ? undefined : value.data;
}

export function mapLoadable<T, U>(value: Loadable<T>, f: (data: T) => U): Loadable<U> {
  switch (value.status) {
    case 'idle':
      return value;
    case 'pending':
      return value.data === undefined ? pending<U>() : pending(f(value.data));
    case 'success':
      return success(f(value.data));
    case 'error':
      return value.data === undefined ? failure<U>(value.error) : failure(value.error, f(value.data));
  }
}

export function toStreamError(error: unknown, fallbackCode = 'client.error'): StreamError {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    const message = 'message' in error && typeof error.message === 'string' ? error.message : error.code;
    return { code: error.code, message };
  }
  return { code: fallbackCode, message: error instanceof Error ? error.message : String(error) };
}

/** Same status, the same data (by identity) and the same error: nothing a panel shows differs. */
export function sameLoadable<T>(a: Loadable<T>, b: Loadable<T>): boolean {
  if (a.status !== b.status || dataOf(a) !== dataOf(b)) return false;
  return a.status !== 'error' || b.status !== 'error' || (a.error.code === b.error.code && a.error.message === b.error.message);
}
