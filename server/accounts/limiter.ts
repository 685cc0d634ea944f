// Applies the rate rules of policy.ts against the store's counters and answers `rate.limited` with retryAfter.
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
    /** Refuses when the window is already full, without counting (for counters of failures only). */
    async ensureOpen(rule: RateRule, subject: string, now: number): Promise<void> {
      const state = await rateLimits.peek(rateKey(rule, subject), now);
      if (state && state.count >= rule.limit) fail('rate.limited', { retryAfter: secondsUntil(state.resetAt, now) });
    },
    /** Counts one event without refusing it (a failure is recorded after the answer is known). */
    async record(rule: RateRule, subject: string, now: number): Promise<void> {
      await rateLimits.hit(rateKey(rule, subject), rule.windowMs, now);
    },
    async clear(rule: RateRule, subject: string): Promise<void> {
      await rateLimits.clear(rateKey(rule, subject));
    },
  });
}

export type Limiter = ReturnType<typeof createLimiter>;
