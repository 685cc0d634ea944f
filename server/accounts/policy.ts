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
  /** Failed logins per account: slows password guessing against one account. */
  loginFailuresPerAccount: { name: 'login:account', limit: 5, windowMs: 15 * MINUTE },
  /** Login attempts per client address: slows spraying many accounts from one place. */
  loginAttemptsPerAddress: { name: 'login:address', limit: 30, windowMs: MINUTE },
  /** Codes issued per account: caps the mail or SMS a stranger can make us send to one person. */
  codesPerAccount: { name: 'code:account', limit: 10, windowMs: HOUR },
  /** Code requests per client address (including rejected ones): slows probing which accounts exist. */
  codeRequestsPerAddress: { name: 'code:address', limit: 30, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;

export const DEFAULT_SESSION_TTL_MS = 168 * HOUR;
