// The grid bot's backtest (issue 24): replays recorded 1-minute candles through the same plan and the same counter
// orders as the live grid bot, so what a user is shown before starting a bot is what that bot would have done.
// Pure: no Node imports, no clock, bigint money, so the server and the browser compute the same run to the unit.
//
// Units: prices are units of 10^-8 quote per whole base coin; base and quote amounts are units of 10^-8.
// notional(price, qty) = floor(price · qty / 10^8). Fees are rounded up, as the exchange's kernel does:
// feeOn(amount, ppm) = ceil(amount · ppm / 10^6); a buy pays its fee in base, a sell in quote.
//
// The run:
//  1. Start at the first bar's open P0 with planGrid (fee rate: the larger of maker and taker). The first market buy
//     (taker) takes `initialBase` at P0; buys rest at the plan's buy levels (their quote set aside), sells at its sell
//     levels (their base set aside); the level nearest P0 holds nothing.
//  2. The price walks the previous close → open (a gap between bars crosses levels too, as the live market would),
//     then inside the bar o → l → h → c when c ≥ o, else o → h → l → c. Moving down to or through a level holding a
//     buy fills it at the level (maker, fee in base); moving up to or through a level holding a sell fills it at the
//     level (maker, fee in quote); levels are taken in the order the price crosses them.
//  3. A buy filled at level i places a sell of `sellQty` at i + 1; a sell filled at level j places a buy of `buyQty`
//     at j − 1. A pocket short of funds places the largest number of lots it can afford if that still meets the
//     market's minimums, else nothing (counted in `skipped`). A counter order always sits on the far side of the
//     price from the move that placed it, so it can fill later in the bar, never in the segment that placed it.
//  4. A sell placed as the counter of a buy completes a round: its net quote minus the quote that buy spent.
//
// Invariants (checked; a breach throws, it is a bug, not an input error): free quote and free base never go
// negative, a level never holds two orders, and the bot never holds more orders than it has grids.

import { fromUnits, type QuantBacktestResult } from './quant.ts';
import { levelBelow, planGrid } from './quant-grid.ts';

/** A 1-minute candle: open time (Unix ms) and its prices in units. Oldest first. */
export interface BacktestBar {
  readonly t: number;
  readonly o: bigint;
  readonly h: bigint;
  readonly l: bigint;
  readonly c: bigint;
}

export interface BacktestInput {
  /** The ladder, lowest first (gridLevels). */
  levels: readonly bigint[];
  bars: readonly BacktestBar[];
  /** Quote units put in. */
  investment: bigint;
  /** The market's lot, smallest quantity (base units) and smallest notional (quote units). */
  lotSize: bigint;
  minQty: bigint;
  minNotional: bigint;
  /** The user's fee rates, ppm. */
  makerPpm: number;
  takerPpm: number;
}

export type BacktestOutcome =
  | { ok: true; value: BacktestRun }
  | { ok: false; code: 'quant.grid.price.outside' | 'quant.grid.investment.too.small' | 'quant.backtest.no.history' };

export interface BacktestFill {
  /** The bar's open time. */
  time: number;
  side: 'buy' | 'sell';
  /** The level's price, and its index in the ladder. */
  price: bigint;
  level: number;
  /** Base filled (the order's whole quantity: a grid order fills at once at its level). */
  qty: bigint;
}

export interface BacktestRun {
  /** First bar's open time, and the last bar's close time (its open + 1 minute). */
  from: number;
  to: number;
  bars: number;
  /** Every grid fill, oldest first (the first market buy is not among them). */
  fills: BacktestFill[];
  /** Completed rounds (a counter sell of a buy filled) and their profit after fees, quote units. */
  rounds: number;
  gridProfit: bigint;
  /** All fees valued in quote: quote fees + base fees × fill price (the first buy's included). */
  fees: bigint;
  /** What the bot holds at the end: free plus set aside in open orders. */
  endBase: bigint;
  endQuote: bigint;
  /** endQuote + endBase at the last close − investment; as bps of the investment; that scaled to a year. */
  pnl: bigint;
  pnlBps: number;
  annualizedBps: number;
  /** The most orders held at once (never more than levels.length − 1). */
  maxOrders: number;
  /** The most quote ever out of the investment at once: investment − min over time of (free + set-aside quote). */
  spentMax: bigint;
  /** Counter orders not placed because the pocket could not afford one at the market's minimums. */
  skipped: number;
}

const SCALE = 100_000_000n;
const PPM = 1_000_000n;
const MINUTE = 60_000;
const YEAR_MS = 365n * 86_400_000n;

const notional = (price: bigint, qty: bigint): bigint => (price * qty) / SCALE;
/** The exchange's fee: rounded up. */
const feeOn = (amount: bigint, ppm: number): bigint => (amount * BigInt(ppm) + PPM - 1n) / PPM;

interface Order {
  readonly side: 'buy' | 'sell';
  readonly qty: bigint;
  /** Quote set aside for a buy (notional at its level); base for a sell (its qty). */
  readonly reserved: bigint;
  /** A counter sell: the quote the buy it follows spent (its round's cost); null for the initial ladder and buys. */
  readonly roundCost: bigint | null;
}

function invariant(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(`quant-backtest invariant broken: ${what}`);
}

export function backtestGrid(input: BacktestInput): BacktestOutcome {
  const { levels, bars, investment, lotSize, minQty, minNotional, makerPpm, takerPpm } = input;
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (first === undefined || last === undefined) return { ok: false, code: 'quant.backtest.no.history' };
  if (investment <= 0n) return { ok: false, code: 'quant.grid.investment.too.small' };
  const p0 = first.o;
  const planned = planGrid({ levels, price: p0, investment, lotSize, minQty, minNotional, feePpm: Math.max(makerPpm, takerPpm) });
  if (!planned.ok) return { ok: false, code: planned.code };
  const plan = planned.value;
  const n = levels.length;
  const lv = (i: number): bigint => {
    const p = levels[i];
    invariant(p !== undefined, `level ${i} out of the ladder`);
    return p;
  };

  // The first market buy.
  const initialSpent = notional(p0, plan.initialBase);
  const initialFee = feeOn(plan.initialBase, takerPpm);
  let freeQuote = investment - initialSpent;
  let freeBase = plan.initialBase - initialFee;
  let fees = notional(p0, initialFee);
  let reservedQuote = 0n;
  let reservedBase = 0n;
  let open = 0;
  let maxOrders = 0;
  let minQuoteHeld = investment;
  let skipped = 0;
  let rounds = 0;
  let gridProfit = 0n;
  const fills: BacktestFill[] = [];
  const book: Array<Order | null> = Array.from({ length: n }, () => null);

  const check = () => {
    invariant(freeQuote >= 0n, `free quote ${freeQuote} < 0`);
    invariant(freeBase >= 0n, `free base ${freeBase} < 0`);
    invariant(open <= n - 1, `${open} orders on ${n - 1} grids`);
    if (open > maxOrders) maxOrders = open;
    const held = freeQuote + reservedQuote;
    if (held < minQuoteHeld) minQuoteHeld = held;
  };
  const place = (i: number, o: Order) => {
    invariant(book[i] === null, `level ${i} already holds an order`);
    book[i] = o;
    open++;
    if (o.side === 'buy') {
      freeQuote -= o.reserved;
      reservedQuote += o.reserved;
    } else {
      freeBase -= o.reserved;
      reservedBase += o.reserved;
    }
  };
  /** A quantity at `price` is one the market takes. */
  const meetsMinimums = (price: bigint, qty: bigint) => qty > 0n && qty >= minQty && notional(price, qty) >= minNotional;

  check();
  for (const i of plan.buys) place(i, { side: 'buy', qty: plan.buyQty, reserved: notional(lv(i), plan.buyQty), roundCost: null });
  for (const i of plan.sells) place(i, { side: 'sell', qty: plan.sellQty, reserved: plan.sellQty, roundCost: null });
  check();

  /** The counter of a buy filled at i − 1: a sell at i, of sellQty or the lots the free base still covers. */
  /** The counter of a buy filled at i − 1 (its quote and the base it delivered after its fee), at i. */
  const placeSell = (i: number, buy: { quote: bigint; net: bigint }) => {
    const price = lv(i);
    let qty = plan.sellQty;
    if (freeBase < qty) {
      qty = (freeBase / lotSize) * lotSize;
      if (!meetsMinimums(price, qty)) {
        skipped++;
        return;
      }
    }
    // The round's cost: the buy's quote for the share of its base this sell sells (the rest stays, valued as unrealized).
    place(i, { side: 'sell', qty, reserved: qty, roundCost: buy.net > 0n ? (buy.quote * qty) / buy.net : buy.quote });
  };
  /** The counter of a sell filled at i + 1: a buy at i, of buyQty or the lots the free quote still covers. */
  const placeBuy = (i: number) => {
    const price = lv(i);
    let qty = plan.buyQty;
    if (freeQuote < notional(price, qty)) {
      // The largest q with floor(price·q / 10^8) ≤ freeQuote, on the lot.
      qty = ((((freeQuote + 1n) * SCALE - 1n) / price) / lotSize) * lotSize;
      if (!meetsMinimums(price, qty)) {
        skipped++;
        return;
      }
    }
    const cost = notional(price, qty);
    invariant(cost <= freeQuote, `buy of ${qty} at ${price} costs more than the free quote`);
    place(i, { side: 'buy', qty, reserved: cost, roundCost: null });
  };

  const fillBuy = (i: number, o: Order, time: number) => {
    book[i] = null;
    open--;
    reservedQuote -= o.reserved;
    const fee = feeOn(o.qty, makerPpm);
    freeBase += o.qty - fee;
    fees += notional(lv(i), fee);
    fills.push({ time, side: 'buy', price: lv(i), level: i, qty: o.qty });
    invariant(i + 1 < n, `buy at the top level ${i}`);
    placeSell(i + 1, { quote: o.reserved, net: o.qty - fee });
    check();
  };
  const fillSell = (j: number, o: Order, time: number) => {
    book[j] = null;
    open--;
    reservedBase -= o.reserved;
    const gross = notional(lv(j), o.qty);
    const fee = feeOn(gross, makerPpm);
    freeQuote += gross - fee;
    fees += fee;
    if (o.roundCost !== null) {
      rounds++;
      gridProfit += gross - fee - o.roundCost;
    }
    fills.push({ time, side: 'sell', price: lv(j), level: j, qty: o.qty });
    invariant(j - 1 >= 0, `sell at the bottom level ${j}`);
    placeBuy(j - 1);
    check();
  };

  /** The price moving from a to b: the orders it reaches, in the order it reaches them. */
  const move = (a: bigint, b: bigint, time: number) => {
    if (b < a) {
      for (let i = levelBelow(levels, a); i >= 0 && lv(i) >= b; i--) {
        const o = book[i];
        if (o?.side === 'buy') fillBuy(i, o, time);
      }
    } else if (b > a) {
      let i = levelBelow(levels, a);
      if (i < 0 || lv(i) < a) i++;
      for (; i < n && lv(i) <= b; i++) {
        const o = book[i];
        if (o?.side === 'sell') fillSell(i, o, time);
      }
    }
  };

  let price = p0;
  for (const bar of bars) {
    const path = bar.c >= bar.o ? [bar.o, bar.l, bar.h, bar.c] : [bar.o, bar.h, bar.l, bar.c];
    for (const next of path) {
      move(price, next, bar.t);
      price = next;
    }
  }

  const endQuote = freeQuote + reservedQuote;
  const endBase = freeBase + reservedBase;
  const pnl = endQuote + notional(last.c, endBase) - investment;
  const pnlBps = Number((pnl * 10_000n) / investment);
  const from = first.t;
  const to = last.t + MINUTE;
  const span = BigInt(to - from);
  const annualizedBps = span > 0n ? Number((BigInt(pnlBps) * YEAR_MS) / span) : 0;
  return {
    ok: true,
    value: { from, to, bars: bars.length, fills, rounds, gridProfit, fees, endBase, endQuote, pnl, pnlBps, annualizedBps, maxOrders, spentMax: investment - minQuoteHeld, skipped },
  };
}

/** 1-minute bars → N-minute bars [open time, open, high, low, close], bucketed by floor(t / (minutes · 60,000)). */
export function chartBars(bars: readonly BacktestBar[], minutes: number): Array<[number, bigint, bigint, bigint, bigint]> {
  if (!Number.isSafeInteger(minutes) || minutes <= 0) throw new RangeError(`chartBars: minutes must be a positive integer, got ${minutes}`);
  const width = minutes * MINUTE;
  const out: Array<[number, bigint, bigint, bigint, bigint]> = [];
  let key: number | null = null;
  for (const b of bars) {
    const k = Math.floor(b.t / width);
    const cur = out[out.length - 1];
    if (cur === undefined || k !== key) {
      out.push([k * width, b.o, b.h, b.l, b.c]);
      key = k;
    } else {
      if (b.h > cur[2]) cur[2] = b.h;
      if (b.l < cur[3]) cur[3] = b.l;
      cur[4] = b.c;
    }
  }
  return out;
}

/** The most fills a result carries: the last ones (a week of a busy grid can fill tens of thousands of times; the
 *  counts and the P&L still cover every fill). */
const RESULT_FILLS_MAX = 2000;

/** The API's shape of a run: decimal text, the chart in 15-minute bars, and only the last 2,000 fills. */
export function toResult(symbol: string, levels: readonly bigint[], bars: readonly BacktestBar[], run: BacktestRun): QuantBacktestResult {
  return {
    symbol,
    from: run.from,
    to: run.to,
    bars: run.bars,
    chart: chartBars(bars, 15).map(([t, o, h, l, c]) => [t, fromUnits(o), fromUnits(h), fromUnits(l), fromUnits(c)] as const),
    levels: levels.map(fromUnits),
    // Capped: the last RESULT_FILLS_MAX fills only.
    fills: run.fills.slice(-RESULT_FILLS_MAX).map((f) => ({ time: f.time, side: f.side, price: fromUnits(f.price), level: f.level })),
    rounds: run.rounds,
    gridProfit: fromUnits(run.gridProfit),
    pnl: fromUnits(run.pnl),
    pnlBps: run.pnlBps,
    annualizedBps: run.annualizedBps,
    fees: fromUnits(run.fees),
  };
}
