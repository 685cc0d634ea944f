// Binance USDⓈ-M futures WebSocket streams (Binance's wss://fstream.binance.com), under the prefix /fstream: point a
// bot's futures WebSocket base URL at ws://HOST/fstream (ccxt: `ex.urls.api.ws.future = 'ws://HOST/fstream/ws'`),
// as the REST base URL at http://HOST (README.md). Paths, as on Binance:
//
// - /fstream/ws/<stream>             one raw stream (payloads as they are); /fstream/ws/<a>/<b> several, raw
// - /fstream/ws                      no stream yet: SUBSCRIBE to some
// - /fstream/stream?streams=<a>/<b>  combined: every message {"stream": <name>, "data": <payload>}
// - /fstream/ws/<listenKey>          the account's user data (listen key from POST /fapi/v1/listenKey)
// - the same under /fstream/public, /fstream/market and /fstream/private (Binance's newer split, which ccxt uses:
//   any stream is served on any of them), and /fstream/private/ws?listenKey=<listenKey>
//
// Messages from the client: {"method": "SUBSCRIBE" | "UNSUBSCRIBE", "params": [names], "id": n} → {"result": null,
// "id": n}; {"method": "LIST_SUBSCRIPTIONS", "id": n} → {"result": [names], "id": n}; SET_PROPERTY / GET_PROPERTY of
// "combined". Errors as Binance's: {"error": {"code": 2, "msg": "Invalid request: invalid stream"}, "id": n} for a
// stream name that is not one (a listen key that is not live included: nothing subscribed then); code 3 for a frame
// that is not JSON; code 2 for a bad id, method or params. A name in the URL that is not a stream is left out, the
// connection accepted, as Binance does (ccxt.pro appends a number, /ws/0, to tell its connections apart); a listen
// key in the URL that is not live refuses the upgrade with HTTP 400 {"code": -1125, "msg": "This listenKey does not
// exist."}, so a bot knows to make a new one.
//
// Streams: fstream-market.ts (markPrice, !markPrice@arr, aggTrade, kline_<interval>, bookTicker, depth<N>, depth)
// and fstream-user.ts (ORDER_TRADE_UPDATE, ACCOUNT_UPDATE, MARGIN_CALL); when a listen key expires or is deleted its
// subscribers get {"e": "listenKeyExpired", "E": time, "listenKey": key}, the stream stops, and a connection opened on
// that key alone is closed (a client makes a new key and reconnects, as on Binance).
//
// Connections, as Binance's and with the app WebSocket's protections (routes/ws.ts): a ping frame every 3 minutes, and
// a connection that has answered none (nor sent anything) for 10 minutes is dropped; at most 10 messages a second
// from a client (more closes it, code 1008) and 1024 streams; frames over the app's limit (64 KiB) close it (the ws
// library, logged once, counted); a reader more than MAX_BUFFERED behind is destroyed at once (counted as
// wsSlowDropped); a connection lives at most 24 hours. Each payload is serialised once per stream, whatever the
// number of subscribers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/index.ts';
import { MAX_BUFFERED } from '../routes/ws.ts';
import { gatewayCounters } from '../status.ts';
import type { Trading } from '../trading.ts';
import { LISTEN_KEY_FORMAT, listenKeysOf, type ListenKey, type ListenKeys } from './fstream-keys.ts';
import { MarketStreams, parseMarketStream, type MarketStream, type Source } from './fstream-market.ts';
import { UserFeed } from './fstream-user.ts';

export const FSTREAM_PREFIX = '/fstream';
export const PING_MS = 3 * 60_000;
export const PONG_TIMEOUT_MS = 10 * 60_000;
export const MAX_CONNECTION_MS = 24 * 3_600_000;
export const MAX_STREAMS = 1024;
export const MAX_MESSAGES_PER_SECOND = 10;
const CLOSE_POLICY = 1008;
const CLOSE_NORMAL = 1000;
/** How long a peer has to answer our close before its socket is destroyed. */
const CLOSE_GRACE_MS = 1_000;
const OPEN = 1;
const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY'] as const;
type Method = (typeof METHODS)[number];

/** What a stream name stands for: a market stream, or an account's user data by its listen key. */
type Stream = { readonly kind: 'market'; readonly stream: MarketStream } | { readonly kind: 'user'; readonly key: ListenKey };

type RawFrame = Buffer | ArrayBuffer | Buffer[];

/** The part of ws's WebSocket used here (@types/ws is not installed). */
interface Socket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (raw: RawFrame, isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

export interface FstreamOptions {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  readonly pingMs?: number | undefined;
  readonly pongTimeoutMs?: number | undefined;
  readonly maxConnectionMs?: number | undefined;
  readonly maxStreams?: number | undefined;
  readonly maxMessagesPerSecond?: number | undefined;
}

/** One connection. */
interface Conn {
  combined: boolean;
  /** The listen key the URL named, if any: the connection closes when it ends and nothing else is left. */
  readonly urlKey: string | null;
  readonly streams: Set<string>;
  send(text: string): void;
  close(code: number, reason: string): void;
}

interface Group {
  readonly name: string;
  readonly members: Set<Conn>;
  readonly source: Source;
}

/** The WebSocket side: its connections' streams, each fed once. */
export class Fstream {
  readonly keys: ListenKeys;
  private readonly o: FstreamOptions;
  private readonly market: MarketStreams;
  private readonly groups = new Map<string, Group>();
  private readonly conns = new Set<Conn>();
  private readonly stopKeys: () => void;
  private closed = false;
  private readonly log: (error: unknown, what: string) => void;

  constructor(o: FstreamOptions, keys: ListenKeys, log: (error: unknown, what: string) => void) {
    this.o = o;
    this.keys = keys;
    this.log = log;
    this.market = new MarketStreams({ trading: o.trading, store: o.store, clock: o.clock, onError: log });
    this.stopKeys = keys.onEnd((key) => this.keyEnded(key));
  }

  /** Open connections (for tests and status). */
  get connections(): number {
    return this.conns.size;
  }

  /** A stream name → what it streams; null when it names none (a listen key that is not live included). */
  parse(name: string): Stream | null {
    if (LISTEN_KEY_FORMAT.test(name)) {
      const key = this.keys.find(name);
      return key === undefined ? null : { kind: 'user', key };
    }
    const stream = parseMarketStream(name, (lower) => this.market.symbolOf(lower));
    return stream === null ? null : { kind: 'market', stream };
  }

  add(conn: Conn): void {
    this.conns.add(conn);
  }

  /** Subscribes `conn` to every stream (already parsed); settles once each has read its first state. */
  async join(conn: Conn, streams: ReadonlyArray<[string, Stream]>): Promise<void> {
    const ready: Promise<void>[] = [];
    for (const [name, stream] of streams) {
      if (this.closed || !this.conns.has(conn)) return;
      let group = this.groups.get(name);
      if (group === undefined) {
        const emit = (payload: unknown) => this.emit(name, payload);
        const source: Source =
          stream.kind === 'market'
            ? this.market.open(stream.stream, emit)
            : this.userSource(stream.key, emit);
        group = { name, members: new Set(), source };
        this.groups.set(name, group);
      }
      group.members.add(conn);
      conn.streams.add(name);
      ready.push(group.source.ready);
    }
    await Promise.all(ready);
  }

  leave(conn: Conn, name: string): void {
    conn.streams.delete(name);
    const group = this.groups.get(name);
    if (group === undefined) return;
    group.members.delete(conn);
    if (group.members.size === 0) {
      group.source.stop();
      this.groups.delete(name);
    }
  }

  drop(conn: Conn): void {
    for (const name of [...conn.streams]) this.leave(conn, name);
    this.conns.delete(conn);
  }

  close(): void {
    this.closed = true;
    this.stopKeys();
    for (const g of this.groups.values()) g.source.stop();
    this.groups.clear();
    this.market.close();
    for (const c of [...this.conns]) c.close(CLOSE_NORMAL, 'server shutting down');
    this.conns.clear();
  }

  private userSource(key: ListenKey, emit: (payload: unknown) => void): Source {
    const feed = new UserFeed({ trading: this.o.trading, store: this.o.store, clock: this.o.clock, user: key.user, emit, onError: this.log });
    return { ready: feed.ready, stop: () => feed.stop() };
  }

  /** A payload to every member: serialised once, wrapped once for the combined ones. */
  private emit(name: string, payload: unknown): void {
    const group = this.groups.get(name);
    if (group === undefined) return;
    const raw = JSON.stringify(payload);
    let wrapped: string | null = null;
    for (const c of group.members) {
      if (c.combined) c.send((wrapped ??= `{"stream":${JSON.stringify(name)},"data":${raw}}`));
      else c.send(raw);
    }
  }

  private keyEnded(key: ListenKey): void {
    const group = this.groups.get(key.key);
    if (group === undefined) return;
    this.emit(key.key, { e: 'listenKeyExpired', E: this.o.clock(), listenKey: key.key });
    for (const c of [...group.members]) {
      this.leave(c, key.key);
      if (c.urlKey === key.key && c.streams.size === 0) c.close(CLOSE_NORMAL, 'listenKey expired');
    }
  }
}

// ---- the routes -----------------------------------------------------------------------------------------------

/** What a connection's URL asks for, read before the upgrade. */
interface Setup {
  readonly combined: boolean;
  readonly urlKey: string | null;
  readonly streams: Array<[string, Stream]>;
}

const binanceError = (code: number, msg: string) => ({ code, msg });
const INVALID_STREAM = 'Invalid request: invalid stream';

function decode(raw: RawFrame, isBinary: boolean): string | null {
  if (isBinary) return null;
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}

/** A path segment as text; a malformed escape is kept as sent (it names no stream either way). */
function decodeName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Binance's request ids: unsigned integers. */
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isNames = (value: unknown): value is string[] => Array.isArray(value) && value.every((x) => typeof x === 'string');

/**
 * Registers the /fstream routes on `app` (before it listens) and answers the WebSocket side; it closes with the app.
 * The listen keys are the app's (fstream-keys.ts), which the REST routes of binance/index.ts make.
 */
export function fstreamRoutes(app: FastifyInstance, o: FstreamOptions): Fstream {
  const keys = listenKeysOf(app, o.clock);
  const fstream = new Fstream(o, keys, (error, what) => app.log.error({ err: error }, `fstream ${what} failed`));
  app.addHook('onClose', async () => fstream.close());
  const counters = gatewayCounters(app);
  const pingMs = o.pingMs ?? PING_MS;
  const pongTimeoutMs = o.pongTimeoutMs ?? PONG_TIMEOUT_MS;
  const maxConnectionMs = o.maxConnectionMs ?? MAX_CONNECTION_MS;
  const maxStreams = o.maxStreams ?? MAX_STREAMS;
  const maxMessages = o.maxMessagesPerSecond ?? MAX_MESSAGES_PER_SECOND;
  const setups = new WeakMap<FastifyRequest, Setup>();

  /** The streams a URL names (names that are none left out); a reply refusing the upgrade for a dead listen key. */
  const setupOf = (request: FastifyRequest, combined: boolean): Setup | { status: number; body: { code: number; msg: string } } => {
    const url = new URL(request.url, 'http://localhost');
    const names: string[] = [];
    let urlKey: string | null = null;
    if (combined) {
      const list = url.searchParams.get('streams');
      if (list !== null && list !== '') names.push(...list.split('/'));
    } else {
      const at = url.pathname.indexOf('/ws/');
      if (at >= 0) names.push(...url.pathname.slice(at + 4).split('/').filter((n) => n !== '').map(decodeName));
    }
    const queryKey = url.searchParams.get('listenKey');
    if (queryKey !== null) names.push(queryKey);
    if (names.length > maxStreams) return { status: 400, body: binanceError(2, 'Invalid request: too many streams') };
    const streams: Array<[string, Stream]> = [];
    for (const name of names) {
      if (LISTEN_KEY_FORMAT.test(name)) {
        const key = keys.find(name);
        if (key === undefined) return { status: 400, body: binanceError(-1125, 'This listenKey does not exist.') };
        urlKey = name;
        if (!streams.some(([n]) => n === name)) streams.push([name, { kind: 'user', key }]);
        continue;
      }
      const stream = fstream.parse(name);
      if (stream !== null && !streams.some(([n]) => n === name)) streams.push([name, stream]);
    }
    return { combined, urlKey, streams };
  };

  const preValidation = (combined: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    const setup = setupOf(request, combined);
    if ('status' in setup) return reply.code(setup.status).send(setup.body);
    setups.set(request, setup);
  };

  const handler = (socket: Socket, request: FastifyRequest) => {
    const setup = setups.get(request) ?? { combined: false, urlKey: null, streams: [] };
    let open = true;
    const closeWith = (code: number, reason: string) => {
      if (socket.readyState !== OPEN) return;
      socket.close(code, reason);
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    };
    const conn: Conn = {
      combined: setup.combined,
      urlKey: setup.urlKey,
      streams: new Set(),
      send: (text) => {
        if (!open || socket.readyState !== OPEN) return;
        if (socket.bufferedAmount > MAX_BUFFERED) {
          // Too far behind: destroyed with its buffers, not asked to close behind the same backlog (routes/ws.ts).
          open = false;
          counters.wsSlowDropped++;
          socket.terminate();
          return;
        }
        socket.send(text);
      },
      close: closeWith,
    };
    fstream.add(conn);
    const reply = (body: Record<string, unknown>) => conn.send(JSON.stringify(body));
    const fail = (code: number, msg: string, id: number | null) => reply({ error: { code, msg }, id });

    // Binance's keepalive: a ping frame every pingMs; silent for pongTimeoutMs (no pong, no message) is dropped.
    let heard = performance.now();
    const pinger = setInterval(() => {
      if (performance.now() - heard >= pongTimeoutMs) {
        open = false;
        socket.terminate();
        return;
      }
      if (socket.readyState === OPEN) socket.ping();
    }, pingMs);
    pinger.unref();
    const lifetime = setTimeout(() => closeWith(CLOSE_NORMAL, 'connection lifetime reached'), maxConnectionMs);
    lifetime.unref();
    socket.on('pong', () => {
      heard = performance.now();
    });
    socket.on('close', () => {
      open = false;
      clearInterval(pinger);
      clearTimeout(lifetime);
      fstream.drop(conn);
    });

    if (setup.streams.length > 0) void fstream.join(conn, setup.streams).catch((e: unknown) => request.log.error({ err: e }, 'fstream subscription failed'));

    let window = Math.floor(performance.now() / 1000);
    let count = 0;
    let queue: Promise<void> = Promise.resolve();

    const handle = async (text: string | null): Promise<void> => {
      let value: unknown;
      try {
        if (text === null) throw new Error('binary');
        value = JSON.parse(text);
      } catch {
        return fail(3, 'Invalid JSON: expected value at line 1 column 1', null);
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(2, 'Invalid request: expected an object', null);
      const frame = value as Record<string, unknown>;
      const id = frame['id'];
      if (!isId(id)) return fail(2, 'Invalid request: request ID must be an unsigned integer', null);
      const method = frame['method'];
      if (method === undefined) return fail(2, 'Invalid request: missing field `method`', id);
      if (typeof method !== 'string' || !(METHODS as readonly string[]).includes(method)) {
        return fail(2, `Invalid request: unknown variant \`${String(method)}\`, expected one of ${METHODS.map((m) => `\`${m}\``).join(', ')}`, id);
      }
      const params = frame['params'];
      switch (method as Method) {
        case 'SUBSCRIBE': {
          if (!isNames(params)) return fail(2, 'Invalid request: params must be a list of stream names', id);
          const streams: Array<[string, Stream]> = [];
          for (const name of params) {
            const stream = fstream.parse(name);
            if (stream === null) return fail(2, INVALID_STREAM, id);
            if (!conn.streams.has(name) && !streams.some(([n]) => n === name)) streams.push([name, stream]);
          }
          if (conn.streams.size + streams.length > maxStreams) return fail(2, 'Invalid request: too many streams', id);
          if (!open) return;
          await fstream.join(conn, streams);
          return reply({ result: null, id });
        }
        case 'UNSUBSCRIBE':
          if (!isNames(params)) return fail(2, 'Invalid request: params must be a list of stream names', id);
          for (const name of params) fstream.leave(conn, name);
          return reply({ result: null, id });
        case 'LIST_SUBSCRIPTIONS':
          return reply({ result: [...conn.streams], id });
        case 'SET_PROPERTY': {
          if (!Array.isArray(params) || params.length !== 2) return fail(2, 'Invalid request: too many parameters', id);
          if (typeof params[0] !== 'string') return fail(2, 'Invalid request: property name must be a string', id);
          if (params[0] !== 'combined') return reply({ error: { code: 0, msg: 'Unknown property' }, id });
          if (typeof params[1] !== 'boolean') return fail(1, 'Invalid value type: expected Boolean', id);
          conn.combined = params[1];
          return reply({ result: null, id });
        }
        case 'GET_PROPERTY': {
          if (!Array.isArray(params) || params.length !== 1) return fail(2, 'Invalid request: too many parameters', id);
          if (typeof params[0] !== 'string') return fail(2, 'Invalid request: property name must be a string', id);
          if (params[0] !== 'combined') return reply({ error: { code: 0, msg: 'Unknown property' }, id });
          return reply({ result: conn.combined, id });
        }
      }
    };

    socket.on('message', (raw, isBinary) => {
      heard = performance.now();
      const second = Math.floor(heard / 1000);
      if (second !== window) {
        window = second;
        count = 0;
      }
      if (++count > maxMessages) {
        open = false;
        return closeWith(CLOSE_POLICY, 'too many messages');
      }
      const text = decode(raw, isBinary);
      queue = queue.then(() => handle(text)).catch((e: unknown) => {
        request.log.error({ err: e }, 'fstream frame failed');
      });
    });
  };

  for (const base of [FSTREAM_PREFIX, `${FSTREAM_PREFIX}/public`, `${FSTREAM_PREFIX}/market`, `${FSTREAM_PREFIX}/private`]) {
    app.get(`${base}/ws`, { websocket: true, preValidation: preValidation(false) }, handler);
    app.get(`${base}/ws/*`, { websocket: true, preValidation: preValidation(false) }, handler);
    app.get(`${base}/stream`, { websocket: true, preValidation: preValidation(true) }, handler);
  }
  return fstream;
}
