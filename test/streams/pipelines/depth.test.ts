import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Subject, type Subscription } from 'rxjs';
import type { DepthSnapshot, DepthUpdateEvent, TextLevel } from '../../../streams/contract.ts';
import { dataOf, type Loadable } from '../../../streams/loadable.ts';
import { orderBook$ } from '../../../streams/pipelines/depth.ts';
import type { OrderBook } from '../../../streams/reducers/order-book.ts';
import type { TopicMessage } from '../../../streams/socket/topics.ts';
import { advance } from '../support.ts';

const diff = (U: number, u: number, b: TextLevel[] = []): unknown => ({ e: 'depthUpdate', E: 0, s: 'BTCUSDT', U, u, b, a: [] }) satisfies DepthUpdateEvent;
const snap = (lastUpdateId: number, bids: TextLevel[] = [['100', '1']]): DepthSnapshot => ({ lastUpdateId, bids, asks: [['101', '1']] });

let topic$: Subject<TopicMessage>;
let requests: { resolve(s: DepthSnapshot): void; reject(e: unknown): void; signal: AbortSignal }[];
let seen: Loadable<OrderBook>[];
let subscription: Subscription;

const event = (data: unknown) => topic$.next({ kind: 'event', data });
const last = () => seen[seen.length - 1];
const lastId = () => {
  const l = last();
  return l?.status === 'success' ? l.data.lastUpdateId : null;
};

beforeEach(() => {
  vi.useFakeTimers();
  topic$ = new Subject();
  requests = [];
  seen = [];
  subscription = orderBook$({
    topic$,
    retryMs: 500,
    loadSnapshot: (signal) => new Promise((resolve, reject) => requests.push({ resolve, reject, signal })),
  }).subscribe((v) => seen.push(v));
});
afterEach(() => {
  subscription.unsubscribe();
  vi.useRealTimers();
});

describe('depth pipeline', () => {
  it('fetches a snapshot once subscribed, applies the diffs buffered meanwhile and goes live', async () => {
    expect(requests).toHaveLength(0); // not before the server acknowledged the subscription
    topic$.next({ kind: 'subscribed' });
    expect(requests).toHaveLength(1);
    event(diff(10, 12));
    event(diff(13, 14, [['100', '2']]));
    expect(requests).toHaveLength(1);
    requests[0]?.resolve(snap(12));
    await advance(0);
    expect(lastId()).toBe(14);
    event(diff(15, 15));
    expect(lastId()).toBe(15);
  });

  it('shows the book of a quiet market, which sends no diff, from the snapshot alone (empty or not)', async () => {
    topic$.next({ kind: 'subscribed' });
    expect(requests).toHaveLength(1);
    requests[0]?.resolve({ lastUpdateId: 7, bids: [], asks: [] });
    await advance(0);
    expect(last()?.status).toBe('success');
    expect(lastId()).toBe(7);
    event(diff(8, 8, [['100', '1']]));
    expect(lastId()).toBe(8);
  });

  it('resyncs on a U/u gap: a new snapshot, the last book shown meanwhile', async () => {
    topic$.next({ kind: 'subscribed' });
    event(diff(10, 12));
    requests[0]?.resolve(snap(11));
    await advance(0);
    event(diff(14, 15)); // 13 missing
    expect(last()?.status).toBe('pending');
    expect(dataOf(last() ?? { status: 'idle' })?.lastUpdateId).toBe(12);
    expect(requests).toHaveLength(2);
    requests[1]?.resolve(snap(14));
    await advance(0);
    expect(lastId()).toBe(15);
  });

  it('refetches after a backoff when the snapshot is older than the buffer', async () => {
    topic$.next({ kind: 'subscribed' });
    event(diff(50, 52));
    requests[0]?.resolve(snap(40));
    await advance(0);
    expect(requests).toHaveLength(1);
    await advance(500);
    expect(requests).toHaveLength(2);
    requests[1]?.resolve(snap(51));
    await advance(0);
    expect(lastId()).toBe(52);
  });

  it('turns a failed snapshot into an error value and retries', async () => {
    topic$.next({ kind: 'subscribed' });
    event(diff(10, 12));
    requests[0]?.reject(Object.assign(new Error('down'), { code: 'client.network' }));
    await advance(0);
    expect(last()).toEqual({ status: 'error', error: { code: 'client.network', message: 'down' } });
    await advance(500);
    expect(requests).toHaveLength(2);
    requests[1]?.resolve(snap(11));
    await advance(0);
    expect(lastId()).toBe(12);
  });

  it('starts over on a fresh run and ignores the superseded snapshot', async () => {
    topic$.next({ kind: 'subscribed' });
    event(diff(10, 12));
    const stale = requests[0];
    topic$.next({ kind: 'interrupted' });
    expect(stale?.signal.aborted).toBe(true);
    topic$.next({ kind: 'subscribed' });
    event(diff(30, 31));
    // Even a snapshot that would fit the new buffer is ignored: it was asked for before the break.
    stale?.resolve(snap(30, [['1', '1']]));
    await advance(0);
    expect(last()?.status).toBe('pending');
    requests[1]?.resolve(snap(30));
    await advance(0);
    expect(lastId()).toBe(31);
    expect(dataOf(last() ?? { status: 'idle' })?.bids.get('100')).toEqual(['100', '1']);
  });
});
