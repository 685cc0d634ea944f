// The WebSocket topics against a running server: acks and errors with ids, per-topic seq from 1 after each ack,
// depth diffs that rebuild the book from a snapshot, private topics only after auth, bounded topics, heartbeat.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { formatDepth } from '../../../server/market/index.ts';
import { MAX_TOPICS_PER_CONNECTION } from '../../../server/gateway/routes/ws-hub.ts';
import { newTarget, type Target } from '../dialects.ts';
import { sleep, userWithTicket, WsClient, type Frame } from '../live/ws-client.ts';

const SYMBOL = 'BTCUSDT';
let target: Target;
let server: ServerHandle;
let wsUrl: string;
const MAKER = 901;
const TAKER = 902;

async function ok<T>(reply: Promise<{ ok: true; value: T } | { ok: false; code: string }>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`refused: ${r.code}`);
  return r.value;
}

const limit = (user: number, side: 'buy' | 'sell', price: string, qty: string) =>
  ok(server.desks.spot.place({ type: 'limit', user, symbol: SYMBOL, side, price, qty }));

beforeAll(async () => {
  target = await newTarget('sqlite');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: target.dataDir!, logger: false, feeds: false, bots: false, wsHeartbeatMs: 200 });
  wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  for (const user of [MAKER, TAKER]) {
    await ok(server.desks.spot.adjust({ user, asset: 'USDT', amount: '1000000', action: 'credit', memo: 'ws test' }));
    await ok(server.desks.spot.adjust({ user, asset: 'BTC', amount: '100', action: 'credit', memo: 'ws test' }));
  }
});
afterAll(async () => {
  await server?.close();
  await target?.dispose();
});

/** Keeps a socket alive past the short test heartbeat. */
function keepAlive(c: WsClient): () => void {
  const timer = setInterval(() => c.send({ op: 'ping' }), 100);
  return () => clearInterval(timer);
}

describe('ws topics', () => {
  it('answers ping with pong echoing the id, and refuses bad frames with an error naming the request', async () => {
    const c = await WsClient.open(wsUrl);
    try {
      c.send({ op: 'ping', id: 7 });
      expect(await c.take((f) => f.op === 'pong')).toMatchObject({ op: 'pong', id: 7, time: expect.any(Number) });
      c.send('{nope');
      expect(await c.take((f) => f.op === 'error')).toMatchObject({ code: 'request.invalid' });
      c.send({ op: 'subscribe', id: 3 }); // no topics
      expect(await c.take((f) => f.op === 'error')).toMatchObject({ id: 3, code: 'request.invalid' });
      c.send({ op: 'dance', id: 4 });
      expect(await c.take((f) => f.op === 'error')).toMatchObject({ id: 4, code: 'request.invalid' });
      expect(await c.request({ op: 'subscribe', id: 5, topics: ['trade@NOPEUSDT'] })).toMatchObject({ op: 'error', code: 'request.invalid' });
      expect(await c.request({ op: 'subscribe', id: 6, topics: ['trade@BTCUSDT', 'nonsense'] })).toMatchObject({ op: 'error', code: 'request.invalid' });
      expect(await c.request({ op: 'subscribe', id: 8, topics: ['kline@BTCUSDT@7m'] })).toMatchObject({ op: 'error', code: 'request.invalid' });
    } finally {
      c.close();
    }
  });

  it('streams trades with seq 1, 2, 3 and depth diffs that rebuild the book from a snapshot', async () => {
    const c = await WsClient.open(wsUrl);
    const stop = keepAlive(c);
    try {
      expect(await c.request({ op: 'subscribe', id: 1, topics: [`trade@${SYMBOL}`, `depth@${SYMBOL}`, `kline@${SYMBOL}@1m`] })).toEqual({ op: 'ack', id: 1 });
      const market = server.trading.market.market(SYMBOL)!;
      // The snapshot comes after the subscription (as a client's REST call would), without REST.
      const snapshot = formatDepth(market, server.trading.market.depth(SYMBOL, 1000));
      await limit(MAKER, 'sell', '50000', '0.3');
      await limit(MAKER, 'buy', '49000', '0.2');
      for (let i = 0; i < 3; i++) await limit(TAKER, 'buy', '50000', '0.1');
      await limit(MAKER, 'sell', '50100', '0.05');

      const trades = await Promise.all([1, 2, 3].map(() => c.take((f) => f.topic === `trade@${SYMBOL}`)));
      expect(trades.map((f) => f.seq)).toEqual([1, 2, 3]);
      expect(trades[0]!.data).toMatchObject({ e: 'trade', s: SYMBOL, p: '50000.00000000', q: '0.10000000', m: false });
      await c.take((f) => f.topic === `kline@${SYMBOL}@1m`);
      await sleep(300);

      const book = { bids: new Map(snapshot.bids), asks: new Map(snapshot.asks) };
      let last = snapshot.lastUpdateId;
      let synced = false;
      const diffs = [...c.drain(`depth@${SYMBOL}`)];
      expect(diffs.map((f) => f.seq)).toEqual(diffs.map((_, i) => i + 1));
      for (const f of diffs) {
        const d = f.data as { U: number; u: number; b: [string, string][]; a: [string, string][] };
        if (d.u <= last) continue;
        if (!synced) expect(d.U <= last + 1 && last + 1 <= d.u).toBe(true);
        else expect(d.U).toBe(last + 1);
        synced = true;
        for (const [p, q] of d.b) q === '0.00000000' ? book.bids.delete(p) : book.bids.set(p, q);
        for (const [p, q] of d.a) q === '0.00000000' ? book.asks.delete(p) : book.asks.set(p, q);
        last = d.u;
      }
      expect(synced).toBe(true);
      const now = formatDepth(market, server.trading.market.depth(SYMBOL, 1000));
      expect(last).toBe(now.lastUpdateId);
      expect([...book.bids].sort()).toEqual([...now.bids].sort());
      expect([...book.asks].sort()).toEqual([...now.asks].sort());
      expect(now.asks).toEqual([['50100.00000000', '0.05000000']]);
      expect(now.bids).toEqual([['49000.00000000', '0.20000000']]);

      // Unsubscribed: no more trades. Subscribed again: seq starts over.
      expect(await c.request({ op: 'unsubscribe', id: 2, topics: [`trade@${SYMBOL}`] })).toEqual({ op: 'ack', id: 2 });
      await limit(TAKER, 'buy', '50100', '0.01');
      await sleep(300);
      expect(c.drain(`trade@${SYMBOL}`)).toEqual([]);
      expect(await c.request({ op: 'subscribe', id: 3, topics: [`trade@${SYMBOL}`] })).toEqual({ op: 'ack', id: 3 });
      await limit(TAKER, 'buy', '50100', '0.01');
      expect((await c.take((f) => f.topic === `trade@${SYMBOL}`)).seq).toBe(1);
    } finally {
      stop();
      c.close();
    }
  });

  it('fans one event out to every subscriber, each with its own seq', async () => {
    const a = await WsClient.open(wsUrl);
    const b = await WsClient.open(wsUrl);
    const stops = [keepAlive(a), keepAlive(b)];
    try {
      const topic = `trade@${SYMBOL}`;
      expect(await a.request({ op: 'subscribe', id: 1, topics: [topic] })).toEqual({ op: 'ack', id: 1 });
      await limit(MAKER, 'sell', '50300', '0.02');
      await limit(TAKER, 'buy', '50300', '0.01');
      expect((await a.take((f) => f.topic === topic)).seq).toBe(1);
      expect(await b.request({ op: 'subscribe', id: 1, topics: [topic] })).toEqual({ op: 'ack', id: 1 });
      // Subscribing again to a topic already held starts its seq over, as the client expects after any ack.
      expect(await a.request({ op: 'subscribe', id: 2, topics: [topic] })).toEqual({ op: 'ack', id: 2 });
      await limit(TAKER, 'buy', '50300', '0.01');
      const [fa, fb] = await Promise.all([a.take((f) => f.topic === topic), b.take((f) => f.topic === topic)]);
      expect(fa.seq).toBe(1);
      expect(fb.seq).toBe(1);
      expect(fa.data).toEqual(fb.data);
    } finally {
      for (const stop of stops) stop();
      a.close();
      b.close();
    }
  });

  it('sends tickers, one market and all, after trades', async () => {
    await sleep(1100); // the publisher's ticker round for the earlier trades goes by first
    const c = await WsClient.open(wsUrl);
    const stop = keepAlive(c);
    try {
      expect(await c.request({ op: 'subscribe', id: 1, topics: [`ticker@${SYMBOL}`, 'tickers'] })).toEqual({ op: 'ack', id: 1 });
      await limit(MAKER, 'sell', '50200', '0.01');
      await limit(TAKER, 'buy', '50200', '0.04'); // takes what is left at 50100 first, the last fill is at 50200
      const one = await c.take((f) => f.topic === `ticker@${SYMBOL}`, 3000);
      expect(one).toMatchObject({ seq: 1, data: { symbol: SYMBOL, lastPrice: '50200.00000000' } });
      const all = await c.take((f) => f.topic === 'tickers', 3000);
      expect(all.seq).toBe(1);
      expect(all.data).toEqual(expect.arrayContaining([expect.objectContaining({ symbol: SYMBOL })]));
    } finally {
      stop();
      c.close();
    }
  });

  it('refuses private topics before auth and delivers orders and balances after it', async () => {
    const { user, ticket } = await userWithTicket(server.store, 'ws-private@example.com');
    await ok(server.desks.spot.adjust({ user, asset: 'USDT', amount: '1000', action: 'credit', memo: 'ws test' }));
    const c = await WsClient.open(wsUrl);
    const stop = keepAlive(c);
    try {
      expect(await c.request({ op: 'subscribe', id: 1, topics: ['orders'] })).toMatchObject({ op: 'error', id: 1, code: 'login.user.not.login' });
      expect(await c.request({ op: 'auth', id: 2, ticket: 'wrong' })).toMatchObject({ op: 'error', id: 2, code: 'login.user.not.login' });
      expect(await c.request({ op: 'auth', id: 3, ticket })).toEqual({ op: 'ack', id: 3 });
      expect(await c.request({ op: 'subscribe', id: 4, topics: ['orders', 'balances', 'transfers'] })).toEqual({ op: 'ack', id: 4 });
      const placed = await ok(server.desks.spot.place({ type: 'limit', user, symbol: SYMBOL, side: 'buy', price: '100', qty: '1', clientOrderId: 'ws-1' }));
      const order = await c.take((f) => f.topic === 'orders');
      expect(order).toMatchObject({ seq: 1, data: { orderId: placed.order.orderId, clientOrderId: 'ws-1', symbol: SYMBOL, side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100', origQty: '1', executedQty: '0', status: 'NEW' } });
      expect(order.data).not.toHaveProperty('user');
      const balance = await c.take((f) => f.topic === 'balances');
      expect(balance).toMatchObject({ seq: 1, data: { wallet: 'coin', asset: 'USDT', available: '900', frozen: '100' } });
      await ok(server.desks.transfers.transfer({ user, asset: 'USDT', amount: '5', from: 'coin', to: 'contract' }));
      const transfer = await c.take((f) => f.topic === 'transfers');
      expect(transfer).toMatchObject({ seq: 1, data: { asset: 'USDT', amount: '5', from: 'coin', to: 'contract' } });
      // Someone else's activity never reaches this socket.
      await limit(MAKER, 'buy', '100', '1');
      await sleep(200);
      expect(c.frames.filter((f: Frame) => f.topic === 'orders')).toEqual([]);
    } finally {
      stop();
      c.close();
    }
  });

  it('sends a turn\'s frames in one message when asked (?batch=1), each with the seq it would have alone', async () => {
    const eth = (user: number, side: 'buy' | 'sell', price: string, qty: string) =>
      ok(server.desks.spot.place({ type: 'limit', user, symbol: 'ETHUSDT', side, price, qty }));
    await ok(server.desks.spot.adjust({ user: MAKER, asset: 'ETH', amount: '10', action: 'credit', memo: 'ws test' }));
    const plain = await WsClient.open(wsUrl);
    const batched = await WsClient.open(`${wsUrl}?batch=1`);
    const stops = [keepAlive(plain), keepAlive(batched)];
    try {
      for (const c of [plain, batched]) expect(await c.request({ op: 'subscribe', id: 1, topics: ['trade@ETHUSDT'] })).toEqual({ op: 'ack', id: 1 });
      for (const price of ['3000', '3001', '3002']) await eth(MAKER, 'sell', price, '0.1');
      await eth(TAKER, 'buy', '3002', '0.3'); // three fills, published together
      for (const c of [plain, batched]) {
        const trades = await Promise.all([1, 2, 3].map(() => c.take((f) => f.topic === 'trade@ETHUSDT')));
        expect(trades.map((f) => [f.seq, (f.data as { p: string }).p])).toEqual([[1, '3000.00000000'], [2, '3001.00000000'], [3, '3002.00000000']]);
      }
      // The same frames: three messages on the plain connection, one on the batching one (after its ack's). A pong
      // of the keep-alive may share the trades' turn, and so their message: the three trades are asked together.
      expect(plain.messageSizes.every((n) => n === 1)).toBe(true);
      const trades = (m: Frame[]) => m.filter((f) => f.topic === 'trade@ETHUSDT').length;
      expect(batched.messages.map(trades).filter((n) => n > 0)).toEqual([3]);
    } finally {
      for (const stop of stops) stop();
      plain.close();
      batched.close();
    }
  });

  it('bounds the topics of one connection', async () => {
    const c = await WsClient.open(wsUrl);
    try {
      const symbols = server.trading.market.symbols;
      const intervals = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w', '1M'];
      const all = symbols.flatMap((s) => [`trade@${s}`, `depth@${s}`, `ticker@${s}`, ...intervals.map((i) => `kline@${s}@${i}`)]);
      let id = 1;
      let refused: Frame | null = null;
      for (let i = 0; i < all.length && refused === null; i += 50) {
        const reply = await c.request({ op: 'subscribe', id: id++, topics: all.slice(i, i + 50) });
        if (reply.op === 'error') refused = reply;
      }
      expect(all.length).toBeGreaterThan(MAX_TOPICS_PER_CONNECTION);
      expect(refused).toMatchObject({ code: 'request.invalid' });
    } finally {
      c.close();
    }
  });

  it('drops a connection silent for three heartbeats, keeps one that pings', async () => {
    const silent = await WsClient.open(wsUrl);
    const chatty = await WsClient.open(wsUrl);
    const stop = keepAlive(chatty);
    try {
      await sleep(1200);
      expect(silent.closed).toBe(true);
      expect(silent.closeCode).toBe(4000);
      expect(chatty.closed).toBe(false);
    } finally {
      stop();
      chatty.close();
    }
  });
});
