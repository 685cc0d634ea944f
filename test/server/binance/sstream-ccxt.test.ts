// ccxt.pro's `binance` class with its default options, as a spot bot written for Binance constructs it, against a
// listening app with /stream attached as server.ts does: only the URLs change (every REST host is this server's, the
// spot stream base is ws://HOST/stream/ws). watchOrderBook keeps its book by Binance's procedure (ccxt's own: buffer
// the diffs, fetch /api/v3/depth, then each diff's U must be the previous u + 1, else it fails) across thousands of
// level changes and ends equal to REST; watchTrades, watchTicker and watchOHLCV show what REST shows.
import ccxt from 'ccxt';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spotStreamRoutes } from '../../../server/gateway/binance/sstream.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';
import { Client } from './stream-client.ts';

const BTC = 'BTC/USDT';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeDialects('ccxt.pro binance (spot) on /stream', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.pro.binance>;
  let lp: number;
  let taker: number;
  let host: string;

  const place = async (user: number, side: 'buy' | 'sell', price: string, qty: string) => {
    const r = await h.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    return r.ok ? r.value.order : null;
  };

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    spotStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now });
    lp = await h.user('spot-pro-lp@example.com');
    taker = await h.user('spot-pro-taker@example.com');
    for (const user of [lp, taker]) {
      await h.credit(user, 'BTC', '1000');
      await h.credit(user, 'USDT', '100000000');
    }
    const bot = await h.user('spot-pro-bot@example.com');
    const key = await h.key(bot, { trade: true });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    host = `127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    ex = new ccxt.pro.binance({ apiKey: key.apiKey, secret: key.secret });
    const api = ex.urls['api'] as Record<string, unknown>;
    for (const [name, url] of Object.entries(api)) if (typeof url === 'string') api[name] = url.replace(/^https:\/\/[^/]+/, `http://${host}`);
    // The spot stream base: ccxt opens <base>/<n> and SUBSCRIBEs there.
    (api['ws'] as Record<string, unknown>)['spot'] = `ws://${host}/stream/ws`;
    // ccxt asks for this once before it opens a plain ws:// (not wss://) URL.
    await ex.loadHttpProxyAgent();
    await ex.loadMarkets();
  });
  afterAll(async () => {
    await ex?.close();
    await h?.dispose();
  });

  it('watchOrderBook stays in sync across thousands of level changes and ends equal to REST', async () => {
    for (let i = 0; i < 10; i++) {
      await place(lp, 'buy', String(49_900 - i * 10), '0.1');
      await place(lp, 'sell', String(50_100 + i * 10), '0.1');
    }
    // Every diff ccxt applies goes through handleOrderBookMessage: counted, not changed.
    let applied = 0;
    const proto = ex as unknown as { handleOrderBookMessage: (...args: unknown[]) => unknown };
    const original = proto.handleOrderBookMessage.bind(ex);
    proto.handleOrderBookMessage = (...args: unknown[]) => {
      applied++;
      return original(...args);
    };
    const first = await ex.watchOrderBook(BTC);
    expect(first.bids[0]).toEqual([49_900, 0.1]);
    expect(first.asks[0]).toEqual([50_100, 0.1]);
    const startNonce = first.nonce ?? 0;

    // A market maker's flow: place around the mid, cancel, and now and then a taker crosses.
    let seed = 7;
    const next = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const resting: number[] = [];
    let steps = 0;
    let flowDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (flowDone = resolve));
    let updates = 0;
    const watching = (async () => {
      // A bot's loop: it keeps awaiting the book while the flow runs (an out-of-sequence diff would reject here).
      while (steps < 2_000) {
        await Promise.race([ex.watchOrderBook(BTC), done]);
        updates++;
      }
    })();
    for (; steps < 2_000; steps++) {
      const r = next();
      if (r < 0.4 && resting.length > 0) {
        const [orderId] = resting.splice(Math.floor(next() * resting.length), 1);
        await h.desks.spot.cancel({ user: lp, orderId: orderId! });
      } else if (r < 0.5) {
        await place(taker, next() < 0.5 ? 'buy' : 'sell', next() < 0.5 ? '50200' : '49800', String((1 + Math.floor(next() * 5)) / 100));
      } else {
        const buy = next() < 0.5;
        const ticks = 1 + Math.floor(next() * 60);
        const order = await place(lp, buy ? 'buy' : 'sell', String(buy ? 50_000 - ticks * 5 : 50_000 + ticks * 5), String((1 + Math.floor(next() * 50)) / 1000));
        if (order !== null && order.status !== 'filled') resting.push(order.orderId);
      }
      if (steps % 20 === 0) await sleep(15); // the stream's 100 ms timer fires mid-flow
    }
    flowDone();
    await watching;
    expect(updates).toBeGreaterThan(10);
    const rest = await ex.fetchOrderBook(BTC, 1000);
    // The diffs after the last one ccxt applied are at most one 100 ms interval away: the book it keeps catches up.
    let book = first;
    for (let i = 0; i < 50 && book.nonce !== rest.nonce; i++) book = await Promise.race([ex.watchOrderBook(BTC), sleep(100).then(() => book)]);
    expect(book.nonce).toBe(rest.nonce);
    expect((rest.nonce ?? 0) - startNonce).toBeGreaterThan(2_000); // level changes (update ids) the diffs carried
    expect(applied).toBeGreaterThan(20); // diff events ccxt checked and applied
    expect(book.bids).toEqual(rest.bids);
    expect(book.asks).toEqual(rest.asks);
    await h.desks.spot.cancelAll({ user: lp });
  }, 60_000);

  it('watchTrades, watchTicker and watchOHLCV show what REST shows', async () => {
    await h.desks.spot.cancelAll({ user: lp });
    await h.desks.spot.cancelAll({ user: taker });
    await place(lp, 'sell', '50150', '0.5');
    await place(lp, 'buy', '49900', '0.3');
    const trades = ex.watchTrades(BTC);
    const candles = ex.watchOHLCV(BTC, '1m');
    await sleep(300);
    await place(taker, 'buy', '50150', '0.2');
    const [trade] = await trades;
    expect(trade).toMatchObject({ symbol: BTC, price: 50_150, amount: 0.2, side: 'buy' });
    const [fetched] = (await ex.fetchTrades(BTC)).slice(-1);
    expect(trade).toMatchObject({ id: fetched!.id, price: fetched!.price, amount: fetched!.amount, timestamp: fetched!.timestamp, side: fetched!.side });

    // The first kline event is the live bar as it was at subscription; the trade's comes within Binance's 2 s pace.
    let ohlcv = await candles;
    for (let i = 0; i < 10 && ohlcv[ohlcv.length - 1]?.[4] !== 50_150; i++) ohlcv = await ex.watchOHLCV(BTC, '1m');
    const [restBar] = (await ex.fetchOHLCV(BTC, '1m')).slice(-1);
    expect(ohlcv[ohlcv.length - 1]).toEqual(restBar);
    expect(restBar?.[4]).toBe(50_150);

    const ticker = await ex.watchTicker(BTC);
    const restTicker = await ex.fetchTicker(BTC);
    expect(ticker).toMatchObject({ symbol: BTC, last: 50_150 });
    // ccxt's watchTicker subscribes to <symbol>@miniTicker by default: the fields it carries equal REST's (vwap,
    // change and percentage are ccxt's own arithmetic there, so they are compared on the full ticker below).
    expect(ticker.info).toMatchObject({ e: '24hrMiniTicker' });
    for (const field of ['last', 'open', 'high', 'low', 'baseVolume', 'quoteVolume'] as const) {
      expect(ticker[field], field).toBe(restTicker[field]);
    }
    // The full 24hrTicker (`params.name`), with the book's best bid and ask, equals REST's too.
    const full = await ex.watchTicker(BTC, { name: 'ticker' });
    expect(full.info).toMatchObject({ e: '24hrTicker' });
    const again = await ex.fetchTicker(BTC);
    for (const field of ['last', 'open', 'high', 'low', 'bid', 'bidVolume', 'ask', 'askVolume', 'baseVolume', 'quoteVolume', 'vwap', 'change', 'percentage'] as const) {
      expect(full[field], field).toBe(again[field]);
    }
    expect(full).toMatchObject({ bid: 49_900, bidVolume: 0.3, ask: 50_150, askVolume: 0.3 });
    await h.desks.spot.cancelAll({ user: lp });
  }, 30_000);

  it("Binance spot's default limit: 5 messages a second; more closes the connection (1008)", async () => {
    const calm = await Client.open(`ws://${host}/stream/ws`);
    for (let i = 0; i < 5; i++) calm.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
    for (let i = 0; i < 5; i++) expect(await calm.take((m) => m.id === i)).toEqual({ result: [], id: i });
    expect(calm.closed).toBe(false);
    calm.close();
    // Twelve at once: whichever second they fall in, one second holds more than five.
    const flood = await Client.open(`ws://${host}/stream/ws`);
    for (let i = 0; i < 12; i++) flood.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
    await flood.waitClosed();
    expect(flood.closeCode).toBe(1008);
  });
});
