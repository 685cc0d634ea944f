// The timers around market data: what is published when, and candle writes that survive a failing database.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Price } from '../../../server/kernel/index.ts';
import type { Candle } from '../../../server/market/candles.ts';
import { INTERVALS } from '../../../server/market/intervals.ts';
import { setUpMarketPublisher, type MarketMessage } from '../../../server/market/publisher.ts';
import { MarketData } from '../../../server/market/service.ts';
import { BTC, memoryCandles, trade } from './fixtures.ts';

const T0 = Date.parse('2026-01-15T08:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

it('publishes trades, bars and depth every 100 ms, tickers of traded markets every second, and writes bars', async () => {
  const store = memoryCandles();
  const md = await MarketData.open({ markets: [BTC], candles: store });
  const got: MarketMessage[] = [];
  const stop = setUpMarketPublisher(md, { clock: () => Date.now(), publish: (m) => got.push(m), onError: (e) => { throw e; } });

  md.onLevels([{ symbol: 'BTCUSDT', side: 'sell', price: 101 as Price, qty: 5 }]);
  md.onTrade(trade(T0 + 1, 101, 2, 'buy', 1));
  md.onLevels([{ symbol: 'BTCUSDT', side: 'sell', price: 101 as Price, qty: 3 }]);
  vi.advanceTimersByTime(100);
  expect(got.map((m) => m.topic)).toEqual(['trade', ...INTERVALS.map(() => 'kline'), 'depth']);
  expect(got.at(-1)).toMatchObject({ topic: 'depth', diff: { firstUpdateId: 1, finalUpdateId: 2, asks: [[101, 3]] } });

  got.length = 0;
  vi.advanceTimersByTime(900);
  expect(got).toEqual([expect.objectContaining({ topic: 'ticker', symbol: 'BTCUSDT', ticker: expect.objectContaining({ last: 101, ask: [101, 3], lastQty: 2 }) })]);
  await vi.advanceTimersByTimeAsync(0);
  expect(store.rows.size).toBe(INTERVALS.length);

  got.length = 0;
  vi.advanceTimersByTime(1000);
  expect(got).toEqual([]); // nothing traded: no ticker, no diffs
  md.onTrade(trade(T0 + 2500, 105, 1, 'buy', 2));
  await stop();
  expect([...store.rows.values()].filter((c) => c.interval === '1m').map((c) => c.close)).toEqual([105]);
  expect(vi.getTimerCount()).toBe(0);
});

it('keeps bars whose write failed and writes them on the next flush', async () => {
  const store = memoryCandles();
  let fail = true;
  const upsert = store.upsert;
  store.upsert = async (bars: readonly Candle[]) => {
    if (fail) throw new Error('database down');
    return upsert(bars);
  };
  const md = await MarketData.open({ markets: [BTC], candles: store });
  const errors: unknown[] = [];
  const stop = setUpMarketPublisher(md, { clock: () => Date.now(), publish: () => {}, onError: (e) => errors.push(e) });
  md.onTrade(trade(T0 + 1, 100, 1, 'buy', 1));
  await vi.advanceTimersByTimeAsync(1000);
  expect(errors).toHaveLength(1);
  expect(store.rows.size).toBe(0);
  fail = false;
  await vi.advanceTimersByTimeAsync(1000);
  expect(store.rows.size).toBe(INTERVALS.length);
  await stop();
});
