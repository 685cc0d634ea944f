// Shared test fixtures: a realistic market and small helpers to fund users.
import { EXTERNAL, userAccount } from '../../../server/kernel/ledger/accounts.ts';
import type { Ledger } from '../../../server/kernel/ledger/ledger.ts';
import type { MarketSpec } from '../../../server/kernel/money/market.ts';
import { amount, asset, qty, type Asset, type UserId } from '../../../server/kernel/money/nominal.ts';

export const BTC_USDT: MarketSpec = {
  symbol: 'BTCUSDT',
  base: asset('BTC'),
  quote: asset('USDT'),
  tickSize: 1_000_000n, // 0.01 USDT
  lotSize: 1_000n, // 0.00001 BTC
  minQty: qty(1),
  maxQty: qty(900_000_000),
  minNotional: amount(500_000_000n), // 5 USDT
  maxNotional: amount(10n ** 16n),
};

/** Credits a user's coin wallet from the outside world, as a deposit would. */
export function deposit(ledger: Ledger, user: UserId, a: Asset, minor: bigint): void {
  ledger.post([
    { account: EXTERNAL, asset: a, amount: amount(-minor) },
    { account: userAccount(user, 'coin', 'available'), asset: a, amount: amount(minor) },
  ]);
}

/** A market with round units for readable tests: 1 tick = 1 USDT, 1 lot = 1 BTC, so notional = ticks × lots USDT. */
export const ROUND: MarketSpec = {
  symbol: 'BTCUSDT',
  base: asset('BTC'),
  quote: asset('USDT'),
  tickSize: 100_000_000n,
  lotSize: 100_000_000n,
  minQty: qty(1),
  maxQty: qty(1000),
  minNotional: amount(10n * 100_000_000n),
  maxNotional: amount(1_000_000n * 100_000_000n),
};

/** Whole coins → minor units. */
export const coins = (n: number | bigint): bigint => BigInt(n) * 100_000_000n;
