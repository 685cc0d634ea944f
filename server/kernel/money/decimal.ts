// Exact conversion between decimal text ("12.345") and integer minor units; no floating point on the way.
import { Code, fail, ok, type Result } from '../codes.ts';

/** Ledger precision: every balance has 8 decimals (1 coin = 10^8 minor units). */
export const DECIMALS = 8;
export const SCALE = 10n ** BigInt(DECIMALS);
/** Largest amount a store column (signed 64-bit) can hold. */
export const MAX_AMOUNT = 2n ** 63n - 1n;

/** 10^0 … 10^15 as numbers: below 2^53, so sums and products under 10^15 stay exact. */
const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);
const FAST_DIGITS = 15;
const ZERO = 48;
const NINE = 57;
const DOT = 46;
const MINUS = 45;

/**
 * Parses non-negative decimal text into minor units with `decimals` places. Strict on purpose: no sign, no
 * exponent, no whitespace, no ".5" or "5." (a client sending those has a formatting bug worth seeing).
 * One pass over the characters; values of at most 15 significant digits are built as exact numbers, longer ones
 * with BigInt.
 */
export function parseDecimal(text: string, decimals: number = DECIMALS, max: bigint = MAX_AMOUNT): Result<bigint> {
  if (decimals !== DECIMALS && (!Number.isInteger(decimals) || decimals < 0 || decimals > 30)) throw new RangeError(`bad decimals: ${decimals}`);
  const n = text.length;
  if (n > 0 && text.charCodeAt(0) === MINUS) return fail(Code.DECIMAL_NEGATIVE);
  let dot = -1;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === DOT) {
      if (dot >= 0 || i === 0 || i === n - 1) return fail(Code.DECIMAL_FORMAT);
      dot = i;
    } else if (c < ZERO || c > NINE) return fail(Code.DECIMAL_FORMAT);
  }
  if (n === 0) return fail(Code.DECIMAL_FORMAT);
  const wholeEnd = dot < 0 ? n : dot;
  let wholeStart = 0;
  while (wholeStart < wholeEnd - 1 && text.charCodeAt(wholeStart) === ZERO) wholeStart++;
  const fracStart = dot < 0 ? n : dot + 1;
  let fracEnd = n;
  while (fracEnd > fracStart && text.charCodeAt(fracEnd - 1) === ZERO) fracEnd--;
  const fracLength = fracEnd - fracStart;
  if (fracLength > decimals) return fail(Code.DECIMAL_TOO_PRECISE);
  const wholeLength = wholeEnd - wholeStart;
  // Reject absurd lengths before BigInt so a megabyte of digits costs nothing.
  if (wholeLength > 40) return fail(Code.DECIMAL_TOO_LARGE);
  let value: bigint;
  if (wholeLength + decimals <= FAST_DIGITS) {
    let v = 0;
    for (let i = wholeStart; i < wholeEnd; i++) v = v * 10 + (text.charCodeAt(i) - ZERO);
    for (let i = fracStart; i < fracEnd; i++) v = v * 10 + (text.charCodeAt(i) - ZERO);
    value = BigInt(v * POW10[decimals - fracLength]!);
  } else {
    const whole = BigInt(text.slice(wholeStart, wholeEnd));
    const frac = fracLength === 0 ? 0n : BigInt(text.slice(fracStart, fracEnd)) * 10n ** BigInt(decimals - fracLength);
    value = whole * 10n ** BigInt(decimals) + frac;
  }
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
