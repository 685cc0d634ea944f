// Demo-like markets for the feed tests: the twelve USDT markets with ticks that suit their price levels.
import { amount, asset, defineMarket, qty, type Market } from '../../../server/kernel/index.ts';

const TICKS: Record<string, bigint> = {
  BTC: 1_000_000n, // 0.01
  ETH: 1_000_000n,
  SOL: 1_000_000n,
  BNB: 1_000_000n,
  XRP: 10_000n, // 0.0001
  DOGE: 1_000n, // 0.00001
  ADA: 10_000n,
  TRX: 1_000n,
  LTC: 1_000_000n,
  DOT: 100_000n, // 0.001
  LINK: 100_000n,
  AVAX: 100_000n,
};

export function usdtMarket(base: string, tickSize: bigint): Market {
  return defineMarket({
    symbol: `${base}USDT`,
    base: asset(base),
    quote: asset('USDT'),
    tickSize,
    // tick × lot = one quote minor unit: the finest lot the kernel allows for this tick.
    lotSize: tickSize >= 10n ** 8n ? 1n : 10n ** 8n / tickSize,
    minQty: qty(1),
    maxQty: qty(1_000_000_000),
    minNotional: amount(0n),
    maxNotional: amount(10n ** 15n),
  });
}

export const DEMO_MARKETS: Market[] = Object.entries(TICKS).map(([base, tick]) => usdtMarket(base, tick));
