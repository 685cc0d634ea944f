import ky from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asyncScheduler, type Subscription } from 'rxjs';
import { createStore } from 'jotai/vanilla';
import type { DepthSnapshot, OrderUpdate, Ticker24h } from '../../streams/contract.ts';
import { dataOf, type Loadable } from '../../streams/loadable.ts';
import type { MarketRest } from '../../streams/rest/market.ts';
import type { BookView } from '../../streams/reducers/order-book.ts';
import { createStreams, type Streams } from '../../streams/runtime.ts';
import { countdownAtom, orderBookAtom, ordersAtom, serverNow, setStreamsTicket, setUpStreams } from '../../streams/index.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from './support.ts';

let server: FakeWsServer;
let snapshots: number;
/** The book's update id the REST snapshot answers with (the server's book as of now). */
let snapshotId: number;
let streams: Streams | null;
let subscriptions: Subscription[];

const rest: MarketRest = {
  depth: async (): Promise<DepthSnapshot> => {
    snapshots += 1;
    return { lastUpdateId: snapshotId, bids: [['100.37', '1'], ['100.12', '2']], asks: [['101.5', '1']] };
  },
  trades: async () => [],
  klines: async () => [],
  tickers: async () => [],
  ticker: async (symbol) => ({ symbol }) as Ticker24h,
};
const options = { url: WS_URL, WebSocket: MockSocket, rest, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0 } };
const diff = (U: number, u: number, price = '100.37', qty = '5') => ({ e: 'depthUpdate', E: 0, s: 'BTCUSDT', U, u, b: [[price, qty]], a: [] });
const order = (orderId: number, updateTime: number): OrderUpdate => ({
  orderId, clientOrderId: null, symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', price: '100', origQty: '1',
  executedQty: '0', cumulativeQuoteQty: '0', status: 'NEW', time: updateTime, updateTime, trigger: null, orderListId: null,
});

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeWsServer().start();
  snapshots = 0;
  snapshotId = 100;
  streams = null;
  subscriptions = [];
});
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  streams?.close();
  server.stop();
  vi.useRealTimers();
});

describe('streams runtime', () => {
  it("reads its REST seeds through the app's ky instance when given one", async () => {
    const urls: string[] = [];
    const headers: (string | null)[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      urls.push(request.url);
      headers.push(request.headers.get('lang'));
      return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const http = ky.create({ baseUrl: 'http://app.test/', fetch, headers: { lang: 'ja' } });
    const { rest: _rest, ...rest } = options;
    streams = createStreams({ ...rest, http });
    subscriptions.push(streams.tickers$().subscribe());
    await advance(20);
    expect(urls).toEqual(['http://app.test/api/v3/ticker/24hr']);
    expect(headers).toEqual(['ja']);
  });

  it('builds the book from snapshot + diffs and emits at most once per frame', async () => {
    streams = createStreams(options);
    const seen: Loadable<BookView>[] = [];
    subscriptions.push(streams.orderBook$('BTCUSDT').subscribe((v) => seen.push(v)));
    await advance(20);
    expect(server.topics('subscribe')).toEqual(['depth@BTCUSDT']);
    server.event('depth@BTCUSDT', 1, diff(99, 101));
    await advance(5);
    const before = seen.length;
    // A burst within one frame: three diffs, one emission carrying all of them.
    server.event('depth@BTCUSDT', 2, diff(102, 102, '100.37', '6'));
    server.event('depth@BTCUSDT', 3, diff(103, 103, '100.12', '0'));
    server.event('depth@BTCUSDT', 4, diff(104, 104, '99.99', '3'));
    await advance(5);
    expect(seen.length - before).toBe(1);
    expect(seen.at(-1)).toEqual({ status: 'success', data: { lastUpdateId: 104, bids: [['100.37', '6'], ['99.99', '3']], asks: [['101.5', '1']] } });
  });

  it('a sequence gap on the socket resubscribes the topic and re-snapshots the book', async () => {
    streams = createStreams(options);
    subscriptions.push(streams.orderBook$('BTCUSDT').subscribe());
    await advance(20);
    server.event('depth@BTCUSDT', 1, diff(99, 101));
    await advance(5);
    expect(snapshots).toBe(1);
    snapshotId = 103; // the server's book moves on (seq 2 carried 102, lost on the way)
    server.event('depth@BTCUSDT', 3, diff(103, 103)); // seq 2 lost
    await advance(20);
    expect(server.topics('unsubscribe')).toEqual(['depth@BTCUSDT']);
    expect(server.topics('subscribe')).toEqual(['depth@BTCUSDT', 'depth@BTCUSDT']);
    server.event('depth@BTCUSDT', 1, diff(104, 104));
    await advance(5);
    expect(snapshots).toBe(2);
  });

  it('shares one pipeline and keeps it through a quick remount', async () => {
    streams = createStreams(options);
    const a = streams.orderBook$('BTCUSDT').subscribe();
    const b = streams.orderBook$('BTCUSDT').subscribe();
    await advance(20);
    server.event('depth@BTCUSDT', 1, diff(99, 101));
    await advance(5);
    a.unsubscribe();
    b.unsubscribe();
    await advance(1_000);
    const seen: Loadable<BookView>[] = [];
    subscriptions.push(streams.orderBook$('BTCUSDT').subscribe((v) => seen.push(v)));
    // The remount gets the held book at once and keeps applying diffs without a new snapshot.
    expect(seen.map((v) => v.status)).toEqual(['success']);
    server.event('depth@BTCUSDT', 2, diff(102, 102));
    await advance(10_000);
    expect(dataOf(seen.at(-1) ?? { status: 'idle' })?.lastUpdateId).toBe(102);
    expect(snapshots).toBe(1);
    expect(server.topics('subscribe')).toEqual(['depth@BTCUSDT']);
    expect(server.topics('unsubscribe')).toEqual([]);
  });
});

describe('atoms', () => {
  let cleanup: (() => void) | null = null;
  afterEach(() => {
    cleanup?.();
    cleanup = null;
    setStreamsTicket(null);
  });

  it('start idle, follow the running streams with a grouped book, and go idle on cleanup', async () => {
    const store = createStore();
    const atom = orderBookAtom('BTCUSDT', '1', 10);
    expect(store.get(atom)).toEqual({ status: 'idle' });
    cleanup = setUpStreams(options);
    const unmount = store.sub(atom, () => {});
    await advance(20);
    server.event('depth@BTCUSDT', 1, diff(99, 101));
    await advance(5);
    expect(store.get(atom)).toEqual({ status: 'success', data: { lastUpdateId: 101, bids: [['100', '7']], asks: [['102', '1']] } });
    cleanup();
    cleanup = null;
    expect(store.get(atom)).toEqual({ status: 'idle' });
    unmount();
  });

  it('private atoms are idle signed out and fill after the ticket is set', async () => {
    const store = createStore();
    cleanup = setUpStreams(options);
    const atom = ordersAtom();
    const unmount = store.sub(atom, () => {});
    await advance(50);
    expect(store.get(atom)).toEqual({ status: 'idle' });
    setStreamsTicket('ticket-1');
    await advance(50);
    expect(server.frames('auth')).toEqual([{ op: 'auth', id: expect.any(Number), ticket: 'ticket-1' }]);
    server.event('orders', 1, order(7, 1_000));
    await advance(5);
    expect(store.get(atom)).toEqual({ status: 'success', data: [order(7, 1_000)] });

    // Another session: a new socket, and the old session's orders are gone rather than merged.
    setStreamsTicket('ticket-2');
    await advance(2_000);
    expect(server.connections).toBe(2);
    expect(server.frames('auth', 2)).toEqual([{ op: 'auth', id: expect.any(Number), ticket: 'ticket-2' }]);
    expect(store.get(atom)).toEqual({ status: 'success', data: [] });
    setStreamsTicket(null);
    await advance(2_000);
    expect(store.get(atom)).toEqual({ status: 'idle' });
    unmount();
  });

  it('countdowns read server time from the pong offset', async () => {
    server.serverTime = () => Date.now() + 60_000;
    cleanup = setUpStreams(options);
    await advance(50);
    const now = Date.now();
    expect(serverNow() - now).toBeGreaterThan(59_900);
    const store = createStore();
    const atom = countdownAtom(now + 90_000);
    const unmount = store.sub(atom, () => {});
    await advance(1_000);
    const left = store.get(atom);
    expect(left).toBeGreaterThan(28_000);
    expect(left).toBeLessThanOrEqual(30_000);
    unmount();
  });
});
