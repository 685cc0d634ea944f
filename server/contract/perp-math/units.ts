// Units of the perpetuals formulas (notes: /work/shared/notes/perp-formulas.md, §0). Everything is an exact bigint:
// quantities in base minor units (10^-8 coin, signed: + long, − short), prices in quote minor units per whole coin,
// notionals and balances in quote minor units, ratios as `Rate` (× 10^8). Rounding happens only where a function
// says so, in the direction it names. Shared by the server's engine and the browser (position P&L, margin, cost and
// liquidation price are computed by the same code, with the same rounding).
declare const rateBrand: unique symbol;

/** 10^8: minor units per coin, and the scale of a `Rate`. */
export const E8 = 100_000_000n;

/** A ratio × 10^8: 0.4 % = 400_000n, 0.01 % = 10_000n, 100 % = E8. May be negative (funding, premium). */
export type Rate = bigint & { readonly [rateBrand]: 'Rate' };

/** Brands a bigint already scaled by 10^8 as a `Rate` (§0 MMR, funding, ratios). */
export const rate = (scaled: bigint): Rate => scaled as Rate;

/** 100 % as a `Rate`. */
export const RATE_ONE: Rate = rate(E8);

/** How a division rounds: toward −∞, toward +∞, or to nearest with ties away from zero. */
export type Rounding = 'floor' | 'ceil' | 'halfUp';

function normalize(a: bigint, b: bigint): [bigint, bigint] {
  if (b === 0n) throw new RangeError('division by zero');
  return b < 0n ? [-a, -b] : [a, b];
}

/** ⌊a / b⌋ (toward −∞), for any signs (§0: the conservative rounding of a loss). */
export function divFloor(a: bigint, b: bigint): bigint {
  const [n, d] = normalize(a, b);
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** ⌈a / b⌉ (toward +∞), for any signs (§0: margins and costs round up). */
export function divCeil(a: bigint, b: bigint): bigint {
  const [n, d] = normalize(a, b);
  const q = n / d;
  return n % d !== 0n && n > 0n ? q + 1n : q;
}

/** a / b to the nearest integer, ties away from zero (−2.5 → −3, 2.5 → 3), as decimal display rounds (§0, §2 ratios). */
export function divHalfUp(a: bigint, b: bigint): bigint {
  const [n, d] = normalize(a, b);
  const q = (2n * (n < 0n ? -n : n) + d) / (2n * d);
  return n < 0n ? -q : q;
}

/** a / b rounded as `mode` says (§0). */
export function divRound(a: bigint, b: bigint, mode: Rounding): bigint {
  return mode === 'floor' ? divFloor(a, b) : mode === 'ceil' ? divCeil(a, b) : divHalfUp(a, b);
}

/** a × b / c with one rounding at the end, the product exact (§0). */
export function mulDiv(a: bigint, b: bigint, c: bigint, mode: Rounding): bigint {
  return divRound(a * b, c, mode);
}

/** Quote minor units of `qty` base minor units at `price` quote minor units per coin: qty × price / 10^8 (§0 `N`). */
export function notionalOf(qty: bigint, price: bigint, mode: Rounding): bigint {
  return divRound(qty * price, E8, mode);
}

/** |x| for bigints (§0 `Q` = |size|). */
export const abs = (x: bigint): bigint => (x < 0n ? -x : x);

/** −1n, 0n or 1n (Binance's `Side`, §0). */
export const sign = (x: bigint): bigint => (x > 0n ? 1n : x < 0n ? -1n : 0n);

/** The larger / smaller of two bigints (the max / min of §2, §8). */
export const maxB = (a: bigint, b: bigint): bigint => (a > b ? a : b);
export const minB = (a: bigint, b: bigint): bigint => (a < b ? a : b);

/** Clamps x to [lo, hi] (lo ≤ hi; the clamp of §6). */
export const clampB = (x: bigint, lo: bigint, hi: bigint): bigint => (x < lo ? lo : x > hi ? hi : x);

/** A user's leverage (§0 `L`) as a bigint; throws unless it is a safe integer ≥ 1. */
export function leverageOf(leverage: number): bigint {
  if (!Number.isSafeInteger(leverage) || leverage < 1) throw new RangeError(`leverage must be an integer ≥ 1: ${leverage}`);
  return BigInt(leverage);
}
