// Password guessing, slowed without locking anyone out. Failures are counted in the store (so the limits hold
// across restarts and gateways) three ways: per account and address, per address across accounts, and per account
// from anywhere; each count is forgotten once its window passes without a failure (a sliding window, so a slow
// guesser does not start over every window, and an attack that goes on is one episode). Past their limits the first two impose a growing wait on that address (policy.ts LOGIN_DELAYS):
// an attempt during the wait is refused with login.throttled and the seconds left, before the password is looked
// at. The account-wide count never refuses anything: past its limit a sign-in from an address without a recent
// success on the account needs a verification code sent to the account as well, and the owner is told once.
//
// A wait is a refusal with Retry-After rather than a request held open: holding costs a connection and memory per
// attempt, which an attacker with many connections would turn against the server, while a refusal costs nothing,
// needs no password hashing, and the client shows the countdown.
import { isIPv6 } from 'node:net';
import { fail, secondsUntil } from '../errors.ts';
import type { RateLimits } from '../store/rateLimits.ts';
import { rateKey } from './limiter.ts';
import { LOGIN_TRUSTED_ADDRESS_MS, loginDelayMs, RATE_RULES } from './policy.ts';

/**
 * The subject rate limits use for a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64 prefix,
 * since one subscriber usually holds a whole /64 and could otherwise step to a fresh address for every attempt.
 */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export interface LoginFailure {
  /** Failures on the account from anywhere in the current window, this one included. */
  readonly accountFailures: number;
  /** This failure is the one that reached the account's limit: tell the owner (once per window). */
  readonly alertOwner: boolean;
}

export function createLoginGuard(rateLimits: RateLimits) {
  const rules = RATE_RULES;
  const pair = (account: string, address: string) => `${account}|${address}`;
  const waitKey = (what: 'pair' | 'address', subject: string) => `login:wait:${what}:${subject}`;
  const trustedKey = (account: string, address: string) => `login:ok:${pair(account, address)}`;

  /** Counts one failure under `rule` and imposes the wait it calls for. */
  async function count(rule: typeof rules.loginFailuresPerPair | typeof rules.loginFailuresPerAddress, what: 'pair' | 'address', subject: string, now: number): Promise<void> {
    const { count: failures } = await rateLimits.mark(rateKey(rule, subject), now + rule.windowMs, now);
    const delay = loginDelayMs(rule, failures);
    if (delay > 0) await rateLimits.mark(waitKey(what, subject), now + delay, now);
  }

  return Object.freeze({
    /** Refuses with login.throttled (data.retryAfter) while this address must wait, for this account or any. */
    async ensureAllowed(account: string, address: string, now: number): Promise<void> {
      const waits = await Promise.all([rateLimits.peek(waitKey('pair', pair(account, address)), now), rateLimits.peek(waitKey('address', address), now)]);
      const until = Math.max(0, ...waits.map((w) => w?.resetAt ?? 0));
      if (until > now) fail('login.throttled', { retryAfter: secondsUntil(until, now) });
    },

    /** Whether a sign-in to `account` from `address` needs a verification code as well, now. */
    async needsCode(account: string, address: string, now: number): Promise<boolean> {
      const failures = await rateLimits.peek(rateKey(rules.loginFailuresPerAccount, account), now);
      if (failures === null || failures.count < rules.loginFailuresPerAccount.limit) return false;
      return (await rateLimits.peek(trustedKey(account, address), now)) === null;
    },

    /** A wrong password (or code): counted three ways, with the waits that follow. */
    async failed(account: string, address: string, now: number): Promise<LoginFailure> {
      await count(rules.loginFailuresPerPair, 'pair', pair(account, address), now);
      await count(rules.loginFailuresPerAddress, 'address', address, now);
      const rule = rules.loginFailuresPerAccount;
      const { count: accountFailures } = await rateLimits.mark(rateKey(rule, account), now + rule.windowMs, now);
      return { accountFailures, alertOwner: accountFailures === rule.limit };
    },

    /** A successful sign-in: this address's failures on the account are forgotten and the address is trusted. */
    async succeeded(account: string, address: string, now: number): Promise<void> {
      await rateLimits.clear(rateKey(rules.loginFailuresPerPair, pair(account, address)));
      await rateLimits.clear(waitKey('pair', pair(account, address)));
      await rateLimits.mark(trustedKey(account, address), now + LOGIN_TRUSTED_ADDRESS_MS, now);
    },
  });
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
