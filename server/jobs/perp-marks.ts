// Mark prices and funding of the perpetuals, on the clock. Every second, per market: the index (weighted average of
// the recorded external index, the spot book's mid and its last trade; their median when sources disagree), the basis of the perpetual's book against it (a 5-minute moving average of one sample a
// second), the last contract price, and the mark = median(index × (1 + last funding rate × time to funding /
// interval), index + MA(basis), last price), handed to the perp desk (which records it and liquidates what it
// puts under maintenance) and published on `perp.<SYMBOL>.mark`. Every 5 seconds the premium index (impact bid
// and ask of 200 USDT × the first bracket's leverage against the index) joins a time-weighted average; at each
// funding time (00:00, 08:00, 16:00 UTC by default) the rate = average + clamp(0.01 % − average, ±0.05 %), capped
// at ±75 % × (IMR − MMR) of the first bracket, is settled on every open position. Formulas: kernel/perp, sources
// in server/desks/perp/README.md.
import type { Clock } from '../clock.ts';
import type { Bus } from '../bus/index.ts';
import { topics, type DeskEvent } from '../desks/events.ts';
import type { PerpDesk } from '../desks/perp/desk.ts';
import {
  BasisWindow, defaultFundingCap, E8, formatDecimal, fundingRate, impactNotional, impactPrice, indexPrice, markParts, PremiumAverage, premiumIndex,
  rate, type IndexSource, type PerpMarket, type Rate,
} from '../kernel/index.ts';

export const MARK_INTERVAL_MS = 1_000;
export const PREMIUM_SAMPLE_MS = 5_000;
/** The default funding interval: 8 hours (a market's spec may say otherwise). */
export const FUNDING_INTERVAL_MS = 8 * 3_600_000;

export interface PerpMarksOptions {
  readonly desk: PerpDesk;
  /**
   * The index's sources for a market: the recorded external index, the spot book's mid and its last trade, each
   * with a weight and the time it was last updated. The index is their weighted average, a source that is stale
   * (10 s) or more than 5 % from the median left out, their median when more than one misbehaves (§5).
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
  readonly onError: (error: unknown) => void;
}

interface MarketClock {
  readonly spec: PerpMarket;
  /** This market's funding interval (ms). */
  readonly interval: number;
  readonly basis: BasisWindow;
  readonly premium: PremiumAverage;
  lastFundingRate: Rate;
  nextFunding: number;
  lastPremiumSample: number;
}

export interface PerpMarks {
  /** One round: marks for every market, a premium sample when due, funding when due. */
  tick(): Promise<void>;
  /** The predicted funding rate and next funding time of a market (what premiumIndex publishes). */
  funding(symbol: string): { rate: Rate; lastRate: Rate; nextFundingTime: number } | undefined;
  stop(): void;
}

export function startPerpMarks(o: PerpMarksOptions): PerpMarks {
  const now0 = o.clock();
  const intervalOf = (spec: PerpMarket) => o.fundingIntervalMs ?? fundingIntervalMs(spec);
  const markets = new Map<string, MarketClock>(
    o.desk.markets().map((spec) => [
      spec.symbol,
      {
        spec, interval: intervalOf(spec), basis: new BasisWindow(300), premium: new PremiumAverage(), lastFundingRate: rate(0n),
        nextFunding: nextBoundary(now0, intervalOf(spec)), lastPremiumSample: 0,
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

  async function round(): Promise<void> {
    const now = o.clock();
    for (const c of markets.values()) {
      const symbol = c.spec.symbol;
      const index = o.recordedIndex !== undefined ? o.recordedIndex(symbol) : indexPrice(o.indexSources(symbol), now);
      if (index === null || index <= 0n) continue;
      const book = await o.desk.book(symbol, 50);
      if (!book.ok) continue;
      const { bids, asks, last } = book.value;
      if (bids.length > 0 && asks.length > 0) c.basis.pushQuote(bids[0]![0], asks[0]![0], index);
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
        const parts = markParts({ index, lastFundingRate: c.lastFundingRate, msToNextFunding: 0, intervalMs: c.interval, basisAverage: c.basis.mean() ?? 0n, lastPrice: last });
        const reply = await o.desk.funding({ symbol, rate: r, mark: parts.price, fundingTime: fundingAt });
        // Settled already (this job before a restart): the period is done either way.
        if (!reply.ok && reply.code !== 'funding.already.settled') throw new Error(`funding ${symbol} at ${fundingAt}: ${reply.code}`);
        c.lastFundingRate = r;
        c.premium.reset();
        c.nextFunding = nextBoundary(now, c.interval);
      }
      const parts = markParts({
        index, lastFundingRate: c.lastFundingRate, msToNextFunding: Math.max(0, c.nextFunding - now), intervalMs: c.interval, basisAverage: c.basis.mean() ?? 0n, lastPrice: last,
      });
      const reply = await o.desk.mark({ symbol, mark: parts.price, index, fundingRate: predicted(c) });
      if (!reply.ok) throw new Error(`mark ${symbol}: ${reply.code}`);
      o.bus?.publish(topics.perpMark(symbol), {
        type: 'perp.mark', symbol, mark: formatDecimal(parts.price, 8, true), index: formatDecimal(index, 8, true), fundingRate: formatDecimal(predicted(c), 8, true),
        nextFundingTime: c.nextFunding, time: now,
        price1: formatDecimal(parts.price1, 8, true), price2: formatDecimal(parts.price2, 8, true), contractPrice: formatDecimal(parts.contractPrice, 8, true),
        basisAverage: formatDecimal(c.basis.mean() ?? 0n, 8, true), basisSamples: c.basis.count,
      });
    }
  }

  // The period that ended last, if a stop kept this job from settling it, is settled first (once: the desk refuses
  // a period it has settled), at the last mark and funding rate recorded before it.
  let caughtUp = false;
  const catchUp = async () => {
    if (caughtUp) return;
    for (const c of markets.values()) {
      const boundary = nextBoundary(o.clock(), c.interval) - c.interval;
      const reply = await o.desk.settleMissedFunding({ symbol: c.spec.symbol, boundary });
      if (!reply.ok) throw new Error(`missed funding ${c.spec.symbol} at ${boundary}: ${reply.code}`);
    }
    caughtUp = true;
  };
  let running: Promise<void> | null = null;
  const tick = (): Promise<void> => {
    running ??= catchUp()
      .then(round)
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = o.timer === false ? null : setInterval(() => void tick().catch(o.onError), o.intervalMs ?? MARK_INTERVAL_MS);
  timer?.unref();
  return {
    tick,
    funding(symbol) {
      const c = markets.get(symbol);
      return c === undefined ? undefined : { rate: predicted(c), lastRate: c.lastFundingRate, nextFundingTime: c.nextFunding };
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

/** A market's funding interval in ms (8 hours unless its spec says otherwise). */
export const fundingIntervalMs = (spec: PerpMarket): number => (spec.fundingIntervalHours === undefined ? FUNDING_INTERVAL_MS : spec.fundingIntervalHours * 3_600_000);

/** The next multiple of `interval` after `now` (funding at 00:00, 08:00 and 16:00 UTC for 8 hours). */
export function nextBoundary(now: number, interval: number): number {
  return (Math.floor(now / interval) + 1) * interval;
}
