// The perpetual contracts' pipelines, unshared and unthrottled (the runtime shares them and thins them to frames):
// the markets list (polled), each market's mark and funding, and, per session, the positions with their settings
// and account, the pending orders, the waiting conditional orders, and the liquidation and ADL closes for a notice.
import { EMPTY, filter, map, Observable, switchMap, distinct, type SchedulerLike } from 'rxjs';
import type { ContractConditionalItem, ContractMarketItem, ContractOrderItem, ContractPositionsReply } from '../contract.ts';
import type { Loadable } from '../loadable.ts';
import { parseContractAccount, parseContractConditional, parseContractOrder, parseContractPositionUpdate, parseFundingEvent, parseMarkPriceEvent } from '../parse/contract.ts';
import { applyFunding, applyMarkPrice, applyMarkTick, type ContractMarkView, type MarkTick } from '../reducers/contract-markets.ts';
import {
  contractConditionalKind, contractOrderKind, freshRun, mergeLive, noLiveItems, seedLive, type LiveItemKind, type LiveItems,
} from '../reducers/contract-orders.ts';
import { applyAccountUpdate, applyPositionsReply, applyPositionUpdate, noContractPositions, type ContractPositionsState } from '../reducers/contract-positions.ts';
import type { TopicHub } from '../socket/topics.ts';
import type { StreamTopic } from '../socket/protocol.ts';
import { poll$ } from '../sources/polling.ts';
import type { Timers } from '../timers.ts';
import { perSession } from './account.ts';
import { joinTopics, type JoinedEvent } from './joined.ts';
import { seeded$ } from './seeded.ts';

export interface ContractSources {
  readonly hub: Pick<TopicHub, 'topic$' | 'ticket$'>;
  readonly timers: Timers;
  readonly loadMarkets: (signal: AbortSignal) => Promise<readonly ContractMarketItem[]>;
  /** The markets list is read again this often while watched (marks and funding move by topic meanwhile). */
  readonly marketsIntervalMs: number;
  readonly visible$?: Observable<boolean> | undefined;
  readonly pollScheduler?: SchedulerLike | undefined;
  readonly loadPositions?: ((signal: AbortSignal) => Promise<ContractPositionsReply>) | undefined;
  readonly loadOrders?: ((signal: AbortSignal) => Promise<readonly ContractOrderItem[]>) | undefined;
  readonly loadConditionals?: ((signal: AbortSignal) => Promise<readonly ContractConditionalItem[]>) | undefined;
}

export const contractMarketsListPipeline = (src: ContractSources): Observable<Loadable<readonly ContractMarketItem[]>> =>
  poll$(src.loadMarkets, {
    intervalMs: src.marketsIntervalMs,
    ...(src.visible$ ? { visible$: src.visible$ } : {}),
    ...(src.pollScheduler ? { scheduler: src.pollScheduler } : {}),
  });

/** `markPrice@X` and `funding@X` of one market; null before the first event (the markets list has the last mark). */
export const contractMarkPipeline = (src: ContractSources, symbol: string): Observable<Loadable<ContractMarkView | null>> =>
  seeded$<ContractMarkView | null, never>({
    topic$: joinTopics({ mark: src.hub.topic$(`markPrice@${symbol}`), funding: src.hub.topic$(`funding@${symbol}`) }),
    initial: null,
    timers: src.timers,
    onLoad: (view) => view,
    onEvent: (view, data) => {
      const { topic, data: payload } = data as JoinedEvent<'mark' | 'funding'>;
      if (topic === 'mark') {
        const e = parseMarkPriceEvent(payload);
        return e && e.s === symbol ? applyMarkPrice(view, e) : view;
      }
      const e = parseFundingEvent(payload);
      return e && e.symbol === symbol ? applyFunding(view, e) : view;
    },
  });

/**
 * `markPrice@X` alone, as the positions compute with it (the mark in minor units and its time): they need no
 * funding, so a market held but not shown costs one topic, not two. null before the first event.
 */
export const contractMarkTickPipeline = (src: ContractSources, symbol: string): Observable<Loadable<MarkTick | null>> =>
  seeded$<MarkTick | null, never>({
    topic$: src.hub.topic$(`markPrice@${symbol}`),
    initial: null,
    timers: src.timers,
    onLoad: (tick) => tick,
    onEvent: (tick, data) => {
      const e = parseMarkPriceEvent(data);
      return e && e.s === symbol ? applyMarkTick(tick, e) : tick;
    },
  });

/** Positions, settings and the account: the positions reply on every fresh run, then both topics' updates. */
export const contractPositionsPipeline = (src: ContractSources): Observable<Loadable<ContractPositionsState>> =>
  perSession(src, () =>
    seeded$<ContractPositionsState, ContractPositionsReply>({
      topic$: joinTopics({ positions: src.hub.topic$('contractPositions'), account: src.hub.topic$('contractAccount') }),
      initial: noContractPositions,
      timers: src.timers,
      ...(src.loadPositions ? { load: src.loadPositions } : {}),
      onLoad: applyPositionsReply,
      onEvent: (state, data) => {
        const { topic, data: payload } = data as JoinedEvent<'positions' | 'account'>;
        if (topic === 'account') {
          const account = parseContractAccount(payload);
          return account ? applyAccountUpdate(state, account) : state;
        }
        const update = parseContractPositionUpdate(payload);
        return update ? applyPositionUpdate(state, update) : state;
      },
    }),
  );

function liveItemsPipeline<T extends { updateTime: number }>(
  src: ContractSources,
  topic: StreamTopic,
  kind: LiveItemKind<T>,
  parse: (data: unknown) => T | null,
  load: ((signal: AbortSignal) => Promise<readonly T[]>) | undefined,
): Observable<Loadable<LiveItems<T>>> {
  return perSession(src, () =>
    seeded$<LiveItems<T>, readonly T[]>({
      topic$: src.hub.topic$(topic),
      initial: noLiveItems,
      timers: src.timers,
      ...(load ? { load } : {}),
      onFresh: freshRun,
      onLoad: (items, seed) => seedLive(kind, items, seed),
      onEvent: (items, data) => {
        const item = parse(data);
        return item ? mergeLive(kind, items, [item]) : items;
      },
    }),
  );
}

export const contractOrdersPipeline = (src: ContractSources): Observable<Loadable<LiveItems<ContractOrderItem>>> =>
  liveItemsPipeline(src, 'contractOrders', contractOrderKind, parseContractOrder, src.loadOrders);

export const contractConditionalsPipeline = (src: ContractSources): Observable<Loadable<LiveItems<ContractConditionalItem>>> =>
  liveItemsPipeline(src, 'contractConditionals', contractConditionalKind, parseContractConditional, src.loadConditionals);

const NOTICE_MODES: ReadonlySet<ContractOrderItem['closeMode']> = new Set(['liquidation', 'adl']);

/** Orders that closed (part of) a position by liquidation or auto-deleveraging, each once, as they end. */
export const contractNoticesPipeline = (src: ContractSources): Observable<ContractOrderItem> =>
  src.hub.ticket$.pipe(
    switchMap((ticket) =>
      ticket === null
        ? EMPTY
        : src.hub.topic$('contractOrders').pipe(
            map((m) => (m.kind === 'event' ? parseContractOrder(m.data) : null)),
            filter((o): o is ContractOrderItem => o !== null && NOTICE_MODES.has(o.closeMode) && o.status !== 'pending' && o.tradedQuantity !== '0'),
            distinct((o) => o.orderNo),
          ),
    ),
  );
