// The desks' order and fill views in Binance's shapes: amounts with 8 decimals, upper-case enums, times in ms.
import { formatDecimal, parseDecimal } from '../../kernel/index.ts';
import type { FillSummary, OrderListView, OrderView, TradeView } from '../../desks/index.ts';

/** Decimal text (trimmed or not) → Binance's 8-decimal form; null → zero. */
export function d8(text: string | null | undefined): string {
  if (text === null || text === undefined) return '0.00000000';
  const parsed = parseDecimal(text);
  return parsed.ok ? formatDecimal(parsed.value, 8) : text;
}

export function orderStatus(o: OrderView): string {
  if (o.status === 'expired' && o.closeCode !== null && o.closeCode.startsWith('order.expired.stp')) return 'EXPIRED_IN_MATCH';
  return o.status.toUpperCase();
}

/** Binance's order type: a conditional order is STOP_LOSS / TAKE_PROFIT, or their _LIMIT forms, for its whole life. */
export const orderType = (o: OrderView): string => {
  if (o.trigger !== null) return `${o.trigger.condition === 'stop_loss' ? 'STOP_LOSS' : 'TAKE_PROFIT'}${o.type === 'limit' ? '_LIMIT' : ''}`;
  return o.type === 'market' ? 'MARKET' : o.postOnly ? 'LIMIT_MAKER' : 'LIMIT';
};
const tif = (o: OrderView): string => (o.type === 'market' ? 'GTC' : o.tif);
// Whether the order is on the book now; the views don't record whether a closed order ever rested. A conditional
// order waiting for its trigger is not working.
export const working = (o: OrderView): boolean => o.type === 'limit' && o.working && (o.status === 'new' || o.status === 'partially_filled');
/** When it started working: its placement, or the moment a conditional order fired; -1 while it waits. */
const workingTime = (o: OrderView): number => (o.working ? (o.workingTime ?? o.createdAt) : -1);
/**
 * Binance's trailing time of a trailing order that tracks the price (REST `trailingTime`, executionReport `D`); null
 * before it does (an activation price not reached yet) and for any other order. The views keep no activation time:
 * a trailing order tracks from its placement unless it has an activation price, so this is its creation time, and
 * for one with an activation price also its creation time (not the moment the price reached it).
 */
export const trailingTime = (o: OrderView): number | null =>
  o.trigger === null || o.trigger.trailingDelta === null || o.trigger.trailPrice === null ? null : o.createdAt;

/** stopPrice, and for a trailing order trailingDelta (and trailingTime once it tracks), as Binance adds them. */
function triggerFields(o: OrderView) {
  const t = o.trigger;
  if (t === null) return {};
  return {
    stopPrice: d8(t.stopPrice),
    ...(t.trailingDelta === null ? {} : { trailingDelta: t.trailingDelta, trailingTime: trailingTime(o) ?? -1 }),
  };
}

/** The fields every order reply shares (Binance's RESULT). */
function core(o: OrderView) {
  return {
    symbol: o.symbol,
    orderId: o.orderId,
    orderListId: o.orderListId ?? -1,
    clientOrderId: o.clientOrderId ?? '',
    price: d8(o.price),
    // A quote-sized market order has no base quantity of its own; Binance shows what it bought or sold.
    origQty: d8(o.qty ?? o.filledQty),
    executedQty: d8(o.filledQty),
    origQuoteOrderQty: d8(o.quoteQty),
    cummulativeQuoteQty: d8(o.filledQuote),
    status: orderStatus(o),
    timeInForce: tif(o),
    type: orderType(o),
    side: o.side.toUpperCase(),
    ...triggerFields(o),
  };
}

export type RespType = 'ACK' | 'RESULT' | 'FULL';

export const fillShape = (f: FillSummary) => ({ price: d8(f.price), qty: d8(f.qty), commission: d8(f.fee), commissionAsset: f.feeAsset, tradeId: f.tradeId });

/** strategyId and strategyType, only when the order was placed with them (as Binance). */
const strategyFields = (o: OrderView) => ({
  ...(o.strategyId !== null ? { strategyId: o.strategyId } : {}),
  ...(o.strategyType !== null ? { strategyType: o.strategyType } : {}),
});

/** POST /api/v3/order */
export function newOrderShape(o: OrderView, fills: readonly FillSummary[], resp: RespType) {
  const ack = { symbol: o.symbol, orderId: o.orderId, orderListId: o.orderListId ?? -1, clientOrderId: o.clientOrderId ?? '', transactTime: o.updatedAt };
  if (resp === 'ACK') return ack;
  const result = { ...ack, ...core(o), ...strategyFields(o), transactTime: o.updatedAt, workingTime: workingTime(o), selfTradePreventionMode: 'EXPIRE_TAKER' };
  return resp === 'RESULT' ? result : { ...result, fills: fills.map(fillShape) };
}

/** GET /api/v3/order, openOrders, allOrders */
export function orderShape(o: OrderView) {
  return {
    stopPrice: '0.00000000',
    ...core(o),
    icebergQty: '0.00000000',
    ...strategyFields(o),
    time: o.createdAt,
    updateTime: o.updatedAt,
    isWorking: working(o),
    workingTime: workingTime(o),
    selfTradePreventionMode: 'EXPIRE_TAKER',
  };
}

/** DELETE /api/v3/order, openOrders */
export function cancelShape(o: OrderView, origClientOrderId: string | null) {
  const { symbol, orderId, orderListId, clientOrderId, ...rest } = core(o);
  return { symbol, origClientOrderId: origClientOrderId ?? clientOrderId, orderId, orderListId, clientOrderId, transactTime: o.updatedAt, ...rest, ...strategyFields(o), selfTradePreventionMode: 'EXPIRE_TAKER' };
}

/** GET /api/v3/myTrades item, from the user's side of a trade. */
export function myTradeShape(t: TradeView, user: { orderId: number; side: 'buy' | 'sell' }) {
  const maker = t.makerOrder === user.orderId;
  return {
    symbol: t.symbol,
    id: t.tradeId,
    orderId: user.orderId,
    orderListId: -1,
    price: d8(t.price),
    qty: d8(t.qty),
    quoteQty: d8(t.quote),
    commission: d8(maker ? t.makerFee : t.takerFee),
    commissionAsset: maker ? t.makerFeeAsset : t.takerFeeAsset,
    time: t.time,
    isBuyer: user.side === 'buy',
    isMaker: maker,
    isBestMatch: true,
  };
}

/** An OCO list in Binance's shape (orderList/oco, DELETE orderList, GET orderList, openOrderList, allOrderList). */
export function listShape(list: OrderListView, reports?: readonly object[]) {
  const done = list.status === 'all_done';
  return {
    orderListId: list.orderListId,
    contingencyType: 'OCO',
    listStatusType: done ? 'ALL_DONE' : 'EXEC_STARTED',
    listOrderStatus: done ? 'ALL_DONE' : 'EXECUTING',
    listClientOrderId: list.clientListId ?? '',
    transactionTime: list.updatedAt,
    symbol: list.symbol,
    orders: list.orders.map((o) => ({ symbol: list.symbol, orderId: o.orderId, clientOrderId: o.clientOrderId ?? '' })),
    ...(reports === undefined ? {} : { orderReports: reports }),
  };
}
