import { describe, expect, it } from 'vitest';
import type { OrderUpdate } from '../../../../src/contract.ts';
import { splitOpenOrders } from '../../../../src/pages/spot/open-order-rows.ts';
import { comparator, conditionalTypeId, isWaiting, priceText, stopText, trailingText } from '../../../../src/pages/spot/trigger-text.ts';

const update = (orderId: number, over: Partial<OrderUpdate> = {}): OrderUpdate => ({
  orderId, clientOrderId: null, symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', price: '38900', origQty: '0.01', executedQty: '0',
  cumulativeQuoteQty: '0', status: 'NEW', time: orderId, updateTime: orderId, trigger: null, orderListId: null, ...over,
});
const waiting = { condition: 'stop_loss', stopPrice: '39000', trailingDelta: null, triggered: false, triggerTime: null } as const;

describe('how a trigger reads', () => {
  it('shows which way the last price must cross the stop', () => {
    expect(comparator('sell', 'stop_loss')).toBe('≤');
    expect(comparator('buy', 'take_profit')).toBe('≤');
    expect(comparator('buy', 'stop_loss')).toBe('≥');
    expect(comparator('sell', 'take_profit')).toBe('≥');
    expect(stopText('sell', 'stop_loss', '41000')).toBe('≤ 41,000.00');
    expect(stopText('buy', 'stop_loss', null)).toBeNull();
  });

  it('keeps a price at 2 decimals at least and all of its own up to 8', () => {
    expect(priceText('41000')).toBe('41,000.00');
    expect(priceText('0.00012345')).toBe('0.00012345');
    expect(priceText('3.10000000')).toBe('3.10');
    expect(priceText(null)).toBe('--');
    expect(trailingText(150)).toBe('1.50 %');
    expect(trailingText(10)).toBe('0.10 %');
  });

  it('names the order a trigger makes', () => {
    expect(conditionalTypeId({ type: 'limit', trigger: waiting })).toBe('perp.type.stopLimit');
    expect(conditionalTypeId({ type: 'market', trigger: { ...waiting, condition: 'take_profit' } })).toBe('perp.type.takeProfitMarket');
  });
});

describe('open orders split by the stream', () => {
  it('puts waiting conditional orders apart, and a fired one back with the working orders', () => {
    const { current, conditional } = splitOpenOrders(
      [
        update(1),
        update(2, { trigger: waiting }),
        update(3, { type: 'MARKET', price: '0', trigger: { ...waiting, stopPrice: null, trailingDelta: 150 }, orderListId: 9 }),
        update(4, { trigger: { ...waiting, triggered: true, triggerTime: 10 }, status: 'PARTIALLY_FILLED', executedQty: '0.004' }),
        update(5, { trigger: waiting, status: 'CANCELED' }),
        update(6, { status: 'FILLED' }),
      ],
      (s) => `${s.slice(0, 3)}/${s.slice(3)}`,
    );
    expect(current.map((r) => r.orderNo)).toEqual([1, 4]);
    expect(conditional.map((r) => r.orderNo)).toEqual([2, 3]);
    expect(conditional[1]).toMatchObject({ type: 'market', price: null, orderListId: 9, codeName: 'BTC/USDT', trigger: { trailingDelta: 150, triggered: false } });
    expect(current[1]?.trigger?.triggered).toBe(true);
    expect(isWaiting(conditional[0]!)).toBe(true);
    expect(isWaiting({ status: 'cancelled', trigger: waiting })).toBe(false);
  });
});
