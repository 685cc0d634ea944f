import { describe, expect, it } from 'vitest';
import type { ContractConditionalItem, ContractOrderItem, ContractTradeItem } from '../../../../src/contract.ts';
import { parseContractOrderSearch } from '../../../../src/app/search.ts';
import { detailFailure, mayBeReleased, openTime, releasing, triggerPrices } from '../../../../src/pages/contract/order-detail.ts';
import { ApiError } from '../../../../src/api/error.ts';

const conditional = (over: Partial<ContractConditionalItem>): ContractConditionalItem => ({
  conditionalNo: 1,
  clientOrderId: null,
  symbol: 'BTCUSDT',
  codeName: 'BTC/USDT',
  side: 'sell',
  direction: 'long',
  type: 'stopMarket',
  triggerPrice: '90000',
  workingType: 'mark',
  price: null,
  quantity: null,
  closePosition: true,
  reduceOnly: true,
  origin: 'stopLoss',
  status: 'triggered',
  orderNo: 42,
  rejectReason: null,
  time: 1,
  updateTime: 2,
  ...over,
});

const order = { closing: false, closeMode: null } as unknown as ContractOrderItem;
const trade = (time: number) => ({ time }) as ContractTradeItem;

describe('contract order detail', () => {
  it('finds the conditional that released the order', () => {
    const list = [conditional({ conditionalNo: 1, orderNo: 41 }), conditional({ conditionalNo: 2, status: 'cancelled', orderNo: null }), conditional({ conditionalNo: 3 })];
    expect(releasing(list, 42)?.conditionalNo).toBe(3);
    expect(releasing(list, 7)).toBeUndefined();
  });

  it('takes the trigger, and TP or SL by the conditional’s origin', () => {
    expect(triggerPrices(undefined)).toEqual({ takeProfit: null, stopLoss: null, trigger: null, workingType: null });
    expect(triggerPrices(conditional({}))).toEqual({ takeProfit: null, stopLoss: '90000', trigger: '90000', workingType: 'mark' });
    expect(triggerPrices(conditional({ origin: 'takeProfit', triggerPrice: '120000' }))).toMatchObject({ takeProfit: '120000', stopLoss: null });
    expect(triggerPrices(conditional({ origin: 'trigger', workingType: 'last' }))).toMatchObject({ takeProfit: null, stopLoss: null, trigger: '90000', workingType: 'last' });
  });

  it('looks for a releasing conditional except behind liquidation and ADL orders', () => {
    expect(mayBeReleased(order)).toBe(true);
    expect(mayBeReleased({ ...order, closing: true, closeMode: 'stopLoss' })).toBe(true);
    expect(mayBeReleased({ ...order, closing: true, closeMode: 'liquidation' })).toBe(false);
    expect(mayBeReleased({ ...order, closing: true, closeMode: 'adl' })).toBe(false);
  });

  it('opens at the first fill of an opening order', () => {
    expect(openTime(order, [trade(30), trade(10), trade(20)])).toBe(10);
    expect(openTime(order, [])).toBeNull();
    expect(openTime({ ...order, closing: true }, [trade(5)])).toBeNull();
  });

  it('tells a missing order from other failures', () => {
    expect(detailFailure(new ApiError('order.not.found', 'x'))).toBe('notFound');
    expect(detailFailure(new ApiError('request.invalid', 'x'))).toBe('notFound');
    expect(detailFailure(new ApiError('client.timeout', 'x'))).toBe('failed');
    expect(detailFailure(new Error('boom'))).toBe('failed');
  });

  it('parses ?orderNo as a positive whole number, dropping anything else', () => {
    expect(parseContractOrderSearch({ orderNo: '42' })).toEqual({ orderNo: 42 });
    expect(parseContractOrderSearch({ orderNo: 7 })).toEqual({ orderNo: 7 });
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '12345678901234567', '9007199254740993']) {
      // Explicitly undefined, so the router's raw param does not survive the validator.
      expect(parseContractOrderSearch({ orderNo: bad })).toStrictEqual({ orderNo: undefined });
    }
  });
});
