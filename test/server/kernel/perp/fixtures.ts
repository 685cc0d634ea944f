// Shared inputs of the perpetuals tests: decimal helpers and the bracket tables of the notes' worked examples.
import { formatDecimal, parseDecimal } from '../../../../server/kernel/money/decimal.ts';
import type { BracketSpec } from '../../../../server/contract/perp-math/brackets.ts';
import { divHalfUp, parseRate } from '../../../../server/kernel/perp/units.ts';

/** Decimal text (may start with "-") → minor units (× 10^8). */
export function u(text: string): bigint {
  const negative = text.startsWith('-');
  const r = parseDecimal((negative ? text.slice(1) : text).replaceAll(',', ''));
  if (!r.ok) throw new Error(`bad decimal ${text}`);
  return negative ? -r.value : r.value;
}

/** Minor units shown with `places` decimals, half-up (as the notes print them). */
export function show(minor: bigint, places: number): string {
  return formatDecimal(divHalfUp(minor, 10n ** BigInt(8 - places)), places);
}

/** Minor units shown with `places` decimals, truncated toward zero. */
export function showTrunc(minor: bigint, places: number): string {
  return formatDecimal(minor / 10n ** BigInt(8 - places), places);
}

type Row = readonly [floor: string, cap: string, maxLeverage: number, mmr: string];
const specs = (rows: readonly Row[]): BracketSpec[] =>
  rows.map(([floor, cap, maxLeverage, mmr]) => ({ floor: u(floor), cap: u(cap), maxLeverage, mmr: parseRate(mmr) }));

/**
 * §10 table (e), BTCUSDT 2020–early 2021, behind the [LIQ] examples. The last tier is open-ended in the notes (cap
 * 1,000,000,000 here) and its leverage column was never found: the leverages are placeholders.
 */
export const BTC_2020 = specs([
  ['0', '50000', 125, '0.004'],
  ['50000', '250000', 100, '0.005'],
  ['250000', '1000000', 50, '0.01'],
  ['1000000', '5000000', 20, '0.025'],
  ['5000000', '10000000', 10, '0.05'],
  ['10000000', '20000000', 5, '0.10'],
  ['20000000', '35000000', 4, '0.125'],
  ['35000000', '50000000', 3, '0.15'],
  ['50000000', '1000000000', 2, '0.25'],
]);

/**
 * ETHUSDT of the same era. The notes give only the tier of the [LIQ] example (2M–5M, 10 %, cum 135,365); the tiers
 * below are reconstructed so the cum recurrence lands on 135,365 (15 → 365 → 5,365 → 35,365 → 135,365). Leverages
 * are placeholders.
 */
export const ETH_2020 = specs([
  ['0', '10000', 100, '0.005'],
  ['10000', '100000', 75, '0.0065'],
  ['100000', '500000', 50, '0.01'],
  ['500000', '1000000', 25, '0.02'],
  ['1000000', '2000000', 10, '0.05'],
  ['2000000', '5000000', 5, '0.10'],
  ['5000000', '10000000', 4, '0.125'],
  ['10000000', '20000000', 3, '0.15'],
  ['20000000', '1000000000', 2, '0.25'],
]);

/** §10 table (c), BTCUSDT 2023-09-30 (= a live leverageBracket response). */
export const BTC_2023 = specs([
  ['0', '50000', 125, '0.004'],
  ['50000', '250000', 100, '0.005'],
  ['250000', '3000000', 50, '0.01'],
  ['3000000', '20000000', 20, '0.025'],
  ['20000000', '40000000', 10, '0.05'],
  ['40000000', '100000000', 5, '0.10'],
  ['100000000', '120000000', 4, '0.125'],
  ['120000000', '200000000', 3, '0.15'],
  ['200000000', '300000000', 2, '0.25'],
  ['300000000', '500000000', 1, '0.50'],
]);

/** A uniform bigint in [lo, hi] from a seeded `() => number` (mulberry32); exact for spans up to ~2^100. */
export function randBig(rng: () => number, lo: bigint, hi: bigint): bigint {
  const span = hi - lo + 1n;
  let x = 0n;
  for (let i = 0; i < 4; i++) x = (x << 32n) | BigInt(Math.floor(rng() * 4_294_967_296));
  return lo + (x % span);
}

/** A random decimal magnitude: 10^(a..b) scaled by a random mantissa, so values spread over many orders. */
export function randMagnitude(rng: () => number, minExp: number, maxExp: number): bigint {
  const exp = minExp + Math.floor(rng() * (maxExp - minExp + 1));
  return randBig(rng, 10n ** BigInt(exp), 10n ** BigInt(exp + 1) - 1n);
}
