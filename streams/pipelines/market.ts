// The market pipelines of one symbol: each topic with its REST seed and reducer. Unshared and unthrottled here;
// the runtime adds the per-frame thinning and the sharing.
import type { Observable, SchedulerLike } from 'rxjs';
import { map } from 'rxjs';
import type { KlineInterval, Ticker24h } from '../contract.ts';
import { mapLoadable, type Loadable } from '../loadable.ts';
import { parseKlineEvent, parseTickers, parseTradeEvent, type Candle, type Trade } from '../parse/market.ts';
import { applyCandle, mergeHistory } from '../reducers/candles.ts';
import type { OrderBook } from '../reducers/order-book.ts';
import { mergeTickers, noTickers, type Tickers } from '../reducers/tickers.ts';
import { addTrade, mergeTrades, TRADES_LIMIT } from '../reducers/trades.ts';
import type { MarketRest } from '../rest/market.ts';
import type { TopicHub } from '../socket/topics.ts';
import type { Timers } from '../timers.ts';
import { orderBook$ } from './depth.ts';
import { seeded$ } from './seeded.ts';

export interface MarketSources {
  readonly hub: Pick<TopicHub, 'topic$'>;
  readonly rest: MarketRest;
  readonly timers: Timers;
  readonly depthSnapshotLimit: number;
  readonly candleHistoryLimit: number;
}

/** With `frames`, live books come at most once per frame (the pipeline thins itself; see depth.ts). */
export const depthPipeline = (src: MarketSources, symbol: string, frames?: SchedulerLike): Observable<Loadable<OrderBook>> =>
  orderBook$({
    topic$: src.hub.topic$(`depth@${symbol}`),
    timers: src.timers,
    loadSnapshot: (signal) => src.rest.depth(symbol, src.depthSnapshotLimit, signal),
    ...(frames ? { frameScheduler: frames } : {}),
  });

export const tradesPipeline = (src: MarketSources, symbol: string): Observable<Loadable<readonly Trade[]>> =>
  seeded$<readonly Trade[], readonly Trade[]>({
    topic$: src.hub.topic$(`trade@${symbol}`),
    initial: [],
    timers: src.timers,
    load: (signal) => src.rest.trades(symbol, TRADES_LIMIT, signal),
    onLoad: (trades, seed) => mergeTrades(trades, seed),
    onEvent: (trades, data) => {
      const trade = parseTradeEvent(data);
      return trade ? addTrade(trades, trade) : trades;
    },
  });

const tickerReducers = {
  onLoad: (tickers: Tickers, seed: readonly Ticker24h[]) => mergeTickers(tickers, seed),
  onEvent: (tickers: Tickers, data: unknown) => mergeTickers(tickers, parseTickers(data) ?? []),
};

export const tickerPipeline = (src: MarketSources, symbol: string): Observable<Loadable<Ticker24h | null>> =>
  seeded$<Tickers, readonly Ticker24h[]>({
    topic$: src.hub.topic$(`ticker@${symbol}`),
    initial: noTickers,
    timers: src.timers,
    load: async (signal) => [await src.rest.ticker(symbol, signal)],
    ...tickerReducers,
  }).pipe(map((loadable) => mapLoadable(loadable, (tickers) => tickers.get(symbol) ?? null)));

export const tickersPipeline = (src: MarketSources): Observable<Loadable<Tickers>> =>
  seeded$<Tickers, readonly Ticker24h[]>({
    topic$: src.hub.topic$('tickers'),
    initial: noTickers,
    timers: src.timers,
    load: (signal) => src.rest.tickers(signal),
    ...tickerReducers,
  });

export const candlesPipeline = (src: MarketSources, symbol: string, interval: KlineInterval): Observable<Loadable<readonly Candle[]>> =>
  seeded$<readonly Candle[], readonly Candle[]>({
    topic$: src.hub.topic$(`kline@${symbol}@${interval}`),
    initial: [],
    timers: src.timers,
    load: (signal) => src.rest.klines(symbol, interval, src.candleHistoryLimit, signal),
    onLoad: (candles, history) => mergeHistory(candles, history),
    onEvent: (candles, data) => {
      const bar = parseKlineEvent(data);
      return bar && bar.interval === interval ? applyCandle(candles, bar) : candles;
    },
  });
