// Values balances in USDT for the asset page's totals: USDT at par, any other asset at its USDT market's last
// traded price, or the recorded index price before the first trade. Exact integer arithmetic, rounded down.
import { SCALE, type Price } from '../../../kernel/index.ts';
import type { Trading } from '../../trading.ts';

export const VALUATION_QUOTE = 'USDT';

/** Quote minor units per whole coin, or null when the asset has no price. */
export function usdtPrice(trading: Trading, asset: string, now: number): bigint | null {
  if (asset === VALUATION_QUOTE) return SCALE;
  const symbol = `${asset}${VALUATION_QUOTE}`;
  const m = trading.market.market(symbol);
  if (m === undefined) return null;
  const ticks = lastTraded(trading, symbol, now) ?? trading.indexPrice(symbol);
  return ticks === null ? null : BigInt(ticks) * m.tickSize;
}

/** The market's last traded price in ticks (the 24 h ticker keeps it past its window), or null before any trade. */
export function lastTraded(trading: Trading, symbol: string, now: number): Price | null {
  if (trading.market.market(symbol) === undefined) return null;
  return trading.market.ticker(symbol, now)?.last ?? trading.market.trades(symbol, 1)[0]?.price ?? null;
}

/** Minor units of USDT for `amount` minor units of the asset at `price` (per whole coin). */
export const valueAt = (amount: bigint, price: bigint): bigint => (amount * price) / SCALE;
