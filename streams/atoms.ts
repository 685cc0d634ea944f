// The stream layer as jotai atoms: the only file in streams/ that imports jotai. Every atom has an initial value,
// reads no other atom, and follows the running Streams (none until setUpStreams), so components never see the
// socket and a torn-down runtime leaves atoms idle instead of broken.
import type { Atom } from 'jotai/vanilla';
import { atomWithObservable } from 'jotai/vanilla/utils';
import { BehaviorSubject, EMPTY, map, of, switchMap, type Observable } from 'rxjs';
import type {
  PriceRecordEntry, SecondsConfigItem,
  BalanceUpdate, ContractAccountItem, ContractConditionalItem, ContractOrderItem, ContractPositionItem, KlineInterval, OrderUpdate, Ticker24h, UnreadView,
} from './contract.ts';
import { idle, mapLoadable, type Loadable } from './loadable.ts';
import type { Candle, Trade } from './parse/market.ts';
import { balanceList } from './reducers/balances.ts';
import type { ContractMarketViews, ContractMarkView } from './reducers/contract-markets.ts';
import type { ContractSettings } from './reducers/contract-positions.ts';
import { groupBook } from './reducers/grouping.ts';
import { orderList } from './reducers/orders.ts';
import type { BookView } from './reducers/order-book.ts';
import type { EarnViews } from './reducers/earn.ts';
import type { QuantViews } from './reducers/quant.ts';
import type { SecondsViews } from './reducers/seconds.ts';
import type { Tickers } from './reducers/tickers.ts';
import { createStreams, type Streams, type StreamsOptions } from './runtime.ts';
import type { ConnectionStatus } from './socket/connection.ts';
import type { AuthState } from './socket/topics.ts';
import { poll$, type PollOptions } from './sources/polling.ts';

const streams$ = new BehaviorSubject<Streams | null>(null);
let ticket: string | null = null;

/** Starts the tab's streams (one socket); returns the one cleanup that closes them and resets every atom. */
export function setUpStreams(options: StreamsOptions = {}): () => void {
  streams$.value?.close();
  const streams = createStreams({ ...options, ticket: options.ticket ?? ticket });
  streams$.next(streams);
  return () => {
    if (streams$.value === streams) streams$.next(null);
    streams.close();
  };
}

/** The session ticket for private topics (null on sign-out); kept for a later setUpStreams too. */
export function setStreamsTicket(next: string | null): void {
  ticket = next;
  streams$.value?.setTicket(next);
}

/** Server time now: client clock plus the measured offset (plain client time before setUpStreams). */
export const serverNow = (): number => streams$.value?.serverNow() ?? Date.now();

/** The running Streams' observable (`off` while none runs). */
export function follow<T>(make: (streams: Streams) => Observable<T>, off: T): Observable<T> {
  return streams$.pipe(switchMap((streams) => (streams ? make(streams) : of(off))));
}

const atoms = new Map<string, Atom<unknown>>();
/** One atom per key, following the running Streams. */
export function keyed<T>(key: string, make: (streams: Streams) => Observable<T>, initial: T): Atom<T> {
  let found = atoms.get(key) as Atom<T> | undefined;
  if (!found) atoms.set(key, (found = atomWithObservable(() => follow(make, initial), { initialValue: initial })));
  return found;
}
const IDLE = idle as Loadable<never>;

// Observables for effects that draw directly (canvas ladder, chart series) instead of re-rendering per frame.
export const orderBook$ = (symbol: string, tick: string | null = null, limit = 50): Observable<Loadable<BookView>> =>
  follow((s) => s.orderBook$(symbol).pipe(map((l) => mapLoadable(l, (v) => groupBook(v, tick, limit)))), IDLE);
export const candles$ = (symbol: string, interval: KlineInterval): Observable<Loadable<readonly Candle[]>> =>
  follow((s) => s.candles$(symbol, interval), IDLE);
export const trades$ = (symbol: string): Observable<Loadable<readonly Trade[]>> => follow((s) => s.trades$(symbol), IDLE);

export const connectionStatusAtom = (): Atom<ConnectionStatus> => keyed('status', (s) => s.status$, 'closed');
export const authStateAtom = (): Atom<AuthState> => keyed('auth', (s) => s.auth$, 'anonymous');
export const serverOffsetAtom = (): Atom<number> => keyed('offset', (s) => s.clock$.pipe(map((c) => c.offset)), 0);

/** Grouped to `tick` (null: as traded) and cut to `limit` levels per side. */
export const orderBookAtom = (symbol: string, tick: string | null = null, limit = 50): Atom<Loadable<BookView>> =>
  keyed(`book|${symbol}|${tick ?? ''}|${limit}`, () => orderBook$(symbol, tick, limit), IDLE);
export const tradesAtom = (symbol: string): Atom<Loadable<readonly Trade[]>> => keyed(`trades|${symbol}`, (s) => s.trades$(symbol), IDLE);
export const tickerAtom = (symbol: string): Atom<Loadable<Ticker24h | null>> => keyed(`ticker|${symbol}`, (s) => s.ticker$(symbol), IDLE);
export const tickersAtom = (): Atom<Loadable<Tickers>> => keyed('tickers', (s) => s.tickers$(), IDLE);
export const candlesAtom = (symbol: string, interval: KlineInterval): Atom<Loadable<readonly Candle[]>> =>
  keyed(`candles|${symbol}|${interval}`, (s) => s.candles$(symbol, interval), IDLE);
/** Newest first; idle while signed out. */
export const ordersAtom = (): Atom<Loadable<readonly OrderUpdate[]>> =>
  keyed('orders', (s) => s.orders$().pipe(map((l) => mapLoadable(l, orderList))), IDLE);
export const balancesAtom = (): Atom<Loadable<readonly BalanceUpdate[]>> =>
  keyed('balances', (s) => s.balances$().pipe(map((l) => mapLoadable(l, balanceList))), IDLE);

// Perpetual contracts. A position row's atom changes only when one of its figures does, so a mark tick repaints only
// the rows whose numbers moved; the symbols' atom only when the set of open positions does.
export const contractMarketsAtom = (): Atom<Loadable<ContractMarketViews>> => keyed('contract:markets', (s) => s.contractMarkets$(), IDLE);
export const contractMarkAtom = (symbol: string): Atom<Loadable<ContractMarkView | null>> =>
  keyed(`contract:mark|${symbol}`, (s) => s.contractMark$(symbol), IDLE);
/** Symbols of the open positions, sorted; idle while signed out. */
export const contractPositionSymbolsAtom = (): Atom<Loadable<readonly string[]>> => keyed('contract:symbols', (s) => s.contractPositionSymbols$(), IDLE);
/** One open position, live; null when flat or signed out. */
export const contractPositionAtom = (symbol: string): Atom<ContractPositionItem | null> =>
  keyed(`contract:position|${symbol}`, (s) => s.contractPosition$(symbol), null);
export const contractPositionsAtom = (): Atom<Loadable<readonly ContractPositionItem[]>> => keyed('contract:positions', (s) => s.contractPositions$(), IDLE);
export const contractAccountAtom = (): Atom<Loadable<ContractAccountItem>> => keyed('contract:account', (s) => s.contractAccount$(), IDLE);
/** A market's leverage and margin type; null before the positions reply (or signed out). */
export const contractSettingsAtom = (symbol: string): Atom<ContractSettings | null> =>
  keyed(`contract:settings|${symbol}`, (s) => s.contractSettings$(symbol), null);
/** Pending orders, newest first. */
export const contractOrdersAtom = (): Atom<Loadable<readonly ContractOrderItem[]>> => keyed('contract:orders', (s) => s.contractOrders$(), IDLE);
/** Waiting conditional orders, newest first. */
export const contractConditionalsAtom = (): Atom<Loadable<readonly ContractConditionalItem[]>> =>
  keyed('contract:conditionals', (s) => s.contractConditionals$(), IDLE);
/** Orders that closed a position by liquidation or auto-deleveraging, once each as they end (for a notice). */
export const contractNotices$ = (): Observable<ContractOrderItem> => streams$.pipe(switchMap((s) => (s ? s.contractNotices$() : EMPTY)));

// Seconds contracts. Every countdown row reads the one clock atom (one timer for the tab).
/** Server time at each whole server second (plain client time before setUpStreams). */
export const secondsClockAtom = (): Atom<number> => keyed('seconds:clock', (s) => s.secondsClock$(), Date.now());
export const secondsClock$ = (): Observable<number> => follow((s) => s.secondsClock$(), Date.now());
export const secondsConfigAtom = (): Atom<Loadable<readonly SecondsConfigItem[]>> => keyed('seconds:config', (s) => s.secondsConfig$(), IDLE);
export const priceRecordAtom = (market: string): Atom<Loadable<PriceRecordEntry | null>> => keyed(`seconds:record|${market}`, (s) => s.priceRecord$(market), IDLE);
/** Pending, holding and history; idle while signed out. */
export const secondsContractsAtom = (): Atom<Loadable<SecondsViews>> => keyed('seconds:contracts', (s) => s.secondsContracts$(), IDLE);

// Wealth products and mining pools.
/** The user's wealth and mining orders, newest first, live; idle while signed out. */
export const earnOrdersAtom = (): Atom<Loadable<EarnViews>> => keyed('earn:orders', (s) => s.earnOrders$(), IDLE);

// Quantitative bots.
/** The user's robots and grids, newest first, live; idle while signed out. */
export const quantBotsAtom = (): Atom<Loadable<QuantViews>> => keyed('quant:bots', (s) => s.quantBots$(), IDLE);

// The bell.
/** Unread announcements and the newest few, live from the `notices` topic; idle while signed out. */
export const noticesAtom = (): Atom<Loadable<UnreadView>> => keyed('notices', (s) => s.notices$(), IDLE);
/** Hands the bell a view the app read itself (the reply of marking read). */
export const setNoticesView = (view: UnreadView): void => streams$.value?.setNotices(view);

/** Milliseconds to a server-time deadline, ticking every `stepMs`; not cached, so hold it (useMemo, a module). */
export const countdownAtom = (deadline: number, stepMs = 1_000): Atom<number> =>
  atomWithObservable(() => follow((s) => s.countdown$(deadline, stepMs), Math.max(0, deadline - Date.now())), {
    initialValue: () => Math.max(0, deadline - serverNow()),
  });

/** A polled read for what has no topic; create it once (module scope) and read it like any other atom. */
export const pollingAtom = <T>(read: (signal: AbortSignal) => Promise<T>, options: PollOptions): Atom<Loadable<T>> =>
  atomWithObservable(() => poll$(read, options), { initialValue: IDLE as Loadable<T> });
