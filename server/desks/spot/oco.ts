// OCO order lists in the spot desk: placing one (two legs, one command), the list's row and its events, and the
// list's end when a leg trades, fires, closes or is cancelled (settle.ts calls listTouched for every touched leg).
import { Code, type FeeRates, type OcoLeg, type OrderId, type SpotConditionalCommand, type UserId } from '../../kernel/index.ts';
import { listView, publishList, type OpenList } from './lists.ts';
import type { SpotOrder, SpotOrderList } from '../../store/spot.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import type { OrderListView } from '../events.ts';
import { checkUser, isClientId } from '../validate.ts';
import { orderView, type OrderView } from '../views.ts';
import { conditionalOrder, knownClientOrder } from './commands.ts';
import type { SpotMarket } from './market.ts';
import { toRow, type LiveOrder } from './orders.ts';
import { conditionalLeg, price, quantity, tradable, type OcoLegRequest, type OcoRequest } from './requests.ts';
import { settle } from './settle.ts';
import { clientKey, type SpotBatch, type SpotState } from './state.ts';

const STPS: readonly string[] = ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'];

export interface OcoResult {
  list: OrderListView;
  /** The legs, by id. */
  orders: OrderView[];
  /** The list's client id was used before: `list` is that first list, nothing new was placed. */
  duplicate: boolean;
}

/** What the store knows of an OCO request's client ids (read before the command is sequenced). */
export interface OcoStored {
  list: { row: SpotOrderList; orders: SpotOrder[] } | undefined;
  /** A leg's client id names an existing order. */
  legTaken: boolean;
  /** The list the client id named in the desk's memory at the look-up (the store was not asked then). */
  memory?: OpenList | undefined;
}

/** The list a client id names in memory (open, or in a batch not yet committed). */
export function knownList(s: SpotState, user: number, clientListId: string | undefined): OpenList | undefined {
  return clientListId === undefined ? undefined : s.listClients.get(clientKey(user, clientListId));
}

function legCommand(
  m: SpotMarket,
  leg: OcoLegRequest,
  id: OrderId,
): Reply<OcoLeg> {
  if (leg.type === 'limit_maker') {
    const p = price(m, leg.price);
    return p.ok ? accept({ type: 'limit_maker', order: id, price: p.value }) : p;
  }
  const c = conditionalLeg(m, leg);
  return c.ok ? accept({ type: 'conditional', order: id, ...c.value }) : c;
}

export function applyOco(s: SpotState, b: SpotBatch, req: OcoRequest, fees: FeeRates, time: number, stored: OcoStored): Reply<OcoResult> {
  const user = checkUser(req.user);
  if (!user.ok) return user;
  // In memory now, or when it was looked up (its end may have been committed since, and the store not read).
  const known = knownList(s, req.user, req.clientListId) ?? stored.memory;
  if (known !== undefined) {
    const market = s.markets.get(known.row.symbol)!.market;
    return accept({ list: listView(known.row, known.legs), orders: known.orders.map((o) => orderView(toRow(market, o))), duplicate: true });
  }
  if (stored.list !== undefined) {
    const legs = stored.list.orders.map((o) => ({ orderId: o.id, clientOrderId: o.clientOrderId }));
    return accept({ list: listView(stored.list.row, legs), orders: stored.list.orders.map(orderView), duplicate: true });
  }
  for (const id of [req.clientListId, req.above.clientOrderId, req.below.clientOrderId]) {
    if (id !== undefined && !isClientId(id)) return refuse('order.client.id.invalid');
  }
  const legIds = [req.above.clientOrderId, req.below.clientOrderId].filter((c): c is string => c !== undefined);
  if (stored.legTaken || legIds.some((c) => knownClientOrder(s, req.user, c) !== undefined) || (legIds.length === 2 && legIds[0] === legIds[1])) {
    return refuseKernel(Code.DUPLICATE_ORDER_ID);
  }
  if (req.side !== 'buy' && req.side !== 'sell') return refuse('order.side.invalid');
  const stp = req.stp ?? 'EXPIRE_TAKER';
  if (!STPS.includes(stp)) return refuse('order.stp.invalid');
  const market = tradable(s.markets, req.symbol);
  if (!market.ok) return market;
  const m = market.value;
  const qty = quantity(m, req.qty);
  if (!qty.ok) return qty;
  const aboveId = s.nextOrderId as OrderId;
  const belowId = (s.nextOrderId + 1) as OrderId;
  const above = legCommand(m, req.above, aboveId);
  if (!above.ok) return above;
  const below = legCommand(m, req.below, belowId);
  if (!below.ok) return below;
  const listId = s.nextListId;
  const owner = user.value as UserId;
  const live = (leg: OcoLeg, asked: OcoLegRequest): LiveOrder => {
    const client = asked.clientOrderId;
    const strategy = { strategyId: asked.strategyId ?? null, strategyType: asked.strategyType ?? null };
    if (leg.type === 'conditional') {
      const cmd: Omit<SpotConditionalCommand, 'type'> = { ...leg, time, user: owner, side: req.side, qty: qty.value, stp, fees };
      return conditionalOrder(m.symbol, cmd, client ?? null, listId, time, strategy);
    }
    return {
      id: leg.order, user: owner, symbol: m.symbol, clientOrderId: client ?? null, side: req.side, kind: 'limit', tif: 'GTC', postOnly: true, stp,
      makerPpm: fees.makerPpm, takerPpm: fees.takerPpm, createdAt: time, price: leg.price, bound: null, qty: qty.value, quote: null, open: 0,
      resting: false, filled: 0, filledQuote: 0n, fee: 0n, status: 'new', closeCode: null, priority: null, updatedAt: time, closedAt: null,
      condition: null, stopPrice: null, trailingBips: null, trailPrice: null, held: 0n, triggeredAt: null, listId,
      ...strategy, preventedMatchId: null,
    };
  };
  const legs = [live(above.value, req.above), live(below.value, req.below)];
  for (const o of legs) s.orders.set(o.id, o);
  const events = m.engine.apply({ type: 'oco', time, user: owner, side: req.side, qty: qty.value, above: above.value, below: below.value, stp, fees });
  const first = events[0];
  if (first?.type === 'rejected') {
    for (const o of legs) s.orders.delete(o.id);
    return refuseKernel(first.code);
  }
  s.nextOrderId += 2;
  s.nextListId++;
  const list: OpenList = {
    row: { id: listId, user: owner, symbol: m.symbol, clientListId: req.clientListId ?? null, status: 'executing', createdAt: time, updatedAt: time },
    legs: legs.map((o) => ({ orderId: o.id, clientOrderId: o.clientOrderId })),
    orders: legs,
  };
  s.lists.set(listId, list);
  if (list.row.clientListId !== null) s.listClients.set(clientKey(owner, list.row.clientListId), list);
  b.lists.set(listId, list.row);
  publishList(b, list);
  settle(s, m, b, events, null);
  return accept({ list: listView(list.row, list.legs), orders: legs.map((o) => orderView(b.orders.get(o.id)!)), duplicate: false });
}


