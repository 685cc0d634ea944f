// Binance's spot WebSocket API (wss://ws-api.binance.com/ws-api/v3) at /ws-api/v3: point a bot's WebSocket API URL
// at ws://HOST/ws-api/v3 (ccxt.pro: `urls.api.ws['ws-api'].spot`). Requests {id, method, params} in text frames,
// answers {id, status, result | error {code, msg}, rateLimits}, user data events {subscriptionId, event}. ccxt.pro's
// `binance` with default options uses it for spot's private side: watchOrders, watchBalance and watchMyTrades
// subscribe with userDataStream.subscribe.signature and read executionReport / outboundAccountPosition /
// balanceUpdate from it (no listen key), and createOrderWs, cancelOrderWs, fetchOrderWs, fetchOpenOrdersWs,
// fetchBalanceWs ... call order.place, order.cancel, order.status, openOrders.status, account.status here.
//
// Methods (ws-api-methods.ts): ping, time, exchangeInfo, depth, trades.recent, trades.aggregate, klines, avgPrice,
// ticker.24hr, ticker.price, ticker.book; order.place, order.test, order.cancel, order.cancelReplace, order.status,
// openOrders.status, openOrders.cancelAll, allOrders, myTrades, account.status, orderList.place.oco, orderList.place,
// orderList.cancel, orderList.status, openOrderLists.status, allOrderLists (the REST handlers of orders.ts, so the
// same checks, errors and shapes as /api/v3); session.logon, session.status, session.logout, session.subscriptions;
// userDataStream.subscribe (after logon), userDataStream.subscribe.signature, userDataStream.unsubscribe;
// userDataStream.start, .ping, .stop (the spot listen keys). A method may carry Binance's version prefix ("v3/").
//
// As Binance's: `id` an integer, a string or null, echoed; `status` 200 or the error's HTTP status; `rateLimits`
// (REQUEST_WEIGHT per address per minute, shared with REST, and ORDERS per key per 10 s for order.place) unless
// `returnRateLimits` is false in the params or in the URL (`?returnRateLimits=false`); opening a connection weighs
// 2; pings every 20 s, a connection silent for a minute (no pong, no message) is dropped; 24 hours at most; requests
// are answered in the order they came. User data subscriptions (one per account per connection, ids from 0) carry
// the events of sstream-user.ts; a subscription ends with {subscriptionId, event: {e: 'eventStreamTerminated', E}}
// when it is unsubscribed (or, for userDataStream.subscribe ones, the session logs out), and when its API key is
// revoked or its account frozen (checked every minute, and by the next request that uses the key).
//
// Differences: session.logon takes an HMAC signature (this exchange's keys are HMAC; Binance takes only Ed25519
// keys there), after which requests may leave out apiKey and signature as on Binance. Responses are JSON only (no
// SBE), times in milliseconds only (`timeUnit` other than MILLISECOND refuses the connection).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/index.ts';
import { MAX_BUFFERED } from '../routes/ws.ts';
import { gatewayCounters } from '../status.ts';
import type { Trading } from '../trading.ts';
import type { AuthDeps } from './auth.ts';
import { BinanceError, errorBody, errors, failure, notUpgraded } from './errors.ts';
import { LISTEN_KEY_VALIDATE_MS, listenKeyValid, type ListenKeys } from './fstream-keys.ts';
import { ORDERS_LIMIT, REQUEST_WEIGHT_LIMIT, WEIGHT_PER_MINUTE, weightExceeded, type Windows } from './limits.ts';
import { SpotUserFeed } from './sstream-user.ts';
import { CLOSE_NORMAL, KeepAlive } from './keepalive.ts';
import { wsApiErrors, wsApiMethods, type CallCounts, type RequestParams, type Session, type WsApiMethod } from './ws-api-methods.ts';

export const WS_API_PATH = '/ws-api/v3';
export const WS_API_PING_MS = 20_000;
export const WS_API_PONG_TIMEOUT_MS = 60_000;
export const WS_API_MAX_CONNECTION_MS = 24 * 3_600_000;
/** Request weight of opening a connection. */
export const CONNECT_WEIGHT = 2;
/** At most this many user data subscriptions on one connection at a time, and over its life (Binance's limits). */
export const MAX_SUBSCRIPTIONS = 1_000;
export const MAX_SUBSCRIPTIONS_EVER = 65_535;
const CLOSE_GRACE_MS = 1_000;
const OPEN = 1;

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

// ---- the request frame, validated at the edge -----------------------------------------------------------------------

const Scalar = Type.Union([Type.String({ maxLength: 4096 }), Type.Number(), Type.Boolean(), Type.Null()]);
const RequestId = Type.Union([Type.Integer(), Type.String({ maxLength: 128 }), Type.Null()]);
const Frame = Type.Object({
  id: RequestId,
  method: Type.String({ minLength: 1, maxLength: 128 }),
  params: Type.Optional(Type.Record(Type.String({ maxLength: 128 }), Type.Union([Scalar, Type.Array(Type.Union([Type.String({ maxLength: 64 }), Type.Number()]), { maxItems: 1000 })]))),
});
const isFrame = Compile(Frame);
const isId = Compile(RequestId);
type RequestIdValue = string | number | null;

const frameErrors = {
  json: () => new BinanceError(-1135, 'Invalid JSON Request'),
  method: () => errors.mandatory('method'),
  params: () => new BinanceError(-1135, "JSON sent for parameter 'params' is not valid"),
  returnRateLimits: () => new BinanceError(-1130, "Invalid data sent for a parameter 'returnRateLimits'."),
  tooManySubscriptions: () => new BinanceError(-1191, `Too many subscriptions. Connection may create up to '${MAX_SUBSCRIPTIONS}' subscriptions at a time.`),
};

function decode(raw: RawFrame, isBinary: boolean): string | null {
  if (isBinary) return null;
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}

// ---- the app's WebSocket API ---------------------------------------------------------------------------------------

export interface WsApiDeps {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  readonly auth: AuthDeps;
  /** Request weight per address per minute, shared with REST (binance/index.ts). */
  readonly weight: Windows;
  /** New orders per API key per 10 seconds, shared with REST. */
  readonly orders: Windows;
  /** The app's spot listen keys (fstream-keys.ts). */
  readonly keys: ListenKeys;
  readonly pingMs?: number | undefined;
  readonly pongTimeoutMs?: number | undefined;
  readonly maxConnectionMs?: number | undefined;
  /** How often the subscriptions' and sessions' keys are looked up again (revoked, frozen). */
  readonly validateMs?: number | undefined;
}

interface Subscription {
  readonly id: number;
  readonly user: number;
  readonly apiKey: string;
  /** Made by userDataStream.subscribe (session.logout ends it) rather than .signature. */
  readonly viaSession: boolean;
  readonly feed: SpotUserFeed;
}

/** One connection's state, as the registry sees it. */
interface Connection {
  readonly session: Session;
  readonly subscriptions: Map<number, Subscription>;
  send(body: unknown): void;
  end(sub: Subscription): void;
  close(code: number, reason: string): void;
}

/** The app's WebSocket API: its open connections, and the periodic check of their keys. */
export class WsApi {
  /** Requests served per method name (known methods only), since the start: what clients use. */
  readonly calls = new Map<string, number>();
  private readonly conns = new Set<Connection>();
  private readonly deps: WsApiDeps;
  private readonly validator: ReturnType<typeof setInterval>;
  private validating = false;

  constructor(deps: WsApiDeps) {
    this.deps = deps;
    this.validator = setInterval(() => void this.revalidate(), deps.validateMs ?? LISTEN_KEY_VALIDATE_MS);
    this.validator.unref();
  }

  /** Open connections (for tests and status). */
  get connections(): number {
    return this.conns.size;
  }

  /** Live user data subscriptions over all connections (for tests and status). */
  get subscriptions(): number {
    let n = 0;
    for (const c of this.conns) n += c.subscriptions.size;
    return n;
  }

  add(conn: Connection): void {
    this.conns.add(conn);
  }

  drop(conn: Connection): void {
    this.conns.delete(conn);
  }

  /**
   * Ends the subscriptions whose API key was revoked or whose account was frozen (eventStreamTerminated), and logs out
   * a session whose key went, telling it as Binance does ({id: null, status: 401, error -2015}).
   */
  async revalidate(): Promise<void> {
    if (this.validating) return;
    this.validating = true;
    try {
      for (const conn of [...this.conns]) {
        const logon = conn.session.logon;
        try {
          if (logon !== null && !(await listenKeyValid(this.deps.auth, logon)) && conn.session.logon === logon) {
            conn.session.logon = null;
            const e = errors.keyInvalid();
            conn.send({ id: null, status: e.status, error: errorBody(e) });
          }
          for (const sub of [...conn.subscriptions.values()]) {
            if (!(await listenKeyValid(this.deps.auth, sub)) && conn.subscriptions.get(sub.id) === sub) conn.end(sub);
          }
        } catch {
          continue; // the store is closing or failed: tried again at the next check
        }
      }
    } finally {
      this.validating = false;
    }
  }

  close(): void {
    clearInterval(this.validator);
    for (const c of [...this.conns]) c.close(CLOSE_NORMAL, 'server shutting down');
    this.conns.clear();
  }
}

const registries = new WeakMap<FastifyInstance, WsApi>();

/** The app's WebSocket API (for tests: its connections, revalidate), once wsApiRoutes has registered it. */
export function wsApiOf(app: FastifyInstance): WsApi | undefined {
  return registries.get(app);
}

/** Registers /ws-api/v3 on `app` (before it listens); it closes with the app. */
export function wsApiRoutes(app: FastifyInstance, deps: WsApiDeps): WsApi {
  const api = new WsApi(deps);
  registries.set(app, api);
  const { clock, trading, store } = deps;
  const methods = wsApiMethods({ trading, store, clock, auth: deps.auth, orders: deps.orders, keys: deps.keys });
  const counters = gatewayCounters(app);
  const keep = new KeepAlive({
    pingMs: deps.pingMs ?? WS_API_PING_MS,
    pongTimeoutMs: deps.pongTimeoutMs ?? WS_API_PONG_TIMEOUT_MS,
    maxConnectionMs: deps.maxConnectionMs ?? WS_API_MAX_CONNECTION_MS,
  });
  app.addHook('onClose', async () => {
    keep.close();
    api.close();
  });
  const hidden = new WeakSet<FastifyRequest>();

  /** The URL's options, and the connection's weight, before the upgrade. */
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const show = url.searchParams.get('returnRateLimits');
    const unit = url.searchParams.get('timeUnit');
    let refusal: BinanceError | null = null;
    if (show !== null && show !== 'true' && show !== 'false') refusal = frameErrors.returnRateLimits();
    else if (unit !== null && unit.toUpperCase() !== 'MILLISECOND') refusal = new BinanceError(-1194, 'Invalid value for time unit; only MILLISECOND is served.');
    else if (deps.weight.add(request.ip, CONNECT_WEIGHT, clock()) > WEIGHT_PER_MINUTE) refusal = weightExceeded();
    if (refusal !== null) return reply.code(refusal.status).send({ code: refusal.code, msg: refusal.message });
    if (show === 'false') hidden.add(request);
  };

  const handler = (socket: Socket, request: FastifyRequest) => {
    let open = true;
    const closeWith = (code: number, reason: string) => {
      if (socket.readyState !== OPEN) return;
      socket.close(code, reason);
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    };
    const sendText = (text: string) => {
      if (!open || socket.readyState !== OPEN) return;
      if (socket.bufferedAmount > MAX_BUFFERED) {
        // Too far behind: destroyed with its buffers (routes/ws.ts).
        open = false;
        counters.wsSlowDropped++;
        socket.terminate();
        return;
      }
      socket.send(text);
    };
    const subscriptions = new Map<number, Subscription>();
    let made = 0;

    const end = (sub: Subscription) => {
      if (subscriptions.get(sub.id) !== sub) return;
      subscriptions.delete(sub.id);
      sub.feed.stop();
      sendText(JSON.stringify({ subscriptionId: sub.id, event: { e: 'eventStreamTerminated', E: clock() } }));
    };
    const session: Session = {
      upgrade: request,
      connectedSince: clock(),
      returnRateLimits: !hidden.has(request),
      logon: null,
      subscribe(user, apiKey, viaSession) {
        for (const s of subscriptions.values()) if (s.user === user) throw wsApiErrors.subscribed();
        if (subscriptions.size >= MAX_SUBSCRIPTIONS || made >= MAX_SUBSCRIPTIONS_EVER) throw frameErrors.tooManySubscriptions();
        const id = made++;
        const feed = new SpotUserFeed({
          trading, store, clock, user,
          emit: (event) => sendText(JSON.stringify({ subscriptionId: id, event })),
          onError: (error, what) => request.log.error({ err: error }, `ws-api ${what} failed`),
        });
        subscriptions.set(id, { id, user, apiKey, viaSession, feed });
        return id;
      },
      unsubscribe(id) {
        const ending = id === undefined ? [...subscriptions.values()] : [subscriptions.get(id)].filter((s) => s !== undefined);
        for (const s of ending) end(s);
        return ending.length > 0;
      },
      unsubscribeSession() {
        for (const s of [...subscriptions.values()]) if (s.viaSession) end(s);
      },
      subscriptionIds: () => [...subscriptions.keys()],
    };
    const conn: Connection = { session, subscriptions, send: (body) => sendText(JSON.stringify(body)), end, close: closeWith };
    api.add(conn);

    // Binance's keepalive (ws-streams.ts): a ping frame every pingMs; silent for pongTimeoutMs is dropped.
    const alive = keep.watch(socket, closeWith, () => {
      open = false;
    });
    socket.on('close', () => {
      open = false;
      alive.stop();
      for (const s of subscriptions.values()) s.feed.stop();
      subscriptions.clear();
      api.drop(conn);
    });

    /** The answer to one frame. */
    const answer = async (text: string | null): Promise<Record<string, unknown>> => {
      let id: RequestIdValue = null;
      let show = session.returnRateLimits;
      let weight = 0;
      const counts: CallCounts = {};
      const rateLimits = () => [
        ...(counts.orders === undefined ? [] : [{ ...ORDERS_LIMIT, count: counts.orders }]),
        { ...REQUEST_WEIGHT_LIMIT, count: weight },
      ];
      try {
        let value: unknown;
        try {
          if (text === null) throw new Error('binary');
          value = JSON.parse(text);
        } catch {
          throw frameErrors.json();
        }
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw frameErrors.json();
        const raw = value as Record<string, unknown>;
        if (isId.Check(raw['id'])) id = raw['id'];
        if (!isFrame.Check(raw)) {
          if (typeof raw['method'] !== 'string' || raw['method'] === '') throw frameErrors.method();
          if (!isId.Check(raw['id'])) throw errors.mandatory('id');
          throw frameErrors.params();
        }
        const params: RequestParams = raw.params ?? {};
        const flag = params['returnRateLimits'];
        if (flag !== undefined) {
          if (flag !== true && flag !== false && flag !== 'true' && flag !== 'false') throw frameErrors.returnRateLimits();
          show = flag === true || flag === 'true';
        }
        const name = raw.method.startsWith('v3/') ? raw.method.slice(3) : raw.method;
        const method: WsApiMethod | undefined = methods.get(name);
        if (method === undefined) throw wsApiErrors.unknownMethod();
        api.calls.set(name, (api.calls.get(name) ?? 0) + 1);
        weight = deps.weight.add(request.ip, method.weight(params), clock());
        if (weight > WEIGHT_PER_MINUTE) throw weightExceeded();
        const result = await method.run({ params, session, counts });
        return { id, status: 200, result, ...(show ? { rateLimits: rateLimits() } : {}) };
      } catch (error) {
        const known = failure(error);
        if (known === null) request.log.error({ err: error }, 'ws-api request failed');
        const e = known ?? errors.unknown();
        return { id, status: e.status, error: errorBody(e), ...(show && weight > 0 ? { rateLimits: rateLimits() } : {}) };
      }
    };

    let queue: Promise<void> = Promise.resolve();
    socket.on('message', (raw, isBinary) => {
      alive.heard();
      const text = decode(raw, isBinary);
      queue = queue
        .then(async () => conn.send(await answer(text)))
        .catch((e: unknown) => request.log.error({ err: e }, 'ws-api frame failed'));
    });
  };

  app.route({ method: 'GET', url: WS_API_PATH, preValidation, handler: notUpgraded, wsHandler: handler });
  return api;
}
