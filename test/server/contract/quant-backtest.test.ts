// The grid bot's backtest (server/contract/quant-backtest.ts). Hand-worked cases: a flat market costs exactly the
// first buy's fee; a price swinging between two adjacent levels alternates buy and sell with a hand-computed profit
// per round; a counter order fills later in the same bar; a gap between bars crosses levels; sells of the initial
// ladder are no rounds; a pocket short of quote places smaller orders, then none. Then, over seeded random walks on
// random arithmetic and geometric ladders with random fees and lots, properties checked against the fills alone:
// orders never exceed the grids, every fill is at a price the market reached, each grid's buy/sell pair alternates
// from the plan's initial order, rounds and grid profit recomputed from those pairs, the quote and base identities,
// fees, P&L, bps and annualization; and the run is deterministic. chartBars and toResult are checked too.
import { describe, expect, it } from 'vitest';
import { backtestGrid, chartBars, toResult, type BacktestBar, type BacktestInput, type BacktestRun } from '../../../server/contract/quant-backtest.ts';
import { gridLevels, planGrid, type GridMode } from '../../../server/contract/quant-grid.ts';
import { mulberry32 } from '../../tools/random.ts';

const E8 = 100_000_000n;
const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 5);
const notional = (price: bigint, qty: bigint) => (price * qty) / E8;
const feeOn = (amount: bigint, ppm: number) => (amount * BigInt(ppm) + 999_999n) / 1_000_000n;
const bar = (i: number, o: bigint, h: bigint, l: bigint, c: bigint): BacktestBar => ({ t: T0 + i * MIN, o, h, l, c });
const flat = (i: number, p: bigint) => bar(i, p, p, p, p);

function run(input: BacktestInput): BacktestRun {
  const out = backtestGrid(input);
  if (!out.ok) throw new Error(`refused: ${out.code}`);
  return out.value;
}

// BTC/USDT-like: 100–140 in 4 arithmetic grids, 1,000 USDT, lot 0.001, minimums 0.001 and 5 USDT, 0.1% fees.
// planGrid at 120 (the nearest level, 120, stays empty): sellQty 2.213, buyQty ⌈2.213 / 0.999⌉ on the lot = 2.216,
// initialBase ⌈4.426 / 0.999⌉ = 4.431; cost 2.216·(100 + 110) + 4.431·120.6 = 999.7386 ≤ 1,000 (2.214 would cost 1,000.1898).
const LADDER = [100n * E8, 110n * E8, 120n * E8, 130n * E8, 140n * E8];
const BASE: Omit<BacktestInput, 'bars'> = {
  levels: LADDER, investment: 1000n * E8, lotSize: 100_000n, minQty: 100_000n, minNotional: 5n * E8, makerPpm: 1000, takerPpm: 1000,
};
const P0 = 120n * E8;

describe('grid backtest, by hand', () => {
  it('uses the plan the live bot uses', () => {
    const plan = planGrid({ levels: LADDER, price: P0, investment: BASE.investment, lotSize: BASE.lotSize, minQty: BASE.minQty, minNotional: BASE.minNotional, feePpm: 1000 });
    expect(plan.ok && plan.value).toMatchObject({ buys: [0, 1], sells: [3, 4], sellQty: 221_300_000n, buyQty: 221_600_000n, initialBase: 443_100_000n });
  });

  it('a flat market fills nothing and loses exactly the first buy’s fee', () => {
    const bars = Array.from({ length: 600 }, (_, i) => flat(i, P0));
    const r = run({ ...BASE, bars });
    expect(r.fills).toEqual([]);
    expect(r.rounds).toBe(0);
    expect(r.gridProfit).toBe(0n);
    // 4.431 bought at 120 = 531.72 USDT; fee 0.004431 BTC, worth 0.53172 USDT at 120.
    expect(r.fees).toBe(53_172_000n);
    expect(r.pnl).toBe(-53_172_000n);
    expect(r.pnlBps).toBe(-5); // −0.53172 / 1,000 = −5.3172 bps, toward zero
    expect(r.endQuote).toBe(1000n * E8 - 53_172_000_000n);
    expect(r.endBase).toBe(443_100_000n - 443_100n);
    expect(r.maxOrders).toBe(4);
    expect(r.spentMax).toBe(53_172_000_000n); // the first buy's quote; the resting buys' quote is set aside, not spent
    expect(r.skipped).toBe(0);
    expect(r.from).toBe(T0);
    expect(r.to).toBe(T0 + 600 * MIN);
    expect(r.bars).toBe(600);
    // −5 bps over 10 hours, to a year: −5 · 8,760 / 10 = −4,380.
    expect(r.annualizedBps).toBe(-4380);
  });

  it('a price swinging between two adjacent levels alternates buy and sell, a round per sell', () => {
    const lo = 110n * E8;
    const hi = 120n * E8;
    const bars: BacktestBar[] = [];
    for (let i = 0; i < 40; i++) bars.push(i % 2 === 0 ? bar(i, hi, hi, lo, lo) : bar(i, lo, hi, lo, hi));
    const r = run({ ...BASE, bars });
    expect(r.fills.length).toBe(40);
    r.fills.forEach((f, i) => {
      expect(f.side).toBe(i % 2 === 0 ? 'buy' : 'sell');
      expect(f.level).toBe(i % 2 === 0 ? 1 : 2);
      expect(f.price).toBe(i % 2 === 0 ? lo : hi);
      expect(f.time).toBe(T0 + i * MIN);
      expect(f.qty).toBe(i % 2 === 0 ? 221_600_000n : 221_300_000n);
    });
    expect(r.rounds).toBe(20);
    // One round: sell 2.213 at 120 = 265.56, fee 0.26556 → 265.29444; its buy spent 2.216 · 110 = 243.76 for
    // 2.216 − 0.002216 = 2.213784 BTC, of which the sell sells 2.213: cost 243.76 · 2.213 / 2.213784 = 243.67367...
    const perRound = 26_529_444_000n - (24_376_000_000n * 221_300_000n) / 221_378_400n;
    expect(perRound).toBe(2_162_076_633n); // 21.62076633 USDT
    expect(r.gridProfit).toBe(20n * perRound);
    // Each round also keeps 2.216 − 0.002216 − 2.213 = 0.000784 BTC (its share of the buy's cost stays with it): the
    // quote gained is the sells' net less the buys' whole quote.
    const perRoundQuote = 26_529_444_000n - 24_376_000_000n;
    expect(r.endQuote).toBe(1000n * E8 - 53_172_000_000n + 20n * perRoundQuote);
    expect(r.endBase).toBe(443_100_000n - 443_100n + 20n * 78_400n);
    // Fees: the first buy's, 20 buys' 0.002216 BTC at 110 (0.24376) and 20 sells' 0.26556.
    expect(r.fees).toBe(53_172_000n + 20n * 24_376_000n + 20n * 26_556_000n);
    expect(r.pnl).toBe(r.endQuote + notional(hi, r.endBase) - BASE.investment);
    expect(r.maxOrders).toBe(4);
  });

  it('a counter order fills later in the same bar, not in the move that placed it', () => {
    // Up bar o 120 → l 110 → h 120 → c 120: the buy at 110 fills on the way down, its sell at 120 on the way up.
    const r = run({ ...BASE, bars: [bar(0, P0, P0, 110n * E8, P0)] });
    expect(r.fills.map((f) => [f.side, f.level, f.time])).toEqual([['buy', 1, T0], ['sell', 2, T0]]);
    expect(r.rounds).toBe(1);
    // Down bar o 120 → h 120 → l 110 → c 110: the buy fills; the sell it places at 120 is above the rest of the bar.
    const d = run({ ...BASE, bars: [bar(0, P0, P0, 110n * E8, 110n * E8)] });
    expect(d.fills.map((f) => [f.side, f.level])).toEqual([['buy', 1]]);
    // A fall through two levels in one move fills both buys, highest first.
    const two = run({ ...BASE, bars: [bar(0, P0, P0, 100n * E8, 100n * E8)] });
    expect(two.fills.map((f) => [f.side, f.level])).toEqual([['buy', 1], ['buy', 0]]);
  });

  it('takes the path o → l → h → c in an up bar and o → h → l → c in a down bar', () => {
    // Up bar: o 121, l 110, h 130, c 125 → buy 110, then sells 120 (its counter) and 130 (the ladder's).
    const up = run({ ...BASE, bars: [bar(0, 121n * E8, 130n * E8, 110n * E8, 125n * E8)] });
    expect(up.fills.map((f) => [f.side, f.level])).toEqual([['buy', 1], ['sell', 2], ['sell', 3]]);
    // Down bar: o 121, h 130, l 110, c 115 → sell 130, then buys 120 (its counter) and 110 (the ladder's).
    const down = run({ ...BASE, bars: [bar(0, 121n * E8, 130n * E8, 110n * E8, 115n * E8)] });
    expect(down.fills.map((f) => [f.side, f.level])).toEqual([['sell', 3], ['buy', 2], ['buy', 1]]);
    expect(down.rounds).toBe(0);
  });

  it('a gap between bars crosses the levels in it', () => {
    const r = run({ ...BASE, bars: [flat(0, P0), flat(1, 105n * E8)] });
    expect(r.fills.map((f) => [f.side, f.level, f.time])).toEqual([['buy', 1, T0 + MIN]]);
  });

  it('counts no round for a sell of the initial ladder, and one for the counter sell after it', () => {
    const up = 130n * E8;
    const bars = [flat(0, P0), flat(1, up), flat(2, P0), flat(3, up)];
    const r = run({ ...BASE, bars });
    expect(r.fills.map((f) => [f.side, f.level])).toEqual([['sell', 3], ['buy', 2], ['sell', 3]]);
    expect(r.rounds).toBe(1);
    // sell 2.213 at 130 = 287.69, fee 0.28769 → 287.40231; its buy: 2.216 at 120 = 265.92 for 2.213784 net, of
    // which 2.213 sold: cost 265.92 · 2.213 / 2.213784.
    expect(r.gridProfit).toBe(28_740_231_000n - (26_592_000_000n * 221_300_000n) / 221_378_400n);
  });

  it('a pocket short of quote places smaller orders, then none', () => {
    // 1.00–1.10 in 10 grids with 5% fees: a round loses quote (sell 1.01·0.95, buy 1.00/0.95 per coin), so the
    // counter buys drain the pocket until one must be smaller, then one can't meet the minimums.
    const lv = gridLevels({ lower: E8, upper: (E8 * 110n) / 100n, grids: 10, mode: 'arithmetic', tick: E8 / 100n });
    if (!lv.ok) throw new Error('ladder');
    const levels = lv.value;
    const input = { levels, investment: 100n * E8, lotSize: 1_000_000n, minQty: 1_000_000n, minNotional: E8, makerPpm: 50_000, takerPpm: 50_000 };
    const start = levels[5]! + E8 / 200n; // 1.055: nearest 1.05 (tie broken to the lower) holds nothing
    const lo = levels[4]!;
    const hi = levels[5]!;
    const bars: BacktestBar[] = [flat(0, start)];
    for (let i = 1; i < 400; i++) bars.push(flat(i, i % 2 === 1 ? lo : hi));
    const r = run({ ...input, bars });
    const plan = planGrid({ ...input, price: start, feePpm: 50_000 });
    if (!plan.ok) throw new Error('plan');
    const buys = r.fills.filter((f) => f.side === 'buy' && f.level === 4);
    const smaller = buys.filter((f) => f.qty < plan.value.buyQty);
    expect(smaller.length).toBeGreaterThan(0);
    for (const f of smaller) {
      expect(f.qty % input.lotSize).toBe(0n);
      expect(f.qty >= input.minQty && notional(f.price, f.qty) >= input.minNotional).toBe(true);
    }
    // Each short buy delivers less than a sell, so the sells shrink too, until the base a buy delivered is worth
    // less than the minimum notional at 1.05: that counter sell is skipped, and the grid stops (the bars go on).
    expect(r.fills.filter((f) => f.side === 'sell' && f.qty < plan.value.sellQty).length).toBeGreaterThan(0);
    expect(r.skipped).toBe(1);
    expect(r.fills.at(-1)).toMatchObject({ side: 'buy', level: 4, time: T0 + (r.fills.length) * MIN });
    expect(r.fills.length).toBeLessThan(399);
    const freeBase = r.endBase - BigInt(plan.value.sells.length) * plan.value.sellQty; // the ladder's sells above still rest
    expect(notional(hi, (freeBase / input.lotSize) * input.lotSize)).toBeLessThan(input.minNotional);
    expect(r.endQuote).toBeGreaterThanOrEqual(0n);
    expect(r.gridProfit).toBeLessThan(0n);
    checkRun(input.levels, input, bars, r);
  });

  it('refuses what it must', () => {
    expect(backtestGrid({ ...BASE, bars: [] })).toEqual({ ok: false, code: 'quant.backtest.no.history' });
    expect(backtestGrid({ ...BASE, bars: [flat(0, 100n * E8)] })).toEqual({ ok: false, code: 'quant.grid.price.outside' });
    expect(backtestGrid({ ...BASE, bars: [flat(0, 95n * E8)] })).toEqual({ ok: false, code: 'quant.grid.price.outside' });
    expect(backtestGrid({ ...BASE, bars: [flat(0, 140n * E8)] })).toEqual({ ok: false, code: 'quant.grid.price.outside' });
    expect(backtestGrid({ ...BASE, bars: [flat(0, 150n * E8)] })).toEqual({ ok: false, code: 'quant.grid.price.outside' });
    expect(backtestGrid({ ...BASE, investment: 10n * E8, bars: [flat(0, P0)] })).toEqual({ ok: false, code: 'quant.grid.investment.too.small' });
    expect(backtestGrid({ ...BASE, investment: 0n, bars: [flat(0, P0)] })).toEqual({ ok: false, code: 'quant.grid.investment.too.small' });
    // Only the first bar's open decides: later bars may leave the range.
    expect(backtestGrid({ ...BASE, bars: [flat(0, P0), flat(1, 200n * E8)] }).ok).toBe(true);
  });
});

/** Everything a run must satisfy, checked from its fills and the plan alone. */
function checkRun(levels: readonly bigint[], input: Omit<BacktestInput, 'bars' | 'levels'>, bars: readonly BacktestBar[], r: BacktestRun) {
  const { investment, makerPpm, takerPpm } = input;
  const p0 = bars[0]!.o;
  const planned = planGrid({ ...input, levels, price: p0, feePpm: Math.max(makerPpm, takerPpm) });
  if (!planned.ok) throw new Error('plan refused where the run was not');
  const plan = planned.value;
  const n = levels.length;

  expect(r.maxOrders).toBeLessThanOrEqual(n - 1);
  expect(r.maxOrders).toBe(plan.buys.length + plan.sells.length);
  expect(r.bars).toBe(bars.length);
  expect(r.from).toBe(bars[0]!.t);
  expect(r.to).toBe(bars.at(-1)!.t + MIN);

  // Every fill is at its level's price, at a price the market reached in its bar (or the gap before it), in time order.
  const byTime = new Map<number, { lo: bigint; hi: bigint }>();
  let prev = p0;
  for (const b of bars) {
    const lo = [prev, b.o, b.l, b.h, b.c].reduce((a, x) => (x < a ? x : a));
    const hi = [prev, b.o, b.l, b.h, b.c].reduce((a, x) => (x > a ? x : a));
    byTime.set(b.t, { lo, hi });
    prev = b.c;
  }
  // Per fill, plain checks gathered into one list (an expect per fill would dominate the run time).
  const bad: string[] = [];
  const want = (ok: boolean, what: string) => {
    if (!ok && bad.length < 10) bad.push(what);
  };
  let lastTime = -Infinity;
  for (const f of r.fills) {
    const range = byTime.get(f.time);
    want(f.price === levels[f.level], `fill price ${f.price} is not level ${f.level}`);
    want(range !== undefined && f.price >= range.lo && f.price <= range.hi, `fill at ${f.price} outside the market at ${f.time}`);
    want(f.time >= lastTime, `fill at ${f.time} before ${lastTime}`);
    lastTime = f.time;
    want(f.qty > 0n && f.qty % input.lotSize === 0n, `fill qty ${f.qty} off the lot`);
    want(f.qty <= (f.side === 'buy' ? plan.buyQty : plan.sellQty), `fill qty ${f.qty} above the plan's`);
    want(f.qty >= input.minQty && notional(f.price, f.qty) >= input.minNotional, `fill qty ${f.qty} under the minimums`);
  }

  // Grid k is the pair (buy at k, sell at k + 1): it starts with the plan's order and alternates; a sell after a buy
  // in its pair is a round, worth the sell's net quote minus that buy's quote.
  const lastSide: Array<'buy' | 'sell'> = [];
  const lastBuyCost: Array<{ quote: bigint; net: bigint } | null> = [];
  for (let k = 0; k < n - 1; k++) {
    const side = plan.buys.includes(k) ? 'buy' : plan.sells.includes(k + 1) ? 'sell' : null;
    want(side !== null, `grid ${k} starts with no order`);
    // The side the grid's next fill must not have: the opposite of its first order's.
    lastSide.push(side === 'buy' ? 'sell' : 'buy');
    lastBuyCost.push(null);
  }
  let rounds = 0;
  let gridProfit = 0n;
  let sellsNet = 0n;
  let buysQuote = 0n;
  let buysNetBase = 0n;
  let sellsBase = 0n;
  let fees = notional(p0, feeOn(plan.initialBase, takerPpm));
  for (const f of r.fills) {
    const k = f.side === 'buy' ? f.level : f.level - 1;
    want(k >= 0 && k < n - 1, `${f.side} at level ${f.level} belongs to no grid`);
    want(f.side !== lastSide[k], `grid ${k}: two ${f.side}s in a row`);
    lastSide[k] = f.side;
    if (f.side === 'buy') {
      const quote = notional(f.price, f.qty);
      const fee = feeOn(f.qty, makerPpm);
      buysQuote += quote;
      buysNetBase += f.qty - fee;
      fees += notional(f.price, fee);
      lastBuyCost[k] = { quote, net: f.qty - fee };
    } else {
      const gross = notional(f.price, f.qty);
      const fee = feeOn(gross, makerPpm);
      sellsNet += gross - fee;
      sellsBase += f.qty;
      fees += fee;
      const buy = lastBuyCost[k];
      if (buy !== null && buy !== undefined) {
        rounds++;
        // The round's cost: the buy's quote for the share of its net base this sell sells.
        gridProfit += gross - fee - (buy.net > 0n ? (buy.quote * f.qty) / buy.net : buy.quote);
      }
    }
  }
  expect(bad).toEqual([]);
  expect(r.rounds).toBe(rounds);
  expect(r.gridProfit).toBe(gridProfit);
  expect(r.fees).toBe(fees);

  // The identities: quote and base in and out.
  const initialQuote = notional(p0, plan.initialBase);
  const initialNetBase = plan.initialBase - feeOn(plan.initialBase, takerPpm);
  expect(r.endQuote - investment).toBe(sellsNet - buysQuote - initialQuote);
  expect(r.endBase).toBe(initialNetBase + buysNetBase - sellsBase);
  expect(r.endQuote >= 0n && r.endBase >= 0n).toBe(true);

  // P&L, bps, a year.
  const pnl = r.endQuote + notional(bars.at(-1)!.c, r.endBase) - investment;
  expect(r.pnl).toBe(pnl);
  expect(r.pnlBps).toBe(Number((pnl * 10_000n) / investment));
  expect(r.annualizedBps).toBe(Number((BigInt(r.pnlBps) * 31_536_000_000n) / BigInt(r.to - r.from)));
  expect(r.spentMax >= initialQuote && r.spentMax <= investment).toBe(true);
}

describe('grid backtest, over random walks', () => {
  const RUNS = 600;
  const random = mulberry32(20260105);
  const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const big = (lo: bigint, hi: bigint) => lo + (BigInt(Math.floor(random() * 2 ** 48)) * (hi - lo + 1n)) / 2n ** 48n;

  interface Case { mode: GridMode; levels: bigint[]; input: Omit<BacktestInput, 'bars' | 'levels'>; bars: BacktestBar[] }

  function randomCase(): Case | null {
    const tick = 10n ** BigInt(int(0, 6));
    const lower = tick * big(1_000n, 1_000_000n);
    const ratioBps = BigInt(int(200, 20_000)); // range 2%–200% above lower
    const upper = ((lower + (lower * ratioBps) / 10_000n) / tick) * tick;
    const mode: GridMode = pick(['arithmetic', 'geometric'] as const);
    const ladder = gridLevels({ lower, upper, grids: int(2, 80), mode, tick });
    if (!ladder.ok) return null;
    const levels = ladder.value;
    const p0 = big(lower + 1n, upper - 1n);
    const lotSize = 10n ** BigInt(int(0, 6));
    const minQty = lotSize * BigInt(int(1, 3));
    const minNotional = big(0n, 10n * E8) / 10n;
    // An investment near the smallest the plan takes (orders near the minimums: short pockets skip sooner), or up to
    // many times more.
    const perOrder = random() < 0.3 ? minNotional * 3n : (minNotional + 100n * E8) * BigInt(int(1, 20));
    const investment = big(minNotional * BigInt(levels.length) + 1n, perOrder * BigInt(levels.length));
    const fee = () => pick([0, 100, 750, 1000, 2000, 10_000, 50_000]);
    const input = { investment, lotSize, minQty, minNotional, makerPpm: fee(), takerPpm: fee() };
    // A random walk: each minute moves by up to `vol` bps, its wicks by up to `wick` bps; now and then a gap.
    const vol = BigInt(int(1, 200));
    const wick = BigInt(int(0, 150));
    const bars: BacktestBar[] = [];
    let price = p0;
    const count = int(1, 400);
    const t0 = T0 + int(0, 10_000) * MIN;
    for (let i = 0; i < count; i++) {
      const o = i > 0 && random() < 0.05 ? price + (price * BigInt(int(-300, 300))) / 10_000n : price;
      let c = o + (o * big(0n, 2n * vol) - o * vol) / 10_000n;
      if (c < 1n) c = 1n;
      const hi0 = o > c ? o : c;
      const lo0 = o < c ? o : c;
      const h = hi0 + (hi0 * big(0n, wick)) / 10_000n;
      let l = lo0 - (lo0 * big(0n, wick)) / 10_000n;
      if (l < 1n) l = 1n;
      bars.push({ t: t0 + i * MIN, o: o < 1n ? 1n : o, h, l, c });
      price = c;
    }
    return { mode, levels, input, bars };
  }

  it(`keeps every property over ${RUNS} random runs`, () => {
    let ran = 0;
    let refused = 0;
    let smaller = 0;
    let skipped = 0;
    let rounds = 0;
    let geometric = 0;
    for (let tries = 0; ran < RUNS && tries < 20_000; tries++) {
      const c = randomCase();
      if (c === null) continue;
      const out = backtestGrid({ levels: c.levels, ...c.input, bars: c.bars });
      if (!out.ok) {
        expect(['quant.grid.investment.too.small', 'quant.grid.price.outside']).toContain(out.code);
        refused++;
        continue;
      }
      ran++;
      const r = out.value;
      checkRun(c.levels, c.input, c.bars, r);
      const plan = planGrid({ ...c.input, levels: c.levels, price: c.bars[0]!.o, feePpm: Math.max(c.input.makerPpm, c.input.takerPpm) });
      if (plan.ok && r.fills.some((f) => f.qty < (f.side === 'buy' ? plan.value.buyQty : plan.value.sellQty))) smaller++;
      if (r.skipped > 0) skipped++;
      rounds += r.rounds;
      if (c.mode === 'geometric') geometric++;
    }
    expect(ran).toBe(RUNS);
    // The walks reach every path: refusals, rounds, short pockets (smaller orders and skipped ones), both ladders.
    expect(refused).toBeGreaterThan(0);
    expect(rounds).toBeGreaterThan(1000);
    expect(smaller).toBeGreaterThan(0);
    expect(skipped).toBeGreaterThan(0);
    expect(geometric).toBeGreaterThan(0);
  });

  it('is deterministic: the same input gives the same run', () => {
    for (let i = 0; i < 20; i++) {
      const c = randomCase();
      if (c === null) continue;
      const input = { levels: c.levels, ...c.input, bars: c.bars };
      expect(backtestGrid(input)).toEqual(backtestGrid({ ...input, levels: [...c.levels], bars: c.bars.map((b) => ({ ...b })) }));
    }
  });
});

describe('chartBars and toResult', () => {
  it('aggregates 1-minute bars into N-minute OHLC buckets', () => {
    const random = mulberry32(7);
    const start = T0 + 7 * MIN; // not on a 15-minute boundary: the first bucket is partial
    const bars: BacktestBar[] = [];
    for (let i = 0; i < 200; i++) {
      if (i === 50) i += 20; // a hole in the history: an empty bucket is left out
      const o = BigInt(1000 + Math.floor(random() * 100));
      const c = BigInt(1000 + Math.floor(random() * 100));
      const h = (o > c ? o : c) + BigInt(Math.floor(random() * 10));
      const l = (o < c ? o : c) - BigInt(Math.floor(random() * 10));
      bars.push({ t: start + i * MIN, o, h, l, c });
    }
    for (const minutes of [1, 5, 15, 60]) {
      const out = chartBars(bars, minutes);
      const w = minutes * MIN;
      const groups = new Map<number, BacktestBar[]>();
      for (const b of bars) {
        const k = Math.floor(b.t / w) * w;
        groups.set(k, [...(groups.get(k) ?? []), b]);
      }
      expect(out.map((x) => x[0])).toEqual([...groups.keys()]);
      for (const [t, o, h, l, c] of out) {
        const g = groups.get(t)!;
        expect(o).toBe(g[0]!.o);
        expect(c).toBe(g.at(-1)!.c);
        expect(h).toBe(g.map((b) => b.h).reduce((a, x) => (x > a ? x : a)));
        expect(l).toBe(g.map((b) => b.l).reduce((a, x) => (x < a ? x : a)));
      }
    }
    expect(chartBars(bars, 1).map((x) => x[1])).toEqual(bars.map((b) => b.o));
    // 15 minutes: the first bucket holds minutes 7–14 of its quarter hour (8 bars).
    const q = chartBars(bars, 15);
    expect(q[0]).toEqual([T0, bars[0]!.o, bars.slice(0, 8).reduce((a, b) => (b.h > a ? b.h : a), 0n), bars.slice(0, 8).reduce((a, b) => (b.l < a ? b.l : a), 10n ** 9n), bars[7]!.c]);
    expect(chartBars([], 15)).toEqual([]);
    expect(() => chartBars(bars, 0)).toThrow(RangeError);
  });

  it('writes the result in decimal text with the last 2,000 fills', () => {
    const lo = 110n * E8;
    const hi = 120n * E8;
    const bars: BacktestBar[] = [];
    for (let i = 0; i < 2500; i++) bars.push(i % 2 === 0 ? bar(i, hi, hi, lo, lo) : bar(i, lo, hi, lo, hi));
    const r = run({ ...BASE, bars });
    expect(r.fills.length).toBe(2500);
    const res = toResult('BTCUSDT', LADDER, bars, r);
    expect(res.symbol).toBe('BTCUSDT');
    expect(res.levels).toEqual(['100', '110', '120', '130', '140']);
    expect(res.fills.length).toBe(2000);
    expect(res.fills[0]).toEqual({ time: T0 + 500 * MIN, side: 'buy', price: '110', level: 1 });
    expect(res.fills.at(-1)).toEqual({ time: T0 + 2499 * MIN, side: 'sell', price: '120', level: 2 });
    expect(res.rounds).toBe(1250);
    expect(res.gridProfit).toBe('27025.9579125'); // 1,250 · 21.62076633
    expect(res.bars).toBe(2500);
    expect(res.from).toBe(T0);
    expect(res.to).toBe(T0 + 2500 * MIN);
    expect(res.chart.length).toBe(Math.ceil(2500 / 15));
    expect(res.chart[0]).toEqual([T0, '120', '120', '110', '110']);
    expect(res.pnl).toBe(r.pnl < 0n ? `-${fmt(-r.pnl)}` : fmt(r.pnl));
    expect(res.fees).toBe(fmt(r.fees));
    expect(res.pnlBps).toBe(r.pnlBps);
    expect(res.annualizedBps).toBe(r.annualizedBps);
  });
});

/** Units → decimal text, written independently of fromUnits. */
function fmt(v: bigint): string {
  const s = v.toString().padStart(9, '0');
  const int = s.slice(0, -8).replace(/^0+(?=\d)/, '');
  const frac = s.slice(-8).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}
