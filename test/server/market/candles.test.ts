// Candles from trades: OHLC and volumes exact, bars roll at boundaries, replays are skipped, nothing is invented
// for periods without trades.
import { describe, expect, it } from 'vitest';
import { CandleSet } from '../../../server/market/candles.ts';
import { INTERVALS } from '../../../server/market/intervals.ts';
import { BTC, trade } from './fixtures.ts';

const T = Date.parse('2026-03-31T23:58:30Z'); // near a minute, hour, day and month edge (a Tuesday)

describe('candles', () => {
  it('builds OHLC, volumes and taker-buy volumes exactly', () => {
    const set = new CandleSet(BTC.symbol);
    set.add(trade(T, 100, 3, 'buy', 1));
    set.add(trade(T + 1000, 120, 1, 'sell', 2));
    set.add(trade(T + 2000, 90, 2, 'buy', 3));
    set.add(trade(T + 3000, 110, 5, 'sell', 4));
    const bar = set.current('1m')!;
    expect(bar).toMatchObject({ openTime: Date.parse('2026-03-31T23:58:00Z'), closeTime: Date.parse('2026-03-31T23:59:00Z') - 1, open: 100, high: 120, low: 90, close: 110, count: 4, firstTradeId: 1, lastTradeId: 4 });
    // 0.01 USDT ticks × 0.00001 BTC lots: notional minor units = ticks × lots × 10.
    expect(bar.quoteVolume).toBe(BigInt((300 + 120 + 180 + 550) * 10));
    expect(bar.volume).toBe(11n * 1000n);
    expect(bar.takerBuyVolume).toBe(5n * 1000n);
    expect(bar.takerBuyQuoteVolume).toBe(BigInt((300 + 180) * 10));
    expect(INTERVALS.map((i) => set.current(i)!.count)).toEqual(INTERVALS.map(() => 4));
  });

  it('rolls each interval at its own boundary', () => {
    const set = new CandleSet(BTC.symbol);
    set.add(trade(T, 100, 1));
    set.add(trade(Date.parse('2026-03-31T23:59:59.999Z'), 101, 1));
    set.add(trade(Date.parse('2026-04-01T00:00:00.000Z'), 102, 1)); // new minute … month, same week
    const opens = Object.fromEntries(INTERVALS.map((i) => [i, new Date(set.current(i)!.openTime).toISOString()]));
    expect(opens).toEqual({
      '1m': '2026-04-01T00:00:00.000Z', '5m': '2026-04-01T00:00:00.000Z', '15m': '2026-04-01T00:00:00.000Z',
      '30m': '2026-04-01T00:00:00.000Z', '1h': '2026-04-01T00:00:00.000Z', '4h': '2026-04-01T00:00:00.000Z',
      '1d': '2026-04-01T00:00:00.000Z', '1w': '2026-03-30T00:00:00.000Z', '1M': '2026-04-01T00:00:00.000Z',
    });
    expect(set.current('1w')).toMatchObject({ open: 100, close: 102, count: 3 });
    expect(set.current('1M')).toMatchObject({ open: 102, close: 102, count: 1 });
    const written = set.takeDirty();
    // Two 1m bars (23:58, 23:59) then 00:00; every other interval one March bar and one April bar, except the week.
    expect(written.filter((b) => b.interval === '1m').map((b) => b.count)).toEqual([1, 1, 1]);
    expect(written.filter((b) => b.interval === '1M').map((b) => [new Date(b.openTime).toISOString(), b.close])).toEqual([
      ['2026-03-01T00:00:00.000Z', 101],
      ['2026-04-01T00:00:00.000Z', 102],
    ]);
    expect(written.filter((b) => b.interval === '1w')).toHaveLength(1);
    expect(set.takeDirty()).toEqual([]);
  });

  it('skips replayed trades and keeps no bar for quiet periods', () => {
    const set = new CandleSet(BTC.symbol);
    set.add(trade(T, 100, 1, 'buy', 10));
    expect(set.add(trade(T + 10, 500, 1, 'buy', 10))).toEqual([]);
    expect(set.add(trade(T + 10, 500, 1, 'buy', 9))).toEqual([]);
    set.add(trade(T + 3 * 3_600_000, 105, 1, 'buy', 11));
    const hours = set.takeDirty().filter((b) => b.interval === '1h');
    expect(hours.map((b) => b.open)).toEqual([100, 105]);
    expect(set.current('1m')!.high).toBe(105);
  });

  it('continues a restored live bar, and counts a trade timed before it in it', () => {
    const first = new CandleSet(BTC.symbol);
    first.add(trade(T, 100, 1, 'buy', 1));
    first.add(trade(T + 1000, 130, 1, 'buy', 2));
    const stored = first.takeDirty();
    const again = new CandleSet(BTC.symbol);
    again.restore(stored);
    expect(again.add(trade(T + 500, 1, 1, 'buy', 2))).toEqual([]); // already in the bars
    again.add(trade(T - 120_000, 80, 1, 'sell', 3)); // clock stepped back two minutes
    expect(again.current('1m')).toMatchObject({ openTime: Date.parse('2026-03-31T23:58:00Z'), open: 100, low: 80, close: 80, count: 3 });
    expect(again.takeChanged()).toHaveLength(INTERVALS.length);
    expect(again.takeChanged()).toEqual([]);
  });

  it('puts back bars whose write failed, unless a newer version arrived meanwhile', () => {
    const set = new CandleSet(BTC.symbol);
    set.add(trade(T, 100, 1, 'buy', 1));
    const taken = set.takeDirty();
    set.add(trade(T + 1, 101, 1, 'buy', 2));
    set.undoTake(taken);
    const again = set.takeDirty();
    expect(again).toHaveLength(INTERVALS.length);
    expect(again.every((b) => b.count === 2)).toBe(true);
  });
});
