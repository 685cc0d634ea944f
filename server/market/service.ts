// Market data for all spot markets, in memory, fed by desk events: depth, recent trades, 24 h tickers, candles.
// Candles are written through the candle store and read back on open, so a restart keeps history and the live
// bars; depth and recent trades are rebuilt by the desk's book and later trades.
import type { Market, Price, RestingOrder, Side, SpotEvent } from '../kernel/index.ts';
import { BookTracker } from './book-tracker.ts';
import type { CandleQuery, CandleStore } from './candle-store.ts';
import { CandleSet, type Candle } from './candles.ts';
import { DepthBook, type DepthDiff, type DepthSnapshot, type RecentDepth } from './depth.ts';
import { tradeInput, type LevelChange, type TradeInput } from './inputs.ts';
import { INTERVALS, type Interval } from './intervals.ts';
import type { Level } from './ladder.ts';
import { RollingTicker, WINDOW_MINUTES, type TickerStats } from './ticker.ts';
import { TradeRing, type RecentTrade } from './trades.ts';

export interface Ticker extends TickerStats {
  readonly lastQty: number;
  readonly bid: Level | null;
  readonly ask: Level | null;
}

/**
 * What a watcher is told, as it happens: each level change that took an update id (`updateId` is it: the book's
 * lastUpdateId right after), and each trade recorded with the live bars it changed.
 */
export type MarketChange =
  | { readonly kind: 'level'; readonly symbol: string; readonly side: Side; readonly price: Price; readonly qty: number; readonly updateId: number }
  | { readonly kind: 'trade'; readonly symbol: string; readonly trade: RecentTrade; readonly candles: readonly Candle[] };

export interface MarketDataOptions {
  readonly markets: readonly Market[];
  readonly candles: CandleStore;
  readonly tradeCapacity?: number;
  /** Depth update ids continue from here; see DepthBook. */
  readonly lastUpdateId?: number;
  /** Whether takeDepthDiffs is called (a publisher runs: the default); see DepthBook. */
  readonly depthDiffs?: boolean;
}

/** The candle store of market data that records no trades (MarketData.books): nothing to read, nothing written. */
const NO_CANDLES: CandleStore = {
  upsert: async () => undefined,
  range: async () => [],
  latest: async () => [],
};

interface MarketState {
  readonly market: Market;
  readonly depth: DepthBook;
  tracker: BookTracker | null;
  readonly trades: TradeRing;
  readonly ticker: RollingTicker;
  readonly candles: CandleSet;
  /** Trades not yet taken for publishing. */
  fresh: RecentTrade[];
}

export class MarketData {
  private readonly states = new Map<string, MarketState>();
  private readonly store: CandleStore;
  private readonly watchers = new Set<(change: MarketChange) => void>();

  private constructor(options: MarketDataOptions) {
    this.store = options.candles;
    for (const market of options.markets) {
      this.states.set(market.symbol, {
        market,
        depth: new DepthBook(market.symbol, options.lastUpdateId ?? 0, undefined, options.depthDiffs ?? true),
        tracker: null,
        trades: new TradeRing(options.tradeCapacity),
        ticker: new RollingTicker(market.symbol),
        candles: new CandleSet(market.symbol),
        fresh: [],
      });
    }
  }

  /** Opens market data with the live bars and the last 24 h of 1m bars read back from the store. */
  static async open(options: MarketDataOptions): Promise<MarketData> {
    const md = new MarketData(options);
    for (const s of md.states.values()) {
      const symbol = s.market.symbol;
      for (const interval of INTERVALS) s.candles.restore(await md.store.latest(symbol, interval, 1));
      s.ticker.restore(await md.store.latest(symbol, '1m', WINDOW_MINUTES));
    }
    return md;
  }

  /**
   * Market data of books alone, fed by a bridge (bridge.ts): depth with the desk's update ids, its watchers told each
   * level change; no trades or bars (nothing read from or written to a store), no publisher taking its diffs. The
   * perpetuals' books (bridge.ts perpBooks, live.ts): their trades and bars are read from the perp store.
   */
  static books(markets: readonly Market[]): MarketData {
    return new MarketData({ markets, candles: NO_CANDLES, depthDiffs: false });
  }

  market(symbol: string): Market | undefined {
    return this.states.get(symbol)?.market;
  }

  get symbols(): string[] {
    return [...this.states.keys()];
  }

  /** The last trade every interval's bar has counted (the oldest of their watermarks); null with no bar yet. */
  candlesCountedThrough(symbol: string): number | null {
    const s = this.need(symbol);
    let through: number | null = null;
    for (const interval of INTERVALS) {
      const bar = s.candles.current(interval);
      if (bar !== undefined) through = through === null ? bar.lastTradeId : Math.min(through, bar.lastTradeId);
    }
    return through;
  }

  /** Records a trade; null when the market is unknown or the trade is a replay (id at or below the last seen). */
  onTrade(t: TradeInput): { trade: RecentTrade; candles: Candle[] } | null {
    const s = this.states.get(t.symbol);
    const last = s?.trades.last();
    if (s === undefined || (last !== undefined && t.id <= last.id)) return null;
    const candles = s.candles.add(t);
    s.ticker.add(t);
    const trade = s.trades.push(t);
    s.fresh.push(trade);
    for (const w of this.watchers) w({ kind: 'trade', symbol: t.symbol, trade, candles });
    return { trade, candles };
  }

  onLevels(changes: readonly LevelChange[]): void {
    for (const c of changes) this.applyLevel(this.need(c.symbol), c);
  }

  /**
   * One event of a desk's book (its level changes) as update id `updateId`, above the book's (DepthBook.applyAt):
   * the bridge numbers them from the desk's own sequence, so every gateway's book has the same id for the same state.
   */
  onBook(symbol: string, changes: readonly LevelChange[], updateId: number): void {
    const s = this.need(symbol);
    const changed = s.depth.applyAt(changes, updateId);
    if (this.watchers.size === 0) return;
    for (const c of changed) {
      const change: MarketChange = { kind: 'level', symbol, side: c.side, price: c.price, qty: c.qty, updateId };
      for (const w of this.watchers) w(change);
    }
  }

  /**
   * Tells `watcher` every change from now on, synchronously, as it is applied (the Binance spot streams follow the
   * book and the trades so); answers the unsubscribe. A watcher must not throw.
   */
  watch(watcher: (change: MarketChange) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /** The book's update id: what GET /api/v3/depth answers as lastUpdateId now. */
  lastUpdateId(symbol: string): number {
    return this.need(symbol).depth.lastUpdateId;
  }

  /** The levels the book's latest changes touched, from the id on which they are all there (a diff stream's start). */
  recentDepth(symbol: string): RecentDepth {
    return this.need(symbol).depth.recent();
  }

  /** The live bar of an interval (the newest one with trades), if any. */
  liveCandle(symbol: string, interval: Interval): Candle | undefined {
    return this.need(symbol).candles.current(interval);
  }

  private applyLevel(s: MarketState, c: LevelChange): void {
    if (!s.depth.apply(c) || this.watchers.size === 0) return;
    const change: MarketChange = { kind: 'level', symbol: c.symbol, side: c.side, price: c.price, qty: c.qty, updateId: s.depth.lastUpdateId };
    for (const w of this.watchers) w(change);
  }

  /**
   * Takes a spot engine's events for one market as they are: trades are recorded and the book's level changes
   * derived. Call resetBook first with the desk's resting orders (empty for a new market).
   */
  onSpotEvents(symbol: string, events: readonly SpotEvent[]): void {
    const s = this.need(symbol);
    s.tracker ??= new BookTracker(symbol);
    for (const e of events) if (e.type === 'trade') this.onTrade(tradeInput(symbol, e));
    this.onLevels(s.tracker.apply(events));
  }

  /**
   * Sets a market's book to `resting` (the desk's orders after a restart, or to start onSpotEvents). It is done
   * as level changes, so subscribers' diffs stay continuous: levels that went away are published as removed.
   */
  resetBook(symbol: string, resting: readonly RestingOrder[]): void {
    const s = this.need(symbol);
    const tracker = new BookTracker(symbol, resting);
    s.tracker = tracker;
    for (const side of ['buy', 'sell'] as const satisfies readonly Side[]) {
      for (const [price] of s.depth.levels(side)) this.applyLevel(s, { symbol, side, price, qty: tracker.level(side, price) });
      for (const o of resting) if (o.side === side) this.applyLevel(s, { symbol, side, price: o.price, qty: tracker.level(side, o.price) });
    }
  }

  depth(symbol: string, limit?: number): DepthSnapshot {
    return this.need(symbol).depth.snapshot(limit);
  }

  trades(symbol: string, limit?: number): RecentTrade[] {
    return this.need(symbol).trades.recent(limit);
  }

  ticker(symbol: string, now: number): Ticker | null {
    const s = this.need(symbol);
    const stats = s.ticker.stats(now);
    if (stats === null) return null;
    return { ...stats, lastQty: s.trades.last()?.qty ?? 0, bid: s.depth.best('buy'), ask: s.depth.best('sell') };
  }

  /** Stored bars overlaid with the ones not yet written (the live bar above all), oldest first. */
  async candles(symbol: string, interval: Interval, query: CandleQuery): Promise<Candle[]> {
    const s = this.need(symbol);
    const stored = await this.store.range(symbol, interval, query);
    const byOpen = new Map(stored.map((c) => [c.openTime, c]));
    for (const c of s.candles.unwritten(interval)) {
      if ((query.startTime === undefined || c.openTime >= query.startTime) && (query.endTime === undefined || c.openTime <= query.endTime)) {
        byOpen.set(c.openTime, c);
      }
    }
    const all = [...byOpen.values()].sort((a, b) => a.openTime - b.openTime);
    const limit = Math.max(1, Math.floor(query.limit) || 1);
    return query.startTime !== undefined ? all.slice(0, limit) : all.slice(-limit);
  }

  /** Writes the bars changed since the last flush; on failure they stay queued for the next one. */
  async flush(): Promise<number> {
    const taken = [...this.states.values()].map((s) => ({ s, bars: s.candles.takeDirty() }));
    const bars = taken.flatMap((t) => t.bars);
    try {
      await this.store.upsert(bars);
    } catch (error) {
      for (const t of taken) t.s.candles.undoTake(t.bars);
      throw error;
    }
    return bars.length;
  }

  /** Coalesced depth diffs of every market that changed since the last call. */
  takeDepthDiffs(time: number): DepthDiff[] {
    const out: DepthDiff[] = [];
    for (const s of this.states.values()) {
      const d = s.depth.takeDiff(time);
      if (d !== null) out.push(d);
    }
    return out;
  }

  /** Trades and live bars since the last call, per market that traded. */
  takeActivity(): { symbol: string; trades: RecentTrade[]; candles: Candle[] }[] {
    const out: { symbol: string; trades: RecentTrade[]; candles: Candle[] }[] = [];
    for (const s of this.states.values()) {
      if (s.fresh.length === 0) continue;
      out.push({ symbol: s.market.symbol, trades: s.fresh, candles: s.candles.takeChanged() });
      s.fresh = [];
    }
    return out;
  }

  private need(symbol: string): MarketState {
    const s = this.states.get(symbol);
    if (s === undefined) throw new RangeError(`unknown market ${symbol}`);
    return s;
  }
}
