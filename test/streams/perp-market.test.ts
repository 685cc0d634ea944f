// The perpetuals' venue of the stream layer (streams/perp-market.ts, pipelines/market.ts with venue 'perp'): its
// topics and /fapi/v1 reads, a local book kept by the spot procedure from perpDepth@ diffs whose ids are /fstream's
// plus one (a diff read in the snapshot's millisecond is applied), apart from the spot book of the same symbol;
// candles, mark-price candles and a ticker that REST serves without a book.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asyncScheduler, type Subscription } from 'rxjs';
import { createStore } from 'jotai/vanilla';
import type { DepthSnapshot, Ticker24h } from '../../streams/contract.ts';
import { dataOf, type Loadable } from '../../streams/loadable.ts';
import { createHttp } from '../../streams/rest/http.ts';
import { createMarketRest, createPerpMarketRest, type MarketRest, type PerpMarketRest } from '../../streams/rest/market.ts';
import type { BookView } from '../../streams/reducers/order-book.ts';
import { orderBook$, setUpStreams } from '../../streams/index.ts';
import { perpCandles$, perpMarkCandles$, perpOrderBook$, perpTickerAtom, setUpPerpMarket, venueOrderBook$ } from '../../streams/perp-market.ts';
import type { Candle } from '../../streams/parse/market.ts';
import { advance, FakeWsServer, MockSocket, WS_URL } from './support.ts';

const row = (time: number, close: string, trades: number) => [time, close, close, close, close, '0', time + 59_999, '0', trades, '0', '0', '0'];
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

let server: FakeWsServer;
let cleanup: (() => void) | null;
let subscriptions: Subscription[];
let perpSnapshots: DepthSnapshot[];

const spotRest: MarketRest = {
  depth: async () => ({ lastUpdateId: 5, bids: [['99', '1']], asks: [['100', '1']] }),
  trades: async () => [],
  klines: async () => [],
  tickers: async () => [],
  ticker: async (symbol) => ({ symbol }) as Ticker24h,
};
const perpRest: PerpMarketRest = {
  depth: async () => perpSnapshots.shift() ?? { lastUpdateId: 0, bids: [], asks: [] },
  trades: async () => [],
  klines: async () => [{ time: 60_000, closeTime: 119_999, open: '50000', high: '50000', low: '50000', close: '50000', volume: '1', quoteVolume: '50000', trades: 1, closed: false }],
  markKlines: async () => [{ time: 60_000, closeTime: 119_999, open: '50010', high: '50010', low: '50010', close: '50010', volume: '0', quoteVolume: '0', trades: 3, closed: false }],
  tickers: async () => [],
  ticker: (symbol) => createPerpMarketRest(createHttp({ baseUrl: 'http://x.test/', fetch: async () => json(fapiTicker(symbol)) })).ticker(symbol),
};
/** GET /fapi/v1/ticker/24hr: no bid or ask. */
const fapiTicker = (symbol: string) => ({
  symbol, priceChange: '10', priceChangePercent: '0.020', weightedAvgPrice: '50000', lastPrice: '50010', lastQty: '0.1', openPrice: '50000',
  highPrice: '50010', lowPrice: '50000', volume: '2', quoteVolume: '100010', openTime: 0, closeTime: 1_000, firstId: 1, lastId: 2, count: 2,
});
/** A perpDepth@ diff as the server sends it: /fstream's ids (U = pu + 1, u) plus one. */
const diff = (pu: number, u: number, b: [string, string][]) => ({ e: 'depthUpdate', E: 0, s: 'BTCUSDT', U: pu + 2, u: u + 1, b, a: [] });

beforeEach(() => {
  vi.useFakeTimers();
  server = new FakeWsServer().start();
  cleanup = null;
  subscriptions = [];
  perpSnapshots = [];
  setUpPerpMarket({ rest: perpRest, frameScheduler: asyncScheduler, teardownMs: 2_000 });
});
afterEach(() => {
  for (const s of subscriptions) s.unsubscribe();
  cleanup?.();
  server.stop();
  setUpPerpMarket({});
  vi.useRealTimers();
});

const start = () => {
  cleanup = setUpStreams({ url: WS_URL, WebSocket: MockSocket, rest: spotRest, frameScheduler: asyncScheduler, teardownMs: 2_000, reconnect: { random: () => 0 } });
};
const watch = <T>(source: { subscribe(f: (v: T) => void): Subscription }): T[] => {
  const seen: T[] = [];
  subscriptions.push(source.subscribe((v) => seen.push(v)));
  return seen;
};

describe('perpetual venue REST reads', () => {
  it('reads /fapi/v1, mark candles from markPriceKlines, and a ticker without a book', async () => {
    const paths: string[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL((input instanceof Request ? input : new Request(input, init)).url);
      paths.push(url.pathname);
      if (url.pathname.endsWith('/depth')) return json({ lastUpdateId: 9, E: 9, T: 9, bids: [['1.00000000', '2.00000000']], asks: [] });
      if (url.pathname.endsWith('/ticker/24hr')) return json(url.searchParams.has('symbol') ? fapiTicker('BTCUSDT') : [fapiTicker('BTCUSDT')]);
      return json([row(60_000, '50010', 3)]);
    };
    const rest = createPerpMarketRest(createHttp({ baseUrl: 'http://x.test/', fetch }));
    await expect(rest.depth('BTCUSDT', 1000)).resolves.toEqual({ lastUpdateId: 9, bids: [['1.00000000', '2.00000000']], asks: [] });
    await expect(rest.markKlines('BTCUSDT', '1m', 500)).resolves.toMatchObject([{ time: 60_000, close: '50010', volume: '0', trades: 3 }]);
    await expect(rest.ticker('BTCUSDT')).resolves.toMatchObject({ symbol: 'BTCUSDT', lastPrice: '50010', bidPrice: '0', askQty: '0' });
    await expect(rest.tickers()).resolves.toHaveLength(1);
    expect(paths).toEqual(['/fapi/v1/depth', '/fapi/v1/markPriceKlines', '/fapi/v1/ticker/24hr', '/fapi/v1/ticker/24hr']);
    // The spot venue still wants every field of a ticker.
    const spot = createMarketRest(createHttp({ baseUrl: 'http://x.test/', fetch: async () => json(fapiTicker('BTCUSDT')) }));
    await expect(spot.ticker('BTCUSDT')).rejects.toMatchObject({ code: 'client.reply' });
  });
});

describe('perpetual venue streams', () => {
  it("keeps the perpetual's book from perpDepth@ and /fapi/v1/depth, apart from the spot book", async () => {
    start();
    perpSnapshots.push({ lastUpdateId: 1_000, bids: [['50000', '1']], asks: [['50100', '1']] });
    const perp = watch<Loadable<BookView>>(perpOrderBook$('BTCUSDT'));
    const spot = watch<Loadable<BookView>>(orderBook$('BTCUSDT'));
    await advance(20);
    expect(server.topics('subscribe').sort()).toEqual(['depth@BTCUSDT', 'perpDepth@BTCUSDT']);
    // Read before the snapshot; then read in the snapshot's own millisecond (u = 1000): applied, as /fstream's
    // procedure does; then the next read.
    server.event('perpDepth@BTCUSDT', 1, diff(990, 995, [['49990', '1']]));
    server.event('perpDepth@BTCUSDT', 2, diff(995, 1_000, [['50000', '2']]));
    await advance(5);
    server.event('perpDepth@BTCUSDT', 3, diff(1_000, 1_100, [['49990', '0'], ['49980', '3']]));
    await advance(5);
    const book = dataOf(perp[perp.length - 1]!);
    expect(book).toEqual({ lastUpdateId: 1_101, bids: [['50000', '2'], ['49980', '3']], asks: [['50100', '1']] });
    server.event('depth@BTCUSDT', 1, { e: 'depthUpdate', E: 0, s: 'BTCUSDT', U: 6, u: 6, b: [['98', '4']], a: [] });
    await advance(5);
    expect(dataOf(spot[spot.length - 1]!)).toEqual({ lastUpdateId: 6, bids: [['99', '1'], ['98', '4']], asks: [['100', '1']] });
    expect(dataOf(perp[perp.length - 1]!)).toBe(book);

    // A lost diff: back to a fresh snapshot, the last book shown meanwhile.
    perpSnapshots.push({ lastUpdateId: 1_300, bids: [['50000', '5']], asks: [] });
    server.event('perpDepth@BTCUSDT', 4, diff(1_200, 1_250, [['49970', '1']]));
    server.event('perpDepth@BTCUSDT', 5, diff(1_250, 1_300, [['49960', '1']]));
    await advance(5);
    expect(dataOf(perp[perp.length - 1]!)).toEqual({ lastUpdateId: 1_301, bids: [['50000', '5'], ['49960', '1']], asks: [] });
  });

  it('picks the venue for panels that show either', async () => {
    start();
    watch(venueOrderBook$('perp', 'ETHUSDT'));
    watch(venueOrderBook$('spot', 'ETHUSDT'));
    await advance(20);
    expect(server.topics('subscribe').sort()).toEqual(['depth@ETHUSDT', 'perpDepth@ETHUSDT']);
  });

  it('candles and mark-price candles: REST history, then the live bar from the topic', async () => {
    start();
    const candles = watch<Loadable<readonly Candle[]>>(perpCandles$('BTCUSDT', '1m'));
    const marks = watch<Loadable<readonly Candle[]>>(perpMarkCandles$('BTCUSDT', '1m'));
    await advance(20);
    expect(server.topics('subscribe').sort()).toEqual(['perpKline@BTCUSDT@1m', 'perpMarkKline@BTCUSDT@1m']);
    expect(dataOf(candles[candles.length - 1]!)?.map((c) => c.close)).toEqual(['50000']);
    expect(dataOf(marks[marks.length - 1]!)?.map((c) => c.close)).toEqual(['50010']);
    const k = (c: string, n: number) => ({ e: 'kline', E: 0, s: 'BTCUSDT', k: { t: 60_000, T: 119_999, s: 'BTCUSDT', i: '1m', f: -1, L: -1, o: c, c, h: c, l: c, v: '0', n, x: false, q: '0', V: '0', Q: '0', B: '0' } });
    server.event('perpMarkKline@BTCUSDT@1m', 1, k('50030', 4));
    server.event('perpKline@BTCUSDT@1m', 1, k('50020', 2));
    await advance(5);
    expect(dataOf(marks[marks.length - 1]!)?.map((c) => c.close)).toEqual(['50030']);
    expect(dataOf(candles[candles.length - 1]!)?.map((c) => c.close)).toEqual(['50020']);
  });

  it("the ticker atom: REST's without a book, then the topic's", async () => {
    start();
    const store = createStore();
    const atom = perpTickerAtom('BTCUSDT');
    const unmount = store.sub(atom, () => {});
    await advance(20);
    expect(server.topics('subscribe')).toEqual(['perpTicker@BTCUSDT']);
    expect(dataOf(store.get(atom))).toMatchObject({ lastPrice: '50010', bidPrice: '0' });
    server.event('perpTicker@BTCUSDT', 1, { ...fapiTicker('BTCUSDT'), closeTime: 2_000, lastPrice: '50020', bidPrice: '50015', bidQty: '1', askPrice: '50025', askQty: '1' });
    await advance(5);
    expect(dataOf(store.get(atom))).toMatchObject({ lastPrice: '50020', bidPrice: '50015' });
    unmount();
  });
});
