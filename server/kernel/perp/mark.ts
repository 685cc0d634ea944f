// Index and mark price (notes §5, [IDX] 2020 rules, [MARK], [F2025]). Time comes in as numbers (ms) from the
// caller: the kernel reads no clock.
//
// The index is made of external sources only (Binance's price index is a weighted average of spot venues' prices,
// §5 [MARK]; the demo has one external feed), so trading on the exchange's own book cannot move it, nor the mark
// and liquidations with it. A source marked `own` (our spot book's mid or last trade) is carried for publication
// only: weight 0, not in the median, and on its own no index.
import { abs, divHalfUp, E8, rate, type Rate } from './units.ts';

export interface IndexSource {
  /** Latest price in quote minor units per coin, or null when the source has none. */
  readonly price: bigint | null;
  /** Volume weight (any positive scale). */
  readonly weight: bigint;
  /** When the price was last updated (ms, caller's clock). */
  readonly updatedAt: number;
  /**
   * Our own venue's price (our spot book's mid or last trade): published beside the index, never part of it (weight
   * 0, left out of the median). Absent or false: an external source.
   */
  readonly own?: boolean | undefined;
}

export interface IndexOptions {
  /** A source older than this gets weight 0 (default 10 s, [IDX] 2020). */
  readonly staleMs?: number;
  /** A source farther than this from the median gets weight 0 (default 5 %). */
  readonly maxDeviation?: Rate;
}

/** What the index was built from, for an API to publish. */
export interface IndexParts {
  readonly price: bigint | null;
  /** Median of the fresh external sources (null when none). */
  readonly median: bigint | null;
  /** Weight each source actually got, in input order (0 = stale, empty, deviating, or our own). */
  readonly weights: readonly bigint[];
  readonly mode: 'weighted' | 'median' | 'none';
}

/** Median of a non-empty list; an even count averages the two middle values, half-up (§5). */
export function medianOf(values: readonly bigint[]): bigint {
  const s = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : divHalfUp(s[mid - 1]! + s[mid]!, 2n);
}

/**
 * Index per §5's 2020 rules [IDX], over the external sources: our own (`own`), stale, empty or zero-weight sources
 * get weight 0; among the fresh ones a source more than maxDeviation from their median gets weight 0, and if more
 * than one deviates the index is their plain median; otherwise the weighted average, half-up. No fresh external
 * source → price null (our own book alone is no index).
 */
export function indexParts(sources: readonly IndexSource[], now: number, opts: IndexOptions = {}): IndexParts {
  const staleMs = opts.staleMs ?? 10_000;
  const maxDeviation = opts.maxDeviation ?? rate(5_000_000n);
  const fresh = sources.map((s) => s.own !== true && s.price !== null && s.price > 0n && s.weight > 0n && now - s.updatedAt <= staleMs);
  const prices = sources.flatMap((s, i) => (fresh[i] ? [s.price!] : []));
  if (prices.length === 0) return { price: null, median: null, weights: sources.map(() => 0n), mode: 'none' };
  const median = medianOf(prices);
  const deviates = sources.map((s, i) => fresh[i]! && abs(s.price! - median) * E8 > maxDeviation * median);
  if (deviates.filter(Boolean).length > 1) {
    return { price: median, median, weights: sources.map(() => 0n), mode: 'median' };
  }
  const weights = sources.map((s, i) => (fresh[i] && !deviates[i] ? s.weight : 0n));
  let sumW = 0n;
  let sumWP = 0n;
  sources.forEach((s, i) => {
    sumW += weights[i]!;
    sumWP += weights[i]! * (s.price ?? 0n);
  });
  return { price: divHalfUp(sumWP, sumW), median, weights, mode: 'weighted' };
}

/** The index price alone (§5): see `indexParts`. */
export function indexPrice(sources: readonly IndexSource[], now: number, opts: IndexOptions = {}): bigint | null {
  return indexParts(sources, now, opts).price;
}

export interface MarkInput {
  readonly index: bigint;
  /**
   * The predicted funding rate of the running period: what Binance publishes as `lastFundingRate` in
   * `/fapi/v1/premiumIndex` (and as `r` in the markPrice stream), not the rate last settled (§5 [MARK]).
   */
  readonly fundingRate: Rate;
  readonly msToNextFunding: number;
  readonly intervalMs: number;
  /** MA(basis), quote minor units (e.g. `BasisWindow.mean()`). */
  readonly basisAverage: bigint;
  /** Last traded price, or null when the contract has not traded. */
  readonly lastPrice: bigint | null;
}

/** The mark price and the three values it is the median of (§5), for an API to publish. */
export interface MarkParts {
  readonly price: bigint;
  readonly price1: bigint;
  readonly price2: bigint;
  readonly contractPrice: bigint;
}

/**
 * Mark = median(P1, P2, contract) (§5 [MARK][F2025]): P1 = index × (1 + fundingRate × timeToFunding / interval)
 * half-up with the predicted rate, P2 = index + MA(basis), contract = last price (P2 when there is none).
 */
export function markParts(m: MarkInput): MarkParts {
  if (!(Number.isSafeInteger(m.intervalMs) && m.intervalMs > 0 && Number.isSafeInteger(m.msToNextFunding) && m.msToNextFunding >= 0)) {
    throw new RangeError('markParts: need an integer interval > 0 and time to funding ≥ 0 (ms)');
  }
  const t = BigInt(Math.min(m.msToNextFunding, m.intervalMs));
  const price1 = m.index + divHalfUp(m.index * m.fundingRate * t, E8 * BigInt(m.intervalMs));
  const price2 = m.index + m.basisAverage;
  const contractPrice = m.lastPrice ?? price2;
  return { price: medianOf([price1, price2, contractPrice]), price1, price2, contractPrice };
}

/** The mark price alone (§5): see `markParts`. */
export function markPrice(m: MarkInput): bigint {
  return markParts(m).price;
}

/** basis_t = (Bid1 + Ask1) / 2 − index (§5), the half minor unit of an odd mid rounded half-up. */
export function basisOf(bid1: bigint, ask1: bigint, index: bigint): bigint {
  return divHalfUp(bid1 + ask1 - 2n * index, 2n);
}

/**
 * Basis samples in MA(basis), notes §5 [F2025]: "since 2025-09-18 08:01 UTC, a 30-second basis: 30 data points, one
 * per second" (a 1-minute basis before; older texts 5 minutes, 60 points every 5 s).
 */
export const BASIS_WINDOW = 30;

/**
 * Rolling mean of the last `size` basis samples (§5: one a second, BASIS_WINDOW of them). A ring buffer with an
 * exact running sum: O(1) per sample.
 */
export class BasisWindow {
  readonly size: number;
  #ring: bigint[];
  #next = 0;
  #count = 0;
  #sum = 0n;

  constructor(size = BASIS_WINDOW) {
    if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`BasisWindow size must be an integer ≥ 1: ${size}`);
    this.size = size;
    this.#ring = new Array<bigint>(size).fill(0n);
  }

  /** Adds one basis sample (quote minor units), dropping the oldest once the window is full. */
  push(basis: bigint): void {
    if (this.#count === this.size) this.#sum -= this.#ring[this.#next]!;
    else this.#count++;
    this.#ring[this.#next] = basis;
    this.#sum += basis;
    this.#next = (this.#next + 1) % this.size;
  }

  /** Adds the basis of a book top against the index (`basisOf`). */
  pushQuote(bid1: bigint, ask1: bigint, index: bigint): void {
    this.push(basisOf(bid1, ask1, index));
  }

  /** Samples in the window (≤ size). */
  get count(): number {
    return this.#count;
  }

  /** Exact sum of the samples in the window. */
  get sum(): bigint {
    return this.#sum;
  }

  /** MA(basis), half-up; null before the first sample. */
  mean(): bigint | null {
    return this.#count === 0 ? null : divHalfUp(this.#sum, BigInt(this.#count));
  }

  /** The samples in the window, oldest first (to publish the inputs). */
  samples(): bigint[] {
    const start = this.#count === this.size ? this.#next : 0;
    return Array.from({ length: this.#count }, (_, i) => this.#ring[(start + i) % this.size]!);
  }

  /** Empties the window (e.g. after an index outage, §5). */
  reset(): void {
    this.#ring.fill(0n);
    this.#next = 0;
    this.#count = 0;
    this.#sum = 0n;
  }
}
