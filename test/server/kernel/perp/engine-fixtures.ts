// A perpetuals engine over round units for hand-computed scenarios: 1 tick = 1 USDT, 1 lot = 0.001 BTC, BTCUSDT's
// 2024 brackets, a 1.25 % liquidation fee, and helpers to fund users and read balances in whole USDT.
import { Code } from '../../../../server/kernel/codes.ts';
import { FastBook } from '../../../../server/kernel/book/fast-book.ts';
import { EXTERNAL, INSURANCE, userAccount } from '../../../../server/kernel/ledger/accounts.ts';
import { Ledger } from '../../../../server/kernel/ledger/ledger.ts';
import { defineMarket } from '../../../../server/kernel/money/market.ts';
import { amount, asset, qty, type Amount, type Price, type Qty, type UserId } from '../../../../server/kernel/money/nominal.ts';
import { BTC_BRACKETS_2024, defineBrackets } from '../../../../server/contract/perp-math/brackets.ts';
import { PerpEngine } from '../../../../server/kernel/perp/engine.ts';
import type { PerpEvent, PerpMarket, FeeRates } from '../../../../server/kernel/perp/types.ts';
import { parseRate } from '../../../../server/kernel/perp/units.ts';

export const USDT = asset('USDT');
export const E8 = 100_000_000n;
export const usdt = (n: number | string): bigint => {
  const [whole, frac = ''] = String(n).split('.');
  const sign = whole!.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole!.replace('-', '')) * E8 + BigInt((frac + '00000000').slice(0, 8)));
};

export const BTC_PERP: PerpMarket = {
  symbol: 'BTCUSDT',
  market: defineMarket({
    symbol: 'BTCUSDT', base: asset('BTC'), quote: USDT, tickSize: E8, lotSize: 100_000n,
    minQty: qty(1), maxQty: qty(10_000_000), minNotional: amount(0n), maxNotional: amount(10n ** 17n),
  }),
  brackets: defineBrackets(BTC_BRACKETS_2024),
  defaultLeverage: 20,
  liquidationFee: parseRate('0.0125'),
};

export const ZERO_FEES: FeeRates = { makerPpm: 0, takerPpm: 0 };

export function newEngine(markets: PerpMarket[] = [BTC_PERP]): PerpEngine {
  return new PerpEngine({ markets, ledger: new Ledger(), book: () => new FastBook() });
}

export const uid = (n: number) => n as UserId;

/** Credits a user's contract wallet from the outside world. */
export function fund(e: PerpEngine, user: UserId, whole: number): void {
  e.ledger.post([
    { account: EXTERNAL, asset: USDT, amount: amount(-usdt(whole)) },
    { account: userAccount(user, 'contract', 'available'), asset: USDT, amount: amount(usdt(whole)) },
  ]);
}

/** Seeds the insurance fund from outside (an operator's contribution). */
export function seedInsurance(e: PerpEngine, whole: number): void {
  e.ledger.post([
    { account: EXTERNAL, asset: USDT, amount: amount(-usdt(whole)) },
    { account: INSURANCE, asset: USDT, amount: amount(usdt(whole)) },
  ]);
}

export const available = (e: PerpEngine, u: UserId): bigint => e.ledger.balance(userAccount(u, 'contract', 'available'), USDT);
export const frozen = (e: PerpEngine, u: UserId): bigint => e.ledger.balance(userAccount(u, 'contract', 'frozen'), USDT);
export const insurance = (e: PerpEngine): bigint => e.ledger.balance(INSURANCE, USDT);

let clock = 1_000;
export interface Order {
  user: UserId;
  side: 'buy' | 'sell';
  price: number;
  lots: number;
  kind?: 'limit' | 'market';
  tif?: 'GTC' | 'IOC' | 'FOK';
  reduceOnly?: boolean;
  postOnly?: boolean;
  fees?: FeeRates;
  symbol?: string;
}

export function place(e: PerpEngine, o: Order): PerpEvent[] {
  return e.apply({
    type: 'place', time: clock++, user: o.user, symbol: o.symbol ?? 'BTCUSDT', side: o.side, kind: o.kind ?? 'limit', price: o.price as Price,
    qty: o.lots as Qty, tif: o.tif ?? 'GTC', postOnly: o.postOnly ?? false, reduceOnly: o.reduceOnly ?? false, stp: 'NONE', fees: o.fees ?? ZERO_FEES,
  });
}

export function mark(e: PerpEngine, price: number | string, symbol = 'BTCUSDT'): PerpEvent[] {
  return e.apply({ type: 'mark', time: clock++, symbol, mark: usdt(price) });
}

export const rejected = (events: PerpEvent[]) => events.find((ev) => ev.type === 'rejected')?.code ?? Code.OK;
export type { Amount };
