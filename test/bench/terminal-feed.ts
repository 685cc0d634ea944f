// The terminal benchmark's synthetic feed on loopback: the built web app's files, the REST reads the stream layer
// starts from (GET /api/v3/depth, trades, klines, ticker/24hr) and /ws speaking the real protocol
// (server/contract/ws.ts: ping → pong, subscribe/unsubscribe → ack, events with a per-connection, per-topic seq that
// restarts at 1 after each subscribe), driven at a fixed rate of depth diffs and trades spread round-robin over the
// markets, with the live bar every 100 ms and tickers every second per market (as server/market/publisher.ts).
//
// The perpetuals' venue (`venue: 'perp'`) serves the same markets as perpetuals, as the server does: the topics
// perpDepth@, perpTrade@, perpKline@ (the live bar every 100 ms), perpTicker@ and perpMarkKline@ (the bar of marks at
// each mark), REST on /fapi/v1 (with markPriceKlines and openInterest), and the contract data (terminal-contract.ts):
// `markPrice@X` and `funding@X` of every market at a fixed rate each, GET /app/contract/markets and
// /app/contract/positions (enveloped; the positions only with the session's ticket header), and the socket's auth
// (a right ticket is acknowledged, a wrong one refused as the server does) before the private topics
// (contractPositions, contractAccount, contractOrders, contractConditionals: subscribed, quiet).
// The seconds contracts (`seconds`, terminal-seconds.ts) add the duration table, each market's price record (an entry
// a second on `priceRecord@X`, GET /app/priceRecord/head), the user's holding contracts (GET /app/seconds/pending,
// holding, history; each settlement and its replacement on `secondsContracts`) and the balances read
// (GET /app/assets/balances, the seconds account funded).
// It closes itself after `lifetimeMs`.
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { isContractPrivateTopic, KLINE_INTERVALS, SECONDS_PATHS, SECONDS_TOPIC, SUCCESS, TICKET_HEADER, WS_BATCH_PARAM, WS_PATH, type KlineInterval, type MarketVenue } from '../../server/contract/index.ts';
import { SyntheticPerps } from './terminal-contract.ts';
import { SyntheticSeconds } from './terminal-seconds.ts';
import { BENCH_MARKETS, INTERVAL_MS, SyntheticMarket, type MarketSpec } from './terminal-market.ts';

/** The session ticket the bench page signs its socket and REST reads with. */
export const BENCH_TICKET = 'bench-ticket-0123456789';

export interface FeedOptions {
  /** The built web app (with bench.html). */
  distDir: string;
  depthPerSec?: number;
  tradesPerSec?: number;
  markets?: readonly MarketSpec[];
  /** The spot markets (default), or the same markets as perpetuals with the contract data. */
  venue?: MarketVenue;
  /** Perpetuals only: markets in all, each with an open position (the first ones are `markets`, with a book). */
  positions?: number;
  /** Perpetuals only: marks per second of each market. */
  marksPerSec?: number;
  /** Seconds contracts: this many holding at all times, their deliveries spread over `spreadMs` (spot venue). */
  seconds?: { holding: number; spreadMs: number };
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
  /** Perpetuals: marks generated (a `markPrice@` and a `funding@` event each) and mark bars. */
  mark: number;
  markKline: number;
  /** Frames written to sockets (events to every subscriber, acks, pongs). */
  frames: number;
  /** WebSocket messages they went out in (a batching client's tick in one). */
  messages: number;
  /** REST depth snapshots served: after the first per market, each one is a client resync. */
  snapshots: number;
  /** Sockets cut off for reading too slowly. */
  dropped: number;
}

export interface Feed {
  readonly url: string;
  /** The markets with a book. */
  readonly symbols: readonly string[];
  /** Perpetuals: every market with a position. */
  readonly positions: readonly string[];
  counts(): FeedCounts;
  close(): Promise<void>;
}

/** The part of ws's WebSocket used here (@types/ws is not installed). */
interface Socket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** ws's TCP socket: a pump tick's frames go out in one write (cork … uncork), as a busy server's would. */
  readonly _socket?: { cork(): void; uncork(): void };
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (raw: Buffer) => void): void;
  on(event: 'close', listener: () => void): void;
}

interface Client {
  readonly socket: Socket;
  /** Topic → last seq sent. */
  readonly seqs: Map<string, number>;
  /** Opened with ?batch=1 (server/contract/ws.ts WS_BATCH_PARAM): a pump tick's frames go in one message, as a server turn's. */
  readonly batching: boolean;
  /** The frames of this tick, not written yet. */
  queued: string[];
}

const OPEN = 1;
const MAX_BUFFERED = 16 * 1024 * 1024;
const TICK_MS = 5;

/** Each venue's topic names and REST prefix (server/contract/ws.ts). */
const VENUES = {
  spot: { rest: '/api/v3', depth: 'depth@', trade: 'trade@', kline: 'kline@', ticker: 'ticker@', tickers: 'tickers' },
  perp: { rest: '/fapi/v1', depth: 'perpDepth@', trade: 'perpTrade@', kline: 'perpKline@', ticker: 'perpTicker@', tickers: 'perpTickers' },
} as const;

export async function startTerminalFeed(o: FeedOptions): Promise<Feed> {
  const depthPerSec = o.depthPerSec ?? 2_000;
  const tradesPerSec = o.tradesPerSec ?? 200;
  const venue = o.venue ?? 'spot';
  const names = VENUES[venue];
  const specs = o.markets ?? BENCH_MARKETS;
  const start = Date.now();
  const markets = specs.map((spec, i) => new SyntheticMarket(spec, (o.seed ?? 7) + i, start));
  const bySymbol = new Map(markets.map((m) => [m.symbol, m]));
  const perps = venue === 'perp' ? new SyntheticPerps(markets, Math.max(markets.length, o.positions ?? 200), (o.seed ?? 7) + 1_000, start) : null;
  const marksPerSec = (o.marksPerSec ?? 10) * (perps?.symbols.length ?? 0);
  const seconds = o.seconds ? new SyntheticSeconds(markets, o.seconds.holding, (o.seed ?? 7) + 2_000) : null;
  if (seconds && o.seconds) {
    await seconds.record(start);
    seconds.fill(start, o.seconds.spreadMs);
  }
  const counts: FeedCounts = { depth: 0, trade: 0, kline: 0, ticker: 0, mark: 0, markKline: 0, frames: 0, messages: 0, snapshots: 0, dropped: 0 };
  const clients = new Set<Client>();
  const topics = new Map<string, Set<Client>>();

  const deliver = (c: Client, text: string) => {
    if (c.socket.readyState !== OPEN) return;
    if (c.socket.bufferedAmount > MAX_BUFFERED) {
      counts.dropped += 1;
      return c.socket.close(1013, 'too slow');
    }
    c.socket.send(text);
    counts.messages += 1;
  };
  const write = (c: Client, text: string) => {
    if (c.socket.readyState !== OPEN) return;
    counts.frames += 1;
    if (c.batching) c.queued.push(text);
    else deliver(c, text);
  };
  /** A batching client's queued frames in one message (ws.ts: an array, or the frame alone). */
  const flush = (c: Client) => {
    const q = c.queued;
    if (q.length === 0) return;
    c.queued = [];
    deliver(c, q.length === 1 ? q[0]! : `[${q.join(',')}]`);
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
  const invalid = { code: -1121, msg: 'Invalid symbol.' };
  const rest = names.rest;
  app.get(`${rest}/ping`, async () => ({}));
  app.get<{ Querystring: Query }>(`${rest}/depth`, async (req, reply) => {
    const m = market(req.query.symbol);
    if (!m) return reply.code(400).send(invalid);
    counts.snapshots += 1;
    return m.snapshot(limitOf(req.query.limit, 100));
  });
  app.get<{ Querystring: Query }>(`${rest}/trades`, async (req, reply) => {
    const m = market(req.query.symbol);
    return m ? m.recentTrades(limitOf(req.query.limit, 500)) : reply.code(400).send(invalid);
  });
  app.get<{ Querystring: Query }>(`${rest}/klines`, async (req, reply) => {
    const m = market(req.query.symbol);
    const interval = req.query.interval as KlineInterval | undefined;
    if (!m || !interval || !KLINE_INTERVALS.includes(interval)) return reply.code(400).send({ code: -1121, msg: 'Invalid symbol or interval.' });
    return m.klines(interval, limitOf(req.query.limit, 500), Date.now());
  });
  // /fapi/v1/ticker/24hr has no best bid and ask (server/contract/ws.ts); the topic's tickers do.
  const restTicker = (m: SyntheticMarket) => {
    const t = m.ticker(Date.now());
    if (venue === 'spot') return t;
    const { bidPrice: _b, bidQty: _bq, askPrice: _a, askQty: _aq, ...rest } = t;
    return rest;
  };
  app.get<{ Querystring: Query }>(`${rest}/ticker/24hr`, async (req, reply) => {
    if (req.query.symbol === undefined) return markets.map(restTicker);
    const m = market(req.query.symbol);
    return m ? restTicker(m) : reply.code(400).send(invalid);
  });
  // Both venues' books hand prices at the spot market's tick (market-filters.ts).
  app.get<{ Querystring: Query }>('/api/v3/exchangeInfo', async (req) => ({
    symbols: markets.filter((m) => req.query.symbol === undefined || m.symbol === req.query.symbol).map((m) => m.exchangeInfo()),
  }));
  if (perps) registerContractRoutes(app, perps, limitOf);
  if (seconds) registerSecondsRoutes(app, seconds);

  app.get(WS_PATH, { websocket: true }, (socket: Socket, req: { url: string }) => {
    const client: Client = { socket, seqs: new Map(), batching: new URL(req.url, 'http://feed').searchParams.get(WS_BATCH_PARAM) === '1', queued: [] };
    let signedIn = false;
    clients.add(client);
    // A reply ends the turn that made it: out at once, after any frame queued before it.
    const send = (frame: unknown) => {
      write(client, JSON.stringify(frame));
      flush(client);
    };
    const leave = (topic: string) => {
      client.seqs.delete(topic);
      topics.get(topic)?.delete(client);
    };
    socket.on('close', () => {
      clients.delete(client);
      for (const topic of [...client.seqs.keys()]) leave(topic);
    });
    socket.on('message', (raw) => {
      let frame: { op?: unknown; id?: unknown; topics?: unknown; ticket?: unknown };
      try {
        frame = JSON.parse(raw.toString('utf8')) as typeof frame;
      } catch {
        return send({ op: 'error', code: 'request.invalid', msg: 'unreadable frame' });
      }
      const id = typeof frame.id === 'number' ? frame.id : undefined;
      const asked = Array.isArray(frame.topics) ? frame.topics.filter((t): t is string => typeof t === 'string') : [];
      switch (frame.op) {
        case 'ping':
          return send({ op: 'pong', ...(id === undefined ? {} : { id }), time: Date.now() });
        case 'auth':
          // As ws-hub.ts's signIn: the session's ticket signs the socket in; any other is refused.
          if ((perps === null && seconds === null) || frame.ticket !== BENCH_TICKET) return send({ op: 'error', id, code: 'login.session.expired', msg: 'Session expired' });
          signedIn = true;
          return send({ op: 'ack', id });
        case 'subscribe':
          // All or nothing, as the server: a private topic needs a signed-in socket.
          if (asked.some((t) => (isContractPrivateTopic(t) || t === SECONDS_TOPIC) && !signedIn)) return send({ op: 'error', id, code: 'login.user.not.login', msg: 'Not logged in' });
          for (const topic of asked) {
            client.seqs.set(topic, 0);
            let members = topics.get(topic);
            if (!members) topics.set(topic, (members = new Set()));
            members.add(client);
          }
          return send({ op: 'ack', id });
        case 'unsubscribe':
          for (const topic of asked) leave(topic);
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
    for (const c of clients) c.socket._socket?.cork();
    const depthDue = Math.floor((elapsed * depthPerSec) / 1000);
    while (counts.depth < depthDue) {
      const m = markets[counts.depth % markets.length]!;
      emit(names.depth + m.symbol, m.depthDiff(now));
      counts.depth += 1;
    }
    const tradesDue = Math.floor((elapsed * tradesPerSec) / 1000);
    while (counts.trade < tradesDue) {
      const m = markets[counts.trade % markets.length]!;
      emit(names.trade + m.symbol, m.trade(now));
      counts.trade += 1;
      traded.add(m);
    }
    if (perps) {
      const marksDue = Math.floor((elapsed * marksPerSec) / 1000);
      while (counts.mark < marksDue) {
        const { symbol, mark, funding } = perps.tick(counts.mark, now);
        emit(`markPrice@${symbol}`, mark);
        emit(`funding@${symbol}`, funding);
        counts.mark += 1;
        const bar = bySymbol.has(symbol) ? perps.markKline(symbol, now) : null;
        if (bar) {
          emit(`perpMarkKline@${symbol}@1m`, bar);
          counts.markKline += 1;
        }
      }
    }
    // Live bars every 100 ms for markets that traded (both venues: publisher.ts, perp-market-stream.ts), tickers every second.
    const rounds = Math.floor(elapsed / 100);
    if (rounds > round) {
      round = rounds;
      for (const m of traded) {
        emit(`${names.kline}${m.symbol}@1m`, m.kline(now));
        counts.kline += 1;
      }
      traded.clear();
      if (round % 10 === 0) {
        for (const m of markets) {
          const t = m.ticker(now);
          emit(names.ticker + m.symbol, t);
          counts.ticker += 1;
        }
        emit(names.tickers, markets.map((m) => m.ticker(now)));
      }
    }
    for (const c of clients) {
      flush(c);
      c.socket._socket?.uncork();
    }
  }, TICK_MS);

  // The seconds record's entry each second, then the deliveries it settles (and the contracts opened in their place).
  const secondsTimer = seconds
    ? setInterval(() => {
        const now = Date.now();
        void seconds.record(now).then((entries) => {
          for (const c of clients) c.socket._socket?.cork();
          for (const e of entries) emit(`priceRecord@${e.market}`, e);
          for (const changed of seconds.settleDue(now, o.seconds!.spreadMs)) emit(SECONDS_TOPIC, changed);
          for (const c of clients) {
            flush(c);
            c.socket._socket?.uncork();
          }
        });
      }, 1_000)
    : null;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      if (secondsTimer) clearInterval(secondsTimer);
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
    positions: perps?.symbols ?? [],
    counts: () => ({ ...counts }),
    close,
  };
}

/** The contract's REST reads the page starts from: /app/* enveloped as the gateway does ({code, msg, data}). */
function registerContractRoutes(app: FastifyInstance, perps: SyntheticPerps, limitOf: (v: unknown, fallback: number) => number): void {
  type Query = Record<string, string | undefined>;
  const ok = (data: unknown) => ({ code: SUCCESS, msg: 'Success', data });
  app.get('/app/contract/markets', async () => ok({ list: perps.markets(Date.now()) }));
  // A session call: without the session's ticket, the server's not-logged-in reply (HTTP 200, server/gateway/status.ts).
  app.get('/app/contract/positions', async (req) =>
    req.headers[TICKET_HEADER] === BENCH_TICKET ? ok(perps.positions(Date.now())) : { code: 'login.user.not.login', msg: 'Not logged in', data: null },
  );
  app.get<{ Querystring: Query }>('/fapi/v1/markPriceKlines', async (req, reply) => {
    const interval = req.query.interval as KlineInterval | undefined;
    if (typeof req.query.symbol !== 'string' || !perps.has(req.query.symbol) || !interval || !KLINE_INTERVALS.includes(interval)) {
      return reply.code(400).send({ code: -1121, msg: 'Invalid symbol or interval.' });
    }
    return perps.markKlines(req.query.symbol, INTERVAL_MS[interval], limitOf(req.query.limit, 500), Date.now());
  });
  app.get<{ Querystring: Query }>('/fapi/v1/openInterest', async (req, reply) => {
    const oi = typeof req.query.symbol === 'string' ? perps.openInterest(req.query.symbol, Date.now()) : null;
    return oi ?? reply.code(400).send({ code: -1121, msg: 'Invalid symbol.' });
  });
}

/** The seconds screen's REST reads: /app/* enveloped as the gateway does; the session's reads only with its ticket. */
function registerSecondsRoutes(app: FastifyInstance, seconds: SyntheticSeconds): void {
  type Query = Record<string, string | undefined>;
  const ok = (data: unknown) => ({ code: SUCCESS, msg: 'Success', data });
  const notLoggedIn = { code: 'login.user.not.login', msg: 'Not logged in', data: null };
  const session = (req: { headers: Record<string, unknown> }, data: () => unknown) => (req.headers[TICKET_HEADER] === BENCH_TICKET ? ok(data()) : notLoggedIn);
  app.get(SECONDS_PATHS.config, async () => ok({ list: seconds.config() }));
  app.get<{ Querystring: Query }>(SECONDS_PATHS.priceRecordHead, async (req) => ok({ list: seconds.heads(req.query.market) }));
  app.get(SECONDS_PATHS.pending, async (req) => session(req, () => ({ list: [] })));
  app.get(SECONDS_PATHS.holding, async (req) => session(req, () => ({ list: seconds.holdingList() })));
  app.get(SECONDS_PATHS.history, async (req) => session(req, () => ({ list: seconds.historyList() })));
  app.get('/app/assets/balances', async (req) =>
    session(req, () => ({
      accounts: [{ account: 'seconds', totalUsdt: '1000000', balances: [{ asset: 'USDT', available: '1000000', frozen: '0', total: '1000000', valueUsdt: '1000000' }] }],
      totalUsdt: '1000000',
      unpriced: [],
    })),
  );
}
