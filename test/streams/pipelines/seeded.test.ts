import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asyncScheduler, Subject, type Subscription } from 'rxjs';
import type { Loadable } from '../../../streams/loadable.ts';
import { seeded$ } from '../../../streams/pipelines/seeded.ts';
import type { TopicMessage } from '../../../streams/socket/topics.ts';
import { advance } from '../support.ts';

let topic$: Subject<TopicMessage>;
let loads: { resolve(v: number[]): void; reject(e: unknown): void }[];
let seen: Loadable<number[]>[];
let subscription: Subscription;
const last = () => seen[seen.length - 1];

beforeEach(() => {
  vi.useFakeTimers();
  topic$ = new Subject();
  loads = [];
  seen = [];
  subscription = seeded$<number[], number[]>({
    topic$,
    initial: [],
    retryMs: 1_000,
    load: () => new Promise((resolve, reject) => loads.push({ resolve, reject })),
    onLoad: (s, seed) => [...new Set([...seed, ...s])].sort((a, b) => a - b),
    onEvent: (s, data) => (typeof data === 'number' ? [...s, data] : s),
  }).subscribe((v) => seen.push(v));
});
afterEach(() => {
  subscription.unsubscribe();
  vi.useRealTimers();
});

describe('seeded topic pipeline', () => {
  it('is pending until the seed lands, then merges events before and after it', async () => {
    expect(last()).toEqual({ status: 'pending' });
    topic$.next({ kind: 'subscribed' });
    topic$.next({ kind: 'event', data: 3 });
    expect(last()?.status).toBe('pending');
    loads[0]?.resolve([1, 2]);
    await advance(0);
    expect(last()).toEqual({ status: 'success', data: [1, 2, 3] });
    topic$.next({ kind: 'event', data: 4 });
    topic$.next({ kind: 'event', data: 'junk' });
    expect(last()).toEqual({ status: 'success', data: [1, 2, 3, 4] });
  });

  it('keeps data through an interruption and re-reads the seed on the next run', async () => {
    topic$.next({ kind: 'subscribed' });
    loads[0]?.resolve([1]);
    await advance(0);
    topic$.next({ kind: 'interrupted' });
    expect(last()).toEqual({ status: 'pending', data: [1] });
    topic$.next({ kind: 'subscribed' });
    expect(loads).toHaveLength(2);
    loads[1]?.resolve([1, 2]);
    await advance(0);
    expect(last()).toEqual({ status: 'success', data: [1, 2] });
  });

  it('reports a failed seed as a value and retries with backoff', async () => {
    topic$.next({ kind: 'subscribed' });
    loads[0]?.reject(new Error('boom'));
    await advance(0);
    expect(last()).toEqual({ status: 'error', error: { code: 'client.error', message: 'boom' }, data: [] });
    await advance(999);
    expect(loads).toHaveLength(1);
    await advance(1);
    expect(loads).toHaveLength(2);
    loads[1]?.reject(new Error('boom'));
    await advance(1_999);
    expect(loads).toHaveLength(2);
    await advance(1);
    expect(loads).toHaveLength(3);
  });

  it('ignores a seed asked for before the run broke', async () => {
    topic$.next({ kind: 'subscribed' });
    topic$.next({ kind: 'interrupted' });
    topic$.next({ kind: 'subscribed' });
    loads[0]?.resolve([9]);
    loads[1]?.resolve([1]);
    await advance(0);
    expect(last()).toEqual({ status: 'success', data: [1] });
  });

  it('passes a topic error through as a value', () => {
    topic$.next({ kind: 'error', error: { code: 'login.session.expired', message: 'expired' } });
    expect(last()).toEqual({ status: 'error', error: { code: 'login.session.expired', message: 'expired' }, data: [] });
  });
});

describe('seeded topic pipeline, a frame at a time', () => {
  it('emits a frame\'s events once, on one copy of the state, and leaves every state it emitted as it was', async () => {
    const frameTopic$ = new Subject<TopicMessage>();
    const out: Loadable<number[]>[] = [];
    const sub = seeded$<number[], number[]>({
      topic$: frameTopic$,
      initial: [],
      load: async () => [1],
      onLoad: (s, seed) => [...seed, ...s],
      onEvent: (s, data) => (typeof data === 'number' ? [...s, data] : s),
      frames: { scheduler: asyncScheduler, copy: (s) => [...s], onEventOwned: (s, data) => (typeof data === 'number' ? (s.push(data), s) : null) },
    }).subscribe((v) => out.push(v));
    frameTopic$.next({ kind: 'subscribed' });
    await advance(0);
    const loaded = out.length;
    expect(out[loaded - 1]).toEqual({ status: 'success', data: [1] });
    frameTopic$.next({ kind: 'event', data: 2 });
    frameTopic$.next({ kind: 'event', data: 'junk' });
    frameTopic$.next({ kind: 'event', data: 3 });
    expect(out).toHaveLength(loaded);
    await advance(0);
    expect(out).toHaveLength(loaded + 1);
    expect(out[loaded]).toEqual({ status: 'success', data: [1, 2, 3] });
    frameTopic$.next({ kind: 'event', data: 4 });
    await advance(0);
    expect(out[loaded]).toEqual({ status: 'success', data: [1, 2, 3] });
    expect(out[loaded + 1]).toEqual({ status: 'success', data: [1, 2, 3, 4] });
    frameTopic$.next({ kind: 'event', data: 'junk' });
    await advance(0);
    expect(out).toHaveLength(loaded + 2);
    sub.unsubscribe();
  });
});
