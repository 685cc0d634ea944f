// Market data started again after a stop under heavy trading: the stored bars counted trades only up to their last
// write, and more trades than the latest `limit` the replay reads came after it. Every stored trade after the bars'
// watermark is counted once, in order; the recent-trades list holds the latest ones.
import { describe, expect, it } from 'vitest';
import { replayStoredTrades } from '../../../server/market/bridge.ts';
import { MarketData } from '../../../server/market/service.ts';
import type { SpotTrade } from '../../../server/store/spot.ts';
import { BTC, memoryCandles, trade } from './fixtures.ts';

const MINUTE = Date.UTC(2026, 10, 30, 8, 0, 0);

/** `n` trades numbered 1 … n, within one minute, as the store has them. */
function storedTrades(n: number): SpotTrade[] {
  return Array.from({ length: n }, (_, i) => {
    const t = trade(MINUTE + Math.floor((i * 59_000) / n), 5_000_000 + (i % 7), 10 + (i % 3), i % 2 === 0 ? 'buy' : 'sell', i + 1);
    return {
      symbol: BTC.symbol, tradeNo: t.id, price: BigInt(t.price) * BTC.tickSize, qty: BigInt(t.qty) * BTC.lotSize, quote: t.quote, time: t.time, takerSide: t.takerSide,
      takerOrder: 0, makerOrder: 0, takerUser: 0, makerUser: 0, takerFee: 0n, takerFeeAsset: 'BTC', makerFee: 0n, makerFeeAsset: 'USDT',
    } as unknown as SpotTrade;
  });
}

/** The store's two reads over an array. */
function spotOver(rows: readonly SpotTrade[]) {
  return {
    recentTrades: async (symbol: string, limit: number) => rows.filter((t) => t.symbol === symbol).slice(-limit).reverse(),
    tradesBetween: async (symbol: string, afterNo: number, beforeNo: number, limit: number) =>
      rows.filter((t) => t.symbol === symbol && t.tradeNo > afterNo && t.tradeNo < beforeNo).slice(0, limit),
  };
}

describe('replaying stored trades into market data', () => {
  it('counts every trade after the stored bars once, though they are more than the latest 1,000', async () => {
    const rows = storedTrades(12_345);
    const candles = memoryCandles();
    // The bars as written before the stop: through trade 100.
    const before = await MarketData.open({ markets: [BTC], candles });
    await replayStoredTrades(spotOver(rows.slice(0, 100)), before);
    await before.flush();
    expect(before.candlesCountedThrough(BTC.symbol)).toBe(100);

    const after = await MarketData.open({ markets: [BTC], candles });
    expect(after.candlesCountedThrough(BTC.symbol)).toBe(100);
    await replayStoredTrades(spotOver(rows), after);
    const volume = rows.reduce((sum, t) => sum + t.qty, 0n);
    for (const interval of ['1m', '1h', '1d'] as const) {
      const bar = (await after.candles(BTC.symbol, interval, { limit: 1 }))[0]!;
      expect([interval, bar.lastTradeId, bar.volume]).toEqual([interval, 12_345, volume]);
    }
    expect(after.candlesCountedThrough(BTC.symbol)).toBe(12_345);
  });

  it('reads no more than the latest trades when the bars are not behind them', async () => {
    const rows = storedTrades(3_000);
    const candles = memoryCandles();
    const before = await MarketData.open({ markets: [BTC], candles });
    await replayStoredTrades(spotOver(rows.slice(0, 2_500)), before);
    await before.flush();
    const reads: string[] = [];
    const spot = spotOver(rows);
    const after = await MarketData.open({ markets: [BTC], candles });
    await replayStoredTrades({ recentTrades: (s, l) => (reads.push('recent'), spot.recentTrades(s, l)), tradesBetween: (...a) => (reads.push('between'), spot.tradesBetween(...a)) }, after);
    expect(reads).toEqual(['recent']);
    expect((await after.candles(BTC.symbol, '1m', { limit: 1 }))[0]!.lastTradeId).toBe(3_000);
  });
});
