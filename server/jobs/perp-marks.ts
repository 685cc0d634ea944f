// Mark prices and funding of the perpetuals, on the clock. Every second, per market:
// - the index: the latest entry of the public price record (server.ts; jobs/price-record.ts), made of the external
//   index alone (kernel indexParts gives our own spot book's mid and last trade weight 0: trading on our book cannot
//   move it); no fresh external price, no index: the market is neither marked nor funded until it is back;
// - a basis sample of the perpetual's book, mid − index, one a second into a 30-sample window: notes/perp-formulas.md
//   §5 [F2025], "since 2025-09-18 08:01 UTC, a 30-second basis: 30 data points, one per second";
// - mark = median(P1, P2, last contract price) (§5 [MARK][F2025]) with
//   P1 = index × (1 + predicted funding rate × time to funding / interval), P2 = index + MA₃₀(basis).
//   P1's rate is the predicted rate of the running period, the number published with the mark (`fundingRate`) and
//   by /fapi/v1/premiumIndex as `lastFundingRate` (Binance's field of that name is the predicted rate), not the rate
//   last settled. The mark goes to the perp desk (which liquidates what it puts under maintenance and records it in
//   `perp_marks` by its rule: every mark that changed, positions or not; desk.ts recordMark) and, once committed,
//   out on `perp.<SYMBOL>.mark`.
// Every 5 seconds the premium index (impact bid and ask of 200 USDT × the first bracket's leverage against the index)
// joins a time-weighted average P̄; predicted rate = P̄ + clamp(0.01 % − P̄, ±0.05 %), capped at ±75 % × (IMR − MMR)
// of the first bracket (the interest alone before the period's first sample); at each funding time (00:00, 08:00,
// 16:00 UTC by default) it is settled on every open position (§6).
//
// Missed funding. The first tick restores each market from the store: the last settled rate (its last funding row;
// `lastRate`), then every period that ended while this job was not running is settled, oldest first, each at the
// last mark and predicted rate recorded before its boundary (PerpDesk.settleMissedFunding, which takes a settled
// period as done): the boundaries after the last one settled and after the last mark recorded (while the job runs,
// every market is marked every second and each change recorded, so an earlier boundary was not missed). A running
// job with no index across several boundaries settles the first when the index is back (live rate and mark) and each
// later one at the mark and rate that settlement recorded.
// The demo's first start (bots/backfill.ts) creates the job paused and ticks it itself on the virtual clock through
// the replayed past (tickApplied: answered once the desk applied the round, the disk not waited for), then resumes
// its timer for the live run: the same job, state and funding schedule from the past into the present.
// Not restored at a start: the premium samples and the basis window. The book prices behind them are not recorded,
// and a recorded predicted rate does not give P̄ back (every P̄ within ±0.05 % of the interest gives the same rate);
// so after a start P̄ averages the samples taken since (for the predicted rate, P1 and the next settlement), and the
// basis average is full again after 30 s.
import type { Clock } from '../clock.ts';
import type { Bus } from '../bus/index.ts';
import { topics, type DeskEvent } from '../desks/events.ts';
import type { PerpFace } from '../desks/faces.ts';
import {
  BASIS_WINDOW, BasisWindow, defaultFundingCap, E8, formatDecimal, fundingRate, impactNotional, impactPrice, indexPrice, markParts, PremiumAverage,
  premiumIndex, rate, type IndexSource, type PerpMarket, type Rate,
} from '../kernel/index.ts';

export const MARK_INTERVAL_MS = 1_000;
export const PREMIUM_SAMPLE_MS = 5_000;
/** One basis sample a second, into a window of BASIS_WINDOW (30) samples (§5 [F2025]). */
export const BASIS_SAMPLE_MS = 1_000;
/** The default funding interval: 8 hours (a market's spec may say otherwise). */
export const FUNDING_INTERVAL_MS = 8 * 3_600_000;

export interface PerpMarksOptions {
  readonly desk: PerpFace;
  /**
   * The index's sources for a market (server.ts: the recorded external index, and our spot book's mid and last trade
   * marked `own`), each with a weight and the time it was last updated. The index is the weighted average of the
   * fresh external ones, a source that is stale (10 s) or more than 5 % from their median left out, their median
   * when more than one misbehaves; our own never count (§5, kernel indexParts).
   */
  readonly indexSources: (symbol: string) => IndexSource[];
  /**
   * The index as the public price record has it (jobs/price-record.ts: the latest durable entry, computed from
   * these same sources); when given, marks, funding and liquidations use it instead of computing their own.
   */
  readonly recordedIndex?: ((symbol: string) => bigint | null) | undefined;
  readonly clock: Clock;
  readonly bus?: Bus<DeskEvent> | undefined;
  readonly intervalMs?: number | undefined;
  readonly fundingIntervalMs?: number | undefined;
  /** false: no timer; the caller calls tick(). */
  readonly timer?: boolean | undefined;
  /** No timer until resume(): the demo's backfill ticks the job on its virtual clock first. */
  readonly paused?: boolean | undefined;
  readonly onError: (error: unknown) => void;
}

interface MarketClock {
  readonly spec: PerpMarket;
  /** This market's funding interval (ms). */
  readonly interval: number;
  readonly basis: BasisWindow;
  readonly premium: PremiumAverage;
  /** The rate last settled (restored from the store's last funding row at a start; 0 when none). */
  lastFundingRate: Rate;
  nextFunding: number;
  lastPremiumSample: number;
  /** The second (ms / BASIS_SAMPLE_MS) of the last basis sample. */
  lastBasisSlot: number;
}

export interface PerpMarks {
  /** One round: marks for every market, a premium sample when due, funding when due; answered once committed. */
  tick(): Promise<void>;
  /**
   * The same round, answered once the desk applied its marks rather than once they are committed: the backfill
   * ticks the job every simulated minute for days and never waits on the disk. A refused mark goes to onError.
   */
  tickApplied(): Promise<void>;
  /** Starts the timer of a job created paused (nothing once stopped, or with `timer: false`). */
  resume(): void;
  /**
   * The predicted funding rate (what P1 of the mark uses and premiumIndex publishes as lastFundingRate), the last
   * settled one and the next funding time of a market; undefined until the first tick restored the market's state.
   */
  funding(symbol: string): { rate: Rate; lastRate: Rate; nextFundingTime: number } | undefined;
  /** Ends the timer and waits for the round in progress (its marks answered or refused). */
  stop(): Promise<void>;
}

export function startPerpMarks(o: PerpMarksOptions): PerpMarks {
  const now0 = o.clock();
  const intervalOf = (spec: PerpMarket) => o.fundingIntervalMs ?? fundingIntervalMs(spec);
  const markets = new Map<string, MarketClock>(
    o.desk.markets().map((spec) => [
      spec.symbol,
      {
        spec, interval: intervalOf(spec), basis: new BasisWindow(BASIS_WINDOW), premium: new PremiumAverage(), lastFundingRate: rate(0n),
        nextFunding: nextBoundary(now0, intervalOf(spec)), lastPremiumSample: 0, lastBasisSlot: -1,
      },
    ]),
  );
  const capOf = (spec: PerpMarket): Rate => {
    const first = spec.brackets[0]!;
    return defaultFundingCap(rate(E8 / BigInt(first.maxLeverage)), first.mmr);
  };
  const predicted = (c: MarketClock): Rate => {
    const cap = capOf(c.spec);
    const average = c.premium.average();
    // With no sample yet the premium is taken as 0: the rate is the interest alone.
    return fundingRate({ averagePremium: average ?? rate(0n), cap, floor: rate(-cap), intervalHours: Math.max(1, Math.round(c.interval / 3_600_000)) });
  };

  /**
   * Settles, oldest first, every boundary in [from, to] at the last mark and predicted rate recorded before it
   * (the desk takes a boundary it settled already as done).
   */
  const settleMissed = async (c: MarketClock, from: number, to: number): Promise<void> => {
    for (let boundary = from; boundary <= to; boundary += c.interval) {
      const reply = await o.desk.settleMissedFunding({ symbol: c.spec.symbol, boundary });
      if (!reply.ok) throw new Error(`missed funding ${c.spec.symbol} at ${boundary}: ${reply.code}`);
      if (reply.value.rate !== null) c.lastFundingRate = reply.value.rate;
    }
  };

  /**
   * Marks every market: its book read once the commands before are applied, its mark sent without waiting for the
   * commit (the next market's read is sequenced after it); funding, rare, waits for its reply. The marks' replies are
   * awaited at the end (`committed`) or checked as they come.
   */
  async function round(committed: boolean): Promise<void> {
    const now = o.clock();
    const sent: Promise<void>[] = [];
    for (const c of markets.values()) {
      const symbol = c.spec.symbol;
      const index = o.recordedIndex !== undefined ? o.recordedIndex(symbol) : indexPrice(o.indexSources(symbol), now);
      if (index === null || index <= 0n) continue;
      const book = await o.desk.appliedBook(symbol, 50);
      if (!book.ok) continue;
      const { bids, asks, last } = book.value;
      const slot = Math.floor(now / BASIS_SAMPLE_MS);
      if (slot !== c.lastBasisSlot && bids.length > 0 && asks.length > 0) {
        c.lastBasisSlot = slot;
        c.basis.pushQuote(bids[0]![0], asks[0]![0], index);
      }
      if (now - c.lastPremiumSample >= PREMIUM_SAMPLE_MS) {
        c.lastPremiumSample = now;
        const target = impactNotional(c.spec.brackets[0]!.maxLeverage);
        const bid = impactPrice(bids, target);
        const ask = impactPrice(asks, target);
        // A side too thin for the impact notional counts as the index itself: no premium from an empty book.
        c.premium.add(premiumIndex(bid ?? index, ask ?? index, index));
      }
      if (now >= c.nextFunding) {
        const fundingAt = c.nextFunding;
        const r = predicted(c);
        const parts = markParts({ index, fundingRate: r, msToNextFunding: 0, intervalMs: c.interval, basisAverage: c.basis.mean() ?? 0n, lastPrice: last });
        const reply = await o.desk.funding({ symbol, rate: r, mark: parts.price, fundingTime: fundingAt });
        // Settled already (this job before a restart): the period is done either way.
        if (!reply.ok && reply.code !== 'funding.already.settled') throw new Error(`funding ${symbol} at ${fundingAt}: ${reply.code}`);
        if (reply.ok) c.lastFundingRate = r;
        c.premium.reset();
        c.nextFunding = nextBoundary(now, c.interval);
        // Boundaries passed since, with no index to mark at: each at the mark and rate just recorded (as after a stop).
        await settleMissed(c, fundingAt + c.interval, c.nextFunding - c.interval);
        // Settled in its very millisecond (the backfill ticks on the minute): the funding's mark, recorded at its
        // boundary, is this round's mark too (the record keeps one mark per market and millisecond).
        if (reply.ok && fundingAt === now) continue;
      }
      // P1 with the predicted rate of the running period: the number published with the mark and by premiumIndex.
      const r = predicted(c);
      const parts = markParts({
        index, fundingRate: r, msToNextFunding: Math.max(0, c.nextFunding - now), intervalMs: c.interval, basisAverage: c.basis.mean() ?? 0n, lastPrice: last,
      });
      const event: DeskEvent = {
        type: 'perp.mark', symbol, mark: formatDecimal(parts.price, 8, true), index: formatDecimal(index, 8, true), fundingRate: formatDecimal(r, 8, true),
        nextFundingTime: c.nextFunding, time: now,
        price1: formatDecimal(parts.price1, 8, true), price2: formatDecimal(parts.price2, 8, true), contractPrice: formatDecimal(parts.contractPrice, 8, true),
        basisAverage: formatDecimal(c.basis.mean() ?? 0n, 8, true), basisSamples: c.basis.count,
      };
      const marked = o.desk.mark({ symbol, mark: parts.price, index, fundingRate: r }).then((reply) => {
        if (!reply.ok) throw new Error(`mark ${symbol}: ${reply.code}`);
        o.bus?.publish(topics.perpMark(symbol), event);
      });
      // Observed at once: a mark refused while the round still reads the next books (a cluster's desk client closing
      // refuses every call in flight) is the round's failure below, or goes with the failed read that ended the round;
      // never an unhandled rejection, which would end the process.
      marked.catch(() => undefined);
      sent.push(marked);
    }
    if (committed) {
      // Every reply, then the first failure: one refused mark must not leave the others' outcome unobserved.
      const failed = (await Promise.allSettled(sent)).find((x) => x.status === 'rejected');
      if (failed !== undefined) throw failed.reason;
      return;
    }
    for (const p of sent) p.catch(o.onError);
    await o.desk.applied();
  }

  // At the first tick, per market: the last settled rate from the store, then every funding period that ended while
  // this job was not running, oldest first (see the header). Once: the desk takes a settled period as done.
  let caughtUp = false;
  const catchUp = async () => {
    if (caughtUp) return;
    const now = o.clock();
    for (const c of markets.values()) {
      const state = await o.desk.fundingState(c.spec.symbol);
      if (!state.ok) throw new Error(`funding state ${c.spec.symbol}: ${state.code}`);
      const { fundedUntil, lastRate, lastMarkTime } = state.value;
      if (lastRate !== null) c.lastFundingRate = lastRate;
      const latest = nextBoundary(now, c.interval) - c.interval;
      // The rounds go on from the next boundary: up to this one, the catch-up decides.
      c.nextFunding = latest + c.interval;
      // No mark recorded: the market was never marked, so no position can owe anything.
      if (lastMarkTime === null) continue;
      const afterMark = boundaryAtOrAfter(lastMarkTime, c.interval);
      const from = fundedUntil === null ? afterMark : Math.max(afterMark, nextBoundary(fundedUntil, c.interval));
      await settleMissed(c, from, latest);
    }
    caughtUp = true;
  };
  let running: Promise<void> | null = null;
  const run = (committed: boolean): Promise<void> => {
    running ??= catchUp()
      .then(() => round(committed))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const tick = (): Promise<void> => run(true);
  let timer: ReturnType<typeof setInterval> | null = null;
  let stopped = false;
  const resume = (): void => {
    if (timer !== null || stopped || o.timer === false) return;
    timer = setInterval(() => void tick().catch(o.onError), o.intervalMs ?? MARK_INTERVAL_MS);
    timer.unref();
  };
  if (o.paused !== true) resume();
  return {
    tick,
    tickApplied: () => run(false),
    resume,
    funding(symbol) {
      const c = markets.get(symbol);
      return c === undefined || !caughtUp ? undefined : { rate: predicted(c), lastRate: c.lastFundingRate, nextFundingTime: c.nextFunding };
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}

/** A market's funding interval in ms (8 hours unless its spec says otherwise). */
export const fundingIntervalMs = (spec: PerpMarket): number => (spec.fundingIntervalHours === undefined ? FUNDING_INTERVAL_MS : spec.fundingIntervalHours * 3_600_000);

/** The next multiple of `interval` after `now` (funding at 00:00, 08:00 and 16:00 UTC for 8 hours). */
export function nextBoundary(now: number, interval: number): number {
  return (Math.floor(now / interval) + 1) * interval;
}

/** The first multiple of `interval` at or after `time`. */
export function boundaryAtOrAfter(time: number, interval: number): number {
  return Math.ceil(time / interval) * interval;
}
