// Binance USDⓈ-M's Algo Order API on /fapi/v1: conditional orders (STOP, STOP_MARKET, TAKE_PROFIT,
// TAKE_PROFIT_MARKET), which Binance serves here rather than on /order since December 2025 and where ccxt sends them
// (createOrder with triggerPrice, stopLossPrice or takeProfitPrice; fetchOrder, fetchOpenOrders, fetchOrders,
// cancelOrder and cancelAllOrders with `{ trigger: true }`). Each is one of the perp desk's conditional orders: it
// waits, holding no margin, until the mark (workingType MARK_PRICE) or the last trade (CONTRACT_PRICE, Binance's
// default) reaches its trigger, and then places a market order (the _MARKET types, held to the ±5 % band around the
// mark) or a limit order at `price`. The order it placed is a plain order (/order, /allOrders, /userTrades) and its
// id the algo order's `actualOrderId`.
//
// algoStatus from the stored row: waiting NEW; canceled CANCELED; fired with its order still resting TRIGGERED, with
// its order done FINISHED; fired but placing nothing EXPIRED (no position left to reduce) or REJECTED (its order
// refused otherwise, e.g. margin insufficient).
import type { PerpConditionalRequest } from '../../desks/perp/desk.ts';
import { placedBy as firedOrders } from '../../desks/perp/fired.ts';
import { Code, formatDecimal } from '../../kernel/index.ts';
import type { PerpOrder } from '../../store/perp.ts';
import { errors, futuresErrors, futuresRefusal } from './errors.ts';
import { d8, type Usdm } from './futures-context.ts';
import { bool, newClientId, notSent, oneWay, priceProtect, RESP_TYPES } from './futures-orders.ts';
import { orderIds } from './futures-queries.ts';
import type { SignedRoute } from './orders.ts';
import type { Params } from './params.ts';

/** The conditional types this exchange serves (TRAILING_STOP_MARKET is Binance's too, not served: -1116). */
const ALGO_TYPES = ['STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET'] as const;
type AlgoType = (typeof ALGO_TYPES)[number];
const KIND_OF = { STOP: 'stop', STOP_MARKET: 'stop_market', TAKE_PROFIT: 'take_profit', TAKE_PROFIT_MARKET: 'take_profit_market' } as const;
const TYPE_OF: Readonly<Record<string, AlgoType>> = { stop: 'STOP', stop_market: 'STOP_MARKET', take_profit: 'TAKE_PROFIT', take_profit_market: 'TAKE_PROFIT_MARKET' };
/** A conditional order's time in force: that of the limit order it places (no GTX: it would never be post-only). */
const TIFS = ['GTC', 'IOC', 'FOK'] as const;
const MAX_ID = Number.MAX_SAFE_INTEGER;
const ms = (p: Params, name: string) => p.int(name, 0, MAX_ID);
const open = (o: PerpOrder) => o.status === 'new' || o.status === 'partially_filled';

export function algoStatus(o: PerpOrder, placed: PerpOrder | undefined): string {
  switch (o.status) {
    case 'new':
    case 'partially_filled':
      return 'NEW';
    case 'canceled':
      return 'CANCELED';
    case 'filled':
      return placed !== undefined && open(placed) ? 'TRIGGERED' : 'FINISHED';
    default: {
      // Fired with no position left to reduce (or ended by the engine): EXPIRED; its order refused otherwise.
      const code = o.closeCode ?? 0;
      return code < 1000 || code === Code.REDUCE_ONLY_REJECTED ? 'EXPIRED' : 'REJECTED';
    }
  }
}

/**
 * A conditional order as the Algo Order API answers it (new, query, open, all); `placed` is the order it placed when
 * it fired, `tif` overrides the stored time in force (the row keeps GTC).
 */
export function algoOrderShape(o: PerpOrder, placed?: PerpOrder, tif?: string) {
  const fired = o.status === 'filled' || o.status === 'expired';
  const actualPrice = placed === undefined || placed.filledQty === 0n ? 0n : (placed.filledQuote * 100_000_000n) / placed.filledQty;
  return {
    algoId: o.id,
    clientAlgoId: o.clientOrderId ?? '',
    algoType: 'CONDITIONAL',
    orderType: TYPE_OF[o.kind] ?? o.kind.toUpperCase(),
    symbol: o.symbol,
    side: o.side.toUpperCase(),
    positionSide: 'BOTH',
    timeInForce: tif ?? o.tif,
    quantity: d8(o.qty),
    algoStatus: algoStatus(o, placed),
    actualOrderId: placed === undefined ? '' : String(placed.id),
    actualPrice: d8(actualPrice),
    triggerPrice: d8(o.triggerPrice ?? 0n),
    price: d8(o.price),
    icebergQuantity: null,
    tpTriggerPrice: d8(0n),
    tpPrice: d8(0n),
    slTriggerPrice: d8(0n),
    slPrice: d8(0n),
    tpOrderType: '',
    selfTradePreventionMode: 'EXPIRE_TAKER',
    workingType: o.workingType === 'last' ? 'CONTRACT_PRICE' : 'MARK_PRICE',
    priceMatch: 'NONE',
    closePosition: o.closePosition,
    priceProtect: false,
    reduceOnly: o.reduceOnly,
    createTime: o.createdAt,
    updateTime: o.updatedAt,
    triggerTime: fired ? (o.closedAt ?? 0) : 0,
    goodTillDate: 0,
  };
}

export function futuresAlgoRoutes(route: SignedRoute, u: Usdm): void {
  const desk = u.desk;
  const store = u.store;
  const load = async (user: number, ids: readonly number[]) =>
    (await Promise.all(ids.map((id) => store.perp.order(user, id)))).flatMap((o) => (o === undefined ? [] : [o]));

  const placedBy = (user: number, rows: readonly PerpOrder[]) => firedOrders(store.perp, user, rows);

  /** The desk's request for a new conditional order, from Binance's parameters. */
  function placement(p: Params, user: number): { req: PerpConditionalRequest; tif: string } {
    const market = u.market(p.requiredSymbol());
    const side = p.choice('side', ['BUY', 'SELL'], errors.side) === 'BUY' ? 'buy' : 'sell';
    oneWay(p);
    p.choice('algoType', ['CONDITIONAL'], () => errors.value('algoType'));
    const typeText = p.required('type');
    if (!(ALGO_TYPES as readonly string[]).includes(typeText)) throw errors.orderType();
    const type = typeText as AlgoType;
    p.choice('newOrderRespType', RESP_TYPES, errors.respType, 'ACK');
    const clientOrderId = p.clientId('clientAlgoId') ?? newClientId();
    const stp = p.text('selfTradePreventionMode');
    if (stp !== undefined && stp !== 'EXPIRE_TAKER') throw futuresErrors.stpMode();
    const match = p.text('priceMatch');
    if (match !== undefined && match !== 'NONE') throw errors.value('priceMatch');
    // Trailing stops and GTD are Binance's, not served here: said rather than ignored.
    notSent(p, 'activationPrice', 'activatePrice', 'callbackRate', 'goodTillDate');
    const triggerPrice = p.requiredDecimal('triggerPrice');
    const working = p.choice('workingType', ['MARK_PRICE', 'CONTRACT_PRICE'], () => errors.value('workingType'), 'CONTRACT_PRICE');
    priceProtect(p);
    const limit = type === 'STOP' || type === 'TAKE_PROFIT';
    const closePosition = bool(p, 'closePosition') === true;
    if (closePosition) {
      if (limit) throw futuresErrors.closePositionType(type);
      notSent(p, 'quantity', 'reduceOnly');
    }
    const reduceOnly = closePosition ? undefined : (bool(p, 'reduceOnly') ?? false);
    const qty = closePosition ? undefined : p.requiredDecimal('quantity');
    const tif = p.choice('timeInForce', TIFS, errors.tif, 'GTC');
    let price: string | undefined;
    if (limit) price = p.requiredDecimal('price');
    else notSent(p, 'price');
    const req: PerpConditionalRequest = {
      user, symbol: market.symbol, side, type: KIND_OF[type], triggerPrice, price, qty, closePosition, reduceOnly,
      workingType: working === 'MARK_PRICE' ? 'mark' : 'last', tif: limit ? tif : undefined, clientOrderId,
    };
    return { req, tif: limit ? tif : 'GTC' };
  }

  /** The caller's conditional order named by algoId or clientAlgoId (in `symbol` when sent, as ccxt does). */
  async function findAlgo(p: Params, user: number, missing: () => Error): Promise<PerpOrder> {
    const one = p.symbol();
    const symbol = one === undefined ? undefined : u.market(one).symbol;
    const algoId = p.int('algoId', 1, MAX_ID);
    const clientId = p.clientId('clientAlgoId');
    if (algoId === undefined && clientId === undefined) throw errors.mandatory('algoId');
    const order = algoId !== undefined ? await store.perp.order(user, algoId) : await store.perp.findByClientId(user, clientId!);
    // Both given: they must name the same order. A plain order is not the Algo API's.
    if (order === undefined || order.triggerPrice === null || (symbol !== undefined && order.symbol !== symbol) || (clientId !== undefined && order.clientOrderId !== clientId)) {
      throw missing();
    }
    return order;
  }

  route('POST', '/algoOrder', true, async (p, caller) => {
    const { req, tif } = placement(p, caller.user);
    p.done();
    // A market closed for trading or in maintenance still takes orders that only close.
    if (req.reduceOnly !== true && req.closePosition !== true && !u.opening(req.symbol)) throw futuresErrors.symbolStatus();
    // The desk answers a known client id with its order (an idempotent retry); Binance refuses it.
    if (req.clientOrderId !== undefined && (await store.perp.findByClientId(caller.user, req.clientOrderId)) !== undefined) throw futuresErrors.duplicateClientId();
    const reply = await desk.placeConditional(req);
    if (!reply.ok) throw futuresRefusal(reply.code, { minNotional: formatDecimal(u.market(req.symbol).market.minNotional, 8, true) });
    if (reply.value.triggerPrice === null) throw futuresErrors.duplicateClientId();
    return algoOrderShape(reply.value, undefined, tif);
  });

  route('GET', '/algoOrder', false, async (p, caller) => {
    const order = await findAlgo(p, caller.user, futuresErrors.noSuchOrder);
    p.done();
    return algoOrderShape(order, (await placedBy(caller.user, [order])).get(order.id));
  });

  route('DELETE', '/algoOrder', true, async (p, caller) => {
    const order = await findAlgo(p, caller.user, futuresErrors.unknownOrder);
    p.done();
    if (!open(order)) throw futuresErrors.unknownOrder();
    const gone = await desk.cancel({ user: caller.user, orderId: order.id });
    if (!gone.ok) throw futuresRefusal(gone.code);
    return { algoId: order.id, clientAlgoId: order.clientOrderId ?? '', code: '200', msg: 'success' };
  });

  route('GET', '/openAlgoOrders', false, async (p, caller) => {
    const algoType = p.text('algoType');
    if (algoType !== undefined && algoType !== 'CONDITIONAL') throw errors.value('algoType');
    const one = p.symbol();
    const symbol = one === undefined ? undefined : u.market(one).symbol;
    const algoId = p.int('algoId', 1, MAX_ID);
    p.done();
    const waiting = await desk.conditionals(caller.user, symbol);
    return waiting.filter((o) => algoId === undefined || o.id === algoId).map((o) => algoOrderShape(o));
  });

  route('GET', '/allAlgoOrders', false, async (p, caller) => {
    const symbol = u.market(p.requiredSymbol()).symbol;
    const range = {
      symbol, fromId: ms(p, 'algoId'), startTime: ms(p, 'startTime'), endTime: ms(p, 'endTime'), page: p.int('page', 1, 1_000_000, 1), limit: p.int('limit', 1, 1000, 500)!,
    };
    p.done();
    const rows = await load(caller.user, await orderIds(store.db, caller.user, range, true));
    const placed = await placedBy(caller.user, rows);
    return rows.map((o) => algoOrderShape(o, placed.get(o.id)));
  });

  route('DELETE', '/algoOpenOrders', true, async (p, caller) => {
    const symbol = u.market(p.requiredSymbol()).symbol;
    p.done();
    for (const o of await desk.conditionals(caller.user, symbol)) {
      const r = await desk.cancel({ user: caller.user, orderId: o.id });
      // One that fired meanwhile is no longer open: not an error.
      if (!r.ok && r.code !== 'order.not.found') throw futuresRefusal(r.code);
    }
    return { code: 200, msg: 'The operation of cancel all open order is done.' };
  });
}
