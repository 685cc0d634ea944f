import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { createHttp, RestError } from '../../streams/rest/http.ts';
import { createMarketRest } from '../../streams/rest/market.ts';
import { parseServerFrame, parseServerFrames } from '../../streams/socket/frames.ts';
import { parseKlineEvent, parseTickers } from '../../streams/parse/market.ts';

function fakeFetch(reply: (url: URL, headers: Headers) => Response) {
  const seen: { url: URL; headers: Headers }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    seen.push({ url, headers: request.headers });
    return reply(url, request.headers);
  };
  return { fetch, seen };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('market REST reads (ky)', () => {
  it('reads and parses a depth snapshot, with the ticket header when signed in', async () => {
    const { fetch, seen } = fakeFetch(() => json({ lastUpdateId: 42, bids: [['100.0', '1.5']], asks: [] }));
    const rest = createMarketRest(createHttp({ baseUrl: 'http://x.test/', fetch, ticket: () => 'tkt' }));
    await expect(rest.depth('BTCUSDT', 100)).resolves.toEqual({ lastUpdateId: 42, bids: [['100.0', '1.5']], asks: [] });
    expect(seen[0]?.url.pathname).toBe('/api/v3/depth');
    expect(seen[0]?.url.searchParams.get('symbol')).toBe('BTCUSDT');
    expect(seen[0]?.url.searchParams.get('limit')).toBe('100');
    expect(seen[0]?.headers.get('ticket')).toBe('tkt');
  });

  it('turns Binance errors and unreadable replies into coded errors', async () => {
    const rest = createMarketRest(createHttp({ baseUrl: 'http://x.test/', fetch: fakeFetch(() => json({ code: -1121, msg: 'Invalid symbol.' }, 400)).fetch }));
    await expect(rest.depth('NOPE', 5)).rejects.toMatchObject({ code: '-1121', message: 'Invalid symbol.', status: 400 });
    const broken = createMarketRest(createHttp({ baseUrl: 'http://x.test/', fetch: fakeFetch(() => json({ lastUpdateId: 'x' })).fetch }));
    await expect(broken.depth('BTCUSDT', 5)).rejects.toBeInstanceOf(RestError);
  });

  it('parses klines rows', async () => {
    const row = [60_000, '1', '2', '0.5', '1.5', '10', 119_999, '15', 3, '5', '7', '0'];
    const rest = createMarketRest(createHttp({ baseUrl: 'http://x.test/', fetch: fakeFetch(() => json([row])).fetch }));
    const [bar] = await rest.klines('BTCUSDT', '1m', 1);
    expect(bar).toMatchObject({ time: 60_000, open: '1', high: '2', low: '0.5', close: '1.5', volume: '10', trades: 3 });
  });
});

describe("the app's ky instance", () => {
  // Like the app's client instance: its base URL, timeout, ticket and lang headers, statuses thrown, retries on.
  const appInstance = (fetch: typeof globalThis.fetch) =>
    ky.create({
      baseUrl: 'http://app.test/',
      timeout: 30_000,
      fetch,
      hooks: { beforeRequest: [({ request }) => { request.headers.set('ticket', 'app-ticket'); request.headers.set('lang', 'th'); }] },
    });

  it("reads through it: its base URL and headers, not the layer's own", async () => {
    const { fetch, seen } = fakeFetch(() => json({ lastUpdateId: 7, bids: [], asks: [] }));
    const rest = createMarketRest(createHttp({ ky: appInstance(fetch), baseUrl: 'http://ignored.test/', ticket: () => 'ignored' }));
    await expect(rest.depth('BTCUSDT', 5)).resolves.toMatchObject({ lastUpdateId: 7 });
    expect(seen[0]?.url.origin).toBe('http://app.test');
    expect(seen[0]?.headers.get('ticket')).toBe('app-ticket');
    expect(seen[0]?.headers.get('lang')).toBe('th');
  });

  it('reads an error status itself and sends once, whatever the instance would do', async () => {
    const { fetch, seen } = fakeFetch(() => json({ code: -1003, msg: 'Too many requests.' }, 429));
    const rest = createMarketRest(createHttp({ ky: appInstance(fetch).extend({ retry: { limit: 3, statusCodes: [429] } }) }));
    await expect(rest.tickers()).rejects.toMatchObject({ code: '-1003', status: 429 });
    expect(seen).toHaveLength(1);
  });
});

describe('frame and payload parsers', () => {
  it('accepts the contract frames and rejects the rest', () => {
    expect(parseServerFrame('{"op":"event","topic":"trade@BTCUSDT","seq":3,"data":{}}')).toEqual({ op: 'event', topic: 'trade@BTCUSDT', seq: 3, data: {} });
    expect(parseServerFrame('{"op":"pong","time":5}')).toEqual({ op: 'pong', time: 5 });
    expect(parseServerFrame('{"op":"event","topic":"nope","seq":3}')).toBeNull();
    expect(parseServerFrame('{"op":"event","topic":"trade@BTCUSDT","seq":"3"}')).toBeNull();
    expect(parseServerFrame('{"op":"ack"}')).toBeNull();
    expect(parseServerFrame('not json')).toBeNull();
  });

  it('unpacks a batching connection\'s messages in order', () => {
    const trade = '{"op":"event","topic":"trade@BTCUSDT","seq":1,"data":{}}';
    const ack = '{"op":"ack","id":4}';
    expect(parseServerFrames(`[${trade},${ack},{"op":"nope"},${trade.replace('"seq":1', '"seq":2')}]`)).toEqual([
      { op: 'event', topic: 'trade@BTCUSDT', seq: 1, data: {} },
      { op: 'ack', id: 4 },
      { op: 'event', topic: 'trade@BTCUSDT', seq: 2, data: {} },
    ]);
    expect(parseServerFrames(ack)).toEqual([{ op: 'ack', id: 4 }]);
    expect(parseServerFrames('[1,')).toEqual([]);
  });

  it('reads tickers in REST shape and Binance stream shape', () => {
    const rest = { symbol: 'BTCUSDT', priceChange: '1', priceChangePercent: '1.000', weightedAvgPrice: '1', lastPrice: '101', lastQty: '1', bidPrice: '100', bidQty: '1', askPrice: '102', askQty: '1', openPrice: '100', highPrice: '103', lowPrice: '99', volume: '5', quoteVolume: '500', openTime: 1, closeTime: 2, firstId: 1, lastId: 9, count: 9 };
    expect(parseTickers([rest])?.[0]?.lastPrice).toBe('101');
    const stream = { e: '24hrTicker', s: 'ETHUSDT', p: '1', P: '1', w: '1', c: '5', Q: '1', b: '4', B: '1', a: '6', A: '1', o: '4', h: '6', l: '3', v: '1', q: '5', O: 1, C: 2, F: 1, L: 2, n: 2 };
    expect(parseTickers(stream)).toEqual([expect.objectContaining({ symbol: 'ETHUSDT', lastPrice: '5', closeTime: 2, count: 2 })]);
    expect(parseTickers([{ ...rest, lastPrice: 'abc' }])).toBeNull();
  });

  it('reads kline events', () => {
    const k = { t: 0, T: 59_999, s: 'BTCUSDT', i: '1m', f: 1, L: 2, o: '1', c: '2', h: '3', l: '0.5', v: '4', n: 2, x: false, q: '8', V: '1', Q: '2', B: '0' };
    expect(parseKlineEvent({ e: 'kline', E: 1, s: 'BTCUSDT', k })).toMatchObject({ time: 0, close: '2', interval: '1m', closed: false });
    expect(parseKlineEvent({ e: 'kline', E: 1, s: 'BTCUSDT', k: { ...k, i: '2m' } })).toBeNull();
  });
});
