// A gateway of a cluster (issue 26): the public HTTP and WebSocket API with no desk of its own. Its desks are the
// remote faces of the desk processes (desk-client.ts), its events come from them over NATS, and everything it keeps
// (market data, sessions' caches) is rebuilt from the store and the events, so any number of gateways can serve
// behind a load balancer and a client whose gateway dies goes on through another.
//
// Not in a gateway: the jobs (index, marks, funding, the price record, accruals, robots), the operator console and
// the admin channel: the active jobs process runs them (jobs.ts, jobs-main.ts). The index a gateway shows is the
// price record's, from its events; a perpetual's funding, from the jobs' mark events.
import type { FastifyInstance } from 'fastify';
import { argon2Hasher } from '../accounts/passwords.ts';
import { createCommandLog, createNatsBus, type Bus, type CommandLog } from '../bus/index.ts';
import { systemClock, type Clock } from '../clock.ts';
import { DEFAULT_SESSION_TTL_HOURS } from '../config.ts';
import { REQUEST_TIMEOUT_MS } from '../contract/api.ts';
import type { DeskEvent } from '../desks/events.ts';
import type { Desks } from '../desks/index.ts';
import { buildApp } from '../gateway/app.ts';
import { fstreamRoutes } from '../gateway/binance/fstream.ts';
import { spotUserStreamRoutes } from '../gateway/binance/sstream-user.ts';
import { attachWsHub, createWsHub } from '../gateway/routes/ws-hub.ts';
import { createMessages } from '../i18n/messages.ts';
import { startLive, type Live } from '../market/live.ts';
import type { MarketMessage } from '../market/publisher.ts';
import { withAntiPhishing } from '../notify/anti-phishing.ts';
import { createNotifier } from '../notify/notifier.ts';
import { DEFAULT_STATIC_DIR } from '../paths.ts';
import type { PriceRecordEntry } from '../contract/seconds.ts';
import { unitsOf } from '../contract/seconds-record.ts';
import type { Trading } from '../gateway/trading.ts';
import { parseRate, rate, type Price, type Rate } from '../kernel/index.ts';
import { createStore, type Store } from '../store/index.ts';
import { connectDesks, type DeskClient } from './desk-client.ts';
import { openRemoteDesks, watchingDesks } from './remote-desks.ts';

export interface GatewayOptions {
  readonly databaseUrl: string;
  readonly natsUrl: string;
  /** Subject prefix of the cluster's logs, reads and events (default 'ex'). */
  readonly prefix?: string | undefined;
  readonly port?: number | undefined;
  readonly host?: string | undefined;
  /** Where the API-key master key lives (every gateway of a cluster needs the same one, or API_KEY_SECRET). */
  readonly dataDir: string;
  readonly staticDir?: string | undefined;
  readonly logger?: boolean | undefined;
  readonly trustProxy?: boolean | undefined;
  /** How long a desk call waits for its answer before `desk.unreachable` (default 10 s). */
  readonly deskTimeoutMs?: number | undefined;
  /** How long start-up waits for the desk processes to answer (default 60 s). */
  readonly startTimeoutMs?: number | undefined;
  readonly clock?: Clock | undefined;
  /** This gateway's name in answer subjects and connection names (default gw-<pid>). */
  readonly name?: string | undefined;
}

export interface GatewayHandle {
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  readonly store: Store;
  readonly desks: Desks;
  close(): Promise<void>;
}

export async function startGateway(o: GatewayOptions): Promise<GatewayHandle> {
  const clock = o.clock ?? systemClock;
  const prefix = o.prefix ?? 'ex';
  const name = o.name ?? `gw-${process.pid}`;
  const store = await createStore({ databaseUrl: o.databaseUrl });
  let app: FastifyInstance | undefined;
  let bus: Bus<DeskEvent> | undefined;
  let log: CommandLog | undefined;
  let client: DeskClient | undefined;
  let remote: Desks | undefined;
  let live: Live | undefined;
  let fundingTimer: NodeJS.Timeout | undefined;
  const logError = (error: unknown, what: string) => app?.log.error({ err: error }, `${what} failed`);
  try {
    const events = await createNatsBus<DeskEvent>({ servers: o.natsUrl, prefix: `${prefix}.ev`, name: `${name}-events`, onError: (e, topic) => logError(e, `event ${topic}`) });
    bus = events;
    log = await createCommandLog({ servers: o.natsUrl, prefix, name: `${name}-log` });
    const desksClient = connectDesks({ log, prefix, timeoutMs: o.deskTimeoutMs, gateway: name.replace(/[^A-Za-z0-9_-]/g, '_') });
    client = desksClient;
    // The desks build a user's events only while a gateway watches the user: this one tells them whom it watches.
    bus = watchingDesks(events, desksClient);
    const desks = await openRemoteDesks(desksClient, store, { startTimeoutMs: o.startTimeoutMs });
    remote = desks;
    // A market's status (an operator's halt) reaches the mirrored copies within their refresh (1 s).

    let publishMarket: (message: MarketMessage) => void = () => undefined;
    // Candles are the jobs process's to write (one writer in a cluster); this gateway keeps its own until written.
    live = await startLive({ store, bus, desks, clock, feeds: false, writeCandles: false, publish: (m) => publishMarket(m), onError: logError });
    // The index is the jobs process's (jobs.ts): the latest entry of each market's public price record, as its events
    // come (an entry older than 10 s is no index, as the jobs' marks read it).
    const recorded = new Map<string, PriceRecordEntry>();
    bus.subscribe('priceRecord.*', (event) => {
      if (event.type === 'priceRecord') recorded.set(event.entry.market, event.entry);
    });
    const tickSizes = new Map(live.markets.map((m) => [m.symbol, m.tickSize]));
    // A perpetual's funding as the jobs' marks carry it (the predicted rate, the next funding time), with the last
    // settled rate asked of the perp desk at start and every minute.
    const predicted = new Map<string, { rate: Rate; nextFundingTime: number }>();
    bus.subscribe('perp.*.mark', (event) => {
      if (event.type === 'perp.mark') predicted.set(event.symbol, { rate: parseRate(event.fundingRate), nextFundingTime: event.nextFundingTime });
    });
    const settled = new Map<string, Rate>();
    const readSettled = async () => {
      for (const pm of desks.perp.markets()) {
        const r = await desks.perp.fundingState(pm.symbol);
        if (r.ok && r.value.lastRate !== null) settled.set(pm.symbol, r.value.lastRate);
      }
    };
    await readSettled().catch((error: unknown) => logError(error, 'funding state'));
    fundingTimer = setInterval(() => void readSettled().catch((error: unknown) => logError(error, 'funding state')), 60_000);
    fundingTimer.unref();
    const trading: Trading = {
      ...live.trading,
      perpFunding: (symbol) => {
        const p = predicted.get(symbol);
        return p === undefined ? undefined : { rate: p.rate, lastRate: settled.get(symbol) ?? rate(0n), nextFundingTime: p.nextFundingTime };
      },
      indexPrice: (symbol) => {
        const e = recorded.get(symbol);
        const tick = tickSizes.get(symbol);
        const price = e === undefined ? null : unitsOf(e.price);
        if (e === undefined || price === null || tick === undefined || clock() - e.ts > 10_000) return null;
        const ticks = price / tick;
        return Number(ticks < 1n ? 1n : ticks) as Price;
      },
    };
    const notifier = createNotifier({ outbox: store.outbox, clock, onError: (error) => logError(error, 'message delivery') });
    const messages = createMessages();
    const sessionTtlMs = DEFAULT_SESSION_TTL_HOURS * 3_600_000;
    app = await buildApp({
      store, notifier: withAntiPhishing(notifier, store), messages, hasher: argon2Hasher(), clock, sessionTtlMs,
      staticDir: o.staticDir ?? DEFAULT_STATIC_DIR, logger: o.logger ?? false, trustProxy: o.trustProxy ?? false, trading, dataDir: o.dataDir,
    });
    const hub = createWsHub({ trading, store, clock, sessionTtlMs });
    attachWsHub(app, hub);
    fstreamRoutes(app, { trading, store, clock });
    spotUserStreamRoutes(app, { trading, store, clock });
    publishMarket = (m) => hub.market(m);
    app.server.requestTimeout = REQUEST_TIMEOUT_MS;
    app.server.headersTimeout = REQUEST_TIMEOUT_MS;
    const host = o.host ?? '127.0.0.1';
    await app.listen({ port: o.port ?? 0, host });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : (o.port ?? 0);
    const running = app;
    const started = { bus, log, client: desksClient, live };
    let closing: Promise<void> | null = null;
    return {
      url: `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`,
      port,
      app: running,
      store,
      desks,
      close: () =>
        (closing ??= (async () => {
          clearInterval(fundingTimer);
          await running.close();
          hub.close();
          notifier.close();
          await started.live.stop();
          await desks.close();
          await started.client.close();
          await started.bus.close();
          await started.log.close();
          await store.close();
        })()),
    };
  } catch (error) {
    clearInterval(fundingTimer);
    await app?.close().catch(() => undefined);
    await live?.stop().catch(() => undefined);
    await remote?.close();
    await client?.close().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    await log?.close().catch(() => undefined);
    await store.close();
    throw error;
  }
}
