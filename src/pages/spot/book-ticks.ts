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
