// Guessing a secret of a signed-in account (a verification code, the login password when changing it, the fund
// password, a TOTP code), slowed without locking the owner out: the login guard's rule (login-guard.ts) per user
// and kind of secret. Failures are counted in the store (so the limit holds across restarts and gateways) in a
// sliding window; from the SECRET_FAILURES_FREE-th on, each failure imposes a growing wait (1 s, doubling, at most
// 5 min) during which an attempt is refused with `security.throttled` and the seconds left, before the secret is
// looked at. A success forgets the failures. Nothing ever refuses the right secret once the wait has passed.
import { fail, secondsUntil } from '../../errors.ts';
import type { RateLimits } from '../../store/rateLimits.ts';
import { loginDelayMs, type RateRule } from '../policy.ts';

/** The secrets this guard counts separately: one kind's failures never slow another. */
export type SecretKind = 'code' | 'password' | 'fund' | 'totp' | 'passkey';

/** Failures of one kind on one account answered at once; the last of them starts the first wait (1 s). */
export const SECRET_FAILURES_FREE = 5;
const WINDOW_MS = 60 * 60_000;

const rule = (kind: SecretKind): RateRule => ({ name: `secret:fail:${kind}`, limit: SECRET_FAILURES_FREE, windowMs: WINDOW_MS });
const countKey = (kind: SecretKind, user: number) => `${rule(kind).name}:${user}`;
const waitKey = (kind: SecretKind, user: number) => `secret:wait:${kind}:${user}`;

export function createSecretGuard(rateLimits: RateLimits) {
  return Object.freeze({
    /** Refuses with security.throttled (data.retryAfter) while this account must wait before trying this secret again. */
    async ensureAllowed(kind: SecretKind, user: number, now: number): Promise<void> {
      const wait = await rateLimits.peek(waitKey(kind, user), now);
      if (wait !== null && wait.resetAt > now) fail('security.throttled', { retryAfter: secondsUntil(wait.resetAt, now) });
    },

    /** A wrong secret: counted, and the wait it calls for imposed. Returns the failures in the window. */
    async failed(kind: SecretKind, user: number, now: number): Promise<number> {
      const { count } = await rateLimits.mark(countKey(kind, user), now + WINDOW_MS, now);
      const delay = loginDelayMs(rule(kind), count);
      if (delay > 0) await rateLimits.mark(waitKey(kind, user), now + delay, now);
      return count;
    },

    /** The right secret: the failures are forgotten. */
    async succeeded(kind: SecretKind, user: number): Promise<void> {
      await rateLimits.clear(countKey(kind, user));
      await rateLimits.clear(waitKey(kind, user));
    },

    /**
     * Runs `check` (which throws an AppError for a wrong secret) under the guard: refused at once while waiting,
     * a failure counted when `check` throws one of `wrong` codes, forgotten when it passes.
     */
    async guarded<T>(kind: SecretKind, user: number, now: number, wrong: (code: string) => boolean, check: () => Promise<T>): Promise<T> {
      await this.ensureAllowed(kind, user, now);
      try {
        const result = await check();
        await this.succeeded(kind, user);
        return result;
      } catch (error) {
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === 'string' && wrong(code)) await this.failed(kind, user, now);
        throw error;
      }
    },
  });
}

export type SecretGuard = ReturnType<typeof createSecretGuard>;
