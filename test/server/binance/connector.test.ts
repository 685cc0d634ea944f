// Binance's official JavaScript connector for spot (@binance/spot, the one Binance publishes now; @binance/connector is
// its legacy predecessor) as a second client, independent of ccxt: pointed at a listening app with its two documented
// options only (`basePath` for REST, `wsURL` for the market streams; it writes no host of its own beyond their
// defaults), it reads exchangeInfo, depth, trades and klines, places, queries and cancels a signed order with an API
// key, and keeps a book from the depth diffs it receives, with trades, klines and a rolling-window ticker, all equal to
// what REST answers.
import { Spot, SpotRestAPI, SpotWebsocketStreams } from '@binance/spot';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spotStreamRoutes } from '../../../server/gateway/binance/sstream.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';
import { Client, LocalBook, type Msg } from './stream-client.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for `test` to hold, up to `ms`. */
async function until(test: () => boolean, ms = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describeDialects('@binance/spot (the official connector) against /api/v3 and /stream', (dialect) => {
  let h: BinanceHarness;
  let client: Spot;
  let lp: number;
  let taker: number;
  let host: string;

  const rest = async (path: string, query: string): Promise<Msg> => (await h.get(path, query)).body;
  const place = async (user: number, side: 'buy' | 'sell', price: string, qty: string) => {
    const r = await h.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };

  beforeAll(async () => {
    // Signed requests carry the connector's own Date.now(): the server runs on the system clock here.
    h = await openBinance(dialect, { systemTime: true });
    spotStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now });
    lp = await h.user('connector-lp@example.com');
    taker = await h.user('connector-taker@example.com');
    const bot = await h.user('connector-bot@example.com');
    for (const user of [lp, taker, bot]) {
      await h.credit(user, 'BTC', '100');
      await h.credit(user, 'USDT', '10000000');
    }
    const key = await h.key(bot, { trade: true });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    host = `127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    client = new Spot({
      configurationRestAPI: { apiKey: key.apiKey, apiSecret: key.secret, basePath: `http://${host}`, timeout: 5_000 },
      // The connector opens <wsURL>/stream?streams=… and SUBSCRIBEs there: the spot stream base is /stream.
      configurationWebsocketStreams: { wsURL: `ws://${host}/stream` },
    });
  });
  afterAll(() => h?.dispose());

  it('REST: exchangeInfo, depth, trades and klines as /api/v3 answers them; a signed order placed, queried and cancelled', async () => {
    await place(lp, 'sell', '50100', '0.5');
    await place(lp, 'buy', '49900', '0.5');
    await place(taker, 'buy', '50100', '0.2');

    const info = await (await client.restAPI.exchangeInfo({ symbol: 'BTCUSDT' })).data();
    const restInfo = await rest('/exchangeInfo', 'symbol=BTCUSDT');
    expect(info.symbols).toEqual(restInfo.symbols);
    expect(info.symbols?.[0]).toMatchObject({ symbol: 'BTCUSDT', status: 'TRADING', baseAsset: 'BTC', quoteAsset: 'USDT' });

    const depth = await (await client.restAPI.depth({ symbol: 'BTCUSDT', limit: 5 })).data();
    expect(depth).toEqual(await rest('/depth', 'symbol=BTCUSDT&limit=5'));
    expect(depth.asks?.[0]).toEqual(['50100.00000000', '0.30000000']);

    const trades = await (await client.restAPI.getTrades({ symbol: 'BTCUSDT', limit: 10 })).data();
    expect(trades).toEqual(await rest('/trades', 'symbol=BTCUSDT&limit=10'));
    expect(trades[trades.length - 1]).toMatchObject({ price: '50100.00000000', qty: '0.20000000', isBuyerMaker: false });

    const klines = await (await client.restAPI.klines({ symbol: 'BTCUSDT', interval: SpotRestAPI.KlinesIntervalEnum.INTERVAL_1m })).data();
    expect(klines).toEqual(await rest('/klines', 'symbol=BTCUSDT&interval=1m'));
    expect(klines.length).toBeGreaterThan(0);

    // A signed order: placed (HMAC over the query the connector builds, its own timestamp), queried, cancelled.
    const placed = await (await client.restAPI.newOrder({
      symbol: 'BTCUSDT', side: SpotRestAPI.NewOrderSideEnum.BUY, type: SpotRestAPI.NewOrderTypeEnum.LIMIT,
      timeInForce: SpotRestAPI.NewOrderTimeInForceEnum.GTC, price: 49_000, quantity: 0.01, newClientOrderId: 'connector-1',
    })).data();
    expect(placed).toMatchObject({ symbol: 'BTCUSDT', clientOrderId: 'connector-1', status: 'NEW', side: 'BUY', type: 'LIMIT', price: '49000.00000000', origQty: '0.01000000' });
    const orderId = Number(placed.orderId);
    const queried = await (await client.restAPI.getOrder({ symbol: 'BTCUSDT', orderId })).data();
    expect(queried).toMatchObject({ orderId, status: 'NEW', executedQty: '0.00000000' });
    expect((await rest('/depth', 'symbol=BTCUSDT&limit=5')).bids).toContainEqual(['49000.00000000', '0.01000000']);
    const cancelled = await (await client.restAPI.deleteOrder({ symbol: 'BTCUSDT', orderId })).data();
    expect(cancelled).toMatchObject({ orderId, status: 'CANCELED', origClientOrderId: 'connector-1' });
    expect(await (await client.restAPI.getOrder({ symbol: 'BTCUSDT', origClientOrderId: 'connector-1' })).data()).toMatchObject({ orderId, status: 'CANCELED' });
    expect((await rest('/depth', 'symbol=BTCUSDT&limit=5')).bids).not.toContainEqual(['49000.00000000', '0.01000000']);
    // A refusal comes back as the connector's error with Binance's code and message.
    await expect(client.restAPI.getOrder({ symbol: 'BTCUSDT', orderId: 987_654_321 })).rejects.toMatchObject({ message: expect.stringContaining('Order does not exist') });
    await h.desks.spot.cancelAll({ user: lp });
  });

  it('request ids as the connector sends them (32 hex digits) are taken and answered back, as Binance spot takes them', async () => {
    const c = await Client.open(`ws://${host}/stream/ws`);
    try {
      // Four requests a second at most: Binance spot's limit is 5 a second (more closes the connection).
      for (const id of ['0123456789abcdef0123456789abcdef', 'a'.repeat(36), null, 7]) {
        c.send({ method: 'LIST_SUBSCRIPTIONS', id });
        expect(await c.take((m) => 'result' in m || 'error' in m)).toEqual({ result: [], id });
      }
      const refused = { error: { code: 2, msg: 'Invalid request: request ID must be an unsigned integer' }, id: null };
      await sleep(1_100);
      for (const [n, id] of ['a'.repeat(37), 'with space', -1, true].entries()) {
        c.send({ method: 'SUBSCRIBE', params: ['btcusdt@trade'], id });
        expect(await c.take((m) => m.error !== undefined), `id ${JSON.stringify(id)} (${n})`).toEqual(refused);
      }
      await sleep(1_100);
      expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 8 })).toEqual({ result: [], id: 8 });
    } finally {
      c.close();
    }
  });

  it('streams: a book kept from the depth diffs by Binance\'s procedure, trades, klines and a rolling-window ticker equal REST', async () => {
    const connection = await client.websocketStreams.connect();
    const diffs: SpotWebsocketStreams.DiffBookDepthResponse[] = [];
    const trades: SpotWebsocketStreams.TradeResponse[] = [];
    const klines: SpotWebsocketStreams.KlineResponse[] = [];
    const windows: SpotWebsocketStreams.RollingWindowTickerResponse[] = [];
    const replies: unknown[] = [];
    connection.on('message', (data: unknown) => {
      const m = JSON.parse(String(data)) as Record<string, unknown>;
      if (!('stream' in m)) replies.push(m);
    });
    try {
      // In this order: once a depth diff is in, the requests before it were answered (the server reads them in turn).
      connection.trade({ symbol: 'btcusdt' }).on('message', (m) => void trades.push(m));
      connection.kline({ symbol: 'btcusdt', interval: SpotWebsocketStreams.KlineIntervalEnum.INTERVAL_1m }).on('message', (m) => void klines.push(m));
      connection.rollingWindowTicker({ symbol: 'btcusdt', windowSize: SpotWebsocketStreams.RollingWindowTickerWindowSizeEnum.WINDOW_SIZE_1d }).on('message', (m) => void windows.push(m));
      connection.diffBookDepth({ symbol: 'btcusdt', updateSpeed: SpotWebsocketStreams.DiffBookDepthUpdateSpeedEnum.UPDATE_SPEED_100ms }).on('message', (m) => void diffs.push(m));
      await until(() => replies.length === 4, 5_000, 'the four SUBSCRIBE answers');
      expect(replies.map((r) => (r as { result?: unknown }).result)).toEqual([null, null, null, null]);
      // A resting order: the first diff shows the stream is live (and every subscription before it answered).
      await place(lp, 'buy', '49950', '0.1');
      await until(() => diffs.length > 0, 5_000, 'a depth diff');

      // Binance's procedure: events buffered, then a snapshot (through the connector), then the flow.
      const snapshot = await (await client.restAPI.depth({ symbol: 'BTCUSDT', limit: 1000 })).data();
      const before = trades.length;
      for (let i = 0; i < 20; i++) {
        await place(lp, 'sell', String(50_010 + (i % 5) * 10), '0.05');
        await place(lp, 'buy', String(49_990 - (i % 5) * 10), '0.05');
        if (i % 2 === 0) await place(taker, i % 4 === 0 ? 'buy' : 'sell', i % 4 === 0 ? '50050' : '49950', '0.07');
      }
      const final = await (await client.restAPI.depth({ symbol: 'BTCUSDT', limit: 1000 })).data();
      const finalId = Number(final.lastUpdateId);
      await until(() => diffs.length > 0 && Number(diffs[diffs.length - 1]!.u) >= finalId, 5_000, 'the diffs up to the final snapshot');
      const kept = diffs.filter((d) => Number(d.u) > Number(snapshot.lastUpdateId));
      expect(Number(kept[0]!.U)).toBeLessThanOrEqual(Number(snapshot.lastUpdateId) + 1);
      for (let i = 1; i < kept.length; i++) expect(Number(kept[i]!.U)).toBe(Number(kept[i - 1]!.u) + 1);
      const book = new LocalBook({ bids: snapshot.bids ?? [], asks: snapshot.asks ?? [] });
      for (const d of kept) book.apply({ b: d.b ?? [], a: d.a ?? [] });
      expect(Number(kept[kept.length - 1]!.u)).toBe(finalId);
      expect(book.top(1000)).toEqual({ b: final.bids, a: final.asks });

      // Every trade of the flow, as /api/v3/trades lists them.
      const restTrades = await (await client.restAPI.getTrades({ symbol: 'BTCUSDT', limit: 100 })).data();
      const flow = trades.slice(before);
      expect(flow.length).toBeGreaterThan(10);
      expect(flow.map((t) => ({ id: Number(t.t), price: t.p, qty: t.q, time: Number(t.T), isBuyerMaker: t.m }))).toEqual(
        restTrades.slice(-flow.length).map((t) => ({ id: t.id, price: t.price, qty: t.qty, time: t.time, isBuyerMaker: t.isBuyerMaker })),
      );

      // The live 1m bar (sent at most every 2 s) ends as REST's last kline; the 1d window as /ticker/24hr.
      const [lastRow] = (await (await client.restAPI.klines({ symbol: 'BTCUSDT', interval: SpotRestAPI.KlinesIntervalEnum.INTERVAL_1m })).data()).slice(-1);
      await until(() => klines.some((k) => Number(k.k?.t) === lastRow![0] && k.k?.n === lastRow![8]), 5_000, 'the live bar with every trade');
      const bar = klines.filter((k) => Number(k.k?.t) === lastRow![0] && k.k?.n === lastRow![8]).pop()!.k!;
      expect([bar.t, bar.o, bar.h, bar.l, bar.c, bar.v, bar.T, bar.q, bar.n, bar.V, bar.Q].map((x) => (typeof x === 'bigint' ? Number(x) : x))).toEqual(lastRow!.slice(0, 11));
      const day = await (await client.restAPI.ticker24hr({ symbol: 'BTCUSDT' })).data();
      if (Array.isArray(day)) throw new Error('one symbol asked, a list answered');
      const t = day;
      await until(() => windows.some((w) => w.n === t.count), 5_000, 'the 1d window with every trade');
      expect(windows.filter((w) => w.n === t.count).pop()).toMatchObject({
        e: '1dTicker', s: 'BTCUSDT', o: t.openPrice, h: t.highPrice, l: t.lowPrice, c: t.lastPrice, v: t.volume, q: t.quoteVolume, w: t.weightedAvgPrice,
        F: t.firstId, L: t.lastId, n: t.count,
      });
    } finally {
      await connection.disconnect();
      await h.desks.spot.cancelAll({ user: lp });
      await h.desks.spot.cancelAll({ user: taker });
    }
  }, 20_000);
});
