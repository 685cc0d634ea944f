// The local order book of one market: the depth topic's diffs and REST snapshots run through the Binance
// algorithm (reducers/depth-sync.ts). A fresh run of the topic (first subscription, reconnect, sequence gap)
// rebuilds the book from a new snapshot; meanwhile the last good book stays visible as pending data.
import { Observable } from 'rxjs';
import type { DepthSnapshot } from '../contract.ts';
import { failure, pending, success, toStreamError, type Loadable, type StreamError } from '../loadable.ts';
import { parseDepthUpdate } from '../parse/market.ts';
import { applyDepthDiff, applyDepthSnapshot, startDepthSync, wantsSnapshot, type DepthSync } from '../reducers/depth-sync.ts';
import type { OrderBook } from '../reducers/order-book.ts';
import type { TopicMessage } from '../socket/topics.ts';
import { globalTimers, type Timers } from '../timers.ts';

export interface DepthPipelineOptions {
  topic$: Observable<TopicMessage>;
  loadSnapshot(signal: AbortSignal): Promise<DepthSnapshot>;
  timers?: Timers;
  /** First wait before fetching again after a failed or too-old snapshot; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

export function orderBook$(options: DepthPipelineOptions): Observable<Loadable<OrderBook>> {
  const timers = options.timers ?? globalTimers;
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;

  return new Observable<Loadable<OrderBook>>((subscriber) => {
    let state: DepthSync = startDepthSync();
    let shown: OrderBook | undefined;
    let error: StreamError | null = null;
    let fetching: AbortController | null = null;
    let retry: unknown = null;
    let failures = 0;

    const emit = () => {
      if (state.phase === 'live') subscriber.next(success((shown = state.book)));
      else subscriber.next(error ? failure(error, shown) : pending(shown));
    };

    const cancel = () => {
      fetching?.abort();
      fetching = null;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
    };

    const fetchSnapshot = () => {
      if (!wantsSnapshot(state) || fetching) return;
      const controller = new AbortController();
      fetching = controller;
      options.loadSnapshot(controller.signal).then(
        (snapshot) => {
          if (fetching !== controller) return; // superseded by a reset
          fetching = null;
          error = null;
          state = applyDepthSnapshot(state, snapshot);
          failures = state.phase === 'live' ? 0 : failures + 1;
          emit();
          schedule();
        },
        (e: unknown) => {
          if (fetching !== controller) return;
          fetching = null;
          failures += 1;
          error = toStreamError(e);
          emit();
          schedule();
        },
      );
    };

    // The first snapshot goes at once; after a failure or a snapshot older than the buffer, back off.
    const schedule = () => {
      if (!wantsSnapshot(state) || fetching || retry !== null) return;
      if (failures === 0) return fetchSnapshot();
      retry = timers.setTimeout(() => {
        retry = null;
        fetchSnapshot();
      }, Math.min(retryMs * 2 ** (failures - 1), maxRetryMs));
    };

    const reset = () => {
      cancel();
      state = startDepthSync();
      failures = 0;
      error = null;
      emit();
    };

    const subscription = options.topic$.subscribe((message: TopicMessage) => {
      switch (message.kind) {
        case 'subscribed':
        case 'interrupted':
          return reset();
        case 'error':
          error = message.error;
          return emit();
        case 'event': {
          const diff = parseDepthUpdate(message.data);
          if (!diff) return;
          const before = state;
          state = applyDepthDiff(state, diff);
          // Buffering changes nothing visible; a live update or a drop back to buffering does.
          if (state !== before && (state.phase === 'live' || before.phase === 'live')) emit();
          schedule();
        }
      }
    });
    emit();
    return () => {
      subscription.unsubscribe();
      cancel();
    };
  });
}
