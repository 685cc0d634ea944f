// Issue 20: executionReport's conditional fields as Binance's user data stream documents them. D (trailing time)
// appears only once a trailing stop order tracks the price, and equals REST's trailingTime; an order that is not a
// tracking trailing one has no D. (v, j and J: see the README's differences.)
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spotUserStreamRoutes } from '../../../server/gateway/binance/sstream-user.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key } from './harness.ts';
import { Client, type Msg } from './stream-client.ts';

const isReport = (id: number, x: string) => (m: Msg) => m.e === 'executionReport' && m.i === id && m.x === x;

describeDialects('executionReport D (trailing time)', (dialect) => {
  let h: BinanceHarness;
  let key: Key;
  let lpKey: Key;
  let user: Client;

  const order = async (k: Key, params: string) => {
    const r = await h.signed('POST', '/order', k, params);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const rest = async (orderId: number) => (await h.signed('GET', '/order', key, `symbol=BTCUSDT&orderId=${orderId}`)).body;

  beforeAll(async () => {
    h = await openBinance(dialect);
    spotUserStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now, maxMessagesPerSecond: 50 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/stream`;
    const trader = await h.user('er-trader@example.com');
    const lp = await h.user('er-lp@example.com');
    for (const u of [trader, lp]) {
      await h.credit(u, 'BTC', '10');
      await h.credit(u, 'USDT', '1000000');
    }
    key = await h.key(trader, { trade: true });
    lpKey = await h.key(lp, { trade: true });
    // A last trade price for the trailing orders to track from.
    await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.001&price=50000');
    await order(key, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.001');
    const listen = (await h.app.inject({ method: 'POST', url: '/api/v3/userDataStream', headers: { 'x-mbx-apikey': key.apiKey } })).json().listenKey as string;
    user = await Client.open(`${base}/ws/${listen}`);
    h.clock.advance(1_000);
  });
  afterAll(async () => {
    user?.close();
    await h?.dispose();
  });

  it('a trailing stop that tracks from placement carries D, REST\'s trailingTime, in NEW and CANCELED', async () => {
    const placed = await order(key, 'symbol=BTCUSDT&side=SELL&type=STOP_LOSS&quantity=0.001&trailingDelta=100&newClientOrderId=er-trail');
    const at = h.clock.now();
    const q = await rest(placed.orderId);
    expect(q).toMatchObject({ trailingDelta: 100, trailingTime: at });
    const report = await user.take(isReport(placed.orderId, 'NEW'));
    expect(report).toMatchObject({ o: 'STOP_LOSS', d: 100, D: at, w: false });
    // Binance's order of fields: … Q, D, W, V; no strategy or prevented-match fields for an order without them.
    expect(Object.keys(report).slice(Object.keys(report).indexOf('Q'))).toEqual(['Q', 'D', 'V']);
    for (const absent of ['v', 'j', 'J']) expect(report).not.toHaveProperty(absent);
    h.clock.advance(1_000);
    expect((await h.signed('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${placed.orderId}`)).status).toBe(200);
    expect(await user.take(isReport(placed.orderId, 'CANCELED'))).toMatchObject({ d: 100, D: at });
  });

  it('no D while a trailing order waits for its activation price, nor on any other order', async () => {
    const waiting = await order(key, 'symbol=BTCUSDT&side=SELL&type=STOP_LOSS&quantity=0.001&trailingDelta=100&stopPrice=48000&newClientOrderId=er-act');
    expect((await rest(waiting.orderId)).trailingTime).toBe(-1);
    const report = await user.take(isReport(waiting.orderId, 'NEW'));
    expect(report).toMatchObject({ d: 100, P: '48000.00000000' });
    expect(report).not.toHaveProperty('D');

    const stop = await order(key, 'symbol=BTCUSDT&side=SELL&type=STOP_LOSS_LIMIT&timeInForce=GTC&quantity=0.001&price=47000&stopPrice=47500');
    const fixed = await user.take(isReport(stop.orderId, 'NEW'));
    expect(fixed).not.toHaveProperty('D');
    expect(fixed).not.toHaveProperty('d');
    const limit = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=40000');
    const plain = await user.take(isReport(limit.orderId, 'NEW'));
    for (const absent of ['D', 'd', 'v', 'j', 'J']) expect(plain).not.toHaveProperty(absent);
  });
});
