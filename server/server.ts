// Starts the exchange in this process: store, bus, desks (rebuilt from the store), market data and index prices
// (market/live.ts), notifier, app, market-maker bot and jobs, and last the listening socket, once all of that runs.
// Returns a handle whose close() stops
// accepting, lets requests in flight finish, closes sockets, stops the bots (so their last trades make the final
// candle write), the index feed and the market publisher (final candle write), then the desks (after their last
// commit), the bus and the store. Configuration comes only from the options (main.ts reads the environment), so
// tests and tools decide exactly what they get.
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { argon2Hasher } from './accounts/passwords.ts';
import { systemClock, type Clock } from './clock.ts';
import { DEFAULT_OPS_HOST, DEFAULT_PORT, DEFAULT_SESSION_TTL_HOURS } from './config.ts';
import { REQUEST_TIMEOUT_MS } from './contract/api.ts';
import { buildApp } from './gateway/app.ts';
import { createMessages } from './i18n/messages.ts';
import { createNotifier, type MailTransport } from './notify/notifier.ts';
import { withAntiPhishing } from './notify/anti-phishing.ts';
import { smtpTransport } from './notify/smtp.ts';
import { DEFAULT_STATIC_DIR } from './paths.ts';
import { createStore, type Store } from './store/index.ts';
import { createInProcessBus, type Bus } from './bus/index.ts';
import { createDesks, type DeskEvent, type LocalDesks } from './desks/index.ts';
import type { Trading } from './gateway/trading.ts';
import { startLive, type Live } from './market/live.ts';
import type { MarketMessage } from './market/publisher.ts';
import { attachWsHub, createWsHub } from './gateway/routes/ws-hub.ts';
import { seedDemoContent } from './content/service.ts';
import { DEMO_ARTICLES } from './content/demo/index.ts';
import { fstreamRoutes } from './gateway/binance/fstream.ts';
import { spotUserStreamRoutes } from './gateway/binance/sstream-user.ts';
import { startBots, type Bots } from './bots/index.ts';
import { startPerpMarks, type PerpMarks } from './jobs/perp-marks.ts';
import { startPriceRecord, type PriceRecord } from './jobs/price-record.ts';
import { unitsOf } from './contract/seconds-record.ts';
import { indexPrice, type Price } from './kernel/index.ts';

import { indexSourcesOf } from './jobs/index-sources.ts';
import { backfillStart, runBackfill } from './bots/backfill.ts';
import type { IndexRecord } from './feeds/chain.ts';
import { virtualClock } from './virtual-clock.ts';
import { feeDesks, setUpFeeLevels } from './jobs/fee-levels.ts';
import { startCommissions, type CommissionJob } from './jobs/commissions.ts';
import { startEarnAccrual, type EarnJob } from './jobs/earn.ts';
import { startQuantRobots } from './jobs/quant.ts';
import type { PeriodicJob } from './jobs/periodic.ts';
import { DEMO_TREASURY } from './desks/earn/state.ts';
import { deprioritiseV8Workers } from './threads.ts';
import { startAdminChannel, type AdminChannel, type AdminSettings } from './admin/index.ts';
import { DEFAULT_SEED } from './feeds/live-index.ts';
import { startCustody, type Custody, type CustodyOptions } from './custody.ts';
import { startReservesJob, type ReservesJob } from './reserves/job.ts';
import { buildOpsApp } from './ops/app.ts';

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
  /** Run the simulated index feed (default true); off, index prices stay at their last saved records. */
  feeds?: boolean;
  /** Run the market-maker bot (default false here; main.ts turns it on). */
  bots?: boolean;
  /** The market maker's timer (default 250 ms, 4 markets a tick); tests make it faster. */
  botTickMs?: number;
  /** Seed of the simulated index and the bots' randomness (default feeds/live-index.ts DEFAULT_SEED). */
  seed?: number;
  /** WebSocket heartbeat: a connection silent for 3 × this is dropped; default WS_HEARTBEAT_MS. */
  wsHeartbeatMs?: number;
  /** The operators' admin channel (server/admin/): a 0600 Unix socket, default DATA_DIR/admin.sock; false: none. */
  admin?: AdminSettings | false;
  /**
   * The demo's history: on a store without trades, with bots and feeds on, first replay this much simulated past
   * through the desks before listening (bots/backfill.ts; main.ts asks for 7 days). Default 0: none.
   */
  backfillMs?: number;
  /** Told every index record appended (tests verify the hash chains across the backfill and the live run). */
  onIndexRecord?: (record: IndexRecord) => void;
  /**
   * Test builds only: a price (quote minor units per coin) that stands for a market's index while it is not null,
   * wherever the index is read (the app, the bots' quotes, the perpetuals' mark job), so the mark follows it on the
   * next tick and liquidations take their normal path. Only the in-process harness (test/e2e/server.ts setIndex)
   * passes it: a function can come from no environment variable, CLI flag, config file or route, and main.ts passes
   * none (test/server/server-index-override.test.ts).
   */
  indexOverride?: (symbol: string) => bigint | null;
  /**
   * Seconds contracts: on a store without a seconds table, seed the demo durations for every USDT market (default
   * true), and credit the house this much USDT through the ledger once (an operator credit with a fixed request id;
   * main.ts: the demo's amount; default none).
   */
  secondsDemo?: { seed?: boolean; houseFund?: string } | undefined;
  /**
   * Wealth products and mining pools: on a store with none, add the demo's (default on); `treasury` (main.ts's demo)
   * credits the treasury once per store with DEMO_TREASURY, the operator's money that funds their incomes.
   */
  earnDemo?: { seed?: boolean; treasury?: boolean } | undefined;
  /**
   * Published content: `seed` publishes the demo's announcements, help and information articles and pages in nine
   * languages (content/demo/), each once per store however often the server restarts (main.ts: on). Default off.
   */
  contentDemo?: { seed?: boolean } | undefined;
  /** How often the earn accrual job looks at the clock (real ms; 0: never by itself, tests call it). */
  earnPollMs?: number | undefined;
  /** The robots' scheduler tick (real ms, default 250; 0 = never by itself). */
  quantPollMs?: number | undefined;
  /** The price record's interval (default 1000 ms). */
  recordIntervalMs?: number;
  /** Told when a seconds contract settled, after its commit (the bench). */
  onSecondsSettled?: DesksOptionsSettled;
  /** Deposits and withdrawals (server/custody.ts): main.ts passes the environment's; default none. */
  custody?: CustodyOptions | undefined;
  /** The daily liabilities snapshot (reserves/job.ts; operators can always take one): main.ts turns it on; default off. */
  liabilities?: boolean | undefined;
  /**
   * The operator console (server/ops/): its own app on its own listener, default host 127.0.0.1 (port 0: any free
   * one). Refused on the public port. main.ts passes OPS_PORT/OPS_HOST (config.ts loadOpsConfig); default none.
   */
  ops?: { port?: number | undefined; host?: string | undefined } | false | undefined;
}

type DesksOptionsSettled = Parameters<typeof createDesks>[0]['onSecondsSettled'];

export interface ServerHandle {
  /** http://127.0.0.1:PORT (or the host it listens on, when that is a specific other address). */
  url: string;
  port: number;
  app: FastifyInstance;
  store: Store;
  bus: Bus<DeskEvent>;
  /** handle.desks.spot for trading, handle.desks.transfers between wallets, one desk per wallet. */
  desks: LocalDesks;
  /** The public price record (null with feeds off): tests tick it, seconds contracts settle on it. */
  priceRecord: PriceRecord | null;
  /** The demo's replayed history at this first start (null: none was replayed): `to` is where the replay ended. */
  backfill: Awaited<ReturnType<typeof runBackfill>> | null;
  /** What the gateway trades with: desks, bus, market data, index prices. */
  trading: Trading;
  /** Deposits and withdrawals, when started with `custody`. */
  custody: Custody | null;
  /** The operator console's URL (http://127.0.0.1:OPS_PORT), null when not started with `ops`. */
  opsUrl: string | null;
  /** The operator console's app, null without it. */
  opsApp: FastifyInstance | null;
  close(): Promise<void>;
}

const ANY_HOST = new Set(['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1']);


export async function startServer(options: StartOptions = {}): Promise<ServerHandle> {
  // V8's background threads (GC, compiling) give way to the request thread and the SQLite writer (threads.ts).
  deprioritiseV8Workers();
  // One clock for everything; the demo's backfill drives it through a simulated past, then releases it.
  const baseClock = options.clock ?? systemClock;
  const virtual = virtualClock(baseClock);
  const clock = virtual.now;
  const dataDir = resolve(options.dataDir ?? 'data');
  const store = await createStore({ databaseUrl: options.databaseUrl, dataDir, clock });
  // The demo's articles count their age back from the real time (baseClock), not the backfill's simulated past.
  if (options.contentDemo?.seed === true) await seedDemoContent(store, baseClock, DEMO_ARTICLES);
  const pastMs = (options.bots ?? false) && (options.feeds ?? true) ? (options.backfillMs ?? 0) : 0;
  const backfillFrom = await backfillStart(store, baseClock(), pastMs).catch(async (error: unknown) => {
    await store.close();
    throw error;
  });
  if (backfillFrom !== null) virtual.set(backfillFrom);
  let app: FastifyInstance | undefined;
  const bus = createInProcessBus<DeskEvent>({
    onError: (error, topic) => app?.log.error({ err: error, topic }, 'event handler failed'),
  });
  let desks: LocalDesks;
  let live: Live;
  // Market messages go to the WebSocket hub once the app exists; before that there is nobody to tell.
  let publishMarket: (message: MarketMessage) => void = () => undefined;
  const logError = (error: unknown, what: string) => app?.log.error({ err: error }, `${what} failed`);
  let stopFeeLevels: () => Promise<void> = async () => undefined;
  try {
    desks = await createDesks({
      store,
      bus,
      clock,
      onSecondsSettled: options.onSecondsSettled,
      onStop: (wallet, error) => app?.log.fatal({ err: error }, `the ${wallet} desk stopped; restart the server to rebuild it from the store`),
    });
  } catch (error) {
    await bus.close();
    await store.close();
    throw error;
  }
  // Fee levels: the job recomputes them and hands what is in force to the desks, a command in each one's sequence
  // (desks/fee-schedule.ts). Never throws: a failed pass is logged and retried at the next tick (catch-up included).
  stopFeeLevels = await setUpFeeLevels({ store, clock, apply: feeDesks(desks), onError: (error) => logError(error, 'fee levels') });
  try {
    live = await startLive({
      store, bus, desks, clock, feeds: options.feeds, seed: options.seed,
      indexPaused: backfillFrom !== null, onIndexRecord: options.onIndexRecord,
      publish: (m) => publishMarket(m),
      onError: logError,
    });
  } catch (error) {
    await stopFeeLevels().catch(() => undefined);
    await desks.close().catch(() => undefined);
    await bus.close();
    await store.close();
    throw error;
  }
  // Test builds only (indexOverride): the index a test set stands for the feed's wherever the index is read (the
  // app, the bots' quotes, the mark job below), so the whole exchange sees the coin move.
  const forcedIndex = options.indexOverride;
  const trading: Trading =
    forcedIndex === undefined
      ? live.trading
      : {
          ...live.trading,
          indexPrice: (symbol) => {
            const price = forcedIndex(symbol);
            const m = live.markets.find((x) => x.symbol === symbol);
            if (price === null || m === undefined) return live.trading.indexPrice(symbol);
            const ticks = price / m.tickSize;
            return Number(ticks < 1n ? 1n : ticks) as Price;
          },
        };
  const mail =
    options.mailTransport ??
    (options.smtpUrl ? smtpTransport(options.smtpUrl, options.smtpFrom ?? 'OpenEx <no-reply@localhost>') : undefined);
  const notifier = createNotifier({
    outbox: store.outbox,
    clock,
    mail,
    onError: (error) => app?.log.error({ err: error }, 'message delivery failed'),
  });
  const messages = createMessages(undefined, (locale, key) =>
    app?.log.warn(`no "${key}" message in locales/${locale}/server.po; answering in English`),
  );
  const sessionTtlMs = (options.sessionTtlHours ?? DEFAULT_SESSION_TTL_HOURS) * 3_600_000;
  let bots: Bots | null = null;
  let perpMarks: PerpMarks | null = null;
  let priceRecord: PriceRecord | null = null;
  let adminChannel: AdminChannel | null = null;
  // Invitation commissions, paid daily through the spot desk (jobs/commissions.ts); stopped before the desks close.
  let commissions: CommissionJob | null = null;
  // Wealth and mining payments (jobs/earn.ts); stopped before the desks close.
  let earnJob: EarnJob | null = null;
  let quantJob: PeriodicJob<number> | null = null;
  let custody: Custody | null = null;
  let reserves: ReservesJob | null = null;
  let opsApp: FastifyInstance | null = null;
  try {
    if (options.custody !== undefined) {
      // Before the app: its wallet routes ask the chain for deposit addresses.
      custody = await startCustody(
        {
          store, clock, desks, notifier: withAntiPhishing(notifier, store), messages, dataDir, databaseUrl: options.databaseUrl,
          log: (error, what) => logError(error, what), info: (line) => (app === undefined ? console.log(line) : app.log.info(line)),
        },
        options.custody,
      );
    }
    app = await buildApp({
      store,
      notifier,
      messages,
      hasher: argon2Hasher(),
      clock,
      sessionTtlMs,
      staticDir: options.staticDir ?? DEFAULT_STATIC_DIR,
      logger: options.logger ? { level: options.logLevel ?? 'info' } : false,
      trustProxy: options.trustProxy ?? false,
      trading,
      dataDir,
      chain: custody?.chain,
    });
    const hub = createWsHub({ trading, store, clock, sessionTtlMs, heartbeatMs: options.wsHeartbeatMs });
    attachWsHub(app, hub);
    // Binance's USDⓈ-M WebSocket streams under /fstream (gateway/binance/fstream.ts); closed with the app.
    fstreamRoutes(app, { trading, store, clock });
    // Binance's spot WebSocket streams under /stream: the market streams (gateway/binance/sstream.ts) and the spot
    // listen keys' user data (sstream-user.ts); closed with the app.
    spotUserStreamRoutes(app, { trading, store, clock });
    publishMarket = (m) => hub.market(m);
    const feeds = options.feeds ?? true;
    const indexSources = indexSourcesOf(live, clock, forcedIndex);
    if (feeds) {
      // Created paused: the demo's backfill ticks it on the virtual clock through the past; its timer starts with
      // the price record below.
      perpMarks = startPerpMarks({
        desk: desks.perp,
        bus,
        clock,
        indexSources,
        paused: true,
        // Marks, funding and liquidations read the index from the public record's latest entry (an entry older
        // than 10 s is no index, as a stale source is none to kernel indexPrice). Before the record runs (the
        // backfill, which does not write the past into it), from the sources it records: the external index is
        // the feed's own record, hash-chained with its past time, and each mark row carries the index it used.
        recordedIndex: (symbol) => {
          const record = priceRecord;
          if (record === null) return indexPrice(indexSources(symbol), clock());
          const e = record.latest(symbol);
          return e === undefined || clock() - e.ts > 10_000 ? null : unitsOf(e.price);
        },
        onError: (error) => logError(error, 'perpetual marks'),
      });
      const marks = perpMarks;
      live.setPerpFunding((symbol) => marks.funding(symbol));
    }
    let backfill: Awaited<ReturnType<typeof runBackfill>> | null = null;
    if (backfillFrom !== null) {
      try {
        const report = await runBackfill({
          desks, bus, store, clock: virtual, base: baseClock, markets: live.markets, index: live.index, marks: perpMarks, seed: options.seed ?? DEFAULT_SEED, log: app.log,
        });
        backfill = report;
        const c = report.counts;
        const p = report.perp;
        const pc = p?.counts;
        app.log.info(
          `demo history: ${((report.to - report.from) / 86_400_000).toFixed(2)} days replayed in ${(report.ms / 1000).toFixed(1)} s: ${report.trades} trades, ` +
            `${c.replace + c.place + c.cancel + c.take} bot commands (${c.replace} moves, ${c.place} new quotes, ${c.take} crossing orders)` +
            (p === null || pc === undefined
              ? ''
              : `; perpetuals: ${p.trades} trades, ${pc.replace * 2 + pc.place + pc.cancel + pc.take} bot commands (${pc.replace} moves, ${pc.place} new quotes, ${pc.take} crossing orders)`) +
            `, ${report.refused} refused`,
        );
      } catch (error) {
        logError(error, 'demo history');
      } finally {
        virtual.release();
        live.index.resume();
      }
    }
    const running = app;
    if (feeds) {
      priceRecord = await startPriceRecord({
        store, clock, bus, markets: live.markets.map((m) => m.symbol), sources: indexSources, intervalMs: options.recordIntervalMs,
        onError: (error) => logError(error, 'price record'),
      });
      const record = priceRecord;
      record.onAppend(() => desks.seconds.kick());
      desks.seconds.attachRecord(record);
      await record.tick().catch((error: unknown) => logError(error, 'price record'));
      perpMarks?.resume();
    }
    if (options.bots ?? false) {
      bots = await startBots({ desks, store, clock, markets: live.markets, indexPrice: trading.indexPrice, seed: options.seed, log: running.log, maker: { tickMs: options.botTickMs } });
    }
    const started = bots;
    const demo = options.secondsDemo ?? {};
    if (demo.seed ?? true) {
      await desks.seconds.seedDefaults(live.markets.map((m) => m.symbol).filter((x) => x.endsWith('USDT')));
    }
    if (demo.houseFund !== undefined) {
      // One fixed request id: the credit happens once per store, however often the demo restarts.
      const reply = await desks.seconds.fundHouse({ action: 'credit', amount: demo.houseFund, memo: 'demo-house-fund', requestId: 'demo-house-fund-1' });
      if (!reply.ok) running.log.warn(`seconds house fund refused: ${reply.code}`);
    }
    commissions = startCommissions({ store, clock, pay: (req) => desks.spot.payCommission(req), onError: (error) => logError(error, 'invite commissions') });
    const earnDemo = options.earnDemo ?? {};
    if (earnDemo.seed ?? true) await desks.earn.seedDemo();
    if (earnDemo.treasury === true) {
      for (const [asset, amount] of Object.entries(DEMO_TREASURY)) {
        // One fixed request id per coin: the credit happens once per store, however often the demo restarts.
        const reply = await desks.earn.fundTreasury({ action: 'credit', asset, amount, memo: 'demo-treasury', requestId: `demo-treasury-${asset}` });
        if (!reply.ok) running.log.warn(`earn treasury fund refused: ${reply.code}`);
      }
    }
    earnJob = startEarnAccrual({ clock, desk: desks.earn, pollMs: options.earnPollMs, onError: (error) => logError(error, 'earn accrual') });
    quantJob = startQuantRobots({ desk: desks.spot, market: trading.market, pollMs: options.quantPollMs, onError: (error) => logError(error, 'quant robots') });
    if (options.liabilities === true) reserves = startReservesJob({ store, clock, onError: (error) => logError(error, 'liabilities snapshot') });
    if (options.admin !== false) {
      adminChannel = await startAdminChannel({ store, clock, desks, notifier: withAntiPhishing(notifier, store), messages, dataDir, databaseUrl: options.databaseUrl, settings: options.admin, log: running.log });
    }
    const admin = adminChannel;
    const host = options.host ?? '0.0.0.0';
    const publicPort = options.port ?? DEFAULT_PORT;
    let opsUrl: string | null = null;
    let opsPort: number | null = null;
    if (options.ops !== undefined && options.ops !== false) {
      const opsHost = options.ops.host ?? DEFAULT_OPS_HOST;
      const wanted = options.ops.port ?? 0;
      if (wanted !== 0 && wanted === publicPort) throw new Error(`the operator console can't listen on the public port ${publicPort}`);
      const record = () => priceRecord;
      opsApp = await buildOpsApp({
        store, clock, messages, hasher: argon2Hasher(), desks, notifier: withAntiPhishing(notifier, store), dataDir,
        staticDir: options.staticDir ?? DEFAULT_STATIC_DIR,
        logger: options.logger ? { level: options.logLevel ?? 'info' } : false,
        trustProxy: options.trustProxy ?? false,
        priceRecord: record,
        sockets: () => ({ open: running.websocketServer.clients.size, subscriptions: hub.subscriptionCount }),
      });
      opsApp.server.requestTimeout = REQUEST_TIMEOUT_MS;
      opsApp.server.headersTimeout = REQUEST_TIMEOUT_MS;
      await opsApp.listen({ port: wanted, host: opsHost });
      const opsAddress = opsApp.server.address();
      opsPort = typeof opsAddress === 'object' && opsAddress ? opsAddress.port : wanted;
      opsUrl = `http://${ANY_HOST.has(opsHost) ? '127.0.0.1' : opsHost.includes(':') ? `[${opsHost}]` : opsHost}:${opsPort}`;
      running.log.info(`operator console on ${opsUrl}`);
    }
    // The public port last, once everything it serves has started (the jobs, the demo's seeding, the bots): a request
    // never meets a server still starting, and a start that fails has answered nobody. Slow clients must not hold
    // sockets forever; the web app itself gives up after 30 s.
    running.server.requestTimeout = REQUEST_TIMEOUT_MS;
    running.server.headersTimeout = REQUEST_TIMEOUT_MS;
    await running.listen({ port: publicPort, host });
    const address = running.server.address();
    const port = typeof address === 'object' && address ? address.port : publicPort;
    if (opsPort === port) throw new Error(`the operator console can't listen on the public port ${port}`);
    const urlHost = ANY_HOST.has(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
    const opsRunning = opsApp;
    let closing: Promise<void> | null = null;
    return {
      url: `http://${urlHost}:${port}`,
      port,
      app: running,
      store,
      bus,
      desks,
      priceRecord,
      backfill,
      trading,
      custody,
      opsUrl,
      opsApp: opsRunning,
      close: () =>
        (closing ??= (async () => {
          await admin?.close(); // first: commands in progress finish while the desks run
          await opsRunning?.close();
          await commissions?.stop();
          await earnJob?.stop();
          await quantJob?.stop();
          await custody?.stop();
          await reserves?.stop();
          await perpMarks?.stop();
          await priceRecord?.stop();
          await running.close();
          hub.close();
          notifier.close();
          // Bots first: their last trades then make the publisher's final candle write.
          await started?.stop();
          await live.stop();
          await stopFeeLevels();
          await desks.close();
          await bus.close();
          await store.close();
        })()),
    };
  } catch (error) {
    await opsApp?.close().catch(() => undefined);
    await adminChannel?.close().catch(() => undefined);
    await commissions?.stop().catch(() => undefined);
    await earnJob?.stop().catch(() => undefined);
    await quantJob?.stop().catch(() => undefined);
    await custody?.stop().catch(() => undefined);
    await reserves?.stop().catch(() => undefined);
    await perpMarks?.stop();
    await priceRecord?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await bots?.stop().catch(() => undefined);
    notifier.close();
    await live.stop().catch(() => undefined);
    await stopFeeLevels().catch(() => undefined);
    await desks.close().catch(() => undefined);
    await bus.close();
    await store.close();
    throw error;
  }
}
