// REST seeds for the private topics: on every fresh run the stream layer reads the open orders and the spot
// balances here, then applies the live events on top, so a reconnect never leaves a stale list.
import type { BalanceUpdate, OrderStatus, OrderUpdate, SpotOrderItem } from '../contract.ts';
import { fetchBalances, fetchSpotOrders } from './spot.ts';

function statusOf(o: SpotOrderItem): OrderStatus {
  if (o.status === 'completed') return 'FILLED';
  if (o.status === 'cancelled') return 'CANCELED';
  return Number(o.tradedQuantity) > 0 ? 'PARTIALLY_FILLED' : 'NEW';
}

export function toOrderUpdate(o: SpotOrderItem): OrderUpdate {
  return {
    orderId: o.orderNo,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    side: o.side === 'buy' ? 'BUY' : 'SELL',
    type: o.type === 'limit' ? 'LIMIT' : 'MARKET',
    timeInForce: null,
    price: o.price ?? '0',
    origQty: o.quantity ?? '0',
    executedQty: o.tradedQuantity,
    cumulativeQuoteQty: o.tradedTotal,
    status: statusOf(o),
    time: o.time,
    updateTime: o.updateTime,
    trigger: o.trigger,
    orderListId: o.orderListId,
    ...(o.botId === undefined ? {} : { botId: o.botId }),
  };
}

export async function loadOpenOrders(signal: AbortSignal): Promise<readonly OrderUpdate[]> {
  const page = await fetchSpotOrders({ active: 1, pageIndex: 1, pageSize: 200 }, { signal, notify: false });
  return page.list.map(toOrderUpdate);
}

export async function loadSpotBalances(signal: AbortSignal): Promise<readonly BalanceUpdate[]> {
  const reply = await fetchBalances({ signal, notify: false });
  const now = Date.now();
  return reply.accounts.flatMap((a) => a.balances.map((b) => ({ wallet: a.account, asset: b.asset, available: b.available, frozen: b.frozen, time: now })));
}
