// Binance USDⓈ-M WebSocket streams under /fstream (server/gateway/binance/fstream*.ts) against a listening app built
// by the test harness (fixed clock, hand-set marks): the market streams in Binance's shapes, a local book rebuilt from
// a REST snapshot and the diff stream, the listen-key REST calls and the user data stream (ORDER_TRADE_UPDATE,
// ACCOUNT_UPDATE, MARGIN_CALL, listenKeyExpired), and Binance's errors.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../server/desks/index.ts';
import { fstreamRoutes, type Fstream } from '../../../server/gateway/binance/fstream.ts';
import { rate } from '../../../server/kernel/index.ts';
import { bookUpdateId } from '../../../server/market/bridge.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key, type Res } from './harness.ts';
import { Client, LocalBook, type Msg } from './stream-client.ts';

const usdt = (n: number) => BigInt(Math.round(n * 1e8));
const d8 = (minor: bigint) => {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(9, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeDialects('binance usdm websocket streams (/fstream)', (dialect) => {
  let h: BinanceHarness;
  let fstream: Fstream;
  let base: string;
  let trader: number;
  let lp: number;
  let key: Key;
  let lpKey: Key;
  /** A third account that takes the public tests' liquidity, so the trader's account starts clean for the user stream. */
  let otherKey: Key;

  /** The mark job's two effects: the desk's mark, and the mark published on the bus. */
  async function mark(symbol: string, price: bigint) {
    const r = await h.desks.perp.mark({ symbol, mark: price, index: price, fundingRate: null });
    expect(r.ok).toBe(true);
    h.trading.bus.publish(topics.perpMark(symbol), {
      type: 'perp.mark', symbol, mark: d8(price), index: d8(price), fundingRate: '0.0001', nextFundingTime: h.clock.now() + 3_600_000, time: h.clock.now(),
    });
  }
  const pub = async (path: string, query = ''): Promise<Res> => {
    const raw = await h.app.inject({ method: 'GET', url: `/fapi/v1${path}${query ? `?${query}` : ''}` });
    return { status: raw.statusCode, body: raw.json(), raw };
  };
  const fapi = (method: 'GET' | 'POST' | 'DELETE', path: string, k: Key, params = '', version = 'v1') =>
    h.signed(method, path, k, params, { prefix: `/fapi/${version}`, body: method === 'POST' });
  const order = async (k: Key, params: string) => {
    const r = await fapi('POST', '/order', k, params);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };
  /** POST, PUT or DELETE /fapi/v1/listenKey with the API key header only, as Binance takes them. */
  const listenKey = async (method: 'POST' | 'PUT' | 'DELETE', k: Key | null, body = '') => {
    const raw = await h.app.inject({
      method,
      url: '/fapi/v1/listenKey',
      headers: { ...(k === null ? {} : { 'x-mbx-apikey': k.apiKey }), 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    return { status: raw.statusCode, body: raw.json() };
  };
  const fund = async (user: number, amount: string) => {
    const r = await h.desks.contract.adjust({ user, asset: 'USDT', amount, action: 'credit', memo: 'fstream test' });
    expect(r.ok).toBe(true);
  };

  beforeAll(async () => {
    h = await openBinance(dialect);
    // The harness builds the app without listening; the WebSocket side is attached as server.ts does, then it listens.
    // Binance's 10 messages a second would make the tests wait: 50 here, the limit itself tested below.
    fstream = fstreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now, maxMessagesPerSecond: 50 });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/fstream`;
    trader = await h.user('fstream-trader@example.com');
    lp = await h.user('fstream-lp@example.com');
    await fund(trader, '10000');
    await fund(lp, '1000000');
    key = await h.key(trader, { trade: true });
    lpKey = await h.key(lp, { trade: true });
    const other = await h.user('fstream-other@example.com');
    await fund(other, '100000');
    otherKey = await h.key(other, { trade: true });
    await mark('BTCUSDT', usdt(50_000));
    await mark('ETHUSDT', usdt(3_000));
  });
  afterAll(() => h?.dispose());

  describe('market streams', () => {
    it('markPrice (raw, combined and all markets) in Binance shape', async () => {
      const raw = await Client.open(`${base}/ws/btcusdt@markPrice@1s`);
      const combined = await Client.open(`${base}/stream?streams=btcusdt@markPrice/!markPrice@arr@1s`);
      try {
        h.clock.advance(3_000);
        await mark('BTCUSDT', usdt(50_010));
        const expected = {
          e: 'markPriceUpdate', E: h.clock.now(), s: 'BTCUSDT', p: '50010.00000000', i: '50010.00000000', P: '50010.00000000', r: '0.00010000', T: h.clock.now() + 3_600_000,
        };
        expect(await raw.take((m) => m.e === 'markPriceUpdate')).toEqual(expected);
        expect(await combined.take((m) => m.stream === 'btcusdt@markPrice')).toEqual({ stream: 'btcusdt@markPrice', data: expected });
        // Every second, the markets whose mark changed.
        const all = await combined.take((m) => m.stream === '!markPrice@arr@1s');
        expect(all.data).toEqual([expected]);
        // The 3-second stream skips a mark one second later; the 1-second one does not.
        h.clock.advance(1_000);
        await mark('BTCUSDT', usdt(50_020));
        expect((await raw.take((m) => m.e === 'markPriceUpdate')).p).toBe('50020.00000000');
        await sleep(100);
        expect(combined.drain((m) => m.stream === 'btcusdt@markPrice')).toEqual([]);
      } finally {
        raw.close();
        combined.close();
      }
    });

    it('SUBSCRIBE, LIST_SUBSCRIPTIONS, UNSUBSCRIBE, properties, and Binance errors for bad requests', async () => {
      const c = await Client.open(`${base}/ws`);
      try {
        expect(await c.request({ method: 'SUBSCRIBE', params: ['btcusdt@aggTrade', 'ethusdt@kline_1m'], id: 1 })).toEqual({ result: null, id: 1 });
        expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 2 })).toEqual({ result: ['btcusdt@aggTrade', 'ethusdt@kline_1m'], id: 2 });
        expect(await c.request({ method: 'UNSUBSCRIBE', params: ['ethusdt@kline_1m'], id: 3 })).toEqual({ result: null, id: 3 });
        expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 4 })).toEqual({ result: ['btcusdt@aggTrade'], id: 4 });
        expect(await c.request({ method: 'GET_PROPERTY', params: ['combined'], id: 5 })).toEqual({ result: false, id: 5 });
        expect(await c.request({ method: 'SET_PROPERTY', params: ['combined', true], id: 6 })).toEqual({ result: null, id: 6 });
        expect(await c.request({ method: 'GET_PROPERTY', params: ['combined'], id: 7 })).toEqual({ result: true, id: 7 });
        const invalid = { error: { code: 2, msg: 'Invalid request: invalid stream' } };
        for (const [n, name] of ['btcusdt@foo', 'nopeusdt@aggTrade', 'BTCUSDT@aggTrade', 'btcusdt@depth7', 'btcusdt@depth@200ms', 'btcusdt@kline_7m', 'x'.repeat(64)].entries()) {
          expect(await c.request({ method: 'SUBSCRIBE', params: ['btcusdt@bookTicker', name], id: 10 + n })).toEqual({ ...invalid, id: 10 + n });
        }
        // All or nothing: the good stream of a refused request was not subscribed.
        expect(await c.request({ method: 'LIST_SUBSCRIPTIONS', id: 20 })).toEqual({ result: ['btcusdt@aggTrade'], id: 20 });
        expect(await c.request({ method: 'PING', id: 21 })).toMatchObject({ error: { code: 2, msg: expect.stringContaining('unknown variant `PING`') }, id: 21 });
        c.send('{nope');
        expect(await c.take((m) => m.error?.code === 3)).toEqual({ error: { code: 3, msg: expect.stringContaining('Invalid JSON') }, id: null });
        c.send({ method: 'SUBSCRIBE', params: ['btcusdt@aggTrade'], id: -1 });
        expect(await c.take((m) => m.error?.code === 2 && m.id === null)).toEqual({ error: { code: 2, msg: 'Invalid request: request ID must be an unsigned integer' }, id: null });
        expect(await c.request({ method: 'SUBSCRIBE', params: 'btcusdt@aggTrade', id: 22 })).toMatchObject({ error: { code: 2 }, id: 22 });
        expect(await c.request({ method: 'SET_PROPERTY', params: ['nonsense', true], id: 23 })).toEqual({ error: { code: 0, msg: 'Unknown property' }, id: 23 });
      } finally {
        c.close();
      }
      // Names in the URL that are not streams are left out, the connection accepted (as Binance; ccxt.pro adds /0).
      const lenient = await Client.open(`${base}/ws/btcusdt@nonsense/btcusdt@aggTrade/0`);
      expect(await lenient.request({ method: 'LIST_SUBSCRIPTIONS', id: 1 })).toEqual({ result: ['btcusdt@aggTrade'], id: 1 });
      lenient.close();
      // A listen key that is not live refuses the upgrade.
      expect(await Client.refused(`${base}/ws/${'a'.repeat(64)}`)).toBe(true);
      const noKey = await h.app.inject({ method: 'GET', url: `/fstream/ws/${'a'.repeat(64)}` });
      expect({ status: noKey.statusCode, body: noKey.json() }).toEqual({ status: 400, body: { code: -1125, msg: 'This listenKey does not exist.' } });
      // Too many messages in a second: closed, as Binance does (code 1008).
      const flood = await Client.open(`${base}/ws`);
      for (let i = 0; i < 60; i++) flood.send({ method: 'LIST_SUBSCRIPTIONS', id: i });
      await flood.waitClosed();
      expect(flood.closeCode).toBe(1008);
    });

    it('aggTrade and kline from the perpetual trades, as the REST aggTrades and klines show them', async () => {
      const c = await Client.open(`${base}/stream?streams=ethusdt@aggTrade/ethusdt@kline_1m`);
      try {
        await order(lpKey, 'symbol=ETHUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.5&price=3001');
        await order(lpKey, 'symbol=ETHUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.5&price=3002');
        await order(otherKey, 'symbol=ETHUSDT&side=BUY&type=MARKET&quantity=0.7');
        const aggs = [await c.take((m) => m.stream === 'ethusdt@aggTrade'), await c.take((m) => m.stream === 'ethusdt@aggTrade')].map((m) => m.data);
        const rest = (await pub('/aggTrades', 'symbol=ETHUSDT')).body;
        expect(aggs).toEqual(rest.map((t: Msg) => ({ e: 'aggTrade', E: h.clock.now(), s: 'ETHUSDT', ...t })));
        expect(aggs.map((a) => [a.p, a.q, a.m])).toEqual([['3001.00000000', '0.50000000', false], ['3002.00000000', '0.20000000', false]]);

        const klines = [await c.take((m) => m.stream === 'ethusdt@kline_1m'), await c.take((m) => m.stream === 'ethusdt@kline_1m')].map((m) => m.data);
        const [row] = (await pub('/klines', 'symbol=ETHUSDT&interval=1m')).body;
        const open = Math.floor(h.clock.now() / 60_000) * 60_000;
        expect(klines[1]).toEqual({
          e: 'kline', E: h.clock.now(), s: 'ETHUSDT',
          k: {
            t: open, T: open + 59_999, s: 'ETHUSDT', i: '1m', f: aggs[0].a, L: aggs[1].a, o: row[1], c: row[4], h: row[2], l: row[3], v: row[5], n: row[8], x: false,
            q: row[7], V: row[9], Q: row[10], B: '0',
          },
        });
        expect(klines[1].k).toMatchObject({ o: '3001.00000000', h: '3002.00000000', l: '3001.00000000', c: '3002.00000000', v: '0.70000000', n: 2 });

        // A new subscriber of a kline stream gets the bar so far, read from the store.
        expect(await c.request({ method: 'SUBSCRIBE', params: ['ethusdt@kline_1h'], id: 1 })).toEqual({ result: null, id: 1 });
        const hour = await c.take((m) => m.stream === 'ethusdt@kline_1h');
        expect(hour.data.k).toMatchObject({ i: '1h', o: '3001.00000000', c: '3002.00000000', v: '0.70000000', n: 2, f: aggs[0].a, L: aggs[1].a, x: false });
        // The bar closes (x: true) once its minute is over.
        h.clock.advance(60_000);
        const closed = await c.take((m) => m.stream === 'ethusdt@kline_1m' && m.data.k.x === true, 3_000);
        expect(closed.data.k).toMatchObject({ t: open, c: '3002.00000000', n: 2 });
      } finally {
        c.close();
        await fapi('DELETE', '/allOpenOrders', lpKey, 'symbol=ETHUSDT');
      }
    });

    it('a local book from the REST snapshot and the diff stream matches the partial book and the next snapshot', async () => {
      const bid = (price: number, qty = '0.1') => order(lpKey, `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=${qty}&price=${price}`);
      const ask = (price: number, qty = '0.1') => order(lpKey, `symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=${qty}&price=${price}`);
      for (let i = 0; i < 8; i++) {
        await bid(49_900 - i * 10);
        await ask(50_100 + i * 10);
      }
      const c = await Client.open(`${base}/stream?streams=btcusdt@depth@100ms/btcusdt@depth20@100ms/btcusdt@depth5/btcusdt@bookTicker`);
      try {
        // The partial books come first with the book as it is.
        const five = await c.take((m) => m.stream === 'btcusdt@depth5');
        expect(five.data).toMatchObject({ e: 'depthUpdate', s: 'BTCUSDT', E: h.clock.now(), T: h.clock.now(), U: expect.any(Number), u: expect.any(Number), pu: expect.any(Number) });
        expect(five.data.b).toEqual([49_900, 49_890, 49_880, 49_870, 49_860].map((p) => [`${p}.00000000`, '0.10000000']));
        expect(five.data.a).toEqual([50_100, 50_110, 50_120, 50_130, 50_140].map((p) => [`${p}.00000000`, '0.10000000']));
        const ticker = await c.take((m) => m.stream === 'btcusdt@bookTicker');
        expect(ticker.data).toEqual({ e: 'bookTicker', u: expect.any(Number), E: h.clock.now(), T: h.clock.now(), s: 'BTCUSDT', b: '49900.00000000', B: '0.10000000', a: '50100.00000000', A: '0.10000000' });

        // Changes before the snapshot, the snapshot, then changes after it: a new level, a bigger one, a level placed
        // and cancelled again, a trade taking the best ask, a cancel.
        const early = await bid(49_950);
        h.clock.advance(1_000);
        const snapshot = (await pub('/depth', 'symbol=BTCUSDT&limit=1000')).body;
        // The desk's update id (its epoch's opening time × 1000 + the book event's seq), not this process's.
        const desk = await h.desks.perp.depth('BTCUSDT', 1);
        expect(desk.ok && snapshot.lastUpdateId === bookUpdateId(desk.value.epoch, desk.value.seq)).toBe(true);
        await bid(49_890, '0.2');
        const flash = await ask(50_090);
        await fapi('DELETE', '/order', lpKey, `symbol=BTCUSDT&orderId=${flash.orderId}`);
        await order(otherKey, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.1');
        await fapi('DELETE', '/order', lpKey, `symbol=BTCUSDT&orderId=${early.orderId}`);
        await sleep(400);
        h.clock.advance(1_000);
        const next = (await pub('/depth', 'symbol=BTCUSDT&limit=1000')).body;
        await sleep(300);

        const diffs = c.drain((m) => m.stream === 'btcusdt@depth@100ms').map((m) => m.data);
        expect(diffs.length).toBeGreaterThan(0);
        for (const [i, d] of diffs.entries()) {
          expect(d).toMatchObject({ e: 'depthUpdate', s: 'BTCUSDT' });
          expect(d.U).toBe(d.pu + 1);
          expect(d.u).toBeGreaterThanOrEqual(d.U);
          if (i > 0) expect(d.pu).toBe(diffs[i - 1].u);
        }
        // Binance's procedure: drop u < lastUpdateId; the first kept has U <= lastUpdateId <= u; apply the rest.
        const kept = diffs.filter((d) => d.u >= snapshot.lastUpdateId);
        expect(kept.length).toBeGreaterThan(0);
        expect(kept[0].U).toBeLessThanOrEqual(snapshot.lastUpdateId);
        const book = new LocalBook(snapshot);
        for (const d of kept) book.apply(d);
        expect(book.top(1000)).toEqual({ b: next.bids, a: next.asks });
        // The latest partial book, sent with a read up to the last diff's, shows the same top 20 (a partial goes out
        // only when its levels changed: the last read's changes may have left the top 20 as the read before put it).
        const partials = c.drain((m) => m.stream === 'btcusdt@depth20@100ms').map((m) => m.data);
        const last = kept[kept.length - 1];
        const partial = partials.filter((p) => p.u <= last.u).at(-1);
        expect(partial).toBeDefined();
        expect(partial.u).toBeGreaterThanOrEqual(kept[0].U);
        expect({ b: partial.b, a: partial.a }).toEqual(book.top(20));
        expect(book.top(3)).toEqual({
          b: [['49900.00000000', '0.10000000'], ['49890.00000000', '0.30000000'], ['49880.00000000', '0.10000000']],
          a: [['50110.00000000', '0.10000000'], ['50120.00000000', '0.10000000'], ['50130.00000000', '0.10000000']],
        });
        const tickers = c.drain((m) => m.stream === 'btcusdt@bookTicker');
        expect(tickers[tickers.length - 1].data).toMatchObject({ b: '49900.00000000', B: '0.10000000', a: '50110.00000000', A: '0.10000000' });
      } finally {
        c.close();
        await fapi('DELETE', '/allOpenOrders', lpKey, 'symbol=BTCUSDT');
      }
    });
  });

  describe('user data stream', () => {
    let listen: string;
    let user: Client;

    it('makes, returns and extends a listen key with the API key alone', async () => {
      const made = await listenKey('POST', key);
      expect(made.status).toBe(200);
      expect(made.body).toEqual({ listenKey: expect.stringMatching(/^[A-Za-z0-9]{64}$/) });
      listen = made.body.listenKey;
      // One per account: POST again answers the same key.
      expect((await listenKey('POST', key)).body).toEqual({ listenKey: listen });
      expect((await listenKey('PUT', key)).body).toEqual({ listenKey: listen });
      expect((await listenKey('PUT', key, `listenKey=${listen}&timestamp=1&signature=ab`)).body).toEqual({ listenKey: listen });
      expect(await listenKey('POST', null)).toEqual({ status: 401, body: { code: -1002, msg: 'You are not authorized to execute this request.' } });
      expect((await listenKey('PUT', lpKey)).body).toEqual({ code: -1125, msg: 'This listenKey does not exist.' });
      expect((await listenKey('PUT', key, 'listenKey=wrong')).body.code).toBe(-1125);
      expect((await listenKey('PUT', key, 'foo=1')).body.code).toBe(-1104);
      user = await Client.open(`${base}/ws/${listen}`);
    });

    it('ORDER_TRADE_UPDATE: NEW, then TRADE with the fill; ACCOUNT_UPDATE after the trade', async () => {
      const placed = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49900&newClientOrderId=ws-1');
      const created = await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'NEW' && m.o.i === placed.orderId);
      expect(created).toEqual({
        e: 'ORDER_TRADE_UPDATE', E: h.clock.now(), T: h.clock.now(),
        o: {
          s: 'BTCUSDT', c: 'ws-1', S: 'BUY', o: 'LIMIT', f: 'GTC', q: '0.01000000', p: '49900.00000000', ap: '0.00000000', sp: '0.00000000', x: 'NEW', X: 'NEW',
          i: placed.orderId, l: '0.00000000', z: '0.00000000', L: '0.00000000', T: h.clock.now(), t: 0, b: '499.00000000', a: '0.00000000', m: false, R: false,
          wt: 'CONTRACT_PRICE', ot: 'LIMIT', ps: 'BOTH', cp: false, rp: '0.00000000', pP: false, si: 0, ss: 0, V: 'EXPIRE_TAKER', pm: 'NONE', gtd: 0, er: '0',
        },
      });
      // The order only froze margin: no ACCOUNT_UPDATE for it.
      await sleep(100);
      expect(user.drain((m) => m.e === 'ACCOUNT_UPDATE')).toEqual([]);

      h.clock.advance(1_000);
      await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.01');
      const trade = await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.x === 'TRADE');
      const [fill] = (await fapi('GET', '/userTrades', key, 'symbol=BTCUSDT&limit=1')).body;
      expect(trade.o).toMatchObject({
        s: 'BTCUSDT', c: 'ws-1', S: 'BUY', o: 'LIMIT', x: 'TRADE', X: 'FILLED', i: placed.orderId, l: '0.01000000', z: '0.01000000', L: '49900.00000000',
        ap: '49900.00000000', n: fill.commission, N: 'USDT', T: h.clock.now(), t: fill.id, m: true, rp: fill.realizedPnl, b: '0.00000000',
      });
      expect(trade.o.n).not.toBe('0.00000000');

      const account = await user.take((m) => m.e === 'ACCOUNT_UPDATE');
      const [balance] = (await fapi('GET', '/balance', key, '', 'v3')).body;
      const [risk] = (await fapi('GET', '/positionRisk', key, 'symbol=BTCUSDT', 'v3')).body;
      expect(account).toEqual({
        e: 'ACCOUNT_UPDATE', E: h.clock.now(), T: h.clock.now(),
        a: {
          m: 'ORDER',
          B: [{ a: 'USDT', wb: balance.balance, cw: balance.crossWalletBalance, bc: '0.00000000' }],
          P: [{
            s: 'BTCUSDT', pa: '0.01000000', ep: '49900.00000000', bep: risk.breakEvenPrice, cr: '0.00000000', up: risk.unRealizedProfit, mt: 'cross', iw: '0.00000000',
            ps: 'BOTH', ma: 'USDT',
          }],
        },
      });
    });

    it('a market order: NEW then TRADE as taker in one command; closing realizes profit (cr)', async () => {
      await order(lpKey, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=50050');
      const sold = await order(key, 'symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.01&newClientOrderId=ws-2');
      const created = await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === sold.orderId && m.o.x === 'NEW');
      expect(created.o).toMatchObject({ c: 'ws-2', S: 'SELL', o: 'MARKET', f: 'GTC', p: '0.00000000', X: 'NEW' });
      const trade = await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === sold.orderId && m.o.x === 'TRADE');
      // 0.01 bought at 49 900, sold at 50 050: 1.5 USDT realized.
      expect(trade.o).toMatchObject({ X: 'FILLED', L: '50050.00000000', l: '0.01000000', m: false, rp: '1.50000000' });
      const account = await user.take((m) => m.e === 'ACCOUNT_UPDATE');
      expect(account.a.m).toBe('ORDER');
      expect(account.a.P).toEqual([expect.objectContaining({ s: 'BTCUSDT', pa: '0.00000000', ep: '0.00000000', cr: '1.50000000', up: '0.00000000' })]);
      // A limit order cancelled: CANCELED.
      const resting = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49000');
      await fapi('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${resting.orderId}`);
      const canceled = await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === resting.orderId && m.o.x === 'CANCELED');
      expect(canceled.o).toMatchObject({ X: 'CANCELED', z: '0.00000000', b: '0.00000000' });
    });

    it('ACCOUNT_UPDATE for funding (FUNDING_FEE) and for a transfer into the contract wallet (ADMIN_DEPOSIT)', async () => {
      await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.02&price=50000');
      await order(key, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.02');
      await user.take((m) => m.e === 'ACCOUNT_UPDATE' && m.a.m === 'ORDER');
      const funded = await h.desks.perp.funding({ symbol: 'BTCUSDT', rate: rate(10_000n), mark: usdt(50_000) });
      expect(funded.ok).toBe(true);
      const funding = await user.take((m) => m.e === 'ACCOUNT_UPDATE');
      expect(funding.a).toMatchObject({ m: 'FUNDING_FEE', B: [expect.objectContaining({ a: 'USDT', bc: '0.00000000' })] });
      await fund(trader, '100');
      const credit = await user.take((m) => m.e === 'ACCOUNT_UPDATE');
      expect(credit.a).toMatchObject({ m: 'ADMIN_DEPOSIT', B: [expect.objectContaining({ bc: '100.00000000' })], P: [] });
    });

    it('MARGIN_CALL when an isolated position passes 80 % of its margin, at most once a minute', async () => {
      await mark('SOLUSDT', usdt(100));
      expect((await fapi('POST', '/marginType', key, 'symbol=SOLUSDT&marginType=ISOLATED')).status).toBe(200);
      await order(lpKey, 'symbol=SOLUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=10&price=100');
      await order(key, 'symbol=SOLUSDT&side=BUY&type=MARKET&quantity=10');
      const opened = await user.take((m) => m.e === 'ACCOUNT_UPDATE' && m.a.P.some((p: Msg) => p.s === 'SOLUSDT'));
      expect(opened.a.P[0]).toMatchObject({ s: 'SOLUSDT', pa: '10.00000000', ep: '100.00000000', mt: 'isolated' });
      const sol = (await h.desks.perp.positions(trader)).find((p) => p.symbol === 'SOLUSDT')!;
      expect(opened.a.P[0].iw).toBe(d8(sol.margin));
      // The mark where maintenance / (margin + P&L) = 85 %: mmr·q·M = 0.85·(margin + q·(M − entry)).
      const q = Number(sol.size) / 1e8;
      const entry = Number(sol.cost) / Number(sol.size);
      const margin = Number(sol.margin) / 1e8;
      const mmr = Number(sol.maintenance) / 1e8 / (q * (Number(sol.mark) / 1e8));
      const target = (0.85 * (q * entry - margin)) / (q * (0.85 - mmr));
      const M = usdt(Math.round(target * 100) / 100);
      h.clock.advance(1_000);
      await mark('SOLUSDT', M);
      const call = await user.take((m) => m.e === 'MARGIN_CALL');
      const after = (await h.desks.perp.positions(trader)).find((p) => p.symbol === 'SOLUSDT')!;
      expect(after.lots).not.toBe(0); // not liquidated
      const ratio = Number(after.maintenance) / Number(after.margin + after.upnl);
      expect(ratio).toBeGreaterThanOrEqual(0.8);
      expect(ratio).toBeLessThan(1);
      expect(call).toEqual({
        e: 'MARGIN_CALL', E: h.clock.now(),
        p: [{ s: 'SOLUSDT', ps: 'BOTH', pa: d8(after.size), mt: 'ISOLATED', iw: d8(after.margin), mp: d8(M), up: d8(after.upnl), mm: d8(after.maintenance) }],
      });
      // Within the minute: no second call; after it, another.
      h.clock.advance(30_000);
      await mark('SOLUSDT', M);
      await sleep(200);
      expect(user.drain((m) => m.e === 'MARGIN_CALL')).toEqual([]);
      h.clock.advance(30_000);
      await mark('SOLUSDT', M);
      expect((await user.take((m) => m.e === 'MARGIN_CALL')).p[0].s).toBe('SOLUSDT');
      // Back at the entry: none.
      h.clock.advance(60_000);
      await mark('SOLUSDT', usdt(100));
      await sleep(200);
      expect(user.drain((m) => m.e === 'MARGIN_CALL')).toEqual([]);
    });

    it('an IOC order that cannot fill: EXPIRED with Binance\'s expiry reason 2', async () => {
      const ioc = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=IOC&quantity=0.01&price=49000&newClientOrderId=ws-ioc');
      expect(ioc).toMatchObject({ status: 'EXPIRED', executedQty: '0.00000000' });
      const expired = await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === ioc.orderId && m.o.x === 'EXPIRED');
      expect(expired.o).toMatchObject({ c: 'ws-ioc', f: 'IOC', X: 'EXPIRED', z: '0.00000000', er: '2' });
    });

    it('a resting reduce-only order cut to its shrunk position: AMENDMENT with the new quantity; EXPIRED (er 4) when the position is gone', async () => {
      // The trader is long 0.02 BTC (the funding test's); a reduce-only ask for all of it rests.
      const tp = await order(key, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.02&price=51000&reduceOnly=true&newClientOrderId=ws-ro');
      await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === tp.orderId && m.o.x === 'NEW');
      try {
        await order(lpKey, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.02&price=49950');
        h.clock.advance(1_000);
        await order(key, 'symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.01');
        const amended = await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === tp.orderId);
        expect(amended.o).toMatchObject({
          c: 'ws-ro', S: 'SELL', o: 'LIMIT', x: 'AMENDMENT', X: 'NEW', q: '0.01000000', p: '51000.00000000', l: '0.00000000', z: '0.00000000', T: h.clock.now(), R: true,
          a: '510.00000000', er: '0',
        });
        const [open] = (await fapi('GET', '/openOrders', key, 'symbol=BTCUSDT')).body;
        expect(open).toMatchObject({ orderId: tp.orderId, status: 'NEW', origQty: '0.01000000', executedQty: '0.00000000', updateTime: h.clock.now() });

        h.clock.advance(1_000);
        await order(key, 'symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.01&reduceOnly=true');
        const expired = await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === tp.orderId);
        expect(expired.o).toMatchObject({ x: 'EXPIRED', X: 'EXPIRED', q: '0.01000000', z: '0.00000000', T: h.clock.now(), a: '0.00000000', er: '4' });
        expect((await fapi('GET', '/openOrders', key, 'symbol=BTCUSDT')).body).toEqual([]);
      } finally {
        await fapi('DELETE', '/allOpenOrders', lpKey, 'symbol=BTCUSDT');
      }
    });

    it('PUT keeps the key alive past 60 minutes; DELETE ends it and closes the stream', async () => {
      h.clock.advance(50 * 60_000);
      expect((await listenKey('PUT', key)).body).toEqual({ listenKey: listen });
      h.clock.advance(50 * 60_000);
      fstream.keys.sweep();
      expect(fstream.keys.find(listen)).toBeDefined();
      expect(user.closed).toBe(false);
      const placed = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49000');
      await user.take((m) => m.e === 'ORDER_TRADE_UPDATE' && m.o.i === placed.orderId);
      await fapi('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${placed.orderId}`);

      expect(await listenKey('DELETE', key)).toEqual({ status: 200, body: {} });
      expect(await user.take((m) => m.e === 'listenKeyExpired')).toEqual({ e: 'listenKeyExpired', E: h.clock.now(), listenKey: listen });
      await user.waitClosed();
      expect((await listenKey('PUT', key)).body.code).toBe(-1125);
      expect((await listenKey('DELETE', key)).body.code).toBe(-1125);
      expect(await Client.refused(`${base}/ws/${listen}`)).toBe(true);
    });

    it('an expired key sends listenKeyExpired; a combined connection keeps its market streams', async () => {
      const made = (await listenKey('POST', key)).body.listenKey as string;
      expect(made).not.toBe(listen);
      const raw = await Client.open(`${base}/private/ws?listenKey=${made}`);
      const combined = await Client.open(`${base}/stream?streams=${made}/btcusdt@markPrice@1s`);
      try {
        h.clock.advance(60 * 60_000 + 1);
        fstream.keys.sweep();
        expect(await raw.take((m) => m.e === 'listenKeyExpired')).toMatchObject({ listenKey: made });
        expect(await combined.take((m) => m.stream === made)).toEqual({ stream: made, data: { e: 'listenKeyExpired', E: h.clock.now(), listenKey: made } });
        await raw.waitClosed();
        expect(await combined.request({ method: 'LIST_SUBSCRIPTIONS', id: 1 })).toEqual({ result: ['btcusdt@markPrice@1s'], id: 1 });
        await mark('BTCUSDT', usdt(50_000));
        expect((await combined.take((m) => m.stream === 'btcusdt@markPrice@1s')).data.p).toBe('50000.00000000');
      } finally {
        raw.close();
        combined.close();
      }
    });
  });
});
