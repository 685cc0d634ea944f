// Binance's signed spot endpoints: new, cancel and query orders, open orders, order and trade history, and the
// account's coin-wallet balances. Orders go to the spot desk; a refusal leaves nothing changed and answers
// Binance's code for it (errors.ts). Market orders are bounded by the market's band around the index price.
import { randomInt } from 'node:crypto';
import { DEFAULT_FEES, orderDetail, type OcoLegRequest, type OcoRequest, type OrderListView, type OrderView, type PlaceRequest, type Reply } from '../../desks/index.ts';
import { orderView } from '../../desks/views.ts';
import { formatDecimal } from '../../kernel/index.ts';
import type { Store } from '../../store/index.ts';
import type { Trading } from '../trading.ts';
import type { Caller } from './auth.ts';
import { BinanceError, errors, failure, placeRefusal } from './errors.ts';
import { allOrders, myTrades } from './history.ts';
import type { Params } from './params.ts';
import { cancelShape, d8, listShape, myTradeShape, newOrderShape, orderShape, type RespType } from './shapes.ts';

export type SignedHandler = (params: Params, caller: Caller) => Promise<unknown>;
export type SignedRoute = (method: 'GET' | 'POST' | 'DELETE', path: string, trade: boolean, handler: SignedHandler) => void;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Binance always has a client order id; one is made when the caller sends none. */
const newClientId = () => Array.from({ length: 22 }, () => ID_ALPHABET[randomInt(ID_ALPHABET.length)]).join('');

const value = <T>(reply: Reply<T>, refusal: (code: string) => Error): T => {
  if (!reply.ok) throw refusal(reply.code);
  return reply.value;
};

const ORDER_TYPES = ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'] as const;
type ConditionalType = 'STOP_LOSS' | 'STOP_LOSS_LIMIT' | 'TAKE_PROFIT' | 'TAKE_PROFIT_LIMIT';
const CONDITIONAL_TYPES: readonly string[] = ['STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'];
/** Binance's TRAILING_DELTA filter, the same on both sides. */
export const TRAILING_DELTA = { min: 10, max: 2000 } as const;
const TIFS = ['GTC', 'IOC', 'FOK'] as const;
const RESP_TYPES = ['ACK', 'RESULT', 'FULL'] as const;
const ms = (p: Params, name: string) => p.int(name, 0, Number.MAX_SAFE_INTEGER);
/** Binance's strategyType: an INT, values below 1000000 reserved. */
const STRATEGY_TYPE = { min: 1_000_000, max: 2 ** 31 - 1 } as const;

/**
 * Binance's strategyId (a LONG; here within the exactly representable integers) and strategyType of an order, or of
 * an OCO leg with `prefix` (aboveStrategyId...); each optional, each kept with the order and told back. Out of range
 * is Binance's -1100 with the legal range.
 */
function strategy(p: Params, prefix = ''): { strategyId?: number; strategyType?: number } {
  const name = (n: string) => (prefix === '' ? n : `${prefix}${n[0]!.toUpperCase()}${n.slice(1)}`);
  const read = (n: string, min: number, max: number): number | undefined => {
    try {
      return p.int(n, min, max);
    } catch (e) {
      if (e instanceof BinanceError && e.code === -1130) throw new BinanceError(-1100, `Illegal characters found in parameter '${n}'; legal range is '${min}' to '${max}'.`);
      throw e;
    }
  };
  const id = read(name('strategyId'), -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  const type = read(name('strategyType'), STRATEGY_TYPE.min, STRATEGY_TYPE.max);
  return { ...(id !== undefined ? { strategyId: id } : {}), ...(type !== undefined ? { strategyType: type } : {}) };
}

export function orderRoutes(route: SignedRoute, trading: Trading, store: Store): void {
  const spot = trading.desks.spot;
  const symbolOf = (p: Params): string => {
    const symbol = p.requiredSymbol();
    if (!spot.markets().some((m) => m.symbol === symbol)) throw errors.symbol();
    return symbol;
  };
  const notSent = (p: Params, ...names: string[]) => {
    for (const n of names) if (p.has(n)) throw errors.notRequired(n);
  };

  /** The desk's request for a new order, from Binance's parameters. */
  function placement(p: Params, user: number): { req: PlaceRequest; resp: RespType } {
    const symbol = symbolOf(p);
    const side = p.choice('side', ['BUY', 'SELL'], errors.side) === 'BUY' ? 'buy' : 'sell';
    const type = p.choice('type', ORDER_TYPES, errors.orderType);
    const resp = p.choice('newOrderRespType', RESP_TYPES, errors.respType, 'FULL');
    const clientOrderId = p.clientId('newClientOrderId') ?? newClientId();
    p.choice('selfTradePreventionMode', ['EXPIRE_TAKER'], () => errors.value('selfTradePreventionMode'), 'EXPIRE_TAKER');
    const base = { user, symbol, side, clientOrderId, ...strategy(p) } as const;
    if (CONDITIONAL_TYPES.includes(type)) return { req: { ...base, ...conditional(p, '', type as ConditionalType), qty: p.requiredDecimal('quantity') }, resp };
    notSent(p, 'stopPrice', 'trailingDelta');
    if (type === 'MARKET') {
      notSent(p, 'price', 'timeInForce');
      const qty = p.decimal('quantity');
      const quote = p.decimal('quoteOrderQty');
      if ((qty === undefined) === (quote === undefined)) throw qty === undefined ? errors.mandatory('quantity') : errors.notRequired('quoteOrderQty');
      const ticks = trading.indexPrice(symbol);
      const market = trading.market.market(symbol);
      if (ticks === null || market === undefined) throw placeRefusal('order.reference.invalid');
      const reference = formatDecimal(BigInt(ticks) * market.tickSize, 8);
      const by = qty !== undefined ? ({ by: 'base', qty } as const) : ({ by: 'quote', quote: quote! } as const);
      return { req: { ...base, type: 'market', reference, ...by }, resp };
    }
    notSent(p, 'quoteOrderQty');
    const price = p.requiredDecimal('price');
    const qty = p.requiredDecimal('quantity');
    if (type === 'LIMIT_MAKER') {
      notSent(p, 'timeInForce');
      return { req: { ...base, type: 'limit', price, qty, tif: 'GTC', postOnly: true }, resp };
    }
    const tif = p.choice('timeInForce', TIFS, errors.tif);
    return { req: { ...base, type: 'limit', price, qty, tif }, resp };
  }

  /**
   * A STOP_LOSS / TAKE_PROFIT (market) or _LIMIT order's trigger and limit, from parameters named with `prefix`
   * (an OCO's aboveStopPrice...): stopPrice and/or trailingDelta (at least one), price and timeInForce for _LIMIT.
   */
  function conditional(p: Params, prefix: string, type: ConditionalType) {
    const name = (n: string) => (prefix === '' ? n : `${prefix}${n[0]!.toUpperCase()}${n.slice(1)}`);
    const stopPrice = p.decimal(name('stopPrice'));
    const trailingDelta = p.int(name('trailingDelta'), 1, Number.MAX_SAFE_INTEGER);
    if (trailingDelta !== undefined && (trailingDelta < TRAILING_DELTA.min || trailingDelta > TRAILING_DELTA.max)) throw errors.filter('TRAILING_DELTA');
    if (stopPrice === undefined && trailingDelta === undefined) throw errors.mandatory(`${name('stopPrice')}' or '${name('trailingDelta')}`);
    const condition = type.startsWith('STOP_LOSS') ? ('stop_loss' as const) : ('take_profit' as const);
    if (!type.endsWith('_LIMIT')) {
      notSent(p, name('price'), name('timeInForce'), 'quoteOrderQty');
      return { type: 'conditional', condition, kind: 'market', stopPrice, trailingDelta } as const;
    }
    notSent(p, 'quoteOrderQty');
    const price = p.requiredDecimal(name('price'));
    const tif = p.choice(name('timeInForce'), TIFS, errors.tif);
    return { type: 'conditional', condition, kind: 'limit', stopPrice, trailingDelta, price, tif } as const;
  }

  /** Binance's cancelRestrictions: cancel only an order that is NEW, or only one PARTIALLY_FILLED. */
  const cancelRestriction = (p: Params) =>
    p.has('cancelRestrictions') ? p.choice('cancelRestrictions', ['ONLY_NEW', 'ONLY_PARTIALLY_FILLED'], () => errors.value('cancelRestrictions')) : undefined;
  function checkRestriction(order: OrderView, restriction: 'ONLY_NEW' | 'ONLY_PARTIALLY_FILLED' | undefined): void {
    if (restriction === undefined) return;
    if (order.status !== (restriction === 'ONLY_NEW' ? 'new' : 'partially_filled')) throw new BinanceError(-2011, 'Order was not canceled due to cancel restrictions.');
  }

  /** The caller's order named by orderId or origClientOrderId, in `symbol`; `missing` when there is none. */
  async function findOrder(p: Params, user: number, symbol: string, missing: () => Error): Promise<OrderView> {
    const orderId = p.int('orderId', 1, Number.MAX_SAFE_INTEGER);
    const clientId = p.clientId('origClientOrderId');
    if (orderId === undefined && clientId === undefined) throw errors.mandatory('orderId');
    return lookup(user, symbol, missing, { orderId, clientId });
  }

  async function lookup(user: number, symbol: string, missing: () => Error, ref: { orderId: number | undefined; clientId: string | undefined }): Promise<OrderView> {
    const { orderId, clientId } = ref;
    let order: OrderView | undefined;
    if (orderId !== undefined) {
      const found = await orderDetail(store, user, orderId);
      order = found.ok ? found.value.order : undefined;
    } else {
      const row = await store.spot.findByClientId(user, clientId!);
      const found = row === undefined ? undefined : await orderDetail(store, user, row.id);
      order = found?.ok ? found.value.order : undefined;
    }
    // Both given: they must name the same order, as on Binance.
    if (order === undefined || order.symbol !== symbol || (clientId !== undefined && order.clientOrderId !== clientId)) throw missing();
    return order;
  }

  route('POST', '/order', true, async (p, caller) => {
    const { req, resp } = placement(p, caller.user);
    p.done(['newOrderRespType']);
    const placed = value(await spot.place(req), placeRefusal);
    if (placed.duplicate) throw errors.rejected('Duplicate order sent.');
    return newOrderShape(placed.order, placed.fills, resp);
  });

  route('POST', '/order/test', true, async (p, caller) => {
    const { req } = placement(p, caller.user);
    const rates = p.choice('computeCommissionRates', ['true', 'false'], () => errors.value('computeCommissionRates'), 'false') === 'true';
    p.done(['newOrderRespType']);
    value(await spot.check(req), placeRefusal);
    if (!rates) return {};
    const rate = (ppm: number) => formatDecimal(BigInt(ppm) * 100n, 8);
    return {
      standardCommissionForOrder: { maker: rate(DEFAULT_FEES.makerPpm), taker: rate(DEFAULT_FEES.takerPpm) },
      specialCommissionForOrder: { maker: '0.00000000', taker: '0.00000000' },
      taxCommissionForOrder: { maker: '0.00000000', taker: '0.00000000' },
      discount: { enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: '0.00000000' },
    };
  });

  // Cancel an order, then place a new one (two commands, as on Binance: not atomic). STOP_ON_FAILURE places
  // nothing when the cancel fails; ALLOW_FAILURE places anyway. A failure answers -2022 (nothing done) or -2021
  // (one of the two done) with both outcomes in `data`.
  route('POST', '/order/cancelReplace', true, async (p, caller) => {
    const mode = p.choice('cancelReplaceMode', ['STOP_ON_FAILURE', 'ALLOW_FAILURE'], () => errors.value('cancelReplaceMode'));
    const symbol = symbolOf(p);
    const cancelId = p.int('cancelOrderId', 1, Number.MAX_SAFE_INTEGER);
    const cancelClient = p.clientId('cancelOrigClientOrderId');
    if (cancelId === undefined && cancelClient === undefined) throw errors.mandatory('cancelOrderId');
    p.clientId('cancelNewClientOrderId');
    const restriction = cancelRestriction(p);
    p.choice('orderRateLimitExceededMode', ['DO_NOTHING', 'CANCEL_ONLY'], () => errors.value('orderRateLimitExceededMode'), 'DO_NOTHING');
    const { req, resp } = placement(p, caller.user);
    p.done(['newOrderRespType']);
    const reason = (e: unknown) => {
      const known = failure(e) ?? errors.unknown();
      return { code: known.code, msg: known.message };
    };
    let cancelResponse: object;
    let cancelled = false;
    try {
      const order = await lookup(caller.user, symbol, errors.cancelRejected, { orderId: cancelId, clientId: cancelClient });
      checkRestriction(order, restriction);
      cancelResponse = cancelShape(value(await spot.cancel({ user: caller.user, orderId: order.orderId }), () => errors.cancelRejected()), order.clientOrderId);
      cancelled = true;
    } catch (e) {
      cancelResponse = reason(e);
    }
    if (!cancelled && mode === 'STOP_ON_FAILURE') {
      throw new BinanceError(-2022, 'Order cancel-replace failed.', 400, {
        cancelResult: 'FAILURE', newOrderResult: 'NOT_ATTEMPTED', cancelResponse, newOrderResponse: null,
      });
    }
    try {
      const placed = value(await spot.place(req), placeRefusal);
      if (placed.duplicate) throw errors.rejected('Duplicate order sent.');
      const newOrderResponse = newOrderShape(placed.order, placed.fills, resp);
      if (!cancelled) {
        throw new BinanceError(-2021, 'Order cancel-replace partially failed.', 400, { cancelResult: 'FAILURE', newOrderResult: 'SUCCESS', cancelResponse, newOrderResponse });
      }
      return { cancelResult: 'SUCCESS', newOrderResult: 'SUCCESS', cancelResponse, newOrderResponse };
    } catch (e) {
      if (e instanceof BinanceError && (e.code === -2021 || e.code === -2022)) throw e;
      const newOrderResponse = reason(e);
      if (cancelled) throw new BinanceError(-2021, 'Order cancel-replace partially failed.', 400, { cancelResult: 'SUCCESS', newOrderResult: 'FAILURE', cancelResponse, newOrderResponse });
      throw new BinanceError(-2022, 'Order cancel-replace failed.', 400, { cancelResult: 'FAILURE', newOrderResult: 'FAILURE', cancelResponse, newOrderResponse });
    }
  });

  // ---- OCO order lists ----
  const LEG_TYPES = ['LIMIT_MAKER', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'] as const;

  /** An OCO leg from parameters named `prefix`Type, `prefix`Price... (the new orderList/oco endpoint). */
  function leg(p: Params, prefix: 'above' | 'below'): OcoLegRequest {
    const type = p.choice(`${prefix}Type`, LEG_TYPES, errors.orderType);
    const clientOrderId = p.clientId(`${prefix}ClientOrderId`);
    if (p.has(`${prefix}IcebergQty`)) throw errors.notRequired(`${prefix}IcebergQty`);
    if (type === 'LIMIT_MAKER') {
      notSent(p, `${prefix}StopPrice`, `${prefix}TrailingDelta`, `${prefix}TimeInForce`);
      return { type: 'limit_maker', price: p.requiredDecimal(`${prefix}Price`), clientOrderId, ...strategy(p, prefix) };
    }
    return { ...conditional(p, prefix, type), clientOrderId, ...strategy(p, prefix) };
  }

  /** A list and its legs as the store has them now. */
  async function storedList(user: number, ref: { id?: number | undefined; clientId?: string | undefined }): Promise<{ list: OrderListView; legs: OrderView[] } | undefined> {
    const row = ref.id !== undefined ? await store.spot.findList(ref.id) : await store.spot.findListByClientId(user, ref.clientId!);
    if (row === undefined || row.user !== user) return undefined;
    const legs = (await store.spot.ordersOfList(row.id)).map(orderView);
    const list: OrderListView = {
      orderListId: row.id, user: row.user, symbol: row.symbol, clientListId: row.clientListId, status: row.status, createdAt: row.createdAt,
      updatedAt: row.updatedAt, orders: legs.map((o) => ({ orderId: o.orderId, clientOrderId: o.clientOrderId })),
    };
    return { list, legs };
  }

  async function placeList(req: OcoRequest, resp: RespType) {
    const placed = value(await spot.placeOco(req), placeRefusal);
    if (placed.duplicate) throw errors.rejected('Duplicate order sent.');
    const reports = placed.orders.map((o) => (resp === 'ACK' ? newOrderShape(o, [], 'ACK') : newOrderShape(o, [], 'RESULT')));
    return listShape(placed.list, reports);
  }

  route('POST', '/orderList/oco', true, async (p, caller) => {
    const symbol = symbolOf(p);
    const side = p.choice('side', ['BUY', 'SELL'], errors.side) === 'BUY' ? 'buy' : 'sell';
    const qty = p.requiredDecimal('quantity');
    const clientListId = p.clientId('listClientOrderId') ?? newClientId();
    const above = leg(p, 'above');
    const below = leg(p, 'below');
    const resp = p.choice('newOrderRespType', RESP_TYPES, errors.respType, 'FULL');
    p.choice('selfTradePreventionMode', ['EXPIRE_TAKER'], () => errors.value('selfTradePreventionMode'), 'EXPIRE_TAKER');
    p.done(['abovePegPriceType', 'belowPegPriceType']);
    const fill = (l: OcoLegRequest): OcoLegRequest => (l.clientOrderId === undefined ? { ...l, clientOrderId: newClientId() } : l);
    return placeList({ user: caller.user, symbol, side, qty, above: fill(above), below: fill(below), clientListId }, resp);
  });

  // The deprecated form ccxt and older bots still send: a LIMIT_MAKER leg at `price` and a STOP_LOSS(_LIMIT) leg.
  route('POST', '/order/oco', true, async (p, caller) => {
    const symbol = symbolOf(p);
    const side = p.choice('side', ['BUY', 'SELL'], errors.side) === 'BUY' ? 'buy' : 'sell';
    const qty = p.requiredDecimal('quantity');
    const clientListId = p.clientId('listClientOrderId') ?? newClientId();
    const limit: OcoLegRequest = {
      type: 'limit_maker', price: p.requiredDecimal('price'), clientOrderId: p.clientId('limitClientOrderId') ?? newClientId(), ...strategy(p, 'limit'),
    };
    const stopLimitPrice = p.decimal('stopLimitPrice');
    const tif = stopLimitPrice === undefined ? undefined : p.choice('stopLimitTimeInForce', TIFS, errors.tif);
    const stop: OcoLegRequest = {
      type: 'conditional', condition: 'stop_loss', kind: stopLimitPrice === undefined ? 'market' : 'limit', stopPrice: p.requiredDecimal('stopPrice'),
      trailingDelta: p.int('trailingDelta', TRAILING_DELTA.min, TRAILING_DELTA.max), price: stopLimitPrice, tif,
      clientOrderId: p.clientId('stopClientOrderId') ?? newClientId(), ...strategy(p, 'stop'),
    };
    const resp = p.choice('newOrderRespType', RESP_TYPES, errors.respType, 'FULL');
    p.choice('selfTradePreventionMode', ['EXPIRE_TAKER'], () => errors.value('selfTradePreventionMode'), 'EXPIRE_TAKER');
    p.done();
    if (p.has('limitIcebergQty') || p.has('stopIcebergQty')) throw errors.notRequired('icebergQty');
    // A sell's limit is above the last price and its stop below; a buy the reverse.
    const req: OcoRequest = side === 'sell'
      ? { user: caller.user, symbol, side, qty, above: limit, below: stop, clientListId }
      : { user: caller.user, symbol, side, qty, above: stop, below: limit, clientListId };
    return placeList(req, resp);
  });

  route('DELETE', '/orderList', true, async (p, caller) => {
    const symbol = symbolOf(p);
    const id = p.int('orderListId', 0, Number.MAX_SAFE_INTEGER);
    const clientId = p.clientId('listClientOrderId');
    if (id === undefined && clientId === undefined) throw errors.mandatory('orderListId');
    p.clientId('newClientOrderId');
    p.done();
    const found = await storedList(caller.user, { id, clientId });
    if (found === undefined || found.list.symbol !== symbol || (clientId !== undefined && found.list.clientListId !== clientId)) {
      throw new BinanceError(-2011, 'Order list does not exist.');
    }
    if (found.list.status === 'all_done') throw new BinanceError(-2011, 'Order list is already done.');
    // Cancelling one leg cancels the other in the same command.
    const open = found.legs.find((o) => o.status === 'new' || o.status === 'partially_filled');
    if (open !== undefined) value(await spot.cancel({ user: caller.user, orderId: open.orderId }), () => errors.cancelRejected());
    const after = (await storedList(caller.user, { id: found.list.orderListId }))!;
    return listShape(after.list, after.legs.map((o) => cancelShape(o, o.clientOrderId)));
  });

  route('GET', '/orderList', false, async (p, caller) => {
    const id = p.int('orderListId', 0, Number.MAX_SAFE_INTEGER);
    const clientId = p.clientId('origClientOrderId');
    if (id === undefined && clientId === undefined) throw errors.mandatory('orderListId');
    p.done();
    const found = await storedList(caller.user, { id, clientId });
    if (found === undefined) throw new BinanceError(-2011, 'Order list does not exist.');
    return listShape(found.list);
  });

  const lists = async (user: number, filter: { open?: boolean; fromId?: number; startTime?: number; endTime?: number }, limit: number) =>
    Promise.all((await store.spot.userLists({ user, ...filter }, limit)).map(async (row) => listShape((await storedList(user, { id: row.id }))!.list)));

  route('GET', '/openOrderList', false, async (p, caller) => {
    p.done();
    return lists(caller.user, { open: true }, 1000);
  });

  route('GET', '/allOrderList', false, async (p, caller) => {
    const filter = { fromId: ms(p, 'fromId'), startTime: ms(p, 'startTime'), endTime: ms(p, 'endTime') };
    const limit = p.int('limit', 1, 1000, 500)!;
    p.done();
    if (filter.fromId !== undefined && (filter.startTime !== undefined || filter.endTime !== undefined)) throw errors.combination();
    return lists(caller.user, filter, limit);
  });

  route('DELETE', '/order', true, async (p, caller) => {
    const symbol = symbolOf(p);
    const order = await findOrder(p, caller.user, symbol, errors.cancelRejected);
    p.clientId('newClientOrderId');
    checkRestriction(order, cancelRestriction(p));
    p.done();
    const canceled = value(await spot.cancel({ user: caller.user, orderId: order.orderId }), () => errors.cancelRejected());
    return cancelShape(canceled, order.clientOrderId);
  });

  route('GET', '/order', false, async (p, caller) => {
    const symbol = symbolOf(p);
    const order = await findOrder(p, caller.user, symbol, errors.noSuchOrder);
    p.done();
    return orderShape(order);
  });

  route('GET', '/openOrders', false, async (p, caller) => {
    const symbol = p.symbol();
    if (symbol !== undefined && !spot.markets().some((m) => m.symbol === symbol)) throw errors.symbol();
    p.done();
    return value(await spot.openOrders(caller.user, symbol), () => errors.symbol()).map(orderShape);
  });

  route('DELETE', '/openOrders', true, async (p, caller) => {
    const symbol = symbolOf(p);
    p.done();
    return value(await spot.cancelAll({ user: caller.user, symbol }), () => errors.symbol()).map((o) => cancelShape(o, o.clientOrderId));
  });

  route('GET', '/allOrders', false, async (p, caller) => {
    const symbol = symbolOf(p);
    const range = { symbol, fromId: ms(p, 'orderId'), startTime: ms(p, 'startTime'), endTime: ms(p, 'endTime'), limit: p.int('limit', 1, 1000, 500)! };
    p.done();
    return (await allOrders(store, caller.user, range)).map(orderShape);
  });

  route('GET', '/myTrades', false, async (p, caller) => {
    const symbol = symbolOf(p);
    const orderId = ms(p, 'orderId');
    const range = { symbol, orderId, fromId: ms(p, 'fromId'), startTime: ms(p, 'startTime'), endTime: ms(p, 'endTime'), limit: p.int('limit', 1, 1000, 500)! };
    p.done();
    if (range.fromId !== undefined && (range.startTime !== undefined || range.endTime !== undefined)) throw errors.combination();
    return (await myTrades(store, caller.user, range)).map((t) => myTradeShape(t.trade, t));
  });

  route('GET', '/account', false, async (p, caller) => {
    const omitZero = p.choice('omitZeroBalances', ['true', 'false'], () => errors.value('omitZeroBalances'), 'false') === 'true';
    p.done();
    const balances = value(await spot.balances(caller.user), () => errors.unknown());
    const rate = (ppm: number) => formatDecimal(BigInt(ppm) * 100n, 8);
    const list = balances
      .map((b) => ({ asset: b.asset, free: d8(b.available), locked: d8(b.frozen) }))
      .filter((b) => !omitZero || b.free !== '0.00000000' || b.locked !== '0.00000000');
    return {
      makerCommission: DEFAULT_FEES.makerPpm / 100,
      takerCommission: DEFAULT_FEES.takerPpm / 100,
      buyerCommission: 0,
      sellerCommission: 0,
      commissionRates: { maker: rate(DEFAULT_FEES.makerPpm), taker: rate(DEFAULT_FEES.takerPpm), buyer: '0.00000000', seller: '0.00000000' },
      canTrade: caller.canTrade,
      canWithdraw: false,
      canDeposit: false,
      brokered: false,
      requireSelfTradePrevention: false,
      preventSor: false,
      updateTime: 0,
      accountType: 'SPOT',
      balances: list,
      permissions: ['SPOT'],
      uid: caller.user,
    };
  });
}
