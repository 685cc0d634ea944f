// The child process of crash-quant.test.ts: opens the desks over the store (as the exchange does), starts the grid
// bots (first round; later rounds send the same starts again), then walks each market's price up and down through the grids until it is killed: every
// step a market maker cancels its quotes, sweeps the book to the next price with an IOC order (filling the bots'
// orders on the way, so their counter orders are placed in the same commands), prints a trade at that price and
// quotes around it; the robots get a scheduler tick, and every few steps each robot user starts one more robot.
// Each acknowledged operation is told to the parent on stdout, one line each, written only after the desk answered
// (answered = committed):
//   open                               the desks are open
//   bot <id> <kind> <symbol> <user> <clientId>   a bot started
//   mm <orderId> <filledQty>           a market maker order answered (its filled base, units of 10^-8)
//   fills <json {botId: fills}>        the running bots' fill counters as the desk answered them
//   step <n> <total bot fills>         a step done
//   done                               the step limit or time limit was reached (the parent should have killed it)
// Run by the test only: `node crash-quant-child.ts`, with DATA_DIR, DATABASE_URL, QUANT_ROUND, QUANT_SEED and
// QUANT_ROLES (JSON Roles) in the environment. Bounded: it stops by itself after MAX_STEPS or MAX_MS.
import { fileURLToPath } from 'node:url';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { createDesks, type DeskEvent, type LocalDesks, type Reply } from '../../../server/desks/index.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { money, toAmount } from '../../../server/store/money.ts';
import { mulberry32 } from '../../tools/random.ts';

/** Who does what: users made by the test before the first round. */
export interface Roles {
  /** Each runs one grid per market (GRIDS[k] is run by grid[GRIDS[k].owner]). */
  readonly grid: readonly number[];
  /** Each starts one robot per round, on ROBOT_SYMBOLS[k]. */
  readonly robot: readonly number[];
  /** Sweeps the book and quotes around the price. */
  readonly mm: number;
  /** Rests the sell the market maker's buy prints each step's price with. */
  readonly printer: number;
}

export interface GridSpecForTest {
  readonly owner: number;
  readonly symbol: 'BTCUSDT' | 'ETHUSDT';
  readonly investment: string;
  readonly lower: string;
  readonly upper: string;
  readonly grids: number;
  readonly mode: 'arithmetic' | 'geometric';
}

/** Six grids with different ranges, counts and modes around the printed prices (60 000 and 3 000). */
export const GRIDS: readonly GridSpecForTest[] = [
  { owner: 0, symbol: 'BTCUSDT', investment: '2000', lower: '59000', upper: '61000', grids: 8, mode: 'arithmetic' },
  { owner: 1, symbol: 'BTCUSDT', investment: '3000', lower: '59400', upper: '60600', grids: 12, mode: 'geometric' },
  { owner: 2, symbol: 'BTCUSDT', investment: '1500', lower: '58500', upper: '61500', grids: 6, mode: 'arithmetic' },
  { owner: 0, symbol: 'ETHUSDT', investment: '1500', lower: '2950', upper: '3050', grids: 10, mode: 'arithmetic' },
  { owner: 1, symbol: 'ETHUSDT', investment: '2000', lower: '2900', upper: '3100', grids: 8, mode: 'geometric' },
  { owner: 2, symbol: 'ETHUSDT', investment: '1000', lower: '2970', upper: '3030', grids: 6, mode: 'arithmetic' },
];
export const ROBOT_SYMBOLS = ['BTCUSDT', 'ETHUSDT'] as const;

/** The walk, in cents: between lo and hi, steps of stepMin..stepMax; the sweep's, the print's and the quotes' sizes. */
export const WALK = {
  BTCUSDT: { start: 6_000_000, lo: 5_915_000, hi: 6_085_000, stepMin: 2_000, stepMax: 15_000, spread: 3_000, sweep: '2', print: '0.001', quote: '0.3' },
  ETHUSDT: { start: 300_000, lo: 295_500, hi: 304_500, stepMin: 100, stepMax: 800, spread: 150, sweep: '40', print: '0.01', quote: '5' },
} as const;
export type WalkSymbol = keyof typeof WALK;
export const SYMBOLS = Object.keys(WALK) as WalkSymbol[];

const MAX_STEPS = 3000;
const MAX_MS = 45_000;
const ROBOT_EVERY = 6;

export const cents = (c: number): string => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

/** The last trade's price of a market, in cents (null before any trade). */
export async function lastCents(store: Store, symbol: string): Promise<number | null> {
  const row = await store.db.selectFrom('spot_trades').select(money('price').as('price')).where('symbol', '=', symbol).orderBy('trade_no', 'desc').limit(1).executeTakeFirst();
  return row === undefined ? null : Number(toAmount(row.price) / 1_000_000n);
}

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

function value<T>(what: string, reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`${what}: refused ${reply.code}`);
  return reply.value;
}

/**
 * The market maker's quotes around `c` (cents): a bid and an ask, so robots can buy and sell at the market. Also
 * used by the test to set up the books before the first round.
 */
export async function quote(desks: LocalDesks, roles: Roles, symbol: WalkSymbol, c: number): Promise<void> {
  const w = WALK[symbol];
  value('bid', await desks.spot.place({ type: 'limit', user: roles.mm, symbol, side: 'buy', price: cents(c - w.spread), qty: w.quote }));
  value('ask', await desks.spot.place({ type: 'limit', user: roles.mm, symbol, side: 'sell', price: cents(c + w.spread), qty: w.quote }));
}

/** A trade at exactly `c`: the printer rests a small sell, the market maker takes it (IOC). */
export async function print(desks: LocalDesks, roles: Roles, symbol: WalkSymbol, c: number): Promise<void> {
  const w = WALK[symbol];
  value('print sell', await desks.spot.place({ type: 'limit', user: roles.printer, symbol, side: 'sell', price: cents(c), qty: w.print }));
  value('print buy', await desks.spot.place({ type: 'limit', user: roles.mm, symbol, side: 'buy', price: cents(c), qty: w.print, tif: 'IOC' }));
}

async function main(): Promise<void> {
  const env = process.env;
  const round = Number(env['QUANT_ROUND']);
  const seed = Number(env['QUANT_SEED']);
  const roles = JSON.parse(env['QUANT_ROLES'] ?? '') as Roles;
  const random = mulberry32(seed * 7919 + round);
  const store = await createStore({ dataDir: env['DATA_DIR'], databaseUrl: env['DATABASE_URL'] || undefined });
  const desks = await createDesks({ store, bus: createInProcessBus<DeskEvent>() });
  say('open');

  const price = new Map<WalkSymbol, number>();
  const direction = new Map<WalkSymbol, 1 | -1>();
  for (const s of SYMBOLS) {
    price.set(s, (await lastCents(store, s)) ?? WALK[s].start);
    direction.set(s, random() < 0.5 ? 1 : -1);
  }

  // The grids start in the first round; later rounds send the same starts again (same client ids), which must
  // answer the bots already running, not start new ones (the test counts the grids and their reserves).
  for (const [k, g] of GRIDS.entries()) {
    const user = roles.grid[g.owner]!;
    const clientId = `grid-${k}`;
    const bot = value(`grid ${k}`, await desks.spot.startBot({ user, kind: 'grid', symbol: g.symbol, investment: g.investment, clientId, grid: { lower: g.lower, upper: g.upper, grids: g.grids, mode: g.mode } }));
    say(`bot ${bot.id} grid ${g.symbol} ${user} ${clientId}`);
  }
  /** A robot per robot user, every ROBOT_EVERY steps: robots live a few dozen steps, so kills find some mid-way. */
  const startRobots = async (n: number) => {
    for (const [k, user] of roles.robot.entries()) {
      const symbol = ROBOT_SYMBOLS[k % ROBOT_SYMBOLS.length]!;
      const clientId = `robot-${round}-${k}-${n}`;
      const bot = value(`robot ${clientId}`, await desks.spot.startBot({ user, kind: 'robot', symbol, investment: '80', clientId, robot: { durationS: 60, takeProfitBps: 50, stopLossBps: 50 } }));
      say(`bot ${bot.id} robot ${symbol} ${user} ${clientId}`);
    }
  };

  const step = async (symbol: WalkSymbol): Promise<void> => {
    const w = WALK[symbol];
    const from = price.get(symbol)!;
    let dir = direction.get(symbol)!;
    if (random() < 0.08) dir = dir === 1 ? -1 : 1;
    let to = from + dir * (w.stepMin + Math.floor(random() * (w.stepMax - w.stepMin)));
    if (to > w.hi || to < w.lo) {
      dir = dir === 1 ? -1 : 1;
      to = from + dir * (w.stepMin + Math.floor(random() * (w.stepMax - w.stepMin)));
    }
    price.set(symbol, to);
    direction.set(symbol, dir);
    // The market maker's own quotes would stop its sweep (self-trade prevention): gone first.
    value('cancel', await desks.spot.cancelAll({ user: roles.mm, symbol }));
    const sweep = value('sweep', await desks.spot.place({ type: 'limit', user: roles.mm, symbol, side: dir === 1 ? 'buy' : 'sell', price: cents(to), qty: w.sweep, tif: 'IOC' }));
    say(`mm ${sweep.order.orderId} ${sweep.order.filledQty}`);
    value('cancel printer', await desks.spot.cancelAll({ user: roles.printer, symbol }));
    await print(desks, roles, symbol, to);
    await quote(desks, roles, symbol, to);
  };

  const started = Date.now();
  for (let n = 1; n <= MAX_STEPS && Date.now() - started < MAX_MS; n++) {
    if (n % ROBOT_EVERY === 1) await startRobots(n);
    await Promise.all(SYMBOLS.map((s) => step(s)));
    const tapes = new Map(SYMBOLS.map((s) => [s, { trades: 1, vwap: cents(price.get(s)!) }]));
    value('tick', await desks.spot.botTick(tapes));
    const ids = (await store.quant.running()).map((r) => r.id);
    const views = await desks.spot.runningViews(ids);
    const fills: Record<number, number> = {};
    let total = 0;
    for (const [id, v] of views) {
      fills[id] = v.fills;
      total += v.fills;
    }
    say(`fills ${JSON.stringify(fills)}`);
    say(`step ${n} ${total}`);
  }
  say('done');
  await desks.close();
  await store.close();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`crash-quant child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
