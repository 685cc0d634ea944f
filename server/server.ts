// Starts the exchange in this process: store, bus, desks (rebuilt from the store), notifier, app, listening
// socket. Returns a handle whose close() stops accepting, lets requests in flight finish, closes sockets, then
// the desks (after their last commit), the bus and the store. Configuration comes only from
// the options (main.ts reads the environment), so tests and tools decide exactly what they get.
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { argon2Hasher } from './accounts/passwords.ts';
import { systemClock, type Clock } from './clock.ts';
import { DEFAULT_PORT, DEFAULT_SESSION_TTL_HOURS } from './config.ts';
import { REQUEST_TIMEOUT_MS } from './contract/api.ts';
import { buildApp } from './gateway/app.ts';
import { createMessages } from './i18n/messages.ts';
import { createNotifier, type MailTransport } from './notify/notifier.ts';
import { smtpTransport } from './notify/smtp.ts';
import { DEFAULT_STATIC_DIR } from './paths.ts';
import { createStore, type Store } from './store/index.ts';
import { createInProcessBus, type Bus } from './bus/index.ts';
import { createDesks, type DeskEvent, type Desks } from './desks/index.ts';

export interface StartOptions {
  /** 0 picks any free port; default 8080. */
  port?: number;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
  /** Directory of the built web app; default <repo>/dist. */
  staticDir?: string;
  smtpUrl?: string;
  smtpFrom?: string;
  sessionTtlHours?: number;
  logger?: boolean;
  logLevel?: string;
  trustProxy?: boolean;
  clock?: Clock;
  /** Replaces SMTP, for tests that look at what would be mailed. */
  mailTransport?: MailTransport;
  /** How often the spot desk re-reads market flags set by the operator CLI; default 2000 ms, 0 = never. */
  marketRefreshMs?: number;
}

export interface ServerHandle {
  /** http://127.0.0.1:PORT (or the host it listens on, when that is a specific other address). */
  url: string;
  port: number;
  app: FastifyInstance;
  store: Store;
  bus: Bus<DeskEvent>;
  /** handle.desks.spot for trading, handle.desks.transfers between wallets, one desk per wallet. */
  desks: Desks;
  close(): Promise<void>;
}

const ANY_HOST = new Set(['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1']);

export async function startServer(options: StartOptions = {}): Promise<ServerHandle> {
  const clock = options.clock ?? systemClock;
  const store = await createStore({
    databaseUrl: options.databaseUrl,
    dataDir: resolve(options.dataDir ?? 'data'),
    clock,
  });
  let app: FastifyInstance | undefined;
  const bus = createInProcessBus<DeskEvent>({
    onError: (error, topic) => app?.log.error({ err: error, topic }, 'event handler failed'),
  });
  let desks: Desks;
  try {
    desks = await createDesks({
      store,
      bus,
      clock,
      marketRefreshMs: options.marketRefreshMs,
      onStop: (wallet, error) => app?.log.fatal({ err: error }, `the ${wallet} desk stopped; restart the server to rebuild it from the store`),
    });
  } catch (error) {
    await bus.close();
    await store.close();
    throw error;
  }
  const mail =
    options.mailTransport ??
    (options.smtpUrl ? smtpTransport(options.smtpUrl, options.smtpFrom ?? 'OpenEx <no-reply@localhost>') : undefined);
  const notifier = createNotifier({
    outbox: store.outbox,
    clock,
    mail,
    onError: (error) => app?.log.error({ err: error }, 'message delivery failed'),
  });
  try {
    app = await buildApp({
      store,
      notifier,
      messages: createMessages(undefined, (locale, key) =>
        app?.log.warn(`no "${key}" message in locales/${locale}/server.po; answering in English`),
      ),
      hasher: argon2Hasher(),
      clock,
      sessionTtlMs: (options.sessionTtlHours ?? DEFAULT_SESSION_TTL_HOURS) * 3_600_000,
      staticDir: options.staticDir ?? DEFAULT_STATIC_DIR,
      logger: options.logger ? { level: options.logLevel ?? 'info' } : false,
      trustProxy: options.trustProxy ?? false,
    });
    // Slow clients must not hold sockets forever; the web app itself gives up after 30 s.
    app.server.requestTimeout = REQUEST_TIMEOUT_MS;
    app.server.headersTimeout = REQUEST_TIMEOUT_MS;
    const host = options.host ?? '0.0.0.0';
    await app.listen({ port: options.port ?? DEFAULT_PORT, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_PORT);
    const urlHost = ANY_HOST.has(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    const running = app;
    let closing: Promise<void> | null = null;
    return {
      url: `http://${urlHost}:${port}`,
      port,
      app: running,
      store,
      bus,
      desks,
      close: () =>
        (closing ??= (async () => {
          await running.close();
          notifier.close();
          await desks.close();
          await bus.close();
          await store.close();
        })()),
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    notifier.close();
    await desks.close().catch(() => undefined);
    await bus.close();
    await store.close();
    throw error;
  }
}
