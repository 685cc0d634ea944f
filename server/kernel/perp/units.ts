// The perpetuals' units (server/contract/perp-math/units.ts, shared with the browser) and the reading and writing of
// configured ratios as decimal text.
import { parseDecimal, formatDecimal } from '../money/decimal.ts';
import { rate, type Rate } from '../../contract/perp-math/units.ts';

export * from '../../contract/perp-math/units.ts';

/**
 * Reads a ratio written as decimal text (§0, §10 MMR columns): "0.004" → 400_000n, "-0.0001" → -10_000n, ≤ 8 decimals.
 * Rates come from configuration, so bad text throws instead of returning a result code.
 */
export function parseRate(text: string): Rate {
  const negative = text.startsWith('-');
  const parsed = parseDecimal(negative ? text.slice(1) : text);
  if (!parsed.ok) throw new RangeError(`not a rate with at most 8 decimals: ${JSON.stringify(text)} (code ${parsed.code})`);
  return rate(negative ? -parsed.value : parsed.value);
}

/** A rate as ratio text (§0), trailing zeros trimmed by default: 400_000n → "0.004". */
export function formatRate(value: Rate, trim = true): string {
  return formatDecimal(value, 8, trim);
}
