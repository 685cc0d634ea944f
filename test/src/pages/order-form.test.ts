import { describe, expect, it } from 'vitest';
import { feeEstimate, fromFraction, limitTotal, orderRequest, toText, validateOrder, type OrderInput } from '../../../src/pages/spot/order-form.ts';

const limitBuy: OrderInput = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', amount: '2', total: '' };
const funds = { base: 1, quote: 500 };

describe('order form rules (spec §5)', () => {
  it('asks for every field, a number, and more than 0', () => {
    expect(validateOrder({ ...limitBuy, price: '' }, funds)).toEqual({ field: 'price', id: 'rule.required' });
    expect(validateOrder({ ...limitBuy, price: 'abc' }, funds)).toEqual({ field: 'price', id: 'rule.number.format' });
    expect(validateOrder({ ...limitBuy, price: '0' }, funds)).toEqual({ field: 'price', id: 'rule.order.priceInvalid' });
    expect(validateOrder({ ...limitBuy, amount: '0.000' }, funds)).toEqual({ field: 'amount', id: 'rule.order.qtyInvalid' });
    expect(validateOrder({ ...limitBuy, type: 'market', total: '' }, funds)).toEqual({ field: 'total', id: 'rule.required' });
    expect(validateOrder({ ...limitBuy, side: 'sell', type: 'market', amount: '0' }, funds)).toEqual({ field: 'amount', id: 'rule.order.qtyInvalid' });
  });

  it('checks the balance on the side that pays', () => {
    expect(validateOrder(limitBuy, funds)).toBeNull();
    expect(validateOrder({ ...limitBuy, amount: '6' }, funds)).toEqual({ field: 'amount', id: 'rule.funds.insufficient' });
    expect(validateOrder({ ...limitBuy, type: 'market', total: '501' }, funds)?.id).toBe('rule.funds.insufficient');
    expect(validateOrder({ ...limitBuy, side: 'sell', amount: '1.5' }, funds)?.id).toBe('rule.funds.insufficient');
    // Unknown balances (still loading) leave the check to the server.
    expect(validateOrder({ ...limitBuy, amount: '600' }, null)).toBeNull();
  });

  it('builds the request each form sends', () => {
    expect(orderRequest(limitBuy)).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', amount: '2', timeInForce: 'GTC' });
    expect(orderRequest({ ...limitBuy, type: 'market', total: ' 50 ' })).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'market', total: '50' });
    expect(orderRequest({ ...limitBuy, side: 'sell', type: 'market' })).toEqual({ symbol: 'BTCUSDT', side: 'sell', type: 'market', amount: '2' });
  });

  it('derives totals, slider fractions and the fee', () => {
    expect(toText(0.1 + 0.2)).toBe('0.3');
    expect(toText(0)).toBe('');
    expect(limitTotal('100', '0.25')).toBe('25');
    expect(fromFraction(limitBuy, funds, 0.5)).toEqual({ total: '250', amount: '2.5' });
    expect(fromFraction({ ...limitBuy, side: 'sell', type: 'market' }, funds, 0.25)).toEqual({ amount: '0.25' });
    expect(feeEstimate(limitBuy)).toBe('0.002');
    expect(feeEstimate({ ...limitBuy, side: 'sell' })).toBe('0.2');
  });
});
