// The seconds contracts' pipelines, unshared and unthrottled (the runtime shares them and thins them to frames): the
// duration table (polled, public), a market's record head (`priceRecord@X`, public) and, per session, the user's
// contracts (`secondsContracts`, seeded from pending + holding + the latest history page on every fresh run).
import type { Observable, SchedulerLike } from 'rxjs';
import type { PriceRecordEntry, SecondsConfigItem } from '../contract.ts';
import { priceRecordTopic } from '../contract-topics.ts';
import type { Loadable } from '../loadable.ts';
import { parsePriceRecordEntry, parseSecondsContract } from '../parse/seconds.ts';
import { applyRecordEntry, applyRecordHead } from '../reducers/price-record.ts';
import { freshSecondsRun, mergeSeconds, noSecondsContracts, seedSeconds, type SecondsContracts, type SecondsSeed } from '../reducers/seconds.ts';
import type { TopicHub } from '../socket/topics.ts';
import { poll$ } from '../sources/polling.ts';
import type { Timers } from '../timers.ts';
import { perSession } from './account.ts';
import { seeded$ } from './seeded.ts';

export interface SecondsSources {
  readonly hub: Pick<TopicHub, 'topic$' | 'ticket$'>;
  readonly timers: Timers;
  readonly loadConfig: (signal: AbortSignal) => Promise<readonly SecondsConfigItem[]>;
  /** The table is read again this often while watched. */
  readonly configIntervalMs: number;
  readonly loadRecordHead: (market: string, signal: AbortSignal) => Promise<readonly PriceRecordEntry[]>;
  readonly loadContracts?: ((signal: AbortSignal) => Promise<SecondsSeed>) | undefined;
  readonly visible$?: Observable<boolean> | undefined;
  readonly pollScheduler?: SchedulerLike | undefined;
}

export const secondsConfigPipeline = (src: SecondsSources): Observable<Loadable<readonly SecondsConfigItem[]>> =>
  poll$(src.loadConfig, {
    intervalMs: src.configIntervalMs,
    ...(src.visible$ ? { visible$: src.visible$ } : {}),
    ...(src.pollScheduler ? { scheduler: src.pollScheduler } : {}),
  });

/** A market's latest record entry: the head on every fresh run, then each new entry. */
export const priceRecordPipeline = (src: SecondsSources, market: string): Observable<Loadable<PriceRecordEntry | null>> =>
  seeded$<PriceRecordEntry | null, readonly PriceRecordEntry[]>({
    topic$: src.hub.topic$(priceRecordTopic(market)),
    initial: null,
    timers: src.timers,
    load: (signal) => src.loadRecordHead(market, signal),
    onLoad: (held, list) => applyRecordHead(held, list, market),
    onEvent: (held, data) => {
      const e = parsePriceRecordEntry(data);
      return e ? applyRecordEntry(held, e, market) : held;
    },
  });

export const secondsContractsPipeline = (src: SecondsSources): Observable<Loadable<SecondsContracts>> =>
  perSession(src, () =>
    seeded$<SecondsContracts, SecondsSeed>({
      topic$: src.hub.topic$('secondsContracts'),
      initial: noSecondsContracts,
      timers: src.timers,
      ...(src.loadContracts ? { load: src.loadContracts } : {}),
      onFresh: freshSecondsRun,
      onLoad: seedSeconds,
      onEvent: (state, data) => {
        const item = parseSecondsContract(data);
        return item ? mergeSeconds(state, [item]) : state;
      },
    }),
  );
