// Binance-shaped payloads: decimal text from the market's units, exact; percent rounded only here.
import { expect, it } from 'vitest';
import type { Price } from '../../../server/kernel/index.ts';
import { CandleSet } from '../../../server/market/candles.ts';
import { DepthBook } from '../../../server/market/depth.ts';
import { formatDepth, formatDepthDiff, formatKline, formatKlineEvent, formatTicker, formatTrade, weightedAverage } from '../../../server/market/format.ts';
import { TradeRing } from '../../../server/market/trades.ts';
import { RollingTicker } from '../../../server/market/ticker.ts';
import { BTC, trade } from './fixtures.ts';

const T = Date.parse('2026-01-15T10:00:00Z');

it('formats depth, diffs and trades', () => {
  const d = new DepthBook(BTC.symbol, 9);
  d.apply({ symbol: BTC.symbol, side: 'buy', price: 9_500_012 as Price, qty: 150 });
  d.apply({ symbol: BTC.symbol, side: 'sell', price: 9_500_100 as Price, qty: 1 });
  expect(formatDepth(BTC, d.snapshot())).toEqual({ lastUpdateId: 11, bids: [['95000.12000000', '0.00150000']], asks: [['95001.00000000', '0.00001000']] });
  expect(formatDepthDiff(BTC, d.takeDiff(T)!)).toEqual({ e: 'depthUpdate', E: T, s: 'BTCUSDT', U: 10, u: 11, b: [['95000.12000000', '0.00150000']], a: [['95001.00000000', '0.00001000']] });
  const ring = new TradeRing();
  const t = ring.push(trade(T, 9_500_012, 3, 'sell', 77));
  expect(formatTrade(BTC, t)).toEqual({ id: 77, price: '95000.12000000', qty: '0.00003000', quoteQty: '2.85000360', time: T, isBuyerMaker: true, isBestMatch: true });
});

it('formats the 24 h ticker with signed change, 3-decimal percent and an exact weighted average', () => {
  const tk = new RollingTicker(BTC.symbol);
  tk.add(trade(T, 10_000, 1, 'buy', 1));
  tk.add(trade(T + 1000, 9_000, 2, 'sell', 2));
  const stats = tk.stats(T + 2000)!;
  const out = formatTicker(BTC, { ...stats, lastQty: 2, bid: [8_999 as Price, 4], ask: null });
  expect(out).toMatchObject({
    priceChange: '-10.00000000',
    priceChangePercent: '-10.000',
    weightedAvgPrice: '93.33333333', // (100 × 1 + 90 × 2) / 3, rounded down
    lastPrice: '90.00000000',
    lastQty: '0.00002000',
    bidPrice: '89.99000000',
    bidQty: '0.00004000',
    askPrice: '0.00000000',
    openPrice: '100.00000000',
    highPrice: '100.00000000',
    lowPrice: '90.00000000',
    volume: '0.00003000',
    quoteVolume: '0.00280000',
    count: 2,
    firstId: 1,
    lastId: 2,
  });
  expect(weightedAverage(0n, 0n)).toBe('0.00000000');
});

it('formats klines as rows and stream events', () => {
  const set = new CandleSet(BTC.symbol);
  set.add(trade(T + 5, 9_500_000, 2, 'buy', 5));
  const bar = set.current('1h')!;
  expect(formatKline(BTC, bar)).toEqual([T, '95000.00000000', '95000.00000000', '95000.00000000', '95000.00000000', '0.00002000', T + 3_600_000 - 1, '1.90000000', 1, '0.00002000', '1.90000000', '0']);
  expect(formatKlineEvent(BTC, bar, T + 10).k).toMatchObject({ i: '1h', f: 5, L: 5, x: false, o: '95000.00000000', v: '0.00002000' });
  expect(formatKlineEvent(BTC, bar, T + 3_600_000).k.x).toBe(true);
});
