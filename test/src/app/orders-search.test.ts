import { describe, expect, it } from 'vitest';
import { parseOrdersSearch, parseSearchString, stringifySearchObject } from '../../../src/app/search.ts';

describe('/commin search: paging and filters', () => {
  it('keeps a valid page, size, market, side and (history) status', () => {
    expect(parseOrdersSearch({ active: '2', page: '3', size: '50', symbol: 'eth/usdt', side: 'sell', status: 'cancelled' })).toEqual({
      active: 2,
      page: 3,
      size: 50,
      symbol: 'ETHUSDT',
      side: 'sell',
      status: 'cancelled',
    });
  });

  it('drops what is not valid, each on its own', () => {
    expect(parseOrdersSearch({ active: '1', page: '0', size: '20', symbol: 'x', side: 'long', status: 'done' })).toEqual({ active: 1 });
    expect(parseOrdersSearch({ page: '-2', size: '15' })).toEqual({ active: 1 });
    expect(parseOrdersSearch({ page: '1.5', size: '200' })).toEqual({ active: 1, size: 200 });
    // Only the spec's sizes; 20 is the default and stays out of the URL.
    for (const size of [10, 30, 50, 70, 100, 200]) expect(parseOrdersSearch({ size: String(size) }).size).toBe(size);
    expect(parseOrdersSearch({ size: '20' }).size).toBeUndefined();
    // Status filters the history only.
    expect(parseOrdersSearch({ active: '1', status: 'completed' })).toEqual({ active: 1 });
  });

  it('survives the URL round trip', () => {
    const search = parseOrdersSearch({ active: '2', page: '4', size: '10', symbol: 'BTCUSDT', side: 'buy', status: 'completed' });
    expect(parseOrdersSearch(parseSearchString(stringifySearchObject({ ...search })))).toEqual(search);
  });
});
