// The market maker's arithmetic, pure: where its layered quotes go around an index price and how big they are,
// on the market's tick and lot grid and within its quantity and notional bounds. Spreads and steps widen with
// the coin's volatility (feeds/coins.ts) so a jumpy coin's quotes are not picked off by every index tick.
import type { Market, Price, Qty } from '../kernel/index.ts';
import type { Prng } from '../feeds/prng.ts';

export interface MakerParams {
  /** Quotes per side. */
  readonly levels: number;
  /** Distance of the best quotes from the index, in basis points. */
  readonly halfSpreadBps: number;
  /** Distance between layers, in basis points (at least one tick). */
  readonly stepBps: number;
  /** Notional of the best layer in quote minor units; deeper layers grow by half of it per layer. */
  readonly levelNotional: bigint;
  /** Re-quote when the index has moved this far from the last quoted one, in basis points. */
  readonly requoteBps: number;
  /** Chance per visit of a small IOC crossing the spread, so the market trades. */
  readonly takerChance: number;
  /** Notional of those IOC orders, quote minor units. */
  readonly takerNotional: bigint;
}

export interface Quote {
  readonly price: Price;
  readonly qty: Qty;
}

export interface Ladder {
  readonly bids: Quote[];
  readonly asks: Quote[];
}

const COIN = 100_000_000n;

/** Parameters for a market whose coin moves `vol` a year (0.5 = 50 %). */
export function makerParams(vol: number): MakerParams {
  return {
    levels: 6,
    halfSpreadBps: 3 + Math.round(6 * vol),
    stepBps: 2 + Math.round(2 * vol),
    levelNotional: 400n * COIN,
    requoteBps: 2,
    takerChance: 0.35,
    takerNotional: 60n * COIN,
  };
}

/** Lots for about `target` quote minor units at `price`, within the market's bounds; null when none fit. */
export function lotsFor(m: Market, price: Price, target: bigint): Qty | null {
  const perLot = BigInt(price) * m.quotePerTickLot;
  if (perLot <= 0n) return null;
  const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b;
  const low = [BigInt(m.minQty), ceil(m.minNotional, perLot)].reduce((a, b) => (a > b ? a : b));
  const high = [BigInt(m.maxQty), m.maxNotional / perLot].reduce((a, b) => (a < b ? a : b));
  if (low > high) return null;
  const want = target / perLot;
  const lots = want < low ? low : want > high ? high : want;
  return Number(lots) as Qty;
}

/**
 * The ladder around `index` (ticks): bids strictly below it and falling, asks strictly above and rising, at least
 * one tick apart; sizes vary by ±30 % with `rng` so the book does not look machine-made.
 */
export function quoteLadder(m: Market, index: Price, p: MakerParams, rng: Prng): Ladder {
  const bids: Quote[] = [];
  const asks: Quote[] = [];
  let bid = index as number;
  let ask = index as number;
  for (let i = 0; i < p.levels; i++) {
    const bps = p.halfSpreadBps + i * p.stepBps;
    bid = Math.min(bid - 1, Math.floor((index * (10_000 - bps)) / 10_000));
    ask = Math.max(ask + 1, Math.ceil((index * (10_000 + bps)) / 10_000));
    const size = (layer: number) => (p.levelNotional * BigInt(Math.round((1 + 0.5 * layer) * (0.7 + 0.6 * rng.next()) * 1000))) / 1000n;
    if (bid >= 1) {
      const qty = lotsFor(m, bid as Price, size(i));
      if (qty !== null) bids.push({ price: bid as Price, qty });
    }
    const qty = lotsFor(m, ask as Price, size(i));
    if (qty !== null && Number.isSafeInteger(ask)) asks.push({ price: ask as Price, qty });
  }
  return { bids, asks };
}

/** Whether the index moved enough since the last quotes to move them. */
export function movedEnough(last: Price | undefined, index: Price, requoteBps: number): boolean {
  return last === undefined || Math.abs(index - last) * 10_000 >= requoteBps * last;
}

/** Base minor units worth `quote` minor units at `index` ticks (what the bot is funded with per market). */
export function baseWorth(m: Market, index: Price, quote: bigint): bigint {
  return (quote * COIN) / (BigInt(index) * m.tickSize);
}
