// Crash test of the quantitative bots (issue 24): SIGKILL while bots trade; after a restart every bot resumes with its
// ladder intact, nothing doubled, nothing lost. A child process (crash-quant-child.ts) opens the desks over the store
// as the exchange does, starts six grid bots (BTCUSDT and ETHUSDT, different ranges, counts and modes around the
// printed price), then walks both prices up and down through the grids (a market maker's IOC sweeps fill the bots'
// orders, so counter orders are placed continuously, each in the command of the fill that caused it), starts robots
// every few steps and ticks them (they buy, rest a take-profit, sell), telling the parent every acknowledged
// operation. The parent kills it with SIGKILL at a seeded moment mid-loop (after some steps and fills), opens the
// desks in this process over the same store, checks everything below, makes the bots trade once more, checks again,
// and starts the next child: ROUNDS kills. At the end every bot is stopped and everything must come back.
//
// What is checked after each kill (and again after the bots traded under the restarted desks):
// 1. The journal verifies (verifyLedger) and the desk's memory agrees with itself (checkInvariants); each user's
//    frozen coin balance is EXACTLY what their open orders hold plus the pockets of their running bots (a sum over
//    the stored rows, not the desk's word).
// 2. Ladder intact: for every running grid, the open orders the store has with strategy_id = bot, the desk's open
//    orders with that strategyId and the order ids its stored row lists (grid.orders) are the same set; each sits
//    at its row's level price; no two share a level; never more than `grids` of them; and the ladder keeps its gap:
//    every buy at least two levels under every sell. (It starts so: buys under the level nearest the price, sells
//    over it, that level empty. A bot's buys fill highest first and its sells lowest first, so a whole fill at level
//    i is the highest buy or the lowest sell and its counter at i ± 1 lands on the empty level, leaving i empty: the
//    gap moves, it never closes. A counter on a taken level, a doubled level, can only come from a broken gap.)
//    A robot's open orders are exactly its row's take-profit sell; one queued or capturing has no order at all.
// 3. Nothing doubled, nothing lost. Each grid starts with `grids` placement attempts (every level but the one nearest
//    the price); each whole fill of one of its limit orders makes exactly one more (its counter one level away:
//    a sell is never at level 0 and a buy never at the top level, so no fill falls off the ladder's ends); each
//    attempt either places a limit order or is counted in the row's `skipped`; a running grid never cancels one.
//    So, exactly:   limit orders + skipped = grids + whole-filled limit orders   (and none closed unfilled),
//    i.e. open ladder orders + skipped = grids. A counter placed twice (a fill applied again after the restart),
//    or a fill committed without its counter (or the reverse), breaks it by one. A grid has at most one market
//    order (its first buy) while running; a robot one market buy, one take-profit sell, one market sell that
//    traded. The row's fill counter equals its fills in spot_trades, and is at least what the child last saw
//    acknowledged; its bought/sold/fee counters equal the sums of those fills.
// 4. The pocket reconciles with the fills, to the unit (quote q, base b):
//      Σ sell q − Σ sell fee − Σ buy q = pocketQuote + open buy reservations − investment
//      Σ buy b − Σ buy fee − Σ sell b  = pocketBase + open sell base
//    (an ended bot: with what it gave back in place of pocket + open orders); and the journal agrees with the row:
//    the frozen-side postings under reference quant:<bot> add up to its pocket per asset (zero once ended), with
//    one quant.reserve each. The desk's view of each running bot (desks.spot.bot) shows the same pocket and orders.
// 5. Acknowledged work survived: every bot the child saw started, every market maker order it saw answered (with
//    its fills); each later child sends the grids' starts again with their client ids and gets the same bots (one
//    reserve each, six grids in all); and after the restart the bots keep trading: a sweep through the best bot
//    order fills it and its counter order appears one level away, open in the desk and listed in the row.
// CRASH_SEED=n replays one run's kill moments. On SQLite always, on PostgreSQL when DATABASE_URL or CI is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../server/accounts/identity.ts';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { fromUnits, QUANT_STRATEGY_TYPE, toUnits } from '../../../server/contract/quant.ts';
import { createDesks, verifyLedger, type DeskEvent, type LocalDesks, type Reply } from '../../../server/desks/index.ts';
import { botFromRow, type BotMemory } from '../../../server/desks/spot/bot-memory.ts';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { baseAmount, notional, type Market, type Price, type Qty } from '../../../server/kernel/index.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { money, toAmount } from '../../../server/store/money.ts';
import { mulberry32 } from '../../tools/random.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { GRIDS, lastCents, print, quote, SYMBOLS, WALK, type Roles } from './crash-quant-child.ts';
import { REPO, type Where } from './server-process.ts';

const SEED = Number(process.env['CRASH_SEED'] ?? 20261224);
const ROUNDS = 3;
const CHILD = join(REPO, 'test/server/reliability/crash-quant-child.ts');
/** Longest a child may take to reach its kill point (start-up included). */
const ROUND_LIMIT_MS = 40_000;
const OPEN = new Set(['new', 'partially_filled']);

interface Acked {
  bots: Map<number, { kind: string; symbol: string; user: number; clientId: string }>;
  /** Market maker order id → its filled base when answered (units). */
  mm: Map<number, bigint>;
  /** Bot id → the largest fill counter the child saw answered. */
  fills: Map<number, number>;
  /** Client ids whose repeated start answered another bot than the first (must stay empty). */
  conflicts: string[];
}

interface OrderRow {
  id: number;
  user: number;
  symbol: string;
  side: 'buy' | 'sell';
  kind: string;
  status: string;
  strategyId: number | null;
  strategyType: number | null;
  price: bigint | null;
  openQty: bigint;
  filledQty: bigint;
}

function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`refused: ${reply.code}`);
  return reply.value;
}

const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x));
const sum = (xs: Iterable<bigint>) => [...xs].reduce((a, b) => a + b, 0n);

/** The child, its stdout read line by line into `acked`; stderr to a log file. */
function spawnChild(where: Where, roles: Roles, round: number, acked: Acked, onStep: (n: number, fills: number) => void) {
  const log = join(where.dataDir, `quant-child-${round}.log`);
  const fd = openSync(log, 'a');
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: where.dataDir, QUANT_ROUND: String(round), QUANT_SEED: String(SEED), QUANT_ROLES: JSON.stringify(roles), LOG_LEVEL: 'warn' };
  delete env['DATABASE_URL'];
  delete env['NODE_OPTIONS'];
  delete env['VITEST'];
  if (where.databaseUrl) env['DATABASE_URL'] = where.databaseUrl;
  const child: ChildProcess = spawn(process.execPath, [CHILD], { cwd: REPO, env, stdio: ['ignore', 'pipe', fd] });
  closeSync(fd);
  const lines = createInterface({ input: child.stdout! });
  let opened = false;
  let done = false;
  lines.on('line', (line) => {
    const [kind, ...rest] = line.split(' ');
    if (kind === 'open') opened = true;
    else if (kind === 'done') done = true;
    else if (kind === 'bot') {
      const [id, botKind, symbol, user, clientId] = rest;
      // A start sent again with a client id already answered must answer the same bot.
      for (const [known, b] of acked.bots) if (b.user === Number(user) && b.clientId === clientId && known !== Number(id)) acked.conflicts.push(`${clientId}: ${known} then ${id}`);
      acked.bots.set(Number(id), { kind: botKind!, symbol: symbol!, user: Number(user), clientId: clientId! });
    } else if (kind === 'mm') acked.mm.set(Number(rest[0]), toUnits(rest[1]!));
    else if (kind === 'fills') {
      for (const [id, n] of Object.entries(JSON.parse(rest.join(' ')) as Record<string, number>)) acked.fills.set(Number(id), Math.max(acked.fills.get(Number(id)) ?? 0, n));
    } else if (kind === 'step') onStep(Number(rest[0]), Number(rest[1]));
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  // Every line the child wrote before it died has been read once its stdout closed.
  const drained = new Promise<void>((ok) => lines.once('close', ok));
  return { child, exited, drained, log, state: () => ({ opened, done }) };
}

/** Spot orders as stored, the columns the checks need. */
async function orderRows(store: Store): Promise<OrderRow[]> {
  const rows = await store.db
    .selectFrom('spot_orders')
    .select(['id', 'user_id', 'symbol', 'side', 'kind', 'status', 'strategy_id', 'strategy_type', money('price').as('price'), money('open_qty').as('open_qty'), money('filled_qty').as('filled_qty')])
    .execute();
  return rows.map((r) => ({
    id: Number(r.id), user: Number(r.user_id), symbol: r.symbol, side: r.side === 'buy' ? 'buy' : 'sell', kind: r.kind, status: r.status,
    strategyId: r.strategy_id === null ? null : Number(r.strategy_id), strategyType: r.strategy_type === null ? null : Number(r.strategy_type),
    price: r.price === null ? null : toAmount(r.price), openQty: toAmount(r.open_qty), filledQty: toAmount(r.filled_qty),
  }));
}

/** What an open order holds frozen: quote for a buy, base for a sell (exactly as the kernel reserves it). */
function holding(m: Market, o: OrderRow): bigint {
  const lots = Number(o.openQty / m.lotSize) as Qty;
  return o.side === 'buy' ? notional(m, Number(o.price! / m.tickSize) as Price, lots) : baseAmount(m, lots);
}

/** Checks 1–5 of the head comment against the store and the desks opened over it; returns the bots as stored. */
async function checkAll(store: Store, desks: LocalDesks, acked: Acked, label: string): Promise<BotMemory[]> {
  const report = await verifyLedger(store);
  expect(report.problems, label).toEqual([]);
  expect(report.ok, label).toBe(true);
  await desks.spot.checkInvariants();

  const markets = new Map<string, Market>((await store.markets.configs('spot')).map((c) => [c.symbol, kernelMarket(c)]));
  const orders = await orderRows(store);
  const rows = (await store.quant.recent({ statuses: ['running', 'ended'], limit: 10_000 })).rows;
  const bots = rows.map(botFromRow).sort((a, b) => a.id - b.id);
  const byId = new Map(bots.map((b) => [b.id, b]));
  expect((await store.quant.running()).map((r) => r.id), `${label}: running bots`).toEqual(bots.filter((b) => b.status === 'running').map((b) => b.id));

  // 5. Every acknowledged bot is there, as started; no client id made two bots; every acknowledged sweep is there.
  for (const [id, a] of acked.bots) {
    const b = byId.get(id);
    expect(b, `${label}: acknowledged bot ${id}`).toBeDefined();
    expect([b?.kind, b?.symbol, b?.user, b?.clientId], `${label}: bot ${id}`).toEqual([a.kind, a.symbol, a.user, a.clientId]);
  }
  expect(acked.conflicts, `${label}: repeated starts`).toEqual([]);
  const clientIds = bots.map((b) => `${b.user}:${b.clientId}`);
  expect(new Set(clientIds).size, `${label}: client ids`).toBe(clientIds.length);
  expect(bots.filter((b) => b.kind === 'grid')).toHaveLength(GRIDS.length);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  for (const [id, filled] of acked.mm) {
    const o = orderById.get(id);
    expect(o, `${label}: acknowledged market maker order ${id}`).toBeDefined();
    expect(o!.filledQty, `${label}: order ${id} filled`).toBe(filled);
  }

  // 1. Frozen balances: exactly the open orders and the running bots' pockets.
  const held = new Map<string, bigint>();
  const add = (key: string, v: bigint) => held.set(key, (held.get(key) ?? 0n) + v);
  for (const o of orders) {
    if (!OPEN.has(o.status)) continue;
    const m = markets.get(o.symbol)!;
    add(`${o.user}:${o.side === 'buy' ? m.quote : m.base}`, holding(m, o));
  }
  for (const b of bots) {
    if (b.status !== 'running') continue;
    const m = markets.get(b.symbol)!;
    add(`${b.user}:${m.base}`, b.pocketBase);
    add(`${b.user}:${m.quote}`, b.pocketQuote);
  }
  const frozen = new Map<string, bigint>();
  for (const w of await store.ledger.walletBalances('coin')) if (w.frozen !== 0n) frozen.set(`${w.user}:${w.asset}`, w.frozen);
  expect(Object.fromEntries(frozen), `${label}: frozen = open orders + pockets`).toEqual(Object.fromEntries([...held].filter(([, v]) => v !== 0n)));

  // The journal under each bot's reference.
  const lines = await store.db
    .selectFrom('ledger_lines as l')
    .innerJoin('ledger_entries as e', (j) => j.onRef('e.desk', '=', 'l.desk').onRef('e.seq', '=', 'l.seq'))
    .select(['e.ref as ref', 'e.reason as reason', 'e.seq as seq', 'l.account as account', 'l.asset as asset', money('l.amount').as('amount')])
    .where('e.desk', '=', 'coin')
    .where('e.ref', 'like', 'quant:%')
    .execute();

  for (const b of bots) {
    const what = `${label}: ${b.kind} ${b.id} (${b.symbol}, user ${b.user})`;
    const m = markets.get(b.symbol)!;
    const mine = orders.filter((o) => o.strategyId === b.id);
    expect(mine.every((o) => o.user === b.user && o.symbol === b.symbol && o.strategyType === QUANT_STRATEGY_TYPE), what).toBe(true);
    const open = mine.filter((o) => OPEN.has(o.status)).sort((x, y) => x.id - y.id);
    const openIds = open.map((o) => o.id);
    const running = b.status === 'running';
    if (!running) expect(openIds, `${what}: ended with open orders`).toEqual([]);

    // 3. Counters, and the fills behind them.
    const fills = await store.quant.fills(b.id, 1_000_000);
    expect(b.fills, `${what}: fill counter vs its trades`).toBe(fills.length);
    expect(b.fills, `${what}: fewer fills than acknowledged`).toBeGreaterThanOrEqual(acked.fills.get(b.id) ?? 0);
    const buys = fills.filter((f) => f.side === 'buy');
    const sells = fills.filter((f) => f.side === 'sell');
    expect(buys.every((f) => f.feeAsset === m.base) && sells.every((f) => f.feeAsset === m.quote), what).toBe(true);
    const bought = { base: sum(buys.map((f) => f.qty)), quote: sum(buys.map((f) => f.quote)), fee: sum(buys.map((f) => f.fee)) };
    const sold = { base: sum(sells.map((f) => f.qty)), quote: sum(sells.map((f) => f.quote)), fee: sum(sells.map((f) => f.fee)) };
    expect([b.boughtBase, b.boughtQuote, b.feeBase, b.soldBase, b.soldQuote, b.feeQuote], `${what}: counters vs fills`).toEqual([
      bought.base, bought.quote, bought.fee, sold.base, sold.quote, sold.fee,
    ]);

    // 4. Pocket + open orders (or what it gave back) against the fills, to the unit.
    const openBuy = sum(open.filter((o) => o.side === 'buy').map((o) => holding(m, o)));
    const openSell = sum(open.filter((o) => o.side === 'sell').map((o) => holding(m, o)));
    const quoteHeld = running ? b.pocketQuote + openBuy : b.returnedQuote;
    const baseHeld = running ? b.pocketBase + openSell : b.returnedBase;
    expect(sold.quote - sold.fee - bought.quote, `${what}: quote side`).toBe(quoteHeld - b.investment);
    expect(bought.base - bought.fee - sold.base, `${what}: base side`).toBe(baseHeld);
    if (!running) expect([b.pocketBase, b.pocketQuote], what).toEqual([0n, 0n]);
    const journal = lines.filter((l) => l.ref === `quant:${b.id}`);
    const frozenBy = (asset: string) => sum(journal.filter((l) => l.asset === asset && l.account.endsWith(':frozen')).map((l) => toAmount(l.amount)));
    expect([frozenBy(m.base), frozenBy(m.quote)], `${what}: journal vs pocket`).toEqual([b.pocketBase, b.pocketQuote]);
    expect(new Set(journal.filter((l) => l.reason === 'quant.reserve').map((l) => l.seq)).size, `${what}: reserves`).toBe(1);

    // 2. The ladder (or the robot's one order): store, row and desk agree.
    if (running) {
      const view = value(await desks.spot.bot(b.id));
      const deskOpen = value(await desks.spot.openOrders(b.user, b.symbol)).filter((o) => o.strategyId === b.id).map((o) => o.orderId).sort((x, y) => x - y);
      expect(deskOpen, `${what}: desk's open orders vs store's`).toEqual(openIds);
      expect([view.status, view.openOrders, toUnits(view.pocketBase), toUnits(view.pocketQuote), toUnits(view.orderBase), toUnits(view.orderQuote)], `${what}: desk view`).toEqual([
        'running', openIds.length, b.pocketBase, b.pocketQuote, openSell, openBuy,
      ]);
    }
    const limits = mine.filter((o) => o.kind === 'limit');
    const markets_ = mine.filter((o) => o.kind === 'market');
    if (b.grid !== null) {
      const g = b.grid;
      const listed = [...g.orders.keys()].sort((x, y) => x - y);
      if (running) expect(listed, `${what}: row's ladder vs open orders`).toEqual(openIds);
      const levels = open.map((o) => g.orders.get(o.id)?.level ?? -1);
      for (const [i, o] of open.entries()) expect(o.price, `${what}: order ${o.id} at level ${levels[i]}`).toBe(g.levels[levels[i]!]);
      expect(new Set(levels).size, `${what}: two orders on one level ${json(levels)}`).toBe(levels.length);
      expect(open.length, what).toBeLessThanOrEqual(g.grids);
      const buyLevels = open.filter((o) => o.side === 'buy').map((o) => g.orders.get(o.id)!.level);
      const sellLevels = open.filter((o) => o.side === 'sell').map((o) => g.orders.get(o.id)!.level);
      if (buyLevels.length > 0 && sellLevels.length > 0) expect(Math.max(...buyLevels), `${what}: the gap, buys ${json(buyLevels)} sells ${json(sellLevels)}`).toBeLessThan(Math.min(...sellLevels) - 1);
      const filled = limits.filter((o) => o.status === 'filled').length;
      const unfilledClosed = limits.filter((o) => o.status === 'canceled' || o.status === 'expired').length;
      if (running) {
        expect(unfilledClosed, `${what}: a running grid's order closed unfilled`).toBe(0);
        expect(limits.length + b.skipped, `${what}: ${limits.length} limit orders, ${filled} filled, ${b.skipped} skipped, ${g.grids} grids`).toBe(g.grids + filled);
        expect(markets_.length, `${what}: market orders`).toBeLessThanOrEqual(1);
      } else {
        // Stopped by its user: what was open was cancelled (it never was otherwise), its base sold at the market.
        expect(unfilledClosed + b.skipped, `${what}: ${limits.length} limit orders, ${filled} filled, ${b.skipped} skipped`).toBe(g.grids);
        expect(markets_.length, `${what}: market orders`).toBeLessThanOrEqual(2);
      }
    } else {
      const r = b.robot!;
      expect(limits.filter((o) => o.side === 'buy'), `${what}: a limit buy`).toHaveLength(0);
      expect(limits.length, `${what}: take-profit sells`).toBeLessThanOrEqual(1);
      expect(markets_.filter((o) => o.side === 'buy').length, `${what}: market buys`).toBeLessThanOrEqual(1);
      expect(markets_.filter((o) => o.side === 'sell' && o.filledQty > 0n).length, `${what}: market sells that traded`).toBeLessThanOrEqual(1);
      if (running) {
        expect(openIds, `${what}: open orders vs the row's take-profit`).toEqual(r.sellOrder === null ? [] : [r.sellOrder]);
        if (r.stage === 'queue' || r.stage === 'capture') expect(mine, `${what}: orders before its buy`).toHaveLength(0);
        if (r.stage === 'buy') expect(markets_.filter((o) => o.side === 'buy' && o.filledQty > 0n), `${what}: its buy`).toHaveLength(1);
      }
    }
  }
  return bots;
}

/**
 * After a restart, on each market: a sweep through the best open order of a running grid (its highest buy, or its
 * lowest sell when it has no buy) fills it, and its counter order appears one level away, open and in the row.
 */
async function tradeOn(store: Store, desks: LocalDesks, roles: Roles, label: string): Promise<number> {
  let counters = 0;
  for (const symbol of SYMBOLS) {
    const grids = (await store.quant.running()).map(botFromRow).filter((b) => b.grid !== null && b.symbol === symbol);
    let best: { bot: BotMemory; orderId: number; side: 'buy' | 'sell'; price: bigint; level: number } | null = null;
    for (const bot of grids) {
      for (const o of value(await desks.spot.openOrders(bot.user, symbol))) {
        if (o.strategyId !== bot.id) continue;
        const price = toUnits(o.price!);
        const better = best === null || (o.side === 'buy' ? best.side === 'sell' || price > best.price : best.side === 'sell' && price < best.price);
        if (better) best = { bot, orderId: o.orderId, side: o.side, price, level: bot.grid!.orders.get(o.orderId)!.level };
      }
    }
    expect(best, `${label}: no open grid order on ${symbol}`).not.toBeNull();
    const t = best!;
    const before = new Set(t.bot.grid!.orders.keys());
    value(await desks.spot.cancelAll({ user: roles.mm, symbol }));
    value(await desks.spot.cancelAll({ user: roles.printer, symbol }));
    const sweep = value(await desks.spot.place({ type: 'limit', user: roles.mm, symbol, side: t.side === 'buy' ? 'sell' : 'buy', price: fromUnits(t.price), qty: WALK[symbol].sweep, tif: 'IOC' }));
    expect(sweep.fills.length, `${label}: the sweep on ${symbol} traded`).toBeGreaterThan(0);
    expect((await store.spot.find(t.orderId))?.status, `${label}: order ${t.orderId} of grid ${t.bot.id}`).toBe('filled');
    const after = botFromRow((await store.quant.byId(t.bot.id))!);
    expect(after.fills, `${label}: grid ${t.bot.id} traded`).toBeGreaterThan(t.bot.fills);
    const counter = [...after.grid!.orders].find(([id, at]) => !before.has(id) && at.level === t.level + (t.side === 'buy' ? 1 : -1));
    expect(counter, `${label}: grid ${t.bot.id}'s counter to order ${t.orderId} (level ${t.level}) in ${json([...after.grid!.orders])}`).toBeDefined();
    const open = value(await desks.spot.openOrders(t.bot.user, symbol)).find((o) => o.orderId === counter![0]);
    expect(open?.side, `${label}: the counter ${counter![0]} is open`).toBe(t.side === 'buy' ? 'sell' : 'buy');
    counters++;
    // Quotes back, for the robots' market orders.
    const c = (await lastCents(store, symbol))!;
    await print(desks, roles, symbol, c);
    await quote(desks, roles, symbol, c);
  }
  // The robots move on under the restarted desks too.
  value(await desks.spot.botTick(new Map(SYMBOLS.map((s) => [s, { trades: 1, vwap: null }]))));
  return counters;
}

describeDialects('quant crash: SIGKILL while bots trade, every bot resumes with its ladder, nothing doubled', (dialect) => {
  let target: Target;
  let where: Where;
  let roles: Roles;
  let scratch: string | undefined;
  const children: Array<{ child: ChildProcess; exited: Promise<unknown> }> = [];
  const at = () => ({ dataDir: where.dataDir, databaseUrl: where.databaseUrl });
  const open = async () => {
    const store = await createStore(at());
    try {
      return { store, desks: await createDesks({ store, bus: createInProcessBus<DeskEvent>() }) };
    } catch (error) {
      await store.close();
      throw error;
    }
  };

  beforeAll(async () => {
    target = await newTarget(dialect);
    if (target.dataDir === undefined) scratch = mkdtempSync(join(tmpdir(), 'openex-crash-quant-'));
    where = { dataDir: target.dataDir ?? scratch ?? '', databaseUrl: target.databaseUrl };
    // Users, their funds, a first price on each market and the market maker's quotes, in this process.
    const { store, desks } = await open();
    try {
      const now = Date.now();
      const user = async (name: string, funds: Record<string, string>) => {
        const id = await store.transaction((tx) => createUser(tx, { email: `${name}@example.com`, phone: null, passwordHash: 'x', referrerId: null, realNameStatus: 'certified', now }));
        for (const [asset, amount] of Object.entries(funds)) value(await desks.byWallet.coin.adjust({ user: id, asset, amount, action: 'credit', memo: 'seed' }));
        return id;
      };
      const grid: number[] = [];
      for (let i = 0; i < 3; i++) grid.push(await user(`quantgrid${i}`, { USDT: '20000' }));
      const robot: number[] = [];
      for (let i = 0; i < 2; i++) robot.push(await user(`quantrobot${i}`, { USDT: '2000' }));
      const mm = await user('quantmm', { USDT: '100000000', BTC: '1000', ETH: '100000' });
      const printer = await user('quantprinter', { USDT: '1000000', BTC: '100', ETH: '10000' });
      roles = { grid, robot, mm, printer };
      for (const s of SYMBOLS) {
        await print(desks, roles, s, WALK[s].start);
        await quote(desks, roles, s, WALK[s].start);
      }
    } finally {
      await desks.close();
      await store.close();
    }
  }, 240_000);

  afterAll(async () => {
    for (const c of children) {
      if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
      await c.exited;
    }
    await target?.dispose();
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
  });

  it('resumes every bot with its ladder after each SIGKILL, doubles and loses nothing, and trades on', async () => {
    const random = mulberry32(SEED);
    const acked: Acked = { bots: new Map(), mm: new Map(), fills: new Map(), conflicts: [] };
    const summary: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Killed after a seeded number of steps (and at least some bot fills) in this round, a seeded moment later.
      const minSteps = 8 + Math.floor(random() * 22);
      const minFills = 10;
      const delay = Math.floor(random() * 40);
      let firstFills: number | null = null;
      let steps = 0;
      let fills = 0;
      let reached: () => void = () => undefined;
      const ready = new Promise<void>((ok) => (reached = ok));
      const spawnedAt = Date.now();
      const c = spawnChild(where, roles, round, acked, (n, total) => {
        steps = n;
        fills = total;
        firstFills ??= total;
        if (n >= minSteps && total - firstFills >= minFills) reached();
      });
      children.push(c);
      const limit = new Promise<'late'>((ok) => setTimeout(() => ok('late'), ROUND_LIMIT_MS).unref());
      const outcome = await Promise.race([ready.then(() => 'ready' as const), c.exited.then(() => 'exited' as const), limit]);
      if (outcome !== 'ready') {
        c.child.kill('SIGKILL');
        await c.exited;
        throw new Error(`round ${round}: the child ${outcome === 'late' ? `was not ready after ${ROUND_LIMIT_MS} ms` : 'exited by itself'} (step ${steps}, ${fills} fills); log:\n${readFileSync(c.log, 'utf8').slice(-4000)}`);
      }
      await new Promise((ok) => setTimeout(ok, delay));
      c.child.kill('SIGKILL');
      const exit = await c.exited;
      await c.drained;
      expect(exit.signal, `round ${round}: ${readFileSync(c.log, 'utf8').slice(-2000)}`).toBe('SIGKILL');
      expect(c.state()).toEqual({ opened: true, done: false });

      const killedAt = Date.now();
      const { store, desks } = await open();
      try {
        const bots = await checkAll(store, desks, acked, `round ${round} after the kill`);
        const runningGrids = bots.filter((b) => b.kind === 'grid' && b.status === 'running');
        expect(runningGrids).toHaveLength(GRIDS.length);
        const counters = await tradeOn(store, desks, roles, `round ${round}`);
        await checkAll(store, desks, acked, `round ${round} after trading on`);
        const robots = bots.filter((b) => b.kind === 'robot' && b.clientId?.startsWith(`robot-${round}-`));
        summary.push(
          `round ${round}: killed at step ${steps} (+${delay} ms) ${killedAt - spawnedAt} ms after the spawn, ${fills} bot fills acknowledged; grid orders ${runningGrids.map((b) => b.grid!.orders.size).join('/')}, ` +
            `skipped ${runningGrids.map((b) => b.skipped).join('/')}; checked in ${Date.now() - killedAt} ms; this round's robots ${json(Object.fromEntries(['queue', 'capture', 'buy', 'take_profit', 'stop_loss', 'no_fill'].map((k) => [k, robots.filter((b) => (b.endReason ?? b.robot!.stage) === k).length]).filter(([, n]) => n !== 0)))}; ${counters} counters after the restart`,
        );
        if (round === ROUNDS) {
          // Everything back: each bot stopped (a grid selling its base) against fresh quotes.
          for (const s of SYMBOLS) {
            value(await desks.spot.cancelAll({ user: roles.mm, symbol: s }));
            await quote(desks, roles, s, (await lastCents(store, s))!);
          }
          for (const b of (await store.quant.running()).map(botFromRow)) {
            const v = value(await desks.spot.stopBot({ user: b.user, botId: b.id, sellBase: true }));
            expect([v.status, v.pocketBase, v.pocketQuote, v.openOrders]).toEqual(['ended', '0', '0', 0]);
          }
          expect(await store.quant.running()).toEqual([]);
          const ended = await checkAll(store, desks, acked, 'after every bot stopped');
          const botUsers = new Set([...roles.grid, ...roles.robot]);
          for (const w of await store.ledger.walletBalances('coin')) if (botUsers.has(w.user)) expect(w.frozen, `user ${w.user} ${w.asset}`).toBe(0n);
          summary.push(`stopped: ${ended.filter((b) => b.kind === 'grid').map((b) => `${b.rounds} rounds`).join(', ')}; ${ended.length} bots in all`);
        }
      } finally {
        await desks.close();
        await store.close();
      }
    }
    console.info(`quant crash [${dialect}] seed ${SEED}:\n  ${summary.join('\n  ')}`);
  }, 180_000);
});
