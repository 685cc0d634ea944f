// The rolling 24 h ticker: exact sums, open/high/low from the window only, and trades leaving it minute by minute.
import { describe, expect, it } from 'vitest';
import { CandleSet } from '../../../server/market/candles.ts';
import { RollingTicker } from '../../../server/market/ticker.ts';
import { BTC, trade } from './fixtures.ts';

const MIN = 60_000;
const H = 60 * MIN;
const T0 = Date.parse('2026-01-15T00:00:00Z');

describe('24 h ticker', () => {
  it('is null before the first trade', () => {
    expect(new RollingTicker(BTC.symbol).stats(T0)).toBeNull();
  });

  it('sums a window and ages trades out by the minute', () => {
    const t = new RollingTicker(BTC.symbol);
    t.add(trade(T0 + 10_000, 200, 1, 'buy', 1)); // the high, first to leave
    t.add(trade(T0 + 2 * H, 100, 2, 'sell', 2));
    t.add(trade(T0 + 5 * H, 50, 4, 'buy', 3)); // the low
    t.add(trade(T0 + 20 * H, 150, 3, 'buy', 4));

    const within = t.stats(T0 + 23 * H);
    expect(within).toMatchObject({ open: 200, high: 200, low: 50, last: 150, change: -50, count: 4, firstId: 1, lastId: 4 });
    expect(within!.changePercent).toBeCloseTo(-25, 10);
    expect(within!.volume).toBe(10n * 1000n);
    expect(within!.quoteVolume).toBe(BigInt((200 + 200 + 200 + 450) * 10));

    // The first trade's minute (00:00) is in the window up to 23:59:59.999 the next day, and out at 24:00.
    expect(t.stats(T0 + 24 * H - 1)).toMatchObject({ count: 4, open: 200 });
    const aged = t.stats(T0 + 24 * H);
    expect(aged).toMatchObject({ open: 100, high: 150, low: 50, last: 150, change: 50, count: 3, firstId: 2 });
    expect(aged!.volume).toBe(9n * 1000n);
    expect(aged!.quoteVolume).toBe(BigInt((200 + 200 + 450) * 10));

    expect(t.stats(T0 + 29 * H + MIN)).toMatchObject({ open: 150, high: 150, low: 150, count: 1, firstId: 4 });
  });

  it('keeps the last price with an empty window, Binance style', () => {
    const t = new RollingTicker(BTC.symbol);
    t.add(trade(T0, 123, 1, 'buy', 7));
    const s = t.stats(T0 + 3 * 24 * H)!;
    expect(s).toMatchObject({ open: 123, high: 123, low: 123, last: 123, change: 0, changePercent: 0, count: 0, firstId: -1, lastId: -1 });
    expect(s.volume).toBe(0n);
    t.add(trade(T0 + 3 * 24 * H, 130, 1, 'buy', 8));
    expect(t.stats(T0 + 3 * 24 * H)).toMatchObject({ open: 130, last: 130, count: 1, firstId: 8, lastId: 8 });
  });

  it('agrees with a brute-force window over a long random run', () => {
    const t = new RollingTicker(BTC.symbol);
    const all: ReturnType<typeof trade>[] = [];
    let time = T0;
    let seed = 1;
    const rnd = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let id = 1; id <= 3000; id++) {
      time += Math.floor(rnd() * 3 * MIN);
      const tr = trade(time, 1000 + Math.floor(rnd() * 200), 1 + Math.floor(rnd() * 9), rnd() < 0.5 ? 'buy' : 'sell', id);
      all.push(tr);
      t.add(tr);
      if (id % 97 !== 0) continue;
      const now = time + Math.floor(rnd() * 2 * H);
      const from = Math.floor(now / MIN) * MIN - 1439 * MIN;
      const inWindow = all.filter((x) => x.time >= from);
      const s = t.stats(now)!;
      expect(s.count).toBe(inWindow.length);
      if (inWindow.length === 0) continue;
      expect(s.open).toBe(inWindow[0]!.price);
      expect(s.high).toBe(Math.max(...inWindow.map((x) => x.price)));
      expect(s.low).toBe(Math.min(...inWindow.map((x) => x.price)));
      expect(s.quoteVolume).toBe(inWindow.reduce((a, x) => a + x.quote, 0n));
    }
  });

  it('restores from 1m candles and skips trades they already hold', () => {
    const set = new CandleSet(BTC.symbol);
    const trades = [trade(T0, 100, 1, 'buy', 1), trade(T0 + 30 * MIN, 140, 2, 'buy', 2), trade(T0 + 30 * MIN + 5, 120, 1, 'sell', 3)];
    for (const tr of trades) set.add(tr);
    const minutes = set.takeDirty().filter((b) => b.interval === '1m');
    const t = new RollingTicker(BTC.symbol);
    t.restore(minutes);
    t.add(trades[2]!); // a replay
    t.add(trade(T0 + 30 * MIN + 9, 90, 1, 'sell', 4));
    expect(t.stats(T0 + H)).toMatchObject({ open: 100, high: 140, low: 90, last: 90, count: 4, firstId: 1, lastId: 4 });
  });
});
