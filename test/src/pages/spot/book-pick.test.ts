// What a click on a book level hands the order form: the price at the market's tick, the quantity up to that
// level at its step, summed exactly; and the market's filters read from an exchangeInfo reply.
import { describe, expect, it } from 'vitest';
import { bookGeometry, bookRows, pickOf } from '../../../../src/pages/spot/book-draw.ts';
import { stepDecimals, sumDecimals, toStep } from '../../../../src/pages/spot/book-ticks.ts';
import { parseMarketFilters } from '../../../../src/pages/spot/market-filters.ts';

const BTC = { tickSize: '0.01000000', stepSize: '0.00001000' };

describe('step precision', () => {
  it('counts the decimals a tick or step needs', () => {
    expect(stepDecimals('0.01000000')).toBe(2);
    expect(stepDecimals('0.00001000')).toBe(5);
    expect(stepDecimals('1.00000000')).toBe(0);
    expect(stepDecimals('10')).toBe(0);
  });

  it('writes a price at the tick and a quantity at the step, flooring to the grid', () => {
    expect(toStep('95256.00000000', BTC.tickSize)).toBe('95256.00');
    expect(toStep('95256.5', '0.01')).toBe('95256.50');
    expect(toStep('0.15234000', '0.00001000')).toBe('0.15234');
    expect(toStep('1.23456789', '0.001')).toBe('1.234');
    expect(toStep('1234.7', '1.00000000')).toBe('1234');
    expect(toStep('95255', '10')).toBe('95250');
    expect(toStep('12', '0.5')).toBe('12.0');
    expect(toStep('abc', '0.01')).toBeNull();
    expect(toStep('1', '0')).toBeNull();
  });

  it('sums decimal text exactly', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    expect(sumDecimals(['0.00001000', '1.5', '2'])).toBe('3.50001000');
    expect(sumDecimals(['1', 'x'])).toBeNull();
  });
});

describe('pickOf', () => {
  const g = bookGeometry(300, 30 + 2 * 18 * 3);
  const rows = bookRows(
    g,
    [['95256.00000000', '0.10000000'], ['95255.99000000', '0.20000000'], ['95250.00000000', '1.23456000']],
    [['95257.50000000', '0.30000000'], ['95258.00000000', '0.00001000']],
  );
  const bid = (i: number) => rows.find((r) => r.side === 'bid' && r.slot === g.perSide + i)!;
  const ask = (i: number) => rows.find((r) => r.side === 'ask' && r.slot === g.perSide - 1 - i)!;

  it('hands the price at the tick precision and the cumulative quantity at the step precision', () => {
    expect(pickOf(rows, bid(0), BTC)).toEqual({ price: '95256.00', qty: '0.10000' });
    // 0.1 + 0.2 is 0.3 exactly here, not 0.30000000000000004.
    expect(pickOf(rows, bid(1), BTC)).toEqual({ price: '95255.99', qty: '0.30000' });
    expect(pickOf(rows, bid(2), BTC)).toEqual({ price: '95250.00', qty: '1.53456' });
    expect(pickOf(rows, ask(0), BTC)).toEqual({ price: '95257.50', qty: '0.30000' });
    expect(pickOf(rows, ask(1), BTC)).toEqual({ price: '95258.00', qty: '0.30001' });
  });

  it('follows each market: a coarse step, a fine tick', () => {
    const doge = bookRows(g, [['0.15234000', '12345.00000000']], []);
    expect(pickOf(doge, doge[0]!, { tickSize: '0.00001000', stepSize: '1.00000000' })).toEqual({ price: '0.15234', qty: '12345' });
  });

  it('before the filters are known: the decimals the level needs (at least 2), no trailing zeros in the quantity', () => {
    expect(pickOf(rows, bid(1), null)).toEqual({ price: '95255.99', qty: '0.3' });
    expect(pickOf(rows, bid(0), null)).toEqual({ price: '95256.00', qty: '0.1' });
  });
});

describe('parseMarketFilters', () => {
  const reply = {
    symbols: [
      { symbol: 'ETHUSDT', filters: [{ filterType: 'PRICE_FILTER', tickSize: '0.01000000' }, { filterType: 'LOT_SIZE', stepSize: '0.00010000' }] },
      { symbol: 'BTCUSDT', filters: [{ filterType: 'PRICE_FILTER', tickSize: '0.01000000' }, { filterType: 'LOT_SIZE', stepSize: '0.00001000' }] },
    ],
  };

  it('reads the tick and step of the asked market', () => {
    expect(parseMarketFilters(reply, 'BTCUSDT')).toEqual(BTC);
    expect(parseMarketFilters(reply, 'ETHUSDT')?.stepSize).toBe('0.00010000');
  });

  it('refuses what it cannot trust', () => {
    expect(parseMarketFilters(reply, 'XRPUSDT')).toBeNull();
    expect(parseMarketFilters(null, 'BTCUSDT')).toBeNull();
    expect(parseMarketFilters({ symbols: [{ symbol: 'BTCUSDT', filters: [{ filterType: 'PRICE_FILTER', tickSize: '0' }] }] }, 'BTCUSDT')).toBeNull();
    expect(parseMarketFilters({ symbols: [{ symbol: 'BTCUSDT', filters: [{ filterType: 'PRICE_FILTER', tickSize: 0.01 }, { filterType: 'LOT_SIZE', stepSize: '1' }] }] }, 'BTCUSDT')).toBeNull();
  });
});
