// Depth with Binance's update ids: each level change takes the next id, diffs cover U..u with final quantities,
// and a client that buffers the stream, loads a snapshot and applies diffs ends with the service's book, whenever
// it joins; a lost diff shows as a gap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPrng } from '../../../server/feeds/prng.ts';
import type { Price, Side } from '../../../server/kernel/index.ts';
import { DepthBook, type DepthDiff } from '../../../server/market/depth.ts';
import { DepthReplica } from './depth-replica.ts';

const S = 'BTCUSDT';
const change = (side: Side, price: number, qty: number) => ({ symbol: S, side, price: price as Price, qty });

describe('depth book', () => {
  it('numbers every real change, keeps levels sorted best first, and limits snapshots', () => {
    const d = new DepthBook(S, 41);
    d.apply(change('buy', 100, 5));
    d.apply(change('buy', 102, 1));
    d.apply(change('buy', 101, 2));
    d.apply(change('sell', 104, 3));
    d.apply(change('sell', 103, 7));
    d.apply(change('buy', 101, 2)); // no change: no id
    d.apply(change('sell', 999, 0)); // removing a missing level: no id
    expect(d.lastUpdateId).toBe(46);
    expect(d.snapshot()).toEqual({ symbol: S, lastUpdateId: 46, bids: [[102, 1], [101, 2], [100, 5]], asks: [[103, 7], [104, 3]] });
    expect(d.snapshot(2).bids).toEqual([[102, 1], [101, 2]]);
    expect(d.best('buy')).toEqual([102, 1]);
    d.apply(change('buy', 102, 0));
    expect(d.best('buy')).toEqual([101, 2]);
    expect(() => d.apply({ ...change('buy', 1, 1), symbol: 'ETHUSDT' })).toThrow();
    expect(() => d.apply(change('buy', 1, -1))).toThrow();
  });

  it('coalesces an interval into one diff with U..u and final quantities', () => {
    const d = new DepthBook(S, 10);
    expect(d.takeDiff(1)).toBeNull();
    d.apply(change('buy', 100, 5)); // 11
    d.apply(change('buy', 100, 3)); // 12
    d.apply(change('sell', 105, 1)); // 13
    d.apply(change('buy', 99, 4)); // 14
    d.apply(change('sell', 105, 0)); // 15
    expect(d.takeDiff(7)).toEqual({ symbol: S, time: 7, firstUpdateId: 11, finalUpdateId: 15, bids: [[100, 3], [99, 4]], asks: [[105, 0]] });
    expect(d.takeDiff(8)).toBeNull();
    d.apply(change('buy', 99, 0));
    expect(d.takeDiff(9)).toMatchObject({ firstUpdateId: 16, finalUpdateId: 16, bids: [[99, 0]], asks: [] });
  });

  type Op = { kind: 'change'; side: Side; price: number; qty: number } | { kind: 'flush' };
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 8, arbitrary: fc.record({ kind: fc.constant('change' as const), side: fc.constantFrom<Side>('buy', 'sell'), price: fc.integer({ min: 1, max: 25 }), qty: fc.integer({ min: 0, max: 4 }) }) },
    { weight: 2, arbitrary: fc.constant({ kind: 'flush' as const }) },
  );

  it('lets a client that joins at any point rebuild the exact book from snapshot + diffs', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 120 }), fc.nat(), fc.nat(), (ops, a, b) => {
        // The client subscribes at op `join`, fetches the snapshot a little later at op `snap` (diffs arriving in
        // between are buffered, some overlap the snapshot), then reads every diff to the end.
        const join = a % (ops.length + 1);
        const snap = join + (b % (ops.length - join + 1));
        const d = new DepthBook(S, 1000);
        const client = new DepthReplica();
        let t = 0;
        const deliver = (diff: DepthDiff | null, i: number) => {
          if (diff !== null && i >= join) expect(client.onDiff(diff)).toBe(true);
        };
        ops.forEach((o, i) => {
          if (i === snap) expect(client.load(d.snapshot(5000))).toBe(true);
          if (o.kind === 'change') d.apply(change(o.side, o.price, o.qty));
          else deliver(d.takeDiff(++t), i);
        });
        if (snap === ops.length) expect(client.load(d.snapshot(5000))).toBe(true);
        deliver(d.takeDiff(++t), ops.length);
        expect(client.book()).toEqual({ bids: d.snapshot(5000).bids, asks: d.snapshot(5000).asks });
        expect(client.lastUpdateId).toBe(d.lastUpdateId);
      }),
      { numRuns: 300 },
    );
  });

  it('shows a lost diff as a gap', () => {
    const d = new DepthBook(S);
    const client = new DepthReplica();
    client.load(d.snapshot());
    const rnd = createPrng(3);
    const diffs: DepthDiff[] = [];
    for (let i = 0; i < 5; i++) {
      d.apply(change(rnd.next() < 0.5 ? 'buy' : 'sell', 1 + Math.floor(rnd.next() * 10), 1 + i));
      diffs.push(d.takeDiff(i)!);
    }
    expect(client.onDiff(diffs[0]!)).toBe(true);
    expect(client.onDiff(diffs[2]!)).toBe(false);
  });

  it('drops diffs older than the snapshot, and finds a lost one between snapshot and stream', () => {
    const d = new DepthBook(S);
    d.apply(change('buy', 1, 1));
    const early = d.snapshot(); // lastUpdateId 1
    const diffA = d.takeDiff(1)!; // 1..1
    d.apply(change('buy', 2, 1));
    d.apply(change('buy', 3, 1));
    const late = d.snapshot(); // lastUpdateId 3
    d.takeDiff(2); // 2..3, lost in transit
    d.apply(change('buy', 4, 1));
    const diffC = d.takeDiff(3)!; // 4..4

    const a = new DepthReplica();
    a.onDiff(diffA);
    expect(a.load(late)).toBe(true); // diffA is older than the snapshot: dropped
    expect(a.onDiff(diffC)).toBe(true);
    expect(a.book().bids).toEqual(d.snapshot().bids);

    const b = new DepthReplica();
    expect(b.load(early)).toBe(true);
    expect(b.onDiff(diffC)).toBe(false); // U = 4 > lastUpdateId + 1 = 2: updates were missed, re-snapshot
  });
});
