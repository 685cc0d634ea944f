// For adapters of external venues: a venue's decimal text (any precision) to the nearest tick of our market.
import { parseDecimal, type Market, type Price } from '../kernel/index.ts';

const VENUE_DECIMALS = 18;
const TO_VENUE = 10n ** BigInt(VENUE_DECIMALS - 8);

/** Nearest tick (halves round up), or null for text that is not a plain positive decimal or rounds to 0 ticks. */
export function snapDecimal(market: Market, text: string): Price | null {
  const parsed = parseDecimal(text, VENUE_DECIMALS, 2n ** 255n);
  if (!parsed.ok) return null;
  const unit = market.tickSize * TO_VENUE;
  const ticks = (parsed.value + unit / 2n) / unit;
  if (ticks < 1n || ticks > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(ticks) as Price;
}
