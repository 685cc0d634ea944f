// Binance spot WebSocket market streams under /stream (server/gateway/binance/sstream*.ts) against a listening app
// built by the test harness with a fixed clock: each stream's payload is compared with the spot REST answer read at
// the same instant (/api/v3/trades, aggTrades, klines, ticker/24hr, ticker/bookTicker, avgPrice, depth), a local book
// is kept from a REST snapshot and the diff stream across random order flow and compared with the next snapshot, and
// the protocol's errors and limits are Binance's.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotStreamRoutes } from '../../../server/gateway/binance/sstream.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';
import { Client, LocalBook, type Msg } from './stream-client.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A small seeded generator, so a failing run can be replayed. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describeDialects('binance spot websocket streams (/stream)', (dialect) => {
  let h: BinanceHarness;
  let base: string;
  let lp: number;
  let taker: number;

  const rest = async (path: string, query: string): Promise<Msg> => (await h.get(path, query)).body;
  const place = async (user: number, symbol: string, side: 'buy' | 'sell', price: string, qty: string): Promise<number> => {
    const r = await h.desks.spot.place({ type: 'limit', user, symbol, side, price, qty });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    return r.ok ? r.value.order.orderId : 0;
  };
  const cancel = async (user: number, orderId: number) => {
    const r = await h.desks.spot.cancel({ user, orderId });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };

  beforeAll(async () => {
    h = await openBinance(dialect);
    // Binance's 10 messages a second would make the tests wait: 50 here, the limit itself tested below.
    spotStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now, maxMessagesPerSecond: 50 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/stream`;
    lp = await h.user('sstream-lp@example.com');
    taker = await h.user('sstream-taker@example.com');
    for (const user of [lp, taker]) {
      for (const [asset, amount] of [['BTC', '1000'], ['ETH', '10000'], ['USDT', '100000000']] as const) await h.credit(user, asset, amount);
    }
  });
  afterAll(() => h?.dispose());

  it('SUBSCRIBE, LIST_SUBSCRIPTIONS, UNSUBSCRIBE, properties, Binance errors and the message limit', async () => {
    const c = await Client.open(`${base}/ws`);
    try {
      expect(await c.request({ method: 'SUBSCRIBE', params: ['btcusdt@trade', 'ethusdt@kline_1m', '!miniTicker@arr'], id: 1 })).toEqual({ result: null, id: 1 });
      expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 2 })).toEqual({ result: ['btcusdt@trade', 'ethusdt@kline_1m', '!miniTicker@arr'], id: 2 });
      expect(await c.request({ method: 'UNSUBSCRIBE', params: ['ethusdt@kline_1m'], id: 3 })).toEqual({ result: null, id: 3 });
      expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 4 })).toEqual({ result: ['btcusdt@trade', '!miniTicker@arr'], id: 4 });
      expect(await c.request({ method: 'SET_PROPERTY', params: ['combined', true], id: 5 })).toEqual({ result: null, id: 5 });
      expect(await c.request({ method: 'GET_PROPERTY', params: ['combined'], id: 6 })).toEqual({ result: true, id: 6 });
      const invalid = { error: { code: 2, msg: 'Invalid request: invalid stream' } };
      const bad = ['btcusdt@foo', 'nopeusdt@trade', 'BTCUSDT@trade', 'btcusdt@depth7', 'btcusdt@depth@250ms', 'btcusdt@kline_7m', 'btcusdt@markPrice', '!ticker@arr@1s'];
      for (const [n, name] of bad.entries()) {
        expect(await c.request({ method: 'SUBSCRIBE', params: ['btcusdt@bookTicker', name], id: 10 + n })).toEqual({ ...invalid, id: 10 + n });
      }
      // All or nothing: the good stream of a refused request was not subscribed.
      expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 30 })).toEqual({ result: ['btcusdt@trade', '!miniTicker@arr'], id: 30 });
      c.send('{nope');
      expect(await c.take((m) => m.error?.code === 3)).toEqual({ error: { code: 3, msg: expect.stringContaining('Invalid JSON') }, id: null });
      expect(await c.request({ method: 'PING', id: 31 })).toMatchObject({ error: { code: 2, msg: expect.stringContaining('unknown variant `PING`') }, id: 31 });
    } finally {
      c.close();
    }
    // Every spot stream name parses (and a name in the URL that is none is left out, as ccxt.pro's /ws/0).
    const names = [
      'btcusdt@depth', 'btcusdt@depth@100ms', 'btcusdt@depth@1000ms', 'btcusdt@depth5', 'btcusdt@depth10@100ms', 'btcusdt@depth20@1000ms', 'btcusdt@trade',
      'btcusdt@aggTrade', 'btcusdt@kline_1m', 'btcusdt@kline_1M', 'btcusdt@ticker', 'btcusdt@miniTicker', '!ticker@arr', '!miniTicker@arr', 'btcusdt@bookTicker',
      'btcusdt@avgPrice',
    ];
    const all = await Client.open(`${base}/ws/${names.join('/')}/0`);
    expect(await all.request({ method: 'LIST_SUBSCRIPTIONS', id: 1 })).toEqual({ result: names, id: 1 });
    all.close();
    // Too many messages in a second: closed, as Binance does (code 1008).
    const flood = await Client.open(`${base}/ws`);
    for (let i = 0; i < 60; i++) flood.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
    await flood.waitClosed();
    expect(flood.closeCode).toBe(1008);
  });

  describe('payloads equal to REST at the same instant', () => {
    it('trade, aggTrade and kline', async () => {
      const c = await Client.open(`${base}/stream?streams=ethusdt@trade/ethusdt@aggTrade/ethusdt@kline_1m`);
      try {
        await sleep(50);
        await place(lp, 'ETHUSDT', 'sell', '3001', '0.5');
        await place(lp, 'ETHUSDT', 'sell', '3002', '0.5');
        await place(taker, 'ETHUSDT', 'buy', '3002', '0.7');
        const trades = [await c.take((m) => m.stream === 'ethusdt@trade'), await c.take((m) => m.stream === 'ethusdt@trade')].map((m) => m.data);
        const restTrades: Msg[] = (await rest('/trades', 'symbol=ETHUSDT')).slice(-2);
        expect(trades).toEqual(restTrades.map((t) => ({ e: 'trade', E: h.clock.now(), s: 'ETHUSDT', t: t.id, p: t.price, q: t.qty, T: t.time, m: t.isBuyerMaker, M: true })));
        expect(trades.map((t) => [t.p, t.q, t.m])).toEqual([['3001.00000000', '0.50000000', false], ['3002.00000000', '0.20000000', false]]);
        const aggs = [await c.take((m) => m.stream === 'ethusdt@aggTrade'), await c.take((m) => m.stream === 'ethusdt@aggTrade')].map((m) => m.data);
        const restAggs: Msg[] = (await rest('/aggTrades', 'symbol=ETHUSDT')).slice(-2);
        expect(aggs).toEqual(restAggs.map((t) => ({ e: 'aggTrade', E: h.clock.now(), s: 'ETHUSDT', ...t })));

        // The first trade went out at once; the second one's bar at the end of Binance's 2-second pace.
        const first = await c.take((m) => m.stream === 'ethusdt@kline_1m');
        expect(first.data.k).toMatchObject({ o: '3001.00000000', c: '3001.00000000', n: 1, x: false });
        const kline = (await c.take((m) => m.stream === 'ethusdt@kline_1m', 3_000)).data;
        const [row] = await rest('/klines', 'symbol=ETHUSDT&interval=1m');
        const open = Math.floor(h.clock.now() / 60_000) * 60_000;
        expect(kline).toEqual({
          e: 'kline', E: h.clock.now(), s: 'ETHUSDT',
          k: {
            t: open, T: open + 59_999, s: 'ETHUSDT', i: '1m', f: trades[0].t, L: trades[1].t, o: row[1], c: row[4], h: row[2], l: row[3], v: row[5], n: row[8],
            x: false, q: row[7], V: row[9], Q: row[10], B: '0',
          },
        });
        expect(kline.k).toMatchObject({ o: '3001.00000000', h: '3002.00000000', l: '3001.00000000', c: '3002.00000000', v: '0.70000000', n: 2 });
        // A new subscriber gets the live bar at once.
        expect(await c.request({ method: 'SUBSCRIBE', params: ['ethusdt@kline_1h'], id: 1 })).toEqual({ result: null, id: 1 });
        expect((await c.take((m) => m.stream === 'ethusdt@kline_1h')).data.k).toMatchObject({ i: '1h', o: '3001.00000000', c: '3002.00000000', n: 2, x: false });
        // The bar closes (x: true) once its minute is over.
        h.clock.advance(60_000);
        const closed = await c.take((m) => m.stream === 'ethusdt@kline_1m' && m.data.k.x === true, 3_000);
        expect(closed.data.k).toMatchObject({ t: open, c: '3002.00000000', n: 2 });
      } finally {
        c.close();
        await h.desks.spot.cancelAll({ user: lp });
      }
    });

    it('ticker, miniTicker, !ticker@arr, !miniTicker@arr, bookTicker and avgPrice', async () => {
      await place(lp, 'BTCUSDT', 'sell', '50100', '1');
      await place(lp, 'BTCUSDT', 'buy', '49900', '1');
      await place(taker, 'BTCUSDT', 'buy', '50100', '0.25');
      const c = await Client.open(`${base}/stream?streams=btcusdt@ticker/btcusdt@miniTicker/!ticker@arr/!miniTicker@arr/btcusdt@bookTicker/btcusdt@avgPrice`);
      try {
        const ticker = (await c.take((m) => m.stream === 'btcusdt@ticker', 3_000)).data;
        const t = await rest('/ticker/24hr', 'symbol=BTCUSDT');
        expect(ticker).toEqual({
          e: '24hrTicker', E: h.clock.now(), s: 'BTCUSDT', p: t.priceChange, P: t.priceChangePercent, w: t.weightedAvgPrice, x: t.openPrice, c: t.lastPrice,
          Q: t.lastQty, b: t.bidPrice, B: t.bidQty, a: t.askPrice, A: t.askQty, o: t.openPrice, h: t.highPrice, l: t.lowPrice, v: t.volume, q: t.quoteVolume,
          O: t.openTime, C: t.closeTime, F: t.firstId, L: t.lastId, n: t.count,
        });
        expect(ticker).toMatchObject({ c: '50100.00000000', b: '49900.00000000', a: '50100.00000000', A: '0.75000000', v: '0.25000000', n: 1 });
        const mini = (await c.take((m) => m.stream === 'btcusdt@miniTicker')).data;
        expect(mini).toEqual({ e: '24hrMiniTicker', E: h.clock.now(), s: 'BTCUSDT', c: t.lastPrice, o: t.openPrice, h: t.highPrice, l: t.lowPrice, v: t.volume, q: t.quoteVolume });
        // The arrays: every market the first time (with REST's figures), then only the ones that changed.
        const arr = (await c.take((m) => m.stream === '!ticker@arr')).data as Msg[];
        const restAll: Msg[] = await rest('/ticker/24hr', '');
        expect(arr.map((x) => x.s)).toEqual(restAll.map((x) => x.symbol));
        expect(arr.find((x) => x.s === 'BTCUSDT')).toEqual(ticker);
        expect(((await c.take((m) => m.stream === '!miniTicker@arr')).data as Msg[]).find((x) => x.s === 'BTCUSDT')).toEqual(mini);
        const book = (await c.take((m) => m.stream === 'btcusdt@bookTicker')).data;
        const bt = await rest('/ticker/bookTicker', 'symbol=BTCUSDT');
        expect(book).toEqual({ u: (await rest('/depth', 'symbol=BTCUSDT&limit=5')).lastUpdateId, s: 'BTCUSDT', b: bt.bidPrice, B: bt.bidQty, a: bt.askPrice, A: bt.askQty });
        const avg = (await c.take((m) => m.stream === 'btcusdt@avgPrice')).data;
        const ap = await rest('/avgPrice', 'symbol=BTCUSDT');
        expect(ap).toEqual({ mins: 5, price: '50100.00000000', closeTime: h.clock.now() });
        expect(avg).toEqual({ e: 'avgPrice', E: h.clock.now(), s: 'BTCUSDT', i: '5m', w: ap.price, T: ap.closeTime });

        // A trade in ETH only: the arrays carry ETHUSDT alone; the BTC ticker sends nothing (unchanged).
        c.drain(() => true);
        await place(lp, 'ETHUSDT', 'sell', '3010', '1');
        await place(taker, 'ETHUSDT', 'buy', '3010', '0.1');
        const changed = (await c.take((m) => m.stream === '!ticker@arr', 3_000)).data as Msg[];
        expect(changed.map((x) => x.s)).toEqual(['ETHUSDT']);
        expect(changed[0]).toMatchObject({ c: '3010.00000000', ...(await rest('/ticker/24hr', 'symbol=ETHUSDT').then((e: Msg) => ({ v: e.volume, n: e.count }))) });
        expect(c.drain((m) => m.stream === 'btcusdt@ticker')).toEqual([]);
        // A better bid: bookTicker at once, with the book's update id.
        await place(lp, 'BTCUSDT', 'buy', '49950', '0.3');
        const better = (await c.take((m) => m.stream === 'btcusdt@bookTicker')).data;
        expect(better).toEqual({ u: (await rest('/depth', 'symbol=BTCUSDT&limit=5')).lastUpdateId, s: 'BTCUSDT', b: '49950.00000000', B: '0.30000000', a: '50100.00000000', A: '0.75000000' });
      } finally {
        c.close();
        await h.desks.spot.cancelAll({ user: lp });
      }
    });
  });

  it('a subscriber joining a running stream of a state gets that state at once, as its first subscriber did', async () => {
    await place(lp, 'BTCUSDT', 'sell', '50200', '1');
    await place(lp, 'BTCUSDT', 'buy', '49800', '1');
    await place(taker, 'BTCUSDT', 'buy', '50200', '0.1');
    const names = ['btcusdt@bookTicker', 'btcusdt@ticker', 'btcusdt@miniTicker', 'btcusdt@avgPrice', 'btcusdt@kline_1m', 'btcusdt@ticker_1h'];
    const first = await Client.open(`${base}/stream?streams=${names.join('/')}`);
    const second = await Client.open(`${base}/ws`);
    try {
      const seen = new Map<string, unknown>();
      for (const name of names) seen.set(name, (await first.take((m) => m.stream === name, 3_000)).data);
      // Nothing changes from here on: the second connection hears each state only because it joined.
      expect(await second.request({ method: 'SUBSCRIBE', params: names, id: 7 })).toEqual({ result: null, id: 7 });
      const got = new Map<string, unknown>();
      const kinds: Record<string, (m: Msg) => boolean> = {
        'btcusdt@bookTicker': (m) => m.u !== undefined && m.e === undefined,
        'btcusdt@ticker': (m) => m.e === '24hrTicker',
        'btcusdt@miniTicker': (m) => m.e === '24hrMiniTicker',
        'btcusdt@avgPrice': (m) => m.e === 'avgPrice',
        'btcusdt@kline_1m': (m) => m.e === 'kline',
        'btcusdt@ticker_1h': (m) => m.e === '1hTicker',
      };
      for (const name of names) got.set(name, await second.take(kinds[name]!, 1_500));
      expect(got).toEqual(seen);
      expect((got.get('btcusdt@bookTicker') as Msg).b).toBe('49800.00000000');
      expect((got.get('btcusdt@kline_1m') as Msg).k).toMatchObject({ c: '50200.00000000', x: false });
      // Streams of events have no state to tell: a trade stream joined late sends nothing until the next trade.
      expect(await first.request({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 8 })).toEqual({ result: null, id: 8 });
      expect(await second.request({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id: 9 })).toEqual({ result: null, id: 9 });
      await sleep(200);
      expect(second.drain((m) => m.e === 'trade')).toEqual([]);
    } finally {
      first.close();
      second.close();
      await h.desks.spot.cancelAll({ user: lp });
    }
  });

  it('a local book from the REST snapshot and the diff stream stays equal to REST across random order flow', async () => {
    const next = random(15);
    const c = await Client.open(`${base}/stream?streams=btcusdt@depth@100ms/btcusdt@depth/btcusdt@depth20@100ms/btcusdt@depth5`);
    const resting: number[] = [];
    /** One random step: place a bid or an ask around 50 000 (some crossing: trades), or cancel a resting order. */
    const step = async () => {
      const r = next();
      if (r < 0.35 && resting.length > 0) {
        const [id] = resting.splice(Math.floor(next() * resting.length), 1);
        const done = await h.desks.spot.cancel({ user: lp, orderId: id! });
        if (!done.ok) expect(done.code).toBe('order.not.found'); // filled meanwhile
        return;
      }
      const buy = next() < 0.5;
      // Bids mostly below 50 000, asks mostly above; a few cross and trade.
      const offset = Math.floor(next() * 40) - 8;
      const price = String(buy ? 50_000 - offset * 5 : 50_000 + offset * 5);
      const qty = (1 + Math.floor(next() * 20)) / 1000;
      const user = next() < 0.8 ? lp : taker;
      const placed = await h.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side: buy ? 'buy' : 'sell', price, qty: String(qty) });
      expect(placed.ok, JSON.stringify(placed)).toBe(true);
      if (placed.ok && user === lp && placed.value.order.status !== 'filled') resting.push(placed.value.order.orderId);
    };
    try {
      for (let i = 0; i < 50; i++) await step();
      // Binance's procedure: the stream is open (events buffered); then the snapshot.
      const snapshot = await rest('/depth', 'symbol=BTCUSDT&limit=5000');
      for (let i = 0; i < 1500; i++) {
        await step();
        if (i % 100 === 0) await sleep(120); // let several timers fire mid-flow
      }
      const final = await rest('/depth', 'symbol=BTCUSDT&limit=5000');
      await sleep(1_200);
      for (const speed of ['btcusdt@depth@100ms', 'btcusdt@depth']) {
        const diffs: Msg[] = c.drain((m) => m.stream === speed).map((m) => m.data);
        // No gap: each event starts where the one before ended.
        for (let i = 1; i < diffs.length; i++) expect(diffs[i].U).toBe(diffs[i - 1].u + 1);
        const kept = diffs.filter((d) => d.u > snapshot.lastUpdateId);
        expect(kept[0].U).toBeLessThanOrEqual(snapshot.lastUpdateId + 1);
        expect(kept[kept.length - 1].u).toBe(final.lastUpdateId);
        const book = new LocalBook(snapshot);
        for (const d of kept) {
          expect(d).toMatchObject({ e: 'depthUpdate', s: 'BTCUSDT' });
          book.apply(d);
        }
        expect(book.top(5000)).toEqual({ b: final.bids, a: final.asks });
        if (speed === 'btcusdt@depth@100ms') expect(kept.length).toBeGreaterThan(10);
      }
      // The partial books: the last one is REST's depth at that many levels.
      const partial = c.drain((m) => m.stream === 'btcusdt@depth20@100ms').pop().data;
      expect(partial).toEqual(await rest('/depth', 'symbol=BTCUSDT&limit=20'));
      const five = c.drain((m) => m.stream === 'btcusdt@depth5').pop().data;
      expect(five).toEqual(await rest('/depth', 'symbol=BTCUSDT&limit=5'));
    } finally {
      c.close();
      await h.desks.spot.cancelAll({ user: lp });
      await h.desks.spot.cancelAll({ user: taker });
    }
  }, 60_000);
});
