// Polling for what has no topic: one read, then the next `intervalMs` after it settles (a slow server never gets
// overlapping reads), paused while the tab is hidden and read again the moment it shows. Failures are values that
// keep the last good data.
import { catchError, defer, distinctUntilChanged, EMPTY, fromEvent, map, Observable, of, repeat, scan, startWith, switchMap, timer, type SchedulerLike } from 'rxjs';
import { dataOf, failure, pending, success, toStreamError, type Loadable } from '../loadable.ts';

export interface PollOptions {
  intervalMs: number;
  /** Defaults to the document's visibility; true outside a browser. */
  visible$?: Observable<boolean>;
  scheduler?: SchedulerLike;
}

type Outcome<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: unknown };

export function documentVisible$(): Observable<boolean> {
  if (typeof document === 'undefined') return of(true);
  const visible = () => document.visibilityState !== 'hidden';
  return fromEvent(document, 'visibilitychange').pipe(map(visible), startWith(visible()));
}

/** A promise-returning read as an observable whose unsubscription aborts the request. */
export function fromAbortable<T>(read: (signal: AbortSignal) => Promise<T>): Observable<T> {
  return new Observable<T>((subscriber) => {
    const controller = new AbortController();
    read(controller.signal).then(
      (value) => {
        subscriber.next(value);
        subscriber.complete();
      },
      (error: unknown) => subscriber.error(error),
    );
    return () => controller.abort();
  });
}

export function poll$<T>(read: (signal: AbortSignal) => Promise<T>, options: PollOptions): Observable<Loadable<T>> {
  const rounds$ = defer(() => fromAbortable(read)).pipe(
    map((data): Outcome<T> => ({ ok: true, data })),
    catchError((error: unknown) => of<Outcome<T>>({ ok: false, error })),
    repeat({ delay: () => timer(options.intervalMs, options.scheduler) }),
  );

  return (options.visible$ ?? documentVisible$()).pipe(
    distinctUntilChanged(),
    switchMap((visible) => (visible ? rounds$ : EMPTY)),
    scan<Outcome<T>, Loadable<T>>(
      (last, outcome) => (outcome.ok ? success(outcome.data) : failure(toStreamError(outcome.error), dataOf(last))),
      pending<T>(),
    ),
    startWith(pending<T>()),
  );
}
