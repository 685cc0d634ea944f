// Leverage and maintenance-margin brackets (notes §1, §10): MM is tiered like a tax schedule, `cum` is the
// "maintenance amount" that makes |N| × MMR_k − cum_k equal the sum over slices; leverage only caps the notional.
import { abs, divCeil, E8, rate, type Rate } from './units.ts';

/** One tier as configured: notional floor and cap in quote minor units, max leverage, maintenance-margin rate. */
export interface BracketSpec {
  readonly floor: bigint;
  readonly cap: bigint;
  readonly maxLeverage: number;
  readonly mmr: Rate;
}

/** A checked tier: its 1-based number (API `bracket`) and its maintenance amount `cum` (quote minor units). */
export interface Bracket extends BracketSpec {
  readonly bracket: number;
  readonly cum: bigint;
}

/** A symbol's (or a user's) checked brackets, lowest notional first; never empty. */
export type Brackets = readonly Bracket[];

/**
 * Checks a bracket table and computes cum_k = cum_(k−1) + floor_k × (MMR_k − MMR_(k−1)) (§1, [LIQ]). Throws when the
 * first floor is not 0, tiers are not contiguous, MMR does not strictly increase, leverage rises or is not an
 * integer ≥ 1, or a cum would not be a whole number of minor units.
 */
export function defineBrackets(specs: readonly BracketSpec[]): Brackets {
  if (specs.length === 0) throw new RangeError('brackets: empty table');
  const out: Bracket[] = [];
  let prev: Bracket | undefined;
  for (const [i, spec] of specs.entries()) {
    const where = `bracket ${i + 1}`;
    if (!Number.isSafeInteger(spec.maxLeverage) || spec.maxLeverage < 1) throw new RangeError(`${where}: maxLeverage must be an integer ≥ 1`);
    if (spec.cap <= spec.floor) throw new RangeError(`${where}: cap must exceed floor`);
    if (spec.mmr < 0n || spec.mmr >= E8) throw new RangeError(`${where}: mmr must be in [0, 100 %)`);
    let cum = 0n;
    if (prev === undefined) {
      if (spec.floor !== 0n) throw new RangeError(`${where}: the first floor must be 0`);
    } else {
      if (spec.floor !== prev.cap) throw new RangeError(`${where}: floor must equal the previous cap`);
      if (spec.mmr <= prev.mmr) throw new RangeError(`${where}: mmr must increase`);
      if (spec.maxLeverage > prev.maxLeverage) throw new RangeError(`${where}: maxLeverage must not increase`);
      const step = spec.floor * (spec.mmr - prev.mmr);
      if (step % E8 !== 0n) throw new RangeError(`${where}: cum is not a whole number of minor units`);
      cum = prev.cum + step / E8;
    }
    prev = Object.freeze({ floor: spec.floor, cap: spec.cap, maxLeverage: spec.maxLeverage, mmr: spec.mmr, bracket: i + 1, cum });
    out.push(prev);
  }
  return Object.freeze(out);
}

/** The bracket of |notional| (§1 edge case (a)): floor inclusive; past the last cap, the last bracket. */
export function bracketFor(brackets: Brackets, notional: bigint): Bracket {
  const n = abs(notional);
  let found = brackets[0]!;
  for (const b of brackets) {
    if (b.floor > n) break;
    found = b;
  }
  return found;
}

/** MM = |N| × MMR_k − cum_k (§1), rounded up to a minor unit (the exchange's side). */
export function maintenanceMargin(brackets: Brackets, notional: bigint): bigint {
  const b = bracketFor(brackets, notional);
  return divCeil(abs(notional) * b.mmr, E8) - b.cum;
}

/** Largest notional at leverage L (§1 (a), §9): notionalCap of the highest bracket with maxLeverage ≥ L; undefined if none. */
export function maxNotionalFor(brackets: Brackets, leverage: number): bigint | undefined {
  let cap: bigint | undefined;
  for (const b of brackets) if (b.maxLeverage >= leverage) cap = b.cap;
  return cap;
}

/**
 * Largest leverage allowed for |notional| (§1 (a), cap inclusive): the maxLeverage of the first bracket whose cap
 * reaches it, so maxNotionalFor(maxLeverageFor(N)) ≥ |N|; undefined past the last cap.
 */
export function maxLeverageFor(brackets: Brackets, notional: bigint): number | undefined {
  const n = abs(notional);
  return brackets.find((b) => b.cap >= n)?.maxLeverage;
}

const usdt = (whole: number): bigint => BigInt(whole) * E8;
const pct = (hundredths: number): Rate => rate(BigInt(hundredths) * 10_000n); // 0.40 % = 40 hundredths of a percent

/** BTCUSDT default brackets of 2024-05-30 … 2024-10-24 (§10 table (a), [FT] binance_leverage_tiers.json). */
export const BTC_BRACKETS_2024: readonly BracketSpec[] = Object.freeze(
  (
    [
      [0, 50_000, 125, 40],
      [50_000, 600_000, 100, 50],
      [600_000, 3_000_000, 75, 65],
      [3_000_000, 12_000_000, 50, 100],
      [12_000_000, 70_000_000, 25, 200],
      [70_000_000, 100_000_000, 20, 250],
      [100_000_000, 230_000_000, 10, 500],
      [230_000_000, 480_000_000, 5, 1_000],
      [480_000_000, 600_000_000, 4, 1_250],
      [600_000_000, 800_000_000, 3, 1_500],
      [800_000_000, 1_200_000_000, 2, 2_500],
      [1_200_000_000, 1_800_000_000, 1, 5_000],
    ] as const
  ).map(([floor, cap, maxLeverage, mmr]) => Object.freeze({ floor: usdt(floor), cap: usdt(cap), maxLeverage, mmr: pct(mmr) })),
);
