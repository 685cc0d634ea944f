// Binance-compatible REST: /api/v3 (public market data and signed spot trading), /sapi/v1 (the wallet and margin
// calls ccxt makes while loading markets), /fapi/v1 and /dapi/v1 (futures market info). Each prefix is its own
// encapsulated scope so its body parsing (raw text: the signature covers the body exactly as sent), its
// `{code, msg}` errors and its 404 don't touch the app API. As on Binance, parameters come from the query string
// and, on POST/PUT/DELETE, from a body sent as application/x-www-form-urlencoded; any other body is neither read
// nor signed.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/index.ts';
import type { Trading } from '../trading.ts';
import { authenticate, authenticateKey, ReplayGuard, restCall, type AuthDeps } from './auth.ts';
import { errorBody, errors, failure } from './errors.ts';
import { createApiKeys, loadMasterKey } from './keys.ts';
import { ORDERS_PER_10S, ordersExceeded, WEIGHT_PER_MINUTE, weightExceeded, Windows } from './limits.ts';
import { orderRoutes, type SignedRoute } from './orders.ts';
import { Params } from './params.ts';
import { futuresAccountRoutes, futuresRoutes } from './futures.ts';
import { Usdm } from './futures-context.ts';
import { listenKeyRoutes, listenKeysOf } from './fstream-keys.ts';
import { publicRoutes, type Route } from './public.ts';
import { walletRoutes, type KeyedRoute } from './wallet.ts';
import { earnRoutes } from './earn.ts';
import { wsApiRoutes } from './ws-api.ts';

export interface BinanceRouteDeps {
  trading: Trading;
  store: Store;
  clock: Clock;
  /**
   * Master key of the stored API-key secrets, or how to load it on first use. Default loadMasterKey():
   * API_KEY_SECRET, else $DATA_DIR/api-key.secret (./data when DATA_DIR is unset, as loadConfig does).
   */
  apiKeyMaster?: Buffer | (() => Buffer) | undefined;
}

export const PREFIX = '/api/v3';

/**
 * Every top-level prefix of Binance's hosts that this server answers under: api.binance.com (/api, /sapi),
 * fapi/dapi.binance.com, stream and fstream.binance.com, ws-api.binance.com. A path under one of them that no route
 * serves is an unknown endpoint in Binance's shape, whatever its version segment (/fapi/v9/x, /api/v1/x): a bot gets
 * JSON it can read, never the web app's page with a 200. routes/web.ts keeps them out of the page fallback too.
 */
export const BINANCE_PREFIXES = ['/api', '/sapi', '/fapi', '/dapi', '/stream', '/fstream', '/ws-api'] as const;

const unknownEndpoint = (_request: FastifyRequest, reply: FastifyReply) => reply.code(404).send({ code: -1000, msg: 'Unknown endpoint.' });

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** The signed text's two parts, exactly as the client sent them; the body only when it is a form (not on GET). */
type RawParts = { query: string; body: string };

function rawParts(request: FastifyRequest): RawParts {
  const at = request.url.indexOf('?');
  const type = request.headers['content-type'];
  const form = request.method !== 'GET' && typeof type === 'string' && FORM.test(type) && typeof request.body === 'string';
  return { query: at < 0 ? '' : request.url.slice(at + 1), body: form ? (request.body as string) : '' };
}


export async function binanceRoutes(app: FastifyInstance, deps: BinanceRouteDeps): Promise<void> {
  const { trading, store, clock } = deps;
  const keys = createApiKeys({ store, clock, master: deps.apiKeyMaster ?? (() => loadMasterKey()) });
  const auth: AuthDeps = {
    keys,
    clock,
    replay: new ReplayGuard(),
    userActive: async (user) => (await store.users.findById(user))?.frozen === 0,
  };

  const weight = new Windows(60_000);
  const orders = new Windows(10_000);
  /** Counts a request against its address (before any work, so a flood costs little) and, for new orders, its key. */
  const meter = (request: FastifyRequest, reply: FastifyReply, n: number) => {
    const used = weight.add(request.ip, n, clock());
    reply.header('x-mbx-used-weight-1m', String(used));
    if (used > WEIGHT_PER_MINUTE) throw weightExceeded();
  };

  interface Scope {
    route: Route;
    signed: SignedRoute;
    keyed: KeyedRoute;
  }
  /** One Binance prefix: its own body parsing, error shape and 404; every request metered by address. */
  const scope = (prefix: string, register: (s: Scope) => void) =>
    app.register(
      async (scope) => {
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
        scope.setErrorHandler((error: unknown, request, reply) => {
          const known = failure(error);
          if (known === null) request.log.error({ err: error }, 'binance api request failed');
          const e = known ?? errors.unknown();
          return reply.code(e.status).send(errorBody(e));
        });
        scope.setNotFoundHandler(unknownEndpoint);

        // Every route meters its weight and reads its parameters the same way; the kinds differ in who may call.
        type Method = Parameters<Route>[0];
        const on = (method: Method, path: string, handle: (request: FastifyRequest, reply: FastifyReply, params: Params, raw: RawParts) => unknown) =>
          scope.route({
            method,
            url: path,
            handler: async (request, reply) => {
              meter(request, reply, 1);
              const raw = rawParts(request);
              return handle(request, reply, new Params(raw.query, raw.body), raw);
            },
          });
        const route: Route = (method, path, handler) => on(method, path, (_request, _reply, params) => handler(params));
        const signed: SignedRoute = (method, path, trade, handler) =>
          on(method, path, async (request, reply, params, raw) => {
            const caller = await authenticate(auth, restCall(request), params, raw, trade);
            // New orders count toward the 10-second limit wherever they are placed (conditional ones too).
            if (method === 'POST' && (path === '/order' || path === '/algoOrder')) {
              const placed = orders.add(caller.apiKey, 1, clock());
              reply.header('x-mbx-order-count-10s', String(placed));
              if (placed > ORDERS_PER_10S) throw ordersExceeded();
            }
            return handler(params, caller);
          });
        const keyed: KeyedRoute = (method, path, handler) =>
          on(method, path, async (request, _reply, params) => handler(params, await authenticateKey(auth, restCall(request))));
        register({ route, signed, keyed });
      },
      { prefix },
    );

  await scope(PREFIX, ({ route, signed }) => {
    publicRoutes(route, trading, clock);
    orderRoutes(signed, trading, store);
  });
  await scope('/sapi/v1', ({ signed, keyed }) => {
    walletRoutes(signed, keyed, trading);
    // Simple Earn (Locked): the wealth products (earn.ts).
    earnRoutes(signed, { trading, store, clock });
  });
  const usdm = new Usdm({ trading, store, clock });
  app.addHook('onClose', async () => usdm.close());
  await scope('/fapi/v1', ({ route, signed }) => futuresRoutes(route, clock, { kind: 'usdm', usdm: { context: usdm, signed } }));
  // User data stream keys (fstream-keys.ts): API key, no signature; the WebSocket side is fstream.ts and, for the
  // spot ones (/api/v3/userDataStream), sstream-user.ts.
  await listenKeyRoutes(app, { auth, clock, meter });
  await listenKeyRoutes(app, { auth, clock, meter, venue: 'spot' });
  // Binance's spot WebSocket API at /ws-api/v3 (ws-api.ts): the /api/v3 order handlers, the same keys and limits.
  wsApiRoutes(app, { trading, store, clock, auth, weight, orders, keys: listenKeysOf(app, clock, 'spot') });
  await scope('/fapi/v2', ({ signed }) => futuresAccountRoutes(signed, usdm, 'v2'));
  await scope('/fapi/v3', ({ signed }) => futuresAccountRoutes(signed, usdm, 'v3'));
  await scope('/dapi/v1', ({ route }) => futuresRoutes(route, clock, { kind: 'coinm' }));
  // The rest of each prefix (another version, a bare /fapi, a WebSocket base's unknown path): Binance's 404. A
  // more specific scope's handler (/api/v3 above) still answers its own paths.
  for (const prefix of BINANCE_PREFIXES) await app.register(async (rest) => rest.setNotFoundHandler(unknownEndpoint), { prefix });
}

export { createApiKeys, loadMasterKey, type ApiKeys, type ApiKeyInfo, type ApiKeyOptions } from './keys.ts';
