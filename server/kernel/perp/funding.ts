// Funding (notes §6 [FUND][F2025]): impact prices, the premium index, its linearly time-weighted average, the
// clamped funding rate and the fee a position pays.
import { clampB, divFloor, divHalfUp, divRound, E8, leverageOf, maxB, rate, type Rate, type Rounding } from './units.ts';

/** A book side, best level first: [price (quote minor units per coin), qty (base minor units)]. */
export type BookLevels = ReadonlyArray<readonly [price: bigint, qty: bigint]>;

/**
 * Impact bid / ask (§6): the average fill price of a market order worth `targetNotional` quote minor units walked
 * through `levels` (bids for the impact bid, asks for the impact ask), half-up; null when the book is too thin.
 */
export function impactPrice(levels: BookLevels, targetNotional: bigint): bigint | null {
  if (targetNotional <= 0n) throw new RangeError('impactPrice: target notional must be > 0');
  const target = targetNotional * E8; // notionals × E8 = qty × price, kept exact
  let filledValue = 0n;
  let filledQty = 0n;
  for (const [price, qty] of levels) {
    if (price <= 0n || qty <= 0n) continue;
    const value = price * qty;
    if (filledValue + value >= target) {
      // Takes (target − filled) / price more coins: avg = target / (filledQty + rest / price).
      const rest = target - filledValue;
      return divHalfUp(target * price, filledQty * price + rest);
    }
    filledValue += value;
    filledQty += qty;
  }
  return null;
}

/** IMN = 200 USDT / IMR at the symbol's maximum leverage = 200 USDT × maxLeverage (§6), quote minor units. */
export function impactNotional(maxLeverage: number): bigint {
  return 200n * E8 * leverageOf(maxLeverage);
}

/** P = [max(0, ImpactBid − Index) − max(0, Index − ImpactAsk)] / Index (§6 [FUND]), half-up. */
export function premiumIndex(impactBid: bigint, impactAsk: bigint, index: bigint): Rate {
  if (index <= 0n) throw new RangeError('premiumIndex: index must be > 0');
  const diff = maxB(0n, impactBid - index) - maxB(0n, index - impactAsk);
  return rate(divHalfUp(diff * E8, index));
}

/**
 * P̄ = (1×P_1 + 2×P_2 + … + n×P_n) / (1 + 2 + … + n) (§6): linear time weights, the latest sample weighted most.
 * Two running sums make a sample O(1); `reset()` at each funding time.
 */
export class PremiumAverage {
  #n = 0n;
  #sum = 0n; // Σ P_i
  #weighted = 0n; // Σ i × P_i

  /** Adds the next premium-index sample (every 5 s on Binance). */
  add(premium: Rate): void {
    this.#n += 1n;
    this.#sum += premium;
    this.#weighted += this.#n * premium;
  }

  /** Samples since the last reset (§6: 5,760 per 8 h at one per 5 s). */
  get count(): number {
    return Number(this.#n);
  }

  /** P̄ half-up; null before the first sample. */
  average(): Rate | null {
    return this.#n === 0n ? null : rate(divHalfUp(2n * this.#weighted, this.#n * (this.#n + 1n)));
  }

  /** Plain mean of the samples, for comparison and publication. */
  plainMean(): Rate | null {
    return this.#n === 0n ? null : rate(divHalfUp(this.#sum, this.#n));
  }

  /** Starts a new funding period (§6). */
  reset(): void {
    this.#n = 0n;
    this.#sum = 0n;
    this.#weighted = 0n;
  }
}

export interface FundingRateInput {
  readonly averagePremium: Rate;
  /** I per 8 h (default 0.01 %; 0 for BNB pairs and ETHBTC). */
  readonly interest?: Rate;
  /** Half-width of the interest clamp (default 0.05 %). */
  readonly band?: Rate;
  /** Bounds of the final rate (§6: `fundingInfo`, ±k × MMR, or `defaultFundingCap`). */
  readonly cap: Rate;
  readonly floor: Rate;
  /** Funding interval in hours (default 8). */
  readonly intervalHours?: number;
}

/**
 * F = P̄ + clamp(I − P̄, −band, +band) (§6 [FUND]), divided by 8/N for an N-hour interval ([F2025], half-up), then
 * clamped to [floor, cap].
 */
export function fundingRate(f: FundingRateInput): Rate {
  const interest = f.interest ?? rate(10_000n);
  const band = f.band ?? rate(50_000n);
  const n = f.intervalHours ?? 8;
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`fundingRate: intervalHours must be an integer ≥ 1: ${n}`);
  if (f.floor > f.cap || band < 0n) throw new RangeError('fundingRate: need floor ≤ cap and band ≥ 0');
  const eightHour = f.averagePremium + clampB(interest - f.averagePremium, -band, band);
  return rate(clampB(divHalfUp(eightHour * BigInt(n), 8n), f.floor, f.cap));
}

/**
 * Funding a position pays (§6): size × mark × rate, positive = pays, negative = receives (longs pay when rate > 0).
 * A settlement uses 'ceil': payers round up, receivers round down, so Σ fees over a zero-sum set of positions is a
 * residue ≥ 0 (< one minor unit per position) that goes to the insurance fund and the transfer stays balanced.
 */
export function fundingFee(size: bigint, mark: bigint, fundingRate: Rate, rounding: Rounding): bigint {
  return divRound(size * mark * fundingRate, E8 * E8, rounding);
}

/** Cap (and −floor) of the 2020-era rule: 75 % × (IMR − MMR) at the maximum leverage (§6), rounded down. */
export function defaultFundingCap(imr: Rate, mmr: Rate): Rate {
  if (imr < mmr) throw new RangeError('defaultFundingCap: IMR must be ≥ MMR');
  return rate(divFloor(3n * (imr - mmr), 4n));
}
