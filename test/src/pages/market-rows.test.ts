import { describe, expect, it } from 'vitest';
import type { Ticker24h } from '../../../src/contract.ts';
import { nextSort, pairName, topMovers, visibleSymbols } from '../../../src/pages/quotation/market-rows.ts';
import { sparkPath } from '../../../src/pages/quotation/Sparkline.tsx';
import { cumulative, groupingTicks, priceDecimals, qtyDecimals } from '../../../src/pages/spot/book-ticks.ts';

const t = (symbol: string, lastPrice: string, pct: string, quoteVolume: string): Ticker24h =>
  ({ symbol, lastPrice, priceChangePercent: pct, quoteVolume, highPrice: lastPrice, lowPrice: lastPrice, count: 1 }) as Ticker24h;
const list = [t('BTCUSDT', '95000', '1.5', '300'), t('ETHUSDT', '3300', '-4', '500'), t('SOLUSDT', '140', '0.2', '100')];

describe('market list', () => {
  it('names pairs', () => {
    expect(pairName('BTCUSDT')).toBe('BTC/USDT');
    expect(pairName('XYZ')).toBe('XYZ');
  });

  it('searches, sorts by any column and keeps to the watchlist', () => {
    const q = { search: '', sort: { key: 'volume', dir: 'desc' } as const, only: null };
    expect(visibleSymbols(list, q)).toEqual(['ETHUSDT', 'BTCUSDT', 'SOLUSDT']);
    expect(visibleSymbols(list, { ...q, sort: { key: 'last', dir: 'asc' } })).toEqual(['SOLUSDT', 'ETHUSDT', 'BTCUSDT']);
    expect(visibleSymbols(list, { ...q, search: 'sol/' })).toEqual(['SOLUSDT']);
    expect(visibleSymbols(list, { ...q, only: ['BTCUSDT'] })).toEqual(['BTCUSDT']);
    expect(nextSort({ key: 'symbol', dir: 'asc' }, 'symbol')).toEqual({ key: 'symbol', dir: 'desc' });
    expect(nextSort({ key: 'symbol', dir: 'asc' }, 'change')).toEqual({ key: 'change', dir: 'desc' });
  });

  it('ranks top movers by the size of the move', () => {
    expect(topMovers(list, 2).map((x) => x.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
  });

  it('draws a sparkline path, or none for fewer than two points', () => {
    expect(sparkPath([1])).toBe('');
    expect(sparkPath([1, 2], 10, 10)).toBe('M0.0,8.0 L10.0,2.0');
  });
});

describe('order book helpers', () => {
  it('offers grouping steps below the price', () => {
    expect(groupingTicks(95000)).toEqual(['0.1', '1', '10', '100']);
    expect(groupingTicks(0.29)).toEqual(['0.000001', '0.00001', '0.0001', '0.001']);
    expect(groupingTicks(0)).toEqual([]);
  });

  it('shows a grouped level exactly and big quantities briefly', () => {
    expect(priceDecimals('0.29118000')).toBe(5);
    expect(priceDecimals('95000.00000000')).toBe(2);
    expect(qtyDecimals(5123)).toBe(2);
    expect(qtyDecimals(0.0123)).toBe(5);
  });

  it('sums depth best first', () => {
    expect(cumulative([['1', '2'], ['0.9', '3']])).toEqual({ sums: [2, 5], max: 5 });
  });
});
