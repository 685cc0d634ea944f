// Grouping steps for the order book, from the price's magnitude: four powers of ten below it, as decimal text.
export function tickText(exp: number): string {
  return exp < 0 ? `0.${'0'.repeat(-exp - 1)}1` : `1${'0'.repeat(exp)}`;
}

/** The power of ten a price is in (null for no price), the only thing the grouping steps depend on. */
export function priceExponent(price: number): number | null {
  return Number.isFinite(price) && price > 0 ? Math.floor(Math.log10(price)) : null;
}

export function groupingTicks(price: number): string[] {
  return ticksForExponent(priceExponent(price));
}

export function ticksForExponent(top: number | null): string[] {
  return top === null ? [] : [top - 5, top - 4, top - 3, top - 2].map(tickText);
}

/** Running totals per level (best first) and the largest, for the depth bars. */
export function cumulative(levels: readonly (readonly [string, string])[]): { sums: number[]; max: number } {
  const sums: number[] = [];
  let sum = 0;
  for (const [, qty] of levels) sums.push((sum += Number(qty)));
  return { sums, max: sum };
}

/** Decimals a price needs to show its level exactly (trailing zeros dropped), at least 2, at most 8. */
export function priceDecimals(text: string): number {
  const frac = text.split('.')[1]?.replace(/0+$/, '') ?? '';
  return Math.min(8, Math.max(2, frac.length));
}

/** Quantities: big ones need no fractional digits to be read, small ones need five. */
export const qtyDecimals = (qty: number): number => (qty >= 100 ? 2 : 5);

// Exact decimal text for what the book hands the order form: bigint units at a scale, never a binary float.
const PLAIN = /^(\d+)(?:\.(\d*))?$/;

function units(text: string, scale: number): bigint | null {
  const m = PLAIN.exec(text.trim());
  if (!m) return null;
  const fraction = (m[2] ?? '').padEnd(scale, '0');
  // Digits past the scale are cut (floored): the callers pick a scale that holds every digit that matters.
  return BigInt(m[1]! + fraction.slice(0, scale));
}

function written(value: bigint, scale: number): string {
  const digits = value.toString().padStart(scale + 1, '0');
  return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** Decimals a tick or step needs ("0.01000000" → 2, "1.00000000" → 0, "0.5" → 1). */
export function stepDecimals(step: string): number {
  const fraction = step.trim().split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

/**
 * `text` floored to a multiple of `step` and written with exactly the step's decimals:
 * ("95256.00000000", "0.01000000") → "95256.00"; ("1.23456", "0.001") → "1.234". Null for text that is not a
 * plain non-negative decimal, or a step that is not positive.
 */
export function toStep(text: string, step: string): string | null {
  const scale = Math.max(stepDecimals(step), (text.split('.')[1] ?? '').length);
  const value = units(text, scale);
  const unit = units(step, scale);
  if (value === null || unit === null || unit <= 0n) return null;
  const decimals = stepDecimals(step);
  return written((value / unit) * unit / 10n ** BigInt(scale - decimals), decimals);
}

/** The exact sum of plain decimal texts ("0.1" + "0.2" = "0.3"); null if one is not a plain decimal. */
export function sumDecimals(texts: readonly string[]): string | null {
  const scale = Math.max(0, ...texts.map((t) => (t.split('.')[1] ?? '').length));
  let sum = 0n;
  for (const t of texts) {
    const v = units(t, scale);
    if (v === null) return null;
    sum += v;
  }
  return written(sum, scale);
}
