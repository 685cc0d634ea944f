import { describe, expect, it } from 'vitest';
import { orderListRequest, pageCount, pageNumbers, pageRange } from '../../../../src/pages/orders/paging.ts';

describe('orders paging', () => {
  it('counts pages from the server total, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(25, 10)).toBe(3);
    expect(pageCount(5, 0)).toBe(1);
  });

  it('offers the first, last and neighbouring pages, gaps as null', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(1, 10)).toEqual([1, 2, null, 10]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageNumbers(10, 10)).toEqual([1, null, 9, 10]);
    // A gap of one page shows that page instead of an ellipsis.
    expect(pageNumbers(4, 10)).toEqual([1, 2, 3, 4, 5, null, 10]);
  });

  it('says which rows the page holds', () => {
    expect(pageRange(1, 20, 20, 25)).toEqual({ from: 1, to: 20, total: 25 });
    expect(pageRange(3, 10, 5, 25)).toEqual({ from: 21, to: 25, total: 25 });
    expect(pageRange(1, 20, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('builds the list request: defaults, market, side, status only in the history', () => {
    expect(orderListRequest({ active: 1 })).toEqual({ active: 1, pageIndex: 1, pageSize: 20 });
    expect(orderListRequest({ active: 1, page: 3, size: 50, symbol: 'ETHUSDT', side: 'buy', status: 'completed' })).toEqual({
      active: 1,
      pageIndex: 3,
      pageSize: 50,
      symbol: 'ETHUSDT',
      side: 'buy',
    });
    expect(orderListRequest({ active: 2, status: 'cancelled' })).toEqual({ active: 2, pageIndex: 1, pageSize: 20, status: 'cancelled' });
  });
});
