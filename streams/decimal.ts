// Exact arithmetic on decimal text (Binance-style prices and sizes): values become bigint units at a scale, so
// grouping to a tick and summing sizes never drift the way floats do (0.1 + 0.2).

interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

const NONZERO_DIGIT = /[1-9]/;
/** Digits a float holds exactly (2^53 has 16): an integer of this many is summed in a number and made a bigint once. */
const EXACT_DIGITS = 15;

/** Where the last scan found the decimal (a scan allocates nothing: no match, no tuple). */
let scanStart = 0;
let scanDot = -1;
let scanEnd = 0;

/**
 * Whether the text is a decimal, and then where it is (scanStart, scanDot, scanEnd over the trimmed text; dot -1
 * without a point). Accepts what the pattern `^-?\d+(\.\d*)?$|^-?\.\d+$` does (a scan, not a regular expression:
 * every price and size of every socket event passes here, and a match would allocate).
 */
function scan(text: string): boolean {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  let i = start;
  if (i < end && text.charCodeAt(i) === 45 /* - */) i++;
  let dot = -1;
  let before = 0;
  let after = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 46 /* . */) {
      if (dot >= 0) return false;
      dot = i;
    } else if (c >= 48 && c <= 57) {
      if (dot < 0) before++;
      else after++;
    } else return false;
  }
  // "5." has digits before the point; ".5" after it; "." and "-" have none.
  if (before === 0 && after === 0) return false;
  scanStart = start;
  scanDot = dot;
  scanEnd = end;
  return true;
}

/** What String.prototype.trim removes (ECMAScript WhiteSpace and LineTerminator). */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
/** Already canonical: "0", "12", "0.5", "100.25"; not "-0", "012", "1.50", "1.", ".5". */
const CANONICAL = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

function parse(text: string): Scaled | null {
  if (!scan(text)) return null;
  const scale = scanDot < 0 ? 0 : scanEnd - scanDot - 1;
  return { units: scannedUnits(text), scale };
}

/** The last scanned decimal's digits as an integer (the point left out), signed. */
function scannedUnits(text: string): bigint {
  const start = scanStart;
  const dot = scanDot;
  const end = scanEnd;
  const negative = text.charCodeAt(start) === 45;
  const first = negative ? start + 1 : start;
  let units: bigint;
  if (end - first <= EXACT_DIGITS) {
    let n = 0;
    for (let i = first; i < end; i++) if (i !== dot) n = n * 10 + (text.charCodeAt(i) - 48);
    units = BigInt(n);
  } else units = BigInt(dot < 0 ? text.slice(first, end) : (text.slice(first, dot) || '0') + text.slice(dot + 1, end));
  return negative ? -units : units;
}

const POW10: readonly bigint[] = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

/** The text at `decimals` places without the intermediate value (socket prices, thousands a second); null when it is not a decimal or has more places. */
function unitsAt(text: string, decimals: number): bigint | null {
  if (!scan(text)) return null;
  const scale = scanDot < 0 ? 0 : scanEnd - scanDot - 1;
  if (scale > decimals) return null;
  const units = scannedUnits(text);
  return scale === decimals ? units : units * (POW10[decimals - scale] ?? 10n ** BigInt(decimals - scale));
}

function must(text: string): Scaled {
  const value = parse(text);
  if (!value) throw new RangeError(`not a decimal: ${text}`);
  return value;
}

const rescale = (v: Scaled, scale: number): bigint => v.units * 10n ** BigInt(scale - v.scale);

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative && units !== 0n ? `-${text}` : text;
}

// The pattern alone decides it (parse fails only on it), so every price and size the socket brings is checked
// without making a bigint.
export const isDecimal = (text: string): boolean => scan(text);

/** Digits after the point as written ("0.50" → 2). */
export const decimalsOf = (text: string): number => must(text).scale;

export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = must(a);
  const y = must(b);
  const scale = Math.max(x.scale, y.scale);
  const d = rescale(x, scale) - rescale(y, scale);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

export function isZeroDecimal(text: string): boolean {
  // Every depth level asks this: a digit other than 0 answers it without parsing (valid or not, it is not zero).
  if (NONZERO_DIGIT.test(text)) return false;
  const value = parse(text);
  return value !== null && value.units === 0n;
}

/** The sum at the larger of the two scales: "1.5" + "0.25" = "1.75". */
export function addDecimal(a: string, b: string): string {
  const x = must(a);
  const y = must(b);
  const scale = Math.max(x.scale, y.scale);
  return format(rescale(x, scale) + rescale(y, scale), scale);
}

/** One spelling per value ("100.50" and "100.5" → "100.5"), for map keys. */
export function canonicalDecimal(text: string): string {
  // Most prices are already written that way (no sign, no leading or trailing zeros): no need to parse them.
  if (CANONICAL.test(text)) return text;
  const v = must(text);
  let { units, scale } = v;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return format(units, scale);
}

function toTick(price: string, tick: string, direction: 'floor' | 'ceil'): string {
  const p = must(price);
  const t = must(tick);
  if (t.units <= 0n) throw new RangeError(`tick must be positive: ${tick}`);
  const scale = Math.max(p.scale, t.scale);
  const P = rescale(p, scale);
  const T = rescale(t, scale);
  let q = P / T;
  const exact = P % T === 0n;
  // bigint division truncates toward zero; correct it to a true floor or ceiling.
  if (!exact && direction === 'floor' && P < 0n) q -= 1n;
  if (!exact && direction === 'ceil' && P > 0n) q += 1n;
  // A multiple of the tick needs no more digits than the tick itself has.
  return format((q * T) / 10n ** BigInt(scale - t.scale), t.scale);
}

/** The largest multiple of `tick` at or below `price`, written with the tick's decimals. */
export const floorToTick = (price: string, tick: string): string => toTick(price, tick, 'floor');
/** The smallest multiple of `tick` at or above `price`, written with the tick's decimals. */
export const ceilToTick = (price: string, tick: string): string => toTick(price, tick, 'ceil');

/**
 * Decimal text as an integer of `decimals` places, exactly ("1.5" → 150_000_000n at 8); the contract's minor units.
 * Throws on text that isn't a decimal or has more places than that (a payload the parsers let through by mistake).
 */
export function toUnits(text: string, decimals = 8): bigint {
  const fast = unitsAt(text, decimals);
  if (fast !== null) return fast;
  const v = must(text);
  if (v.scale > decimals) throw new RangeError(`more than ${decimals} decimals: ${text}`);
  return rescale(v, decimals);
}

/** Like toUnits, or null for text that isn't one (parsers check payloads with it). */
export function unitsOrNull(text: string, decimals = 8): bigint | null {
  return unitsAt(text, decimals);
}
