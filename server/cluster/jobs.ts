// A cluster's jobs (issue 26), run by the one process that holds the `jobs` lease (jobs-main.ts): the index feed and
// the public price record, the perpetuals' marks, funding and liquidations, the fee levels, the invitation
// commissions, the wealth and mining payments, the quant robots' ticks, and the completion of transfers a crash left
// debited. Each reaches the desks only through their remote faces (commands through the logs, drivers asked of the
// active desk process), exactly as the embedded server's jobs call the local desks; its events go out over NATS.
//
// With `demo` (jobs-main.ts --demo) the same process also runs what `npm start` adds for the demo: on a fresh store
// the first-start seeding (seedDemo below), then the market-maker bots (bots/index.ts) over the same faces, so they
// run once in the cluster and a standby that takes the lease starts them again. Not the demo's 7-day history
// (bots/backfill.ts): it replays through local desks on a virtual clock, which a cluster's desks don't share.
import type { Bus, CommandLog } from '../bus/index.ts';
import type { Clock } from '../clock.ts';
import { startBots, type BotLog, type Bots } from '../bots/index.ts';
import { seedDemoContent } from '../content/service.ts';
import { DEMO_ARTICLES } from '../content/demo/index.ts';
import type { AccrualReport, DeskEvent, Desks } from '../desks/index.ts';
import { runDue } from '../desks/earn/accrual.ts';
import { DEMO_TREASURY } from '../desks/earn/state.ts';
import { sendRound } from '../desks/seconds/logged-record.ts';
import { DESK_SPECS } from './desks.ts';
import { LOG_TRIM_MS, trimDeskLogs } from './log-retention.ts';
import { unitsOf } from '../contract/seconds-record.ts';
import { startCommissions } from '../jobs/commissions.ts';
import { startEarnAccrual } from '../jobs/earn.ts';
import { feeDesks, setUpFeeLevels } from '../jobs/fee-levels.ts';
import { indexSourcesOf } from '../jobs/index-sources.ts';
import { startPeriodic } from '../jobs/periodic.ts';
import { startPerpMarks } from '../jobs/perp-marks.ts';
import { startPriceRecord, type PriceRecord } from '../jobs/price-record.ts';
import { startQuantRobots } from '../jobs/quant.ts';
import { startLive } from '../market/live.ts';
import type { Store } from '../store/index.ts';

export interface ClusterJobsOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly desks: Desks;
  readonly clock: Clock;
  readonly onError: (error: unknown, what: string) => void;
  /** The price record's interval (default the record's own, 1 s). */
  readonly recordIntervalMs?: number | undefined;
  /** Seed of the simulated index and of the bots' randomness (default feeds/live-index.ts DEFAULT_SEED), as `npm start`'s SEED. */
  readonly seed?: number | undefined;
  /** The demo: its first-start seeding, then the market-maker bots (none without). */
  readonly demo?: { readonly log: BotLog } | undefined;
  /** The desks' command log, trimmed every minute below what each desk has committed (log-retention.ts; none: kept). */
  readonly commandLog?: Pick<CommandLog, 'trimBefore'> | undefined;
  /** How often the log is trimmed (default LOG_TRIM_MS). */
  readonly logTrimMs?: number | undefined;
}

/** What the demo's seeding added at this start: nothing, on a store it already seeded. */
export interface DemoSeeded {
  /** Published articles and pages. */
  readonly content: number;
  /** Seconds durations (market × duration rows). */
  readonly secondsDurations: number;
  /** Whether the seconds house was credited now (false: it was before). */
  readonly houseFunded: boolean;
  /** Wealth products and mining pools. */
  readonly earnProducts: number;
  /** The coins whose treasury was credited now. */
  readonly treasuryFunded: readonly string[];
}

export interface ClusterJobs {
  /** The spot markets whose index is recorded. */
  readonly markets: readonly string[];
  /** The price record's head (its markets and latest entries), for the operator console's health page. */
  readonly priceRecord: Pick<PriceRecord, 'markets' | 'latest'>;
  /** What the demo's seeding added (null without `demo`). */
  readonly demo: DemoSeeded | null;
  stop(): Promise<void>;
}

/** The demo's seconds house and earn treasury, as main.ts gives `npm start` (secondsDemo.houseFund, earnDemo.treasury). */
export const DEMO_HOUSE_FUND = '10000000';

/**
 * What startServer seeds on a first start with the bots on (server.ts: contentDemo, secondsDemo, earnDemo), through
 * the faces. Each step is guarded as there, so running it again (a standby that took the lease, a restart) adds
 * nothing: an article by its seed key, a market's durations only when it has none, the earn products only when there
 * are none, the house and treasury credits by their fixed request ids (the desk answers a repeat as a duplicate).
 * The bots' own accounts and inventory are startBots's (ensureBotUser by e-mail, fundOnce by balance and a request id per
 * bot and asset).
 */
export async function seedDemo(o: { readonly store: Store; readonly desks: Desks; readonly clock: Clock; readonly markets: readonly string[]; readonly warn: (message: string) => void }): Promise<DemoSeeded> {
  const content = await seedDemoContent(o.store, o.clock, DEMO_ARTICLES);
  const secondsDurations = await o.desks.seconds.seedDefaults(o.markets.filter((x) => x.endsWith('USDT')));
  const house = await o.desks.seconds.fundHouse({ action: 'credit', amount: DEMO_HOUSE_FUND, memo: 'demo-house-fund', requestId: 'demo-house-fund-1' });
  if (!house.ok) o.warn(`seconds house fund refused: ${house.code}`);
  const earnProducts = await o.desks.earn.seedDemo();
  const treasuryFunded: string[] = [];
  for (const [asset, amount] of Object.entries(DEMO_TREASURY)) {
    const reply = await o.desks.earn.fundTreasury({ action: 'credit', asset, amount, memo: 'demo-treasury', requestId: `demo-treasury-${asset}` });
    if (!reply.ok) o.warn(`earn treasury fund refused: ${reply.code}`);
    else if (!reply.value.duplicate) treasuryFunded.push(asset);
  }
  return { content, secondsDurations, houseFunded: house.ok && !house.value.duplicate, earnProducts, treasuryFunded };
}

/** How often the earn desk is asked at the latest (its next payment may have come nearer with a purchase). */
const EARN_ASK_MS = 60_000;
/** How often transfers left debited by a crash are completed. */
const TRANSFER_RECOVERY_MS = 5_000;

export async function startClusterJobs(o: ClusterJobsOptions): Promise<ClusterJobs> {
  const { store, bus, desks, clock } = o;
  const stops: Array<() => Promise<void> | void> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch((error: unknown) => o.onError(error, 'stopping a job'));
  };
  try {
    // The index and the market data its `own` inputs read (the spot book's mid and last trade), kept by the events.
    // It writes the cluster's candles, the only process that does (gateways read them: market/live.ts writeCandles);
    // a standby that takes the lease reads the newest bars back and replays the stored trades after them.
    const live = await startLive({ store, bus, desks, clock, feeds: true, seed: o.seed, writeCandles: true, publish: () => undefined, onError: o.onError });
    stops.push(() => live.stop());
    const sources = indexSourcesOf(live, clock);
    const record = await startPriceRecord({
      store, clock, bus, markets: live.markets.map((m) => m.symbol), sources, intervalMs: o.recordIntervalMs, onError: (e) => o.onError(e, 'price record'),
    });
    stops.push(() => record.stop());
    // Each durable round goes into the seconds desk's log with the deliveries it makes due: the desk knows the record
    // only from its log (desks/seconds/logged-record.ts). Rounds are sent in the order they were written.
    record.onAppend((entries) => void sendRound(desks.seconds, entries).catch((e: unknown) => o.onError(e, 'seconds deliveries')));
    const marks = startPerpMarks({
      desk: desks.perp, bus, clock, indexSources: sources, paused: true,
      // Marks, funding and liquidations read the index from the public record's latest entry (older than 10 s: none).
      recordedIndex: (symbol) => {
        const e = record.latest(symbol);
        return e === undefined || clock() - e.ts > 10_000 ? null : unitsOf(e.price);
      },
      onError: (e) => o.onError(e, 'perpetual marks'),
    });
    stops.push(() => marks.stop());
    live.setPerpFunding((symbol) => marks.funding(symbol));

    // The levels in force, handed to the coin and contract desks as a command in each one's log.
    stops.push(await setUpFeeLevels({ store, clock, apply: feeDesks(desks), onError: (e) => o.onError(e, 'fee levels') }));
    const commissions = startCommissions({ store, clock, pay: (req) => desks.spot.payCommission(req), onError: (e) => o.onError(e, 'invite commissions') });
    stops.push(() => commissions.stop());

    // The earn desk's next payment as its last run said, asked again at least every minute.
    let next: { at: number | null; askedAt: number } = { at: 0, askedAt: 0 };
    const earn = startEarnAccrual({
      clock,
      desk: {
        runDue: async (): Promise<AccrualReport> => {
          const report = await runDue(desks.earn);
          next = { at: report.nextDueAt, askedAt: clock() };
          return report;
        },
        get nextDueAt() {
          const askAgain = next.askedAt + EARN_ASK_MS;
          return next.at === null ? askAgain : Math.min(next.at, askAgain);
        },
      },
      onError: (e) => o.onError(e, 'earn accrual'),
    });
    stops.push(() => earn.stop());
    // The robots' tick is a command of the spot desk, sent only while a robot runs.
    const quant = startQuantRobots({
      desk: desks.spot,
      market: live.trading.market,
      onError: (e) => o.onError(e, 'quant robots'),
    });
    stops.push(() => quant.stop());
    const recovery = startPeriodic({ pollMs: TRANSFER_RECOVERY_MS, onError: (e) => o.onError(e, 'transfer recovery'), pass: () => desks.transfers.recover() });
    if (o.commandLog !== undefined) {
      const log = o.commandLog;
      const retention = startPeriodic({ pollMs: o.logTrimMs ?? LOG_TRIM_MS, onError: (e) => o.onError(e, 'log retention'), pass: () => trimDeskLogs(log, store, Object.keys(DESK_SPECS)) });
      stops.push(() => retention.stop());
    }
    stops.push(() => recovery.stop());
    await record.tick().catch((error: unknown) => o.onError(error, 'price record'));
    marks.resume();
    let demo: DemoSeeded | null = null;
    if (o.demo !== undefined) {
      const log = o.demo.log;
      // A seeding step that fails is said and the jobs go on (the demo is worth less than marks and funding); the
      // next process to take the lease tries again, and adds only what is missing.
      demo = await seedDemo({ store, desks, clock, markets: live.markets.map((m) => m.symbol), warn: (m) => log.warn({}, m) }).catch((error: unknown) => {
        o.onError(error, 'demo seeding');
        return null;
      });
      // Started last, so stopped first: their last orders are answered while the desks' faces and the record run.
      const bots: Bots = await startBots({ desks, store, clock, markets: live.markets, indexPrice: live.trading.indexPrice, seed: o.seed, log });
      stops.push(() => bots.stop());
    }
    return { markets: live.markets.map((m) => m.symbol), priceRecord: record, demo, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
