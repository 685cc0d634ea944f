// Contract (perpetuals) benchmark, `npm run bench -- --only=contract`, in three parts, each set against its
// alternative measured in the same run:
//
// 1. Liquidation sweep through the PerpEngine: one BTCUSDT market (the engine tests' BTC_PERP: 1 tick = 1 USDT,
//    1 lot = 0.001 BTC, the 2024 brackets, 1.25 % clearance fee), N (default 100,000) users each with one isolated
//    position, opened in pairs through `apply` (one user rests a limit, the other takes it: every long has a short),
//    entries within ±0.1 % of a 50,000 USDT mark, leverage log-uniform in 5..100, sizes log-uniform in 1..500 lots.
//    Eight cross-margin desk users then rest bids every 10 USDT from 49,600 down to 45,100 (and asks mirrored above,
//    never reached), their bids adding up to a quarter of the long lots, and the insurance fund is seeded with 2 USDT
//    per position, so a 10 % fall of the mark closes the riskiest longs on the book, lets the fund carry some past
//    bankruptcy, and deleverages the rest against the shorts. Measured: the `mark` command of a quiet tick (±0.1 %,
//    liquidates nobody; median of 500, one clock read each), and the one `mark` command of the 10 % fall (50,000 →
//    45,000 USDT). Alternatives: a linear scan that checks every open position's margin exactly (`engine.underwater`
//    on each, what a naive engine would run per tick; at the fall's mark the same arithmetic with that mark), and a
//    bare copy of the engine's liquidation-price index, loaded with the engine's own liquidation prices (the part of
//    a tick that finds who is due). The fall's split: finding (the copy's takeReached), the mark's pass over every
//    holder (taken as the quiet tick's cost), liquidating (the rest). Every liquidated position is checked against
//    the scan's verdict, and no long is left under water. Setup is never timed; a run of the whole scenario at 6,000
//    positions warms the JIT first.
// 2. The same index micro-benchmark as `node test/bench/liquidation.ts` (index vs typed-array scan, kernel only).
// 3. Order path: one seeded stream (see orderStream) of limit orders that rest and cross, takers and cancels through
//    `PerpEngine.apply` (risk checks, entrust margin, positions, liquidation prices, ledger, events) and through
//    `SpotEngine.apply` with the fast book (funds, fees, ledger, events): same market units, same book, same fills
//    (checked); a fresh engine per run, one warm-up run, median of 3; ops/s of each and their ratio.
//
// Options (run.ts): --contract-positions=N (default 100,000), --contract-ops=N (order path commands, default 200,000),
// --contract-profile=FILE (a CPU profile of the 10 % mark command only, for DevTools). Timing only; tests never
// assert on speed.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { FastBook } from '../../server/kernel/book/fast-book.ts';
import { MatchSink } from '../../server/kernel/book/sink.ts';
import { ReferenceBook } from '../../server/kernel/book/reference-book.ts';
import type { BookOrder, Side } from '../../server/kernel/book/types.ts';
import { EXTERNAL, INSURANCE, userAccount } from '../../server/kernel/ledger/accounts.ts';
import { Ledger } from '../../server/kernel/ledger/ledger.ts';
import type { Amount, OrderId, Price, Qty, UserId } from '../../server/kernel/money/nominal.ts';
import { PerpEngine } from '../../server/kernel/perp/engine.ts';
import { type Holding, sizeMinor } from '../../server/kernel/perp/holdings.ts';
import { LiquidationIndex } from '../../server/kernel/perp/liq-index.ts';
import { positionMaintenance, unrealizedPnl } from '../../server/contract/perp-math/margin.ts';
import type { PerpCommand, PerpEvent } from '../../server/kernel/perp/types.ts';
import type { FeeRates, SpotCommand } from '../../server/kernel/spot/commands.ts';
import { SpotEngine } from '../../server/kernel/spot/engine.ts';
import { BTC_PERP, E8, USDT } from '../server/kernel/perp/engine-fixtures.ts';
import { mulberry32 } from '../tools/random.ts';
import { type LiquidationFigure, liquidationIndexBench, printLiquidationIndex } from './liquidation.ts';

const SYMBOL = BTC_PERP.symbol;
const M = BTC_PERP.market;
const MARK_TICKS = 50_000;
const MARK = BigInt(MARK_TICKS) * E8;
const FALL = (MARK * 9n) / 10n;
const DESKS = 8;
const DESK_TOP = 49_600;
const DESK_BOTTOM = 45_100;
const DESK_STEP = 10;
const FIRST_USER = 101;
const T0 = 1_700_000_000_000;
const FEES: FeeRates = { makerPpm: 200, takerPpm: 500 };
const ZERO: FeeRates = { makerPpm: 0, takerPpm: 0 };

export interface ContractOptions {
  /** Open positions of the sweep (default 100,000). */
  readonly positions?: number;
  /** Commands of the order-path stream (default 200,000). */
  readonly ops?: number;
  /** Where to write a CPU profile of the 10 % mark command. */
  readonly profilePath?: string;
}

export interface SweepFigures {
  positions: number;
  longs: number;
  longLots: number;
  deskLots: number;
  /** Insurance fund seeded before the fall, USDT. */
  insuranceSeed: number;
  setupMs: number;
  /** A CPU profile was taken of the 10 % command: its timing includes the profiler's sampling. */
  profiled: boolean;
  /** Quiet tick (±0.1 %): medians, µs: the engine's mark command, the index's lookup alone, a linear margin scan. */
  quiet: { ticks: number; engineUs: number; indexUs: number; scanUs: number; scanRuns: number };
  fall: {
    /** Wall ms of the one mark command. */
    totalMs: number;
    /** Finding who is due: the index's takeReached at the new mark (on a copy), median ms. */
    findMs: number;
    /** The linear scan's finding at the new mark (every position's margin, exactly), median ms. */
    scanFindMs: number;
    /** Positions the index reached, and liquidated (= under water at the new mark, checked against the scan). */
    reached: number;
    liquidated: number;
    perSec: number;
    events: number;
    bookTrades: number;
    adlTrades: number;
    /** How each liquidated position closed: on the book within bankruptcy only, with the fund past it, by ADL. */
    bookOnly: number;
    withFund: number;
    withAdl: number;
    /** Insurance flows of the command, USDT: clearance fees in, losses paid past bankruptcy on the book and in ADL. */
    feesIn: number;
    paidBook: number;
    paidAdl: number;
    insuranceAfter: number;
  };
}

export interface OrderPathFigure {
  name: string;
  opsPerSec: number;
  runsMs: number[];
  filled: number;
}

export interface ContractFigures {
  node: string;
  sweep: SweepFigures;
  index: LiquidationFigure[];
  orderPath: { ops: number; mix: Record<string, number>; liveAtEnd: number; perp: OrderPathFigure; spot: OrderPathFigure };
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// ---- 1. the liquidation sweep ------------------------------------------------------------------------------------

/** Credits `minor` units of USDT to a user's contract wallet. */
function credit(e: PerpEngine, user: UserId, minor: bigint): void {
  e.ledger.post([
    { account: EXTERNAL, asset: USDT, amount: -minor as Amount },
    { account: userAccount(user, 'contract', 'available'), asset: USDT, amount: minor as Amount },
  ]);
}

function must(events: PerpEvent[], what: string): PerpEvent[] {
  const r = events.find((ev) => ev.type === 'rejected');
  if (r) throw new Error(`contract bench: ${what} rejected (${JSON.stringify(r, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))})`);
  return events;
}

/** A log-uniform integer draw in [lo, hi]. */
const logUniform = (r: () => number, lo: number, hi: number): number => Math.min(hi, Math.floor(lo * (hi / lo + 1) ** r()));

interface Scenario {
  engine: PerpEngine;
  holdings: Holding[];
  longs: number;
  longLots: number;
  deskLots: number;
  insuranceSeed: number;
  time: number;
}

/**
 * Builds the market: a mark of 50,000, n users in long/short pairs opened through the engine, then the desks'
 * depth and the insurance fund.
 */
function buildScenario(n: number, seed: number): Scenario {
  const engine = new PerpEngine({ markets: [BTC_PERP], ledger: new Ledger(), book: () => new FastBook() });
  const r = mulberry32(seed);
  let time = T0;
  must(engine.apply({ type: 'mark', time: time++, symbol: SYMBOL, mark: MARK }), 'first mark');
  const holdings: Holding[] = [];
  let longs = 0;
  let longLots = 0;
  const place = (user: UserId, side: Side, price: number, lots: number, tif: 'GTC' | 'IOC', fees: FeeRates) =>
    engine.apply({
      type: 'place', time: time++, user, symbol: SYMBOL, side, kind: 'limit', price: price as Price, qty: lots as Qty, tif, postOnly: false,
      reduceOnly: false, stp: 'NONE', fees,
    });
  for (let p = 0; p < n >> 1; p++) {
    const price = MARK_TICKS + Math.floor(r() * 101) - 50;
    const lots = logUniform(r, 1, 500);
    const restingBuys = r() < 0.5;
    const notional = BigInt(price) * BigInt(lots) * M.lotSize; // ticks × E8 × lots × 10^5 / 10^8
    const users = [FIRST_USER + 2 * p, FIRST_USER + 2 * p + 1] as [UserId, UserId];
    for (const u of users) {
      const leverage = logUniform(r, 5, 100);
      credit(engine, u, (notional / BigInt(leverage)) * 2n + 100n * E8);
      must(engine.apply({ type: 'marginMode', time: time++, user: u, symbol: SYMBOL, mode: 'isolated' }), 'isolated mode');
      must(engine.apply({ type: 'leverage', time: time++, user: u, symbol: SYMBOL, leverage }), 'leverage');
    }
    const [maker, taker] = users;
    must(place(maker, restingBuys ? 'buy' : 'sell', price, lots, 'GTC', ZERO), 'opening maker');
    const evs = must(place(taker, restingBuys ? 'sell' : 'buy', price, lots, 'IOC', ZERO), 'opening taker');
    if (!evs.some((ev) => ev.type === 'trade' && ev.qty === lots)) throw new Error('contract bench: an opening pair did not trade');
    for (const u of users) holdings.push(engine.holding(u, SYMBOL)!);
    longs += 1;
    longLots += lots;
  }
  // Depth: bids every DESK_STEP from DESK_TOP down, together a quarter of the long lots; asks mirrored above the mark.
  const levels = (DESK_TOP - DESK_BOTTOM) / DESK_STEP + 1;
  const perLevel = Math.max(1, Math.round(longLots / 4 / levels));
  for (let d = 1; d <= DESKS; d++) credit(engine, d as UserId, 10n ** 10n * E8);
  let deskLots = 0;
  for (let i = 0; i < levels; i++) {
    const desk = (1 + (i % DESKS)) as UserId;
    must(place(desk, 'buy', DESK_TOP - i * DESK_STEP, perLevel, 'GTC', FEES), 'desk bid');
    must(place(desk, 'sell', 2 * MARK_TICKS - (DESK_TOP - i * DESK_STEP), perLevel, 'GTC', FEES), 'desk ask');
    deskLots += perLevel;
  }
  // The fund: enough to carry a slice of the positions the book can't take past bankruptcy, not all of them.
  const insuranceSeed = Math.max(1_000, Math.round(n * 2));
  engine.ledger.post([
    { account: EXTERNAL, asset: USDT, amount: (-BigInt(insuranceSeed) * E8) as Amount },
    { account: INSURANCE, asset: USDT, amount: (BigInt(insuranceSeed) * E8) as Amount },
  ]);
  return { engine, holdings, longs, longLots, deskLots, insuranceSeed, time };
}

/** What `engine.underwater` computes for an isolated position, at a mark of our choosing (the scan's work). */
function underwaterAt(h: Holding, mark: bigint): boolean {
  const size = sizeMinor(M, h.size);
  return h.margin + unrealizedPnl({ size, cost: h.cost }, mark) <= positionMaintenance(BTC_PERP.brackets, size, mark);
}

/** A copy of the engine's liquidation-price index: every position's liquidation price as the engine computes it. */
function copyIndex(s: Scenario): LiquidationIndex {
  const idx = new LiquidationIndex(s.holdings.length);
  for (const h of s.holdings) if (h.size !== 0) idx.set(h.user, h.size > 0 ? 'long' : 'short', s.engine.liquidationPrice(h));
  return idx;
}

function sweepBench(n: number, seed: number, quietTicks: number, scanRuns: number, profilePath?: string): SweepFigures {
  const t0 = performance.now();
  const s = buildScenario(n, seed);
  const setupMs = performance.now() - t0;
  const { engine, holdings } = s;
  const r = mulberry32(seed + 1);
  const quietMark = () => MARK + BigInt(Math.round((r() * 2 - 1) * Number(MARK / 1000n)));

  // (a) Quiet ticks: the engine's mark command, one clock read per tick.
  const engineNs: number[] = [];
  for (let i = 0; i < quietTicks; i++) {
    const mark = quietMark();
    const a = process.hrtime.bigint();
    const evs = engine.apply({ type: 'mark', time: s.time++, symbol: SYMBOL, mark });
    engineNs.push(Number(process.hrtime.bigint() - a));
    if (evs.length !== 0) throw new Error('contract bench: a quiet tick liquidated someone');
  }
  // The index alone, on a copy (the engine's own is private): batches of 1,000 ticks.
  const idx = copyIndex(s);
  const idxNs: number[] = [];
  let reachedQuiet = 0;
  const marks = Array.from({ length: 1024 }, quietMark);
  for (let b = 0; b < 300; b++) {
    const a = process.hrtime.bigint();
    for (let j = 0; j < 1000; j++) reachedQuiet += idx.takeReached(marks[(b * 1000 + j) & 1023]!).length;
    idxNs.push(Number(process.hrtime.bigint() - a) / 1000);
  }
  if (reachedQuiet !== 0) throw new Error('contract bench: the index reached someone on a quiet tick');
  // The linear scan: every open position's margin at the engine's current mark, exactly as the engine checks it.
  const scanNs: number[] = [];
  for (let i = 0; i < scanRuns + 1; i++) {
    let hits = 0;
    const a = process.hrtime.bigint();
    for (let j = 0; j < holdings.length; j++) if (engine.underwater(holdings[j]!)) hits++;
    if (i > 0) scanNs.push(Number(process.hrtime.bigint() - a));
    if (hits !== 0) throw new Error('contract bench: the scan found someone under water on a quiet tick');
  }
  // The scan's own check must be the engine's: same verdicts at the current mark.
  const current = engine.markOf(SYMBOL)!;
  for (const h of holdings) if (underwaterAt(h, current) !== engine.underwater(h)) throw new Error('contract bench: scan and engine disagree');

  // (b) The 10 % fall. First what finding costs, on copies (non-destructive), then the engine's one command.
  const findNs: number[] = [];
  const scanFindNs: number[] = [];
  let reached = 0;
  let due = new Set<number>();
  for (let i = 0; i < 4; i++) {
    const copy = copyIndex(s);
    const a = process.hrtime.bigint();
    reached = copy.takeReached(FALL).length;
    const b = process.hrtime.bigint();
    const found: number[] = [];
    for (let j = 0; j < holdings.length; j++) if (underwaterAt(holdings[j]!, FALL)) found.push(holdings[j]!.user);
    const c = process.hrtime.bigint();
    if (i > 0) {
      findNs.push(Number(b - a));
      scanFindNs.push(Number(c - b));
    }
    due = new Set(found);
  }
  // An in-process inspector session answers synchronously: the profile covers this one command.
  const session = profilePath === undefined ? null : new Session();
  if (session) {
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 100 });
    session.post('Profiler.start');
  }
  const a = process.hrtime.bigint();
  const events = engine.apply({ type: 'mark', time: s.time++, symbol: SYMBOL, mark: FALL });
  const totalNs = Number(process.hrtime.bigint() - a);
  if (session) {
    session.post('Profiler.stop', (err, res) => {
      if (err) throw err;
      writeFileSync(profilePath!, JSON.stringify(res.profile));
    });
    session.disconnect();
  }

  const usdt = (minor: bigint) => Number(minor / 10n ** 6n) / 100;
  let liquidated = 0;
  let bookTrades = 0;
  let adlTrades = 0;
  let feesIn = 0n;
  let paidBook = 0n;
  let paidAdl = 0n;
  const how = new Map<number, { fund: boolean; adl: boolean }>();
  const fate = (user: UserId) => {
    let w = how.get(user);
    if (w === undefined) how.set(user, (w = { fund: false, adl: false }));
    return w;
  };
  for (const ev of events) {
    if (ev.type === 'liquidation') {
      liquidated++;
      feesIn += ev.fee;
      if (!due.has(ev.user)) throw new Error(`contract bench: user ${ev.user} liquidated but the scan found it above water`);
    } else if (ev.type === 'trade') {
      // The liquidated side is the taker: the liquidation's IOC on the book, its own side of an ADL close.
      const covered = ev.taker.covered + ev.maker.covered;
      if (ev.via === 'adl') {
        adlTrades++;
        paidAdl += covered;
        fate(ev.taker.user).adl = true;
      } else {
        bookTrades++;
        paidBook += covered;
        if (ev.taker.covered > 0n) fate(ev.taker.user).fund = true;
      }
    }
  }
  if (liquidated !== due.size) throw new Error(`contract bench: ${liquidated} liquidated, the scan found ${due.size} under water`);
  let withFund = 0;
  let withAdl = 0;
  for (const u of due) {
    const w = how.get(u);
    if (w?.adl) withAdl++;
    else if (w?.fund) withFund++;
  }
  for (const h of holdings) if (h.size > 0 && underwaterAt(h, FALL)) throw new Error('contract bench: a long is left under water');
  const totalMs = totalNs / 1e6;
  return {
    positions: holdings.length,
    longs: s.longs,
    longLots: s.longLots,
    deskLots: s.deskLots,
    insuranceSeed: s.insuranceSeed,
    setupMs: Math.round(setupMs),
    profiled: profilePath !== undefined,
    quiet: { ticks: quietTicks, engineUs: median(engineNs) / 1000, indexUs: median(idxNs) / 1000, scanUs: median(scanNs) / 1000, scanRuns },
    fall: {
      totalMs,
      findMs: median(findNs) / 1e6,
      scanFindMs: median(scanFindNs) / 1e6,
      reached,
      liquidated,
      perSec: Math.round(liquidated / (totalMs / 1000)),
      events: events.length,
      bookTrades,
      adlTrades,
      bookOnly: due.size - withFund - withAdl,
      withFund,
      withAdl,
      feesIn: usdt(feesIn),
      paidBook: usdt(paidBook),
      paidAdl: usdt(paidAdl),
      insuranceAfter: usdt(engine.ledger.balance(INSURANCE, USDT)),
    },
  };
}

// ---- 3. the order path ---------------------------------------------------------------------------------------------

const PLACE = 0;
const CANCEL = 1;
const TAKE = 2;
const MARKET = 3;

/** One command of the order-path stream, in book units; ids are the order of placement, from 1. */
interface Op {
  kind: number;
  user: UserId;
  id: OrderId;
  side: Side;
  price: Price;
  qty: Qty;
}

/**
 * The order-path stream, generated against a reference book so every cancel targets a live order (as stream.ts):
 * 60 % limit GTC 0..9 ticks behind the best on its side (1..100 lots), 25 % cancel of a random live order, 10 % a
 * move (stream.ts's replace; neither engine's command set has one that both share, so a cancel and a new limit
 * 1..3 ticks away: two commands), 5 % takers of 50..800 lots, half IOC limits 0..2 ticks through, half market orders
 * bounded at mid ± 5 %. 40 users, self-trade prevention off.
 */
function orderStream(length: number, seed = 20240601): { ops: Op[]; mix: Record<string, number>; liveAtEnd: number } {
  const rand = mulberry32(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
  const book = new ReferenceBook();
  const sink = new MatchSink();
  const ops: Op[] = [];
  const mix: Record<string, number> = { place: 0, cancel: 0, ioc: 0, market: 0 };
  const live: number[] = [];
  const pos = new Map<number, number>();
  const add = (id: number) => {
    pos.set(id, live.length);
    live.push(id);
  };
  const drop = (id: number) => {
    const i = pos.get(id)!;
    const last = live.pop()!;
    if (last !== id) {
      live[i] = last;
      pos.set(last, i);
    }
    pos.delete(id);
  };
  let nextId = 1;
  const place = (kind: number, user: UserId, side: Side, price: number, q: number) => {
    const o: BookOrder = { id: nextId++ as OrderId, owner: user, side, price: Math.max(1, price) as Price, qty: q as Qty, budget: Infinity, tif: kind === PLACE ? 'GTC' : 'IOC', postOnly: false, stp: 'NONE' };
    book.place(o, sink);
    for (let k = 0; k < sink.count; k++) if (sink.makerLeft[k] === 0) drop(sink.makerId[k]!);
    if (book.has(o.id)) add(o.id);
    ops.push({ kind, user, id: o.id, side, price: o.price, qty: o.qty });
    mix[kind === PLACE ? 'place' : kind === TAKE ? 'ioc' : 'market']!++;
  };
  const cancel = (id: number) => {
    const o = book.order(id as OrderId)!;
    book.cancel(id as OrderId);
    drop(id);
    ops.push({ kind: CANCEL, user: o.owner, id: id as OrderId, side: o.side, price: o.price, qty: o.qty });
    mix.cancel!++;
  };
  while (ops.length < length) {
    const bid = book.best('buy') ?? (book.best('sell') ?? MARK_TICKS + 1) - 1;
    const ask = book.best('sell') ?? bid + 1;
    const r = rand();
    const side: Side = rand() < 0.5 ? 'buy' : 'sell';
    if (live.length > 0 && r < 0.25) cancel(live[int(0, live.length - 1)]!);
    else if (live.length > 0 && r < 0.35 && ops.length + 2 <= length) {
      const id = live[int(0, live.length - 1)]!;
      const o = book.order(id as OrderId)!;
      cancel(id);
      place(PLACE, o.owner, o.side, o.price + (rand() < 0.5 ? -1 : 1) * int(1, 3), o.qty);
    } else if (r < 0.4) {
      const q = int(50, 800);
      if (rand() < 0.5) place(TAKE, int(1, 40) as UserId, side, side === 'buy' ? ask + int(0, 2) : bid - int(0, 2), q);
      else place(MARKET, int(1, 40) as UserId, side, Math.round(side === 'buy' ? ((bid + ask) / 2) * 1.05 : ((bid + ask) / 2) * 0.95), q);
    } else place(PLACE, int(1, 40) as UserId, side, side === 'buy' ? ask - 1 - int(0, 9) : bid + 1 + int(0, 9), int(1, 100));
  }
  return { ops, mix, liveAtEnd: book.size() };
}

function perpCommands(ops: Op[]): PerpCommand[] {
  return ops.map((o, i): PerpCommand => {
    const time = T0 + i;
    if (o.kind === CANCEL) return { type: 'cancel', time, user: o.user, order: o.id };
    return {
      type: 'place', time, user: o.user, symbol: SYMBOL, side: o.side, kind: o.kind === MARKET ? 'market' : 'limit', price: o.price, qty: o.qty,
      tif: o.kind === PLACE ? 'GTC' : 'IOC', postOnly: false, reduceOnly: false, stp: 'NONE', fees: FEES,
    };
  });
}

function spotCommands(ops: Op[]): SpotCommand[] {
  return ops.map((o, i): SpotCommand => {
    const time = T0 + i;
    if (o.kind === CANCEL) return { type: 'cancel', time, user: o.user, order: o.id };
    if (o.kind === MARKET) return { type: 'market', by: 'base', time, user: o.user, order: o.id, side: o.side, qty: o.qty, bound: o.price, stp: 'NONE', fees: FEES };
    return { type: 'limit', time, user: o.user, order: o.id, side: o.side, price: o.price, qty: o.qty, tif: o.kind === PLACE ? 'GTC' : 'IOC', postOnly: false, stp: 'NONE', fees: FEES };
  });
}

const RICH = 10n ** 17n;

/**
 * Perp: 40 isolated-margin users (leverage 20), a mark at 50,000 set before timing; counts lots traded. Isolated,
 * because a cross account this rich gives a one-lot short a liquidation price past the index's 2^53 minor units
 * (about 90 million USDT), which throws.
 */
function runPerp(commands: PerpCommand[], check: boolean): { ms: number; filled: number } {
  const engine = new PerpEngine({ markets: [BTC_PERP], ledger: new Ledger(), book: () => new FastBook() });
  for (let u = 1; u <= 40; u++) {
    credit(engine, u as UserId, RICH);
    must(engine.apply({ type: 'marginMode', time: T0 - 2, user: u as UserId, symbol: SYMBOL, mode: 'isolated' }), 'isolated mode');
  }
  must(engine.apply({ type: 'mark', time: T0 - 1, symbol: SYMBOL, mark: MARK }), 'mark');
  let filled = 0;
  let rejected = 0;
  let expect = 1;
  const t0 = performance.now();
  for (let i = 0; i < commands.length; i++) {
    const evs = engine.apply(commands[i]!);
    for (let j = 0; j < evs.length; j++) {
      const e = evs[j]!;
      if (e.type === 'trade') filled += e.qty;
      else if (e.type === 'rejected') rejected++;
      else if (check && e.type === 'accepted' && e.order !== expect++) throw new Error(`contract bench: perp order id ${e.order}, the stream's is ${expect - 1}`);
    }
  }
  const ms = performance.now() - t0;
  if (rejected > 0) throw new Error(`contract bench: ${rejected} perp commands rejected; the stream should be all valid`);
  return { ms, filled };
}

/** Spot: the same 40 users with both assets, the fast book. */
function runSpot(commands: SpotCommand[]): { ms: number; filled: number } {
  const ledger = new Ledger();
  for (let u = 1; u <= 40; u++) {
    for (const a of [M.base, M.quote]) {
      ledger.post([
        { account: EXTERNAL, asset: a, amount: -RICH as Amount },
        { account: userAccount(u as UserId, 'coin', 'available'), asset: a, amount: RICH as Amount },
      ]);
    }
  }
  const engine = new SpotEngine({ market: M, book: new FastBook(), ledger });
  let filled = 0;
  let rejected = 0;
  const t0 = performance.now();
  for (let i = 0; i < commands.length; i++) {
    const evs = engine.apply(commands[i]!);
    for (let j = 0; j < evs.length; j++) {
      const e = evs[j]!;
      if (e.type === 'trade') filled += e.qty;
      else if (e.type === 'rejected') rejected++;
    }
  }
  const ms = performance.now() - t0;
  if (rejected > 0) throw new Error(`contract bench: ${rejected} spot commands rejected; the stream should be all valid`);
  return { ms, filled };
}

/** One warm-up run (`warm`, which may check more), then `runs` timed runs; the median. */
function timed(name: string, n: number, runs: number, warm: () => unknown, once: () => { ms: number; filled: number }): OrderPathFigure {
  warm();
  const runsMs: number[] = [];
  let filled = 0;
  for (let i = 0; i < runs; i++) {
    const r = once();
    runsMs.push(r.ms);
    filled = r.filled;
  }
  return { name, opsPerSec: Math.round((n / median(runsMs)) * 1000), runsMs: runsMs.map((m) => Math.round(m)), filled };
}

// ---- the whole bench ------------------------------------------------------------------------------------------------

export function contractBench(o: ContractOptions = {}): ContractFigures {
  const n = o.positions ?? 100_000;
  const ops = o.ops ?? 200_000;
  // Warm-up: the whole sweep scenario, small.
  sweepBench(Math.min(n, 6_000), 11, 200, 3);
  const sweep = sweepBench(n, 7, 500, 9, o.profilePath);
  const index = liquidationIndexBench(n);
  const { ops: stream, mix, liveAtEnd } = orderStream(ops);
  const perpCmds = perpCommands(stream);
  const spotCmds = spotCommands(stream);
  const perp = timed('perp engine + fast book', ops, 3, () => runPerp(perpCmds, true), () => runPerp(perpCmds, false));
  const spot = timed('spot engine + fast book', ops, 3, () => runSpot(spotCmds), () => runSpot(spotCmds));
  if (perp.filled !== spot.filled) throw new Error(`contract bench: perp and spot engines disagree: ${perp.filled} vs ${spot.filled} lots filled`);
  return { node: process.version, sweep, index, orderPath: { ops, mix, liveAtEnd, perp, spot } };
}

/** Prints the contract bench's tables; returns its JSON line's object. */
export function reportContract(f: ContractFigures): Record<string, unknown> {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const x = (r: number) => (r >= 100 ? `${n(r)}×` : `${r.toFixed(r >= 10 ? 1 : 2)}×`);
  const s = f.sweep;
  const q = s.quiet;
  const fl = s.fall;
  // The 10 % command's parts: who is due (the index), the mark's pass over every holder (≈ a quiet tick), the rest.
  const prepassMs = q.engineUs / 1000;
  const liquidatingMs = Math.max(0, fl.totalMs - fl.findMs - prepassMs);
  const scanTotalMs = fl.scanFindMs + liquidatingMs;
  const pct = (v: number) => `${((v / fl.totalMs) * 100).toFixed(1)} %`;
  console.log(`\ncontract: liquidation sweep through PerpEngine.apply, ${n(s.positions)} isolated positions on ${SYMBOL} (${n(s.longs)} long, ${n(s.longLots)} lots each side), leverage 5..100, ` +
    `mark ${n(MARK_TICKS)} USDT; desks' bids ${n(s.deskLots)} lots from ${n(DESK_TOP)} to ${n(DESK_BOTTOM)}; insurance fund ${n(s.insuranceSeed)} USDT; setup ${n(s.setupMs)} ms (untimed); ${f.node}`);
  console.log(`${'measure'.padEnd(44)}${'engine'.padStart(14)}${'linear scan'.padStart(16)}${'scan / engine'.padStart(15)}`);
  const row = (name: string, a: string, b: string, r: string) => console.log(`${name.padEnd(44)}${a.padStart(14)}${b.padStart(16)}${r.padStart(15)}`);
  const us = (v: number) => (v >= 100 ? `${n(v)} µs` : `${v.toFixed(v >= 1 ? 1 : 3)} µs`);
  const ms = (v: number) => (v >= 100 ? `${n(v)} ms` : `${v.toFixed(1)} ms`);
  row(`quiet tick ±0.1 %: mark command (median/${n(q.ticks)})`, us(q.engineUs), us(q.scanUs), x(q.scanUs / q.engineUs));
  row('  the index lookup in it (on a copy)', us(q.indexUs), us(q.scanUs), x(q.scanUs / q.indexUs));
  row('  the rest: the pass over every holder', us(q.engineUs - q.indexUs), '', '');
  row('10 % fall: whole mark command', ms(fl.totalMs), `≈ ${ms(scanTotalMs)}`, x(scanTotalMs / fl.totalMs));
  row(`  finding who is due (${n(fl.reached)} reached)`, ms(fl.findMs), ms(fl.scanFindMs), x(fl.scanFindMs / fl.findMs));
  row('  pass over every holder (≈ quiet tick)', ms(prepassMs), '', '');
  row('  liquidating (the rest)', ms(liquidatingMs), ms(liquidatingMs), '');
  console.log(`  shares of the 10 % command: finding ${pct(fl.findMs)}, holder pass ${pct(prepassMs)}, liquidating ${pct(liquidatingMs)}; the scan's whole command is its finding plus the same liquidating`);
  if (s.profiled) console.log('  (profiled: the 10 % fall ran under the CPU profiler, its times include the sampling overhead)');
  console.log(`10 % fall: ${n(fl.liquidated)} positions liquidated in ${ms(fl.totalMs)} = ${n(fl.perSec)} liquidations/s, ${n(fl.events)} events; ` +
    `${n(fl.bookOnly)} closed on the book within bankruptcy, ${n(fl.withFund)} with the fund past it, ${n(fl.withAdl)} by ADL (${n(fl.bookTrades)} book trades, ${n(fl.adlTrades)} ADL trades)`);
  console.log(`insurance fund: ${n(s.insuranceSeed)} → ${n(fl.insuranceAfter)} USDT (clearance fees +${n(fl.feesIn)}, paid past bankruptcy on the book −${n(fl.paidBook)}, in ADL closes −${n(fl.paidAdl)})`);
  console.log('');
  printLiquidationIndex(f.index, s.positions);
  const o = f.orderPath;
  const ratio = o.perp.opsPerSec / o.spot.opsPerSec;
  console.log(`\norder path: ${n(o.ops)} commands, seed fixed (${Object.entries(o.mix).map(([k, v]) => `${k} ${((v / o.ops) * 100).toFixed(1)}%`).join(', ')}), 40 users, ${n(o.liveAtEnd)} orders resting at the end; one warm-up, median of 3`);
  console.log(`${'contestant'.padEnd(26)}${'ops/s'.padStart(14)}   ${'runs (ms)'.padEnd(22)}${'lots filled'.padStart(14)}`);
  for (const c of [o.perp, o.spot]) console.log(`${c.name.padEnd(26)}${n(c.opsPerSec).padStart(14)}   ${c.runsMs.join(' / ').padEnd(22)}${n(c.filled).padStart(14)}`);
  console.log(`perp / spot: ${ratio.toFixed(3)}× (the contract order path runs at ${(ratio * 100).toFixed(1)} % of the spot desk's)`);
  const r3 = (v: number) => Number(v.toFixed(3));
  return {
    bench: 'contract',
    node: f.node,
    sweep: {
      positions: s.positions,
      quietTick: { engineUs: r3(q.engineUs), indexUs: r3(q.indexUs), scanUs: r3(q.scanUs), scanOverEngine: r3(q.scanUs / q.engineUs), scanOverIndex: Math.round(q.scanUs / q.indexUs) },
      fall: {
        totalMs: r3(fl.totalMs), findMs: r3(fl.findMs), prepassMs: r3(prepassMs), liquidatingMs: r3(liquidatingMs), scanFindMs: r3(fl.scanFindMs), scanTotalMs: r3(scanTotalMs),
        liquidated: fl.liquidated, reached: fl.reached, perSec: fl.perSec, events: fl.events, bookOnly: fl.bookOnly, withFund: fl.withFund, withAdl: fl.withAdl,
        insurance: { seed: s.insuranceSeed, after: fl.insuranceAfter, feesIn: fl.feesIn, paidBook: fl.paidBook, paidAdl: fl.paidAdl },
      },
    },
    index: Object.fromEntries(f.index.map((i) => [i.name, { unit: i.unit, index: r3(i.index), linear: r3(i.linear), ratio: r3(i.ratio) }])),
    orderPath: { ops: o.ops, perpOpsPerSec: o.perp.opsPerSec, spotOpsPerSec: o.spot.opsPerSec, perpOverSpot: r3(ratio) },
  };
}
