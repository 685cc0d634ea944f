// The two operators every pipeline ends with: at most one emission per animation frame, and one shared run per
// key that replays its latest value and outlives its last subscriber by a short delay.
import { animationFrameScheduler, asapScheduler, auditTime, ReplaySubject, share, timer, type MonoTypeOperatorFunction, type SchedulerLike } from 'rxjs';

/** Animation frames in a browser; the microtask-ish asap scheduler where there are none (node, workers). */
export const defaultFrameScheduler = (): SchedulerLike =>
  typeof globalThis.requestAnimationFrame === 'function' ? animationFrameScheduler : asapScheduler;

/** Reducers run on every message before this; only what gets drawn is thinned to one value per frame. */
export const perFrame = <T>(scheduler: SchedulerLike): MonoTypeOperatorFunction<T> => auditTime<T>(0, scheduler);

/** shareReplay({ bufferSize: 1, refCount: true }) whose reset waits `teardownMs`, so a quick remount reuses the run. */
export const shareLatest = <T>(teardownMs: number, scheduler?: SchedulerLike): MonoTypeOperatorFunction<T> =>
  share<T>({
    connector: () => new ReplaySubject<T>(1),
    resetOnError: true,
    resetOnComplete: true,
    resetOnRefCountZero: () => timer(teardownMs, scheduler),
  });
