// /app/contract/*: placing and cancelling orders, closing positions (one, or all with one key; none open, whatever
// orders rest: contract.position.not.found), current and past
// orders (plain ones: conditional orders have their own list, conditionals.ts), one order with its trades and the
// funding its position paid and received (order-funding.ts).
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import {
  API, type ContractCancelAllReply, type ContractCloseReply, type ContractOrderDetailReply, type ContractOrderItem, type ContractPlaceOrderReply,
  type Page,
} from '../../../contract/api.ts';
import { closePositions, type PerpPlaceRequest, type PerpPlaceResult } from '../../../desks/index.ts';
import { fail } from '../../../errors.ts';
import type { PerpMarket } from '../../../kernel/index.ts';
import type { PerpOrder } from '../../../store/perp.ts';
import { parser } from '../../validate.ts';
import { signedIn } from '../spot/guard.ts';
import { paging } from '../spot/paging.ts';
import { perpDesk } from './codes.ts';
import { notifyChanged, orderMarket, perpMarketOf, type ContractRouteDeps } from './deps.ts';
import { CancelBody, EmptyBody, OptionalSymbolBody, OrderDetailBody, OrderListBody, PlaceBody, SymbolBody } from './schemas.ts';
import { orderFunding } from './order-funding.ts';
import { fillItems, orderItem, tradeItem } from './views.ts';

const parsePlace = parser(PlaceBody);
const parseCancel = parser(CancelBody);
const parseOptionalSymbol = parser(OptionalSymbolBody);
const parseSymbol = parser(SymbolBody);
const parseList = parser(OrderListBody);
const parseDetail = parser(OrderDetailBody);
const parseEmpty = parser(EmptyBody);

/**
 * The desk's request. Fields the order type doesn't use are refused, not ignored: a client sending them has
 * misunderstood something (e.g. a price on a market order) and should learn it before money moves.
 */
function placeRequest(user: number, symbol: string, b: Static<typeof PlaceBody>): PerpPlaceRequest {
  const common = { user, symbol, side: b.side, qty: b.amount, reduceOnly: b.reduceOnly, clientOrderId: b.clientOrderId };
  if (b.type === 'limit') {
    if (b.price === undefined) fail('validate.required');
    return { ...common, type: 'limit', price: b.price, tif: b.timeInForce, postOnly: b.postOnly };
  }
  if (b.price !== undefined || b.timeInForce !== undefined || b.postOnly !== undefined) fail('request.invalid');
  return { ...common, type: 'market' };
}

export function orderRoutes(app: FastifyInstance, deps: ContractRouteDeps): void {
  const { trading, envelopes, store } = deps;
  const perp = trading.desks.perp;
  const marketOf = (symbol: string): PerpMarket | undefined => perp.markets().find((m) => m.symbol === symbol);
  const item = (o: PerpOrder): ContractOrderItem => orderItem(o, marketOf(o.symbol));

  app.post(API.contractPlaceOrder, async (request) => {
    const body = parsePlace(request.body);
    const user = await signedIn(deps, request);
    const symbol = body.symbol.toUpperCase();
    const pm = await orderMarket(deps, user, symbol, body.reduceOnly);
    const placed = await perpDesk(perp.place(placeRequest(user.id, symbol, body)), pm);
    notifyChanged(app, user.id, symbol);
    const reply: ContractPlaceOrderReply = { order: orderItem(placed.order, pm), fills: fillItems(placed), duplicate: placed.duplicate };
    return envelopes.success(request, reply);
  });

  app.post(API.contractCancelOrder, async (request) => {
    const body = parseCancel(request.body);
    if ((body.orderNo === undefined) === (body.clientOrderId === undefined)) fail(body.orderNo === undefined ? 'validate.required' : 'request.invalid');
    const user = await signedIn(deps, request);
    const ref = body.orderNo !== undefined ? { orderId: body.orderNo } : { clientOrderId: body.clientOrderId ?? '' };
    const order = await perpDesk(perp.cancel({ user: user.id, ...ref }));
    notifyChanged(app, user.id, order.symbol);
    return envelopes.success(request, item(order));
  });

  app.post(API.contractCancelAll, async (request) => {
    const body = parseOptionalSymbol(request.body ?? {});
    const user = await signedIn(deps, request);
    const symbol = body.symbol?.toUpperCase();
    if (symbol !== undefined) perpMarketOf(deps, symbol);
    const cancelled = await perpDesk(perp.cancelAll({ user: user.id, symbol }));
    notifyChanged(app, user.id, symbol);
    // Waiting conditional orders go too: they are told on their own list and topic, not as orders.
    const reply: ContractCancelAllReply = { cancelled: cancelled.filter((o) => o.triggerPrice === null).map(item) };
    return envelopes.success(request, reply);
  });

  const closeReply = (results: readonly PerpPlaceResult[]): ContractCloseReply => ({ orders: results.map((r) => item(r.order)) });

  app.post(API.contractClosePosition, async (request) => {
    const body = parseSymbol(request.body);
    const user = await signedIn(deps, request);
    const symbol = body.symbol.toUpperCase();
    const pm = perpMarketOf(deps, symbol);
    const results = await perpDesk(closePositions(perp, { user: user.id, symbol }), pm);
    notifyChanged(app, user.id, symbol);
    if (results.length === 0) fail('contract.position.not.found');
    if (results.every((r) => r.order.filledQty === 0n)) fail('contract.close.not.filled');
    return envelopes.success(request, closeReply(results));
  });

  app.post(API.contractCloseAll, async (request) => {
    parseEmpty(request.body ?? {});
    const user = await signedIn(deps, request);
    const results = await perpDesk(closePositions(perp, { user: user.id }));
    notifyChanged(app, user.id);
    // Nothing to close (resting orders are not a position): said as for one market.
    if (results.length === 0) fail('contract.position.not.found');
    return envelopes.success(request, closeReply(results));
  });

  app.post(API.contractOrderList, async (request) => {
    const body = parseList(request.body);
    const user = await signedIn(deps, request);
    const page = paging(body);
    if (body.startTime !== undefined && body.endTime !== undefined && body.startTime > body.endTime) fail('request.invalid');
    const found = await store.perp.orderHistory({
      user: user.id, symbol: body.symbol?.toUpperCase(), open: body.active === 1, from: body.startTime, to: body.endTime,
      pageIndex: page.pageIndex, pageSize: page.pageSize, conditional: false,
    });
    const reply: Page<ContractOrderItem> = { list: found.list.map(item), total: found.total, pageIndex: page.pageIndex, pageSize: page.pageSize };
    return envelopes.success(request, reply);
  });

  app.post(API.contractOrderDetail, async (request) => {
    const body = parseDetail(request.body);
    const user = await signedIn(deps, request);
    const order = await store.perp.order(user.id, body.orderNo);
    if (order === undefined) fail('order.not.found');
    const pm = marketOf(order.symbol);
    const quote = pm?.market.quote ?? 'USDT';
    const rows = await store.perp.orderTrades(order);
    const trades = rows.map((t) => tradeItem(t, order, quote));
    const reply: ContractOrderDetailReply = { order: orderItem(order, pm), trades, ...(await orderFunding(store, order, rows)) };
    return envelopes.success(request, reply);
  });
}
