// The private pipelines: idle while signed out, and restarted from empty for every new ticket (a new session may
// be another user, whose lists must not merge into the last one's).
import { distinctUntilChanged, of, switchMap, type Observable } from 'rxjs';
import type { BalanceUpdate, OrderUpdate } from '../contract.ts';
import { idle, type Loadable } from '../loadable.ts';
import { parseBalanceUpdate, parseOrderUpdate } from '../parse/account.ts';
import { mergeBalances, noBalances, type Balances } from '../reducers/balances.ts';
import { mergeOrders, noOrders, type Orders } from '../reducers/orders.ts';
import type { TopicHub } from '../socket/topics.ts';
import type { Timers } from '../timers.ts';
import { seeded$ } from './seeded.ts';

export interface AccountSources {
  readonly hub: Pick<TopicHub, 'topic$' | 'ticket$'>;
  readonly timers: Timers;
  readonly loadOrders?: ((signal: AbortSignal) => Promise<readonly OrderUpdate[]>) | undefined;
  readonly loadBalances?: ((signal: AbortSignal) => Promise<readonly BalanceUpdate[]>) | undefined;
}

/** Idle while signed out; a fresh run of `make` for every ticket. */
export function perSession<S>(src: Pick<AccountSources, 'hub'>, make: () => Observable<Loadable<S>>): Observable<Loadable<S>> {
  return src.hub.ticket$.pipe(
    distinctUntilChanged(),
    switchMap((ticket) => (ticket === null ? of<Loadable<S>>(idle) : make())),
  );
}

export const ordersPipeline = (src: AccountSources): Observable<Loadable<Orders>> =>
  perSession(src, () =>
    seeded$<Orders, readonly OrderUpdate[]>({
      topic$: src.hub.topic$('orders'),
      initial: noOrders,
      timers: src.timers,
      ...(src.loadOrders ? { load: src.loadOrders } : {}),
      onLoad: (orders, seed) => mergeOrders(orders, seed),
      onEvent: (orders, data) => {
        const order = parseOrderUpdate(data);
        return order ? mergeOrders(orders, [order]) : orders;
      },
    }),
  );

export const balancesPipeline = (src: AccountSources): Observable<Loadable<Balances>> =>
  perSession(src, () =>
    seeded$<Balances, readonly BalanceUpdate[]>({
      topic$: src.hub.topic$('balances'),
      initial: noBalances,
      timers: src.timers,
      ...(src.loadBalances ? { load: src.loadBalances } : {}),
      onLoad: (balances, seed) => mergeBalances(balances, seed),
      onEvent: (balances, data) => {
        const balance = parseBalanceUpdate(data);
        return balance ? mergeBalances(balances, [balance]) : balances;
      },
    }),
  );
