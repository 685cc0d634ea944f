import { describe, expect, it } from 'vitest';
import { parseBalancesReply, parseMyTradePage, parseOrderPage, parsePlaceOcoReply, parsePlaceOrderReply, parseOrder } from '../../../src/api/spot-parse.ts';
import { toOrderUpdate } from '../../../src/api/stream-seeds.ts';

const order = {
  orderNo: 7, clientOrderId: null, symbol: 'BTCUSDT', codeName: 'BTC/USDT', side: 'buy', type: 'limit', price: '90000', quantity: '0.01',
  total: '900', status: 'pending', tradedQuantity: '0.004', tradedTotal: '360', avgPrice: '90000', fee: '0.000004', feeAsset: 'BTC',
  time: 1, updateTime: 2, cancelTime: null, closeTime: null,
};

describe('spot reply parsers', () => {
  it('reads a placed order with its fills, or refuses a malformed one', () => {
    const reply = parsePlaceOrderReply({ order, fills: [{ tradeId: 1, price: '90000', quantity: '0.004', total: '360', fee: '0', feeAsset: 'BTC', maker: false }], duplicate: false });
    expect(reply?.order.orderNo).toBe(7);
    expect(reply?.fills).toHaveLength(1);
    expect(parsePlaceOrderReply({ order: { ...order, side: 'up' }, fills: [] })).toBeNull();
  });

  it('reads order and trade pages', () => {
    expect(parseOrderPage({ list: [order], total: 1, pageIndex: 1, pageSize: 20 })?.list[0]?.status).toBe('pending');
    expect(parseMyTradePage({ list: [{ tradeId: 3, symbol: 'BTCUSDT', orderNo: 7, side: 'sell', maker: true, price: '1', quantity: '2', total: '2', fee: '0', feeAsset: 'USDT', time: 5 }], total: 1 })?.list[0]?.side).toBe('sell');
    expect(parseOrderPage({ list: 'x' })).toBeNull();
  });

  it('reads balances per account', () => {
    const reply = parseBalancesReply({ accounts: [{ account: 'coin', balances: [{ asset: 'USDT', available: '5', frozen: '1', total: '6', valueUsdt: '6' }], totalUsdt: '6' }], totalUsdt: '6', unpriced: [] });
    expect(reply?.accounts[0]?.balances[0]?.frozen).toBe('1');
    expect(parseBalancesReply({ accounts: [{ account: 'moon', balances: [] }] })).toBeNull();
  });

  it('turns an order item into the stream layer order update', () => {
    const parsed = parseOrderPage({ list: [order] })?.list[0];
    if (!parsed) throw new Error('unparsed');
    expect(toOrderUpdate(parsed)).toMatchObject({ orderId: 7, side: 'BUY', type: 'LIMIT', status: 'PARTIALLY_FILLED', origQty: '0.01', executedQty: '0.004' });
  });

  it('reads a conditional order: its trigger and its OCO list, or refuses a malformed one', () => {
    const trigger = { condition: 'stop_loss', stopPrice: '39000', trailingDelta: null, triggered: false, triggerTime: null };
    expect(parseOrder(order)).toMatchObject({ trigger: null, orderListId: null });
    expect(parseOrder({ ...order, trigger, orderListId: 4 })).toMatchObject({ trigger, orderListId: 4 });
    const trailing = parseOrder({ ...order, trigger: { condition: 'take_profit', trailingDelta: 150, triggered: true, triggerTime: 9 } });
    expect(trailing?.trigger).toEqual({ condition: 'take_profit', stopPrice: null, trailingDelta: 150, triggered: true, triggerTime: 9 });
    for (const bad of [
      { ...trigger, condition: 'stop' },
      { ...trigger, triggered: 'no' },
      { ...trigger, stopPrice: 39000 },
      { ...trigger, stopPrice: null },
      { ...trigger, trailingDelta: 5 },
      { ...trigger, trailingDelta: 1.5 },
      { ...trigger, triggerTime: 'now' },
      'stop_loss',
    ]) {
      expect(parseOrder({ ...order, trigger: bad }), JSON.stringify(bad)).toBeNull();
    }
    expect(parseOrder({ ...order, orderListId: '4' })).toBeNull();
  });

  it('reads a placed OCO: its list id and both legs', () => {
    const legs = [{ ...order, orderListId: 3 }, { ...order, orderNo: 8, trigger: { condition: 'stop_loss', stopPrice: '1', triggered: false }, orderListId: 3 }];
    const reply = parsePlaceOcoReply({ orderListId: 3, orders: legs, duplicate: false });
    expect(reply?.orders.map((o) => [o.orderNo, o.trigger?.condition ?? null])).toEqual([[7, null], [8, 'stop_loss']]);
    expect(parsePlaceOcoReply({ orderListId: 3, orders: legs.slice(0, 1) })).toBeNull();
    expect(parsePlaceOcoReply({ orders: legs })).toBeNull();
  });
});
