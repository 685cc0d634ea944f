// Issue 20: GET /api/v3/klines (and uiKlines) with Binance's `timeZone`: every interval is drawn in the zone (a 1d
// bar at +08:00 opens at 16:00 UTC, a 1h bar at +05:45 at a quarter past), startTime and endTime stay UTC, a bad
// zone is refused. Through the real ccxt's fetchOHLCV with params {timeZone}, and REST directly.
import ccxt from 'ccxt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedKlines, parseTimeZone, type CandleReader } from '../../../server/gateway/binance/sstream-zone.ts';
import type { Price } from '../../../server/kernel/index.ts';
import { closeTime, nextOpenTime, openTime, type Candle, type Interval } from '../../../server/market/index.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';

const H = 3_600_000;
const at = (d: number, h: number, m = 0) => Date.UTC(2026, 0, d, h, m);
/** Trades (price, qty) at these times; the test clock starts at 2026-01-15 12:00 UTC. */
const TRADES: ReadonlyArray<[number, string, string]> = [
  [at(15, 15, 50), '50000', '0.1'],
  [at(15, 16, 10), '50100', '0.2'],
  [at(15, 18, 20), '49900', '0.3'],
  [at(16, 2, 0), '50200', '0.4'],
];

describeDialects('klines with timeZone', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binance>;

  beforeAll(async () => {
    h = await openBinance(dialect);
    const maker = await h.user('tz-maker@example.com');
    const taker = await h.user('tz-taker@example.com');
    await h.credit(maker, 'BTC', '10');
    await h.credit(taker, 'USDT', '1000000');
    for (const [time, price, qty] of TRADES) {
      h.clock.advance(time - h.clock.now());
      const sell = await h.desks.spot.place({ type: 'limit', user: maker, symbol: 'BTCUSDT', side: 'sell', price, qty });
      expect(sell.ok).toBe(true);
      const buy = await h.desks.spot.place({ type: 'limit', user: taker, symbol: 'BTCUSDT', side: 'buy', price, qty });
      expect(buy.ok && buy.value.fills.length).toBe(1);
    }
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    ex = new ccxt.binance({ enableRateLimit: false, options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false, adjustForTimeDifference: false } });
    const api = ex.urls['api'] as Record<string, unknown>;
    for (const [name, url] of Object.entries(api)) if (typeof url === 'string') api[name] = url.replace(/^https:\/\/[^/]+/, address);
    await ex.loadMarkets();
  });
  afterAll(async () => h?.dispose());

  const klines = async (query: string, path = '/klines') => (await h.get(path, `symbol=BTCUSDT&${query}`)).body;
  const opens = (bars: unknown[][]) => bars.map((b) => b[0]);

  it('draws 1d bars from midnight in the zone: +08:00 from 16:00 UTC the day before (ccxt fetchOHLCV)', async () => {
    const utc = await ex.fetchOHLCV('BTC/USDT', '1d');
    expect(utc).toEqual([
      [at(15, 0), 50000, 50100, 49900, 49900, 0.6],
      [at(16, 0), 50200, 50200, 50200, 50200, 0.4],
    ]);
    for (const timeZone of ['8', '+8', '08:00', '+08:00']) {
      const zoned = await ex.fetchOHLCV('BTC/USDT', '1d', undefined, undefined, { timeZone });
      expect(zoned, timeZone).toEqual([
        [at(14, 16), 50000, 50000, 50000, 50000, 0.1],
        [at(15, 16), 50100, 50200, 49900, 50200, 0.9],
      ]);
    }
    const raw = await klines('interval=1d&timeZone=8');
    // closeTime is the last millisecond of the zoned day; counts and trade ids summed from the 4h bars.
    expect(raw[1][6]).toBe(at(16, 16) - 1);
    expect(raw[1][8]).toBe(3);
  });

  it('shifts every interval the offset is not a whole number of: 1h at +05:45 opens at a quarter past', async () => {
    const bars = await ex.fetchOHLCV('BTC/USDT', '1h', undefined, undefined, { timeZone: '05:45' });
    expect(bars).toEqual([
      [at(15, 15, 15), 50000, 50100, 50000, 50100, 0.3],
      [at(15, 18, 15), 49900, 49900, 49900, 49900, 0.3],
      [at(16, 1, 15), 50200, 50200, 50200, 50200, 0.4],
    ]);
    // Negative zones: a day at -1:00 opens at 01:00 UTC.
    expect(opens(await klines('interval=1d&timeZone=-1:00'))).toEqual([at(15, 1), at(16, 1)]);
    // 4h at -1:00 opens at 01:00, 05:00 … 21:00 UTC.
    expect((await klines('interval=4h&timeZone=-1:00')).map((b: unknown[]) => [b[0], b[8]])).toEqual([[at(15, 13), 2], [at(15, 17), 1], [at(16, 1), 1]]);
    // An offset that is a whole number of bars leaves them as UTC's.
    expect(await klines('interval=1h&timeZone=8')).toEqual(await klines('interval=1h'));
    expect(await klines('interval=1m&timeZone=05:45')).toEqual(await klines('interval=1m'));
  });

  it('weeks from Monday and months from the 1st in the zone', async () => {
    // 2026-01-12 is a Monday: its week at +08:00 opens 2026-01-11 16:00 UTC and holds every trade.
    expect(opens(await klines('interval=1w&timeZone=8'))).toEqual([at(11, 16)]);
    expect(opens(await klines('interval=1M&timeZone=8'))).toEqual([Date.UTC(2025, 11, 31, 16)]);
    expect(opens(await klines('interval=1M&timeZone=-12:00'))).toEqual([Date.UTC(2026, 0, 1, 12)]);
  });

  it('keeps startTime and endTime in UTC: bars opening within them', async () => {
    expect(opens(await klines(`interval=1d&timeZone=8&startTime=${at(15, 0)}`))).toEqual([at(15, 16)]);
    expect(opens(await klines(`interval=1d&timeZone=8&endTime=${at(15, 12)}`))).toEqual([at(14, 16)]);
    expect(opens(await klines(`interval=1d&timeZone=8&startTime=${at(14, 16)}&endTime=${at(14, 16)}`))).toEqual([at(14, 16)]);
    expect(opens(await klines('interval=1d&timeZone=8&limit=1'))).toEqual([at(15, 16)]);
    expect(opens(await klines(`interval=1d&timeZone=8&limit=1&startTime=0`))).toEqual([at(14, 16)]);
  });

  it('serves uiKlines with the same bars and the same timeZone', async () => {
    expect(await klines('interval=1d&timeZone=8', '/uiKlines')).toEqual(await klines('interval=1d&timeZone=8'));
    expect(await klines('interval=1h', '/uiKlines')).toEqual(await klines('interval=1h'));
  });

  it('accepts the range [-12:00, +14:00] and refuses anything else as Binance does', async () => {
    for (const zone of ['-12:00', '14:00', '+14:00', '0', '-0', '00:30', '-9:30']) {
      expect(Array.isArray(await klines(`interval=1d&timeZone=${encodeURIComponent(zone)}`)), zone).toBe(true);
    }
    for (const zone of ['15', '-13', '14:01', '-12:01', '05:60', '+14:30']) {
      expect(await klines(`interval=1d&timeZone=${encodeURIComponent(zone)}`), zone).toEqual({ code: -1130, msg: "Invalid data sent for a parameter 'timeZone'." });
    }
    for (const zone of ['UTC', 'Asia/Shanghai', '8h', '+08:0', '1:2:3', '++8', '123']) {
      expect(await klines(`interval=1d&timeZone=${encodeURIComponent(zone)}`), zone).toEqual({ code: -1100, msg: "Illegal characters found in parameter 'timeZone'." });
    }
    expect((await klines('interval=1d&timeZone=')).code).toBe(-1105);
    await expect(ex.fetchOHLCV('BTC/USDT', '1d', undefined, undefined, { timeZone: 'Mars' })).rejects.toThrow(/-1100/);
  });
});

describe('zonedKlines over many base bars', () => {
  // 3,000 half-hour bars (62.5 days) of a made-up series; +00:30 draws days from 00:30 UTC out of 30m bars, over
  // three pages of 1,000.
  const base: Candle[] = [];
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 3000; i++) {
    const open = start + i * 30 * 60_000;
    const price = 1000 + ((i * 37) % 101);
    const p = (n: number) => n as Price;
    base.push({
      symbol: 'X', interval: '30m', openTime: open, closeTime: closeTime('30m', open), open: p(price), high: p(price + 5), low: p(price - 5), close: p(price + 1),
      volume: 2n, quoteVolume: 2n * BigInt(price), takerBuyVolume: 1n, takerBuyQuoteVolume: BigInt(price), count: 1, firstTradeId: i + 1, lastTradeId: i + 1,
    });
  }
  // MarketData.candles' contract: with startTime the first `limit` from it, else the last `limit` up to endTime.
  const reads: Interval[] = [];
  const read: CandleReader = async (interval, q) => {
    reads.push(interval);
    const all = base.filter((c) => (q.startTime === undefined || c.openTime >= q.startTime) && (q.endTime === undefined || c.openTime <= q.endTime));
    return q.startTime !== undefined ? all.slice(0, q.limit) : all.slice(-q.limit);
  };
  const offset = parseTimeZone('00:30') as number;
  /** The zoned day bars by brute force. */
  const days = new Map<number, Candle[]>();
  for (const c of base) {
    const open = openTime('1d', c.openTime + offset) - offset;
    days.set(open, [...(days.get(open) ?? []), c]);
  }
  const expected = [...days.entries()].map(([open, parts]) => ({
    openTime: open,
    closeTime: nextOpenTime('1d', open + offset) - offset - 1,
    open: parts[0]!.open,
    close: parts.at(-1)!.close,
    high: Math.max(...parts.map((p) => p.high)),
    low: Math.min(...parts.map((p) => p.low)),
    volume: parts.reduce((s, p) => s + p.volume, 0n),
    count: parts.length,
    firstTradeId: parts[0]!.firstTradeId,
    lastTradeId: parts.at(-1)!.lastTradeId,
  }));
  const pick = (bars: Candle[]) => bars.map(({ openTime, closeTime, open, close, high, low, volume, count, firstTradeId, lastTradeId }) => ({ openTime, closeTime, open, close, high, low, volume, count, firstTradeId, lastTradeId }));

  it('reads back across pages to the newest limit bars, the oldest of them whole', async () => {
    reads.length = 0;
    const bars = await zonedKlines(read, '1d', offset, { limit: 30 });
    expect(reads.every((i) => i === '30m')).toBe(true);
    expect(reads.length).toBeGreaterThan(1);
    expect(pick(bars)).toEqual(expected.slice(-30));
    expect(pick(await zonedKlines(read, '1d', offset, { limit: 1000 }))).toEqual(expected);
    const end = expected[40]!.openTime + 5 * H;
    expect(pick(await zonedKlines(read, '1d', offset, { endTime: end, limit: 25 }))).toEqual(expected.slice(16, 41));
  });

  it('reads forward from startTime, the last of them whole', async () => {
    const from = expected[3]!.openTime - 1;
    expect(pick(await zonedKlines(read, '1d', offset, { startTime: from, limit: 44 }))).toEqual(expected.slice(3, 47));
    expect(pick(await zonedKlines(read, '1d', offset, { startTime: 0, endTime: expected[50]!.openTime, limit: 1000 }))).toEqual(expected.slice(0, 51));
  });
});
