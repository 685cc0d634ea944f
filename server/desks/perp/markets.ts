// The perpetual markets: one linear USDT-margined contract per spot market, on the same tick and lot, with
// Binance-style leverage and maintenance brackets (BTC up to 125x, ETH 100x, the others 75x or 50x) and a
// clearance fee. Brackets are notional floors and caps in USDT; `defineBrackets` computes each tier's `cum`.
import { type BracketSpec, BTC_BRACKETS_2024, defineBrackets, parseRate, type PerpMarket } from '../../kernel/index.ts';
import type { MarketConfig } from '../../store/markets.ts';
import { kernelMarket } from '../spot/market.ts';

const USDT = 100_000_000n;
const tier = (floor: number, cap: number, maxLeverage: number, mmr: string): BracketSpec => ({
  floor: BigInt(floor) * USDT,
  cap: BigInt(cap) * USDT,
  maxLeverage,
  mmr: parseRate(mmr),
});

/** ETHUSDT's tiers (Binance's 2024 shape): 100x up to 50k, then as BTC's scaled down. */
const ETH: readonly BracketSpec[] = [
  tier(0, 50_000, 100, '0.005'),
  tier(50_000, 500_000, 75, '0.0065'),
  tier(500_000, 2_000_000, 50, '0.01'),
  tier(2_000_000, 10_000_000, 25, '0.02'),
  tier(10_000_000, 50_000_000, 20, '0.025'),
  tier(50_000_000, 100_000_000, 10, '0.05'),
  tier(100_000_000, 200_000_000, 5, '0.1'),
  tier(200_000_000, 400_000_000, 4, '0.125'),
  tier(400_000_000, 600_000_000, 3, '0.15'),
  tier(600_000_000, 1_000_000_000, 2, '0.25'),
  tier(1_000_000_000, 2_000_000_000, 1, '0.5'),
];

/** Large caps (SOL, BNB, XRP, DOGE): 75x at the start. */
const MAJOR: readonly BracketSpec[] = [
  tier(0, 5_000, 75, '0.0065'),
  tier(5_000, 50_000, 50, '0.01'),
  tier(50_000, 250_000, 25, '0.02'),
  tier(250_000, 1_000_000, 20, '0.025'),
  tier(1_000_000, 5_000_000, 10, '0.05'),
  tier(5_000_000, 10_000_000, 5, '0.1'),
  tier(10_000_000, 15_000_000, 4, '0.125'),
  tier(15_000_000, 25_000_000, 3, '0.15'),
  tier(25_000_000, 50_000_000, 2, '0.25'),
  tier(50_000_000, 100_000_000, 1, '0.5'),
];

/** Everything else: 50x at the start. */
const OTHER: readonly BracketSpec[] = [
  tier(0, 5_000, 50, '0.01'),
  tier(5_000, 25_000, 25, '0.02'),
  tier(25_000, 100_000, 20, '0.025'),
  tier(100_000, 250_000, 10, '0.05'),
  tier(250_000, 1_000_000, 5, '0.1'),
  tier(1_000_000, 2_000_000, 4, '0.125'),
  tier(2_000_000, 5_000_000, 3, '0.15'),
  tier(5_000_000, 10_000_000, 2, '0.25'),
  tier(10_000_000, 20_000_000, 1, '0.5'),
];

const TABLES: Readonly<Record<string, readonly BracketSpec[]>> = {
  BTC: BTC_BRACKETS_2024,
  ETH,
  SOL: MAJOR,
  BNB: MAJOR,
  XRP: MAJOR,
  DOGE: MAJOR,
};

/** Clearance fee on liquidated notional (Binance: 1.25 % for BTC and ETH, 1.5 % for others). */
const FEES: Readonly<Record<string, string>> = { BTC: '0.0125', ETH: '0.0125' };

/**
 * Funding intervals other than 8 hours, by coin (Binance runs some contracts on 4 h): none for the demo coins. An
 * interval divides the day, so settlements fall on the same UTC hours every day.
 */
const FUNDING_HOURS: Readonly<Record<string, number>> = {};

/** Leverage a user starts with (Binance's default is 20x, lower where the first tier allows less). */
export const DEFAULT_LEVERAGE = 20;

export function perpMarket(config: MarketConfig): PerpMarket {
  const brackets = defineBrackets(TABLES[config.base] ?? OTHER);
  return {
    symbol: config.symbol,
    market: kernelMarket(config),
    brackets,
    defaultLeverage: Math.min(DEFAULT_LEVERAGE, brackets[0]!.maxLeverage),
    liquidationFee: parseRate(FEES[config.base] ?? '0.015'),
    fundingIntervalHours: FUNDING_HOURS[config.base] ?? 8,
  };
}

/** The perpetuals offered: one per spot market quoted in USDT. */
export function perpMarkets(configs: readonly MarketConfig[]): PerpMarket[] {
  return configs.filter((c) => c.quote === 'USDT').map(perpMarket);
}
