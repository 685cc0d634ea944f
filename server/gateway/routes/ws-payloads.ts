// Desk events as the WebSocket contract's private payloads (contract/ws.ts): the desks' lowercase views become the
// Binance-like upper-case shapes the web app parses; user ids stay out of what goes on the wire.
import type { EarnEvent } from '../../contract/earn.ts';
import { QUANT_STRATEGY_TYPE } from '../../contract/quant.ts';
import type { BalanceUpdate, OrderStatus, OrderUpdate, TransferUpdate, Wallet } from '../../contract/ws.ts';
import type { DeskEvent, OrderView, TransferView } from '../../desks/index.ts';

const STATUS: Readonly<Record<OrderView['status'], OrderStatus>> = {
  new: 'NEW',
  partially_filled: 'PARTIALLY_FILLED',
  filled: 'FILLED',
  canceled: 'CANCELED',
  expired: 'EXPIRED',
};

function timeInForce(o: OrderView): OrderUpdate['timeInForce'] {
  if (o.type === 'market') return null;
  if (o.postOnly) return 'POST_ONLY';
  return o.tif === 'GTC' || o.tif === 'IOC' || o.tif === 'FOK' ? o.tif : null;
}

export function orderUpdate(o: OrderView): OrderUpdate {
  return {
    orderId: o.orderId,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side === 'buy' ? 'BUY' : 'SELL',
    type: o.type === 'limit' ? 'LIMIT' : 'MARKET',
    timeInForce: timeInForce(o),
    // A market order has no limit price: "0", as Binance answers; one bought by quote amount has no base qty either.
    price: o.price ?? '0',
    origQty: o.qty ?? o.filledQty,
    executedQty: o.filledQty,
    cumulativeQuoteQty: o.filledQuote,
    status: STATUS[o.status],
    time: o.createdAt,
    updateTime: o.updatedAt,
    trigger:
      o.trigger === null
        ? null
        : { condition: o.trigger.condition, stopPrice: o.trigger.stopPrice, trailingDelta: o.trigger.trailingDelta, triggered: o.working, triggerTime: o.workingTime },
    orderListId: o.orderListId,
    ...botOf(o),
  };
}

/** `botId` for a quantitative bot's order (its strategyId), nothing for the user's own. */
export const botOf = (o: { strategyId: number | null; strategyType: number | null }): { botId?: number } =>
  o.strategyType === QUANT_STRATEGY_TYPE && o.strategyId !== null ? { botId: o.strategyId } : {};

export function balanceUpdate(e: Extract<DeskEvent, { type: 'balance' }>): BalanceUpdate {
  return { wallet: e.wallet as Wallet, asset: e.asset, available: e.available, frozen: e.frozen, time: e.time };
}

export function transferUpdate(t: TransferView): TransferUpdate {
  return {
    transferId: t.transferId,
    asset: t.asset,
    amount: t.amount,
    from: t.from as Wallet,
    to: t.to as Wallet,
    status: t.status === 'credited' ? 'completed' : 'pending',
    time: t.creditedAt ?? t.createdAt,
  };
}

/** The `earn` topic's payload (contract/earn.ts EarnEvent): the user's wealth or mining order after a change, as the
 *  app's order lists show it (no user id in it). Built afresh so nothing else the bus event may carry goes out. */
export function earnUpdate(e: EarnEvent): EarnEvent {
  return { type: 'earn', order: e.order };
}

/** The payload of a private bus event for its contract topic, or null when the event is not that topic's kind. */
export function privatePayload(e: DeskEvent): OrderUpdate | BalanceUpdate | TransferUpdate | null {
  if (e.type === 'order') return orderUpdate(e.order);
  if (e.type === 'balance') return balanceUpdate(e);
  if (e.type === 'transfer') return transferUpdate(e.transfer);
  return null;
}
