// The user's wealth and mining orders (`earn`, private), unshared and unthrottled (the runtime shares them and thins
// them to frames): per session, seeded on every fresh run from each kind's active and latest ended orders, then
// moved by the events the earn desk sends at every change of an order.
import type { Observable } from 'rxjs';
import { EARN_TOPIC } from '../contract.ts';
import type { Loadable } from '../loadable.ts';
import { parseEarnEvent } from '../parse/earn.ts';
import { freshEarnRun, mergeEarn, noEarnOrders, seedEarn, type EarnOrders, type EarnSeed } from '../reducers/earn.ts';
import type { TopicHub } from '../socket/topics.ts';
import type { Timers } from '../timers.ts';
import { perSession } from './account.ts';
import { seeded$ } from './seeded.ts';

export interface EarnSources {
  readonly hub: Pick<TopicHub, 'topic$' | 'ticket$'>;
  readonly timers: Timers;
  readonly loadOrders?: ((signal: AbortSignal) => Promise<EarnSeed>) | undefined;
}

export const earnOrdersPipeline = (src: EarnSources): Observable<Loadable<EarnOrders>> =>
  perSession(src, () =>
    seeded$<EarnOrders, EarnSeed>({
      topic$: src.hub.topic$(EARN_TOPIC),
      initial: noEarnOrders,
      timers: src.timers,
      ...(src.loadOrders ? { load: src.loadOrders } : {}),
      onFresh: freshEarnRun,
      onLoad: seedEarn,
      onEvent: (state, data) => {
        const order = parseEarnEvent(data);
        return order ? mergeEarn(state, [order]) : state;
      },
    }),
  );
