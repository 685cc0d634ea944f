import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DepthSnapshot, DepthUpdateEvent, TextLevel } from '../../../streams/contract.ts';
import { applyDepthDiff, applyDepthSnapshot, startDepthSync, type DepthSync } from '../../../streams/reducers/depth-sync.ts';
import { applyLevels, bookView } from '../../../streams/reducers/order-book.ts';
import { FrameBatch } from '../../../streams/socket/coalesce.ts';
import type { ServerFrame, StreamTopic } from '../../../streams/socket/protocol.ts';

const diff = (U: number, u: number, b: TextLevel[], a: TextLevel[] = []): DepthUpdateEvent => ({ e: 'depthUpdate', E: u, s: 'BTCUSDT', U, u, b, a });
const event = (topic: StreamTopic, seq: number, data: unknown): ServerFrame => ({ op: 'event', topic, seq, data });
const batch = (frames: readonly ServerFrame[]): ServerFrame[] => {
  const b = new FrameBatch();
  for (const f of frames) b.add(f);
  return b.take();
};

describe('the socket worker\'s batch', () => {
  it('merges a book\'s run of diffs into one event in the place of its first, each level\'s last change winning', () => {
    const frames = batch([
      event('perpDepth@BTCUSDT', 7, diff(101, 102, [['100.5', '1'], ['99', '2']], [['101', '3']])),
      event('perpTrade@BTCUSDT', 3, { t: 1 }),
      event('perpDepth@BTCUSDT', 8, diff(103, 103, [['100.50', '0']], [])),
      event('perpDepth@BTCUSDT', 9, diff(104, 106, [['98', '4'], ['99', '5']], [['101', '0']])),
    ]);
    expect(frames).toEqual([
      {
        op: 'event', topic: 'perpDepth@BTCUSDT', seq: 9, first: 7,
        // Keyed by canonical price: "100.50" is "100.5".
        data: { e: 'depthUpdate', E: 106, s: 'BTCUSDT', U: 101, u: 106, b: [['100.50', '0'], ['99', '5'], ['98', '4']], a: [['101', '0']] },
      },
      event('perpTrade@BTCUSDT', 3, { t: 1 }),
    ]);
  });

  it('leaves a lone diff as it came, and starts a new run at a gap in seq or in update ids, or after a diff that does not parse', () => {
    const one = event('depth@ETHUSDT', 1, diff(10, 10, [['5', '1']]));
    expect(batch([one])).toEqual([one]);
    const frames = batch([
      one,
      event('depth@ETHUSDT', 3, diff(11, 11, [['5', '2']])), // seq 2 lost
      event('depth@ETHUSDT', 4, diff(13, 13, [['5', '3']])), // update 12 lost
      event('depth@ETHUSDT', 5, { nope: true }),
      event('depth@ETHUSDT', 6, diff(14, 14, [['5', '4']])),
      event('depth@ETHUSDT', 7, diff(15, 15, [['5', '5']])),
    ]);
    expect(frames.map((f) => (f.op === 'event' ? [f.first ?? f.seq, f.seq] : f.op))).toEqual([[1, 1], [3, 3], [4, 4], [5, 5], [6, 7]]);
  });

  it('ends every run at a frame that is not an event: what came after an ack stays after it', () => {
    const frames = batch([
      event('depth@BTCUSDT', 1, diff(1, 1, [['5', '1']])),
      { op: 'ack', id: 4 },
      event('depth@BTCUSDT', 2, diff(2, 2, [['5', '2']])),
      event('depth@BTCUSDT', 3, diff(3, 3, [['5', '3']])),
    ]);
    expect(frames.map((f) => (f.op === 'event' ? `${f.first ?? f.seq}-${f.seq}` : f.op))).toEqual(['1-1', 'ack', '2-3']);
  });

  it('starts empty after take()', () => {
    const b = new FrameBatch();
    b.add(event('depth@BTCUSDT', 1, diff(1, 1, [['5', '1']])));
    b.add(event('depth@BTCUSDT', 2, diff(2, 2, [['5', '2']])));
    expect(b.take()).toHaveLength(1);
    expect(b.size).toBe(0);
    b.add(event('depth@BTCUSDT', 3, diff(3, 3, [['5', '3']])));
    expect(b.take()).toEqual([event('depth@BTCUSDT', 3, diff(3, 3, [['5', '3']]))]);
  });

  it('leaves the local book as the diffs one by one do, whatever the snapshot, gaps and batches', () => {
    const price = fc.constantFrom('99', '99.0', '99.5', '99.50', '100', '100.5', '101', '101.00', '102');
    const level = fc.tuple(price, fc.constantFrom('0', '1', '2.5', '0.000'));
    const step = fc.record({ b: fc.array(level, { maxLength: 4 }), a: fc.array(level, { maxLength: 4 }), skip: fc.nat(20), cut: fc.boolean() });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), fc.nat(41), (steps, at) => {
        // The diffs, their update ids following on except where a step skips some (1 in 20: diffs lost on the way,
        // which changed nothing, so the server's book is the diffs' one by one).
        let u = 100;
        const diffs = steps.map((s) => {
          const U = u + 1 + (s.skip === 0 ? 3 : 0);
          u = U + s.b.length;
          return diff(U, u, s.b, s.a);
        });
        // The server's book after the first k diffs, as a snapshot would give it.
        const start: DepthSnapshot = { lastUpdateId: 100, bids: [['98', '1'], ['99', '1']], asks: [['103', '1']] };
        const snapshotAfter = (k: number): DepthSnapshot => {
          let state: DepthSync = applyDepthSnapshot(applyDepthDiff(startDepthSync(), diff(0, 0, [])), start);
          for (const d of diffs.slice(0, k)) if (state.phase === 'live') state = { ...state, book: applyLevels(state.book, d.b, d.a, d.u) };
          if (state.phase !== 'live') throw new Error('no book');
          const v = bookView(state.book);
          return { lastUpdateId: v.lastUpdateId, bids: [...v.bids], asks: [...v.asks] };
        };
        const snapshot = snapshotAfter(Math.min(at, diffs.length));
        // The snapshot after the diffs came (they wait in the buffer), and before them (they go on the live book).
        const run = (ds: readonly DepthUpdateEvent[]) => {
          let buffered: DepthSync = startDepthSync();
          for (const d of ds) buffered = applyDepthDiff(buffered, d);
          buffered = applyDepthSnapshot(buffered, snapshot);
          let live: DepthSync = applyDepthSnapshot(applyDepthDiff(startDepthSync(), diff(0, 0, [])), start);
          for (const d of ds) live = applyDepthDiff(live, d);
          return [buffered, live].map((state) => (state.phase === 'live' ? bookView(state.book) : 'buffering'));
        };
        // The same diffs through batches cut where the steps say.
        const merged: DepthUpdateEvent[] = [];
        let b = new FrameBatch();
        diffs.forEach((d, i) => {
          b.add(event('depth@BTCUSDT', i + 1, d));
          if (steps[i]!.cut) {
            for (const f of b.take()) if (f.op === 'event') merged.push(f.data as DepthUpdateEvent);
            b = new FrameBatch();
          }
        });
        for (const f of b.take()) if (f.op === 'event') merged.push(f.data as DepthUpdateEvent);
        expect(run(merged)).toEqual(run(diffs));
      }),
      { numRuns: 500 },
    );
  });
});
