// The methods of Binance's spot WebSocket API (ws-api.ts) and how each runs. The trading and account methods run the
// REST endpoints' own handlers (orders.ts, public.ts), recorded through their `route` callbacks, with a Params built
// from the request's JSON params and the same authentication (auth.ts): a ws-api request is one REST request by
// another transport.
//
// Signing, as Binance's WebSocket API: the signed text is every param but `signature`, sorted by name, as
// `name=value` joined by `&` (values as sent: numbers and booleans in their JSON text, no percent-encoding; ccxt signs
// it so), HMAC-SHA256 under the key's secret, hex. `apiKey` and `returnRateLimits` are part of the signed text but not
// handed to the REST handler (which would refuse them as unread, -1104). After `session.logon` a request may leave out
// `apiKey` and `signature` (not `timestamp`): it runs as the logged-on key, checked as REST checks a signed request.
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/index.ts';
import type { Trading } from '../trading.ts';
import { authenticate, authenticateKey, type AuthDeps, type Caller, type KeyedCall } from './auth.ts';
import { BinanceError, errors } from './errors.ts';
import { listenKeyErrors, type ListenKeys } from './fstream-keys.ts';
import { ordersExceeded, ORDERS_PER_10S, type Windows } from './limits.ts';
import { orderRoutes, type SignedHandler } from './orders.ts';
import { Params } from './params.ts';
import { publicRoutes, type Handler } from './public.ts';

/** A request's params as sent: JSON scalars, or lists of them (exchangeInfo's `symbols`). */
export type ParamValue = string | number | boolean | null | ReadonlyArray<string | number>;
export type RequestParams = Readonly<Record<string, ParamValue>>;

/** Params of the request that are the WebSocket API's own, never a REST endpoint's. */
const TRANSPORT = ['apiKey', 'returnRateLimits'];

/** A param's text as REST would have received it. */
function textOf(value: ParamValue): string {
  if (value === null) return '';
  if (Array.isArray(value)) return JSON.stringify(value);
  return String(value);
}

/** Binance's signed text: every param but `signature`, sorted by name, `name=value` joined by `&`. */
export function signedText(params: RequestParams): string {
  return Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${textOf(params[name]!)}`)
    .join('&');
}

/** The params a REST handler reads, as its Params (transport params left out). */
function restParams(params: RequestParams): Params {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (!TRANSPORT.includes(name)) query.append(name, textOf(value));
  return new Params(query.toString(), '');
}

/** A WebSocket API call as authentication reads it: the key from its params, the connection's client address. */
const wsCall = (upgrade: FastifyRequest, apiKey: string, method: 'GET' | 'POST' | 'DELETE'): KeyedCall => ({ apiKey, ip: upgrade.ip, guarded: method !== 'GET' });

export const wsApiErrors = {
  /** A request without the logged-on session it needs. */
  notLoggedIn: () => new BinanceError(-1002, 'You are not authorized to execute this request.', 401),
  unknownMethod: () => new BinanceError(-1020, 'This operation is not supported.'),
  subscribed: () => new BinanceError(-2035, 'User Data Stream subscription already active.'),
  notSubscribed: () => new BinanceError(-2036, 'User Data Stream subscription not active.'),
};

/** The session state of one connection, as the methods see and change it. */
export interface Session {
  /** The connection's upgrade request (its address and headers). */
  readonly upgrade: FastifyRequest;
  readonly connectedSince: number;
  readonly returnRateLimits: boolean;
  /** The logged-on key (session.logon), if any. */
  logon: { readonly apiKey: string; readonly user: number; readonly since: number } | null;
  /** Starts a user data subscription for an account; throws -2035 when the connection has one for it. */
  subscribe(user: number, apiKey: string, viaSession: boolean): number;
  /** Ends one subscription (or all of them); false when there is no such one. */
  unsubscribe(id?: number): boolean;
  /** Ends the subscriptions made with userDataStream.subscribe (session.logout). */
  unsubscribeSession(): void;
  subscriptionIds(): number[];
}

/** What one call asks of the limits (ws-api.ts counts them and shows them in `rateLimits`). */
export interface CallCounts {
  /** New orders counted against the key in the 10-second window, when the call placed one. */
  orders?: number;
}

export interface Call {
  readonly params: RequestParams;
  readonly session: Session;
  readonly counts: CallCounts;
}

export interface WsApiMethod {
  /** Request weight, counted against the client's address before the method runs. */
  weight(params: RequestParams): number;
  run(call: Call): Promise<unknown>;
}

export interface MethodDeps {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  readonly auth: AuthDeps;
  /** New orders per API key per 10 seconds, shared with REST. */
  readonly orders: Windows;
  /** The spot listen keys (userDataStream.start / ping / stop). */
  readonly keys: ListenKeys;
}

/** The WebSocket API's methods by name. */
export function wsApiMethods(deps: MethodDeps): ReadonlyMap<string, WsApiMethod> {
  const { auth, clock } = deps;
  const signedRest = new Map<string, { trade: boolean; handler: SignedHandler }>();
  orderRoutes((method, path, trade, handler) => signedRest.set(`${method} ${path}`, { trade, handler }), deps.trading, deps.store);
  const publicRest = new Map<string, Handler>();
  publicRoutes((method, path, handler) => publicRest.set(`${method} ${path}`, handler), deps.trading, clock);

  /**
   * A signed request: ad hoc (apiKey and signature in the params) or by the session's key. Answers the caller, and
   * the Params the REST handler reads (authenticate has read timestamp, recvWindow and signature from it).
   */
  async function signed(call: Call, method: 'GET' | 'POST' | 'DELETE', trade: boolean): Promise<{ caller: Caller; params: Params }> {
    let sent = call.params;
    const adHoc = 'apiKey' in sent || 'signature' in sent;
    const logon = call.session.logon;
    if (!adHoc) {
      if (logon === null) throw errors.mandatory('apiKey');
      // The session's key: the signature is made here, so REST's checks (key, address, permission, timestamp,
      // recvWindow, frozen account) run unchanged; a key revoked since logon fails them.
      const found = await auth.keys.lookup(logon.apiKey);
      if (found === null) {
        call.session.logon = null;
        throw errors.keyInvalid();
      }
      const withKey = { ...sent, apiKey: logon.apiKey };
      sent = { ...withKey, signature: createHmac('sha256', found.secret).update(signedText(withKey)).digest('hex') };
    }
    const apiKey = sent['apiKey'];
    if (typeof apiKey !== 'string' || apiKey === '') throw errors.mandatory('apiKey');
    const params = restParams(sent);
    const caller = await authenticate(auth, wsCall(call.session.upgrade, apiKey, method), params, { query: signedText(sent), body: '' }, trade);
    return { caller, params };
  }

  /** A signed REST endpoint's handler as a method; undefined when orders.ts serves no such endpoint. */
  const rest = (key: string, weight: (p: RequestParams) => number): WsApiMethod | undefined => {
    const found = signedRest.get(key);
    if (found === undefined) return undefined;
    const method = key.slice(0, key.indexOf(' ')) as 'GET' | 'POST' | 'DELETE';
    return {
      weight,
      async run(call) {
        const { caller, params } = await signed(call, method, found.trade);
        if (key === 'POST /order') {
          // New orders count toward the key's 10-second limit, as REST's do (the same counter).
          const placed = deps.orders.add(caller.apiKey, 1, clock());
          call.counts.orders = placed;
          if (placed > ORDERS_PER_10S) throw ordersExceeded();
        }
        return found.handler(params, caller);
      },
    };
  };
  const pub = (key: string, weight: (p: RequestParams) => number): WsApiMethod => {
    const handler = publicRest.get(key);
    if (handler === undefined) throw new Error(`no REST handler ${key}`);
    return { weight, run: async (call) => handler(restParams(call.params)) };
  };
  const fixed = (n: number) => () => n;
  const bySymbol = (one: number, all: number) => (p: RequestParams) => ('symbol' in p ? one : all);

  /** The session as session.logon, .status and .logout answer it. */
  const status = (s: Session) => ({
    apiKey: s.logon?.apiKey ?? null,
    authorizedSince: s.logon?.since ?? null,
    connectedSince: s.connectedSince,
    returnRateLimits: s.returnRateLimits,
    serverTime: clock(),
    userDataStream: s.subscriptionIds().length > 0,
  });
  /** A USER_STREAM call: the apiKey param (or the session's key) names a live key of an active account. */
  const keyed = async (call: Call, params: Params): Promise<Caller> => {
    const apiKey = call.params['apiKey'] ?? call.session.logon?.apiKey;
    if (typeof apiKey !== 'string' || apiKey === '') throw errors.mandatory('apiKey');
    params.done();
    return authenticateKey(auth, wsCall(call.session.upgrade, apiKey, 'GET'));
  };

  const methods = new Map<string, WsApiMethod | undefined>([
    ['ping', pub('GET /ping', fixed(1))],
    ['time', pub('GET /time', fixed(1))],
    ['exchangeInfo', pub('GET /exchangeInfo', fixed(20))],
    ['depth', pub('GET /depth', (p) => { const n = Number(p['limit'] ?? 100); return n <= 100 ? 5 : n <= 500 ? 25 : n <= 1000 ? 50 : 250; })],
    ['trades.recent', pub('GET /trades', fixed(25))],
    ['trades.aggregate', pub('GET /aggTrades', fixed(4))],
    ['klines', pub('GET /klines', fixed(2))],
    ['uiKlines', pub('GET /uiKlines', fixed(2))],
    ['avgPrice', pub('GET /avgPrice', fixed(2))],
    ['ticker.24hr', pub('GET /ticker/24hr', bySymbol(2, 80))],
    ['ticker.price', pub('GET /ticker/price', bySymbol(2, 4))],
    ['ticker.book', pub('GET /ticker/bookTicker', bySymbol(2, 4))],
    ['order.place', rest('POST /order', fixed(1))],
    ['order.cancel', rest('DELETE /order', fixed(1))],
    ['order.status', rest('GET /order', fixed(4))],
    ['openOrders.status', rest('GET /openOrders', bySymbol(6, 80))],
    ['openOrders.cancelAll', rest('DELETE /openOrders', fixed(1))],
    ['allOrders', rest('GET /allOrders', fixed(20))],
    ['myTrades', rest('GET /myTrades', fixed(20))],
    ['account.status', rest('GET /account', fixed(20))],
    ['order.test', rest('POST /order/test', fixed(1))],
    ['order.cancelReplace', rest('POST /order/cancelReplace', fixed(1))],
    ['orderList.place.oco', rest('POST /orderList/oco', fixed(1))],
    ['orderList.place', rest('POST /order/oco', fixed(1))],
    ['orderList.cancel', rest('DELETE /orderList', fixed(1))],
    ['orderList.status', rest('GET /orderList', fixed(4))],
    ['openOrderLists.status', rest('GET /openOrderList', fixed(6))],
    ['allOrderLists', rest('GET /allOrderList', fixed(20))],
    ['session.logon', {
      weight: fixed(2),
      async run(call) {
        // Signed by the key it logs on (ad hoc), never by the session's current one.
        if (!('apiKey' in call.params)) throw errors.mandatory('apiKey');
        const { caller, params } = await signed(call, 'GET', false);
        params.done();
        call.session.logon = { apiKey: caller.apiKey, user: caller.user, since: clock() };
        return status(call.session);
      },
    }],
    ['session.status', {
      weight: fixed(2),
      async run(call) {
        restParams(call.params).done();
        return status(call.session);
      },
    }],
    ['session.logout', {
      weight: fixed(2),
      async run(call) {
        restParams(call.params).done();
        call.session.unsubscribeSession();
        call.session.logon = null;
        return status(call.session);
      },
    }],
    ['session.subscriptions', {
      weight: fixed(2),
      async run(call) {
        restParams(call.params).done();
        return call.session.subscriptionIds().map((subscriptionId) => ({ subscriptionId }));
      },
    }],
    ['userDataStream.subscribe', {
      weight: fixed(2),
      async run(call) {
        restParams(call.params).done();
        const logon = call.session.logon;
        if (logon === null) throw wsApiErrors.notLoggedIn();
        const found = await auth.keys.lookup(logon.apiKey);
        if (found === null || found.row.user !== logon.user || !(await auth.userActive(logon.user))) {
          call.session.logon = null;
          throw errors.keyInvalid();
        }
        return { subscriptionId: call.session.subscribe(logon.user, logon.apiKey, true) };
      },
    }],
    ['userDataStream.subscribe.signature', {
      weight: fixed(2),
      async run(call) {
        if (!('apiKey' in call.params)) throw errors.mandatory('apiKey');
        const { caller, params } = await signed(call, 'GET', false);
        params.done();
        return { subscriptionId: call.session.subscribe(caller.user, caller.apiKey, false) };
      },
    }],
    ['userDataStream.unsubscribe', {
      weight: fixed(2),
      async run(call) {
        const params = restParams(call.params);
        const id = params.int('subscriptionId', 0, 65_535);
        params.done();
        if (!call.session.unsubscribe(id)) throw wsApiErrors.notSubscribed();
        return {};
      },
    }],
    ['userDataStream.start', {
      weight: fixed(2),
      async run(call) {
        const caller = await keyed(call, restParams(call.params));
        return { listenKey: deps.keys.open(caller.user, caller.apiKey).key };
      },
    }],
    ['userDataStream.ping', {
      weight: fixed(2),
      async run(call) {
        const params = restParams(call.params);
        const listenKey = params.required('listenKey');
        const caller = await keyed(call, params);
        if (deps.keys.keepAlive(caller.user, caller.apiKey, listenKey) === undefined) throw listenKeyErrors.missing();
        return {};
      },
    }],
    ['userDataStream.stop', {
      weight: fixed(2),
      async run(call) {
        const params = restParams(call.params);
        const listenKey = params.required('listenKey');
        const caller = await keyed(call, params);
        if (!deps.keys.delete(caller.user, listenKey)) throw listenKeyErrors.missing();
        return {};
      },
    }],
  ]);
  const served = new Map<string, WsApiMethod>();
  for (const [name, method] of methods) if (method !== undefined) served.set(name, method);
  return served;
}
