// /app/spot/*: placing and cancelling orders, current and past orders, one order with its trades, my trades.
import type { FastifyInstance } from 'fastify';
import { API, type CancelAllReply, type OrderDetailReply, type Page, type PlaceOcoReply, type PlaceOrderReply, type SpotOrderItem } from '../../../contract/api.ts';
import { orderDetail, type PlaceRequest } from '../../../desks/index.ts';
import { orderView } from '../../../desks/views.ts';
import { fail } from '../../../errors.ts';
import { formatDecimal, type Market } from '../../../kernel/index.ts';
import type { Static } from 'typebox';
import { parser } from '../../validate.ts';
import { desk } from './codes.ts';
import { checkMarketOpen, checkMayTrade, signedIn } from './guard.ts';
import type { SpotRouteDeps } from './index.ts';
import { paging } from './paging.ts';
import { CancelAllBody, CancelOrderBody, MyTradesBody, OrderDetailBody, OrderListBody, PlaceOcoBody, PlaceOrderBody } from './schemas.ts';
import { userTrades } from './trades.ts';
import { fillItem, myTradeItem, orderItem } from './views.ts';

const parsePlace = parser(PlaceOrderBody);
const parseOco = parser(PlaceOcoBody);
const parseCancel = parser(CancelOrderBody);
const parseCancelAll = parser(CancelAllBody);
const parseList = parser(OrderListBody);
const parseDetail = parser(OrderDetailBody);
const parseTrades = parser(MyTradesBody);

/** The request the desk takes. Fields the order type doesn't use are refused, not ignored: a client sending them
 * has misunderstood something (e.g. a price on a market order) and should learn it before money moves. */
function placeRequest(deps: SpotRouteDeps, user: number, b: Static<typeof PlaceOrderBody>, m: Market | undefined): PlaceRequest {
  const common = { user, symbol: b.symbol, side: b.side, clientOrderId: b.clientOrderId };
  if (b.trigger !== undefined) {
    // A conditional order: a limit (price, amount) or a market order sized in base (amount), no post-only.
    const t = b.trigger;
    if (b.total !== undefined) fail('order.stop.quote');
    if (b.amount === undefined) fail('validate.required');
    if (b.postOnly === true) fail('request.invalid');
    if (b.type === 'market' && (b.price !== undefined || b.timeInForce !== undefined)) fail('request.invalid');
    if (b.type === 'limit' && b.price === undefined) fail('validate.required');
    return {
      ...common, type: 'conditional', condition: t.condition, kind: b.type, stopPrice: t.stopPrice, trailingDelta: t.trailingDelta,
      price: b.price, qty: b.amount, tif: b.type === 'limit' ? b.timeInForce : undefined,
    };
  }
  if (b.type === 'limit') {
    if (b.price === undefined || b.amount === undefined) fail('validate.required');
    if (b.total !== undefined) fail('request.invalid');
    return { ...common, type: 'limit', price: b.price, qty: b.amount, tif: b.timeInForce, postOnly: b.postOnly };
  }
  if (b.price !== undefined || b.timeInForce !== undefined || b.postOnly !== undefined) fail('request.invalid');
  if ((b.amount === undefined) === (b.total === undefined)) fail(b.amount === undefined ? 'validate.required' : 'request.invalid');
  if (b.total !== undefined && b.side === 'sell') fail('request.invalid');
  // The band is measured from the index price: without one a market order has no safe bound, so it waits.
  const index = deps.trading.indexPrice(b.symbol);
  if (index === null || m === undefined) fail('market.price.unavailable');
  const reference = formatDecimal(BigInt(index) * m.tickSize, 8, true);
  return b.amount !== undefined
    ? { ...common, type: 'market', reference, by: 'base', qty: b.amount }
    : { ...common, type: 'market', reference, by: 'quote', quote: b.total ?? '' };
}

export function orderRoutes(app: FastifyInstance, deps: SpotRouteDeps): void {
  const { trading, envelopes, store } = deps;
  const spot = trading.desks.spot;

  app.post(API.spotPlaceOrder, async (request) => {
    const body = parsePlace(request.body);
    const user = await signedIn(deps, request);
    await checkMayTrade(deps, user);
    const symbol = body.symbol.toUpperCase();
    const m = checkMarketOpen(deps, symbol);
    const placed = await desk(spot.place(placeRequest(deps, user.id, { ...body, symbol }, m)), m);
    const reply: PlaceOrderReply = { order: orderItem(placed.order), fills: placed.fills.map(fillItem), duplicate: placed.duplicate };
    return envelopes.success(request, reply);
  });

  app.post(API.spotPlaceOco, async (request) => {
    const body = parseOco(request.body);
    const user = await signedIn(deps, request);
    await checkMayTrade(deps, user);
    const symbol = body.symbol.toUpperCase();
    const m = checkMarketOpen(deps, symbol);
    // A sell: the limit above the last price, the stop below; a buy: the stop above, the limit below.
    const limit = { type: 'limit_maker', price: body.limitPrice } as const;
    const stop = {
      type: 'conditional', condition: 'stop_loss', kind: body.stopLimitPrice === undefined ? 'market' : 'limit', stopPrice: body.stopPrice,
      price: body.stopLimitPrice,
    } as const;
    const sell = body.side === 'sell';
    const placed = await desk(
      spot.placeOco({ user: user.id, symbol, side: body.side, qty: body.amount, above: sell ? limit : stop, below: sell ? stop : limit, clientListId: body.clientOrderId }),
      m,
    );
    // The limit leg first, then the stop leg.
    const orders = [...placed.orders].sort((a, b) => (a.trigger === null ? 0 : 1) - (b.trigger === null ? 0 : 1)).map(orderItem);
    const reply: PlaceOcoReply = { orderListId: placed.list.orderListId, orders, duplicate: placed.duplicate };
    return envelopes.success(request, reply);
  });

  app.post(API.spotCancelOrder, async (request) => {
    const body = parseCancel(request.body);
    if ((body.orderNo === undefined) === (body.clientOrderId === undefined)) fail(body.orderNo === undefined ? 'validate.required' : 'request.invalid');
    const user = await signedIn(deps, request);
    const ref = body.orderNo !== undefined ? { orderId: body.orderNo } : { clientOrderId: body.clientOrderId ?? '' };
    const order = await desk(spot.cancel({ user: user.id, ...ref }));
    return envelopes.success(request, orderItem(order));
  });

  app.post(API.spotCancelAll, async (request) => {
    const body = parseCancelAll(request.body ?? {});
    const user = await signedIn(deps, request);
    const symbol = body.symbol?.toUpperCase();
    if (symbol !== undefined && !spot.markets().some((m) => m.symbol === symbol)) fail('market.unknown');
    const cancelled = await desk(spot.cancelAll({ user: user.id, symbol }));
    const reply: CancelAllReply = { cancelled: cancelled.map(orderItem) };
    return envelopes.success(request, reply);
  });

  app.post(API.spotOrderList, async (request) => {
    const body = parseList(request.body);
    const user = await signedIn(deps, request);
    const page = paging(body);
    // History is everything closed, or only completed / only cancelled orders when asked.
    const filter = body.active === 1
      ? { appStatus: 'pending' as const, conditional: body.conditional }
      : body.status !== undefined ? { appStatus: body.status, conditional: body.conditional } : { statuses: ['filled', 'canceled', 'expired'] as const, conditional: body.conditional };
    const { rows, total } = await store.spot.listOrders({ user: user.id, symbol: body.symbol?.toUpperCase(), side: body.side, ...filter }, page.offset, page.pageSize);
    const reply: Page<SpotOrderItem> = { list: rows.map((o) => orderItem(orderView(o))), total, pageIndex: page.pageIndex, pageSize: page.pageSize };
    return envelopes.success(request, reply);
  });

  app.post(API.spotOrderDetail, async (request) => {
    const body = parseDetail(request.body);
    const user = await signedIn(deps, request);
    const detail = await desk(orderDetail(store, user.id, body.orderNo));
    const trades = detail.trades.map((t) => myTradeItem(t, { taker: t.takerOrder === detail.order.orderId }));
    const reply: OrderDetailReply = { order: orderItem(detail.order), trades };
    return envelopes.success(request, reply);
  });

  app.post(API.spotMyTrades, async (request) => {
    const body = parseTrades(request.body ?? {});
    const user = await signedIn(deps, request);
    const page = paging(body);
    const { list, total } = await userTrades(store, user.id, body.symbol?.toUpperCase(), page.offset, page.pageSize);
    return envelopes.success(request, { list, total, pageIndex: page.pageIndex, pageSize: page.pageSize });
  });
}
