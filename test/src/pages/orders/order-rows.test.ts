import { describe, expect, it } from 'vitest';
import type { OrderUpdate } from '../../../../src/contract.ts';
import { multiplyDecimal, orderRowFromUpdate } from '../../../../src/pages/orders/order-rows.ts';

const update = (over: Partial<OrderUpdate> = {}): OrderUpdate => ({
  orderId: 7,
  clientOrderId: null,
  symbol: 'BTCUSDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '90000.12',
  origQty: '0.015',
  executedQty: '0.005',
  cumulativeQuoteQty: '450.0006',
  status: 'PARTIALLY_FILLED',
  time: 1,
  updateTime: 2,
  trigger: null,
  orderListId: null,
  ...over,
});
const name = (s: string) => `${s.slice(0, 3)}/${s.slice(3)}`;

describe('order rows', () => {
  it('multiplies decimal text exactly', () => {
    expect(multiplyDecimal('90000.12', '0.015')).toBe('1350.0018');
    expect(multiplyDecimal('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimal('1000', '0.01')).toBe('10');
    expect(multiplyDecimal('0.00000001', '0.00000001')).toBe('0.0000000000000001');
    expect(multiplyDecimal('-1', '2')).toBeNull();
    expect(multiplyDecimal('abc', '2')).toBeNull();
  });

  it('turns a stream order into a table row', () => {
    expect(orderRowFromUpdate(update(), name)).toMatchObject({
      orderNo: 7,
      codeName: 'BTC/USDT',
      side: 'buy',
      type: 'limit',
      price: '90000.12',
      quantity: '0.015',
      total: '1350.0018',
      status: 'pending',
      tradedQuantity: '0.005',
      tradedTotal: '450.0006',
      cancelTime: null,
      closeTime: null,
    });
    const market = orderRowFromUpdate(update({ type: 'MARKET', side: 'SELL', price: '0', status: 'FILLED' }), name);
    expect(market).toMatchObject({ type: 'market', side: 'sell', price: null, total: null, status: 'completed', closeTime: 2, cancelTime: null });
    expect(orderRowFromUpdate(update({ status: 'CANCELED' }), name)).toMatchObject({ status: 'cancelled', cancelTime: 2 });
    expect(orderRowFromUpdate(update({ status: 'EXPIRED' }), name).status).toBe('cancelled');
  });
});
