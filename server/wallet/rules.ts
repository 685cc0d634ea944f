// The numbers and pure checks of withdrawals (server/wallet/README.md has them as tables): amounts against a
// network's rule, the daily limit by verification level, address comparison, labels. No I/O, no clock.
import { Code, DECIMALS, formatDecimal, parseDecimal, SCALE } from '../kernel/index.ts';
import type { WalletErrorCode } from '../contract/wallet.ts';
import type { AssetRule } from './ports.ts';

export const HOUR_MS = 3_600_000;
/** The daily limit is a rolling window: withdrawals applied in the last 24 h count. */
export const LIMIT_WINDOW_MS = 24 * HOUR_MS;
/** With the whitelist on, a newly saved address is usable this long after it was saved. */
export const WHITELIST_COOLING_MS = 24 * HOUR_MS;
/** Switching the whitelist off takes effect this long after it was asked (it stays in force until then). */
export const WHITELIST_OFF_DELAY_MS = 24 * HOUR_MS;
/** Saved addresses per user. */
export const ADDRESS_BOOK_MAX = 50;
/** A label: 1 to 40 characters, no control characters. */
export const LABEL_MAX = 40;
/** A withdrawal row still `applying` this long after it was created was cut off: the lifecycle job finishes it. */
export const APPLYING_GRACE_MS = 10_000;
/** Withdrawal attempts per user (any outcome) in WITHDRAW_ATTEMPTS.windowMs, then wallet.withdraw.throttled. */
export const WITHDRAW_ATTEMPTS = { name: 'wallet:withdraw', limit: 30, windowMs: HOUR_MS } as const;
/** The longest address text looked at (a bech32 address is at most 90 characters; an Ethereum one 42). */
export const ADDRESS_MAX = 128;
/** A client id: Binance's withdrawOrderId alphabet. */
export const CLIENT_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

const USDT = (whole: number): bigint => BigInt(whole) * SCALE;

/**
 * The daily withdrawal limit in USDT equivalent (ledger units) by what the account has: identity verified is the
 * base (an unverified account can't withdraw at all: wallet.identity.required), and each binding raises it.
 */
export const DAILY_LIMIT = Object.freeze({
  verified: USDT(50_000),
  email: USDT(50_000),
  phone: USDT(50_000),
  authenticator: USDT(100_000),
});

export interface LimitFactors {
  readonly verified: boolean;
  readonly email: boolean;
  readonly phone: boolean;
  readonly authenticator: boolean;
}

/** The daily limit of an account with these factors (0 when unverified). */
export function dailyLimit(f: LimitFactors): bigint {
  if (!f.verified) return 0n;
  return DAILY_LIMIT.verified + (f.email ? DAILY_LIMIT.email : 0n) + (f.phone ? DAILY_LIMIT.phone : 0n) + (f.authenticator ? DAILY_LIMIT.authenticator : 0n);
}

export const bindings = (f: LimitFactors): number => Number(f.email) + Number(f.phone) + Number(f.authenticator);

/** USDT ledger units of `amount` ledger units of a coin priced `price` (USDT ledger units per whole coin), rounded up. */
export function usdtValue(amount: bigint, price: bigint): bigint {
  const product = amount * price;
  return product / SCALE + (product % SCALE === 0n ? 0n : 1n);
}

export type AmountCheck = { ok: true; value: bigint } | { ok: false; code: WalletErrorCode; data?: Record<string, string> };

const AMOUNT_TEXT = /^[0-9]{1,40}(\.[0-9]{1,40})?$/;

/**
 * A withdrawal amount (what leaves the balance) against the network's rule: a positive decimal, no finer than
 * withdrawDecimals (the chain receives it exactly), at least withdrawMin, and more than the fee (the user
 * receives amount − fee).
 */
export function checkAmount(text: string, rule: AssetRule): AmountCheck {
  if (!AMOUNT_TEXT.test(text)) return { ok: false, code: 'wallet.amount.invalid' };
  const parsed = parseDecimal(text);
  if (!parsed.ok) {
    if (parsed.code === Code.DECIMAL_TOO_PRECISE) return { ok: false, code: 'wallet.amount.precision', data: { decimals: String(rule.withdrawDecimals) } };
    return { ok: false, code: 'wallet.amount.invalid' };
  }
  const value = parsed.value;
  if (value <= 0n) return { ok: false, code: 'wallet.amount.invalid' };
  const step = 10n ** BigInt(DECIMALS - Math.min(DECIMALS, rule.withdrawDecimals));
  if (value % step !== 0n) return { ok: false, code: 'wallet.amount.precision', data: { decimals: String(rule.withdrawDecimals) } };
  if (value < minimum(rule)) {
    return { ok: false, code: 'wallet.amount.below.min', data: { min: formatDecimal(minimum(rule), DECIMALS, true), fee: formatDecimal(rule.withdrawFee, DECIMALS, true) } };
  }
  return { ok: true, value };
}

/** The smallest amount a withdrawal may have: withdrawMin, and above the fee by one step of withdrawDecimals. */
export function minimum(rule: AssetRule): bigint {
  const step = 10n ** BigInt(DECIMALS - Math.min(DECIMALS, rule.withdrawDecimals));
  const aboveFee = rule.withdrawFee + step;
  return rule.withdrawMin > aboveFee ? rule.withdrawMin : aboveFee;
}

/**
 * How an address is compared (the address book's uniqueness, the whitelist): Ethereum addresses and bech32 ones
 * (bc1…, tb1…, bcrt1…) are case-insensitive and compared in lower case; base58 ones are case-sensitive, as written.
 */
export function addressKey(network: string, address: string): string {
  if (network === 'ETH') return address.toLowerCase();
  if (/^(bc|tb|bcrt)1/i.test(address)) return address.toLowerCase();
  return address;
}

// C0 and C1 controls, DEL, line/paragraph separators and the bidi overrides (a label that reads otherwise).
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** A label trimmed, or null when it is empty, too long, or holds control characters. */
export function checkLabel(label: string): string | null {
  const text = label.trim();
  if (text === '' || [...text].length > LABEL_MAX || CONTROL.test(text)) return null;
  return text;
}

/** An address as given: no spaces or controls, at most ADDRESS_MAX characters (the network's check comes next). */
export const plainAddress = (address: string): boolean => address.length > 0 && address.length <= ADDRESS_MAX && /^[A-Za-z0-9]+$/.test(address);
