// Binance spot's rolling-window tickers (`<symbol>@ticker_<1h|4h|1d>`, `!ticker_<w>@arr`) and klines in UTC+8
// (`<symbol>@kline_<interval>@+08:00`) on /stream (server/gateway/binance/sstream-windows.ts, sstream-zone.ts), on a
// harness of their own with a fixed clock moved across hours and days: each window's figures are recomputed from
// REST's trades (GET /api/v3/trades) and one-minute klines and the 1d window is GET /api/v3/ticker/24hr's; each UTC+8
// bar is the sum of REST's 4h (and 1h) klines between its bounds, and 1m … 4h at +08:00 are the UTC bars.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotStreamRoutes, type Sstream } from '../../../server/gateway/binance/sstream.ts';
import { parseSpotStream } from '../../../server/gateway/binance/sstream-market.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';
import { Client, type Msg } from './stream-client.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const E8 = 10n ** 8n;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Decimal text with up to 8 places → units of 1e-8. */
const units = (text: string): bigint => {
  const [whole, frac = ''] = text.split('.');
  const sign = whole!.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole!.replace('-', '')) * E8 + BigInt(frac.padEnd(8, '0').slice(0, 8)));
};
const text8 = (v: bigint): string => {
  const neg = v < 0n;
  const a = neg ? -v : v;
  return `${neg ? '-' : ''}${a / E8}.${(a % E8).toString().padStart(8, '0')}`;
};

describe('stream names', () => {
  const symbolOf = (lower: string) => (['btcusdt', 'ethusdt'].includes(lower) ? lower.toUpperCase() : undefined);
  it('rolling windows and the +08:00 klines parse; 1s klines, other windows and other offsets do not', () => {
    expect(parseSpotStream('btcusdt@ticker_1h', symbolOf)).toEqual({ kind: 'windowTicker', symbol: 'BTCUSDT', window: '1h' });
    expect(parseSpotStream('ethusdt@ticker_4h', symbolOf)).toEqual({ kind: 'windowTicker', symbol: 'ETHUSDT', window: '4h' });
    expect(parseSpotStream('!ticker_1d@arr', symbolOf)).toEqual({ kind: 'windowTickerAll', window: '1d' });
    expect(parseSpotStream('btcusdt@kline_1d@+08:00', symbolOf)).toEqual({ kind: 'kline', symbol: 'BTCUSDT', interval: '1d', zone: '+08:00' });
    expect(parseSpotStream('btcusdt@kline_1d', symbolOf)).toEqual({ kind: 'kline', symbol: 'BTCUSDT', interval: '1d' });
    const refused = [
      'btcusdt@ticker_2h', 'btcusdt@ticker_1w', 'btcusdt@ticker_', '!ticker_7d@arr', '!ticker_1h', 'btcusdt@kline_1s', 'btcusdt@kline_1s@+08:00',
      'btcusdt@kline_1d@+09:00', 'btcusdt@kline_1d@08:00', 'btcusdt@kline_1d@', 'btcusdt@kline_1d@+08:00@+08:00', 'nopeusdt@ticker_1h', 'BTCUSDT@ticker_1h',
    ];
    for (const name of refused) expect(parseSpotStream(name, symbolOf), name).toBeNull();
  });
});

describeDialects('binance spot rolling-window tickers and UTC+8 klines (/stream)', (dialect) => {
  let h: BinanceHarness;
  let base: string;
  let hub: Sstream;
  let lp: number;
  let taker: number;

  const rest = async (path: string, query: string): Promise<Msg> => (await h.get(path, query)).body;
  /** A trade of `qty` at `price`: the lp rests it, the taker takes it all. */
  const trade = async (symbol: string, price: string, qty: string, takerSide: 'buy' | 'sell' = 'buy') => {
    const rest1 = await h.desks.spot.place({ type: 'limit', user: lp, symbol, side: takerSide === 'buy' ? 'sell' : 'buy', price, qty });
    expect(rest1.ok, JSON.stringify(rest1)).toBe(true);
    const take = await h.desks.spot.place({ type: 'limit', user: taker, symbol, side: takerSide, price, qty });
    expect(take.ok && take.value.order.status === 'filled', JSON.stringify(take)).toBe(true);
  };
  /** Moves the clock to `time` (never back). */
  const at = (time: number) => {
    expect(time).toBeGreaterThanOrEqual(h.clock.now());
    h.clock.advance(time - h.clock.now());
  };

  beforeAll(async () => {
    h = await openBinance(dialect);
    hub = spotStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now, maxMessagesPerSecond: 50 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/stream`;
    lp = await h.user('windows-lp@example.com');
    taker = await h.user('windows-taker@example.com');
    for (const user of [lp, taker]) {
      for (const [asset, amount] of [['BTC', '1000'], ['ETH', '10000'], ['USDT', '100000000']] as const) await h.credit(user, asset, amount);
    }
  });
  afterAll(() => h?.dispose());

  /** What REST's trades say of the window [O, now]: Binance's rolling-window fields. */
  const fromTrades = async (symbol: string, O: number) => {
    const all: Msg[] = await rest('/trades', `symbol=${symbol}&limit=1000`);
    const last = all[all.length - 1];
    const inWindow = all.filter((t) => t.time >= O);
    if (inWindow.length === 0) {
      return { o: last.price, h: last.price, l: last.price, c: last.price, p: '0.00000000', P: '0.000', w: '0.00000000', v: '0.00000000', q: '0.00000000', F: -1, L: -1, n: 0 };
    }
    const prices = inWindow.map((t) => units(t.price));
    const v = inWindow.reduce((s, t) => s + units(t.qty), 0n);
    const q = inWindow.reduce((s, t) => s + units(t.quoteQty), 0n);
    const o = prices[0]!;
    const c = units(last.price);
    return {
      o: text8(o), h: text8(prices.reduce((a, b) => (b > a ? b : a))), l: text8(prices.reduce((a, b) => (b < a ? b : a))), c: text8(c), p: text8(c - o),
      P: ((Number(c - o) / Number(o)) * 100).toFixed(3), w: text8((q * E8) / v), v: text8(v), q: text8(q), F: inWindow[0].id, L: last.id, n: inWindow.length,
    };
  };
  /** REST's one-minute klines of [O, now] summed: the same open, high, low, close, volumes and count. */
  const fromKlines = async (symbol: string, O: number) => {
    const rows: Msg[] = await rest('/klines', `symbol=${symbol}&interval=1m&startTime=${O}&limit=1000`);
    if (rows.length === 0) return null;
    return {
      o: rows[0][1], h: text8(rows.map((r) => units(r[2])).reduce((a, b) => (b > a ? b : a))), l: text8(rows.map((r) => units(r[3])).reduce((a, b) => (b < a ? b : a))),
      v: text8(rows.reduce((s, r) => s + units(r[5]), 0n)), q: text8(rows.reduce((s, r) => s + units(r[7]), 0n)), n: rows.reduce((s, r) => s + r[8], 0),
    };
  };

  it('ticker_1h, ticker_4h, ticker_1d and !ticker_<w>@arr: the trades of the window, the 1d one GET /ticker/24hr', async () => {
    const day = Math.floor(h.clock.now() / DAY) * DAY;
    // Trades spread over the day: 12:00, 13:30, 16:45 (two), then the streams open at 17:20:30.
    at(day + 12 * HOUR);
    await trade('ETHUSDT', '3000', '0.1');
    at(day + 13 * HOUR + 30 * MIN);
    await trade('ETHUSDT', '3010', '0.2', 'sell');
    at(day + 16 * HOUR + 45 * MIN);
    await trade('ETHUSDT', '3020', '0.3');
    await trade('ETHUSDT', '2990', '0.05', 'sell');
    at(day + 17 * HOUR + 20 * MIN + 30_000);
    const now = h.clock.now();
    const minute = Math.floor(now / MIN) * MIN;

    const c = await Client.open(`${base}/stream?streams=ethusdt@ticker_1h/ethusdt@ticker_4h/ethusdt@ticker_1d/!ticker_1d@arr/!ticker_1h@arr`);
    try {
      const t1h = (await c.take((m) => m.stream === 'ethusdt@ticker_1h')).data;
      const t4h = (await c.take((m) => m.stream === 'ethusdt@ticker_4h')).data;
      const t1d = (await c.take((m) => m.stream === 'ethusdt@ticker_1d')).data;
      // O starts on a minute, (window − 1) minutes before the current one; C is now.
      expect([t1h.O, t4h.O, t1d.O]).toEqual([minute - 59 * MIN, minute - 239 * MIN, minute - 1439 * MIN]);
      for (const [t, e] of [[t1h, '1hTicker'], [t4h, '4hTicker'], [t1d, '1dTicker']] as const) {
        expect(Object.keys(t)).toEqual(['e', 'E', 's', 'p', 'P', 'o', 'h', 'l', 'c', 'w', 'v', 'q', 'O', 'C', 'F', 'L', 'n']);
        expect(t).toMatchObject({ e, E: now, s: 'ETHUSDT', C: now, ...(await fromTrades('ETHUSDT', t.O)) });
        expect(t).toMatchObject((await fromKlines('ETHUSDT', t.O))!);
      }
      // The windows differ as the trades' times say: 1h holds the two at 16:45, 4h also 13:30, 1d all four.
      expect([t1h.n, t4h.n, t1d.n]).toEqual([2, 3, 4]);
      expect([t1h.o, t4h.o, t1d.o]).toEqual(['3020.00000000', '3010.00000000', '3000.00000000']);
      // The 1d window is GET /api/v3/ticker/24hr's, field for field.
      const t = await rest('/ticker/24hr', 'symbol=ETHUSDT');
      expect(t1d).toEqual({
        e: '1dTicker', E: now, s: 'ETHUSDT', p: t.priceChange, P: t.priceChangePercent, o: t.openPrice, h: t.highPrice, l: t.lowPrice, c: t.lastPrice,
        w: t.weightedAvgPrice, v: t.volume, q: t.quoteVolume, O: t.openTime, C: t.closeTime, F: t.firstId, L: t.lastId, n: t.count,
      });
      // The arrays: every market the first time; for 1d each one REST's 24hr ticker (zeros for the ones never traded).
      const arr = (await c.take((m) => m.stream === '!ticker_1d@arr')).data as Msg[];
      const restAll: Msg[] = await rest('/ticker/24hr', '');
      expect(arr.map((x) => x.s)).toEqual(restAll.map((x) => x.symbol));
      expect(arr).toEqual(restAll.map((x) => ({
        e: '1dTicker', E: now, s: x.symbol, p: x.priceChange, P: x.priceChangePercent, o: x.openPrice, h: x.highPrice, l: x.lowPrice, c: x.lastPrice,
        w: x.weightedAvgPrice, v: x.volume, q: x.quoteVolume, O: x.openTime, C: x.closeTime, F: x.firstId, L: x.lastId, n: x.count,
      })));
      expect(((await c.take((m) => m.stream === '!ticker_1h@arr')).data as Msg[]).find((x) => x.s === 'ETHUSDT')).toEqual(t1h);

      // 40 minutes on, the 16:45 trades have left the 1h window: last price, no volume, ids -1; 4h and 1d unchanged
      // but for their times (no event: only changed figures are sent).
      c.drain(() => true);
      at(now + 40 * MIN);
      const quiet = (await c.take((m) => m.stream === 'ethusdt@ticker_1h', 3_000)).data;
      expect(quiet).toMatchObject({ E: h.clock.now(), o: '2990.00000000', h: '2990.00000000', l: '2990.00000000', c: '2990.00000000', p: '0.00000000', P: '0.000', w: '0.00000000', v: '0.00000000', n: 0, F: -1, L: -1 });
      expect(quiet).toMatchObject(await fromTrades('ETHUSDT', quiet.O));
      // A trade now: in every window, followed live (no read back); the arrays carry ETHUSDT alone.
      c.drain(() => true);
      await trade('ETHUSDT', '3005', '0.4');
      const live1h = (await c.take((m) => m.stream === 'ethusdt@ticker_1h' && m.data.n === 1, 3_000)).data;
      expect(live1h).toMatchObject({ ...(await fromTrades('ETHUSDT', live1h.O)), o: '3005.00000000', v: '0.40000000' });
      const live4h = (await c.take((m) => m.stream === 'ethusdt@ticker_4h' && m.data.L === live1h.L)).data;
      expect(live4h).toMatchObject(await fromTrades('ETHUSDT', live4h.O));
      expect(live4h.n).toBe(3); // 13:30 left it (the window now opens at 14:01), 16:45 twice and now
      const changed = (await c.take((m) => m.stream === '!ticker_1d@arr')).data as Msg[];
      expect(changed.map((x) => x.s)).toEqual(['ETHUSDT']);
      const t2 = await rest('/ticker/24hr', 'symbol=ETHUSDT');
      expect(changed[0]).toMatchObject({ c: t2.lastPrice, v: t2.volume, q: t2.quoteVolume, n: t2.count, F: t2.firstId, L: t2.lastId, O: t2.openTime, w: t2.weightedAvgPrice });
    } finally {
      c.close();
    }
  });

  it('kline_<i>@+08:00: 1d, 1w and 1M bars in UTC+8 are the sums of REST 4h (and 1h) klines between their bounds; 1m … 4h are the UTC bars', async () => {
    // The next 16:00 UTC (00:00 UTC+8) at least 3 hours away: trades at 14:05 and 15:30 fall in one UTC+8 day, 16:10
    // and 20:01 in the next, all four in one UTC day.
    let midnight8 = Math.floor(h.clock.now() / DAY) * DAY + 16 * HOUR;
    while (midnight8 - h.clock.now() < 3 * HOUR) midnight8 += DAY;
    at(midnight8 - 2 * HOUR + 5 * MIN);
    await trade('BTCUSDT', '50000', '0.1');
    at(midnight8 - 30 * MIN);
    await trade('BTCUSDT', '50100', '0.2', 'sell');

    const names = ['btcusdt@kline_1d@+08:00', 'btcusdt@kline_1d', 'btcusdt@kline_4h@+08:00', 'btcusdt@kline_1w@+08:00', 'btcusdt@kline_1M@+08:00', 'btcusdt@kline_1m@+08:00'];
    const c = await Client.open(`${base}/stream?streams=${names.join('/')}`);
    /** REST klines of `interval` opening in [t, T], summed as a kline event's k. */
    const summed = async (interval: string, t: number, T: number, i: string) => {
      const rows: Msg[] = (await rest('/klines', `symbol=BTCUSDT&interval=${interval}&startTime=${t}&endTime=${T}&limit=1000`)) as Msg[];
      expect(rows.length).toBeGreaterThan(0);
      const sum = (k: number) => text8(rows.reduce((s, r) => s + units(r[k]), 0n));
      return {
        t, T, s: 'BTCUSDT', i, o: rows[0][1], c: rows[rows.length - 1][4], h: text8(rows.map((r) => units(r[2])).reduce((a, b) => (b > a ? b : a))),
        l: text8(rows.map((r) => units(r[3])).reduce((a, b) => (b < a ? b : a))), v: sum(5), n: rows.reduce((s, r) => s + r[8], 0), q: sum(7), V: sum(9), Q: sum(10),
      };
    };
    const lastTrades = async (n: number) => ((await rest('/trades', `symbol=BTCUSDT&limit=${n}`)) as Msg[]).map((t) => t.id);
    try {
      // A new subscriber gets the live bar: the UTC+8 day that began at 16:00 UTC yesterday, both trades in it.
      const first = (await c.take((m) => m.stream === 'btcusdt@kline_1d@+08:00')).data;
      const dayBefore = midnight8 - DAY;
      expect(first).toMatchObject({ e: 'kline', E: h.clock.now(), s: 'BTCUSDT' });
      expect(first.k).toMatchObject({ ...(await summed('4h', dayBefore, midnight8 - 1, '1d')), x: false, B: '0' });
      expect(first.k).toMatchObject({ ...(await summed('1h', dayBefore, midnight8 - 1, '1d')), n: 2 });
      const [id1, id2] = await lastTrades(2);
      expect(first.k).toMatchObject({ f: id1, L: id2 });
      // 1m … 4h at +08:00 are the UTC bars: REST's newest row.
      const four = (await c.take((m) => m.stream === 'btcusdt@kline_4h@+08:00')).data.k;
      const [row4] = ((await rest('/klines', 'symbol=BTCUSDT&interval=4h')) as Msg[]).slice(-1);
      expect(four).toMatchObject({ t: row4[0], T: row4[6], i: '4h', o: row4[1], c: row4[4], v: row4[5], n: row4[8] });

      // 00:00 UTC+8 passes: a trade at 16:10 UTC closes the UTC+8 day (x: true) and opens the next with itself alone.
      at(midnight8 + 10 * MIN);
      await trade('BTCUSDT', '50200', '0.3');
      const closed = (await c.take((m) => m.stream === 'btcusdt@kline_1d@+08:00' && m.data.k.x === true)).data.k;
      expect(closed).toMatchObject({ t: dayBefore, T: midnight8 - 1, n: 2, c: '50100.00000000' });
      const opened = (await c.take((m) => m.stream === 'btcusdt@kline_1d@+08:00' && m.data.k.t === midnight8)).data.k;
      expect(opened).toMatchObject({ ...(await summed('4h', midnight8, midnight8 + DAY - 1, '1d')), n: 1, x: false });
      // A trade in the next 4h bar (20:01 UTC): the UTC+8 day holds two 4h bars now.
      at(midnight8 + 4 * HOUR + MIN);
      await trade('BTCUSDT', '49900', '0.4', 'sell');
      const two = (await c.take((m) => m.stream === 'btcusdt@kline_1d@+08:00' && m.data.k.n === 2 && m.data.k.t === midnight8, 4_000)).data.k;
      expect(two).toMatchObject({ ...(await summed('4h', midnight8, midnight8 + DAY - 1, '1d')), ...(await summed('1h', midnight8, midnight8 + DAY - 1, '1d')) });
      expect(two).toMatchObject({ o: '50200.00000000', c: '49900.00000000', h: '50200.00000000', l: '49900.00000000', v: '0.70000000' });
      // The UTC day holds all four (14:05 … 20:01 UTC are one UTC day).
      const utc = (await c.take((m) => m.stream === 'btcusdt@kline_1d' && m.data.k.n === 4, 4_000)).data.k;
      const utcDay = midnight8 - 16 * HOUR;
      expect(utc).toMatchObject({ ...(await summed('4h', utcDay, utcDay + DAY - 1, '1d')), t: utcDay });

      // The week from Monday 00:00 UTC+8 (Sunday 16:00 UTC), the month from the 1st 00:00 UTC+8: REST's 4h bars since.
      const local = new Date(h.clock.now() + 8 * HOUR);
      const weekday = (local.getUTCDay() + 6) % 7; // Monday 0
      const week = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() - weekday) - 8 * HOUR;
      const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 8 * HOUR;
      const monthEnd = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - 8 * HOUR - 1;
      const weekBar = { ...(await summed('4h', week, week + 7 * DAY - 1, '1w')), n: 4, x: false };
      const monthBar = { ...(await summed('4h', month, monthEnd, '1M')), n: 4, x: false };
      expect((await c.take((m) => m.stream === 'btcusdt@kline_1w@+08:00' && m.data.k.n === 4, 4_000)).data.k).toMatchObject(weekBar);
      expect((await c.take((m) => m.stream === 'btcusdt@kline_1M@+08:00' && m.data.k.n === 4, 4_000)).data.k).toMatchObject(monthBar);
      // 1m at +08:00 is the UTC 1m bar: REST's newest one-minute row.
      const [row1] = ((await rest('/klines', 'symbol=BTCUSDT&interval=1m')) as Msg[]).slice(-1);
      const oneMinute = (await c.take((m) => m.stream === 'btcusdt@kline_1m@+08:00' && m.data.k.t === row1[0], 4_000)).data.k;
      expect(oneMinute).toMatchObject({ t: row1[0], T: row1[6], i: '1m', o: row1[1], c: row1[4], v: row1[5], n: row1[8] });

      // Once nobody listens, a new subscriber's streams start afresh with the bars written to the store: the same
      // bars, read back.
      c.close();
      await c.waitClosed();
      while (hub.connections > 0) await sleep(10);
      await h.trading.market.flush();
      const late = await Client.open(`${base}/stream?streams=btcusdt@kline_1d@+08:00/btcusdt@kline_1w@+08:00/btcusdt@kline_1M@+08:00`);
      try {
        expect((await late.take((m) => m.stream === 'btcusdt@kline_1d@+08:00')).data.k).toEqual(two);
        expect((await late.take((m) => m.stream === 'btcusdt@kline_1w@+08:00')).data.k).toMatchObject({ ...weekBar, t: week });
        expect((await late.take((m) => m.stream === 'btcusdt@kline_1M@+08:00')).data.k).toMatchObject({ ...monthBar, t: month });
      } finally {
        late.close();
      }
    } finally {
      c.close();
    }
  }, 30_000);
});
