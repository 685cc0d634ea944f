// The perpetuals' market topics on /ws (perp-market-stream.ts) against a running server: perp orders placed through
// the desk show as depth diffs that rebuild the REST snapshot of GET /fapi/v1/depth by the spot depth topic's
// procedure, as trades, candles, mark-price candles and 24 h tickers in the spot topics' shapes; events start at seq 1
// after the ack; a symbol that is not a perpetual, or a bad interval, is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../server/desks/index.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { newTarget, type Target } from '../dialects.ts';
import { sleep, WsClient, type Frame } from '../live/ws-client.ts';

const SYMBOL = 'BTCUSDT';
const MAKER = 911;
const TAKER = 912;
let target: Target;
let server: ServerHandle;
let wsUrl: string;

type Level = [string, string];
interface Diff {
  U: number;
  u: number;
  b: Level[];
  a: Level[];
}
interface Snapshot {
  lastUpdateId: number;
  bids: Level[];
  asks: Level[];
}

async function ok<T>(reply: Promise<{ ok: true; value: T } | { ok: false; code: string }>): Promise<T> {
  const r = await reply;
  if (!r.ok) throw new Error(`refused: ${r.code}`);
  return r.value;
}

const limit = (user: number, side: 'buy' | 'sell', price: string, qty = '0.1') =>
  ok(server.desks.perp.place({ user, symbol: SYMBOL, side, type: 'limit', price, qty }));
const rest = async <T>(path: string): Promise<T> => (await fetch(`${server.url}/fapi/v1${path}`)).json() as Promise<T>;

/** The mark job's two effects, by hand: the desk's mark and the mark on the bus. */
async function mark(price: string): Promise<void> {
  const minor = BigInt(price) * 100_000_000n;
  await ok(server.desks.perp.mark({ symbol: SYMBOL, mark: minor, index: minor, fundingRate: null }));
  server.bus.publish(topics.perpMark(SYMBOL), {
    type: 'perp.mark', symbol: SYMBOL, mark: `${price}.00000000`, index: `${price}.00000000`, fundingRate: '0.0001', nextFundingTime: Date.now() + 3_600_000, time: Date.now(),
  });
}

/** Binance's local book as the spot depth topic runs it: drop u <= lastUpdateId, bridge with U <= id + 1 <= u, then U = u + 1. */
function localBook(snapshot: Snapshot, diffs: readonly Diff[]): { bids: Level[]; asks: Level[]; applied: number } {
  const bids = new Map(snapshot.bids);
  const asks = new Map(snapshot.asks);
  let last = snapshot.lastUpdateId;
  let applied = 0;
  for (const d of diffs) {
    if (d.u <= last) continue;
    if (applied === 0) expect(d.U <= last + 1 && last + 1 <= d.u, `first diff ${d.U}-${d.u} bridges ${last}`).toBe(true);
    else expect(d.U).toBe(last + 1);
    for (const [side, levels] of [[bids, d.b], [asks, d.a]] as const) for (const [p, q] of levels) Number(q) === 0 ? side.delete(p) : side.set(p, q);
    last = d.u;
    applied++;
  }
  const sorted = (m: Map<string, string>, desc: boolean): Level[] => [...m].sort(([x], [y]) => (desc ? Number(y) - Number(x) : Number(x) - Number(y)));
  return { bids: sorted(bids, true), asks: sorted(asks, false), applied };
}

/** Keeps a socket alive past the short test heartbeat. */
function keepAlive(c: WsClient): () => void {
  const timer = setInterval(() => c.send({ op: 'ping' }), 100);
  return () => clearInterval(timer);
}

beforeAll(async () => {
  target = await newTarget('sqlite');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: target.dataDir!, logger: false, feeds: false, bots: false, wsHeartbeatMs: 200 });
  wsUrl = `${server.url.replace('http', 'ws')}/ws`;
  for (const user of [MAKER, TAKER]) await ok(server.desks.contract.adjust({ user, asset: 'USDT', amount: '1000000', action: 'credit', memo: 'perp ws test' }));
  await mark('50000');
});
afterAll(async () => {
  await server?.close();
  await target?.dispose();
});

describe('perpetual market topics on /ws', () => {
  it('refuses a symbol that is no perpetual and a bad interval, naming the request', async () => {
    const c = await WsClient.open(wsUrl);
    try {
      const perps = new Set(server.desks.perp.markets().map((m) => m.symbol));
      expect(perps.has(SYMBOL)).toBe(true);
      expect(await c.request({ op: 'subscribe', id: 1, topics: ['perpDepth@NOPEUSDT'] })).toMatchObject({ op: 'error', id: 1, code: 'request.invalid' });
      expect(await c.request({ op: 'subscribe', id: 2, topics: [`perpTrade@${SYMBOL}`, 'perpKline@NOPEUSDT@1m'] })).toMatchObject({ op: 'error', id: 2, code: 'request.invalid' });
      expect(await c.request({ op: 'subscribe', id: 3, topics: [`perpKline@${SYMBOL}@7m`] })).toMatchObject({ op: 'error', id: 3, code: 'request.invalid' });
      expect(await c.request({ op: 'subscribe', id: 4, topics: [`perpdepth@${SYMBOL}`] })).toMatchObject({ op: 'error', id: 4, code: 'request.invalid' });
      // A spot market with no perpetual (not quoted in USDT), when the configuration has one.
      const spotOnly = server.trading.market.symbols.find((s) => !perps.has(s));
      if (spotOnly !== undefined) {
        expect(await c.request({ op: 'subscribe', id: 5, topics: [`perpTicker@${spotOnly}`] })).toMatchObject({ op: 'error', id: 5, code: 'request.invalid' });
      }
      // Nothing of the refused requests was subscribed: a good one still starts at seq 1.
      expect(await c.request({ op: 'subscribe', id: 6, topics: ['perpTickers'] })).toEqual({ op: 'ack', id: 6 });
    } finally {
      c.close();
    }
  });

  it('streams depth diffs that rebuild the REST snapshot, trades, candles, mark candles and tickers', async () => {
    for (let i = 0; i < 5; i++) {
      await limit(MAKER, 'buy', String(49_900 - i * 10));
      await limit(MAKER, 'sell', String(50_100 + i * 10));
    }
    const c = await WsClient.open(wsUrl);
    const stop = keepAlive(c);
    const depth = `perpDepth@${SYMBOL}`;
    const trade = `perpTrade@${SYMBOL}`;
    const kline = `perpKline@${SYMBOL}@1m`;
    const markKline = `perpMarkKline@${SYMBOL}@1m`;
    const ticker = `perpTicker@${SYMBOL}`;
    try {
      expect(await c.request({ op: 'subscribe', id: 1, topics: [depth, trade, kline, markKline, ticker, 'perpTickers'] })).toEqual({ op: 'ack', id: 1 });
      // Changes before the snapshot, the snapshot (as the app takes it: after the ack), changes after it: a new level,
      // a bigger one, a level placed and cancelled, a trade taking the best ask.
      const early = await limit(MAKER, 'buy', '49950');
      const snapshot = await rest<Snapshot>(`/depth?symbol=${SYMBOL}&limit=1000`);
      await limit(MAKER, 'buy', '49890', '0.2');
      const flash = await limit(MAKER, 'sell', '50090');
      await ok(server.desks.perp.cancel({ user: MAKER, orderId: flash.order.id }));
      await ok(server.desks.perp.place({ user: TAKER, symbol: SYMBOL, side: 'buy', type: 'market', qty: '0.1' }));
      await ok(server.desks.perp.cancel({ user: MAKER, orderId: early.order.id }));
      await sleep(400);
      const now = await rest<Snapshot>(`/depth?symbol=${SYMBOL}&limit=1000`);
      await sleep(300);

      const diffs = c.drain(depth);
      expect(diffs.map((f) => f.seq)).toEqual(diffs.map((_, i) => i + 1));
      expect(diffs[0]!.data).toMatchObject({ e: 'depthUpdate', s: SYMBOL, E: expect.any(Number) });
      expect(Object.keys(diffs[0]!.data as object).sort()).toEqual(['E', 'U', 'a', 'b', 'e', 's', 'u']);
      const book = localBook(snapshot, diffs.map((f) => f.data as Diff));
      expect(book.applied).toBeGreaterThan(0);
      expect({ bids: book.bids, asks: book.asks }).toEqual({ bids: now.bids, asks: now.asks });
      expect(book.bids.slice(0, 2)).toEqual([['49900.00000000', '0.10000000'], ['49890.00000000', '0.30000000']]);
      expect(book.asks[0]).toEqual(['50110.00000000', '0.10000000']);

      const t = await c.take((f) => f.topic === trade);
      expect(t.seq).toBe(1);
      expect(t.data).toEqual({ e: 'trade', E: expect.any(Number), s: SYMBOL, t: expect.any(Number), p: '50100.00000000', q: '0.10000000', T: expect.any(Number), m: false, M: true });
      const k = (await c.take((f) => f.topic === kline)).data as { s: string; k: Record<string, unknown> };
      expect(k).toMatchObject({ e: 'kline', s: SYMBOL, k: { i: '1m', c: '50100.00000000', x: false } });
      // The same bar as REST's klines.
      const [bar] = (await rest<unknown[][]>(`/klines?symbol=${SYMBOL}&interval=1m&limit=1`)).slice(-1);
      expect(bar!.slice(0, 5)).toEqual([k.k['t'], k.k['o'], k.k['h'], k.k['l'], k.k['c']]);

      const tk = await c.take((f) => f.topic === ticker, 3_000);
      expect(tk.seq).toBe(1);
      expect(tk.data).toMatchObject({ symbol: SYMBOL, lastPrice: '50100.00000000', bidPrice: '49900.00000000', askPrice: '50110.00000000', count: expect.any(Number) });
      const all = (await c.take((f) => f.topic === 'perpTickers')).data as { symbol: string }[];
      expect(all.map((x) => x.symbol)).toContain(SYMBOL);
      const fapi = await rest<Record<string, unknown>>(`/ticker/24hr?symbol=${SYMBOL}`);
      expect(fapi).toMatchObject({ lastPrice: (tk.data as Record<string, unknown>)['lastPrice'], volume: (tk.data as Record<string, unknown>)['volume'] });

      // Mark candles: a position is open now, so marks are recorded; each mark moves the live bar.
      await mark('50050');
      await mark('50020');
      const marks = c.drain(markKline);
      await sleep(50);
      const m = [...marks, ...c.drain(markKline)].map((f) => f as Frame & { data: { k: Record<string, unknown> } });
      expect(m.map((f) => f.seq)).toEqual(m.map((_, i) => i + 1));
      const lastMark = m[m.length - 1]!.data.k;
      expect(lastMark).toMatchObject({ i: '1m', c: '50020.00000000', v: '0.00000000', x: false });
      expect(Number(lastMark['h'])).toBeGreaterThanOrEqual(50_050);
      expect(lastMark['n']).toBeGreaterThanOrEqual(2);
    } finally {
      stop();
      c.close();
      await server.desks.perp.cancelAll({ user: MAKER, symbol: SYMBOL });
    }
  });

  it('holds back what a source sends before the ack: a candle topic starts at seq 1 with the next trade', async () => {
    await limit(MAKER, 'sell', '50200');
    const c = await WsClient.open(wsUrl);
    const stop = keepAlive(c);
    try {
      // The bar of the earlier trades is read (and would be sent) before this ack.
      expect(await c.request({ op: 'subscribe', id: 1, topics: [`perpKline@${SYMBOL}@1m`] })).toEqual({ op: 'ack', id: 1 });
      await sleep(100);
      expect(c.drain(`perpKline@${SYMBOL}@1m`)).toEqual([]);
      await ok(server.desks.perp.place({ user: TAKER, symbol: SYMBOL, side: 'buy', type: 'market', qty: '0.1' }));
      const k = await c.take((f) => f.topic === `perpKline@${SYMBOL}@1m`);
      expect(k.seq).toBe(1);
      expect(k.data).toMatchObject({ k: { c: '50200.00000000' } });
    } finally {
      stop();
      c.close();
    }
  });
});
