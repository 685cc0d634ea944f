// Every limit of the account service in one place: code lifetimes, attempt counts and rate-limit windows.
import { CODE_RESEND_SECONDS } from '../contract/api.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface RateRule {
  /** Prefix of the store key; the subject (account or address) is appended. */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
}

export const CODE_TTL_MS = 10 * MINUTE;
export const CODE_RESEND_MS = CODE_RESEND_SECONDS * 1000;
/** Wrong entries a code survives; the last one kills it. */
export const CODE_MAX_ATTEMPTS = 5;

export const RATE_RULES = {
  /** Login attempts per client address, right or wrong: a flood guard in front of the password hashing. */
  loginAttemptsPerAddress: { name: 'login:address', limit: 30, windowMs: MINUTE },
  /**
   * Failed logins on one account from one address: past `limit`, each further attempt from there waits a growing
   * delay (LOGIN_DELAYS). A success from that address forgets them. The three login:fail windows slide: a count is
   * forgotten `windowMs` after its last failure.
   */
  loginFailuresPerPair: { name: 'login:fail:pair', limit: 3, windowMs: 15 * MINUTE },
  /** Failed logins from one address across accounts (spraying one password over many): delayed the same way. */
  loginFailuresPerAddress: { name: 'login:fail:address', limit: 20, windowMs: 15 * MINUTE },
  /**
   * Failed logins on one account from anywhere: at `limit` the owner is told (once per episode), and from then on a
   * sign-in from an address without a recent success on the account needs a code sent to the account as well.
   * Nothing here ever refuses the right password from an address that has not been failing.
   */
  loginFailuresPerAccount: { name: 'login:fail:account', limit: 10, windowMs: 15 * MINUTE },
  /** Codes issued per account: caps the mail or SMS a stranger can make us send to one person. */
  codesPerAccount: { name: 'code:account', limit: 10, windowMs: HOUR },
  /** Code requests per client address (including rejected ones): slows probing which accounts exist. */
  codeRequestsPerAddress: { name: 'code:address', limit: 30, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

/** The wait after the failure that reaches a throttle's limit, doubling with each further one, up to `maxMs`. */
export const LOGIN_DELAYS = { firstMs: 1_000, maxMs: 5 * MINUTE } as const;
/** An address a user signed in from successfully is trusted for this long: no code asked there (the mark slides). */
export const LOGIN_TRUSTED_ADDRESS_MS = 30 * 24 * HOUR;

/** The wait after `failures` failures under `rule` (0 while under its limit). */
export function loginDelayMs(rule: RateRule, failures: number): number {
  if (failures < rule.limit) return 0;
  return Math.min(LOGIN_DELAYS.maxMs, LOGIN_DELAYS.firstMs * 2 ** Math.min(30, failures - rule.limit));
}

export const DEFAULT_SESSION_TTL_MS = 168 * HOUR;
