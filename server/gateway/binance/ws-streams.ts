// The connection layer of Binance's WebSocket streams, shared by the USDⓈ-M streams (fstream.ts, under /fstream) and
// the spot ones (sstream.ts, under /stream): the paths, the client's messages, Binance's error replies and limits.
// A venue gives a StreamHub (what a stream name means and how to start its source); this file does the rest.
//
// Paths under each base, as on Binance:
// - <base>/ws/<stream>             one raw stream (payloads as they are); <base>/ws/<a>/<b> several, raw
// - <base>/ws                      no stream yet: SUBSCRIBE to some
// - <base>/stream?streams=<a>/<b>  combined: every message {"stream": <name>, "data": <payload>}
//
// Messages from the client: {"method": "SUBSCRIBE" | "UNSUBSCRIBE", "params": [names], "id": n} → {"result": null,
// "id": n}; {"method": "LIST_SUBSCRIPTIONS", "id": n} → {"result": [names], "id": n}; SET_PROPERTY / GET_PROPERTY of
// "combined". Errors as Binance's: {"error": {"code": 2, "msg": "Invalid request: invalid stream"}, "id": n} for a
// stream name that is not one; code 3 for a frame that is not JSON; code 2 for a bad id, method or params. A name in
// the URL that is not a stream is left out, the connection accepted, as Binance does (ccxt.pro appends a number,
// /ws/0, to tell its connections apart); a venue may refuse the upgrade for a URL name instead (a dead listen key).
//
// Connections, as Binance's and with the app WebSocket's protections (routes/ws.ts): a ping frame every 3 minutes, and
// a connection that has answered none (nor sent anything) for 10 minutes is dropped; at most 10 messages a second
// from a client (more closes it, code 1008) and 1024 streams; frames over the app's limit (64 KiB) close it (the ws
// library, logged once, counted); a reader more than MAX_BUFFERED behind is destroyed at once (counted as
// wsSlowDropped); a connection lives at most 24 hours. Each payload is serialised once per stream, whatever the
// number of subscribers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MAX_BUFFERED, releaseUpgrade } from '../routes/ws.ts';
import { gatewayCounters } from '../status.ts';
import { notUpgraded } from './errors.ts';
import { CLOSE_NORMAL, KeepAlive } from './keepalive.ts';
import type { Source } from './fstream-market.ts';

export const PING_MS = 3 * 60_000;
export const PONG_TIMEOUT_MS = 10 * 60_000;
export const MAX_CONNECTION_MS = 24 * 3_600_000;
export const MAX_STREAMS = 1024;
export const MAX_MESSAGES_PER_SECOND = 10;
const CLOSE_POLICY = 1008;
/** How long a peer has to answer our close before its socket is destroyed. */
const CLOSE_GRACE_MS = 1_000;
const OPEN = 1;
const METHODS = ['SUBSCRIBE', 'UNSUBSCRIBE', 'LIST_SUBSCRIPTIONS', 'SET_PROPERTY', 'GET_PROPERTY'] as const;
type Method = (typeof METHODS)[number];

type RawFrame = Buffer | ArrayBuffer | Buffer[];

/** The part of ws's WebSocket used here (@types/ws is not installed). */
interface Socket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (raw: RawFrame, isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  removeAllListeners(event: 'error'): unknown;
}

/** The connection limits; each defaults to Binance's. */
export interface StreamLimits {
  readonly pingMs?: number | undefined;
  readonly pongTimeoutMs?: number | undefined;
  readonly maxConnectionMs?: number | undefined;
  readonly maxStreams?: number | undefined;
  readonly maxMessagesPerSecond?: number | undefined;
}

/** One connection. */
export interface Conn {
  combined: boolean;
  /** The name in the URL that the connection lives for (a listen key), if any: it closes when that ends. */
  readonly urlKey: string | null;
  readonly streams: Set<string>;
  /** A text frame: a string, or its UTF-8 bytes when one payload goes to many connections (encoded once). */
  send(text: string | Buffer): void;
  close(code: number, reason: string): void;
}

interface Group {
  readonly name: string;
  readonly members: Set<Conn>;
  readonly source: Source;
}

/**
 * Instrumentation for the streams bench (test/bench/binance-streams.ts): when set, told after each payload went to
 * its subscribers, with the text sent (the combined wrapper if any member is combined), the time before the first
 * send and the time after each (performance.now()). Null by default: nothing is timed then.
 */
export const streamProbe: { onEmit: ((name: string, text: string, startedAt: number, sentAt: readonly number[]) => void) | null } = { onEmit: null };

/** A payload (as JSON) in a combined connection's wrapper: {"stream": <name>, "data": <payload>}. */
const combinedFrame = (name: string, raw: string): string => `{"stream":${JSON.stringify(name)},"data":${raw}}`;

/** A refusal of the upgrade, as an HTTP reply with Binance's error body. */
export interface Refusal {
  readonly status: number;
  readonly body: { readonly code: number; readonly msg: string };
}

/**
 * A venue's streams: what a name means (`parse`) and how its source starts (`open`); the groups of connections
 * sharing a stream, each payload serialised once, live here.
 */
export abstract class StreamHub<S> {
  private readonly groups = new Map<string, Group>();
  private readonly conns = new Set<Conn>();
  protected closed = false;

  /** A stream name → what it streams; null when it names none. */
  abstract parse(name: string): S | null;

  /** Starts the source of one stream; `emit` sends a payload to its subscribers. */
  protected abstract open(name: string, stream: S, emit: (payload: unknown) => void): Source;

  /** A name read from the URL: its stream, null to leave it out, or a refusal of the upgrade; by default `parse`. */
  fromUrl(name: string): { readonly stream: S | null; readonly urlKey?: boolean } | Refusal {
    return { stream: this.parse(name) };
  }

  /** Open connections (for tests and status). */
  get connections(): number {
    return this.conns.size;
  }

  add(conn: Conn): void {
    this.conns.add(conn);
  }

  /** Subscribes `conn` to every stream (already parsed); settles once each has read its first state. */
  async join(conn: Conn, streams: ReadonlyArray<readonly [string, S]>): Promise<void> {
    const ready: Promise<void>[] = [];
    const greetings: Group[] = [];
    for (const [name, stream] of streams) {
      if (this.closed || !this.conns.has(conn)) return;
      let group = this.groups.get(name);
      if (group === undefined) {
        const source = this.open(name, stream, (payload) => this.emit(name, payload));
        group = { name, members: new Set(), source };
        this.groups.set(name, group);
      } else if (group.source.greet !== undefined && !group.members.has(conn)) {
        greetings.push(group);
      }
      group.members.add(conn);
      conn.streams.add(name);
      ready.push(group.source.ready);
    }
    await Promise.all(ready);
    // A stream already running tells a newcomer its state now, after the subscription's answer (as its source does
    // for its first subscriber), rather than at its next change.
    if (greetings.length > 0) setTimeout(() => this.greet(conn, greetings), 0);
  }

  private greet(conn: Conn, groups: readonly Group[]): void {
    for (const group of groups) {
      if (!group.members.has(conn) || this.groups.get(group.name) !== group) continue;
      const payload = group.source.greet?.();
      if (payload === undefined) continue;
      const raw = JSON.stringify(payload);
      conn.send(conn.combined ? combinedFrame(group.name, raw) : raw);
    }
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
    for (const g of this.groups.values()) g.source.stop();
    this.groups.clear();
    for (const c of [...this.conns]) c.close(CLOSE_NORMAL, 'server shutting down');
    this.conns.clear();
  }

  /**
   * A listen key ended (deleted, expired, its API key revoked, its user frozen): its subscribers get Binance's
   * listenKeyExpired and leave it; a connection that lived for that key alone (its URL named it) is closed.
   */
  protected keyEnded(key: string, now: number): void {
    const members = this.members(key);
    if (members.length === 0) return;
    this.emit(key, { e: 'listenKeyExpired', E: now, listenKey: key });
    for (const c of members) {
      this.leave(c, key);
      if (c.urlKey === key && c.streams.size === 0) c.close(CLOSE_NORMAL, 'listenKey expired');
    }
  }

  /** The connections subscribed to `name` (none when nobody is). */
  protected members(name: string): Conn[] {
    return [...(this.groups.get(name)?.members ?? [])];
  }

  /** A payload to every member: serialised once, wrapped once for the combined ones. */
  protected emit(name: string, payload: unknown): void {
    const group = this.groups.get(name);
    if (group === undefined) return;
    const raw = JSON.stringify(payload);
    let wrapped: string | null = null;
    // Encoded to UTF-8 once per payload, not once per socket (ws would convert a string on every send).
    let rawBytes: Buffer | null = null;
    let wrappedBytes: Buffer | null = null;
    const probe = streamProbe.onEmit;
    const startedAt = probe === null ? 0 : performance.now();
    const sentAt: number[] | null = probe === null ? null : [];
    for (const c of group.members) {
      if (c.combined) c.send((wrappedBytes ??= Buffer.from((wrapped = combinedFrame(name, raw)))));
      else c.send((rawBytes ??= Buffer.from(raw)));
      sentAt?.push(performance.now());
    }
    if (probe !== null) probe(name, wrapped ?? raw, startedAt, sentAt!);
  }
}

// ---- the routes -----------------------------------------------------------------------------------------------

/** What a connection's URL asks for, read before the upgrade. */
interface Setup<S> {
  readonly combined: boolean;
  readonly urlKey: string | null;
  readonly streams: Array<[string, S]>;
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

/**
 * Request ids: unsigned integers, and as Binance's spot streams also take them, alphanumeric strings of up to 36
 * characters (Binance's own JavaScript connector, @binance/spot, sends 32 hex digits) and null; a negative integer is
 * refused (Binance spot would take it).
 */
type RequestId = number | string | null;
const isId = (value: unknown): value is RequestId =>
  value === null || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) || (typeof value === 'string' && /^[A-Za-z0-9]{1,36}$/.test(value));
const isNames = (value: unknown): value is string[] => Array.isArray(value) && value.every((x) => typeof x === 'string');

export interface ServeOptions<S> extends StreamLimits {
  /** The path bases, e.g. ['/stream']: each gets <base>/ws, <base>/ws/* and <base>/stream. */
  readonly bases: readonly string[];
  readonly hub: StreamHub<S>;
  /** What the logs call it ('fstream', 'sstream'). */
  readonly label: string;
  /** Names read from the URL's query besides `streams` (fstream: `listenKey`). */
  readonly queryNames?: readonly string[] | undefined;
}

/** Registers the WebSocket routes of `o.hub` on `app` (before it listens); the hub closes with the app. */
export function serveStreams<S>(app: FastifyInstance, o: ServeOptions<S>): void {
  const { hub, label } = o;
  const counters = gatewayCounters(app);
  const keep = new KeepAlive({ pingMs: o.pingMs ?? PING_MS, pongTimeoutMs: o.pongTimeoutMs ?? PONG_TIMEOUT_MS, maxConnectionMs: o.maxConnectionMs ?? MAX_CONNECTION_MS });
  app.addHook('onClose', async () => {
    keep.close();
    hub.close();
  });
  const maxStreams = o.maxStreams ?? MAX_STREAMS;
  const maxMessages = o.maxMessagesPerSecond ?? MAX_MESSAGES_PER_SECOND;
  const setups = new WeakMap<FastifyRequest, Setup<S>>();

  /** The streams a URL names (names that are none left out), or the hub's refusal of the upgrade. */
  const setupOf = (request: FastifyRequest, combined: boolean): Setup<S> | Refusal => {
    const url = new URL(request.url, 'http://localhost');
    const names: string[] = [];
    let urlKey: string | null = null;
    if (combined) {
      // A '+' is itself, not a space (no stream name has one): `kline_1d@+08:00` as clients send it unescaped.
      const list = new URLSearchParams(url.search.replaceAll('+', '%2B')).get('streams');
      if (list !== null && list !== '') names.push(...list.split('/'));
    } else {
      const at = url.pathname.indexOf('/ws/');
      if (at >= 0) names.push(...url.pathname.slice(at + 4).split('/').filter((n) => n !== '').map(decodeName));
    }
    for (const q of o.queryNames ?? []) {
      const value = url.searchParams.get(q);
      if (value !== null) names.push(value);
    }
    if (names.length > maxStreams) return { status: 400, body: binanceError(2, 'Invalid request: too many streams') };
    const streams: Array<[string, S]> = [];
    for (const name of names) {
      const read = hub.fromUrl(name);
      if ('status' in read) return read;
      if (read.urlKey === true) urlKey = name;
      if (read.stream !== null && !streams.some(([n]) => n === name)) streams.push([name, read.stream]);
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
    // Nothing below keeps the request: a connection costs its socket and its entries, not the upgrade's objects.
    const log = app.log;
    releaseUpgrade(app, socket, request);
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
        socket.send(text, { binary: false });
      },
      close: closeWith,
    };
    hub.add(conn);
    const reply = (body: Record<string, unknown>) => conn.send(JSON.stringify(body));
    const fail = (code: number, msg: string, id: RequestId) => reply({ error: { code, msg }, id });

    const alive = keep.watch(socket, closeWith, () => {
      open = false;
    });
    socket.on('close', () => {
      open = false;
      alive.stop();
      hub.drop(conn);
    });

    if (setup.streams.length > 0) void hub.join(conn, setup.streams).catch((e: unknown) => log.error({ err: e }, `${label} subscription failed`));

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
          const streams: Array<[string, S]> = [];
          for (const name of params) {
            const stream = hub.parse(name);
            if (stream === null) return fail(2, INVALID_STREAM, id);
            if (!conn.streams.has(name) && !streams.some(([n]) => n === name)) streams.push([name, stream]);
          }
          if (conn.streams.size + streams.length > maxStreams) return fail(2, 'Invalid request: too many streams', id);
          if (!open) return;
          await hub.join(conn, streams);
          return reply({ result: null, id });
        }
        case 'UNSUBSCRIBE':
          if (!isNames(params)) return fail(2, 'Invalid request: params must be a list of stream names', id);
          for (const name of params) hub.leave(conn, name);
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
      alive.heard();
      const second = Math.floor(performance.now() / 1000);
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
        log.error({ err: e }, `${label} frame failed`);
      });
    });
  };

  for (const base of o.bases) {
    // wsHandler for the upgrade, handler for a plain GET (notUpgraded: Binance's JSON, not an empty 404).
    app.route({ method: 'GET', url: `${base}/ws`, preValidation: preValidation(false), handler: notUpgraded, wsHandler: handler });
    app.route({ method: 'GET', url: `${base}/ws/*`, preValidation: preValidation(false), handler: notUpgraded, wsHandler: handler });
    app.route({ method: 'GET', url: `${base}/stream`, preValidation: preValidation(true), handler: notUpgraded, wsHandler: handler });
  }
}
