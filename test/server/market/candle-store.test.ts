// The candle repository on each dialect: upsert replaces a bar (never with an older one), big volumes survive exactly, ranges follow
// Binance's klines rules, and market data reopened on the same store continues where it stopped.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Price } from '../../../server/kernel/index.ts';
import { createCandleStore, MAX_CANDLE_LIMIT, type CandleStore } from '../../../server/market/candle-store.ts';
import type { Candle } from '../../../server/market/candles.ts';
import { closeTime } from '../../../server/market/intervals.ts';
import { MarketData } from '../../../server/market/service.ts';
import { describeDialects, type TestStore } from '../dialects.ts';
import { BTC, trade } from './fixtures.ts';
import { openMarketStore } from './market-store.ts';

const H = 3_600_000;
const T0 = Date.parse('2026-01-15T00:00:00Z');

function bar(openTime: number, close: number, extra: Partial<Candle> = {}): Candle {
  return {
    symbol: 'BTCUSDT', interval: '1h', openTime, closeTime: closeTime('1h', openTime),
    open: 100 as Price, high: 200 as Price, low: 50 as Price, close: close as Price,
    volume: 5n, quoteVolume: 7n, takerBuyVolume: 1n, takerBuyQuoteVolume: 2n, count: 3, firstTradeId: 1, lastTradeId: 3,
    ...extra,
  };
}

describeDialects('candle store', (dialect) => {
  let t: TestStore;
  let candles: CandleStore;
  beforeEach(async () => {
    t = await openMarketStore(dialect);
    candles = createCandleStore(t.store.db);
  });
  afterEach(async () => t.dispose());

  it('upserts bars and reads them back exactly, volumes past 2^63 included', async () => {
    const huge = 2n ** 70n + 12345n;
    await candles.upsert([bar(T0, 110), bar(T0 + H, 120, { quoteVolume: huge, lastTradeId: 5 })]);
    // The live bar moved on: every column of the second write must replace the first.
    const moved = bar(T0 + H, 130, { count: 9, volume: 6n, quoteVolume: 8n, takerBuyVolume: 3n, takerBuyQuoteVolume: 4n, high: 300 as Price, low: 40 as Price, lastTradeId: 2 ** 40 });
    await candles.upsert([moved]);
    const rows = await candles.latest('BTCUSDT', '1h', 10);
    expect(rows).toEqual([bar(T0, 110), moved]);
    await candles.upsert([bar(T0, 110, { quoteVolume: huge, lastTradeId: 2 ** 40 })]);
    const [first] = await candles.range('BTCUSDT', '1h', { startTime: T0, endTime: T0, limit: 5 });
    expect(first).toEqual(bar(T0, 110, { quoteVolume: huge, lastTradeId: 2 ** 40 }));
    expect(typeof first!.openTime).toBe('number');
    expect(await candles.latest('BTCUSDT', '1m', 10)).toEqual([]);
    expect(await candles.latest('ETHUSDT', '1h', 10)).toEqual([]);
  });

  it('keeps a bar over an older one written after it (a writer paused past its lease writing once more)', async () => {
    const newer = bar(T0, 130, { count: 9, lastTradeId: 9 });
    await candles.upsert([newer]);
    await candles.upsert([bar(T0, 110, { count: 3, lastTradeId: 3 }), bar(T0 + H, 120)]);
    expect(await candles.latest('BTCUSDT', '1h', 10)).toEqual([newer, bar(T0 + H, 120)]);
    // The same bar again, or a newer one, still replaces it.
    const newest = bar(T0, 140, { count: 10, lastTradeId: 10 });
    await candles.upsert([newest]);
    expect(await candles.latest('BTCUSDT', '1h', 1)).toEqual([bar(T0 + H, 120)]);
    expect((await candles.range('BTCUSDT', '1h', { startTime: T0, endTime: T0, limit: 1 }))[0]).toEqual(newest);
  });

  it('reads ranges as Binance klines do: from startTime forwards, or the newest up to endTime', async () => {
    await candles.upsert(Array.from({ length: 1200 }, (_, i) => bar(T0 + i * H, 100 + i))); // more than one INSERT chunk
    const closes = (cs: Candle[]) => cs.map((c) => c.close);
    expect(closes(await candles.range('BTCUSDT', '1h', { startTime: T0 + 10 * H, limit: 3 }))).toEqual([110, 111, 112]);
    expect(closes(await candles.range('BTCUSDT', '1h', { endTime: T0 + 10 * H, limit: 3 }))).toEqual([108, 109, 110]);
    expect(closes(await candles.range('BTCUSDT', '1h', { startTime: T0 + 5 * H, endTime: T0 + 7 * H, limit: 100 }))).toEqual([105, 106, 107]);
    expect(closes(await candles.latest('BTCUSDT', '1h', 2))).toEqual([1298, 1299]);
    expect(await candles.latest('BTCUSDT', '1h', 10 ** 6)).toHaveLength(Math.min(1200, MAX_CANDLE_LIMIT));
  });

  it('lets market data restart on the same store with its bars, live bars and 24 h ticker', async () => {
    const md = await MarketData.open({ markets: [BTC], candles });
    md.onTrade(trade(T0 + 10, 100, 1, 'buy', 1));
    md.onTrade(trade(T0 + H + 10, 300, 2, 'sell', 2));
    md.onTrade(trade(T0 + H + 20, 200, 1, 'buy', 3));
    // Reads see bars the store has not got yet.
    expect((await md.candles('BTCUSDT', '1h', { limit: 10 })).map((c) => c.close)).toEqual([100, 200]);
    expect(await md.flush()).toBeGreaterThan(0);
    expect(await md.flush()).toBe(0);

    const again = await MarketData.open({ markets: [BTC], candles });
    expect(again.onTrade(trade(T0 + H + 20, 200, 1, 'buy', 3))?.candles).toEqual([]); // a replay of a stored trade
    again.onTrade(trade(T0 + H + 30, 250, 1, 'buy', 4));
    expect((await again.candles('BTCUSDT', '1h', { limit: 10 })).map((c) => [c.open, c.high, c.low, c.close, c.count])).toEqual([
      [100, 100, 100, 100, 1],
      [300, 300, 200, 250, 3],
    ]);
    expect(again.ticker('BTCUSDT', T0 + 2 * H)).toMatchObject({ open: 100, high: 300, low: 100, last: 250, count: 4, firstId: 1, lastId: 4 });
    expect((await again.candles('BTCUSDT', '1d', { limit: 10 }))[0]).toMatchObject({ count: 4, lastTradeId: 4 });
    await again.flush();
    expect((await candles.latest('BTCUSDT', '1M', 10))[0]).toMatchObject({ open: 100, close: 250, count: 4 });
  });
});
