// A topic whose state starts from a REST read: trades, candles, tickers, orders, balances. Every fresh run of the
// topic (first subscription, reconnect, gap) re-reads the seed, because events may have been missed in between;
// events apply as they come, before or after the seed lands, since the reducers merge by id or time.
import { Observable, type SchedulerLike, type Subscription } from 'rxjs';
import { failure, pending, success, toStreamError, type Loadable, type StreamError } from '../loadable.ts';
import type { TopicMessage } from '../socket/topics.ts';
import { globalTimers, type Timers } from '../timers.ts';

export interface SeededOptions<S, H> {
  topic$: Observable<TopicMessage>;
  initial: S;
  /** The REST seed; absent when there is none (the state then starts from events alone). */
  load?: (signal: AbortSignal) => Promise<H>;
  onLoad(state: S, seed: H): S;
  /** Parses the event itself; returns `state` unchanged for a payload it can't read. */
  onEvent(state: S, data: unknown): S;
  /** A fresh run starts (its seed is read next): marks what came before it, for onLoad to tell from what comes after. */
  onFresh?(state: S): S;
  timers?: Timers;
  retryMs?: number;
  maxRetryMs?: number;
  /**
   * Topics that tick many times a frame (trades, a live bar): events change one copy of the state per frame, made
   * by `copy` and changed by `onEventOwned` (in place, or into a new state; null when the event changes nothing), and
   * what they changed is emitted once, at the scheduler's next frame (as depth.ts does with the book). Every state
   * emitted stays as it was.
   */
  frames?: {
    readonly scheduler: SchedulerLike;
    copy(state: S): S;
    onEventOwned(state: S, data: unknown): S | null;
  };
}

export function seeded$<S, H>(options: SeededOptions<S, H>): Observable<Loadable<S>> {
  const timers = options.timers ?? globalTimers;
  const retryMs = options.retryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;

  return new Observable<Loadable<S>>((subscriber) => {
    let state = options.initial;
    let ready = false;
    let live = false;
    let error: StreamError | null = null;
    let loading: AbortController | null = null;
    let retry: unknown = null;
    let failures = 0;
    /** `state` is a copy no emission has handed out: events may change it in place. */
    let owned = false;
    let queued: Subscription | null = null;

    const emit = () => {
      queued?.unsubscribe();
      queued = null;
      owned = false;
      if (error) subscriber.next(failure(error, state));
      else subscriber.next(ready && live ? success(state) : pending(ready ? state : undefined));
    };

    const cancel = () => {
      loading?.abort();
      loading = null;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
    };

    const load = () => {
      const read = options.load;
      if (!read) {
        ready = true;
        return emit();
      }
      const controller = new AbortController();
      loading = controller;
      read(controller.signal).then(
        (seed) => {
          if (loading !== controller) return;
          loading = null;
          failures = 0;
          error = null;
          state = options.onLoad(state, seed);
          ready = true;
          emit();
        },
        (e: unknown) => {
          if (loading !== controller) return;
          loading = null;
          error = toStreamError(e);
          emit();
          retry = timers.setTimeout(() => {
            retry = null;
            load();
          }, Math.min(retryMs * 2 ** failures++, maxRetryMs));
        },
      );
    };

    const subscription = options.topic$.subscribe((message: TopicMessage) => {
      switch (message.kind) {
        case 'subscribed':
          cancel();
          live = true;
          error = null;
          failures = 0;
          if (options.onFresh) state = options.onFresh(state);
          return load();
        case 'interrupted':
          cancel();
          live = false;
          return emit();
        case 'error':
          error = message.error;
          return emit();
        case 'event': {
          const frames = options.frames;
          if (frames) {
            if (!owned) {
              state = frames.copy(state);
              owned = true;
            }
            const next = frames.onEventOwned(state, message.data);
            if (next === null) return;
            state = next;
            if (ready) queued ??= frames.scheduler.schedule(emit);
            return;
          }
          const next = options.onEvent(state, message.data);
          if (next === state) return;
          state = next;
          if (ready) emit();
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
