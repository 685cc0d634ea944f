// Seconds contracts' pure rules: the operator's table row checks, the amount bounds, and the house's exposure. The
// settlement itself (outcome and payout) is contract/seconds-record.ts's settle(), one function for the desk and
// every verifier. No clock, no I/O: time and prices are inputs.
import type { SecondsDirection } from '../../contract/seconds.ts';

export const E8 = 100_000_000n;
/** The spec's bounds of an amount, minor units of USDT (1,000 and 9,999,999). */
export const SPEC_MIN = 1_000n * E8;
export const SPEC_MAX = 9_999_999n * E8;

export interface ConfigTerms {
  readonly payoutRatio: bigint;
  readonly lossRatio: bigint;
  readonly minAmount: bigint;
  readonly maxAmount: bigint;
  readonly feeRate: bigint;
}

/** A row the operator may set: payout in (0, 10], loss in [0, 1], spec min ≤ min ≤ max ≤ spec max, fee in [0, 10 %]. */
export function termsProblem(t: ConfigTerms): string | null {
  if (t.payoutRatio <= 0n || t.payoutRatio > 10n * E8) return 'the payout ratio must be above 0 and at most 10 (1000 %)';
  if (t.lossRatio < 0n || t.lossRatio > E8) return 'the loss ratio must be between 0 and 1';
  if (t.minAmount < SPEC_MIN) return 'the minimum must be at least 1000';
  if (t.maxAmount > SPEC_MAX) return 'the maximum must be at most 9999999';
  if (t.minAmount > t.maxAmount) return 'the minimum must not exceed the maximum';
  if (t.feeRate < 0n || t.feeRate > E8 / 10n) return 'the fee rate must be between 0 and 0.1';
  return null;
}

export type AmountCheck = { readonly ok: true } | { readonly ok: false; readonly code: 'seconds.amount.below.min' | 'seconds.amount.above.max'; readonly bound: bigint };

/** The stake against the spec's bounds and the row's own (the tighter of each). */
export function checkStake(stake: bigint, t: Pick<ConfigTerms, 'minAmount' | 'maxAmount'>): AmountCheck {
  const min = t.minAmount > SPEC_MIN ? t.minAmount : SPEC_MIN;
  const max = t.maxAmount < SPEC_MAX ? t.maxAmount : SPEC_MAX;
  if (stake < min) return { ok: false, code: 'seconds.amount.below.min', bound: min };
  if (stake > max) return { ok: false, code: 'seconds.amount.above.max', bound: max };
  return { ok: true };
}

/**
 * What one contract does to the house's result if the market moves each way: the house pays ⌊stake × payout⌋ when
 * the contract's direction comes true and takes ⌈stake × loss⌉ when the other does (a tie moves nothing). Positive
 * = the house loses.
 */
export function exposureOf(direction: SecondsDirection, stake: bigint, payoutRatio: bigint, lossRatio: bigint): { up: bigint; down: bigint } {
  const win = (stake * payoutRatio) / E8;
  const taken = stake * lossRatio;
  const loss = taken % E8 === 0n ? taken / E8 : taken / E8 + 1n;
  return direction === 'up' ? { up: win, down: -loss } : { up: -loss, down: win };
}

/** Net exposure per market and direction, and what the house must hold to pay the worst case of every market. */
export class Exposure {
  private readonly byMarket = new Map<string, { up: bigint; down: bigint }>();
  private worstTotal = 0n;

  private static worst(x: { up: bigint; down: bigint }): bigint {
    const m = x.up > x.down ? x.up : x.down;
    return m > 0n ? m : 0n;
  }

  of(market: string, direction: SecondsDirection): bigint {
    return this.byMarket.get(market)?.[direction] ?? 0n;
  }

  /** The house's worst loss over all markets (each market's worse direction, never below zero). */
  get required(): bigint {
    return this.worstTotal;
  }

  /** The exposure and requirement after adding (sign 1) or removing (−1) a contract, without changing anything. */
  preview(market: string, delta: { up: bigint; down: bigint }, sign: 1n | -1n = 1n): { up: bigint; down: bigint; required: bigint } {
    const cur = this.byMarket.get(market) ?? { up: 0n, down: 0n };
    const next = { up: cur.up + sign * delta.up, down: cur.down + sign * delta.down };
    return { ...next, required: this.worstTotal - Exposure.worst(cur) + Exposure.worst(next) };
  }

  apply(market: string, delta: { up: bigint; down: bigint }, sign: 1n | -1n = 1n): void {
    const p = this.preview(market, delta, sign);
    this.byMarket.set(market, { up: p.up, down: p.down });
    this.worstTotal = p.required;
  }
}
