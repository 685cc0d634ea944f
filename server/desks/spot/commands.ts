// The spot desk's commands against its memory, run inside the sequencer: place, cancel, cancel-all, replace, and
// the reads that must see exactly the sequenced state (depth snapshots, open orders).
import { type FeeRates, type OrderId, type SpotConditionalCommand, type Price, type Side, type SpotCommand, type SpotEvent, formatPrice, formatQty, type Qty, type UserId } from '../../kernel/index.ts';
import type { SpotOrder } from '../../store/spot.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { orderView, type OrderView } from '../views.ts';
import type { SpotMarket } from './market.ts';
import { toRow, type LiveOrder } from './orders.ts';
import { price, quantity, tradable, placeCommand, type CancelAllRequest, type CancelRequest, type OrderRef, type PlaceRequest, type ReplaceRequest } from './requests.ts';
import { settle, type FillSummary } from './settle.ts';
import { clientKey, isBotOrder, type SpotBatch, type SpotState } from './state.ts';

export interface PlaceResult {
  order: OrderView;
  /** This order's fills in this command (as taker, or as maker after a replace that re-queued it). */
  fills: FillSummary[];
  /** True when the client order id was already used: `order` is that first order, nothing new was placed. */
  duplicate: boolean;
}

export interface DepthSnapshot {
  symbol: string;
  epoch: string;
  /** The book event seq this snapshot reflects: apply only diffs with a higher seq. */
  seq: number;
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
}

/** The order a client id already names (resting, in an uncommitted batch, or from the store), if any. */
export function knownClientOrder(s: SpotState, user: number, clientOrderId: string | undefined): SpotOrder | 'live' | undefined {
  if (clientOrderId === undefined) return undefined;
  const key = clientKey(user, clientOrderId);
  if (s.clientIndex.has(key)) return 'live';
  return s.pendingClient.get(key);
}

function duplicateOf(s: SpotState, req: PlaceRequest, stored: SpotOrder | undefined): OrderView | undefined {
  const known = knownClientOrder(s, req.user, req.clientOrderId);
  if (known === 'live') {
    const o = s.orders.get(s.clientIndex.get(clientKey(req.user, req.clientOrderId!))!)!;
    return orderView(toRow(s.markets.get(o.symbol)!.market, o));
  }
  const row = known ?? stored;
  return row === undefined ? undefined : orderView(row);
}

function liveOrder(m: SpotMarket, req: PlaceRequest, cmd: SpotCommand & { type: 'limit' | 'market' | 'conditional' }, time: number): LiveOrder {
  const strategy = { strategyId: req.strategyId ?? null, strategyType: req.strategyType ?? null };
  if (cmd.type === 'conditional') return conditionalOrder(m.symbol, cmd, req.clientOrderId ?? null, null, time, strategy);
  const limit = cmd.type === 'limit';
  return {
    id: cmd.order, user: cmd.user, symbol: m.symbol, clientOrderId: req.clientOrderId ?? null, side: cmd.side, kind: cmd.type,
    tif: limit ? cmd.tif : 'IOC', postOnly: limit && cmd.postOnly, stp: cmd.stp, makerPpm: cmd.fees.makerPpm, takerPpm: cmd.fees.takerPpm,
    createdAt: time, price: limit ? cmd.price : null, bound: limit ? null : cmd.bound,
    qty: limit ? cmd.qty : cmd.by === 'base' ? cmd.qty : null, quote: !limit && cmd.by === 'quote' ? cmd.quote : null,
    open: 0, resting: false, filled: 0, filledQuote: 0n, fee: 0n, status: 'new', closeCode: null, priority: null, updatedAt: time, closedAt: null,
    condition: null, stopPrice: null, trailingBips: null, trailPrice: null, held: 0n, triggeredAt: null, listId: null, ...strategy, preventedMatchId: null,
  };
}

/** The desk's memory of a conditional order (or an OCO's conditional leg) before the kernel sees it. */
export function conditionalOrder(
  symbol: string,
  cmd: Omit<SpotConditionalCommand, 'type'>,
  clientOrderId: string | null,
  listId: number | null,
  time: number,
  strategy: { readonly strategyId: number | null; readonly strategyType: number | null } = { strategyId: null, strategyType: null },
): LiveOrder {
  return {
    id: cmd.order, user: cmd.user, symbol, clientOrderId, side: cmd.side, kind: cmd.kind, tif: cmd.tif, postOnly: false, stp: cmd.stp,
    makerPpm: cmd.fees.makerPpm, takerPpm: cmd.fees.takerPpm, createdAt: time, price: cmd.price, bound: null, qty: cmd.qty, quote: null,
    open: 0, resting: false, filled: 0, filledQuote: 0n, fee: 0n, status: 'new', closeCode: null, priority: null, updatedAt: time, closedAt: null,
    condition: cmd.condition, stopPrice: cmd.stop, trailingBips: cmd.trailingBips, trailPrice: null, held: 0n, triggeredAt: null, listId,
    strategyId: strategy.strategyId, strategyType: strategy.strategyType, preventedMatchId: null,
  };
}

function rejection(events: readonly SpotEvent[]): Reply<never> | null {
  const first = events[0];
  return first?.type === 'rejected' ? refuseKernel(first.code) : null;
}

export function applyPlace(s: SpotState, b: SpotBatch, req: PlaceRequest, fees: FeeRates, time: number, stored: SpotOrder | undefined): Reply<PlaceResult> {
  const duplicate = duplicateOf(s, req, stored);
  if (duplicate !== undefined) return accept({ order: duplicate, fills: [], duplicate: true });
  const market = tradable(s.markets, req.symbol);
  if (!market.ok) return market;
  const m = market.value;
  const cmd = placeCommand(m, req, s.nextOrderId as OrderId, fees, time);
  if (!cmd.ok) return cmd;
  return placeBuilt(s, b, m, req, cmd.value, time);
}

/** Places a command placeCommand built for `req` under the next order id (applyPlace, and a bot's orders: bots.ts). */
export function placeBuilt(s: SpotState, b: SpotBatch, m: SpotMarket, req: PlaceRequest, cmd: SpotCommand, time: number, out?: { live?: LiveOrder }): Reply<PlaceResult> {
  if (cmd.type !== 'limit' && cmd.type !== 'market' && cmd.type !== 'conditional') throw new Error('placeCommand made a non-placement');
  const id = cmd.order;
  if (id !== s.nextOrderId) throw new Error(`order ${id} is not the next id ${s.nextOrderId}`);
  const live = liveOrder(m, req, cmd, time);
  if (out !== undefined) out.live = live;
  s.orders.set(id, live);
  const events = m.engine.apply(cmd);
  const refused = rejection(events);
  if (refused) {
    s.orders.delete(id);
    // The id stays free: nothing of a refused placement is stored, and a desk rebuilt from the store numbers the
    // next order max(id) + 1, so taking it here would number every later order differently from such a desk.
    return refused;
  }
  // Taken once accepted, before settling: a bot's counter order placed while settling takes the next one.
  s.nextOrderId++;
  const fills = settle(s, m, b, events, id);
  return accept({ order: orderView(b.orders.get(id)!), fills, duplicate: false });
}

/** Binance's order/test: everything a placement checks (market open, grid, rules, trigger), nothing placed. */
export function checkPlace(s: SpotState, req: PlaceRequest, fees: FeeRates, time: number): Reply<true> {
  const market = tradable(s.markets, req.symbol);
  if (!market.ok) return market;
  const m = market.value;
  const cmd = placeCommand(m, req, s.nextOrderId as OrderId, fees, time);
  if (!cmd.ok) return cmd;
  const code = m.engine.check(cmd.value);
  return code === 0 ? accept(true) : refuseKernel(code);
}

function find(s: SpotState, user: number, ref: OrderRef): LiveOrder | undefined {
  const id = 'orderId' in ref ? (ref.orderId as OrderId) : s.clientIndex.get(clientKey(user, ref.clientOrderId));
  const o = id === undefined ? undefined : s.orders.get(id);
  return o?.user === user ? o : undefined;
}

/** Cancels are taken even when the market is closed or under maintenance: users can always get their funds back. */
export function applyCancel(s: SpotState, b: SpotBatch, req: CancelRequest, time: number): Reply<OrderView> {
  const o = find(s, req.user, req);
  if (o === undefined) return refuse('order.not.found');
  if (isBotOrder(o)) return refuse('quant.order.bot.owned');
  const m = s.markets.get(o.symbol)!;
  const events = m.engine.apply({ type: 'cancel', time, user: o.user, order: o.id });
  const refused = rejection(events);
  if (refused) return refused;
  settle(s, m, b, events, o.id);
  return accept(orderView(b.orders.get(o.id)!));
}

export function applyCancelAll(s: SpotState, b: SpotBatch, req: CancelAllRequest, time: number): Reply<OrderView[]> {
  if (req.symbol !== undefined && !s.markets.has(req.symbol)) return refuse('market.unknown');
  const out: OrderView[] = [];
  for (const m of s.markets.values()) {
    if (req.symbol !== undefined && m.symbol !== req.symbol) continue;
    // A bot's orders are the bot's to cancel (its stop): with one running here, the user's own go one by one.
    if (s.botMarkets.has(`${req.user}:${m.symbol}`)) {
      const own = [...s.orders.values()].filter((o) => o.user === req.user && o.symbol === m.symbol && !isBotOrder(o)).map((o) => o.id).sort((x, y) => x - y);
      for (const id of own) {
        if (!s.orders.has(id)) continue; // an OCO leg its partner's cancel took along
        const events = m.engine.apply({ type: 'cancel', time, user: req.user as UserId, order: id });
        if (events[0]?.type === 'rejected') continue;
        settle(s, m, b, events, null);
        for (const e of events) if (e.type === 'closed') out.push(orderView(b.orders.get(e.order)!));
      }
      continue;
    }
    const events = m.engine.apply({ type: 'cancelAll', time, user: req.user as UserId });
    if (events.length === 0) continue;
    settle(s, m, b, events, null);
    for (const e of events) if (e.type === 'closed') out.push(orderView(b.orders.get(e.order)!));
  }
  return accept(out);
}

export function applyReplace(s: SpotState, b: SpotBatch, req: ReplaceRequest, time: number): Reply<PlaceResult> {
  const o = find(s, req.user, req);
  if (o === undefined) return refuse('order.not.found');
  if (isBotOrder(o)) return refuse('quant.order.bot.owned');
  const market = tradable(s.markets, o.symbol);
  if (!market.ok) return market;
  const m = market.value;
  const p = price(m, req.price);
  if (!p.ok) return p;
  const q = quantity(m, req.qty);
  if (!q.ok) return q;
  const events = m.engine.apply({ type: 'replace', time, user: o.user, order: o.id, price: p.value, qty: q.value });
  const refused = rejection(events);
  if (refused) return refused;
  const fills = settle(s, m, b, events, o.id);
  return accept({ order: orderView(b.orders.get(o.id)!), fills, duplicate: false });
}

export const MAX_DEPTH_LEVELS = 5000;

export function depthOf(s: SpotState, symbol: string, levels: number): Reply<DepthSnapshot> {
  const m = s.markets.get(symbol);
  if (m === undefined) return refuse('market.unknown');
  if (!Number.isSafeInteger(levels) || levels < 1 || levels > MAX_DEPTH_LEVELS) return refuse('depth.levels.invalid');
  const side = (sd: Side) =>
    m.engine.book.depth(sd, levels).map((l) => [formatPrice(m.market, l.price as Price, true), formatQty(m.market, l.qty as Qty, true)] as [string, string]);
  return accept({ symbol, epoch: s.epoch, seq: m.bookSeq, bids: side('buy'), asks: side('sell') });
}

export function openOrdersOf(s: SpotState, user: number, symbol?: string): Reply<OrderView[]> {
  if (symbol !== undefined && !s.markets.has(symbol)) return refuse('market.unknown');
  const out: OrderView[] = [];
  for (const m of s.markets.values()) {
    if (symbol !== undefined && m.symbol !== symbol) continue;
    for (const r of m.engine.openOrders(user as UserId)) out.push(orderView(toRow(m.market, s.orders.get(r.id)!)));
    for (const w of m.engine.waitingOrders(user as UserId)) out.push(orderView(toRow(m.market, s.orders.get(w.id)!)));
  }
  return accept(out.sort((a, b) => a.orderId - b.orderId));
}
