import { describe, expect, it } from 'vitest';
import { checkMargin, closeLimitRequest, closingSide, marginRequest, nearestTick, readPositive } from '../../../../src/pages/contract/forms.ts';

describe('position dialog inputs', () => {
  it('reads a positive decimal or names the rule it breaks', () => {
    expect(readPositive('12.5')).toEqual({ units: 1_250_000_000n });
    expect(readPositive('  ')).toEqual({ rule: 'rule.required' });
    expect(readPositive('1,5')).toEqual({ rule: 'rule.number.format' });
    expect(readPositive('0')).toEqual({ rule: 'rule.number.notPositive' });
    expect(readPositive('0.00', 'rule.order.priceInvalid')).toEqual({ rule: 'rule.order.priceInvalid' });
  });

  it('closes a long by selling and a short by buying, reduce-only, the whole position', () => {
    expect(closingSide('long')).toBe('sell');
    expect(closingSide('short')).toBe('buy');
    expect(closeLimitRequest({ symbol: 'ETHUSDT', direction: 'short', quantity: '1.25' }, ' 3000.5 ')).toEqual({
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '3000.5',
      amount: '1.25',
      timeInForce: 'GTC',
      reduceOnly: true,
    });
  });

  it('adds no more margin than is available; removal is the server’s to judge', () => {
    expect(checkMargin('add', '10', '10')).toBeNull();
    expect(checkMargin('add', '10.00000001', '10')).toBe('rule.funds.insufficient');
    expect(checkMargin('remove', '1000', '10')).toBeNull();
    expect(checkMargin('add', '5', null)).toBeNull();
    expect(checkMargin('add', '', '10')).toBe('rule.required');
    expect(checkMargin('remove', '0', '10')).toBe('rule.number.notPositive');
    expect(marginRequest('BTCUSDT', 'remove', ' 2.5 ')).toEqual({ symbol: 'BTCUSDT', type: 'remove', amount: '2.5' });
  });
});

describe('a close price to start from', () => {
  it('puts the mark on the nearest tick', () => {
    expect(nearestTick('95108.64875', '0.1')).toBe('95108.6');
    expect(nearestTick('95108.65', '0.1')).toBe('95108.7');
    expect(nearestTick('3298.7738', '0.01')).toBe('3298.77');
    expect(nearestTick('0.123456789', '0.0001')).toBe('0.1235');
    expect(nearestTick('100.5', null)).toBe('100.5');
    expect(nearestTick(null, '0.1')).toBe('');
  });
});
