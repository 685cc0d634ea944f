import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BehaviorSubject, type Subscription } from 'rxjs';
import type { Loadable } from '../../../streams/loadable.ts';
import { poll$ } from '../../../streams/sources/polling.ts';
import { advance } from '../support.ts';

let visible$: BehaviorSubject<boolean>;
let seen: Loadable<number>[];
let subscription: Subscription;
let reads: number;
let fail: boolean;

beforeEach(() => {
  vi.useFakeTimers();
  visible$ = new BehaviorSubject(true);
  seen = [];
  reads = 0;
  fail = false;
  subscription = poll$(
    async () => {
      reads += 1;
      if (fail) throw Object.assign(new Error('offline'), { code: 'client.network' });
      return reads;
    },
    { intervalMs: 5_000, visible$ },
  ).subscribe((v) => seen.push(v));
});
afterEach(() => {
  subscription.unsubscribe();
  vi.useRealTimers();
});

describe('polling source', () => {
  it('reads at once, then every interval after the previous read settles', async () => {
    await advance(0);
    expect(seen).toEqual([{ status: 'pending' }, { status: 'success', data: 1 }]);
    await advance(4_999);
    expect(reads).toBe(1);
    await advance(1);
    expect(seen.at(-1)).toEqual({ status: 'success', data: 2 });
  });

  it('turns a failure into an error value that keeps the last data, and keeps polling', async () => {
    await advance(0);
    fail = true;
    await advance(5_000);
    expect(seen.at(-1)).toEqual({ status: 'error', error: { code: 'client.network', message: 'offline' }, data: 1 });
    fail = false;
    await advance(5_000);
    expect(seen.at(-1)).toEqual({ status: 'success', data: 3 });
  });

  it('pauses while hidden and reads again as soon as the tab shows', async () => {
    await advance(0);
    visible$.next(false);
    await advance(60_000);
    expect(reads).toBe(1);
    visible$.next(true);
    await advance(0);
    expect(reads).toBe(2);
  });
});
