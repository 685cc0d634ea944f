// The market pipelines of one symbol: each topic with its REST seed and reducer. Unshared and unthrottled here;
// the runtime adds the per-frame thinning and the sharing. A venue's sources name its topics: the spot markets'
// (`depth@X`, …) by default, or the perpetuals' (`perpDepth@X`, …), whose REST reads are a PerpMarketRest's.
import type { Observable, SchedulerLike } from 'rxjs';
import { map } from 'rxjs';
import type { KlineInterval, MarketVenue, Ticker24h, Topic } from '../contract.ts';
import { mapLoadable, type Loadable } from '../loadable.ts';
import { parseKlineEvent, parsePerpTickers, parseTickers, parseTradeEvent, type Candle, type Trade } from '../parse/market.ts';
import { applyCandle, applyCandleInPlace, mergeHistory } from '../reducers/candles.ts';
import { bookView, type BookView, type OrderBook } from '../reducers/order-book.ts';
import { mergeTickers, noTickers, type Tickers } from '../reducers/tickers.ts';
import { addTrade, addTradeInPlace, mergeTrades, TRADES_LIMIT } from '../reducers/trades.ts';
import type { MarketRest, PerpMarketRest } from '../rest/market.ts';
import type { TopicHub } from '../socket/topics.ts';
import type { Timers } from '../timers.ts';
import { orderBook$ } from './depth.ts';
import { seeded$ } from './seeded.ts';

export interface MarketSources {
  readonly hub: Pick<TopicHub, 'topic$'>;
  /** The venue's REST reads (createMarketRest(http, venue)). */
  readonly rest: MarketRest;
  readonly timers: Timers;
  readonly depthSnapshotLimit: number;
  readonly candleHistoryLimit: number;
  /** Whose topics: default 'spot'. */
  readonly venue?: MarketVenue;
}

/** A perpetual's sources: its topics, and REST reads with the mark-price candles. */
export interface PerpMarketSources extends MarketSources {
  readonly rest: PerpMarketRest;
  readonly venue: 'perp';
}

interface VenueTopics {
  depth(symbol: string): Topic;
  trade(symbol: string): Topic;
  ticker(symbol: string): Topic;
  readonly tickers: Topic;
  kline(symbol: string, interval: KlineInterval): Topic;
}
const TOPICS: Readonly<Record<MarketVenue, VenueTopics>> = {
  spot: {
    depth: (s) => `depth@${s}`,
    trade: (s) => `trade@${s}`,
    ticker: (s) => `ticker@${s}`,
    tickers: 'tickers',
    kline: (s, i) => `kline@${s}@${i}`,
  },
  perp: {
    depth: (s) => `perpDepth@${s}`,
    trade: (s) => `perpTrade@${s}`,
    ticker: (s) => `perpTicker@${s}`,
    tickers: 'perpTickers',
    kline: (s, i) => `perpKline@${s}@${i}`,
  },
};
const topics = (src: MarketSources): VenueTopics => TOPICS[src.venue ?? 'spot'];

/**
 * The book as panels read it: its levels in order (bookView), the local book itself kept in place (see depth.ts).
 * With `frames`, live books come at most once per frame (the pipeline thins itself).
 */
export const bookViewPipeline = (src: MarketSources, symbol: string, frames?: SchedulerLike): Observable<Loadable<BookView>> =>
  orderBook$({
    topic$: src.hub.topic$(topics(src).depth(symbol)),
    timers: src.timers,
    loadSnapshot: (signal) => src.rest.depth(symbol, src.depthSnapshotLimit, signal),
    ...(frames ? { frameScheduler: frames } : {}),
    view: (book: OrderBook) => bookView(book),
  });

/** With `frames`, prints come at most once per frame, a frame's prints added to one copy of the list (seeded.ts). */
export const tradesPipeline = (src: MarketSources, symbol: string, frames?: SchedulerLike): Observable<Loadable<readonly Trade[]>> =>
  seeded$<readonly Trade[], readonly Trade[]>({
    topic$: src.hub.topic$(topics(src).trade(symbol)),
    initial: [],
    timers: src.timers,
    load: (signal) => src.rest.trades(symbol, TRADES_LIMIT, signal),
    onLoad: (trades, seed) => mergeTrades(trades, seed),
    onEvent: (trades, data) => {
      const trade = parseTradeEvent(data);
      return trade ? addTrade(trades, trade) : trades;
    },
    ...(frames
      ? {
          frames: {
            scheduler: frames,
            copy: (trades: readonly Trade[]) => [...trades],
            onEventOwned: (trades: readonly Trade[], data: unknown) => {
              const trade = parseTradeEvent(data);
              return trade ? addTradeInPlace(trades as Trade[], trade) : null;
            },
          },
        }
      : {}),
  });

/** The perpetuals' tickers may come without the best bid and ask (GET /fapi/v1/ticker/24hr). */
const tickerReducers = (src: MarketSources) => {
  const parse = src.venue === 'perp' ? parsePerpTickers : parseTickers;
  return {
    onLoad: (tickers: Tickers, seed: readonly Ticker24h[]) => mergeTickers(tickers, seed),
    onEvent: (tickers: Tickers, data: unknown) => mergeTickers(tickers, parse(data) ?? []),
  };
};

export const tickerPipeline = (src: MarketSources, symbol: string): Observable<Loadable<Ticker24h | null>> =>
  seeded$<Tickers, readonly Ticker24h[]>({
    topic$: src.hub.topic$(topics(src).ticker(symbol)),
    initial: noTickers,
    timers: src.timers,
    load: async (signal) => [await src.rest.ticker(symbol, signal)],
    ...tickerReducers(src),
  }).pipe(map((loadable) => mapLoadable(loadable, (tickers) => tickers.get(symbol) ?? null)));

export const tickersPipeline = (src: MarketSources): Observable<Loadable<Tickers>> =>
  seeded$<Tickers, readonly Ticker24h[]>({
    topic$: src.hub.topic$(topics(src).tickers),
    initial: noTickers,
    timers: src.timers,
    load: (signal) => src.rest.tickers(signal),
    ...tickerReducers(src),
  });

const klinePipeline = (
  src: MarketSources,
  topic: Topic,
  interval: KlineInterval,
  load: (signal: AbortSignal) => Promise<readonly Candle[]>,
  frames: SchedulerLike | undefined,
) => {
  const barOf = (data: unknown) => {
    const bar = parseKlineEvent(data);
    return bar && bar.interval === interval ? bar : null;
  };
  return seeded$<readonly Candle[], readonly Candle[]>({
    topic$: src.hub.topic$(topic),
    initial: [],
    timers: src.timers,
    load,
    onLoad: (candles, history) => mergeHistory(candles, history),
    onEvent: (candles, data) => {
      const bar = barOf(data);
      return bar ? applyCandle(candles, bar) : candles;
    },
    ...(frames
      ? {
          frames: {
            scheduler: frames,
            copy: (candles: readonly Candle[]) => [...candles],
            onEventOwned: (candles: readonly Candle[], data: unknown) => {
              const bar = barOf(data);
              return bar ? applyCandleInPlace(candles as Candle[], bar) : null;
            },
          },
        }
      : {}),
  });
};

/** With `frames`, the live bar comes at most once per frame (seeded.ts). */
export const candlesPipeline = (src: MarketSources, symbol: string, interval: KlineInterval, frames?: SchedulerLike): Observable<Loadable<readonly Candle[]>> =>
  klinePipeline(src, topics(src).kline(symbol, interval), interval, (signal) => src.rest.klines(symbol, interval, src.candleHistoryLimit, signal), frames);

/** A perpetual's mark-price candles (`perpMarkKline@X@i`, history GET /fapi/v1/markPriceKlines): no volumes. */
export const markCandlesPipeline = (src: PerpMarketSources, symbol: string, interval: KlineInterval, frames?: SchedulerLike): Observable<Loadable<readonly Candle[]>> =>
  klinePipeline(src, `perpMarkKline@${symbol}@${interval}`, interval, (signal) => src.rest.markKlines(symbol, interval, src.candleHistoryLimit, signal), frames);
