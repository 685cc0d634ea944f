// What the perpetuals engine keeps per user and market (a "holding": settings, one-way position, the margin held
// for it and for the user's orders), and the arithmetic of one fill on a position. Pure; the engine owns the maps.
import type { Side } from '../book/types.ts';
import type { Market } from '../money/market.ts';
import type { OrderId, UserId } from '../money/nominal.ts';
import type { MarginMode } from './types.ts';

export interface Holding {
  readonly user: UserId;
  readonly symbol: string;
  leverage: number;
  mode: MarginMode;
  /** Signed lots: + long, − short. */
  size: number;
  /** Entry notional (quote minor units): the sum of the open part's fill notionals. */
  cost: bigint;
  /** Frozen for the position: cross, its initial margin at entry (cost / leverage); isolated, its margin. */
  margin: bigint;
  /** Frozen for the user's open orders in this market (the entrust margin). */
  orderMargin: bigint;
  /** The user's open orders in this market. */
  readonly orders: Set<OrderId>;
  /** The user's waiting conditional orders in this market. */
  readonly triggers: Set<OrderId>;
  /** Open notional of the user's orders here that may open a position (not reduce-only), by side, kept as they change. */
  bids: bigint;
  asks: bigint;
  /** Highest taker rate among those orders since the market last had none (the entrust margin's fee reserve). */
  takerPpm: number;
  /** Reduce-only orders open here. */
  reducing: number;
  /** Open loss those orders hold: Σ lossPerLot × open lots (part of the entrust margin). */
  loss: bigint;
  /**
   * Cross only: a realized loss (or funding) this market charged that the account's cash could not pay and its open
   * cross positions' unrealized profit carries (Binance's negative cross wallet). The account's debt is the sum
   * over its holdings; it is repaid from the next cash the account gets, and the insurance fund pays what is left
   * of it only when no cross position remains to carry it.
   */
  owed: bigint;
}

export function newHolding(user: UserId, symbol: string, leverage: number): Holding {
  return { user, symbol, leverage, mode: 'cross', size: 0, cost: 0n, margin: 0n, orderMargin: 0n, orders: new Set(), triggers: new Set(), bids: 0n, asks: 0n, takerPpm: 0, reducing: 0, loss: 0n, owed: 0n };
}

/** Position size in base minor units (the formulas' unit). */
export const sizeMinor = (m: Market, lots: number): bigint => BigInt(lots) * m.lotSize;

/** Signed entry notional: + for a long, − for a short. */
export const signedCost = (h: Holding): bigint => (h.size > 0 ? h.cost : -h.cost);

export interface FillMath {
  /** Lots of the fill that closed the existing position, and that opened (or added to) one. */
  readonly closed: number;
  readonly opened: number;
  /** Entry cost taken off by the closed part (pro rata, rounded down; all of it when the position closes). */
  readonly costOut: bigint;
  /** Profit (+) or loss (−) of the closed part at the fill price. */
  readonly realized: bigint;
  /** Notional of the opened part. */
  readonly openQuote: bigint;
  readonly size: number;
  readonly cost: bigint;
}

/**
 * One fill of `lots` at a price whose notional is `quote` (exact: ticks × lots) on a one-way position: the part
 * against the position closes it first, pro rata of its cost, and the rest opens the other way.
 */
export function fillMath(size: number, cost: bigint, side: Side, lots: number, quote: bigint): FillMath {
  const dir = side === 'buy' ? 1 : -1;
  const against = size !== 0 && Math.sign(size) !== dir;
  const closed = against ? Math.min(lots, Math.abs(size)) : 0;
  const opened = lots - closed;
  const costOut = closed === 0 ? 0n : closed === Math.abs(size) ? cost : (cost * BigInt(closed)) / BigInt(Math.abs(size));
  // The closed part's share of the fill's notional; exact because quote is price × lots × a whole unit.
  const closeQuote = closed === 0 ? 0n : (quote * BigInt(closed)) / BigInt(lots);
  const realized = closed === 0 ? 0n : size > 0 ? closeQuote - costOut : costOut - closeQuote;
  const openQuote = quote - closeQuote;
  const next = size + dir * lots;
  return { closed, opened, costOut, realized, openQuote, size: next, cost: next === 0 ? 0n : cost - costOut + openQuote };
}

/** Sums signed amounts per account into posting lines, dropping zeros: one balanced set per event. */
export class Lines<K extends string> {
  private readonly sums = new Map<K, bigint>();
  add(account: K, amount: bigint): this {
    if (amount !== 0n) this.sums.set(account, (this.sums.get(account) ?? 0n) + amount);
    return this;
  }
  move(from: K, to: K, amount: bigint): this {
    return this.add(from, -amount).add(to, amount);
  }
  get(account: K): bigint {
    return this.sums.get(account) ?? 0n;
  }
  entries(): Array<[K, bigint]> {
    return [...this.sums].filter(([, v]) => v !== 0n);
  }
}
