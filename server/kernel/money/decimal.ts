// Exact conversion between decimal text ("12.345") and integer minor units; no floating point on the way.
import { Code, fail, ok, type Result } from '../codes.ts';

/** Ledger precision: every balance has 8 decimals (1 coin = 10^8 minor units). */
export const DECIMALS = 8;
export const SCALE = 10n ** BigInt(DECIMALS);
/** Largest amount a store column (signed 64-bit) can hold. */
export const MAX_AMOUNT = 2n ** 63n - 1n;

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses non-negative decimal text into minor units with `decimals` places. Strict on purpose: no sign, no
 * exponent, no whitespace, no ".5" or "5." (a client sending those has a formatting bug worth seeing).
 */
export function parseDecimal(text: string, decimals: number = DECIMALS, max: bigint = MAX_AMOUNT): Result<bigint> {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 30) throw new RangeError(`bad decimals: ${decimals}`);
  if (text.startsWith('-')) return fail(Code.DECIMAL_NEGATIVE);
  const m = DECIMAL_TEXT.exec(text);
  if (m === null) return fail(Code.DECIMAL_FORMAT);
  const whole = (m[1] ?? '').replace(/^0+(?=\d)/, '');
  const frac = m[2] ?? '';
  const significantFrac = frac.replace(/0+$/, '');
  if (significantFrac.length > decimals) return fail(Code.DECIMAL_TOO_PRECISE);
  // Reject absurd lengths before BigInt so a megabyte of digits costs nothing.
  if (whole.length > 40) return fail(Code.DECIMAL_TOO_LARGE);
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(significantFrac.padEnd(decimals, '0') || '0');
  if (value > max) return fail(Code.DECIMAL_TOO_LARGE);
  return ok(value);
}

/** Formats minor units as decimal text with exactly `decimals` places, or trimmed of trailing zeros. */
export function formatDecimal(value: bigint, decimals: number = DECIMALS, trim = false): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  let frac = digits.slice(digits.length - decimals);
  if (trim) frac = frac.replace(/0+$/, '');
  return (negative ? '-' : '') + whole + (frac.length > 0 ? `.${frac}` : '');
}
