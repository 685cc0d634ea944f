// Auto-deleveraging queue (notes §7 [ADL]): LeveragePnL = PnL% × margin ratio, kept as an exact fraction so the
// ranking never depends on a rounding.
import { divHalfUp, E8, maxB, rate, type Rate } from './units.ts';

/** A non-negative fraction num / den with den > 0. */
export interface LeveragePnl {
  readonly num: bigint;
  readonly den: bigint;
}

export interface AdlInput {
  /** Unrealized PnL of the position (its side), quote minor units. */
  readonly upnl: bigint;
  /** Wallet balance behind it (cross wallet, or isolated wallet), quote minor units. */
  readonly walletBalance: bigint;
  /** Maintenance margin behind it, quote minor units. */
  readonly maintenance: bigint;
}

/**
 * LeveragePnL = max(0, UPnL) / max(1 USDT, WB) × MM / (WB + UPnL), the ratio 0 when WB + UPnL ≤ 0 (§7 [ADL]).
 * The "1" of the formula is one whole coin of the margin asset (10^8 minor units).
 */
export function leveragePnl(a: AdlInput): LeveragePnl {
  const balance = a.walletBalance + a.upnl;
  if (a.upnl <= 0n || balance <= 0n || a.maintenance <= 0n) return { num: 0n, den: 1n };
  return { num: a.upnl * a.maintenance, den: maxB(E8, a.walletBalance) * balance };
}

/** Orders two LeveragePnL values exactly (cross-multiplied): negative when a < b, 0 when equal, positive when a > b. */
export function compareLeveragePnl(a: LeveragePnl, b: LeveragePnl): number {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** A LeveragePnL as a `Rate` (× 10^8, half-up) for display or an API. */
export function leveragePnlRate(x: LeveragePnl): Rate {
  return rate(divHalfUp(x.num * E8, x.den));
}

/** A position in the ADL queue; `id` breaks ties (lower first). */
export interface AdlCandidate extends AdlInput {
  readonly id: number;
}

/** The ADL queue (§7): highest LeveragePnL first, ties by lower id first. Returns a new array. */
export function adlRanking<T extends AdlCandidate>(positions: readonly T[]): T[] {
  const scored = positions.map((p) => ({ p, score: leveragePnl(p) }));
  scored.sort((x, y) => compareLeveragePnl(y.score, x.score) || x.p.id - y.p.id);
  return scored.map((s) => s.p);
}

/**
 * `adlQuantile` 0..4 (§7, inferred 20 % buckets): q = (total − rank) / total for rank 1 = first in the queue, value
 * = ⌊5q⌋; lights shown = value + 1.
 */
export function adlQuantile(rank: number, total: number): number {
  if (!(Number.isSafeInteger(rank) && Number.isSafeInteger(total) && rank >= 1 && rank <= total)) {
    throw new RangeError(`adlQuantile: need 1 ≤ rank ≤ total: ${rank}/${total}`);
  }
  return Math.floor((5 * (total - rank)) / total);
}
