// Liquidation-index micro-benchmark: 100,000 positions of one market, half long and half short, liquidation prices
// spread up to 30 % either side of a 50,000 USDT mark: longs uniformly in [0.70, 0.995] × mark, shorts in
// [1.005, 1.30] × mark (a position's LP lies on its losing side of the mark, so at the mark nobody is reached), on
// a 0.01 USDT grid, seeded. Every figure is set against a linear scan of the same positions in the same run
// (parallel typed arrays, one pass per mark, hits sorted the same way, taken ones compacted out in that pass).
// Runs inside `npm run bench -- --only=contract` (contract.ts, next to the engine-level sweep), or alone:
// `node test/bench/liquidation.ts` prints the table and a JSON line. Timing only; the test suite never asserts on speed.
import { LiquidationIndex, type PositionSide } from '../../server/kernel/perp/liq-index.ts';
import { mulberry32 } from '../tools/random.ts';

/** One measured operation: medians for the index and for the linear scan, both in `unit`. */
export interface LiquidationFigure {
  name: string;
  unit: 'ms' | 'ns';
  index: number;
  linear: number;
  /** linear / index: how many times faster the index is (below 1: slower). */
  ratio: number;
  /** Positions built, or reached by the sweep. */
  count: number;
}

const N = 100_000;
const COIN = 100_000_000; // minor units per USDT (10^8)
const MARK = 50_000 * COIN;
const CENT = 1_000_000; // 0.01 USDT in minor units

/** The positions as a desk would hand them over: key, side, bigint liquidation price. */
interface Positions {
  keys: number[];
  sides: PositionSide[];
  prices: bigint[];
}

function positions(n: number, seed: number): Positions {
  const r = mulberry32(seed);
  const out: Positions = { keys: [], sides: [], prices: [] };
  for (let i = 0; i < n; i++) {
    const long = (i & 1) === 0;
    const f = long ? 0.7 + r() * 0.295 : 1.005 + r() * 0.295;
    out.keys.push(1 + i);
    out.sides.push(long ? 'long' : 'short');
    out.prices.push(BigInt(Math.round((f * MARK) / CENT) * CENT));
  }
  return out;
}

function build(ps: Positions): LiquidationIndex {
  const idx = new LiquidationIndex(ps.keys.length);
  for (let i = 0; i < ps.keys.length; i++) idx.set(ps.keys[i]!, ps.sides[i]!, ps.prices[i]!);
  return idx;
}

/** The linear alternative: positions in parallel typed arrays, a full scan per mark. */
class LinearScan {
  keys: Float64Array;
  sides: Uint8Array; // 0 long, 1 short
  prices: Float64Array;
  len: number;
  private hitKey: Float64Array;
  private hitDepth: Float64Array;

  constructor(ps: Positions) {
    const n = ps.keys.length;
    this.keys = new Float64Array(n);
    this.sides = new Uint8Array(n);
    this.prices = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.keys[i] = ps.keys[i]!;
      this.sides[i] = ps.sides[i] === 'long' ? 0 : 1;
      this.prices[i] = Number(ps.prices[i]!);
    }
    this.len = n;
    this.hitKey = new Float64Array(n);
    this.hitDepth = new Float64Array(n);
  }

  /** Reached keys, riskiest first; with `take`, the survivors are compacted to the front in the same pass. */
  sweep(mark: bigint, take: boolean): number[] {
    const m = Number(mark);
    const { keys, sides, prices, hitKey, hitDepth } = this;
    let hits = 0;
    let w = 0;
    for (let i = 0; i < this.len; i++) {
      const p = prices[i]!;
      const depth = sides[i] === 0 ? p - m : m - p;
      if (depth >= 0) {
        hitKey[hits] = keys[i]!;
        hitDepth[hits++] = depth;
      } else if (take) {
        if (w !== i) {
          keys[w] = keys[i]!;
          sides[w] = sides[i]!;
          prices[w] = p;
        }
        w++;
      }
    }
    if (take) this.len = w;
    if (hits === 0) return [];
    const order = Array.from({ length: hits }, (_, j) => j);
    order.sort((a, b) => hitDepth[b]! - hitDepth[a]! || hitKey[a]! - hitKey[b]!);
    return order.map((j) => hitKey[j]!);
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Median per-call ns of `call` over `batches` batches of `per` calls (one clock read per batch); sums the results. */
function perCallNs(batches: number, per: number, call: (j: number) => number): { ns: number; sum: number } {
  const samples: number[] = [];
  let sum = 0;
  for (let b = 0; b < batches; b++) {
    const t0 = process.hrtime.bigint();
    for (let j = 0; j < per; j++) sum += call(b * per + j);
    samples.push(Number(process.hrtime.bigint() - t0) / per);
  }
  return { ns: median(samples), sum };
}

function figure(name: string, unit: 'ms' | 'ns', index: number, linear: number, count: number): LiquidationFigure {
  return { name, unit, index, linear, ratio: linear / index, count };
}

const same = (x: number[], y: number[]): boolean => x.length === y.length && x.every((v, i) => v === y[i]);

/**
 * (a) build, (b) a quiet mark tick, (c) a 10 % fall of the mark with takeReached, and (d) all of them by linear
 * scan, plus the same 10 % fall with reached (nothing removed) and a small move that reaches 100 longs.
 */
export function liquidationIndexBench(n = N, seed = 7): LiquidationFigure[] {
  const ps = positions(n, seed);
  const figures: LiquidationFigure[] = [];

  // (a) Build: every position set once into a fresh index sized for n; the scan's build fills its arrays from the
  // same bigint prices. One warm-up, then the median of 9.
  build(ps);
  new LinearScan(ps);
  const buildMs: number[] = [];
  const fillMs: number[] = [];
  for (let run = 0; run < 9; run++) {
    const t0 = performance.now();
    build(ps);
    const t1 = performance.now();
    new LinearScan(ps);
    buildMs.push(t1 - t0);
    fillMs.push(performance.now() - t1);
  }
  figures.push(figure('build (set × n)', 'ms', median(buildMs), median(fillMs), n));

  // (b) Mark ticks within ±0.4 % of the mark, reaching nobody: takeReached, as a risk engine would call it on each
  // tick. The index in batches of 1,000 ticks (median of 1,000 batches); the scan one tick per sample (201).
  const r = mulberry32(seed + 1);
  const ticks = Array.from({ length: 4096 }, () => BigInt(Math.round(MARK * (0.996 + r() * 0.008))));
  const idx = build(ps);
  const scan = new LinearScan(ps);
  perCallNs(200, 1000, (j) => idx.takeReached(ticks[j & 4095]!).length);
  const quiet = perCallNs(1000, 1000, (j) => idx.takeReached(ticks[j & 4095]!).length);
  perCallNs(20, 5, (j) => scan.sweep(ticks[j & 4095]!, true).length);
  const quietScan = perCallNs(201, 1, (j) => scan.sweep(ticks[j & 4095]!, true).length);
  if (quiet.sum !== 0 || quietScan.sum !== 0 || idx.size !== n || scan.len !== n) throw new Error('a quiet tick reached someone');
  figures.push(figure('quiet tick (reaches 0)', 'ns', quiet.ns, quietScan.ns, 0));

  // A small move: the mark falls to the 100th-highest long LP, so 100 longs (more with ties) are reached; reached
  // only, nothing removed, on the same structures.
  const longLps = ps.prices.filter((_, i) => ps.sides[i] === 'long').sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
  const small = longLps[99]!;
  const smallHits = idx.reached(small);
  if (!same(smallHits, scan.sweep(small, false))) throw new Error('index and scan disagree on the small move');
  perCallNs(20, 100, () => idx.reached(small).length);
  const smallIdx = perCallNs(201, 100, () => idx.reached(small).length);
  const smallScan = perCallNs(201, 1, () => scan.sweep(small, false).length);
  figures.push(figure('small move: reached', 'ns', smallIdx.ns, smallScan.ns, smallHits.length));

  // (c) + (d) The mark falls 10 % (50,000 → 45,000 USDT): every long with LP ≥ 45,000 is reached. Fresh structures
  // for each measurement (built untimed); two warm-up runs, then the median of 9.
  const move = BigInt(MARK * 0.9);
  const takeMs: number[] = [];
  const peekMs: number[] = [];
  const scanTakeMs: number[] = [];
  const scanPeekMs: number[] = [];
  let count = 0;
  for (let run = 0; run < 11; run++) {
    const forTake = build(ps);
    const forPeek = build(ps);
    const scanTake = new LinearScan(ps);
    const scanPeek = new LinearScan(ps);
    const t0 = performance.now();
    const taken = forTake.takeReached(move);
    const t1 = performance.now();
    const seen = forPeek.reached(move);
    const t2 = performance.now();
    const scanTaken = scanTake.sweep(move, true);
    const t3 = performance.now();
    const scanSeen = scanPeek.sweep(move, false);
    const t4 = performance.now();
    if (run >= 2) {
      takeMs.push(t1 - t0);
      peekMs.push(t2 - t1);
      scanTakeMs.push(t3 - t2);
      scanPeekMs.push(t4 - t3);
    }
    count = taken.length;
    if (!same(seen, taken) || !same(taken, scanSeen) || !same(taken, scanTaken)) throw new Error('index and scan disagree on the 10 % move');
    if (forTake.size !== n - count || scanTake.len !== n - count || forTake.reached(move).length !== 0) throw new Error('the 10 % move left reached positions behind');
  }
  figures.push(figure('10 % move: takeReached', 'ms', median(takeMs), median(scanTakeMs), count));
  figures.push(figure('10 % move: reached', 'ms', median(peekMs), median(scanPeekMs), count));
  return figures;
}

/** Prints the figures as a table (one row per operation, index against linear scan). */
export function printLiquidationIndex(figures: LiquidationFigure[], n = N): void {
  const fmt = (v: number, unit: 'ms' | 'ns') => (unit === 'ms' ? `${v.toFixed(2)} ms` : `${Math.round(v).toLocaleString('en-US')} ns`);
  console.log(`liquidation index: ${n.toLocaleString('en-US')} positions (half long, half short), mark 50,000 USDT, node ${process.version}, medians`);
  console.log(`${'operation'.padEnd(26)}${'index'.padStart(14)}${'linear scan'.padStart(16)}${'scan / index'.padStart(14)}${'positions'.padStart(11)}`);
  for (const f of figures) {
    const ratio = f.ratio >= 10 ? Math.round(f.ratio).toLocaleString('en-US') : f.ratio.toFixed(2);
    console.log(`${f.name.padEnd(26)}${fmt(f.index, f.unit).padStart(14)}${fmt(f.linear, f.unit).padStart(16)}${`${ratio}×`.padStart(14)}${f.count.toLocaleString('en-US').padStart(11)}`);
  }
}

if (import.meta.main) {
  const figures = liquidationIndexBench();
  printLiquidationIndex(figures);
  console.log(JSON.stringify({ bench: 'liquidation', n: N, node: process.version, figures }));
}
