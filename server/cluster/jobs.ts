// A cluster's jobs (issue 26), run by the one process that holds the `jobs` lease (jobs-main.ts): the index feed and
// the public price record, the perpetuals' marks, funding and liquidations, the fee levels, the invitation
// commissions, the wealth and mining payments, the quant robots' ticks, and the completion of transfers a crash left
// debited. Each reaches the desks only through their remote faces (commands through the logs, drivers asked of the
// active desk process), exactly as the embedded server's jobs call the local desks; its events go out over NATS.
//
// Not yet: the seconds desk settles on the price record, which its own process can't follow yet, so a cluster's
// seconds desk refuses new contracts (desks.ts SECONDS_DESK).
import type { Bus } from '../bus/index.ts';
import type { Clock } from '../clock.ts';
import type { AccrualReport, DeskEvent, Desks } from '../desks/index.ts';
import { unitsOf } from '../contract/seconds-record.ts';
import { startCommissions } from '../jobs/commissions.ts';
import { startEarnAccrual } from '../jobs/earn.ts';
import { openFeeRates, setUpFeeLevels } from '../jobs/fee-levels.ts';
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
}

export interface ClusterJobs {
  /** The spot markets whose index is recorded. */
  readonly markets: readonly string[];
  /** The price record's head (its markets and latest entries), for the operator console's health page. */
  readonly priceRecord: Pick<PriceRecord, 'markets' | 'latest'>;
  stop(): Promise<void>;
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
    const live = await startLive({ store, bus, desks, clock, feeds: true, publish: () => undefined, onError: o.onError });
    stops.push(() => live.stop());
    const sources = indexSourcesOf(live, clock);
    const record = await startPriceRecord({
      store, clock, bus, markets: live.markets.map((m) => m.symbol), sources, intervalMs: o.recordIntervalMs, onError: (e) => o.onError(e, 'price record'),
    });
    stops.push(() => record.stop());
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

    const rates = await openFeeRates(store);
    stops.push(await setUpFeeLevels({ store, clock, rates, onError: (e) => o.onError(e, 'fee levels') }));
    const commissions = startCommissions({ store, clock, pay: (req) => desks.spot.payCommission(req), onError: (e) => o.onError(e, 'invite commissions') });
    stops.push(() => commissions.stop());

    // The earn desk's next payment as its last run said, asked again at least every minute.
    let next: { at: number | null; askedAt: number } = { at: 0, askedAt: 0 };
    const earn = startEarnAccrual({
      clock,
      desk: {
        runDue: async (): Promise<AccrualReport> => {
          const report = await desks.earn.runDue();
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
    // The robots' tick is a driver of the spot desk; it does nothing when no robot runs.
    const quant = startQuantRobots({
      desk: { botTick: (tapes) => desks.spot.botTick(tapes), robotsRunning: true },
      market: live.trading.market,
      onError: (e) => o.onError(e, 'quant robots'),
    });
    stops.push(() => quant.stop());
    const recovery = startPeriodic({ pollMs: TRANSFER_RECOVERY_MS, onError: (e) => o.onError(e, 'transfer recovery'), pass: () => desks.transfers.recover() });
    stops.push(() => recovery.stop());
    await record.tick().catch((error: unknown) => o.onError(error, 'price record'));
    marks.resume();
    return { markets: live.markets.map((m) => m.symbol), priceRecord: record, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
