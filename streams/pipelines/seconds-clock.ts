// The one clock every seconds-contract countdown reads: server time (client clock + the measured offset), emitted
// just after each whole server second, and at once when the tab becomes visible again. A countdown is computed from
// the time it is given (deadline − now), never decremented, so a tab whose timers the browser slowed in the
// background is exact again at its next tick. One timer for the whole tab, however many rows count down.
import { EMPTY, merge, Observable, filter, map } from 'rxjs';
import type { Timers } from '../timers.ts';

export function serverClock$(now: () => number, timers: Timers, visible$: Observable<boolean> = EMPTY, stepMs = 1_000): Observable<number> {
  const ticks$ = new Observable<number>((subscriber) => {
    let handle: unknown = null;
    const tick = () => {
      const at = now();
      subscriber.next(at);
      // A few ms past the boundary, so the floor of what we read is the new second.
      handle = timers.setTimeout(tick, stepMs - (((at % stepMs) + stepMs) % stepMs) + 5);
    };
    tick();
    return () => {
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
