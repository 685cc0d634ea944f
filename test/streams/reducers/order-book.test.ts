import { describe, expect, it } from 'vitest';
import type { DepthSnapshot, DepthUpdateEvent, TextLevel } from '../../../streams/contract.ts';
import { applyDepthDiff, applyDepthSnapshot, startDepthSync, wantsSnapshot, type DepthSync } from '../../../streams/reducers/depth-sync.ts';
import { applyLevels, bookFromSnapshot, bookView, ownBook } from '../../../streams/reducers/order-book.ts';

const diff = (U: number, u: number, b: TextLevel[] = [], a: TextLevel[] = []): DepthUpdateEvent => ({ e: 'depthUpdate', E: 0, s: 'BTCUSDT', U, u, b, a });
const snapshot: DepthSnapshot = {
  lastUpdateId: 100,
  bids: [['99.0', '1'], ['98.5', '2'], ['100.0', '3']],
  asks: [['101.0', '1'], ['102.0', '2']],
};

function feed(state: DepthSync, ...diffs: DepthUpdateEvent[]): DepthSync {
  return diffs.reduce(applyDepthDiff, state);
}
function live(state: DepthSync) {
  if (state.phase !== 'live') throw new Error(`expected live, got ${state.phase}`);
  return bookView(state.book);
}

describe('local order book (Binance snapshot + diffs)', () => {
  it('buffers diffs until a snapshot and wants one only once something is buffered', () => {
    const empty = startDepthSync();
    expect(wantsSnapshot(empty)).toBe(false);
    const buffered = feed(empty, diff(95, 98), diff(99, 103));
    expect(buffered.phase).toBe('buffering');
    expect(wantsSnapshot(buffered)).toBe(true);
  });

  it('drops buffered diffs with u <= lastUpdateId and bridges with the diff where U <= last+1 <= u', () => {
    const buffered = feed(startDepthSync(), diff(90, 95, [['99.0', '50']]), diff(96, 100, [['99.0', '60']]), diff(99, 103, [['98.5', '0']], [['101.5', '4']]));
    const state = applyDepthSnapshot(buffered, snapshot);
    const view = live(state);
    expect(view.lastUpdateId).toBe(103);
    // 90..95 and 96..100 were already in the snapshot: 99.0 keeps its snapshot size.
    expect(view.bids).toEqual([['100.0', '3'], ['99.0', '1']]);
    expect(view.asks).toEqual([['101.0', '1'], ['101.5', '4'], ['102.0', '2']]);
  });

  it('sorts bids high to low and asks low to high', () => {
    const view = live(applyDepthSnapshot(startDepthSync(), snapshot));
    expect(view.bids.map((l) => l[0])).toEqual(['100.0', '99.0', '98.5']);
    expect(view.asks.map((l) => l[0])).toEqual(['101.0', '102.0']);
  });

  it('refuses a first diff that starts after lastUpdateId + 1 (snapshot older than the stream)', () => {
    const buffered = feed(startDepthSync(), diff(105, 110), diff(111, 112));
    const state = applyDepthSnapshot(buffered, snapshot);
    expect(state.phase).toBe('buffering');
    // The buffer is kept for the next, newer snapshot.
    expect(state.phase === 'buffering' && state.buffer.map((d) => d.U)).toEqual([105, 111]);
    const again = applyDepthSnapshot(state, { ...snapshot, lastUpdateId: 109 });
    expect(live(again).lastUpdateId).toBe(112);
  });

  it('after the bridge, each U must be the previous u + 1; a gap asks for a resync', () => {
    let state = applyDepthSnapshot(feed(startDepthSync(), diff(101, 101)), snapshot);
    state = feed(state, diff(102, 104, [['99.0', '5']]));
    expect(live(state).bids).toContainEqual(['99.0', '5']);
    const gap = diff(106, 108, [['99.0', '7']]);
    state = applyDepthDiff(state, gap);
    expect(state.phase).toBe('buffering');
    expect(wantsSnapshot(state)).toBe(true);
    expect(state.phase === 'buffering' && state.buffer).toEqual([gap]);
  });

  it('ignores stale diffs once live and rejects an overlapping one after the bridge', () => {
    let state = applyDepthSnapshot(feed(startDepthSync(), diff(100, 102)), snapshot);
    const before = state;
    state = applyDepthDiff(state, diff(95, 102, [['99.0', '999']]));
    expect(state).toBe(before);
    expect(applyDepthDiff(state, diff(102, 104)).phase).toBe('buffering');
  });

  it('removes a level on quantity 0 and merges spellings of one price', () => {
    let state = applyDepthSnapshot(feed(startDepthSync(), diff(101, 101, [['100.00', '0']])), snapshot);
    expect(live(state).bids.map((l) => l[0])).toEqual(['99.0', '98.5']);
    state = applyDepthDiff(state, diff(102, 102, [['99', '8']]));
    expect(live(state).bids).toEqual([['99', '8'], ['98.5', '2']]);
  });

  it('a snapshot that arrives after the book is live changes nothing', () => {
    const state = applyDepthSnapshot(feed(startDepthSync(), diff(101, 101)), snapshot);
    expect(applyDepthSnapshot(state, { lastUpdateId: 500, bids: [], asks: [] })).toBe(state);
  });

  it('in place on an owned copy gives the same book as the pure update, and leaves the original alone', () => {
    const start = bookFromSnapshot(snapshot);
    const before = bookView(start);
    const steps: [TextLevel[], TextLevel[]][] = [
      [[['99.0', '4']], [['101.0', '0']]],
      [[['100', '0'], ['97', '1']], [['103.25', '2']]],
      [[], [['102.00', '5']]],
    ];
    let pure = start;
    let owned = ownBook(start);
    steps.forEach(([b, a], i) => {
      pure = applyLevels(pure, b, a, 101 + i);
      owned = applyLevels(owned, b, a, 101 + i, true);
    });
    expect(bookView(owned)).toEqual(bookView(pure));
    expect(bookView(start)).toEqual(before);
  });
});

describe('the book kept in price order', () => {
  it('views as a full sort would, level by level, through inserts, removals, repeats and in-place runs', () => {
    const rand = (() => {
      let x = 12_345;
      return () => ((x = (x * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    })();
    const price = () => (90 + Math.floor(rand() * 2_000) / 100).toFixed(rand() < 0.2 ? 3 : 2);
    const level = (): TextLevel => [price(), rand() < 0.3 ? '0' : (rand() * 5).toFixed(4)];
    const levels = () => Array.from({ length: 1 + Math.floor(rand() * 4) }, level);
    let book = bookFromSnapshot({ lastUpdateId: 1, bids: Array.from({ length: 50 }, level), asks: Array.from({ length: 50 }, level) });
    const sortedBy = (m: ReadonlyMap<string, TextLevel>, desc: boolean) =>
      [...m.values()].sort((a, b) => (desc ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0])));
    for (let i = 0; i < 300; i++) {
      book = i % 3 === 0 ? applyLevels(ownBook(book), levels(), levels(), i + 2, true) : applyLevels(book, levels(), levels(), i + 2);
      const view = bookView(book);
      expect(view.bids).toEqual(sortedBy(book.bids, true));
      expect(view.asks).toEqual(sortedBy(book.asks, false));
      expect(bookView(book, 5).bids).toEqual(view.bids.slice(0, 5));
    }
  });
});
