// The depth pipeline with a frame scheduler: a frame's diffs go into the pipeline's own copy of the book in place
// and come out as one emission, which must be the very book that applying the diffs one by one builds, and every
// book emitted before must stay as it was.
import { describe, expect, it } from 'vitest';
import { Subject, VirtualTimeScheduler } from 'rxjs';
import type { DepthSnapshot, DepthUpdateEvent, TextLevel } from '../../../streams/contract.ts';
import type { Loadable } from '../../../streams/loadable.ts';
import { orderBook$ } from '../../../streams/pipelines/depth.ts';
import { applyDepthDiff, applyDepthSnapshot, startDepthSync } from '../../../streams/reducers/depth-sync.ts';
import { bookView, type BookView, type OrderBook } from '../../../streams/reducers/order-book.ts';
import type { TopicMessage } from '../../../streams/socket/topics.ts';
import { mulberry32 } from '../../tools/random.ts';

const snapshot: DepthSnapshot = {
  lastUpdateId: 1_000,
  bids: Array.from({ length: 50 }, (_, i): TextLevel => [(100 - i * 0.5).toFixed(2), '1']),
  asks: Array.from({ length: 50 }, (_, i): TextLevel => [(100.5 + i * 0.5).toFixed(2), '1']),
};

/** `n` diffs in sequence from update id 1001: new sizes, removals (0) and other spellings of one price. */
function diffs(n: number, seed = 3): DepthUpdateEvent[] {
  const rand = mulberry32(seed);
  const level = (base: number, sign: number): TextLevel => {
    const price = base + sign * Math.floor(rand() * 60) * 0.5;
    const text = rand() < 0.2 ? String(price) : price.toFixed(2);
    return [text, rand() < 0.2 ? '0' : (rand() * 5).toFixed(3)];
  };
  const out: DepthUpdateEvent[] = [];
  let u = 1_000;
  for (let i = 0; i < n; i++) {
    const changes = 1 + Math.floor(rand() * 4);
    const b = Array.from({ length: changes }, () => level(100, -1));
    const a = Array.from({ length: 5 - changes }, () => level(100.5, 1));
    out.push({ e: 'depthUpdate', E: 0, s: 'BTCUSDT', U: u + 1, u: u + changes, b, a });
    u += changes;
  }
  return out;
}

function oneByOne(events: readonly DepthUpdateEvent[]): BookView {
  let state = applyDepthSnapshot(startDepthSync(), snapshot);
  for (const d of events) state = applyDepthDiff(state, d);
  if (state.phase !== 'live') throw new Error('fell out of sync');
  return bookView(state.book);
}

function run() {
  const frames = new VirtualTimeScheduler();
  const topic$ = new Subject<TopicMessage>();
  const seen: Loadable<OrderBook>[] = [];
  let resolve: (s: DepthSnapshot) => void = () => undefined;
  const sub = orderBook$({ topic$, frameScheduler: frames, loadSnapshot: () => new Promise((r) => (resolve = r)) }).subscribe((v) => seen.push(v));
  const books = () => seen.flatMap((l) => (l.status === 'success' ? [l.data] : []));
  return { frames, topic$, seen, books, snapshot: (s: DepthSnapshot) => resolve(s), stop: () => sub.unsubscribe() };
}

describe('depth pipeline, one emission per frame', () => {
  it('a large batch of diffs within one frame builds the same book as applying them one by one', async () => {
    const events = diffs(2_000);
    const r = run();
    r.topic$.next({ kind: 'subscribed' });
    r.topic$.next({ kind: 'event', data: events[0] });
    r.snapshot(snapshot);
    await Promise.resolve();
    const bridged = r.books().length;
    expect(bridged).toBe(1);
    for (const d of events.slice(1)) r.topic$.next({ kind: 'event', data: d });
    expect(r.books()).toHaveLength(bridged); // nothing until the frame
    r.frames.flush();
    expect(r.books()).toHaveLength(bridged + 1);
    const last = r.books().at(-1)!;
    expect(last.lastUpdateId).toBe(events.at(-1)!.u);
    expect(bookView(last)).toEqual(oneByOne(events));
    r.stop();
  });

  it('leaves every book it emitted as it was, frame after frame', async () => {
    const events = diffs(300, 9);
    const r = run();
    r.topic$.next({ kind: 'subscribed' });
    r.topic$.next({ kind: 'event', data: events[0] });
    r.snapshot(snapshot);
    await Promise.resolve();
    const views: BookView[] = [];
    for (let i = 1; i < events.length; i += 37) {
      for (const d of events.slice(i, i + 37)) r.topic$.next({ kind: 'event', data: d });
      r.frames.flush();
      const book = r.books().at(-1)!;
      views.push(bookView(book));
      expect(bookView(book)).toEqual(oneByOne(events.slice(0, Math.min(events.length, i + 37))));
    }
    // Later frames went into copies: the books handed out earlier still read as when they were emitted.
    const emitted = r.books().slice(1);
    expect(emitted.map((b) => bookView(b))).toEqual(views);
    r.stop();
  });

  it('a gap still drops back to buffering at once, and a queued frame emits nothing stale', async () => {
    const events = diffs(10, 5);
    const r = run();
    r.topic$.next({ kind: 'subscribed' });
    r.topic$.next({ kind: 'event', data: events[0] });
    r.snapshot(snapshot);
    await Promise.resolve();
    r.topic$.next({ kind: 'event', data: events[1] });
    r.topic$.next({ kind: 'event', data: events[3] }); // events[2] lost
    expect(r.seen.at(-1)?.status).toBe('pending');
    const count = r.seen.length;
    r.frames.flush();
    expect(r.seen).toHaveLength(count);
    r.stop();
  });
});

describe('depth pipeline emitting views', () => {
  it('keeps one book in place and hands out views that stay as they were, frame after frame', async () => {
    const events = diffs(300, 11);
    const frames = new VirtualTimeScheduler();
    const topic$ = new Subject<TopicMessage>();
    const seen: Loadable<BookView>[] = [];
    let resolve: (s: DepthSnapshot) => void = () => undefined;
    const sub = orderBook$({ topic$, frameScheduler: frames, loadSnapshot: () => new Promise((r) => (resolve = r)), view: (b: OrderBook) => bookView(b) }).subscribe((v) => seen.push(v));
    topic$.next({ kind: 'subscribed' });
    topic$.next({ kind: 'event', data: events[0] });
    resolve(snapshot);
    await Promise.resolve();
    const views = () => seen.flatMap((l) => (l.status === 'success' ? [l.data] : []));
    const copies: BookView[] = [];
    for (let i = 1; i < events.length; i += 37) {
      for (const d of events.slice(i, i + 37)) topic$.next({ kind: 'event', data: d });
      frames.flush();
      const view = views().at(-1)!;
      expect(view).toEqual(oneByOne(events.slice(0, Math.min(events.length, i + 37))));
      copies.push(structuredClone(view));
    }
    expect(views().slice(1)).toEqual(copies);
    sub.unsubscribe();
  });
});
