// The contract streams as panels read them: the pipelines of contract.ts shared, thinned to one value per frame, and
// put together. Positions are recomputed at every mark of a market the user holds (reducers/contract-risk.ts), so
// a row's P&L moves with the ticks; each derived stream emits only when what it carries changed.
import { combineLatest, distinctUntilChanged, map, Observable, of, scan, share, Subscription, switchMap, timer } from 'rxjs';
import type { ContractAccountItem, ContractConditionalItem, ContractMarketItem, ContractOrderItem, ContractPositionItem } from '../contract.ts';
import { dataOf, failure, idle, mapLoadable, pending, sameLoadable, success, type Loadable } from '../loadable.ts';
import { bracketsOf, markOfMarket, marketViews, sameMark, type ContractMarketViews, type ContractMarkView, type MarkTick } from '../reducers/contract-markets.ts';
import { contractConditionalKind, contractOrderKind, openItems, type LiveItemKind, type LiveItems } from '../reducers/contract-orders.ts';
import { noContractPositions, openPositions, settingsOf, type ContractPositionsState, type ContractSettings } from '../reducers/contract-positions.ts';
import { liveContract, sameList, type LiveContract } from '../reducers/contract-risk.ts';
import {
  contractConditionalsPipeline, contractMarkPipeline, contractMarketsListPipeline, contractMarkTickPipeline, contractNoticesPipeline,
  contractOrdersPipeline, contractPositionsPipeline, type ContractSources,
} from './contract.ts';

export interface ContractStreams {
  contractMarkets$(): Observable<Loadable<ContractMarketViews>>;
  contractMark$(symbol: string): Observable<Loadable<ContractMarkView | null>>;
  contractLive$(): Observable<Loadable<LiveContract>>;
  contractPositionSymbols$(): Observable<Loadable<readonly string[]>>;
  contractPositions$(): Observable<Loadable<readonly ContractPositionItem[]>>;
  contractPosition$(symbol: string): Observable<ContractPositionItem | null>;
  contractAccount$(): Observable<Loadable<ContractAccountItem>>;
  contractSettings$(symbol: string): Observable<ContractSettings | null>;
  contractOrders$(): Observable<Loadable<readonly ContractOrderItem[]>>;
  contractConditionals$(): Observable<Loadable<readonly ContractConditionalItem[]>>;
  contractNotices$(): Observable<ContractOrderItem>;
}

export interface ContractPlumbing {
  /** One shared run per key (the runtime's cache). */
  cached<T>(key: string, make: () => Observable<T>): Observable<T>;
  /** At most one value per frame. */
  thin<T>(source: Observable<T>): Observable<T>;
  teardownMs: number;
}

/** Symbols as one key, so a list read again with the same markets doesn't resubscribe their marks. */
const keyOf = (symbols: readonly string[]): string => symbols.join(',');
const symbolsOf = (key: string): string[] => (key === '' ? [] : key.split(','));
const sameMarkOrNull = (a: ContractMarkView | null, b: ContractMarkView | null): boolean => (a === null || b === null ? a === b : sameMark(a, b));

/**
 * Each symbol's latest value in one map, once every symbol has one and then at every value. The map is updated in
 * place, not copied per value (hundreds of markets tick thousands of times a second): its readers thin it to one
 * per frame and read it then, keeping only what they build from it.
 */
function latestOf<T>(symbols: readonly string[], source: (symbol: string) => Observable<T>): Observable<ReadonlyMap<string, T>> {
  if (symbols.length === 0) return of(new Map());
  return new Observable<ReadonlyMap<string, T>>((subscriber) => {
    const latest = new Map<string, T>();
    const subscription = new Subscription();
    for (const symbol of symbols) {
      subscription.add(
        source(symbol).subscribe({
          next: (value) => {
            latest.set(symbol, value);
            if (latest.size === symbols.length) subscriber.next(latest);
          },
          error: (e: unknown) => subscriber.error(e),
        }),
      );
    }
    return subscription;
  });
}

const noBrackets = (): null => null;
const bracketLookups = new WeakMap<readonly ContractMarketItem[], (symbol: string) => ReturnType<typeof bracketsOf>>();
/** A market's brackets by symbol, one lookup per markets list read. */
function bracketsIn(markets: readonly ContractMarketItem[] | null): (symbol: string) => ReturnType<typeof bracketsOf> {
  if (markets === null) return noBrackets;
  let found = bracketLookups.get(markets);
  if (found === undefined) {
    const bySymbol = new Map(markets.map((m) => [m.symbol, m]));
    found = (symbol) => {
      const m = bySymbol.get(symbol);
      return m === undefined ? null : bracketsOf(m);
    };
    bracketLookups.set(markets, found);
  }
  return found;
}

/** The open items of a live list, the same array while they are the same items. */
function openList<T extends { time: number }>(kind: LiveItemKind<T>, source: Observable<Loadable<LiveItems<T>>>): Observable<Loadable<readonly T[]>> {
  return source.pipe(
    scan<Loadable<LiveItems<T>>, Loadable<readonly T[]>>((held, next) => {
      const shown = dataOf(held);
      return mapLoadable(next, (items) => {
        const list = openItems(kind, items);
        return shown !== undefined && sameList(shown, list) ? shown : list;
      });
    }, idle),
    distinctUntilChanged(sameLoadable),
  );
}

export function contractStreams(src: ContractSources, p: ContractPlumbing): ContractStreams {
  let notices$: Observable<ContractOrderItem> | null = null;
  const list$ = (): Observable<Loadable<readonly ContractMarketItem[]>> => p.cached('contract:markets-list', () => contractMarketsListPipeline(src));
  const markTopic$ = (symbol: string) => p.cached(`contract:mark@${symbol}`, () => contractMarkPipeline(src, symbol));
  const markTick$ = (symbol: string) => p.cached(`contract:mark-tick@${symbol}`, () => contractMarkTickPipeline(src, symbol));

  /** Each symbol's latest mark view from its topics (null before its first event); see latestOf. */
  const marksOf = (key: string): Observable<ReadonlyMap<string, ContractMarkView | null>> =>
    latestOf(symbolsOf(key), (s) => markTopic$(s).pipe(map((l) => dataOf(l) ?? null)));
  /** Each held market's latest mark, for the positions (null before its first event); see latestOf. */
  const ticksOf = (key: string): Observable<ReadonlyMap<string, MarkTick | null>> =>
    latestOf(symbolsOf(key), (s) => markTick$(s).pipe(map((l) => dataOf(l) ?? null)));

  const positionsState$ = () => p.cached('contract:positions', () => contractPositionsPipeline(src));

  const live$ = (): Observable<Loadable<LiveContract>> =>
    p.cached('contract:live', () => {
      const state$ = positionsState$();
      const held$ = state$.pipe(
        map((l) => keyOf(openPositions(dataOf(l) ?? noContractPositions).map((x) => x.item.symbol))),
        distinctUntilChanged(),
      );
      // The markets list (brackets) is read only while there are positions to compute.
      const markets$ = held$.pipe(switchMap((key) => (key === '' ? of(null) : list$().pipe(map((l) => dataOf(l) ?? null)))));
      const marks$ = held$.pipe(switchMap(ticksOf));
      return p.thin(combineLatest([state$, marks$, markets$])).pipe(
        scan<[Loadable<ContractPositionsState>, ReadonlyMap<string, MarkTick | null>, readonly ContractMarketItem[] | null], Loadable<LiveContract>>(
          (held, [state, marks, markets]) => mapLoadable(state, (s) => liveContract(s, marks, bracketsIn(markets), dataOf(held) ?? null)),
          idle,
        ),
      );
    });

  const fromLive = <T>(pick: (live: LiveContract) => T): Observable<Loadable<T>> => live$().pipe(map((l) => mapLoadable(l, pick)), distinctUntilChanged(sameLoadable));

  return {
    contractMarkets$: () =>
      p.cached('contract:markets', () => {
        const source$ = list$();
        const views$ = source$.pipe(
          map((l) => keyOf((dataOf(l) ?? []).map((m) => m.symbol))),
          distinctUntilChanged(),
          switchMap(marksOf),
        );
        return p.thin(combineLatest([source$, views$])).pipe(
          scan<[Loadable<readonly ContractMarketItem[]>, ReadonlyMap<string, ContractMarkView | null>], Loadable<ContractMarketViews>>(
            (held, [l, views]) => mapLoadable(l, (markets) => marketViews(markets, views, dataOf(held) ?? null)),
            idle,
          ),
          distinctUntilChanged(sameLoadable),
        );
      }),
    contractMark$: (symbol) =>
      p.cached(`contract:mark-view@${symbol}`, () =>
        p.thin(combineLatest([markTopic$(symbol), list$()])).pipe(
          map(([topic, markets]): Loadable<ContractMarkView | null> => {
            const live = dataOf(topic) ?? null;
            if (live !== null) return success(live);
            const item = dataOf(markets)?.find((m) => m.symbol === symbol);
            if (item !== undefined) return success(markOfMarket(item));
            if (markets.status === 'error') return failure(markets.error);
            return markets.status === 'success' ? success(null) : pending();
          }),
          distinctUntilChanged((a, b) => a.status === b.status && sameMarkOrNull(dataOf(a) ?? null, dataOf(b) ?? null)),
        ),
      ),
    contractLive$: live$,
    contractPositionSymbols$: () => fromLive((live) => live.symbols),
    contractPositions$: () => fromLive((live) => live.list),
    contractPosition$: (symbol) =>
      live$().pipe(
        map((l) => dataOf(l)?.rows.get(symbol) ?? null),
        distinctUntilChanged(),
      ),
    contractAccount$: () =>
      live$().pipe(
        map((l): Loadable<ContractAccountItem> => {
          if (l.status === 'idle') return l;
          const account = dataOf(l)?.account ?? null;
          if (account === null) return l.status === 'error' ? { status: 'error', error: l.error } : pending();
          return mapLoadable(l, () => account);
        }),
        distinctUntilChanged(sameLoadable),
      ),
    contractSettings$: (symbol) =>
      positionsState$().pipe(
        map((l) => {
          const state = dataOf(l);
          return state === undefined ? null : settingsOf(state, symbol);
        }),
        distinctUntilChanged(),
      ),
    contractOrders$: () => p.cached('contract:orders', () => openList(contractOrderKind, p.thin(contractOrdersPipeline(src)))),
    contractConditionals$: () => p.cached('contract:conditionals', () => openList(contractConditionalKind, p.thin(contractConditionalsPipeline(src)))),
    // Shared without a replay: a notice is shown once, to whoever is listening when it happens.
    contractNotices$: () => (notices$ ??= contractNoticesPipeline(src).pipe(share({ resetOnRefCountZero: () => timer(p.teardownMs) }))),
  };
}
