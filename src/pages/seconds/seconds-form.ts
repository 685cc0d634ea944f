// The seconds contract form's rules, pure (tested in node): the durations of a market, the amount's bounds (the
// spec's 1000 to 9999999 USDT, narrowed by the row's own minimum and maximum), the balance, a timed order's start,
// and the expected profit of a win by the same rule the desk settles with (secondsRecord.payoutOf, feeOf).
import { SECONDS_AMOUNT_MAX, SECONDS_AMOUNT_MIN, secondsRecord, type SecondsConfigItem, type SecondsDirection } from '../../contract.ts';

export type SecondsFormError =
  | { readonly code: 'amount.format' }
  | { readonly code: 'amount.below.min'; readonly min: string }
  | { readonly code: 'amount.above.max'; readonly max: string }
  | { readonly code: 'balance.insufficient' }
  | { readonly code: 'duration.missing' }
  | { readonly code: 'duration.disabled' }
  | { readonly code: 'start.format' }
  | { readonly code: 'start.in.past' };

/** A market's rows by duration, shortest first (disabled rows included: shown, not choosable). */
export function durationsOf(config: readonly SecondsConfigItem[], market: string): SecondsConfigItem[] {
  return config.filter((c) => c.market === market).sort((a, b) => a.durationS - b.durationS);
}

/** The markets of the table, sorted. */
export const marketsOf = (config: readonly SecondsConfigItem[]): string[] => [...new Set(config.map((c) => c.market))].sort();

const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** The amount's bounds for a row: the spec's, narrowed by the row's. */
export function boundsOf(row: SecondsConfigItem): { min: string; max: string } {
  const lo = max(secondsRecord.unitsOf(SECONDS_AMOUNT_MIN)!, secondsRecord.unitsOf(row.minAmount) ?? 0n);
  const rowMax = secondsRecord.unitsOf(row.maxAmount);
  const hi = rowMax === null || rowMax === 0n ? secondsRecord.unitsOf(SECONDS_AMOUNT_MAX)! : min(secondsRecord.unitsOf(SECONDS_AMOUNT_MAX)!, rowMax);
  return { min: secondsRecord.unitsText(lo), max: secondsRecord.unitsText(hi) };
}

/** The payout ratio as a whole percent text ("0.8" → "80", "0.825" → "82.5"). */
export function percentOf(ratio: string): string {
  const units = secondsRecord.unitsOf(ratio);
  return units === null ? '--' : secondsRecord.unitsText(units * 100n);
}

/** The datetime-local text of a moment in the browser's zone ("2026-11-26T21:05"); its inverse is `startOf`. */
export function localInputOf(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
export function startOf(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return null;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : null;
}

export interface SecondsFormInput {
  readonly amount: string;
  readonly row: SecondsConfigItem | null;
  /** Available in the seconds account (null while unknown: not checked here; the server checks). */
  readonly available: string | null;
  /** A timed order's start as typed (null: open now). */
  readonly start: string | null;
  /** Server time now. */
  readonly now: number;
}

export function validateSeconds(input: SecondsFormInput): SecondsFormError | null {
  const row = input.row;
  if (row === null) return { code: 'duration.missing' };
  if (!row.enabled) return { code: 'duration.disabled' };
  const amount = secondsRecord.unitsOf(input.amount.trim());
  if (amount === null) return { code: 'amount.format' };
  const bounds = boundsOf(row);
  if (amount < secondsRecord.unitsOf(bounds.min)!) return { code: 'amount.below.min', min: bounds.min };
  if (amount > secondsRecord.unitsOf(bounds.max)!) return { code: 'amount.above.max', max: bounds.max };
  if (input.available !== null) {
    const available = secondsRecord.unitsOf(input.available);
    const fee = secondsRecord.feeOf(amount, secondsRecord.unitsOf(row.feeRate) ?? 0n);
    if (available !== null && amount + fee > available) return { code: 'balance.insufficient' };
  }
  if (input.start !== null) {
    const start = startOf(input.start);
    if (start === null) return { code: 'start.format' };
    if (start <= input.now) return { code: 'start.in.past' };
  }
  return null;
}

export interface SecondsQuote {
  readonly fee: string;
  /** What a win adds: payout − stake − fee. */
  readonly winProfit: string;
  /** What a loss costs (negative): payout − stake − fee. */
  readonly lossProfit: string;
}

/** The fee and the profit of a win and of a loss for a stake, by the settlement rule; null for an unreadable amount. */
export function quoteOf(amount: string, row: SecondsConfigItem): SecondsQuote | null {
  const stake = secondsRecord.unitsOf(amount.trim());
  const payoutRatio = secondsRecord.unitsOf(row.payoutRatio);
  const lossRatio = secondsRecord.unitsOf(row.lossRatio);
  const feeRate = secondsRecord.unitsOf(row.feeRate);
  if (stake === null || payoutRatio === null || lossRatio === null || feeRate === null) return null;
  const fee = secondsRecord.feeOf(stake, feeRate);
  const win = secondsRecord.payoutOf('win', stake, payoutRatio, lossRatio) - stake - fee;
  const loss = secondsRecord.payoutOf('loss', stake, payoutRatio, lossRatio) - stake - fee;
  return { fee: secondsRecord.unitsText(fee), winProfit: secondsRecord.unitsText(win), lossProfit: secondsRecord.unitsText(loss) };
}

/** The largest stake the balance covers with its fee, within the row's bounds (the "all" button); null if below the minimum. */
export function allOf(available: string, row: SecondsConfigItem): string | null {
  const avail = secondsRecord.unitsOf(available);
  const feeRate = secondsRecord.unitsOf(row.feeRate);
  if (avail === null || feeRate === null) return null;
  const bounds = boundsOf(row);
  // stake + ⌈stake × rate⌉ ≤ available: start from ⌊available / (1 + rate)⌋ and step down while the fee's rounding says no.
  let stake = (avail * 100_000_000n) / (100_000_000n + feeRate);
  while (stake > 0n && stake + secondsRecord.feeOf(stake, feeRate) > avail) stake -= 1n;
  stake = min(stake, secondsRecord.unitsOf(bounds.max)!);
  // Whole USDT, as the amount field is typed.
  stake -= stake % 100_000_000n;
  return stake < secondsRecord.unitsOf(bounds.min)! ? null : secondsRecord.unitsText(stake);
}

export const directionLabel = (d: SecondsDirection): string => (d === 'up' ? 'seconds.up' : 'seconds.down');
