// Liquidation and bankruptcy prices of a one-way position (notes §3, §4), solved exactly in rationals and rounded
// once, in the direction that makes a trigger fire early rather than late.
import type { Bracket, Brackets } from './brackets.ts';
import { abs, divCeil, divFloor, E8, sign } from './units.ts';

export interface LiquidationInput {
  /** Signed size, base minor units (+ long, − short). */
  readonly size: bigint;
  /** Entry notional Q × EP, quote minor units. */
  readonly cost: bigint;
  /** WB: crossWalletBalance (cross) or the position's isolatedWalletBalance (isolated). */
  readonly walletBalance: bigint;
  /** TMM1: maintenance margin of the other cross positions (0 when isolated). */
  readonly otherMaintenance?: bigint;
  /** UPNL1: unrealized PnL of the other cross positions (0 when isolated). */
  readonly otherUpnl?: bigint;
  readonly brackets: Brackets;
}

/** A liquidation price and the bracket whose MMR / cum it was solved with. */
export interface LiquidationPoint {
  readonly price: bigint;
  readonly bracket: Bracket;
}

/**
 * Solves WB − TMM1 + UPNL1 + Side×Q×(LP − EP) = Q×LP×MMR_k − cum_k (§3 [LIQ], one-way) in every bracket and keeps the
 * one with floor_k ≤ Q×LP ≤ cap_k (past the last cap: the last). Long rounded up, short down. null when flat or when
 * a long cannot be liquidated (LP ≤ 0); a short already liquidatable at every price gets 0.
 */
export function liquidationPoint(i: LiquidationInput): LiquidationPoint | null {
  const q = abs(i.size);
  const side = sign(i.size);
  if (q === 0n) return null;
  // K = f(0): margin balance minus maintenance when the mark is 0. f rises with price for a long, falls for a short.
  const k = i.walletBalance - (i.otherMaintenance ?? 0n) + (i.otherUpnl ?? 0n) - side * i.cost;
  const first = i.brackets[0]!;
  if (side > 0n && k >= 0n) return null;
  if (side < 0n && k <= 0n) return { price: 0n, bracket: first };
  const last = i.brackets.length - 1;
  for (const [idx, b] of i.brackets.entries()) {
    // Notional at LP: N = (K + cum) × E8 / (MMR − Side × E8); normalised to a positive denominator.
    let num = k + b.cum;
    let den = b.mmr - side * E8;
    if (den < 0n) [num, den] = [-num, -den];
    if (num * E8 < b.floor * den) continue;
    if (idx < last && num * E8 > b.cap * den) continue;
    const priceNum = num * E8 * E8;
    const priceDen = den * q;
    return { price: side > 0n ? divCeil(priceNum, priceDen) : divFloor(priceNum, priceDen), bracket: b };
  }
  throw new RangeError('liquidationPoint: no bracket solves the equation (brackets not from defineBrackets?)');
}

/** LP (§3): see `liquidationPoint`; null when flat or when a long cannot be liquidated. */
export function liquidationPrice(i: LiquidationInput): bigint | null {
  return liquidationPoint(i)?.price ?? null;
}

/**
 * BP = EP − (WB + UPNL1) / (Side × Q) (§4, inferred from §3 with MMR = cum = TMM1 = 0): the price where margin
 * balance is 0. Long rounded up, short down (a liquidation order limited at BP never trades past it); null when a
 * long cannot go bankrupt (BP ≤ 0), 0 for a short bankrupt at every price.
 */
export function bankruptcyPrice(i: { size: bigint; cost: bigint; walletBalance: bigint; otherUpnl?: bigint }): bigint | null {
  const q = abs(i.size);
  if (q === 0n) return null;
  const collateral = i.walletBalance + (i.otherUpnl ?? 0n);
  if (i.size > 0n) {
    const p = divCeil((i.cost - collateral) * E8, q);
    return p > 0n ? p : null;
  }
  const p = divFloor((i.cost + collateral) * E8, q);
  return p > 0n ? p : 0n;
}

/** Liquidation is due when margin balance ≤ maintenance margin (§3 [LQP], margin ratio ≥ 100 %). */
export function isLiquidatable(a: { marginBalance: bigint; maintenance: bigint }): boolean {
  return a.marginBalance <= a.maintenance;
}
