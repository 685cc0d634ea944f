import { describe, expect, it } from 'vitest';
import { Code } from '../../../../server/kernel/codes.ts';
import { baseAmount, defineMarket, formatPrice, formatQty, notional, parsePrice, parseQty } from '../../../../server/kernel/money/market.ts';
import { amount, asset, price, qty } from '../../../../server/kernel/money/nominal.ts';
import { BTC_USDT } from '../fixtures.ts';


describe('market units', () => {
  const m = defineMarket(BTC_USDT);

  it('derives the quote value of one tick × one lot', () => {
    expect(m.quotePerTickLot).toBe(10n); // 0.01 USDT × 0.00001 BTC = 0.0000001 USDT
  });

  it('refuses markets whose notionals would need rounding, or that make no sense', () => {
    expect(() => defineMarket({ ...BTC_USDT, tickSize: 1n, lotSize: 1n })).toThrow(/multiple of 10\^8/);
    expect(() => defineMarket({ ...BTC_USDT, tickSize: 0n })).toThrow();
    expect(() => defineMarket({ ...BTC_USDT, minQty: qty(5), maxQty: 4 as never })).toThrow();
    expect(() => defineMarket({ ...BTC_USDT, quote: asset('BTC') })).toThrow();
    expect(() => defineMarket({ ...BTC_USDT, minNotional: amount(2n), maxNotional: amount(1n) })).toThrow();
    expect(() => defineMarket({ ...BTC_USDT, maxNotional: amount(10n ** 17n) })).toThrow(/2\^53/);
  });

  it('computes notionals exactly', () => {
    // 65000.01 USDT × 0.12345 BTC = 8024.2512345 USDT
    expect(notional(m, price(6_500_001), qty(12_345))).toBe(802_425_123_450n);
    expect(baseAmount(m, qty(12_345))).toBe(12_345_000n);
  });

  it('parses prices and quantities onto the tick and lot grids', () => {
    expect(parsePrice(m, '65000.01')).toEqual({ ok: true, value: 6_500_001 });
    expect(parsePrice(m, '65000.015')).toEqual({ ok: false, code: Code.PRICE_OFF_TICK });
    expect(parsePrice(m, '-1')).toEqual({ ok: false, code: Code.DECIMAL_NEGATIVE });
    expect(parseQty(m, '0.12345')).toEqual({ ok: true, value: 12_345 });
    expect(parseQty(m, '0.123456')).toEqual({ ok: false, code: Code.QTY_OFF_LOT });
    expect(parseQty(m, '0.000000001')).toEqual({ ok: false, code: Code.DECIMAL_TOO_PRECISE });
  });

  it('formats prices and quantities back', () => {
    expect(formatPrice(m, price(6_500_001))).toBe('65000.01000000');
    expect(formatPrice(m, price(6_500_001), true)).toBe('65000.01');
    expect(formatQty(m, qty(12_345), true)).toBe('0.12345');
  });

  it('brands only valid values', () => {
    expect(() => price(0)).toThrow();
    expect(() => qty(1.5)).toThrow();
    expect(() => asset('btc')).toThrow();
  });
});
