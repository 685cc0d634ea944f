// Issue 20: executionReport's conditional fields as Binance's user data stream documents them. D (trailing time)
// appears only once a trailing stop order tracks the price, and equals REST's trailingTime; an order that is not a
// tracking trailing one has no D. j and J (strategyId, strategyType) appear only for an order placed with them, and
// REST and the WebSocket API tell them back the same way; out of range they are refused (-1100) with nothing placed.
// TRADE_PREVENTION carries v, the prevented match's id (increasing per market), and A = B the quantity it kept from
// matching; no other report has v.
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

  it('j and J: the strategyId and strategyType an order was placed with, in every report and in REST, only when set', async () => {
    const placed = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.002&price=41000&strategyId=37463720&strategyType=1000001');
    expect(placed).toMatchObject({ strategyId: 37463720, strategyType: 1000001 });
    const report = await user.take(isReport(placed.orderId, 'NEW'));
    expect(report).toMatchObject({ j: 37463720, J: 1000001 });
    expect(Object.keys(report).slice(Object.keys(report).indexOf('V'))).toEqual(['V', 'j', 'J']);
    expect(await rest(placed.orderId)).toMatchObject({ strategyId: 37463720, strategyType: 1000001 });
    const open = (await h.signed('GET', '/openOrders', key, 'symbol=BTCUSDT')).body as Array<Record<string, unknown>>;
    expect(open.find((o) => o.orderId === placed.orderId)).toMatchObject({ strategyId: 37463720, strategyType: 1000001 });
    // A fill and the cancel carry them too.
    await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.001&price=41000');
    expect(await user.take(isReport(placed.orderId, 'TRADE'))).toMatchObject({ j: 37463720, J: 1000001, X: 'PARTIALLY_FILLED' });
    const cancelled = await h.signed('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${placed.orderId}`);
    expect(cancelled.body).toMatchObject({ strategyId: 37463720, strategyType: 1000001 });
    expect(await user.take(isReport(placed.orderId, 'CANCELED'))).toMatchObject({ j: 37463720, J: 1000001 });
    const all = (await h.signed('GET', '/allOrders', key, 'symbol=BTCUSDT')).body as Array<Record<string, unknown>>;
    expect(all.find((o) => o.orderId === placed.orderId)).toMatchObject({ strategyId: 37463720, strategyType: 1000001 });
    // One without strategyType has j alone; REST has no strategyType then.
    const only = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=40500&strategyId=7');
    const onlyReport = await user.take(isReport(only.orderId, 'NEW'));
    expect(onlyReport).toMatchObject({ j: 7 });
    expect(onlyReport).not.toHaveProperty('J');
    const q = await rest(only.orderId);
    expect(q.strategyId).toBe(7);
    expect(q).not.toHaveProperty('strategyType');
    // Reserved or malformed values are refused, nothing placed.
    const before = ((await h.signed('GET', '/openOrders', key, 'symbol=BTCUSDT')).body as unknown[]).length;
    for (const bad of ['strategyType=999999', 'strategyType=abc', 'strategyId=1.5']) {
      const r = await h.signed('POST', '/order', key, `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.001&price=40000&${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.code, bad).toBe(-1100);
    }
    expect(((await h.signed('GET', '/openOrders', key, 'symbol=BTCUSDT')).body as unknown[]).length).toBe(before);
  });

  it('OCO legs keep their own strategy (aboveStrategyId, belowStrategyType)', async () => {
    const r = await h.signed('POST', '/orderList/oco', key,
      'symbol=BTCUSDT&side=SELL&quantity=0.001&aboveType=LIMIT_MAKER&abovePrice=60000&aboveStrategyId=11&aboveStrategyType=1000002'
      + '&belowType=STOP_LOSS_LIMIT&belowPrice=39500&belowStopPrice=40000&belowTimeInForce=GTC&belowStrategyId=12');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [above, below] = (r.body.orderReports as Array<{ orderId: number; price: string }>).sort((x, y) => x.orderId - y.orderId);
    expect(await user.take(isReport(above!.orderId, 'NEW'))).toMatchObject({ j: 11, J: 1000002 });
    const leg = await user.take(isReport(below!.orderId, 'NEW'));
    expect(leg).toMatchObject({ j: 12 });
    expect(leg).not.toHaveProperty('J');
    expect(await rest(below!.orderId)).toMatchObject({ strategyId: 12 });
  });

  it('TRADE_PREVENTION carries v (numbered per market) and A, B; nothing else does', async () => {
    const maker = await order(key, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.001&price=55000');
    const makerNew = await user.take(isReport(maker.orderId, 'NEW'));
    expect(makerNew).not.toHaveProperty('v');
    const ids: number[] = [];
    for (const qty of ['0.002', '0.003']) {
      const taker = await order(key, `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=${qty}&price=55000`);
      expect(taker.status).toBe('EXPIRED_IN_MATCH');
      expect(await user.take(isReport(taker.orderId, 'NEW'))).not.toHaveProperty('v');
      const prevented = await user.take(isReport(taker.orderId, 'TRADE_PREVENTION'));
      expect(prevented).toMatchObject({ X: 'EXPIRED_IN_MATCH', A: `${qty}00000`, B: `${qty}00000`, z: '0.00000000' });
      expect(typeof prevented.v).toBe('number');
      ids.push(prevented.v as number);
    }
    expect(ids[1]).toBe(ids[0]! + 1);
    // The maker, untouched by EXPIRE_TAKER, still rests; its cancel has no v.
    expect((await h.signed('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${maker.orderId}`)).status).toBe(200);
    expect(await user.take(isReport(maker.orderId, 'CANCELED'))).not.toHaveProperty('v');
  });
});
