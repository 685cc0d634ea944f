// The sequencer alone, with a commit function we control: order, group commit, answers only after the commit,
// and stopping for good on a failed commit or a throwing apply.
import { describe, expect, it } from 'vitest';
import { DeskUnavailableError } from '../../../server/desks/codes.ts';
import { Sequencer, type Batch } from '../../../server/desks/sequencer.ts';

interface TestBatch extends Batch {
  items: number[];
}

function harness(options: { maxBatch?: number } = {}) {
  const committed: number[][] = [];
  const published: number[][] = [];
  const log: string[] = [];
  let gate: { promise: Promise<void>; open: () => void } | null = null;
  let failNext = false;
  const hold = () => {
    let open = () => {};
    const promise = new Promise<void>((r) => (open = r));
    gate = { promise, open };
    return open;
  };
  const seq = new Sequencer<TestBatch>({
    name: 'test',
    newBatch: () => ({ size: 0, items: [] }),
    async commit(b) {
      log.push(`commit ${b.items.join(',')}`);
      if (gate) await gate.promise;
      if (failNext) throw new Error('disk full');
      committed.push(b.items);
    },
    publish(b) {
      published.push(b.items);
    },
    ...options,
  });
  const submit = (n: number) =>
    seq.run((b) => {
      b.items.push(n);
      log.push(`apply ${n}`);
      return n * 10;
    });
  return { seq, submit, committed, published, log, hold, fail: () => (failNext = true), release: () => gate?.open() };
}

describe('sequencer', () => {
  it('groups commands submitted together, and the ones arriving during a commit into the next batch', async () => {
    const h = harness();
    const open = h.hold();
    const first = [1, 2, 3].map(h.submit);
    await Promise.resolve();
    await Promise.resolve();
    const later = [4, 5].map(h.submit);
    let answered = false;
    void Promise.all(first).then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(answered).toBe(false); // not before the commit
    expect(h.committed).toEqual([]);
    h.release();
    open();
    expect(await Promise.all([...first, ...later])).toEqual([10, 20, 30, 40, 50]);
    expect(h.committed).toEqual([[1, 2, 3], [4, 5]]);
    expect(h.published).toEqual(h.committed);
    expect(h.seq.commits).toBe(2);
  });

  it('caps a batch at maxBatch commands', async () => {
    const h = harness({ maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map(h.submit));
    expect(h.committed.every((b) => b.length <= 2)).toBe(true);
    expect(h.committed.flat()).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops on a failed commit: that batch, the next one and everything later is refused', async () => {
    const h = harness();
    const open = h.hold();
    h.fail();
    const first = h.submit(1);
    await new Promise((r) => setTimeout(r, 1));
    const second = h.submit(2);
    open();
    await expect(first).rejects.toMatchObject({ code: 'desk.stopped' });
    await expect(second).rejects.toBeInstanceOf(DeskUnavailableError);
    await expect(h.submit(3)).rejects.toThrow(/test desk stopped \(disk full\); restart/);
    expect(h.committed).toEqual([]);
    expect(h.published).toEqual([]);
    expect(h.seq.isStopped).toBe(true);
  });

  it('stops when an apply throws: the uncommitted batch around it is refused too', async () => {
    const h = harness();
    const ok = h.submit(1);
    const bad = h.seq.run(() => {
      throw new Error('bug');
    });
    const after = h.submit(3);
    await expect(bad).rejects.toMatchObject({ code: 'desk.stopped' });
    await expect(after).rejects.toMatchObject({ code: 'desk.stopped' });
    await expect(ok).rejects.toMatchObject({ code: 'desk.stopped' });
    expect(h.committed).toEqual([]);
  });

  it('runs prepare look-ups in order and refuses new commands once closed', async () => {
    const h = harness();
    const order: string[] = [];
    const a = h.seq.runPrepared(
      async () => {
        await new Promise((r) => setTimeout(r, 5));
        order.push('prepare a');
        return 'A';
      },
      (p, b) => {
        b.items.push(1);
        order.push(`apply ${p}`);
        return p;
      },
    );
    const b = h.seq.run((batch) => {
      batch.items.push(2);
      order.push('apply b');
      return 'B';
    });
    expect(await Promise.all([a, b])).toEqual(['A', 'B']);
    expect(order).toEqual(['prepare a', 'apply A', 'apply b']);
    await h.seq.close();
    await expect(h.submit(9)).rejects.toMatchObject({ code: 'desk.closed' });
  });

  describe('with commits pipelined (maxInFlight 2)', () => {
    /** A store that takes batches in order and completes each when told, refusing all after a failed one. */
    function pipelined(minPipelinedBatch = 1) {
      const handed: Array<{ items: number[]; done: (ok: boolean) => void }> = [];
      const committed: number[][] = [];
      const published: number[][] = [];
      let failedBefore = false;
      const seq = new Sequencer<TestBatch>({
        name: 'test',
        maxInFlight: 2,
        minPipelinedBatch,
        newBatch: () => ({ size: 0, items: [] }),
        commit: (b) =>
          new Promise<void>((resolve, reject) => {
            handed.push({
              items: b.items,
              done: (ok) => {
                if (ok && !failedBefore) {
                  committed.push(b.items);
                  resolve();
                } else {
                  failedBefore = true;
                  reject(new Error(ok ? 'refused after an earlier failure' : 'disk full'));
                }
              },
            });
          }),
        publish: (b) => published.push(b.items),
      });
      const submit = (n: number) => seq.run((b) => (b.items.push(n), n));
      const tick = () => new Promise((r) => setTimeout(r, 1));
      return { seq, submit, handed, committed, published, tick };
    }

    it('hands the next batch over while one is being written, answers and publishes in batch order', async () => {
      const p = pipelined();
      const answered: number[] = [];
      const first = p.submit(1).then((v) => answered.push(v));
      await p.tick();
      const second = [2, 3].map((n) => p.submit(n).then((v) => answered.push(v)));
      await p.tick();
      const third = p.submit(4).then((v) => answered.push(v));
      await p.tick();
      // Two batches with the store, the third held back until one is answered.
      expect(p.handed.map((h) => h.items)).toEqual([[1], [2, 3]]);
      p.handed[1]!.done(true); // the store finishing out of order must not reorder answers
      await p.tick();
      expect(answered).toEqual([]);
      p.handed[0]!.done(true);
      await Promise.all([first, ...second]);
      expect(answered).toEqual([1, 2, 3]);
      expect(p.published).toEqual([[1], [2, 3]]);
      await p.tick();
      expect(p.handed.map((h) => h.items)).toEqual([[1], [2, 3], [4]]);
      p.handed[2]!.done(true);
      await third;
      expect(answered).toEqual([1, 2, 3, 4]);
      expect(p.seq.commits).toBe(3);
      await p.seq.close();
    });

    it('refuses the batch behind a failed one, though it was already handed over, and everything after', async () => {
      const p = pipelined();
      const first = p.submit(1);
      await p.tick();
      const second = p.submit(2);
      await p.tick();
      expect(p.handed).toHaveLength(2);
      p.handed[0]!.done(false);
      p.handed[1]!.done(true);
      await expect(first).rejects.toMatchObject({ code: 'desk.stopped' });
      await expect(second).rejects.toMatchObject({ code: 'desk.stopped' });
      await expect(p.submit(3)).rejects.toThrow(/test desk stopped \(disk full\)/);
      expect(p.committed).toEqual([]);
      expect(p.published).toEqual([]);
    });
  
    it('hands a batch over behind a busy commit only once it has minPipelinedBatch commands', async () => {
      const p = pipelined(3);
      const first = p.submit(1);
      await p.tick();
      expect(p.handed.map((h) => h.items)).toEqual([[1]]); // an idle store takes a batch of one at once
      const more = [p.submit(2), p.submit(3)];
      await p.tick();
      expect(p.handed).toHaveLength(1); // two waiting: not yet worth a commit of their own
      more.push(p.submit(4));
      await p.tick();
      expect(p.handed.map((h) => h.items)).toEqual([[1], [2, 3, 4]]);
      p.handed[0]!.done(true);
      p.handed[1]!.done(true);
      expect(await Promise.all([first, ...more])).toEqual([1, 2, 3, 4]);
      const last = p.submit(5);
      await p.tick();
      expect(p.handed.map((h) => h.items)).toEqual([[1], [2, 3, 4], [5]]); // idle again: at once
      p.handed[2]!.done(true);
      expect(await last).toBe(5);
    });
  });
});
