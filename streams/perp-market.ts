// The perpetuals' market data: the perp desk's own book, trades, candles, mark-price candles and 24 h tickers
// (contract/ws.ts PerpTopic on the tab's one socket, REST reads on /fapi/v1), through the same pipelines and
// reducers as the spot markets' (pipelines/market.ts with the venue 'perp'). Its atoms follow the running Streams as
// atoms.ts's do, and the hottest panels subscribe to its observables in an effect; a panel that shows either venue
// picks its streams with venueOrderBook$, venueTrades$, venueCandles$ and useVenueTicker.
//
// The REST reads go to the page origin with the layer's own ky policy unless setUpPerpMarket says otherwise (the
// app's ky instance; tests' fakes and frame scheduler), read when a Streams' perpetuals are first used.
import type { KyInstance } from 'ky';
import { useAtomValue } from 'jotai';
import type { Atom } from 'jotai/vanilla';
import { map, type Observable, type SchedulerLike } from 'rxjs';
import { candles$, follow, keyed, orderBook$, tickerAtom, trades$ } from './atoms.ts';
import type { KlineInterval, MarketVenue, Ticker24h } from './contract.ts';
import { idle, mapLoadable, type Loadable } from './loadable.ts';
import type { Candle, Trade } from './parse/market.ts';
import { bookViewPipeline, candlesPipeline, markCandlesPipeline, tickerPipeline, tickersPipeline, tradesPipeline, type PerpMarketSources } from './pipelines/market.ts';
import { defaultFrameScheduler, perFrame, shareLatest } from './pipelines/share.ts';
import { groupBook } from './reducers/grouping.ts';
import type { BookView } from './reducers/order-book.ts';
import type { Tickers } from './reducers/tickers.ts';
import { createHttp } from './rest/http.ts';
import { createPerpMarketRest, type PerpMarketRest } from './rest/market.ts';
import type { Streams } from './runtime.ts';
import { globalTimers, type Timers } from './timers.ts';

export interface PerpMarketOptions {
  /** The app's ky instance (setUpStreams's `http`); without it the layer's own, on `baseUrl` or the page origin. */
  http?: KyInstance;
  baseUrl?: string;
  /** Replaces the REST reads (tests). */
  rest?: PerpMarketRest;
  /** Defaults to animation frames in a browser. */
  frameScheduler?: SchedulerLike;
  timers?: Timers;
  /** Delay before an unused pipeline is torn down. */
  teardownMs?: number;
  depthSnapshotLimit?: number;
  candleHistoryLimit?: number;
}

/** One shared, per-frame pipeline per perpetual stream on one socket. Framework-free. */
export interface PerpStreams {
  orderBook$(symbol: string): Observable<Loadable<BookView>>;
  trades$(symbol: string): Observable<Loadable<readonly Trade[]>>;
  ticker$(symbol: string): Observable<Loadable<Ticker24h | null>>;
  tickers$(): Observable<Loadable<Tickers>>;
  candles$(symbol: string, interval: KlineInterval): Observable<Loadable<readonly Candle[]>>;
  markCandles$(symbol: string, interval: KlineInterval): Observable<Loadable<readonly Candle[]>>;
}

export function createPerpStreams(streams: Pick<Streams, 'topic$'>, o: PerpMarketOptions = {}): PerpStreams {
  const frames = o.frameScheduler ?? defaultFrameScheduler();
  const teardownMs = o.teardownMs ?? 2_500;
  const src: PerpMarketSources = {
    venue: 'perp',
    hub: streams,
    rest: o.rest ?? createPerpMarketRest(createHttp(o.http ? { ky: o.http } : o.baseUrl === undefined ? {} : { baseUrl: o.baseUrl })),
    timers: o.timers ?? globalTimers,
    depthSnapshotLimit: o.depthSnapshotLimit ?? 1_000,
    candleHistoryLimit: o.candleHistoryLimit ?? 500,
  };
  const cache = new Map<string, Observable<unknown>>();
  /** Reducers see every message; what is drawn comes at most once per frame (the book, prints and bars thin
   *  themselves: depth.ts, seeded.ts). */
  const shared = <T>(key: string, make: () => Observable<T>, thin = true): Observable<T> => {
    let found = cache.get(key) as Observable<T> | undefined;
    if (!found) cache.set(key, (found = (thin ? make().pipe(perFrame(frames)) : make()).pipe(shareLatest(teardownMs))));
    return found;
  };
  return {
    orderBook$: (symbol) => shared(`depth|${symbol}`, () => bookViewPipeline(src, symbol, frames), false),
    trades$: (symbol) => shared(`trade|${symbol}`, () => tradesPipeline(src, symbol, frames), false),
    ticker$: (symbol) => shared(`ticker|${symbol}`, () => tickerPipeline(src, symbol)),
    tickers$: () => shared('tickers', () => tickersPipeline(src)),
    candles$: (symbol, interval) => shared(`kline|${symbol}|${interval}`, () => candlesPipeline(src, symbol, interval, frames), false),
    markCandles$: (symbol, interval) => shared(`mark|${symbol}|${interval}`, () => markCandlesPipeline(src, symbol, interval, frames), false),
  };
}

let options: PerpMarketOptions = {};
const running = new WeakMap<Pick<Streams, 'topic$'>, PerpStreams>();

/** How the perpetuals' pipelines read REST and pace themselves; call before setUpStreams (the app shell, tests). */
export function setUpPerpMarket(next: PerpMarketOptions): void {
  options = next;
}

function perp(streams: Streams): PerpStreams {
  let found = running.get(streams);
  if (!found) running.set(streams, (found = createPerpStreams(streams, options)));
  return found;
}

const IDLE = idle as Loadable<never>;

// Observables for effects that draw directly (canvas ladder, chart series), as atoms.ts's orderBook$ and candles$.
export const perpOrderBook$ = (symbol: string, tick: string | null = null, limit = 50): Observable<Loadable<BookView>> =>
  follow((s) => perp(s).orderBook$(symbol).pipe(map((l) => mapLoadable(l, (v) => groupBook(v, tick, limit)))), IDLE);
export const perpTrades$ = (symbol: string): Observable<Loadable<readonly Trade[]>> => follow((s) => perp(s).trades$(symbol), IDLE);
export const perpCandles$ = (symbol: string, interval: KlineInterval): Observable<Loadable<readonly Candle[]>> =>
  follow((s) => perp(s).candles$(symbol, interval), IDLE);
/** Mark-price candles: o/h/l/c of the marks, no volumes. */
export const perpMarkCandles$ = (symbol: string, interval: KlineInterval): Observable<Loadable<readonly Candle[]>> =>
  follow((s) => perp(s).markCandles$(symbol, interval), IDLE);

/** Grouped to `tick` (null: as traded) and cut to `limit` levels per side. */
export const perpOrderBookAtom = (symbol: string, tick: string | null = null, limit = 50): Atom<Loadable<BookView>> =>
  keyed(`perp|book|${symbol}|${tick ?? ''}|${limit}`, () => perpOrderBook$(symbol, tick, limit), IDLE);
export const perpTradesAtom = (symbol: string): Atom<Loadable<readonly Trade[]>> => keyed(`perp|trades|${symbol}`, (s) => perp(s).trades$(symbol), IDLE);
/** The perpetual's 24 h ticker; its bid and ask are "0" until the first ticker event (REST has none). */
export const perpTickerAtom = (symbol: string): Atom<Loadable<Ticker24h | null>> => keyed(`perp|ticker|${symbol}`, (s) => perp(s).ticker$(symbol), IDLE);
export const perpTickersAtom = (): Atom<Loadable<Tickers>> => keyed('perp|tickers', (s) => perp(s).tickers$(), IDLE);
export const perpCandlesAtom = (symbol: string, interval: KlineInterval): Atom<Loadable<readonly Candle[]>> =>
  keyed(`perp|candles|${symbol}|${interval}`, (s) => perp(s).candles$(symbol, interval), IDLE);
export const perpMarkCandlesAtom = (symbol: string, interval: KlineInterval): Atom<Loadable<readonly Candle[]>> =>
  keyed(`perp|marks|${symbol}|${interval}`, (s) => perp(s).markCandles$(symbol, interval), IDLE);

export const usePerpOrderBook = (symbol: string, tick: string | null = null, limit = 50): Loadable<BookView> =>
  useAtomValue(perpOrderBookAtom(symbol, tick, limit));
export const usePerpTrades = (symbol: string): Loadable<readonly Trade[]> => useAtomValue(perpTradesAtom(symbol));
export const usePerpTicker = (symbol: string): Loadable<Ticker24h | null> => useAtomValue(perpTickerAtom(symbol));
export const usePerpTickers = (): Loadable<Tickers> => useAtomValue(perpTickersAtom());
export const usePerpCandles = (symbol: string, interval: KlineInterval): Loadable<readonly Candle[]> => useAtomValue(perpCandlesAtom(symbol, interval));
export const usePerpMarkCandles = (symbol: string, interval: KlineInterval): Loadable<readonly Candle[]> =>
  useAtomValue(perpMarkCandlesAtom(symbol, interval));

// Either venue's streams, for the panels that show a spot market or a perpetual ('spot': atoms.ts's own).
export const venueOrderBook$ = (venue: MarketVenue, symbol: string, tick: string | null = null, limit = 50): Observable<Loadable<BookView>> =>
  venue === 'perp' ? perpOrderBook$(symbol, tick, limit) : orderBook$(symbol, tick, limit);
export const venueTrades$ = (venue: MarketVenue, symbol: string): Observable<Loadable<readonly Trade[]>> =>
  venue === 'perp' ? perpTrades$(symbol) : trades$(symbol);
export const venueCandles$ = (venue: MarketVenue, symbol: string, interval: KlineInterval): Observable<Loadable<readonly Candle[]>> =>
  venue === 'perp' ? perpCandles$(symbol, interval) : candles$(symbol, interval);
/** One atom read either way, so a panel may switch venue between renders. */
export const useVenueTicker = (venue: MarketVenue, symbol: string): Loadable<Ticker24h | null> =>
  useAtomValue(venue === 'perp' ? perpTickerAtom(symbol) : tickerAtom(symbol));
