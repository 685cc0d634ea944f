// Applies the rate rules of policy.ts against the store's counters and answers `rate.limited` with retryAfter.
// (Failed sign-ins have their own, growing waits: login-guard.ts.)
import { fail, secondsUntil } from '../errors.ts';
import type { RateLimits } from '../store/rateLimits.ts';
import type { RateRule } from './policy.ts';

export function rateKey(rule: RateRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

export function createLimiter(rateLimits: RateLimits) {
  return Object.freeze({
    /** Counts one event and refuses it when the window is over its limit. */
    async consume(rule: RateRule, subject: string, now: number): Promise<void> {
      const state = await rateLimits.hit(rateKey(rule, subject), rule.windowMs, now);
      if (state.count > rule.limit) fail('rate.limited', { retryAfter: secondsUntil(state.resetAt, now) });
    },
  });
}

export type Limiter = ReturnType<typeof createLimiter>;
