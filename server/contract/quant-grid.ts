// The spot grid's price ladder and its profit per grid (groundwork for issue 24's grid bot): one module for the
// server, which will place the ladder's orders, and the browser, which shows the ladder and the profit per grid
// after fees before a bot starts. Pure: no Node imports, no floats, so both compute the same ladder to the unit.
//
// Prices are bigint units of 10^-8 of the quote coin, as everywhere in the exchange; the market's tick is a unit
// count too. A ladder has grids + 1 levels from `lower` to `upper`, both on the tick:
//   arithmetic: level i = lower + (upper − lower) · i / grids, rounded to the nearest tick (halves up);
//   geometric:  level i = lower · r^i with r the largest fixed-point ratio (10^-18) whose grids-th power is at most
//               upper / lower, each level rounded to the nearest tick; the last level is upper itself.
// Two levels that round to the same tick make the ladder refuse (quant.grid.too.many: the tick can't hold that
// many grids in the range).
//
// Profit per grid: one grid buys q at its lower level and sells q at its upper level, paying the fee rate on each
// side: profit = q·(high − low) − fee·q·(low + high). As a fraction of the quote spent on the buy (q·low), rounded
// down to 10^-8: (high − low − fee·(low + high)) / low. The preview shows its smallest and largest over the ladder
// (equal steps make the lowest grid the most profitable; equal ratios make them nearly equal).

export const GRID_MIN = 2;
export const GRID_MAX = 150;
export type GridMode = 'arithmetic' | 'geometric';
export const GRID_MODES: readonly GridMode[] = ['arithmetic', 'geometric'];

export const QUANT_GRID_CODES = [
  'quant.grid.range.invalid', 'quant.grid.count.invalid', 'quant.grid.off.tick', 'quant.grid.too.many', 'quant.grid.mode.invalid', 'quant.grid.price.outside',
  'quant.grid.investment.too.small',
] as const;
export type QuantGridCode = (typeof QUANT_GRID_CODES)[number];

export interface GridSpec {
  readonly lower: bigint;
  readonly upper: bigint;
  readonly grids: number;
  readonly mode: GridMode;
  /** The market's tick, in units (> 0). */
  readonly tick: bigint;
}

export type GridResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: QuantGridCode };

const FIXED = 10n ** 18n;
const RATE_SCALE = 100_000_000n;
const PPM = 1_000_000n;

/** `value` rounded to the nearest multiple of `tick` (halves up). */
export const roundToTick = (value: bigint, tick: bigint): bigint => ((value + tick / 2n) / tick) * tick;

/** `base^n` in fixed point (10^-18), rounded down at each step. */
function powFixed(base: bigint, n: number): bigint {
  let out = FIXED;
  let b = base;
  let e = n;
  // Square-and-multiply keeps it to 2·log2(n) products; rounding down at each keeps it monotone in `base`.
  while (e > 0) {
    if (e & 1) out = (out * b) / FIXED;
    e >>= 1;
    if (e > 0) b = (b * b) / FIXED;
  }
  return out;
}

/** The largest fixed-point r ≥ 1 with r^n ≤ ratio (both fixed point), by bisection: exact and the same everywhere. */
export function rootFixed(ratio: bigint, n: number): bigint {
  let lo = FIXED;
  let hi = ratio;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (powFixed(mid, n) <= ratio) lo = mid;
    else hi = mid - 1n;
  }
  return lo;
}

/** The ladder's levels, lowest first, or why it can't be built. */
export function gridLevels(s: GridSpec): GridResult<bigint[]> {
  if (!GRID_MODES.includes(s.mode)) return { ok: false, code: 'quant.grid.mode.invalid' };
  if (s.tick <= 0n || s.lower <= 0n || s.upper <= s.lower) return { ok: false, code: 'quant.grid.range.invalid' };
  if (!Number.isSafeInteger(s.grids) || s.grids < GRID_MIN || s.grids > GRID_MAX) return { ok: false, code: 'quant.grid.count.invalid' };
  if (s.lower % s.tick !== 0n || s.upper % s.tick !== 0n) return { ok: false, code: 'quant.grid.off.tick' };
  const n = BigInt(s.grids);
  const levels: bigint[] = [s.lower];
  if (s.mode === 'arithmetic') {
    // lower + (upper − lower)·i/n to the nearest tick in one rounding: floor((lower·n + (upper − lower)·i + tick·n/2) / (tick·n)).
    const den = s.tick * n;
    for (let i = 1n; i < n; i++) levels.push(((s.lower * n + (s.upper - s.lower) * i + den / 2n) / den) * s.tick);
  } else {
    const r = rootFixed((s.upper * FIXED) / s.lower, s.grids);
    let exact = s.lower * FIXED; // the unrounded level, in fixed point, so rounding never compounds
    for (let i = 1; i < s.grids; i++) {
      exact = (exact * r) / FIXED;
      levels.push(roundToTick(exact / FIXED, s.tick));
    }
  }
  levels.push(s.upper);
  for (let i = 1; i < levels.length; i++) if (levels[i]! <= levels[i - 1]!) return { ok: false, code: 'quant.grid.too.many' };
  return { ok: true, value: levels };
}

/** One grid's profit after fees as a fraction (× 10^8, rounded down) of the quote its buy spends. */
export function gridProfit(low: bigint, high: bigint, feePpm: number): bigint {
  const fee = BigInt(feePpm);
  const num = (high - low) * PPM - fee * (low + high);
  // Rounded down, negatives included (a loss is never shown smaller than it is).
  const scaled = num * RATE_SCALE;
  const den = low * PPM;
  const q = scaled / den;
  return scaled % den !== 0n && scaled < 0n ? q - 1n : q;
}

/** The smallest and largest profit per grid after fees over a ladder (× 10^8). */
export function profitRange(levels: readonly bigint[], feePpm: number): { min: bigint; max: bigint } {
  let min: bigint | null = null;
  let max: bigint | null = null;
  for (let i = 1; i < levels.length; i++) {
    const p = gridProfit(levels[i - 1]!, levels[i]!, feePpm);
    if (min === null || p < min) min = p;
    if (max === null || p > max) max = p;
  }
  return { min: min ?? 0n, max: max ?? 0n };
}

/** Where a price sits in the ladder: the index of the highest level at or below it (−1 below the ladder). Orders
 *  rest below it as buys and above it as sells. */
export function levelBelow(levels: readonly bigint[], price: bigint): number {
  let lo = 0;
  let hi = levels.length - 1;
  if (price < levels[0]!) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (levels[mid]! <= price) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const SCALE = 100_000_000n;
/** What the first market buy may cost above the price it was planned at (the band's slippage allowance), in bps. */
export const GRID_SLIP_BPS = 50n;

export interface GridPlanInput {
  /** The ladder, lowest first (gridLevels). */
  readonly levels: readonly bigint[];
  /** The price the bot starts at (the last trade), units of 10^-8 quote per whole base coin. */
  readonly price: bigint;
  /** Quote units of 10^-8 the user puts in. */
  readonly investment: bigint;
  /** The market's lot, smallest quantity and smallest notional (units of 10^-8 base, base, quote). */
  readonly lotSize: bigint;
  readonly minQty: bigint;
  readonly minNotional: bigint;
  /** The larger of the user's maker and taker fee rates, ppm. */
  readonly feePpm: number;
}

export interface GridPlan {
  /** Level index of every buy order, lowest first, and of every sell order. The level nearest the price is empty. */
  readonly buys: readonly number[];
  readonly sells: readonly number[];
  /** Base each sell order sells, units of 10^-8. */
  readonly sellQty: bigint;
  /** Base each buy order buys: enough that what it delivers after its fee (taken in base) covers one sell. */
  readonly buyQty: bigint;
  /** Base the bot buys at the market when it starts, for its sell orders. */
  readonly initialBase: bigint;
  /** The quote the plan uses at most: the buy orders' and the first buy's (at the price plus the slippage allowance). */
  readonly cost: bigint;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;
const ceilLot = (v: bigint, lot: bigint): bigint => ceilDiv(v, lot) * lot;

/** Base bought so that, after a fee of `feePpm` in base, at least `net` is left, on the lot. */
export const grossForNet = (net: bigint, feePpm: number, lot: bigint): bigint => ceilLot(ceilDiv(net * PPM, PPM - BigInt(feePpm)), lot);

/**
 * The grid bot's orders at the start: a buy at every level below the price, a sell at every level above, none at
 * the level nearest the price (so a bot never holds more orders than it has grids), the same base in every sell and,
 * in every buy, that plus its fee. The largest sell quantity on the lot whose cost fits the investment; refused
 * (quant.grid.investment.too.small) when one order would be under the market's minimums.
 */
export function planGrid(p: GridPlanInput): { ok: true; value: GridPlan } | { ok: false; code: 'quant.grid.price.outside' | 'quant.grid.investment.too.small' } {
  const n = p.levels.length;
  if (n < 2 || p.price <= p.levels[0]! || p.price >= p.levels[n - 1]!) return { ok: false, code: 'quant.grid.price.outside' };
  let nearest = 0;
  for (let i = 1; i < n; i++) {
    const d = (x: bigint) => (x > p.price ? x - p.price : p.price - x);
    if (d(p.levels[i]!) < d(p.levels[nearest]!)) nearest = i;
  }
  const buys: number[] = [];
  const sells: number[] = [];
  for (let i = 0; i < n; i++) {
    if (i === nearest) continue;
    if (p.levels[i]! < p.price) buys.push(i);
    else sells.push(i);
  }
  const buyPrices = buys.reduce((s, i) => s + p.levels[i]!, 0n);
  const firstPrice = (p.price * (10_000n + GRID_SLIP_BPS)) / 10_000n;
  const costOf = (sellQty: bigint) => {
    const buyQty = grossForNet(sellQty, p.feePpm, p.lotSize);
    const initialBase = sells.length === 0 ? 0n : grossForNet(sellQty * BigInt(sells.length), p.feePpm, p.lotSize);
    return { buyQty, initialBase, cost: ceilDiv(buyQty * buyPrices + initialBase * firstPrice, SCALE) };
  };
  // The cost grows with the quantity: the largest number of lots that fits, by bisection.
  let lo = 0n;
  let hi = (p.investment * SCALE) / (p.lotSize * (p.levels[0]! > 0n ? p.levels[0]! : 1n)) + 1n;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (costOf(mid * p.lotSize).cost <= p.investment) lo = mid;
    else hi = mid - 1n;
  }
  const sellQty = lo * p.lotSize;
  const { buyQty, initialBase, cost } = costOf(sellQty);
  const lowest = p.levels[buys[0] ?? sells[0]!]!;
  if (sellQty < p.minQty || (sellQty * lowest) / SCALE < p.minNotional || (buys.length > 0 && (buyQty * lowest) / SCALE < p.minNotional)) {
    return { ok: false, code: 'quant.grid.investment.too.small' };
  }
  return { ok: true, value: { buys, sells, sellQty, buyQty, initialBase, cost } };
}
