// The terminal benchmark's synthetic feed on loopback: the built web app's files, the REST reads the stream layer
// starts from (GET /api/v3/depth, trades, klines, ticker/24hr) and /ws speaking the real protocol
// (server/contract/ws.ts: ping → pong, subscribe/unsubscribe → ack, events with a per-connection, per-topic seq that
// restarts at 1 after each subscribe), driven at a fixed rate of depth diffs and trades spread round-robin over the
// markets, with the live bar every 100 ms and tickers every second per market (as server/market/publisher.ts).
// It closes itself after `lifetimeMs`.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { KLINE_INTERVALS, WS_PATH, type KlineInterval } from '../../server/contract/ws.ts';
import { BENCH_MARKETS, SyntheticMarket, type MarketSpec } from './terminal-market.ts';

export interface FeedOptions {
  /** The built web app (with bench.html). */
  distDir: string;
  depthPerSec?: number;
  tradesPerSec?: number;
  markets?: readonly MarketSpec[];
  /** The feed stops by itself after this long. */
  lifetimeMs: number;
  seed?: number;
}

export interface FeedCounts {
  /** Events generated, per kind. */
  depth: number;
  trade: number;
  kline: number;
  ticker: number;
  /** Frames written to sockets (events to every subscriber, acks, pongs). */
  frames: number;
  /** REST depth snapshots served: after the first per market, each one is a client resync. */
  snapshots: number;
  /** Sockets cut off for reading too slowly. */
  dropped: number;
}

export interface Feed {
  readonly url: string;
  readonly symbols: readonly string[];
  counts(): FeedCounts;
  close(): Promise<void>;
}

/** The part of ws's WebSocket used here (@types/ws is not installed). */
interface Socket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (raw: Buffer) => void): void;
  on(event: 'close', listener: () => void): void;
}

interface Client {
  readonly socket: Socket;
  /** Topic → last seq sent. */
  readonly seqs: Map<string, number>;
}

const OPEN = 1;
const MAX_BUFFERED = 16 * 1024 * 1024;
const TICK_MS = 5;

export async function startTerminalFeed(o: FeedOptions): Promise<Feed> {
  const depthPerSec = o.depthPerSec ?? 2_000;
  const tradesPerSec = o.tradesPerSec ?? 200;
  const specs = o.markets ?? BENCH_MARKETS;
  const start = Date.now();
  const markets = specs.map((spec, i) => new SyntheticMarket(spec, (o.seed ?? 7) + i, start));
  const bySymbol = new Map(markets.map((m) => [m.symbol, m]));
  const counts: FeedCounts = { depth: 0, trade: 0, kline: 0, ticker: 0, frames: 0, snapshots: 0, dropped: 0 };
  const clients = new Set<Client>();
  const topics = new Map<string, Set<Client>>();

  const write = (c: Client, text: string) => {
    if (c.socket.readyState !== OPEN) return;
    if (c.socket.bufferedAmount > MAX_BUFFERED) {
      counts.dropped += 1;
      return c.socket.close(1013, 'too slow');
    }
    c.socket.send(text);
    counts.frames += 1;
  };
  const emit = (topic: string, data: unknown) => {
    const members = topics.get(topic);
    if (!members || members.size === 0) return;
    const head = `{"op":"event","topic":${JSON.stringify(topic)},"seq":`;
    const tail = `,"data":${JSON.stringify(data)}}`;
    for (const c of members) {
      const seq = (c.seqs.get(topic) ?? 0) + 1;
      c.seqs.set(topic, seq);
      write(c, head + seq + tail);
    }
  };

  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifyStatic, { root: o.distDir, cacheControl: false });

  const market = (symbol: unknown) => (typeof symbol === 'string' ? bySymbol.get(symbol) : undefined);
  const limitOf = (v: unknown, fallback: number) => Math.max(1, Math.min(1_000, Number(v) || fallback));
  type Query = Record<string, string | undefined>;
  app.get('/api/v3/ping', async () => ({}));
  app.get<{ Querystring: Query }>('/api/v3/depth', async (req, reply) => {
    const m = market(req.query.symbol);
    if (!m) return reply.code(400).send({ code: -1121, msg: 'Invalid symbol.' });
    counts.snapshots += 1;
    return m.snapshot(limitOf(req.query.limit, 100));
  });
  app.get<{ Querystring: Query }>('/api/v3/trades', async (req, reply) => {
    const m = market(req.query.symbol);
    return m ? m.recentTrades(limitOf(req.query.limit, 500)) : reply.code(400).send({ code: -1121, msg: 'Invalid symbol.' });
  });
  app.get<{ Querystring: Query }>('/api/v3/klines', async (req, reply) => {
    const m = market(req.query.symbol);
    const interval = req.query.interval as KlineInterval | undefined;
    if (!m || !interval || !KLINE_INTERVALS.includes(interval)) return reply.code(400).send({ code: -1121, msg: 'Invalid symbol or interval.' });
    return m.klines(interval, limitOf(req.query.limit, 500), Date.now());
  });
  app.get<{ Querystring: Query }>('/api/v3/ticker/24hr', async (req, reply) => {
    if (req.query.symbol === undefined) return markets.map((m) => m.ticker(Date.now()));
    const m = market(req.query.symbol);
    return m ? m.ticker(Date.now()) : reply.code(400).send({ code: -1121, msg: 'Invalid symbol.' });
  });

  app.get(WS_PATH, { websocket: true }, (socket: Socket) => {
    const client: Client = { socket, seqs: new Map() };
    clients.add(client);
    const send = (frame: unknown) => write(client, JSON.stringify(frame));
    const leave = (topic: string) => {
      client.seqs.delete(topic);
      topics.get(topic)?.delete(client);
    };
    socket.on('close', () => {
      clients.delete(client);
      for (const topic of [...client.seqs.keys()]) leave(topic);
    });
    socket.on('message', (raw) => {
      let frame: { op?: unknown; id?: unknown; topics?: unknown };
      try {
        frame = JSON.parse(raw.toString('utf8')) as typeof frame;
      } catch {
        return send({ op: 'error', code: 'request.invalid', msg: 'unreadable frame' });
      }
      const id = typeof frame.id === 'number' ? frame.id : undefined;
      const names = Array.isArray(frame.topics) ? frame.topics.filter((t): t is string => typeof t === 'string') : [];
      switch (frame.op) {
        case 'ping':
          return send({ op: 'pong', ...(id === undefined ? {} : { id }), time: Date.now() });
        case 'subscribe':
          for (const topic of names) {
            client.seqs.set(topic, 0);
            let members = topics.get(topic);
            if (!members) topics.set(topic, (members = new Set()));
            members.add(client);
          }
          return send({ op: 'ack', id });
        case 'unsubscribe':
          for (const topic of names) leave(topic);
          return send({ op: 'ack', id });
        default:
          return send({ op: 'error', ...(id === undefined ? {} : { id }), code: 'request.invalid', msg: 'not served by the bench feed' });
      }
    });
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('feed has no port');

  // The schedule is by elapsed time, so a late timer catches up and the rate holds on average.
  const t0 = performance.now();
  let round = 0;
  const traded = new Set<SyntheticMarket>();
  const pump = setInterval(() => {
    const elapsed = performance.now() - t0;
    const now = Date.now();
    const depthDue = Math.floor((elapsed * depthPerSec) / 1000);
    while (counts.depth < depthDue) {
      const m = markets[counts.depth % markets.length]!;
      emit(`depth@${m.symbol}`, m.depthDiff(now));
      counts.depth += 1;
    }
    const tradesDue = Math.floor((elapsed * tradesPerSec) / 1000);
    while (counts.trade < tradesDue) {
      const m = markets[counts.trade % markets.length]!;
      emit(`trade@${m.symbol}`, m.trade(now));
      traded.add(m);
      counts.trade += 1;
    }
    // Live bars every 100 ms for markets that traded, tickers every second.
    const rounds = Math.floor(elapsed / 100);
    if (rounds > round) {
      round = rounds;
      for (const m of traded) {
        emit(`kline@${m.symbol}@1m`, m.kline(now));
        counts.kline += 1;
      }
      traded.clear();
      if (round % 10 === 0) {
        for (const m of markets) {
          const t = m.ticker(now);
          emit(`ticker@${m.symbol}`, t);
          counts.ticker += 1;
        }
        emit('tickers', markets.map((m) => m.ticker(now)));
      }
    }
  }, TICK_MS);

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      clearInterval(pump);
      clearTimeout(stop);
      for (const c of clients) c.socket.close(1001, 'feed closed');
      await app.close();
    })();
    return closing;
  };
  const stop = setTimeout(() => void close(), o.lifetimeMs);

  return {
    url: `http://127.0.0.1:${address.port}`,
    symbols: markets.map((m) => m.symbol),
    counts: () => ({ ...counts }),
    close,
  };
}
