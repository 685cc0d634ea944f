// One row shape for every spot order table: the app API's SpotOrderItem. The live `orders` stream speaks
// Binance's shape, so its open orders are turned into the same rows here. Pure, for tests in node.
import type { OrderUpdate, SpotOrderItem } from '../../contract.ts';

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** a × b of two non-negative decimal texts, exactly (bigint), trailing zeros trimmed; null if either is not one. */
export function multiplyDecimal(a: string, b: string): string | null {
  const x = DECIMAL.exec(a.trim());
  const y = DECIMAL.exec(b.trim());
  if (!x || !y) return null;
  const fx = x[2] ?? '';
  const fy = y[2] ?? '';
  const scale = fx.length + fy.length;
  const digits = (BigInt((x[1] ?? '0') + fx) * BigInt((y[1] ?? '0') + fy)).toString().padStart(scale + 1, '0');
  const int = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** A stream order as a table row; `name` turns "BTCUSDT" into "BTC/USDT". */
export function orderRowFromUpdate(o: OrderUpdate, name: (symbol: string) => string): SpotOrderItem {
  const status = o.status === 'FILLED' ? 'completed' : o.status === 'NEW' || o.status === 'PARTIALLY_FILLED' ? 'pending' : 'cancelled';
  const limit = o.type === 'LIMIT';
  return {
    orderNo: o.orderId,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    codeName: name(o.symbol),
    side: o.side === 'BUY' ? 'buy' : 'sell',
    type: limit ? 'limit' : 'market',
    price: limit ? o.price : null,
    quantity: o.origQty,
    total: limit ? multiplyDecimal(o.price, o.origQty) : null,
    status,
    tradedQuantity: o.executedQty,
    tradedTotal: o.cumulativeQuoteQty,
    avgPrice: null,
    fee: '0',
    feeAsset: '',
    time: o.time,
    updateTime: o.updateTime,
    cancelTime: status === 'cancelled' ? o.updateTime : null,
    closeTime: status === 'pending' ? null : o.updateTime,
    trigger: o.trigger,
    orderListId: o.orderListId,
    ...(o.botId === undefined ? {} : { botId: o.botId }),
  };
}
