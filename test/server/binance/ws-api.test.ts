// Binance's spot WebSocket API at /ws-api/v3 (server/gateway/binance/ws-api*.ts) against a listening app built by the
// test harness (fixed clock): the request/response frame and its errors, rate limits, per-request HMAC signatures
// (Binance's documented example included), the order methods answering exactly what /api/v3 answers, session.logon,
// user data subscriptions ({subscriptionId, event}) and their end (unsubscribe, logout, revoked key, frozen user), and
// the listen-key methods.
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wsApiOf, type WsApi } from '../../../server/gateway/binance/ws-api.ts';
import { signedText } from '../../../server/gateway/binance/ws-api-methods.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key } from './harness.ts';
import { Client, type Msg } from './stream-client.ts';

type P = Record<string, string | number | boolean | null | string[]>;

/** Binance's signed text, written out here as its documentation states it: params but signature, sorted, k=v by &. */
const payload = (params: P) =>
  Object.keys(params)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

it('signs as Binance documents it (the WebSocket API guide\'s HMAC example)', () => {
  const params = {
    symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01000000', price: '52000.00', newOrderRespType: 'ACK',
    recvWindow: 100, timestamp: 1645423376532, apiKey: 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A',
  };
  const text = signedText({ ...params, signature: 'ignored' });
  expect(text).toBe(
    'apiKey=vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A&newOrderRespType=ACK&price=52000.00&quantity=0.01000000&recvWindow=100&side=SELL&symbol=BTCUSDT&timeInForce=GTC&timestamp=1645423376532&type=LIMIT',
  );
  expect(hmac('NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j', text)).toBe('cc15477742bd704c29492d96c7ead9414dfd8e0ec4a00f947bb5bb454ddbd08a');
});

describeDialects('binance spot websocket api (/ws-api/v3)', (dialect) => {
  let h: BinanceHarness;
  let api: WsApi;
  let url: string;
  let alice: number;
  let bob: number;
  let a: Key;
  let b: Key;
  let readOnly: Key;
  let c: Client;
  let n = 0;

  /** Sends a request and answers the response with its id (ids are strings, as ccxt sends them). */
  const call = async (client: Client, method: string, params?: P): Promise<Msg> => {
    const id = `r${++n}`;
    client.send(params === undefined ? { id, method } : { id, method, params });
    return client.take((m) => m.id === id);
  };
  /** The params signed with `k`: apiKey and timestamp added (each call its own timestamp: the clock stands still). */
  let stamp = 0;
  const signed = (k: Key, params: P = {}): P => {
    const all: P = { ...params, apiKey: k.apiKey, timestamp: h.clock.now() - (stamp++ % 4000) };
    return { ...all, signature: hmac(k.secret, payload(all)) };
  };
  const rest = async (method: 'GET' | 'POST' | 'DELETE', path: string, k: Key, query: string) => {
    const r = await h.signed(method, path, k, query);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  beforeAll(async () => {
    h = await openBinance(dialect);
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/ws-api/v3`;
    api = wsApiOf(h.app)!;
    alice = await h.user('ws-api-alice@example.com');
    bob = await h.user('ws-api-bob@example.com');
    for (const user of [alice, bob]) {
      await h.credit(user, 'BTC', '10');
      await h.credit(user, 'USDT', '1000000');
    }
    a = await h.key(alice, { trade: true });
    b = await h.key(bob, { trade: true });
    readOnly = await h.key(alice, { trade: false });
    h.clock.advance(1_000);
    c = await Client.open(url);
  });
  afterAll(async () => {
    c?.close();
    await h?.dispose();
  });

  it('answers {id, status, result, rateLimits}; Binance errors for frames it cannot serve', async () => {
    expect(api.connections).toBe(1);
    const ping = await call(c, 'ping');
    expect(ping).toEqual({ id: ping.id, status: 200, result: {}, rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000, count: expect.any(Number) }] });
    expect(await call(c, 'time', { returnRateLimits: false })).toEqual({ id: expect.any(String), status: 200, result: { serverTime: h.clock.now() } });
    expect((await call(c, 'v3/time')).result).toEqual({ serverTime: h.clock.now() });
    // Numeric and null ids are echoed as sent.
    c.send({ id: 7, method: 'ping', params: { returnRateLimits: false } });
    expect(await c.take((m) => m.id === 7)).toEqual({ id: 7, status: 200, result: {} });
    expect(await call(c, 'nope.method')).toMatchObject({ status: 400, error: { code: -1020, msg: 'This operation is not supported.' } });
    c.send('{nope');
    expect(await c.take((m) => m.id === null && m.error?.code === -1135)).toEqual({ id: null, status: 400, error: { code: -1135, msg: 'Invalid JSON Request' } });
    c.send({ id: 'x1', method: 'ping', params: { nested: { a: 1 } } });
    expect(await c.take((m) => m.id === 'x1')).toMatchObject({ status: 400, error: { code: -1135 } });
    c.send({ id: 'x2', params: {} });
    expect(await c.take((m) => m.id === 'x2')).toMatchObject({ status: 400, error: { code: -1102 } });
    expect(await call(c, 'ping', { foo: 1 })).toMatchObject({ status: 400, error: { code: -1104 } });
    expect(await call(c, 'time', { returnRateLimits: 'maybe' })).toMatchObject({ status: 400, error: { code: -1130 } });
    // Market data through the same REST handlers.
    const depth = await call(c, 'depth', { symbol: 'BTCUSDT', limit: 5 });
    expect(depth.result).toEqual((await h.get('/depth', 'symbol=BTCUSDT&limit=5')).body);
    const info = await call(c, 'exchangeInfo', { symbols: ['BTCUSDT'] });
    expect(info.result.symbols.map((s: Msg) => s.symbol)).toEqual(['BTCUSDT']);
    // returnRateLimits=false on the URL hides them by default; a request may still ask.
    const quiet = await Client.open(`${url}?returnRateLimits=false`);
    try {
      expect(await call(quiet, 'ping')).toEqual({ id: expect.any(String), status: 200, result: {} });
      expect((await call(quiet, 'ping', { returnRateLimits: true })).rateLimits).toHaveLength(1);
    } finally {
      quiet.close();
    }
    expect(await Client.refused(`${url}?timeUnit=MICROSECOND`)).toBe(true);
  });

  it('order.place, order.status, openOrders.status, order.cancel, account.status, allOrders, myTrades: what /api/v3 answers', async () => {
    const placed = await call(c, 'order.place', signed(a, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '49000', newClientOrderId: 'wsa-1' }));
    expect(placed.status).toBe(200);
    expect(placed.rateLimits).toEqual([
      { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100, count: expect.any(Number) },
      { rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000, count: expect.any(Number) },
    ]);
    const id = placed.result.orderId as number;
    expect(placed.result).toEqual({
      symbol: 'BTCUSDT', orderId: id, orderListId: -1, clientOrderId: 'wsa-1', transactTime: h.clock.now(), price: '49000.00000000', origQty: '0.01000000',
      executedQty: '0.00000000', origQuoteOrderQty: '0.00000000', cummulativeQuoteQty: '0.00000000', status: 'NEW', timeInForce: 'GTC', type: 'LIMIT', side: 'BUY',
      workingTime: h.clock.now(), selfTradePreventionMode: 'EXPIRE_TAKER', fills: [],
    });
    const status = await call(c, 'order.status', signed(a, { symbol: 'BTCUSDT', orderId: id }));
    expect(status.result).toEqual(await rest('GET', '/order', a, `symbol=BTCUSDT&orderId=${id}`));
    expect((await call(c, 'order.status', signed(a, { symbol: 'BTCUSDT', origClientOrderId: 'wsa-1' }))).result.orderId).toBe(id);
    expect((await call(c, 'openOrders.status', signed(a, { symbol: 'BTCUSDT' }))).result).toEqual(await rest('GET', '/openOrders', a, 'symbol=BTCUSDT'));
    expect((await call(c, 'account.status', signed(a, { omitZeroBalances: true }))).result).toEqual(await rest('GET', '/account', a, 'omitZeroBalances=true'));

    // A taker fills it partly; the trades and orders read the same.
    await call(c, 'order.place', signed(b, { symbol: 'BTCUSDT', side: 'SELL', type: 'MARKET', quantity: '0.004' }));
    expect((await call(c, 'myTrades', signed(a, { symbol: 'BTCUSDT' }))).result).toEqual(await rest('GET', '/myTrades', a, 'symbol=BTCUSDT'));
    const canceled = await call(c, 'order.cancel', signed(a, { symbol: 'BTCUSDT', orderId: id }));
    expect(canceled.result).toMatchObject({ symbol: 'BTCUSDT', origClientOrderId: 'wsa-1', orderId: id, status: 'CANCELED', executedQty: '0.00400000' });
    expect((await call(c, 'allOrders', signed(a, { symbol: 'BTCUSDT' }))).result).toEqual(await rest('GET', '/allOrders', a, 'symbol=BTCUSDT'));
    expect((await call(c, 'order.cancel', signed(a, { symbol: 'BTCUSDT', orderId: id }))).error).toEqual({ code: -2011, msg: 'Unknown order sent.' });
    const r = await call(c, 'openOrders.cancelAll', signed(a, { symbol: 'BTCUSDT' }));
    expect(r.result).toEqual([]);
  });

  it('order.test, order.cancelReplace and the OCO list methods run the REST endpoints too', async () => {
    expect((await call(c, 'order.test', signed(a, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '49000' }))).result)
      .toEqual(await rest('POST', '/order/test', a, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49000'));
    const first = await call(c, 'order.place', signed(a, { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '47000' }));
    const replaced = await call(c, 'order.cancelReplace', signed(a, {
      symbol: 'BTCUSDT', cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: first.result.orderId, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '47100',
    }));
    expect(replaced.result).toMatchObject({ cancelResult: 'SUCCESS', newOrderResult: 'SUCCESS', cancelResponse: { orderId: first.result.orderId, status: 'CANCELED' }, newOrderResponse: { price: '47100.00000000', status: 'NEW' } });
    // A failed cancel-replace carries Binance's data with the error, as REST's body does.
    const failed = await call(c, 'order.cancelReplace', signed(a, {
      symbol: 'BTCUSDT', cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: first.result.orderId, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '47200',
    }));
    expect(failed).toMatchObject({ status: 400, error: { code: -2022, msg: 'Order cancel-replace failed.', data: { cancelResult: 'FAILURE', newOrderResult: 'NOT_ATTEMPTED' } } });

    const oco = await call(c, 'orderList.place.oco', signed(a, {
      symbol: 'BTCUSDT', side: 'SELL', quantity: '0.002', aboveType: 'LIMIT_MAKER', abovePrice: '53000', belowType: 'STOP_LOSS', belowStopPrice: '47500',
    }));
    expect(oco.result).toMatchObject({ contingencyType: 'OCO', listOrderStatus: 'EXECUTING' });
    const listId = oco.result.orderListId as number;
    expect((await call(c, 'orderList.status', signed(a, { orderListId: listId }))).result).toEqual(await rest('GET', '/orderList', a, `orderListId=${listId}`));
    expect((await call(c, 'openOrderLists.status', signed(a))).result).toEqual(await rest('GET', '/openOrderList', a, ''));
    expect((await call(c, 'orderList.cancel', signed(a, { symbol: 'BTCUSDT', orderListId: listId }))).result).toMatchObject({ orderListId: listId, listOrderStatus: 'ALL_DONE' });
    expect((await call(c, 'allOrderLists', signed(a))).result).toEqual(await rest('GET', '/allOrderList', a, ''));
    await call(c, 'openOrders.cancelAll', signed(a, { symbol: 'BTCUSDT' }));
  });

  it('refuses what REST refuses: signature, timing, permissions, parameters, order rules', async () => {
    const order = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '49000' };
    const good = signed(a, order);
    expect((await call(c, 'order.place', { ...good, signature: 'f'.repeat(64) })).error).toEqual({ code: -1022, msg: 'Signature for this request is not valid.' });
    expect((await call(c, 'order.place', { ...good, price: '49001' })).error.code).toBe(-1022); // signed text changed
    expect(await call(c, 'order.place', good)).toMatchObject({ status: 200 });
    expect((await call(c, 'order.place', good)).error).toEqual({ code: -1022, msg: 'Signature for this request was already used.' });
    const stale = { ...order, apiKey: a.apiKey, timestamp: h.clock.now() - 10_000 };
    expect((await call(c, 'order.place', { ...stale, signature: hmac(a.secret, payload(stale)) })).error.code).toBe(-1021);
    const unsigned = { ...order, apiKey: a.apiKey };
    expect((await call(c, 'order.place', { ...unsigned, signature: hmac(a.secret, payload(unsigned)) })).error).toMatchObject({ code: -1102 });
    expect((await call(c, 'order.place', order)).error).toEqual({ code: -1102, msg: "Mandatory parameter 'apiKey' was not sent, was empty/null, or malformed." });
    expect(await call(c, 'order.place', signed(readOnly, order))).toMatchObject({ status: 401, error: { code: -2015 } });
    // Each refusal is REST's own, code and message, for the same parameters.
    const variants: P[] = [
      { ...order, foo: '1' }, { ...order, price: '49000.000000001' }, { ...order, quantity: '30' }, { ...order, quantity: '100000' },
      { ...order, symbol: 'NOPEUSDT' }, { ...order, timeInForce: 'GTD' }, { ...order, type: 'MARKET' }, { ...order, newClientOrderId: '' },
    ];
    for (const v of variants) {
      const ws = await call(c, 'order.place', signed(a, v));
      const viaRest = await h.signed('POST', '/order', a, new URLSearchParams(Object.entries(v).map(([k, x]) => [k, String(x)])).toString());
      expect(viaRest.status, JSON.stringify(v)).not.toBe(200);
      expect({ status: ws.status, error: ws.error }, JSON.stringify(v)).toEqual({ status: viaRest.status, error: viaRest.body });
    }
    // A key bound to addresses works only from them: the connection's address is the one checked.
    const elsewhere = await h.key(alice, { trade: true, ips: ['10.1.2.3'] });
    const here = await h.key(alice, { trade: true, ips: ['127.0.0.1'] });
    expect(await call(c, 'account.status', signed(elsewhere))).toMatchObject({ status: 401, error: { code: -2015 } });
    expect((await call(c, 'account.status', signed(here))).result.uid).toBe(alice);
    await call(c, 'openOrders.cancelAll', signed(a, { symbol: 'BTCUSDT' }));
  });

  describe('sessions and user data', () => {
    it('session.logon with an HMAC signature; then requests without apiKey and signature; logout forgets the key', async () => {
      const s = await Client.open(url);
      try {
        expect((await call(s, 'session.status')).result).toEqual({
          apiKey: null, authorizedSince: null, connectedSince: h.clock.now(), returnRateLimits: true, serverTime: h.clock.now(), userDataStream: false,
        });
        expect((await call(s, 'session.logon', { ...signed(a), signature: '0'.repeat(64) })).error.code).toBe(-1022);
        const logon = await call(s, 'session.logon', signed(a));
        expect(logon.result).toEqual({
          apiKey: a.apiKey, authorizedSince: h.clock.now(), connectedSince: h.clock.now(), returnRateLimits: true, serverTime: h.clock.now(), userDataStream: false,
        });
        const placed = await call(s, 'order.place', { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '48000', timestamp: h.clock.now() });
        expect(placed.result).toMatchObject({ status: 'NEW', price: '48000.00000000' });
        expect((await call(s, 'order.status', { symbol: 'BTCUSDT', orderId: placed.result.orderId })).error.code).toBe(-1102); // timestamp is still required
        expect((await call(s, 'order.cancel', { symbol: 'BTCUSDT', orderId: placed.result.orderId, timestamp: h.clock.now() })).result.status).toBe('CANCELED');
        // Another key may still sign a request ad hoc.
        expect((await call(s, 'account.status', signed(b))).result.uid).toBe(bob);
        expect((await call(s, 'session.logout')).result.apiKey).toBeNull();
        expect((await call(s, 'account.status', { timestamp: h.clock.now() })).error.code).toBe(-1102);
      } finally {
        s.close();
      }
    });

    it('userDataStream.subscribe.signature: the account\'s events as {subscriptionId, event}; one subscription per account', async () => {
      const s = await Client.open(url);
      try {
        expect((await call(s, 'userDataStream.subscribe.signature', signed(a))).result).toEqual({ subscriptionId: 0 });
        expect((await call(s, 'userDataStream.subscribe.signature', signed(a))).error).toEqual({ code: -2035, msg: 'User Data Stream subscription already active.' });
        expect((await call(s, 'userDataStream.subscribe')).error.code).toBe(-1002); // not logged on
        await call(s, 'session.logon', signed(b));
        expect((await call(s, 'userDataStream.subscribe')).result).toEqual({ subscriptionId: 1 });
        expect((await call(s, 'session.subscriptions')).result).toEqual([{ subscriptionId: 0 }, { subscriptionId: 1 }]);
        expect((await call(s, 'session.status')).result.userDataStream).toBe(true);

        const placed = await call(c, 'order.place', signed(a, { symbol: 'BTCUSDT', side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price: '51000', newClientOrderId: 'wsa-ev' }));
        const report = await s.take((m) => m.subscriptionId === 0 && m.event.e === 'executionReport');
        expect(report).toEqual({ subscriptionId: 0, event: expect.objectContaining({ x: 'NEW', X: 'NEW', i: placed.result.orderId, c: 'wsa-ev', S: 'SELL', p: '51000.00000000' }) });
        expect(await s.take((m) => m.subscriptionId === 0 && m.event.e === 'outboundAccountPosition')).toMatchObject({ event: { B: [{ a: 'BTC', l: '0.01000000' }] } });
        await call(c, 'order.place', signed(b, { symbol: 'BTCUSDT', side: 'BUY', type: 'MARKET', quantity: '0.01' }));
        expect(await s.take((m) => m.subscriptionId === 0 && m.event.x === 'TRADE')).toMatchObject({ event: { i: placed.result.orderId, X: 'FILLED', m: true } });
        expect(await s.take((m) => m.subscriptionId === 1 && m.event.x === 'TRADE')).toMatchObject({ event: { S: 'BUY', X: 'FILLED', m: false } });

        // Unsubscribing one ends it with eventStreamTerminated; logout ends the session's.
        expect((await call(s, 'userDataStream.unsubscribe', { subscriptionId: 0 })).result).toEqual({});
        expect(await s.take((m) => m.subscriptionId === 0 && m.event.e === 'eventStreamTerminated')).toEqual({ subscriptionId: 0, event: { e: 'eventStreamTerminated', E: h.clock.now() } });
        expect((await call(s, 'userDataStream.unsubscribe', { subscriptionId: 0 })).error.code).toBe(-2036);
        await call(s, 'session.logout');
        expect(await s.take((m) => m.subscriptionId === 1 && m.event.e === 'eventStreamTerminated')).toEqual({ subscriptionId: 1, event: { e: 'eventStreamTerminated', E: h.clock.now() } });
        expect((await call(s, 'session.subscriptions')).result).toEqual([]);
      } finally {
        s.close();
      }
    });

    it('a subscription ends when its API key is revoked or its user frozen; a session whose key went is told', async () => {
      const s = await Client.open(url);
      try {
        const spare = await h.key(alice, { trade: false });
        expect((await call(s, 'userDataStream.subscribe.signature', signed(spare))).result).toEqual({ subscriptionId: 0 });
        expect((await call(s, 'session.logon', signed(spare))).status).toBe(200);
        await api.revalidate();
        expect(s.drain((m) => m.subscriptionId !== undefined || m.id === null)).toEqual([]);
        await h.store.apiKeys.revoke(alice, spare.apiKey, h.clock.now());
        await api.revalidate();
        expect(await s.take((m) => m.subscriptionId === 0)).toEqual({ subscriptionId: 0, event: { e: 'eventStreamTerminated', E: h.clock.now() } });
        expect(await s.take((m) => m.id === null)).toEqual({ id: null, status: 401, error: { code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' } });
        expect((await call(s, 'session.status')).result.apiKey).toBeNull();

        expect((await call(s, 'userDataStream.subscribe.signature', signed(b))).result).toEqual({ subscriptionId: 1 });
        await h.store.users.setFrozen(bob, true, h.clock.now());
        try {
          await api.revalidate();
          expect(await s.take((m) => m.subscriptionId === 1)).toEqual({ subscriptionId: 1, event: { e: 'eventStreamTerminated', E: h.clock.now() } });
          expect((await call(s, 'userDataStream.subscribe.signature', signed(b))).error.code).toBe(-2015);
        } finally {
          await h.store.users.setFrozen(bob, false, h.clock.now());
        }
      } finally {
        s.close();
      }
    });

    it('userDataStream.start, .ping and .stop manage the spot listen keys', async () => {
      const started = await call(c, 'userDataStream.start', { apiKey: a.apiKey });
      expect(started.result).toEqual({ listenKey: expect.stringMatching(/^[A-Za-z0-9]{64}$/) });
      const listenKey = started.result.listenKey as string;
      // The same key as REST's POST /api/v3/userDataStream.
      const viaRest = await h.app.inject({ method: 'POST', url: '/api/v3/userDataStream', headers: { 'x-mbx-apikey': a.apiKey } });
      expect(viaRest.json()).toEqual({ listenKey });
      expect((await call(c, 'userDataStream.ping', { apiKey: a.apiKey, listenKey })).result).toEqual({});
      expect((await call(c, 'userDataStream.ping', { apiKey: b.apiKey, listenKey })).error.code).toBe(-1125);
      expect((await call(c, 'userDataStream.start')).error.code).toBe(-1102);
      expect((await call(c, 'userDataStream.stop', { apiKey: a.apiKey, listenKey })).result).toEqual({});
      expect((await call(c, 'userDataStream.stop', { apiKey: a.apiKey, listenKey })).error).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    });
  });
});
