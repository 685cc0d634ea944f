// Builds the Fastify app: external plugins, then the services over the store, then the routes. Listening,
// timeouts and shutdown are server.ts's job, so tests can use this through app.inject().
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Clock } from '../clock.ts';
import { createAccounts } from '../accounts/service.ts';
import type { PasswordHasher } from '../accounts/passwords.ts';
import type { Messages } from '../i18n/messages.ts';
import type { Notifier } from '../notify/notifier.ts';
import { withAntiPhishing } from '../notify/anti-phishing.ts';
import type { Store } from '../store/index.ts';
import { createEnvelopes } from './envelope.ts';
import { installErrorHandlers } from './errors.ts';
import { accountRoutes } from './routes/account.ts';
import { productRoutes } from './routes/product.ts';
import { rechargeRoutes } from './routes/recharge.ts';
import { systemConfigRoutes } from './routes/systemConfig.ts';
import { webRoutes } from './routes/web.ts';
import { wsErrorHandler, wsRoutes } from './routes/ws.ts';
import { lastPriceText, spotRoutes } from './routes/spot/index.ts';
import { contractRoutes } from './routes/contract/index.ts';
import { secondsRoutes } from './routes/seconds.ts';
import { earnRoutes } from './routes/earn.ts';
import { quantRoutes } from './routes/quant.ts';
import { binanceRoutes, loadMasterKey } from './binance/index.ts';
import { createApiKeys } from './binance/keys.ts';
import { apiKeyRoutes } from './routes/apiKeys.ts';
import { favouriteRoutes } from './routes/favourites.ts';
import { feeRoutes } from './routes/fees.ts';
import { layoutRoutes } from './routes/layouts.ts';
import type { Trading } from './trading.ts';
import type { AreaRouteDeps } from './routes/area-deps.ts';
import { identityRoutes } from './routes/identity.ts';
import { inviteRoutes } from './routes/invite.ts';
import { reservesRoutes } from './routes/reserves.ts';
import { walletRoutes } from './routes/wallet.ts';
import type { WalletChain } from '../chain/index.ts';
import { securityRoutes } from './routes/security.ts';
import { twoFactorRoutes } from './routes/twofactor.ts';
import { contentRoutes } from './routes/content.ts';
import { feedbackRoutes } from './routes/feedback.ts';

export interface AppOptions {
  store: Store;
  notifier: Notifier;
  messages: Messages;
  hasher: PasswordHasher;
  clock: Clock;
  sessionTtlMs: number;
  staticDir: string;
  logger?: boolean | { level: string };
  /** Trust X-Forwarded-For from a load balancer in front (rate limits are per client address). */
  trustProxy?: boolean;
  /** Desks, bus, market data and index prices; without it only the account and listing API is served. */
  trading?: Trading;
  /** Where the server keeps its files; the API-key master key lives here unless API_KEY_SECRET is set. */
  dataDir?: string;
  /** Custody's chain side (deposit addresses, networks); absent: no deposits or withdrawals (server/custody.ts). */
  chain?: WalletChain | undefined;
}

const BODY_LIMIT = 64 * 1024;
const WS_MAX_FRAME = 64 * 1024;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy ?? false,
  });

  // A POST with a JSON content type and no body (what some clients send for logout) is an absent body, which
  // the routes that need one reject themselves; anything else goes to Fastify's own hardened JSON parser.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    json(request, text, done);
  });

  // A peer's protocol violation (a frame over WS_MAX_FRAME) is logged once at info level and counted (routes/ws.ts).
  await app.register(websocket, { options: { maxPayload: WS_MAX_FRAME }, errorHandler: wsErrorHandler });
  await webRoutes(app, options.staticDir);

  const envelopes = createEnvelopes(options.messages);
  // Every message the app sends goes through this one notifier: it adds the recipient's anti-phishing code.
  const notifier = withAntiPhishing(options.notifier, options.store);
  const accounts = createAccounts({
    store: options.store,
    clock: options.clock,
    notifier,
    messages: options.messages,
    hasher: options.hasher,
    sessionTtlMs: options.sessionTtlMs,
  });

  installErrorHandlers(app, envelopes, options.staticDir);
  accountRoutes(app, accounts, envelopes);
  const trading = options.trading;
  productRoutes(
    app,
    options.store.markets,
    envelopes,
    trading ? (symbol) => lastPriceText(trading, symbol, options.clock()) : undefined,
  );
  systemConfigRoutes(app, options.store.config, envelopes);
  rechargeRoutes(app, accounts, envelopes);
  wsRoutes(app, options.clock, options.messages);
  feeRoutes(app, { store: options.store, clock: options.clock, accounts, envelopes });
  favouriteRoutes(app, { store: options.store, clock: options.clock, accounts, envelopes });
  layoutRoutes(app, { store: options.store, clock: options.clock, accounts, envelopes });
  const area: AreaRouteDeps = {
    store: options.store, clock: options.clock, accounts, envelopes, messages: options.messages, notifier,
    hasher: options.hasher, dataDir: options.dataDir, trading: options.trading, chain: options.chain,
  };
  identityRoutes(app, area);
  securityRoutes(app, area);
  twoFactorRoutes(app, area);
  inviteRoutes(app, area);
  walletRoutes(app, area);
  reservesRoutes(app, area);
  // Issue 25: the published pages and the bell, and feedback (without desks too: they need only the store).
  contentRoutes(app, area);
  feedbackRoutes(app, area);
  if (options.trading) {
    spotRoutes(app, { trading: options.trading, accounts, envelopes, store: options.store, clock: options.clock });
    contractRoutes(app, { trading: options.trading, accounts, envelopes, store: options.store, clock: options.clock });
    secondsRoutes(app, { trading: options.trading, accounts, envelopes, store: options.store, clock: options.clock });
    earnRoutes(app, { trading: options.trading, accounts, envelopes, store: options.store, clock: options.clock });
    quantRoutes(app, { trading: options.trading, accounts, envelopes, store: options.store, clock: options.clock });
    const dataDir = options.dataDir;
    // Loaded on first use, once, for both the user's key routes and the Binance API that checks the keys.
    let master: Buffer | null = null;
    const apiKeyMaster = () => (master ??= loadMasterKey(dataDir === undefined ? {} : { dataDir }));
    apiKeyRoutes(app, {
      store: options.store, accounts, envelopes, messages: options.messages,
      keys: createApiKeys({ store: options.store, clock: options.clock, master: apiKeyMaster }),
    });
    await binanceRoutes(app, {
      trading: options.trading,
      store: options.store,
      clock: options.clock,
      apiKeyMaster,
    });
  }
  return app;
}
