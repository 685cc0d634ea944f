// The one clock every seconds-contract countdown reads: server time (client clock + the measured offset), emitted
// just after each whole server second, at each deadline the screen counts down to (a contract's delivery, a timed
// order's start: so a row turns to "settlement in progress" at its delivery, not up to a second later), and at once
// when the tab becomes visible again. A countdown is computed from the time it is given (deadline − now), never
// decremented, so a tab whose timers the browser slowed in the background is exact again at its next tick. One timer
// for the whole tab, however many rows count down.
import { EMPTY, merge, Observable, filter, map, of } from 'rxjs';
import type { Timers } from '../timers.ts';

export function serverClock$(
  now: () => number,
  timers: Timers,
  visible$: Observable<boolean> = EMPTY,
  stepMs = 1_000,
  deadlines$: Observable<readonly number[]> = of([]),
): Observable<number> {
  const ticks$ = new Observable<number>((subscriber) => {
    let handle: unknown = null;
    /** Deadlines ascending. */
    let deadlines: readonly number[] = [];
    const schedule = (at: number) => {
      if (handle !== null) timers.clearTimeout(handle);
      // A few ms past the boundary, so the floor of what we read is the new second.
      let wait = stepMs - (((at % stepMs) + stepMs) % stepMs) + 5;
      for (const d of deadlines) {
        if (d <= at) continue;
        wait = Math.min(wait, d - at + 1);
        break;
      }
      handle = timers.setTimeout(tick, wait);
    };
    const tick = () => {
      handle = null;
      const at = now();
      subscriber.next(at);
      schedule(at);
    };
    const sub = deadlines$.subscribe((next) => {
      deadlines = [...next].sort((a, b) => a - b);
      if (handle !== null) schedule(now());
    });
    tick();
    return () => {
      sub.unsubscribe();
      if (handle !== null) timers.clearTimeout(handle);
    };
  });
  return merge(
    ticks$,
    visible$.pipe(
      filter((v) => v),
      map(() => now()),
    ),
  );
}

/** Whole seconds left to a deadline at `now` (rounded up: 0 only once it has passed). */
export const secondsLeft = (deadline: number, now: number): number => Math.max(0, Math.ceil((deadline - now) / 1_000));
