// The recent-trades ring: bounded, newest N oldest first, Binance's isBuyerMaker.
import { expect, it } from 'vitest';
import { TradeRing } from '../../../server/market/trades.ts';
import { trade } from './fixtures.ts';

it('keeps the newest trades up to its capacity, oldest first', () => {
  const ring = new TradeRing(3);
  expect(ring.recent()).toEqual([]);
  expect(ring.last()).toBeUndefined();
  for (let id = 1; id <= 5; id++) ring.push(trade(id * 1000, 100 + id, 1, id % 2 === 0 ? 'sell' : 'buy', id));
  expect(ring.size).toBe(3);
  expect(ring.recent().map((t) => t.id)).toEqual([3, 4, 5]);
  expect(ring.recent(2).map((t) => t.id)).toEqual([4, 5]);
  expect(ring.recent(99).map((t) => t.id)).toEqual([3, 4, 5]);
  expect(ring.last()?.id).toBe(5);
  expect(ring.recent().map((t) => t.isBuyerMaker)).toEqual([false, true, false]);
  expect(ring.recent(1)[0]).toEqual({ id: 5, price: 105, qty: 1, quoteQty: 1050n, time: 5000, isBuyerMaker: false });
  expect(() => new TradeRing(0)).toThrow();
});
