// The local order book of one market: the depth topic's diffs and REST snapshots run through the Binance
// algorithm (reducers/depth-sync.ts). A fresh run of the topic (first subscription, reconnect, sequence gap)
// rebuilds the book from a new snapshot; meanwhile the last good book stays visible as pending data.
// With a frame scheduler, live updates are emitted at most once per frame and the diffs in between go into the
// pipeline's own copy of the book in place: one copy per frame instead of one per diff, and every book emitted
// stays as it was (the copy is made on the first diff after an emission). With a `view` (bookView: the levels in
// order, in arrays of their own), what is emitted never shares the book's maps, so the book is never copied.
import { Observable, type SchedulerLike, type Subscription } from 'rxjs';
import type { DepthSnapshot } from '../contract.ts';
import { failure, pending, success, toStreamError, type Loadable, type StreamError } from '../loadable.ts';
import { parseDepthUpdate } from '../parse/market.ts';
import { applyDepthDiff, applyDepthDiffInPlace, applyDepthSnapshot, startDepthSync, wantsSnapshot, type DepthSync } from '../reducers/depth-sync.ts';
import { ownBook, type OrderBook } from '../reducers/order-book.ts';
import type { TopicMessage } from '../socket/topics.ts';
import { globalTimers, type Timers } from '../timers.ts';

export interface DepthPipelineOptions {
  topic$: Observable<TopicMessage>;
  loadSnapshot(signal: AbortSignal): Promise<DepthSnapshot>;
  timers?: Timers;
  /** First wait before fetching again after a failed or too-old snapshot; doubles up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Coalesces live updates to one emission per frame (animation frames in the browser); without it, one per diff. */
  frameScheduler?: SchedulerLike;
}

export function orderBook$(options: DepthPipelineOptions): Observable<Loadable<OrderBook>>;
/** Emits `view(book)` (it must not keep the book's maps), and keeps the one book, changed in place, all along. */
export function orderBook$<V>(options: DepthPipelineOptions & { view: (book: OrderBook) => V }): Observable<Loadable<V>>;
export function orderBook$<V>(options: DepthPipelineOptions & { view?: (book: OrderBook) => V }): Observable<Loadable<V | OrderBook>> {
  const view = options.view;
  const timers = options.timers ?? globalTimers;
  const retryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 10_000;

  return new Observable<Loadable<V | OrderBook>>((subscriber) => {
    let state: DepthSync = startDepthSync();
    let shown: V | OrderBook | undefined;
    let error: StreamError | null = null;
    let fetching: AbortController | null = null;
    let retry: unknown = null;
    let failures = 0;
    /** The live book's maps are this pipeline's alone (not emitted since the last copy): diffs may go in place. */
    let owned = false;
    let queued: Subscription | null = null;

    const emit = () => {
      queued?.unsubscribe();
      queued = null;
      if (state.phase === 'live') {
        // A view shares nothing with the book, which stays the pipeline's own; the book itself is handed out.
        owned = view !== undefined;
        subscriber.next(success((shown = view ? view(state.book) : state.book)));
      } else subscriber.next(error ? failure(error, shown) : pending(shown));
    };
    const frames = options.frameScheduler;
    const emitLive = () => {
      if (!frames) return emit();
      queued ??= frames.schedule(() => {
        queued = null;
        emit();
      });
    };

    const cancel = () => {
      fetching?.abort();
      fetching = null;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
    };

    /**
     * Once the server has acknowledged the subscription every later diff comes, so a snapshot taken now leaves no
     * gap: it is fetched at once, not only after the first diff (a quiet market may send none for a long time,
     * and its book would never show).
     */
    let subscribed = false;
    const needsSnapshot = () => wantsSnapshot(state) || (subscribed && state.phase === 'buffering');

    const fetchSnapshot = () => {
      if (!needsSnapshot() || fetching) return;
      const controller = new AbortController();
      fetching = controller;
      options.loadSnapshot(controller.signal).then(
        (snapshot) => {
          if (fetching !== controller) return; // superseded by a reset
          fetching = null;
          error = null;
          state = applyDepthSnapshot(state, snapshot);
          owned = state.phase === 'live';
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
      if (!needsSnapshot() || fetching || retry !== null) return;
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
          reset();
          subscribed = true;
          return schedule();
        case 'interrupted':
          subscribed = false;
          return reset();
        case 'error':
          error = message.error;
          return emit();
        case 'event': {
          const diff = parseDepthUpdate(message.data);
          if (!diff) return;
          const before = state;
          // The first diff after an emission works on a copy; the ones after it, up to the next emission, in place.
          if (state.phase === 'live' && !owned && diff.u > state.book.lastUpdateId) {
            state = { ...state, book: ownBook(state.book) };
            owned = true;
          }
          state = owned ? applyDepthDiffInPlace(state, diff) : applyDepthDiff(state, diff);
          // Buffering changes nothing visible; a live update or a drop back to buffering does.
          if (state !== before && state.phase === 'live') emitLive();
          else if (state !== before && before.phase === 'live') emit();
          schedule();
        }
      }
    });
    emit();
    return () => {
      subscription.unsubscribe();
      queued?.unsubscribe();
      cancel();
    };
  });
}
