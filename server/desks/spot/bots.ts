// Quantitative bots inside the spot desk (issue 24; contract/quant.ts says what they are). A bot trades with
// ordinary spot orders under its user's account, tagged strategyId = bot id and strategyType = QUANT_STRATEGY_TYPE,
// and only with its pocket: funds the user set aside when it started, held in the user's coin frozen balance.
//
// Money, to the unit, in the journal (reference quant:<bot>):
//   quant.reserve   the investment, available → frozen, into the pocket (the user's record: quant_reserve);
//   quant.use       what one of its orders needs, frozen → available, out of the pocket, just before the order
//                   freezes it again (order.freeze): the pocket pays for the bot's orders and nothing else does;
//   quant.keep      what its orders received (a fill's proceeds after the fee, a buy's price improvement) or got
//                   back (a cancel, the unfilled rest), available → frozen, into the pocket, in the command that
//                   credited it;
//   quant.release   everything in the pocket back to available when it ends (the user's record: quant_release).
// So a bot never spends a unit the user did not give it, and the user's other orders never spend the bot's.
//
// The grid's ladder reacts inside the command whose trade filled one of its orders (as conditional orders fire):
// a filled buy at level i places a sell of `sellQty` at level i + 1, a filled sell at level j a buy of `buyQty` at
// level j − 1. Both are committed with the trade, or neither is, so a crash can neither lose nor double one, and a
// restart finds every bot with its ladder as committed (its row is written with its orders).
//
// The robot moves on scheduler ticks (applyBotTick: the jobs' quant runner sends one every 250 ms with the markets'
// recent trades): queued → prices captured (at most ROBOT_TURNS_PER_TICK robots per tick, in the order they came)
// → bought at the market with its whole pocket → a take-profit limit sell rests; the last price at or under its stop,
// or its time limit, sells the rest at the market → ended, everything back to available.
import { Code, notional, type Asset, type FeeRates, type OrderId, type Qty, type SpotEvent, type UserId, userAccount } from '../../kernel/index.ts';
import { gridLevels, planGrid, type GridMode } from '../../contract/quant-grid.ts';
import {
  fromUnits, QUANT_MAX_RUNNING, QUANT_STRATEGY_TYPE, ROBOT_BPS_MAX, ROBOT_BPS_MIN, ROBOT_DURATION_MAX_S, ROBOT_DURATION_MIN_S, toUnits,
  type QuantBotView, type QuantEndReason, type QuantKind, type RobotStageView,
} from '../../contract/quant.ts';
import type { QuantBotRow } from '../../store/quant.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { topics } from '../events.ts';
import { addRecords } from '../records.ts';
import { botFromRow, botRow, botView, type BotMemory, type OpenHoldings } from './bot-memory.ts';
import { placeBuilt } from './commands.ts';
import type { SpotMarket } from './market.ts';
import type { LiveOrder } from './orders.ts';
import { placeCommand, tradable, type PlaceRequest } from './requests.ts';
import { settle } from './settle.ts';
import { clientKey, isBotOrder, type SpotBatch, type SpotState } from './state.ts';

/** Robots the scheduler takes from the queue per tick. */
export const ROBOT_TURNS_PER_TICK = 20;
/** A robot that finds no price to capture for this long ends without trading. */
export const ROBOT_QUEUE_LIMIT_MS = 60_000;
const SCALE = 100_000_000n;

export interface BotContext {
  /** A user's fee rates (the desk's). */
  readonly fees: (user: UserId) => FeeRates;
  /** The operator's minimum investment per kind, in quote units. */
  readonly minInvestment: (kind: QuantKind) => bigint;
}

export interface StartBotRequest {
  readonly user: number;
  readonly kind: QuantKind;
  readonly symbol: string;
  readonly investment: string;
  readonly clientId?: string | undefined;
  readonly robot?: { readonly durationS: number; readonly takeProfitBps: number; readonly stopLossBps: number } | undefined;
  readonly grid?: { readonly lower: string; readonly upper: string; readonly grids: number; readonly mode: GridMode } | undefined;
}

export interface StopBotRequest {
  /** The bot's user; null for an operator's stop. */
  readonly user: number | null;
  readonly botId: number;
  /** Grid: sell the base it holds at the market before giving everything back (a robot always sells). */
  readonly sellBase?: boolean | undefined;
}

/** The recent trades of a market the robot's capture reads: how many, and their volume-weighted price. */
export interface Tape {
  readonly trades: number;
  readonly vwap: string | null;
}

/** Most markets a tick's tapes may name, and most trades a tape may count. */
const MAX_TAPES = 1_000;
const MAX_TAPE_TRADES = 10_000;
const VWAP = /^\d{1,20}(\.\d{1,8})?$/;

/**
 * A tick's tapes checked at the edge (null: malformed): the job reads them from the market data and the tick carries
 * them, so in a cluster they come from the desk's log like any command's input, and what the robots store of them
 * (a capture stage's count and price) is what the log says.
 */
export function parseTapes(x: unknown): ReadonlyMap<string, Tape> | null {
  if (!(x instanceof Map) || x.size > MAX_TAPES) return null;
  const out = new Map<string, Tape>();
  for (const [symbol, tape] of x as Map<unknown, unknown>) {
    if (typeof symbol !== 'string' || symbol.length === 0 || symbol.length > 32) return null;
    if (typeof tape !== 'object' || tape === null) return null;
    const { trades, vwap } = tape as { trades?: unknown; vwap?: unknown };
    if (typeof trades !== 'number' || !Number.isSafeInteger(trades) || trades < 0 || trades > MAX_TAPE_TRADES) return null;
    if (vwap !== null && !(typeof vwap === 'string' && VWAP.test(vwap))) return null;
    out.set(symbol, Object.freeze({ trades, vwap }));
  }
  return out;
}

const botOf = (s: SpotState, o: { strategyType: number | null; strategyId: number | null }): BotMemory | undefined =>
  isBotOrder(o) && o.strategyId !== null ? s.bots.get(o.strategyId) : undefined;

const ref = (b: BotMemory) => `quant:${b.id}`;
const marketKey = (b: { user: number; symbol: string }) => `${b.user}:${b.symbol}`;

/** The bot's open orders and what they hold. */
export function openHoldings(s: SpotState, b: BotMemory): OpenHoldings {
  const m = s.markets.get(b.symbol)!;
  let count = 0;
  let base = 0n;
  let quote = 0n;
  for (const id of botOrderIds(b)) {
    const o = s.orders.get(id as OrderId);
    if (o === undefined || o.price === null) continue;
    count++;
    const held = m.engine.reservation(o.side, o.price, o.open as Qty);
    if (o.side === 'buy') quote += held;
    else base += held;
  }
  return { count, base, quote };
}

function botOrderIds(b: BotMemory): number[] {
  if (b.grid !== null) return [...b.grid.orders.keys()];
  return b.robot?.sellOrder != null ? [b.robot.sellOrder] : [];
}

const lastPrice = (m: SpotMarket): bigint | null => (m.engine.lastPrice > 0 ? BigInt(m.engine.lastPrice) * m.market.tickSize : null);

export function viewOf(s: SpotState, b: BotMemory): QuantBotView {
  const m = s.markets.get(b.symbol)!;
  const open = b.status === 'running' ? openHoldings(s, b) : { count: 0, base: 0n, quote: 0n };
  return botView(b, { base: m.market.base, quote: m.market.quote }, open, lastPrice(m));
}

/** Writes the bot's row into the batch and tells its user (user.<id>.quant). */
function touch(s: SpotState, batch: SpotBatch, b: BotMemory, time: number): void {
  b.updatedAt = time;
  const row = botRow(b);
  batch.bots.set(b.id, row);
  // Until committed, a repeated start with its client id is answered from here (the desk clears it at the commit).
  if (b.clientId !== null) s.pendingBots.set(clientKey(b.user, b.clientId), row);
  s.pendingBotIds.set(b.id, row);
  const topic = topics.userQuant(b.user);
  if (batch.wants(topic)) batch.emit(topic, { type: 'quant', bot: viewOf(s, b) });
}

/** Moves `amount` of `asset` of the bot's user between available and frozen, journaled under the bot. */
function move(s: SpotState, batch: SpotBatch, b: BotMemory, reason: 'quant.reserve' | 'quant.use' | 'quant.keep' | 'quant.release', asset: string, amount: bigint, time: number): boolean {
  if (amount === 0n) return true;
  const available = userAccount(b.user as UserId, 'coin', 'available');
  const frozen = userAccount(b.user as UserId, 'coin', 'frozen');
  const toFrozen = reason === 'quant.reserve' || reason === 'quant.keep';
  const postings = [
    { account: toFrozen ? available : frozen, asset: asset as Asset, amount: -amount as never },
    { account: toFrozen ? frozen : available, asset: asset as Asset, amount: amount as never },
  ];
  const { code, entry } = s.ledger.tryPost(batch, reason, ref(b), time, postings);
  if (code !== Code.OK) return false;
  // The user sees the bot's start and end among their records; its own moves between its orders and its pocket
  // are the bot's business (its orders' records show each trade).
  if (entry && (reason === 'quant.reserve' || reason === 'quant.release')) addRecords(batch, s.ledger.desk, entry, () => (reason === 'quant.reserve' ? 'quant_reserve' : 'quant_release'));
  return true;
}

function pocketAdd(b: BotMemory, m: SpotMarket, asset: string, amount: bigint): void {
  if (asset === m.market.base) b.pocketBase += amount;
  else b.pocketQuote += amount;
}

/** What a placement freezes, from the kernel command placeCommand built. */
function needOf(m: SpotMarket, cmd: Extract<ReturnType<typeof placeCommand>, { ok: true }>['value']): bigint {
  if (cmd.type === 'limit') return m.engine.reservation(cmd.side, cmd.price, cmd.qty);
  if (cmd.type === 'market') {
    if (cmd.by === 'quote') return cmd.side === 'buy' ? cmd.quote : 0n;
    return m.engine.reservation(cmd.side, cmd.bound, cmd.qty);
  }
  return 0n;
}

/**
 * Places one of the bot's orders paid from its pocket; null when the pocket can't pay for it or the market refuses it
 * (nothing changes then). Its fills and its end flow back into the pocket through afterSettle.
 */
function placeForBot(s: SpotState, batch: SpotBatch, b: BotMemory, m: SpotMarket, req: PlaceRequest, ctx: BotContext, time: number): LiveOrder | null {
  if (!tradable(s.markets, m.symbol).ok) return null;
  const full = { ...req, user: b.user, symbol: m.symbol, stp: 'NONE' as const, strategyId: b.id, strategyType: QUANT_STRATEGY_TYPE };
  const cmd = placeCommand(m, full, s.nextOrderId as OrderId, ctx.fees(b.user as UserId), time);
  if (!cmd.ok || (cmd.value.type !== 'limit' && cmd.value.type !== 'market')) return null;
  if (m.engine.check(cmd.value) !== Code.OK) return null;
  const need = needOf(m, cmd.value);
  const asset = cmd.value.side === 'buy' ? m.market.quote : m.market.base;
  const pocket = asset === m.market.base ? b.pocketBase : b.pocketQuote;
  if (need <= 0n || need > pocket) return null;
  if (!move(s, batch, b, 'quant.use', asset, need, time)) return null;
  pocketAdd(b, m, asset, -need);
  const out: { live?: LiveOrder } = {};
  const placed = placeBuilt(s, batch, m, full, cmd.value, time, out);
  if (!placed.ok) {
    move(s, batch, b, 'quant.keep', asset, need, time);
    pocketAdd(b, m, asset, need);
    return null;
  }
  return out.live!;
}

/**
 * At the end of every settlement while bots run: the proceeds and releases of the bots' orders back into their
 * pockets, their counters, and what a filled order leads to (a grid's opposite order, a robot's end).
 */
export function afterSettle(s: SpotState, m: SpotMarket, batch: SpotBatch, events: readonly SpotEvent[], touched: ReadonlySet<LiveOrder>, ctx: BotContext): void {
  let byId: Map<number, LiveOrder> | null = null;
  const orderOf = (id: number): LiveOrder | undefined => {
    byId ??= new Map([...touched].map((o) => [o.id, o]));
    return byId.get(id);
  };
  const gains = new Map<BotMemory, { base: bigint; quote: bigint }>();
  const gain = (b: BotMemory, base: bigint, quote: bigint) => {
    const g = gains.get(b) ?? { base: 0n, quote: 0n };
    g.base += base;
    g.quote += quote;
    gains.set(b, g);
  };
  const filled: Array<[BotMemory, LiveOrder, bigint | null]> = [];
  const time = events[events.length - 1]!.time;
  for (const e of events) {
    if (e.type === 'trade') {
      for (const taker of [true, false]) {
        const o = orderOf(taker ? e.taker : e.maker);
        const b = o === undefined ? undefined : botOf(s, o);
        if (o === undefined || b === undefined) continue;
        const fee = taker ? e.takerFee : e.makerFee;
        b.fills++;
        if (o.side === 'buy') {
          b.boughtBase += e.base;
          b.boughtQuote += e.quote;
          b.feeBase += fee;
          // A taker buy reserved at its limit (or its bound) gets the difference back at each cheaper fill.
          const at = taker ? (o.kind === 'limit' ? o.price : o.quote === null ? o.bound : null) : null;
          const improvement = at === null ? 0n : notional(m.market, at, e.qty) - e.quote;
          gain(b, e.base - fee, improvement);
        } else {
          b.soldBase += e.base;
          b.soldQuote += e.quote;
          b.feeQuote += fee;
          gain(b, 0n, e.quote - fee);
        }
      }
    } else if (e.type === 'closed') {
      const o = orderOf(e.order);
      const b = o === undefined ? undefined : botOf(s, o);
      if (o === undefined || b === undefined) continue;
      for (const p of e.postings) if (p.amount > 0n) gain(b, p.asset === m.market.base ? p.amount : 0n, p.asset === m.market.quote ? p.amount : 0n);
      if (b.grid !== null) {
        const at = b.grid.orders.get(o.id);
        b.grid.orders.delete(o.id);
        // Only a whole fill leads on: a cancelled or expired order's level stays empty (its funds are back).
        if (at !== undefined && o.status === 'filled') filled.push([b, o, at.cost]);
      } else if (b.robot !== null && b.robot.sellOrder === o.id) {
        b.robot.sellOrder = null;
        if (o.status === 'filled') filled.push([b, o, null]);
      }
    }
  }
  for (const [b, g] of gains) {
    // Straight back into the pocket: these amounts were credited to available by this very settlement.
    if (!move(s, batch, b, 'quant.keep', m.market.base, g.base, time) || !move(s, batch, b, 'quant.keep', m.market.quote, g.quote, time)) {
      throw new Error(`bot ${b.id}: its proceeds were not in the available balance they were credited to`);
    }
    b.pocketBase += g.base;
    b.pocketQuote += g.quote;
  }
  for (const [b, o, cost] of filled) {
    if (b.grid !== null) gridFilled(s, batch, b, m, o, cost, ctx, time);
    else robotSold(s, batch, b, m, o, 'take_profit', time);
  }
  for (const b of gains.keys()) if (b.status === 'running') touch(s, batch, b, time);
}

/** A grid order filled: a round finished (a sell after the buy below), and the opposite order one grid away. */
function gridFilled(s: SpotState, batch: SpotBatch, b: BotMemory, m: SpotMarket, o: LiveOrder, cost: bigint | null, ctx: BotContext, time: number): void {
  const g = b.grid!;
  const level = g.levels.findIndex((p) => p === BigInt(o.price!) * m.market.tickSize);
  if (level < 0) throw new Error(`bot ${b.id}: order ${o.id} at no level of its ladder`);
  if (o.side === 'sell') {
    if (cost !== null) {
      b.rounds++;
      b.gridProfit += o.filledQuote - o.fee - cost;
    }
    if (level > 0) gridOrder(s, batch, b, m, 'buy', level - 1, null, ctx, time);
  } else if (level < g.levels.length - 1) {
    gridOrder(s, batch, b, m, 'sell', level + 1, { quote: o.filledQuote, net: BigInt(o.filled) * m.market.lotSize - o.fee }, ctx, time);
  }
}

/**
 * Places the grid's order at `level`. A sell after a buy of the level below carries its round's cost: the buy's quote
 * for the share of the base it delivered (after its fee, in base) that this sell sells; the rest of that base stays
 * in the pocket (valued at the last price, not counted as grid profit). The backtest counts rounds the same way.
 */
function gridOrder(s: SpotState, batch: SpotBatch, b: BotMemory, m: SpotMarket, side: 'buy' | 'sell', level: number, buy: { quote: bigint; net: bigint } | null, ctx: BotContext, time: number): void {
  const g = b.grid!;
  // One order per level: a buy of the ladder that traded at once while it was being placed has already put its sell on
  // the level above, and a second order there would trade with it (the bot with itself).
  for (const o of g.orders.values()) {
    if (o.level === level) {
      b.skipped++;
      return;
    }
  }
  const want = side === 'buy' ? g.buyQty : g.sellQty;
  // Short of a full order (fees and lot rounding), as much as the pocket pays for on the lot, if the market takes it
  // (the backtest, contract/quant-backtest.ts, does the same).
  const lot = m.market.lotSize;
  const afford = side === 'sell' ? b.pocketBase : (b.pocketQuote * SCALE) / g.levels[level]!;
  const have = afford - (afford % lot);
  const qty = have < want ? have : want;
  if (qty <= 0n) {
    b.skipped++;
    return;
  }
  const id = s.nextOrderId;
  // Registered first: if it trades at once, this settlement's afterSettle must know it is the grid's.
  const cost = buy === null ? null : buy.net > 0n ? (buy.quote * qty) / buy.net : buy.quote;
  g.orders.set(id, { level, cost });
  const o = placeForBot(s, batch, b, m, { type: 'limit', user: b.user, symbol: b.symbol, side, price: fromUnits(g.levels[level]!), qty: fromUnits(qty) }, ctx, time);
  if (o === null) {
    g.orders.delete(id);
    b.skipped++;
  }
}

function checkInvestment(text: string): bigint | null {
  if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,8})?$/.test(text)) return null;
  const v = toUnits(text);
  return v > 0n ? v : null;
}

/** A running bot in the desk's indexes (by id, by market and user, by client id, per user). */
function remember(s: SpotState, b: BotMemory): void {
  s.bots.set(b.id, b);
  s.botMarkets.set(marketKey(b), (s.botMarkets.get(marketKey(b)) ?? 0) + 1);
  s.botUsers.set(b.user, (s.botUsers.get(b.user) ?? 0) + 1);
  if (b.clientId !== null) s.botClients.set(clientKey(b.user, b.clientId), b.id);
}

function forget(s: SpotState, b: BotMemory): void {
  s.bots.delete(b.id);
  const down = (map: Map<string | number, number>, key: string | number) => {
    const left = (map.get(key) ?? 1) - 1;
    if (left > 0) map.set(key, left);
    else map.delete(key);
  };
  down(s.botMarkets as Map<string | number, number>, marketKey(b));
  down(s.botUsers as Map<string | number, number>, b.user);
  if (b.clientId !== null) s.botClients.delete(clientKey(b.user, b.clientId));
}

/** Starts a bot: checks everything first, then reserves the investment and (a grid) places its ladder. */
export function applyStartBot(s: SpotState, batch: SpotBatch, req: StartBotRequest, stored: QuantBotRow | undefined, ctx: BotContext, time: number): Reply<QuantBotView> {
  if (req.clientId !== undefined) {
    const key = clientKey(req.user, req.clientId);
    const id = s.botClients.get(key);
    const known = id === undefined ? undefined : s.bots.get(id);
    if (known !== undefined) return accept(viewOf(s, known));
    // Ended in a batch not yet committed (neither running nor in the store yet), or stored.
    const pending = s.pendingBots.get(key) ?? stored;
    if (pending !== undefined) return accept(viewOf(s, botFromRow(pending)));
  }
  if (req.kind !== 'robot' && req.kind !== 'grid') return refuse('quant.kind.invalid');
  const market = tradable(s.markets, req.symbol);
  if (!market.ok) return market;
  const m = market.value;
  const investment = checkInvestment(req.investment);
  if (investment === null) return refuse('quant.investment.invalid');
  if (investment < ctx.minInvestment(req.kind)) return refuse('quant.investment.below.min');
  if ((s.botUsers.get(req.user) ?? 0) >= QUANT_MAX_RUNNING) return refuse('quant.bots.too.many');
  const last = lastPrice(m);
  if (last === null) return refuse('quant.market.no.price');
  const available = s.ledger.balance(userAccount(req.user as UserId, 'coin', 'available'), m.market.quote as Asset);

  let grid: BotMemory['grid'] = null;
  let robot: BotMemory['robot'] = null;
  let plan: ReturnType<typeof planGrid> | null = null;
  if (req.kind === 'grid') {
    const g = req.grid;
    if (g === undefined || !/^\d{1,12}(\.\d{1,8})?$/.test(g.lower) || !/^\d{1,12}(\.\d{1,8})?$/.test(g.upper)) return refuse('quant.grid.range.invalid');
    const levels = gridLevels({ lower: toUnits(g.lower), upper: toUnits(g.upper), grids: g.grids, mode: g.mode, tick: m.market.tickSize });
    if (!levels.ok) return refuse(levels.code);
    const fees = ctx.fees(req.user as UserId);
    plan = planGrid({
      levels: levels.value, price: last, investment, lotSize: m.market.lotSize, minQty: BigInt(m.market.minQty) * m.market.lotSize,
      minNotional: m.market.minNotional, feePpm: Math.max(fees.makerPpm, fees.takerPpm),
    });
    if (!plan.ok) return refuse(plan.code);
    grid = { lower: toUnits(g.lower), upper: toUnits(g.upper), grids: g.grids, mode: g.mode, levels: levels.value, sellQty: plan.value.sellQty, buyQty: plan.value.buyQty, orders: new Map() };
  } else {
    const r = req.robot;
    if (r === undefined || !Number.isSafeInteger(r.durationS) || r.durationS < ROBOT_DURATION_MIN_S || r.durationS > ROBOT_DURATION_MAX_S) return refuse('quant.duration.invalid');
    const bps = (v: number) => Number.isSafeInteger(v) && v >= ROBOT_BPS_MIN && v <= ROBOT_BPS_MAX;
    if (!bps(r.takeProfitBps)) return refuse('quant.take.profit.invalid');
    if (!bps(r.stopLossBps)) return refuse('quant.stop.loss.invalid');
    robot = { durationS: r.durationS, takeProfitBps: r.takeProfitBps, stopLossBps: r.stopLossBps, stage: 'queue', stages: [{ stage: 'start', time }, { stage: 'queue', time }], sellOrder: null, stopPrice: null, deadline: null };
  }
  if (available < investment) return refuseKernel(Code.INSUFFICIENT_FUNDS);

  const b: BotMemory = {
    id: s.nextBotId, user: req.user, clientId: req.clientId ?? null, symbol: m.symbol, kind: req.kind, status: 'running', createdAt: time, updatedAt: time,
    endedAt: null, endReason: null, endPrice: null, investment, pocketBase: 0n, pocketQuote: 0n, fills: 0, boughtBase: 0n, boughtQuote: 0n, soldBase: 0n, soldQuote: 0n,
    feeBase: 0n, feeQuote: 0n, rounds: 0, gridProfit: 0n, returnedBase: 0n, returnedQuote: 0n, skipped: 0, robot, grid,
  };
  // The id is taken only once the reserve is: a refused start stores nothing, and a desk rebuilt from the store
  // numbers the next bot max(id) + 1.
  if (!move(s, batch, b, 'quant.reserve', m.market.quote, investment, time)) return refuseKernel(Code.INSUFFICIENT_FUNDS);
  s.nextBotId++;
  b.pocketQuote = investment;
  remember(s, b);
  if (grid !== null && plan !== null && plan.ok) {
    const p = plan.value;
    // The base its sells need, bought at the market first (bounded by the band around the last price).
    if (p.initialBase > 0n) {
      placeForBot(s, batch, b, m, { type: 'market', user: b.user, symbol: b.symbol, side: 'buy', by: 'base', qty: fromUnits(p.initialBase), reference: fromUnits(last) }, ctx, time);
    }
    for (const i of p.buys) gridOrder(s, batch, b, m, 'buy', i, null, ctx, time);
    for (const i of p.sells) gridOrder(s, batch, b, m, 'sell', i, null, ctx, time);
  }
  touch(s, batch, b, time);
  return accept(viewOf(s, b));
}

/** Cancels the bot's open orders (their funds come back to its pocket through afterSettle). */
function cancelOrders(s: SpotState, batch: SpotBatch, b: BotMemory, m: SpotMarket, time: number): void {
  for (const id of botOrderIds(b).sort((x, y) => x - y)) {
    const o = s.orders.get(id as OrderId);
    if (o === undefined) {
      b.grid?.orders.delete(id);
      continue;
    }
    const events = m.engine.apply({ type: 'cancel', time, user: o.user, order: o.id });
    if (events[0]?.type === 'rejected') throw new Error(`bot ${b.id}: its order ${o.id} could not be cancelled`);
    settle(s, m, batch, events, o.id);
  }
  if (b.robot !== null) b.robot.sellOrder = null;
}

/** Sells the pocket's base at the market (as much as the lot and the book allow). */
function sellAll(s: SpotState, batch: SpotBatch, b: BotMemory, m: SpotMarket, ctx: BotContext, time: number): LiveOrder | null {
  const qty = b.pocketBase - (b.pocketBase % m.market.lotSize);
  const last = lastPrice(m);
  if (qty <= 0n || last === null) return null;
  return placeForBot(s, batch, b, m, { type: 'market', user: b.user, symbol: b.symbol, side: 'sell', by: 'base', qty: fromUnits(qty), reference: fromUnits(last) }, ctx, time);
}

/** Ends the bot: everything in its pocket back to the user's available balance. */
function end(s: SpotState, batch: SpotBatch, b: BotMemory, m: SpotMarket, reason: QuantEndReason, time: number): void {
  if (!move(s, batch, b, 'quant.release', m.market.base, b.pocketBase, time) || !move(s, batch, b, 'quant.release', m.market.quote, b.pocketQuote, time)) {
    throw new Error(`bot ${b.id}: its pocket is not in the frozen balance`);
  }
  b.returnedBase = b.pocketBase;
  b.returnedQuote = b.pocketQuote;
  b.pocketBase = 0n;
  b.pocketQuote = 0n;
  b.status = 'ended';
  b.endedAt = time;
  b.endPrice = lastPrice(m);
  b.endReason = reason;
  if (b.robot !== null) {
    b.robot.stage = 'end';
    b.robot.stages.push({ stage: 'end', time, reason });
  }
  forget(s, b);
  touch(s, batch, b, time);
}

/** A user's (or an operator's) stop: orders cancelled, the base sold if asked (always for a robot), funds back. */
export function applyStopBot(s: SpotState, batch: SpotBatch, req: StopBotRequest, ctx: BotContext, stored: QuantBotRow | undefined, time: number): Reply<QuantBotView> {
  const b = s.bots.get(req.botId);
  if (b === undefined || (req.user !== null && b.user !== req.user)) {
    // Ended: stored, or in a batch not yet committed.
    const row = stored ?? s.pendingBotIds.get(req.botId) ?? batch.bots.get(req.botId);
    if (row !== undefined && (req.user === null || row.user === req.user)) return refuse('quant.bot.ended');
    return refuse('quant.bot.not.found');
  }
  const m = s.markets.get(b.symbol)!;
  cancelOrders(s, batch, b, m, time);
  if (b.robot !== null || req.sellBase === true) {
    const sold = sellAll(s, batch, b, m, ctx, time);
    if (b.robot !== null && sold !== null && sold.filled > 0) recordSell(b, m, sold, req.user === null ? 'operator' : 'user', time);
  }
  end(s, batch, b, m, req.user === null ? 'operator' : 'user', time);
  return accept(viewOf(s, b));
}

const stageOf = (m: SpotMarket, o: LiveOrder, stage: 'buy' | 'sell', time: number): RobotStageView => {
  const qty = BigInt(o.filled) * m.market.lotSize;
  return {
    stage, time, orderId: o.id, qty: fromUnits(qty), quote: fromUnits(o.filledQuote), fee: fromUnits(o.fee), feeAsset: o.side === 'buy' ? m.market.base : m.market.quote,
    price: qty === 0n ? '0' : fromUnits((o.filledQuote * SCALE) / qty),
  };
};

/** The sell stage: everything the robot sold (its take-profit's part fills included), at their average price. */
function recordSell(b: BotMemory, m: SpotMarket, o: LiveOrder, reason: QuantEndReason, time: number): void {
  b.robot!.stage = 'sell';
  const price = b.soldBase === 0n ? '0' : fromUnits((b.soldQuote * SCALE) / b.soldBase);
  b.robot!.stages.push({ stage: 'sell', time, orderId: o.id, qty: fromUnits(b.soldBase), quote: fromUnits(b.soldQuote), fee: fromUnits(b.feeQuote), feeAsset: m.market.quote, price, reason });
}

/** The robot's take-profit sell filled (afterSettle), or it sold at the market: the sell stage, then its end. */
function robotSold(s: SpotState, batch: SpotBatch, b: BotMemory, m: SpotMarket, o: LiveOrder, reason: QuantEndReason, time: number): void {
  recordSell(b, m, o, reason, time);
  // The pocket may keep a base remainder under one lot: it goes back as base.
  end(s, batch, b, m, reason, time);
}

/** One scheduler tick: robots queued, captured or holding move on (see the file's head). Answers how many moved. */
export function applyBotTick(s: SpotState, batch: SpotBatch, tapes: ReadonlyMap<string, Tape>, ctx: BotContext, time: number): Reply<number> {
  let turns = ROBOT_TURNS_PER_TICK;
  let moved = 0;
  for (const b of [...s.bots.values()]) {
    const r = b.robot;
    if (r === null || b.status !== 'running') continue;
    const m = s.markets.get(b.symbol)!;
    const last = lastPrice(m);
    if (r.stage === 'queue') {
      if (turns === 0) continue;
      const ask = m.engine.book.best('sell');
      const bid = m.engine.book.best('buy');
      if (last === null || ask === null || !tradable(s.markets, m.symbol).ok) {
        if (time - b.createdAt >= ROBOT_QUEUE_LIMIT_MS) {
          end(s, batch, b, m, 'no_fill', time);
          moved++;
        }
        continue;
      }
      turns--;
      const tape = tapes.get(b.symbol);
      r.stage = 'capture';
      r.stages.push({
        stage: 'capture', time, bid: bid === null ? undefined : fromUnits(BigInt(bid) * m.market.tickSize), ask: fromUnits(BigInt(ask) * m.market.tickSize),
        last: fromUnits(last), trades: tape?.trades ?? 0, ...(tape?.vwap ? { vwap: tape.vwap } : {}),
      } as RobotStageView);
      touch(s, batch, b, time);
      moved++;
    } else if (r.stage === 'capture') {
      moved++;
      if (last === null) continue;
      const buy = placeForBot(s, batch, b, m, { type: 'market', user: b.user, symbol: b.symbol, side: 'buy', by: 'quote', quote: fromUnits(b.pocketQuote), reference: fromUnits(last) }, ctx, time);
      if (buy === null || buy.filled === 0) {
        end(s, batch, b, m, 'no_fill', time);
        continue;
      }
      const view = stageOf(m, buy, 'buy', time);
      const avg = toUnits(view.price!);
      const tick = m.market.tickSize;
      const tp = (((avg * BigInt(10_000 + r.takeProfitBps)) / 10_000n + tick - 1n) / tick) * tick;
      const stop = (((avg * BigInt(10_000 - r.stopLossBps)) / 10_000n) / tick) * tick;
      r.stage = 'buy';
      r.stopPrice = stop;
      r.deadline = time + r.durationS * 1000;
      const qty = b.pocketBase - (b.pocketBase % m.market.lotSize);
      const sell = qty > 0n ? placeForBot(s, batch, b, m, { type: 'limit', user: b.user, symbol: b.symbol, side: 'sell', price: fromUnits(tp), qty: fromUnits(qty) }, ctx, time) : null;
      r.stages.push({ ...view, takeProfit: fromUnits(tp), stopLoss: fromUnits(stop), deadline: r.deadline });
      if (sell !== null && sell.closedAt === null) r.sellOrder = sell.id;
      else if (sell !== null && sell.status === 'filled') {
        robotSold(s, batch, b, m, sell, 'take_profit', time);
        continue;
      }
      touch(s, batch, b, time);
    } else if (r.stage === 'buy') {
      const stopHit = last !== null && r.stopPrice !== null && last <= r.stopPrice;
      const late = r.deadline !== null && time >= r.deadline;
      if (!stopHit && !late) continue;
      moved++;
      cancelOrders(s, batch, b, m, time);
      const sold = sellAll(s, batch, b, m, ctx, time);
      const reason: QuantEndReason = stopHit ? 'stop_loss' : 'time_limit';
      if (sold !== null && sold.filled > 0) robotSold(s, batch, b, m, sold, reason, time);
      else if (b.pocketBase < m.market.lotSize * BigInt(m.market.minQty)) end(s, batch, b, m, reason, time);
      else touch(s, batch, b, time); // no bids to sell to: tries again next tick
    }
  }
  return accept(moved);
}

/** Puts the running bots back after a restart; throws when a bot's order is gone or its pocket isn't frozen. */
export function restoreBots(s: SpotState, rows: readonly QuantBotRow[]): void {
  for (const row of rows) {
    const b = botFromRow(row);
    if (!s.markets.has(b.symbol)) throw new Error(`bot ${b.id} runs in ${b.symbol}, which is not a spot market`);
    for (const id of botOrderIds(b)) {
      const o = s.orders.get(id as OrderId);
      if (o === undefined || !isBotOrder(o) || o.strategyId !== b.id) throw new Error(`bot ${b.id}: its open order ${id} is not open`);
    }
    remember(s, b);
    s.nextBotId = Math.max(s.nextBotId, b.id + 1);
  }
}

/** Frozen funds the running bots' pockets hold, per `user:asset` (open orders are counted with the orders). */
export function pocketHolds(s: SpotState, user?: number): Map<string, bigint> {
  const held = new Map<string, bigint>();
  for (const b of s.bots.values()) {
    if (user !== undefined && b.user !== user) continue;
    const m = s.markets.get(b.symbol)!.market;
    for (const [asset, amount] of [[m.base, b.pocketBase], [m.quote, b.pocketQuote]] as const) {
      if (amount === 0n) continue;
      const key = `${b.user}:${asset}`;
      held.set(key, (held.get(key) ?? 0n) + amount);
    }
  }
  return held;
}
