import { describe, expect, it } from 'vitest';
import { bracketItems } from '../../../server/gateway/routes/contract/views.ts';
import { applyFunding, applyMarkPrice, bracketsOf } from '../../../streams/reducers/contract-markets.ts';
import { BTC_PERP } from '../../server/kernel/perp/engine-fixtures.ts';

const event = (p: string, E: number, r = '0.00010000') => ({ e: 'markPriceUpdate' as const, E, s: 'BTCUSDT', p, i: null, r, T: 9_000 });

describe('contract market views', () => {
  it('spell the mark event as the API does: trimmed prices, the funding rate in percent', () => {
    expect(applyMarkPrice(null, event('50000.50000000', 1_000, '-0.00012500'))).toEqual({
      symbol: 'BTCUSDT', markPrice: '50000.5', indexPrice: null, fundingRate: '-0.0125', nextFundingTime: 9_000, time: 1_000,
    });
  });

  it('keep the held view for an older event or the same figures', () => {
    const held = applyMarkPrice(null, event('50000.00000000', 1_000));
    expect(applyMarkPrice(held, event('49000.00000000', 900))).toBe(held);
    expect(applyMarkPrice(held, event('50000.00000000', 2_000))).toBe(held);
    expect(applyFunding(held, { symbol: 'BTCUSDT', fundingRate: '0.02', nextFundingTime: 9_000, countdown: 1, time: 2_000 }).fundingRate).toBe('0.02');
  });

  it("read a market's brackets back to the server's own (rates in percent, amounts in quote)", () => {
    expect(bracketsOf({ brackets: bracketItems(BTC_PERP) })).toEqual(BTC_PERP.brackets);
    expect(bracketsOf({ brackets: [{ ...bracketItems(BTC_PERP)[0]!, notionalFloor: '1' }] })).toBeNull();
  });
});
