// Binance spot's user data stream (server/gateway/binance/sstream-user.ts) on /stream/ws/<listenKey>, with the listen
// keys of POST/PUT/DELETE /api/v3/userDataStream (fstream-keys.ts), against a listening app built by the test harness
// (fixed clock): executionReport for every order state change and fill (NEW, TRADE, CANCELED, EXPIRED) with every
// field checked against REST, outboundAccountPosition after each balance change, balanceUpdate for transfers and the
// operator's credits and debits, and the stream's end when its key is deleted, expires, its API key is revoked or its
// user frozen.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotUserStreamRoutes, type SpotStreams } from '../../../server/gateway/binance/sstream-user.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key } from './harness.ts';
import { Client, type Msg } from './stream-client.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isReport = (id: number, x: string) => (m: Msg) => m.e === 'executionReport' && m.i === id && m.x === x;

describeDialects('binance spot user data stream (/stream/ws/<listenKey>)', (dialect) => {
  let h: BinanceHarness;
  let hub: SpotStreams;
  let base: string;
  let trader: number;
  let lp: number;
  let key: Key;
  let lpKey: Key;

  /** POST, PUT or DELETE /api/v3/userDataStream (or another venue's path) with the API key header only. */
  const listenKey = async (method: 'POST' | 'PUT' | 'DELETE', k: Key | null, body = '', url = '/api/v3/userDataStream') => {
    const raw = await h.app.inject({
      method,
      url,
      headers: { ...(k === null ? {} : { 'x-mbx-apikey': k.apiKey }), 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    return { status: raw.statusCode, body: raw.json() };
  };
  const order = async (k: Key, params: string) => {
    const r = await h.signed('POST', '/order', k, params);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  const account = async (k: Key) => (await h.signed('GET', '/account', k, '')).body.balances as Array<{ asset: string; free: string; locked: string }>;
  /** The account's balances of `assets` as outboundAccountPosition shows them. */
  const position = async (k: Key, assets: string[]) =>
    (await account(k)).filter((b) => assets.includes(b.asset)).map((b) => ({ a: b.asset, f: b.free, l: b.locked }));

  beforeAll(async () => {
    h = await openBinance(dialect);
    // As server.ts attaches it; Binance spot's 5 messages a second would make the tests wait: 50 here.
    hub = spotUserStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now, maxMessagesPerSecond: 50 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/stream`;
    trader = await h.user('sstream-user-trader@example.com');
    lp = await h.user('sstream-user-lp@example.com');
    for (const user of [trader, lp]) {
      await h.credit(user, 'BTC', '10');
      await h.credit(user, 'USDT', '1000000');
    }
    key = await h.key(trader, { trade: true });
    lpKey = await h.key(lp, { trade: true });
    h.clock.advance(1_000);
  });
  afterAll(() => h?.dispose());

  it('makes, returns, extends and ends a spot listen key with the API key alone, apart from the futures ones', async () => {
    const made = await listenKey('POST', key);
    expect(made).toEqual({ status: 200, body: { listenKey: expect.stringMatching(/^[A-Za-z0-9]{64}$/) } });
    const listen = made.body.listenKey as string;
    expect((await listenKey('POST', key)).body).toEqual({ listenKey: listen });
    // Spot's PUT and DELETE must name the key and answer {}.
    expect(await listenKey('PUT', key, `listenKey=${listen}`)).toEqual({ status: 200, body: {} });
    expect((await listenKey('PUT', key)).body).toEqual({ code: -1102, msg: "Mandatory parameter 'listenKey' was not sent, was empty/null, or malformed." });
    expect((await listenKey('PUT', key, 'listenKey=wrong')).body).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
    expect((await listenKey('PUT', lpKey, `listenKey=${listen}`)).body.code).toBe(-1125);
    expect((await listenKey('POST', key, `listenKey=${listen}`)).body.code).toBe(-1104);
    expect(await listenKey('POST', null)).toEqual({ status: 401, body: { code: -1002, msg: 'You are not authorized to execute this request.' } });
    // The futures venue has its own key, which the spot stream does not take.
    const futures = (await listenKey('POST', key, '', '/fapi/v1/listenKey')).body.listenKey as string;
    expect(futures).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(futures).not.toBe(listen);
    expect(await Client.refused(`${base}/ws/${futures}`)).toBe(true);
    const refused = await h.app.inject({ method: 'GET', url: `/stream/ws/${'b'.repeat(64)}` });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: { code: -1125, msg: 'This listenKey does not exist.' } });
    expect(await listenKey('DELETE', key, `listenKey=${listen}`)).toEqual({ status: 200, body: {} });
    expect((await listenKey('DELETE', key, `listenKey=${listen}`)).body.code).toBe(-1125);
    expect(await listenKey('DELETE', key, '', '/fapi/v1/listenKey')).toEqual({ status: 200, body: {} });
  });

  describe('events', () => {
    let user: Client;
    beforeAll(async () => {
      const listen = (await listenKey('POST', key)).body.listenKey as string;
      user = await Client.open(`${base}/ws/${listen}`);
    });
    afterAll(() => user?.close());

    it('executionReport NEW, TRADE (partially filled, then filled) as maker, with outboundAccountPosition after each', async () => {
      h.clock.advance(1_000);
      const placed = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49900&newClientOrderId=su-1');
      const now = h.clock.now();
      expect(await user.take(isReport(placed.orderId, 'NEW'))).toEqual({
        e: 'executionReport', E: now, s: 'BTCUSDT', c: 'su-1', S: 'BUY', o: 'LIMIT', f: 'GTC', q: '0.01000000', p: '49900.00000000', P: '0.00000000',
        F: '0.00000000', g: -1, C: '', x: 'NEW', X: 'NEW', r: 'NONE', i: placed.orderId, l: '0.00000000', z: '0.00000000', L: '0.00000000', n: '0',
        N: null, T: now, t: -1, I: expect.any(Number), w: true, m: false, M: false, O: now, Z: '0.00000000', Y: '0.00000000', Q: '0.00000000', W: now,
        V: 'EXPIRE_TAKER',
      });
      expect(await user.take((m) => m.e === 'outboundAccountPosition')).toEqual({ e: 'outboundAccountPosition', E: now, u: now, B: await position(key, ['USDT']) });

      h.clock.advance(1_000);
      await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.004');
      const [fill] = (await h.signed('GET', '/myTrades', key, `symbol=BTCUSDT&orderId=${placed.orderId}`)).body;
      const partial = await user.take(isReport(placed.orderId, 'TRADE'));
      expect(partial).toMatchObject({
        c: 'su-1', X: 'PARTIALLY_FILLED', l: '0.00400000', z: '0.00400000', L: '49900.00000000', n: fill.commission, N: 'BTC', T: h.clock.now(), t: fill.id,
        w: true, m: true, O: now, Z: '199.60000000', Y: '199.60000000', W: now,
      });
      expect(fill).toMatchObject({ qty: '0.00400000', quoteQty: '199.60000000', isMaker: true, commissionAsset: 'BTC' });
      const moved = await user.take((m) => m.e === 'outboundAccountPosition');
      expect(moved.u).toBe(h.clock.now());
      expect(moved.B).toHaveLength(2);
      expect(moved.B).toEqual(expect.arrayContaining(await position(key, ['BTC', 'USDT'])));

      h.clock.advance(1_000);
      await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.006');
      const filled = await user.take(isReport(placed.orderId, 'TRADE'));
      expect(filled).toMatchObject({ X: 'FILLED', l: '0.00600000', z: '0.01000000', Z: '499.00000000', Y: '299.40000000', w: false, m: true });
      expect((await h.signed('GET', '/order', key, `symbol=BTCUSDT&orderId=${placed.orderId}`)).body).toMatchObject({
        status: 'FILLED', executedQty: filled.z, cummulativeQuoteQty: filled.Z,
      });
      await user.take((m) => m.e === 'outboundAccountPosition');
      // Nothing else was sent for these commands: no balanceUpdate for trades.
      await sleep(50);
      expect(user.drain((m) => m.e === 'balanceUpdate')).toEqual([]);
    });

    it('CANCELED names the original client id; an IOC remainder EXPIRED; a market order by quote amount', async () => {
      const resting = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.02&price=49000&newClientOrderId=su-2');
      await user.take(isReport(resting.orderId, 'NEW'));
      await user.take((m) => m.e === 'outboundAccountPosition');
      h.clock.advance(1_000);
      const canceled = await h.signed('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${resting.orderId}`);
      expect(canceled.status).toBe(200);
      expect(await user.take(isReport(resting.orderId, 'CANCELED'))).toMatchObject({
        c: 'su-2', C: 'su-2', X: 'CANCELED', z: '0.00000000', l: '0.00000000', T: h.clock.now(), w: false, t: -1,
      });
      await user.take((m) => m.e === 'outboundAccountPosition');

      await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.002&price=50100');
      const ioc = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=IOC&quantity=0.005&price=50100&newClientOrderId=su-3');
      expect(ioc).toMatchObject({ status: 'EXPIRED', executedQty: '0.00200000' });
      expect(await user.take(isReport(ioc.orderId, 'NEW'))).toMatchObject({ f: 'IOC', X: 'NEW', w: false });
      expect(await user.take(isReport(ioc.orderId, 'TRADE'))).toMatchObject({ X: 'PARTIALLY_FILLED', l: '0.00200000', L: '50100.00000000', m: false, w: false });
      expect(await user.take(isReport(ioc.orderId, 'EXPIRED'))).toMatchObject({ X: 'EXPIRED', z: '0.00200000', Z: '100.20000000', l: '0.00000000', C: '' });
      await user.take((m) => m.e === 'outboundAccountPosition');

      await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.01&price=50200');
      const market = await order(key, 'symbol=BTCUSDT&side=BUY&type=MARKET&quoteOrderQty=251&newClientOrderId=su-4');
      expect(await user.take(isReport(market.orderId, 'NEW'))).toMatchObject({ o: 'MARKET', f: 'GTC', p: '0.00000000', Q: '251.00000000', w: false });
      expect(await user.take(isReport(market.orderId, 'TRADE'))).toMatchObject({
        X: market.status, l: market.executedQty, z: market.executedQty, Z: market.cummulativeQuoteQty, L: '50200.00000000', q: market.origQty,
      });
      await user.take((m) => m.e === 'outboundAccountPosition');
    });

    it('a stop-loss limit order: NEW off the book, NEW again when it fires (w true, W); an OCO list: its legs and listStatus', async () => {
      h.clock.advance(1_000);
      const stop = await order(key, 'symbol=BTCUSDT&side=SELL&type=STOP_LOSS_LIMIT&timeInForce=GTC&quantity=0.01&price=49400&stopPrice=49500&newClientOrderId=su-stop');
      const placedAt = h.clock.now();
      const waiting = await user.take(isReport(stop.orderId, 'NEW'));
      expect(waiting).toMatchObject({ o: 'STOP_LOSS_LIMIT', f: 'GTC', p: '49400.00000000', P: '49500.00000000', q: '0.01000000', X: 'NEW', w: false, O: placedAt, g: -1 });
      expect(waiting.W).toBeUndefined();
      await user.take((m) => m.e === 'outboundAccountPosition');

      // A trade at the stop price fires it: the same order, now working on the book.
      h.clock.advance(1_000);
      await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.001&price=49500');
      await order(key, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.001');
      const fired = await user.take(isReport(stop.orderId, 'NEW'));
      expect(fired).toMatchObject({ o: 'STOP_LOSS_LIMIT', X: 'NEW', w: true, W: h.clock.now(), O: placedAt, P: '49500.00000000' });
      const rest = (await h.signed('GET', '/order', key, `symbol=BTCUSDT&orderId=${stop.orderId}`)).body;
      expect(rest).toMatchObject({ type: 'STOP_LOSS_LIMIT', stopPrice: '49500.00000000', isWorking: true, workingTime: fired.W, status: 'NEW' });
      expect((await h.signed('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${stop.orderId}`)).status).toBe(200);
      expect(await user.take(isReport(stop.orderId, 'CANCELED'))).toMatchObject({ C: 'su-stop', w: false });
      await sleep(50);
      user.drain((m) => m.e === 'outboundAccountPosition' || m.e === 'executionReport');

      // An OCO: both legs NEW with the list's id, then listStatus EXEC_STARTED; cancelled: both CANCELED, then ALL_DONE.
      const oco = await h.signed('POST', '/orderList/oco', key,
        'symbol=BTCUSDT&side=SELL&quantity=0.002&aboveType=LIMIT_MAKER&abovePrice=52000&belowType=STOP_LOSS_LIMIT&belowStopPrice=48000&belowPrice=47900&belowTimeInForce=GTC&listClientOrderId=su-list');
      expect(oco.status, JSON.stringify(oco.body)).toBe(200);
      const listId = oco.body.orderListId as number;
      const legs = (oco.body.orders as Array<{ orderId: number; clientOrderId: string }>).map((o) => o.orderId).sort((x, y) => x - y);
      // In the order they came: the legs' executionReports, then listStatus.
      const next = () => user.take((m) => m.e === 'executionReport' || m.e === 'listStatus');
      const reports = [await next(), await next()];
      expect(reports.map((r) => [r.e, r.x])).toEqual([['executionReport', 'NEW'], ['executionReport', 'NEW']]);
      expect(reports.map((r) => r.i).sort((x, y) => x - y)).toEqual(legs);
      expect(reports.map((r) => [r.o, r.g, r.w]).sort()).toEqual([['LIMIT_MAKER', listId, true], ['STOP_LOSS_LIMIT', listId, false]]);
      const started = await next();
      expect(started).toEqual({
        e: 'listStatus', E: h.clock.now(), s: 'BTCUSDT', g: listId, c: 'OCO', l: 'EXEC_STARTED', L: 'EXECUTING', r: 'NONE', C: 'su-list', T: h.clock.now(),
        O: (oco.body.orders as Array<{ orderId: number; clientOrderId: string }>).slice().sort((x, y) => x.orderId - y.orderId).map((o) => ({ s: 'BTCUSDT', i: o.orderId, c: o.clientOrderId })),
      });
      expect((await h.signed('DELETE', '/orderList', key, `symbol=BTCUSDT&orderListId=${listId}`)).status).toBe(200);
      const ended = [await next(), await next()];
      expect(ended.map((r) => [r.e, r.i, r.x, r.X]).sort()).toEqual(legs.map((i) => ['executionReport', i, 'CANCELED', 'CANCELED']).sort());
      expect(await next()).toMatchObject({ e: 'listStatus', g: listId, l: 'ALL_DONE', L: 'ALL_DONE', C: 'su-list' });
      await user.take((m) => m.e === 'outboundAccountPosition');
      await sleep(50);
      user.drain((m) => m.e === 'outboundAccountPosition');
    });

    it('balanceUpdate for transfers into and out of the coin wallet and for the operator\'s credits and debits', async () => {
      const funded = await h.desks.contract.adjust({ user: trader, asset: 'USDT', amount: '100', action: 'credit', memo: 'sstream-user test' });
      expect(funded.ok).toBe(true);
      h.clock.advance(1_000);
      const into = await h.desks.transfers.transfer({ user: trader, asset: 'USDT', amount: '25', from: 'contract', to: 'coin' });
      expect(into.ok).toBe(true);
      expect(await user.take((m) => m.e === 'balanceUpdate')).toEqual({ e: 'balanceUpdate', E: h.clock.now(), a: 'USDT', d: '25.00000000', T: h.clock.now() });
      expect(await user.take((m) => m.e === 'outboundAccountPosition')).toMatchObject({ B: await position(key, ['USDT']) });

      const out = await h.desks.transfers.transfer({ user: trader, asset: 'BTC', amount: '0.5', from: 'coin', to: 'contract' });
      expect(out.ok).toBe(true);
      expect(await user.take((m) => m.e === 'balanceUpdate')).toMatchObject({ a: 'BTC', d: '-0.50000000' });
      expect(await user.take((m) => m.e === 'outboundAccountPosition')).toMatchObject({ B: await position(key, ['BTC']) });

      await h.credit(trader, 'ETH', '3');
      expect(await user.take((m) => m.e === 'balanceUpdate')).toEqual({ e: 'balanceUpdate', E: h.clock.now(), a: 'ETH', d: '3.00000000', T: h.clock.now() });
      expect(await user.take((m) => m.e === 'outboundAccountPosition')).toMatchObject({ B: [{ a: 'ETH', f: '3.00000000', l: '0.00000000' }] });
      const debit = await h.desks.spot.adjust({ user: trader, asset: 'ETH', amount: '1', action: 'debit', memo: 'sstream-user debit' });
      expect(debit.ok).toBe(true);
      expect(await user.take((m) => m.e === 'balanceUpdate')).toMatchObject({ a: 'ETH', d: '-1.00000000' });
      expect(await user.take((m) => m.e === 'outboundAccountPosition')).toMatchObject({ B: [{ a: 'ETH', f: '2.00000000', l: '0.00000000' }] });
      // A freeze moves funds within the wallet: the position changes, no balance is added or taken.
      const freeze = await h.desks.spot.adjust({ user: trader, asset: 'ETH', amount: '0.5', action: 'freeze', memo: 'sstream-user freeze' });
      expect(freeze.ok).toBe(true);
      expect(await user.take((m) => m.e === 'outboundAccountPosition')).toMatchObject({ B: [{ a: 'ETH', f: '1.50000000', l: '0.50000000' }] });
      await sleep(50);
      expect(user.drain((m) => m.e === 'balanceUpdate')).toEqual([]);
    });
  });

  it('a combined connection carries the user data next to market streams, each wrapped in {stream, data}', async () => {
    const listen = (await listenKey('POST', key)).body.listenKey as string;
    const combined = await Client.open(`${base}/stream?streams=${listen}/btcusdt@trade`);
    try {
      expect(await combined.request({ method: 'LIST_SUBSCRIPTIONS', id: 1 })).toEqual({ result: [listen, 'btcusdt@trade'], id: 1 });
      await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.001&price=50300');
      const bought = await order(key, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.001');
      expect(await combined.take((m) => m.stream === listen && m.data.e === 'executionReport' && m.data.x === 'TRADE')).toMatchObject({
        stream: listen, data: { i: bought.orderId, X: 'FILLED' },
      });
      expect(await combined.take((m) => m.stream === 'btcusdt@trade')).toMatchObject({ data: { e: 'trade', p: bought.fills[0].price, q: '0.00100000' } });
    } finally {
      combined.close();
    }
  });

  describe('the end of a stream', () => {
    const open = async () => {
      const listen = (await listenKey('POST', key)).body.listenKey as string;
      return { listen, client: await Client.open(`${base}/ws/${listen}`) };
    };
    const ended = async (c: Client, listen: string) => {
      expect(await c.take((m) => m.e === 'listenKeyExpired')).toEqual({ e: 'listenKeyExpired', E: h.clock.now(), listenKey: listen });
      await c.waitClosed();
      expect(hub.keys.find(listen)).toBeUndefined();
    };

    it('DELETE ends it; PUT keeps it past 60 minutes; without a keepalive it expires', async () => {
      let { listen, client } = await open();
      expect(await listenKey('DELETE', key, `listenKey=${listen}`)).toEqual({ status: 200, body: {} });
      await ended(client, listen);

      ({ listen, client } = await open());
      h.clock.advance(50 * 60_000);
      expect((await listenKey('PUT', key, `listenKey=${listen}`)).status).toBe(200);
      h.clock.advance(50 * 60_000);
      hub.keys.sweep();
      expect(hub.keys.find(listen)).toBeDefined();
      expect(client.closed).toBe(false);
      h.clock.advance(10 * 60_000 + 1);
      hub.keys.sweep();
      await ended(client, listen);
    });

    it('ends when its API key is revoked or its user frozen', async () => {
      const other = await h.key(trader, { trade: false });
      const listen = (await listenKey('POST', other)).body.listenKey as string;
      const client = await Client.open(`${base}/ws/${listen}`);
      await hub.keys.revalidate();
      expect(client.closed).toBe(false);
      expect(await h.store.apiKeys.revoke(trader, other.apiKey, h.clock.now())).toBe(true);
      await hub.keys.revalidate();
      await ended(client, listen);

      const again = await open();
      await h.store.users.setFrozen(trader, true, h.clock.now());
      try {
        await hub.keys.revalidate();
        await ended(again.client, again.listen);
      } finally {
        await h.store.users.setFrozen(trader, false, h.clock.now());
      }
    });
  });
});
