// Wires the stream layer for one tab: the socket, heartbeat and server clock, the topic hub, REST seeds, and one
// shared pipeline per market stream (reducers, then one emission per frame). Framework-free; atoms.ts adapts it.
import type { KyInstance } from 'ky';
import { BehaviorSubject, Subject, distinctUntilChanged, map, scan, takeWhile, timer, type Observable, type SchedulerLike } from 'rxjs';
import type {
  PriceRecordEntry, SecondsConfigItem,
  BalanceUpdate, ContractConditionalItem, ContractMarketItem, ContractOrderItem, ContractPositionsReply, KlineInterval, OrderUpdate, Ticker24h, UnreadView,
} from './contract.ts';
import { WS_BATCH_PARAM, WS_PATH } from './contract.ts';
import { dataOf, idle, mapLoadable, type Loadable } from './loadable.ts';
import type { Candle, Trade } from './parse/market.ts';
import { balancesPipeline, ordersPipeline, type AccountSources } from './pipelines/account.ts';
import { contractStreams, type ContractStreams } from './pipelines/contract-live.ts';
import { bookViewPipeline, candlesPipeline, tickerPipeline, tickersPipeline, tradesPipeline, type MarketSources } from './pipelines/market.ts';
import { defaultFrameScheduler, perFrame, shareLatest } from './pipelines/share.ts';
import type { Balances } from './reducers/balances.ts';
import type { Orders } from './reducers/orders.ts';
import type { BookView } from './reducers/order-book.ts';
import { addClockSample, initialServerClock, serverNow, type ServerClock } from './reducers/server-clock.ts';
import type { Tickers } from './reducers/tickers.ts';
import { contractMarketsReader } from './rest/contract.ts';
import { recordHeadReader, secondsConfigReader } from './rest/seconds.ts';
import { serverClock$ } from './pipelines/seconds-clock.ts';
import { priceRecordPipeline, secondsConfigPipeline, secondsContractsPipeline } from './pipelines/seconds.ts';
import { noSecondsViews, secondsViews, type SecondsContracts, type SecondsSeed, type SecondsViews } from './reducers/seconds.ts';
import { documentVisible$ } from './sources/polling.ts';
import { earnOrdersPipeline } from './pipelines/earn.ts';
import { earnViews, noEarnViews, type EarnOrders, type EarnSeed, type EarnViews } from './reducers/earn.ts';
import { earnOrdersReader } from './rest/earn.ts';
import { quantBotsPipeline, quantBotsReader } from './pipelines/quant.ts';
import { noQuantViews, quantViews, type QuantBots, type QuantSeed, type QuantViews } from './reducers/quant.ts';
import { noticesPipeline, unreadReader } from './pipelines/notices.ts';
import { createHttp, type HttpOptions } from './rest/http.ts';
import { createMarketRest, type MarketRest } from './rest/market.ts';
import { createConnection, type ConnectionOptions, type ConnectionStatus, type WebSocketConstructor } from './socket/connection.ts';
import { setUpHeartbeat } from './socket/heartbeat.ts';
import type { StreamTopic } from './socket/protocol.ts';
import { createTopicHub, type AuthState, type TopicMessage } from './socket/topics.ts';
import { globalTimers, type Timers } from './timers.ts';

export interface StreamsOptions {
  /** Defaults to ws(s)://<page host>/ws?batch=1. */
  url?: string | (() => string);
  WebSocket?: WebSocketConstructor;
  /** The app's ky instance for the REST reads (one instance and one timeout/ticket policy per tab). Without it the
   * layer makes its own (REQUEST_TIMEOUT_MS, `baseUrl` or the page origin). */
  http?: KyInstance;
  /** REST base for the layer's own ky instance (not used with `http`). */
  baseUrl?: string;
  /** Replaces the ky-based market reads (tests, another venue). */
  rest?: MarketRest;
  ticket?: string | null;
  /** The server closed the socket because the session behind the ticket ended (logout, revocation, reset, expiry):
   *  the app shows its session-expired alert. The layer has already dropped the ticket and keeps public topics. */
  onSessionEnded?: () => void;
  /** Seeds for the private topics, read on every fresh run; without them the lists start from events. */
  loadOrders?: (signal: AbortSignal) => Promise<readonly OrderUpdate[]>;
  loadBalances?: (signal: AbortSignal) => Promise<readonly BalanceUpdate[]>;
  /** The perpetual markets with their brackets (default: GET /app/contract/markets through the layer's http). */
  loadContractMarkets?: (signal: AbortSignal) => Promise<readonly ContractMarketItem[]>;
  /** Seeds of the contract topics, read on every fresh run (positions with settings and account, pending orders,
   *  waiting conditional orders); without them the state starts from events. */
  loadContractPositions?: (signal: AbortSignal) => Promise<ContractPositionsReply>;
  loadContractOrders?: (signal: AbortSignal) => Promise<readonly ContractOrderItem[]>;
  loadContractConditionals?: (signal: AbortSignal) => Promise<readonly ContractConditionalItem[]>;
  /** The seconds contracts' duration table (default: GET /app/seconds/config through the layer's http). */
  loadSecondsConfig?: (signal: AbortSignal) => Promise<readonly SecondsConfigItem[]>;
  /** A market's latest record entry (default: GET /app/priceRecord/head?market=X through the layer's http). */
  loadPriceRecordHead?: (market: string, signal: AbortSignal) => Promise<readonly PriceRecordEntry[]>;
  /** The seed of `secondsContracts`, read on every fresh run: pending, holding and the latest history page. */
  loadSecondsContracts?: (signal: AbortSignal) => Promise<SecondsSeed>;
  /** The seed of `earn` (the user's wealth and mining orders), read on every fresh run (default: each kind's active
   *  and latest ended orders through the layer's http). */
  loadEarnOrders?: (signal: AbortSignal) => Promise<EarnSeed>;
  /** The seed of `quant` (the user's bots), read on every fresh run (default: the running bots and the latest ended
   *  ones through the layer's http). */
  loadQuantBots?: (signal: AbortSignal) => Promise<QuantSeed>;
  /** The bell's view (`notices`), read on every fresh run and shortly after each event (default: GET
   *  /app/content/unread through the layer's http). */
  loadNotices?: (signal: AbortSignal) => Promise<UnreadView>;
  /** How often the duration table is read again while watched (default 60 s). */
  secondsConfigIntervalMs?: number;
  /** Whether the tab is shown (default: document visibility); the shared clock ticks at once when it comes back. */
  visible$?: Observable<boolean>;
  /** How often the markets list is read again while watched (default 30 s). */
  contractMarketsIntervalMs?: number;
  /** Defaults to animation frames in a browser. */
  frameScheduler?: SchedulerLike;
  /** Delay before an unused topic or pipeline is torn down. */
  teardownMs?: number;
  heartbeatMs?: number;
  pongTimeoutMs?: number;
  timers?: Timers;
  reconnect?: Pick<ConnectionOptions, 'minReconnectMs' | 'maxReconnectMs' | 'growFactor' | 'jitterMs' | 'random' | 'connectTimeoutMs'>;
  depthSnapshotLimit?: number;
  candleHistoryLimit?: number;
}

export interface Streams extends ContractStreams {
  readonly status$: Observable<ConnectionStatus>;
  readonly auth$: Observable<AuthState>;
  readonly clock$: Observable<ServerClock>;
  /** Server time now (client clock + measured offset); every countdown reads this. */
  serverNow(): number;
  topic$(topic: StreamTopic): Observable<TopicMessage>;
  orderBook$(symbol: string): Observable<Loadable<BookView>>;
  trades$(symbol: string): Observable<Loadable<readonly Trade[]>>;
  ticker$(symbol: string): Observable<Loadable<Ticker24h | null>>;
  tickers$(): Observable<Loadable<Tickers>>;
  candles$(symbol: string, interval: KlineInterval): Observable<Loadable<readonly Candle[]>>;
  orders$(): Observable<Loadable<Orders>>;
  balances$(): Observable<Loadable<Balances>>;
  /** Milliseconds left until `deadline` (server time), every `stepMs`, ending at 0. */
  countdown$(deadline: number, stepMs?: number): Observable<number>;
  /** Server time at each whole server second (and when the tab shows again): the one clock of every seconds countdown. */
  secondsClock$(): Observable<number>;
  secondsConfig$(): Observable<Loadable<readonly SecondsConfigItem[]>>;
  /** A market's latest price-record entry (null before the first). */
  priceRecord$(market: string): Observable<Loadable<PriceRecordEntry | null>>;
  /** The user's seconds contracts as pending, holding and history lists; idle while signed out. */
  secondsContracts$(): Observable<Loadable<SecondsViews>>;
  /** The user's wealth and mining orders, newest first, live; idle while signed out. */
  earnOrders$(): Observable<Loadable<EarnViews>>;
  /** The user's quantitative bots, newest first, live; idle while signed out. */
  quantBots$(): Observable<Loadable<QuantViews>>;
  /** The bell: unread announcements and the newest few, live; idle while signed out. */
  notices$(): Observable<Loadable<UnreadView>>;
  /** A view the app read itself (the reply of marking read) replaces the bell's. */
  setNotices(view: UnreadView): void;
  setTicket(ticket: string | null): void;
  close(): void;
}

/** What the seconds screen counts down to: each holding contract's delivery and each timed order's start. */
function deadlinesOf(l: Loadable<SecondsViews>): number[] {
  const v = dataOf(l);
  if (v === undefined) return [];
  return [...v.holding.map((c) => c.deliveryTs), ...v.pending.flatMap((c) => (c.scheduledTs === null ? [] : [c.scheduledTs]))];
}

/** The page's host, with each server turn's frames in one message (contract/ws.ts WS_BATCH_PARAM). */
function pageSocketUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${WS_PATH}?${WS_BATCH_PARAM}=1`;
}

function httpOptions(options: StreamsOptions): HttpOptions {
  if (options.http) return { ky: options.http };
  return options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl };
}

export function createStreams(options: StreamsOptions = {}): Streams {
  const timers = options.timers ?? globalTimers;
  const frames = options.frameScheduler ?? defaultFrameScheduler();
  const teardownMs = options.teardownMs ?? 2_500;
  const http = createHttp(httpOptions(options));
  const rest = options.rest ?? createMarketRest(http);
  const connection = createConnection({
    url: options.url ?? pageSocketUrl,
    ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
    timers,
    ...options.reconnect,
  });
  const hub = createTopicHub(connection, {
    teardownMs,
    timers,
    ticket: options.ticket ?? null,
    ...(options.onSessionEnded ? { onSessionEnded: options.onSessionEnded } : {}),
  });
  const clock$ = new BehaviorSubject<ServerClock>(initialServerClock);
  const stopHeartbeat = setUpHeartbeat(connection, {
    timers,
    ...(options.heartbeatMs ? { intervalMs: options.heartbeatMs } : {}),
    ...(options.pongTimeoutMs ? { timeoutMs: options.pongTimeoutMs } : {}),
    onSample: (sample) => clock$.next(addClockSample(clock$.value, sample)),
  });

  const cache = new Map<string, Observable<unknown>>();
  // One run per key: every atom and effect reading a market stream shares it.
  // Each pipeline ends in perFrame, so reducers see every message and the views after it run once per frame.
  function cached<T>(key: string, make: () => Observable<T>): Observable<T> {
    let observable = cache.get(key) as Observable<T> | undefined;
    if (!observable) cache.set(key, (observable = make().pipe(shareLatest(teardownMs))));
    return observable;
  }
  const thin = <T>(source: Observable<T>): Observable<T> => source.pipe(perFrame(frames));

  const market: MarketSources = {
    hub,
    rest,
    timers,
    depthSnapshotLimit: options.depthSnapshotLimit ?? 1_000,
    candleHistoryLimit: options.candleHistoryLimit ?? 500,
  };
  const account: AccountSources = { hub, timers, loadOrders: options.loadOrders, loadBalances: options.loadBalances };
  const contract = contractStreams(
    {
      hub,
      timers,
      loadMarkets: options.loadContractMarkets ?? contractMarketsReader(http),
      marketsIntervalMs: options.contractMarketsIntervalMs ?? 30_000,
      loadPositions: options.loadContractPositions,
      loadOrders: options.loadContractOrders,
      loadConditionals: options.loadContractConditionals,
    },
    { cached, thin, teardownMs },
  );

  const visible$ = options.visible$ ?? documentVisible$();
  const seconds = {
    hub,
    timers,
    loadConfig: options.loadSecondsConfig ?? secondsConfigReader(http),
    configIntervalMs: options.secondsConfigIntervalMs ?? 60_000,
    loadRecordHead: options.loadPriceRecordHead ?? recordHeadReader(http),
    loadContracts: options.loadSecondsContracts,
  };
  const now = (): number => serverNow(clock$.value, timers.now());
  const secondsContracts$ = (): Observable<Loadable<SecondsViews>> =>
    cached('seconds:contracts', () =>
      thin(secondsContractsPipeline(seconds)).pipe(
        scan<Loadable<SecondsContracts>, Loadable<SecondsViews>>((held, next) => mapLoadable(next, (s) => secondsViews(s, dataOf(held) ?? noSecondsViews)), idle),
      ),
    );

  const earn = { hub, timers, loadOrders: options.loadEarnOrders ?? earnOrdersReader(http) };
  const earnOrders$ = (): Observable<Loadable<EarnViews>> =>
    cached('earn:orders', () =>
      thin(earnOrdersPipeline(earn)).pipe(
        scan<Loadable<EarnOrders>, Loadable<EarnViews>>((held, next) => mapLoadable(next, (s) => earnViews(s, dataOf(held) ?? noEarnViews)), idle),
      ),
    );

  const quant = { hub, timers, loadBots: options.loadQuantBots ?? quantBotsReader(http) };
  const quantBots$ = (): Observable<Loadable<QuantViews>> =>
    cached('quant:bots', () =>
      thin(quantBotsPipeline(quant)).pipe(
        scan<Loadable<QuantBots>, Loadable<QuantViews>>((held, next) => mapLoadable(next, (s) => quantViews(s, dataOf(held) ?? noQuantViews)), idle),
      ),
    );

  const noticesLocal$ = new Subject<UnreadView>();
  const notices = { hub, timers, load: options.loadNotices ?? unreadReader(http), local$: noticesLocal$ };
  const notices$ = (): Observable<Loadable<UnreadView>> => cached('notices', () => thin(noticesPipeline(notices)));

  return {
    status$: connection.status$,
    auth$: hub.auth$,
    clock$: clock$.asObservable(),
    serverNow: () => serverNow(clock$.value, timers.now()),
    topic$: (topic) => hub.topic$(topic),
    // The depth pipeline thins itself (a frame's diffs go into one copy of the book), and sorting the book into a
    // view, the costly step, runs after it: once per frame, not per diff.
    orderBook$: (symbol) =>
      cached(`depth@${symbol}`, () => bookViewPipeline(market, symbol, frames)),
    // Prints and the live bar thin themselves as the book does: one copy of the list per frame, not per event.
    trades$: (symbol) => cached(`trade@${symbol}`, () => tradesPipeline(market, symbol, frames)),
    ticker$: (symbol) => cached(`ticker@${symbol}`, () => thin(tickerPipeline(market, symbol))),
    tickers$: () => cached('tickers', () => thin(tickersPipeline(market))),
    candles$: (symbol, interval) => cached(`kline@${symbol}@${interval}`, () => candlesPipeline(market, symbol, interval, frames)),
    orders$: () => cached('orders', () => thin(ordersPipeline(account))),
    balances$: () => cached('balances', () => thin(balancesPipeline(account))),
    ...contract,
    countdown$: (deadline, stepMs = 1_000) =>
      timer(0, stepMs).pipe(
        map(() => Math.max(0, deadline - serverNow(clock$.value, timers.now()))),
        distinctUntilChanged(),
        takeWhile((ms) => ms > 0, true),
      ),
    secondsClock$: () => cached('seconds:clock', () => serverClock$(now, timers, visible$, 1_000, secondsContracts$().pipe(map(deadlinesOf)))),
    secondsConfig$: () => cached('seconds:config', () => thin(secondsConfigPipeline(seconds))),
    priceRecord$: (market) => cached(`seconds:record@${market}`, () => thin(priceRecordPipeline(seconds, market))),
    secondsContracts$,
    earnOrders$,
    quantBots$,
    notices$,
    setNotices: (view) => noticesLocal$.next(view),
    setTicket: (ticket) => hub.setTicket(ticket),
    close() {
      stopHeartbeat();
      hub.close();
      connection.close();
      clock$.complete();
    },
  };
}
