// The spot desk's throughput with quantitative grid bots running (`npm run bench -- --only=quant`; also
// `node test/bench/quant.ts` alone). Two fresh stores in the same run, same dialect, each with the real desks
// (server/desks: createDesks) over it and the demo's twelve USDT markets from the migrations: A with `bots` grid bots
// (default 10,000), B without. Everything else is the same in both.
//
// Setup, untimed: every user funded through the desk (operator credits); a last price printed in each market (two
// crossing limit orders); a liquidity provider resting one ask a market one tick over it, enough for every grid's
// first market buy. Then, in A only, the bots: ceil(bots / 20) users with up to QUANT_MAX_RUNNING (20) bots each, the
// bots spread over the markets round robin, each with its own range (1 to 3 % under and over the price), 5 to 20
// grids, arithmetic or geometric, and 25 USDT of investment a grid; started with desks.spot.startBot, 256 in flight
// (the starts' wall time and the resting orders they made are reported). Then the liquidity provider's asks are
// cancelled in both: B's books are empty, A's hold the bots' ladders.
//
// Timed load, identical for A and B (seeded, generated once before either runs): `commands` spot orders (default
// 200,000) by 240 load users, each in a market drawn at random: 55 % makers (GTC limits resting 0.01 to 0.2 % from the
// market's walking price, 20 to 300 USDT) and 45 % takers (IOC limits 0.05 % through it, 50 to 2,000 USDT). Each
// market's walking price follows a triangle wave between −2.5 % and +2.5 % of its start, one wave every 4,000 of the
// market's commands whatever the run's length (about four at the default size), with 0.1 % of noise, so the takers
// drag the book up and down through the grids' ranges: in A the bots' orders fill and each whole fill places the
// opposite order one grid away in the same command. Sent 256 in flight (group commit).
// The load is cut in 8 chunks run alternately on A and B (A B, B A, A B, ...), so a drift of the machine's load or the
// JIT's warm-up weighs on both alike; the figures sum the chunks. Reported: commands/s of A and of B and A/B, their
// p50/p99 latency (send to reply, queueing included), CPU per command (this process's: the SQLite writer thread's
// included, a PostgreSQL server's not), the takers' fills, how far the trades went; in A the bots' fills during the
// window (the sum of their `fills` counters before and after, from desks.spot.runningViews over every bot) and the
// counter orders they placed (the bot-tagged orders the store holds with ids past the window's start); peak RSS.
// After: verifyLedger and desks.spot.checkInvariants() on both (untimed), then the stores are dropped.
// Options: --quant-bots=N, --quant-commands=N, --quant-dialect=sqlite|postgres (postgres: DATABASE_URL).
// Timing lives here only; no test asserts on it.
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { createInProcessBus } from '../../server/bus/index.ts';
import { fromUnits, QUANT_MAX_RUNNING, QUANT_STRATEGY_TYPE, toUnits } from '../../server/contract/quant.ts';
import type { GridMode } from '../../server/contract/quant-grid.ts';
import { createDesks, verifyLedger, type DeskEvent, type LocalDesks, type LimitRequest, type Reply } from '../../server/desks/index.ts';
import type { StartBotRequest } from '../../server/desks/spot/bots.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { DEMO_BASES } from '../../server/store/migrations/0002_markets.ts';
import { mulberry32 } from '../tools/random.ts';

const E8 = 100_000_000n;
const IN_FLIGHT = 256;
const CHUNKS = 8;
const LOAD_USERS = 240;
const FIRST_LOAD_USER = 20_000_001;
const FIRST_BOT_USER = 30_000_001;
const LP = 19_999_999;
/** What each load user holds of USDT, and of each coin its worth in USDT at the start price. */
const LOAD_FUNDS_USDT = 2_000_000n;
/** The walk: ± this share of the start price (bps), one full wave every this many commands in the market, ± noise (bps). */
const WALK_BPS = 250;
const WAVE_COMMANDS = 4_000;
const NOISE_BPS = 10;
const GRID_USDT = 25n;
/** Makers rest 1 to MAKER_BPS from the walking price; takers reach TAKER_BPS through it. */
const MAKER_BPS = 20;
const TAKER_BPS = 5;

/** The price the bench starts each demo market at (USDT). */
const START_PRICES: Readonly<Record<string, string>> = {
  BTC: '60000', ETH: '3000', SOL: '150', BNB: '600', XRP: '0.6', DOGE: '0.15', ADA: '0.45', TRX: '0.12', LTC: '80', DOT: '7', LINK: '15', AVAX: '30',
};

/** A demo market as the store has it (migrations 0002/0003; units of 10^-8) and its start price. */
interface Market {
  readonly symbol: string;
  readonly base: string;
  /** Start price, units of 10^-8 USDT a coin, and the same as text. */
  readonly price: bigint;
  readonly priceText: string;
  readonly tick: bigint;
  readonly lot: bigint;
  /** Quote units an order must be worth at least: the market's minimum notional and a margin. */
  readonly minQuote: bigint;
}

/** The demo's USDT spot markets from a fresh store's migrations, in their order. */
async function demoMarkets(store: Store): Promise<Market[]> {
  const configs = (await store.markets.configs('spot')).filter((c) => c.quote === 'USDT' && DEMO_BASES.includes(c.base));
  if (configs.length !== DEMO_BASES.length) throw new Error(`the store has ${configs.length} of the ${DEMO_BASES.length} demo USDT markets`);
  return configs.sort((x, y) => x.sort - y.sort).map((c) => {
    const priceText = START_PRICES[c.base];
    if (priceText === undefined) throw new Error(`no start price for ${c.symbol}`);
    return { symbol: c.symbol, base: c.base, price: toUnits(priceText), priceText, tick: c.tickSize, lot: c.lotSize, minQuote: (c.minNotional * 6n) / 5n };
  });
}

export interface QuantBenchOptions {
  readonly bots: number;
  readonly commands: number;
  readonly dialect: 'sqlite' | 'postgres';
}

interface RunFigures {
  readonly ms: number;
  readonly cpuMs: number;
  readonly commands: number;
  readonly refused: Record<string, number>;
  readonly takerFills: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  /** Orders the window wrote (the load's and, in A, the bots' counter orders). */
  readonly ordersPlaced: number;
  /** How far the window's trades went from each market's start price, lowest and highest, averaged over the markets (bps). */
  readonly lowBps: number;
  readonly highBps: number;
}

export interface QuantFigures {
  readonly node: string;
  readonly dialect: string;
  readonly bots: number;
  readonly botUsers: number;
  readonly commands: number;
  readonly setupMs: number;
  readonly startMs: number;
  readonly botOrders: number;
  readonly initialBuys: number;
  readonly withBots: RunFigures;
  readonly withoutBots: RunFigures;
  readonly botFills: number;
  readonly counterOrders: number;
  readonly rounds: number;
  readonly botsWithFills: number;
  readonly peakRss: number;
}

/** A price in units to the nearest tick (halves up), never under one tick. */
const onTick = (v: bigint, tick: bigint): bigint => {
  const t = ((v + tick / 2n) / tick) * tick;
  return t < tick ? tick : t;
};
/** A quantity worth `quote` units at `price`, on the lot (rounded up), and worth at least the market's minimum. */
const qtyFor = (m: Market, quote: bigint, price: bigint): bigint => {
  const min = (m.minQuote * E8 + price - 1n) / price;
  const raw = (quote * E8) / price;
  return (((raw > min ? raw : min) + m.lot - 1n) / m.lot) * m.lot;
};

interface BotSpec {
  readonly user: number;
  readonly market: number;
  readonly lower: bigint;
  readonly upper: bigint;
  readonly grids: number;
  readonly mode: GridMode;
  readonly investment: bigint;
}

/** The bots, seeded: market round robin, users of 20 bots each (the per-user limit). */
function botSpecs(markets: readonly Market[], n: number): BotSpec[] {
  const rnd = mulberry32(24);
  const out: BotSpec[] = [];
  for (let i = 0; i < n; i++) {
    const market = i % markets.length;
    const m = markets[market]!;
    const p = m.price;
    const below = BigInt(100 + Math.floor(rnd() * 201)); // 1.00 % to 3.00 %, in bps
    const above = BigInt(100 + Math.floor(rnd() * 201));
    const grids = 5 + Math.floor(rnd() * 16);
    out.push({
      user: FIRST_BOT_USER + Math.floor(i / QUANT_MAX_RUNNING), market, grids, mode: rnd() < 0.5 ? 'arithmetic' : 'geometric',
      lower: onTick((p * (10_000n - below)) / 10_000n, m.tick), upper: onTick((p * (10_000n + above)) / 10_000n, m.tick), investment: BigInt(grids) * GRID_USDT * E8,
    });
  }
  return out;
}

/** The timed load, seeded: the same requests for both stores. */
function loadCommands(markets: readonly Market[], n: number): LimitRequest[] {
  const rnd = mulberry32(2024);
  const seen = new Array<number>(markets.length).fill(0);
  const out: LimitRequest[] = [];
  for (let i = 0; i < n; i++) {
    const mi = Math.floor(rnd() * markets.length);
    const m = markets[mi]!;
    const k = seen[mi]!++;
    // Triangle wave in [−1, 1], starting at 0 and going up.
    const x = (k / WAVE_COMMANDS + 0.25) % 1;
    const tri = 1 - 4 * Math.abs(x - 0.5);
    const bps = Math.round(tri * WALK_BPS + (rnd() * 2 - 1) * NOISE_BPS);
    const mid = (m.price * BigInt(10_000 + bps)) / 10_000n;
    const user = FIRST_LOAD_USER + Math.floor(rnd() * LOAD_USERS);
    const side = rnd() < 0.5 ? 'buy' : 'sell';
    const maker = rnd() < 0.55;
    // Makers rest on their side of the walking price, takers reach through it.
    const offset = BigInt(maker ? 1 + Math.floor(rnd() * MAKER_BPS) : TAKER_BPS); // bps
    const sign = (side === 'buy') === maker ? -1n : 1n;
    const price = onTick((mid * (10_000n + sign * offset)) / 10_000n, m.tick);
    const usdt = BigInt(maker ? 20 + Math.floor(rnd() * 281) : 50 + Math.floor(rnd() * 1_951)) * E8;
    const qty = qtyFor(m, usdt, price);
    out.push({ type: 'limit', user, symbol: m.symbol, side, price: fromUnits(price), qty: fromUnits(qty), tif: maker ? 'GTC' : 'IOC' });
  }
  return out;
}

/** Sends `count` commands with at most `inFlight` outstanding; `each` sees every reply and its latency (ms). */
async function pool<T>(count: number, inFlight: number, send: (i: number) => Promise<Reply<T>>, each?: (i: number, r: Reply<T>, ms: number) => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t = performance.now();
      const r = await send(i);
      each?.(i, r, performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
}

const must = <T>(what: string) => (_i: number, r: Reply<T>) => {
  if (!r.ok) throw new Error(`${what}: refused ${r.code}`);
};

interface Side {
  readonly name: string;
  readonly store: Store;
  readonly desks: LocalDesks;
  readonly close: () => Promise<void>;
}

async function openSide(name: string, o: QuantBenchOptions): Promise<Side> {
  const url = process.env['DATABASE_URL'];
  let store: Store;
  let drop: () => Promise<void>;
  if (o.dialect === 'postgres') {
    if (!url) throw new Error('--quant-dialect=postgres needs DATABASE_URL');
    // Lower case: the search_path option folds an unquoted name to it.
    const schema = `bench_quant_${process.pid}_${name.toLowerCase()}`;
    const admin = await createStore({ databaseUrl: url });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    await sql`create schema ${sql.id(schema)}`.execute(admin.db);
    await admin.close();
    const u = new URL(url);
    u.searchParams.set('options', `-c search_path=${schema}`);
    drop = async () => {
      const cleanup = await createStore({ databaseUrl: url });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
    };
    store = await createStore({ databaseUrl: u.toString() }).catch(async (e: unknown) => {
      await drop();
      throw e;
    });
  } else {
    const dir = mkdtempSync(join(tmpdir(), `openex-quant-bench-${name}-`));
    drop = async () => rmSync(dir, { recursive: true, force: true });
    store = await createStore({ dataDir: dir }).catch(async (e: unknown) => {
      await drop();
      throw e;
    });
  }
  const bus = createInProcessBus<DeskEvent>();
  const desks = await createDesks({ store, bus }).catch(async (e: unknown) => {
    await bus.close();
    await store.close();
    await drop();
    throw e;
  });
  return {
    name, store, desks,
    close: async () => {
      await desks.close();
      await bus.close();
      await store.close();
      await drop();
    },
  };
}

/** Funds the users, prints a price in each market and rests the liquidity provider's asks. */
async function prepare(side: Side, markets: readonly Market[], specs: readonly BotSpec[]): Promise<void> {
  const spot = side.desks.spot;
  const credits: Array<{ user: number; asset: string; amount: bigint }> = [];
  for (let u = 0; u < LOAD_USERS; u++) {
    credits.push({ user: FIRST_LOAD_USER + u, asset: 'USDT', amount: LOAD_FUNDS_USDT * E8 });
    for (const m of markets) credits.push({ user: FIRST_LOAD_USER + u, asset: m.base, amount: qtyFor(m, LOAD_FUNDS_USDT * E8, m.price) });
  }
  // The liquidity provider: per market, a coin's worth of the market's bots' investments, and a little more.
  const invested = markets.map(() => 0n);
  const perUser = new Map<number, bigint>();
  for (const s of specs) {
    invested[s.market] = invested[s.market]! + s.investment;
    perUser.set(s.user, (perUser.get(s.user) ?? 0n) + s.investment);
  }
  const lpAsk = markets.map((m, i) => qtyFor(m, invested[i]! + 1_000n * E8, m.price));
  markets.forEach((m, i) => credits.push({ user: LP, asset: m.base, amount: lpAsk[i]! * 2n }));
  // Bot users: exactly what their bots put in (only in A: B has no bots, its users are never funded).
  if (side.name === 'A') for (const [user, amount] of perUser) credits.push({ user, asset: 'USDT', amount });
  await pool(credits.length, IN_FLIGHT, (i) => spot.adjust({ user: credits[i]!.user, asset: credits[i]!.asset, amount: fromUnits(credits[i]!.amount), action: 'credit', memo: 'bench' }), must('credit'));

  // Per market, in order: the price printed (the provider sells to a load user), then the provider's ask a tick over it.
  await pool(markets.length, IN_FLIGHT, async (k): Promise<Reply<unknown>> => {
    const m = markets[k]!;
    const q = fromUnits(qtyFor(m, m.minQuote, m.price));
    const sell = await spot.place({ type: 'limit', user: LP, symbol: m.symbol, side: 'sell', price: m.priceText, qty: q });
    if (!sell.ok) return sell;
    const buy = await spot.place({ type: 'limit', user: FIRST_LOAD_USER, symbol: m.symbol, side: 'buy', price: m.priceText, qty: q });
    if (!buy.ok) return buy;
    if (buy.value.order.status !== 'filled') throw new Error(`${m.symbol}: the price print did not trade`);
    return spot.place({ type: 'limit', user: LP, symbol: m.symbol, side: 'sell', price: fromUnits(m.price + m.tick), qty: fromUnits(lpAsk[k]!) });
  }, must('print'));
}

/** One side's timed figures, summed over its chunks. */
interface Tally {
  ms: number;
  cpuMs: number;
  takerFills: number;
  refused: Map<string, number>;
  latencies: Float64Array;
  done: number;
}

/** Runs load[from, to) on one side; adds to its tally. */
async function chunk(side: Side, load: readonly LimitRequest[], from: number, to: number, t: Tally): Promise<void> {
  const spot = side.desks.spot;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await pool(to - from, IN_FLIGHT, (i) => spot.place(load[from + i]!), (_i, r, ms) => {
    t.latencies[t.done++] = ms;
    if (r.ok) t.takerFills += r.value.fills.length;
    else t.refused.set(r.code, (t.refused.get(r.code) ?? 0) + 1);
  });
  t.ms += performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  t.cpuMs += (cpu.user + cpu.system) / 1000;
}

const quantile = (sorted: Float64Array, q: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!);

async function figures(store: Store, markets: readonly Market[], t: Tally, firstOrder: number): Promise<RunFigures> {
  const sorted = t.latencies.slice(0, t.done).sort();
  // Every trade of the window has its taker placed in the window.
  const spans = await sql<{ symbol: string; low: number | string; high: number | string }>`
    select symbol, min(price) as low, max(price) as high from spot_trades where taker_order > ${firstOrder} group by symbol`.execute(store.db);
  let low = 0;
  let high = 0;
  for (const r of spans.rows) {
    const p = Number(markets.find((m) => m.symbol === r.symbol)!.price);
    low += (Number(r.low) / p - 1) * 10_000;
    high += (Number(r.high) / p - 1) * 10_000;
  }
  const traded = Math.max(1, spans.rows.length);
  return {
    ms: t.ms, cpuMs: t.cpuMs, commands: t.done, refused: Object.fromEntries(t.refused), takerFills: t.takerFills,
    p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), max: sorted.length === 0 ? NaN : sorted[sorted.length - 1]!,
    ordersPlaced: await ordersSince(store, firstOrder, false), lowBps: low / traded, highBps: high / traded,
  };
}

async function ordersSince(store: Store, after: number, botsOnly: boolean): Promise<number> {
  const q = botsOnly
    ? sql<{ n: number | string }>`select count(*) as n from spot_orders where id > ${after} and strategy_type = ${QUANT_STRATEGY_TYPE}`
    : sql<{ n: number | string }>`select count(*) as n from spot_orders where id > ${after}`;
  return Number((await q.execute(store.db)).rows[0]?.n ?? 0);
}

async function botTotals(desks: LocalDesks, ids: readonly number[]): Promise<{ fills: number; rounds: number; open: number; withFills: number; running: number }> {
  const views = await desks.spot.runningViews(ids);
  let fills = 0;
  let rounds = 0;
  let open = 0;
  let withFills = 0;
  for (const v of views.values()) {
    fills += v.fills;
    rounds += v.rounds;
    open += v.openOrders;
    if (v.fills > 0) withFills++;
  }
  return { fills, rounds, open, withFills, running: views.size };
}

export async function quantBench(o: QuantBenchOptions): Promise<QuantFigures> {
  const sides: Side[] = [];
  try {
    const s0 = performance.now();
    const a = await openSide('A', o);
    sides.push(a);
    const b = await openSide('B', o);
    sides.push(b);
    const markets = await demoMarkets(a.store);
    const specs = botSpecs(markets, o.bots);
    const load = loadCommands(markets, o.commands);
    await prepare(a, markets, specs);
    await prepare(b, markets, specs);
    const setupMs = performance.now() - s0;

    // The bots, in A only.
    const ids: number[] = [];
    const m0 = performance.now();
    await pool(specs.length, IN_FLIGHT, (i) => {
      const s = specs[i]!;
      const req: StartBotRequest = {
        user: s.user, kind: 'grid', symbol: markets[s.market]!.symbol, investment: fromUnits(s.investment),
        grid: { lower: fromUnits(s.lower), upper: fromUnits(s.upper), grids: s.grids, mode: s.mode },
      };
      return a.desks.spot.startBot(req);
    }, (i, r) => {
      if (!r.ok) throw new Error(`bot ${i} (${markets[specs[i]!.market]!.symbol}): refused ${r.code}`);
      ids.push(r.value.id);
    });
    const startMs = performance.now() - m0;
    const started = await botTotals(a.desks, ids);
    const initialBuys = started.fills;
    // The liquidity provider's rest goes in both: B's books are empty now, A's hold the ladders.
    for (const side of sides) {
      const r = await side.desks.spot.cancelAll({ user: LP });
      if (!r.ok) throw new Error(`cancel the liquidity: refused ${r.code}`);
    }

    const before = await botTotals(a.desks, ids);
    const firstA = await a.store.spot.lastOrderId();
    const firstB = await b.store.spot.lastOrderId();
    const tally = (): Tally => ({ ms: 0, cpuMs: 0, takerFills: 0, refused: new Map(), latencies: new Float64Array(o.commands), done: 0 });
    const ta = tally();
    const tb = tally();
    const size = Math.ceil(o.commands / CHUNKS);
    for (let c = 0; c < CHUNKS; c++) {
      const from = c * size;
      const to = Math.min(o.commands, from + size);
      if (from >= to) break;
      const order = c % 2 === 0 ? [[a, ta], [b, tb]] as const : [[b, tb], [a, ta]] as const;
      for (const [side, t] of order) await chunk(side, load, from, to, t);
    }
    const after = await botTotals(a.desks, ids);
    if (after.running !== ids.length) throw new Error(`${ids.length - after.running} bots stopped running during the load`);
    const counterOrders = await ordersSince(a.store, firstA, true);
    const withBots = await figures(a.store, markets, ta, firstA);
    const withoutBots = await figures(b.store, markets, tb, firstB);

    for (const side of sides) {
      const report = await verifyLedger(side.store);
      if (!report.ok) throw new Error(`${side.name}: the ledger does not verify: ${report.problems.slice(0, 5).join('; ')}`);
      await side.desks.spot.checkInvariants();
    }
    return {
      node: `node ${process.version}, ${process.platform}/${process.arch}`, dialect: o.dialect, bots: o.bots, botUsers: new Set(specs.map((s) => s.user)).size,
      commands: o.commands, setupMs, startMs, botOrders: started.open, initialBuys,
      withBots, withoutBots,
      botFills: after.fills - before.fills, counterOrders, rounds: after.rounds - before.rounds, botsWithFills: after.withFills,
      peakRss: process.resourceUsage().maxRSS * 1024,
    };
  } finally {
    for (const side of sides) await side.close().catch((e: unknown) => console.error(`${side.name}: close failed`, e));
  }
}

export function reportQuant(f: QuantFigures): Record<string, unknown> {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const ms = (x: number) => (x < 10 ? x.toFixed(2) : n(x));
  const perSec = (r: RunFigures) => (r.commands / r.ms) * 1000;
  const a = f.withBots;
  const b = f.withoutBots;
  const ratio = perSec(a) / perSec(b);
  const cpuRatio = a.cpuMs / a.commands / (b.cpuMs / b.commands);
  const refused = (r: RunFigures) => (Object.keys(r.refused).length === 0 ? 'none' : Object.entries(r.refused).map(([k, v]) => `${k} ${v}`).join(', '));
  console.log(`\nquant: the spot desk on ${f.dialect} (createDesks, group commit) with ${n(f.bots)} grid bots of ${n(f.botUsers)} users over the 12 demo USDT markets (A) ` +
    `against none (B), the same seeded ${n(f.commands)} orders on both, ${IN_FLIGHT} in flight, ${CHUNKS} chunks alternating A/B; ${f.node}, ` +
    `${os.loadavg()[0]!.toFixed(1)} load on ${os.cpus().length} cores`);
  console.log(`setup (funding, prices, liquidity, both stores; untimed): ${n(f.setupMs)} ms; bot starts: ${n(f.bots)} in ${n(f.startMs)} ms = ${n((f.bots / Math.max(1, f.startMs)) * 1000)}/s, ` +
    `${n(f.botOrders)} resting bot orders, ${n(f.initialBuys)} fills of their first market buys`);
  const row = (name: string, r: RunFigures) =>
    `${name.padEnd(14)}${n(perSec(r)).padStart(10)}${n(r.ms).padStart(10)}${ms(r.p50).padStart(9)}${ms(r.p99).padStart(9)}${ms(r.max).padStart(9)}` +
    `${(r.cpuMs / r.commands * 1000).toFixed(0).padStart(11)}${n(r.takerFills).padStart(13)}${n(r.ordersPlaced).padStart(12)}   ${refused(r)}`;
  console.log(`${'run'.padEnd(14)}${'cmd/s'.padStart(10)}${'ms'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'CPU µs/cmd'.padStart(11)}${'taker fills'.padStart(13)}${'orders'.padStart(12)}   refused`);
  console.log(row('A with bots', a));
  console.log(row('B without', b));
  console.log(`A / B throughput: ${ratio.toFixed(3)}× (CPU per command A / B: ${cpuRatio.toFixed(2)}×); in A the bots filled ${n(f.botFills)} times during the window ` +
    `(${(f.botFills / a.commands).toFixed(2)} a command; ${n((a.cpuMs - (b.cpuMs / b.commands) * a.commands) / Math.max(1, f.botFills) * 1000)} µs of CPU each over B's per-command cost) ` +
    `(${n(f.botsWithFills)} bots have fills), placed ${n(f.counterOrders)} counter orders and finished ${n(f.rounds)} rounds ("orders" counts every order the window wrote, the bots' included)`);
  const span = (r: RunFigures) => `${r.lowBps >= 0 ? '+' : ''}${r.lowBps.toFixed(0)} to ${r.highBps >= 0 ? '+' : ''}${r.highBps.toFixed(0)} bps`;
  console.log(`the window's trade prices against each market's start, lowest to highest, mean over the markets: A ${span(a)}, B ${span(b)} (the walk: ±${WALK_BPS} bps)`);
  console.log(`after: verifyLedger ok and checkInvariants ok on both; peak RSS ${n(f.peakRss / 1024 / 1024)} MB (both stores' desks in one process)`);
  const run = (r: RunFigures) => ({
    commandsPerSec: Math.round(perSec(r)), ms: Math.round(r.ms), p50Ms: Number(r.p50.toFixed(3)), p99Ms: Number(r.p99.toFixed(3)), maxMs: Number(r.max.toFixed(3)),
    cpuUsPerCommand: Math.round((r.cpuMs / r.commands) * 1000), takerFills: r.takerFills, ordersWritten: r.ordersPlaced, refused: r.refused,
    tradeSpanBps: [Math.round(r.lowBps), Math.round(r.highBps)],
  });
  return {
    bench: 'quant', node: f.node, dialect: f.dialect, bots: f.bots, botUsers: f.botUsers, commands: f.commands,
    withBots: run(a), withoutBots: run(b), ratio: Number(ratio.toFixed(3)), cpuRatio: Number(cpuRatio.toFixed(3)),
    botFills: f.botFills, counterOrders: f.counterOrders, rounds: f.rounds, botOrders: f.botOrders, startMs: Math.round(f.startMs), setupMs: Math.round(f.setupMs),
    peakRssMb: Math.round(f.peakRss / 1024 / 1024),
  };
}

/** The options from the command line (shared by run.ts and a run of this file alone). */
export function quantOptions(argv: readonly string[]): QuantBenchOptions {
  const arg = (name: string, fallback: number) => {
    const hit = argv.find((x) => x.startsWith(`--${name}=`));
    const v = hit ? Number(hit.split('=')[1]) : fallback;
    if (!Number.isSafeInteger(v) || v < 0) throw new Error(`--${name}=N: a whole number`);
    return v;
  };
  const dialect = argv.find((x) => x.startsWith('--quant-dialect='))?.split('=')[1] ?? 'sqlite';
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error('--quant-dialect=sqlite|postgres');
  const commands = arg('quant-commands', 200_000);
  if (commands === 0) throw new Error('--quant-commands=N: at least one');
  return { bots: arg('quant-bots', 10_000), commands, dialect };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(reportQuant(await quantBench(quantOptions(process.argv.slice(2))))));
}
