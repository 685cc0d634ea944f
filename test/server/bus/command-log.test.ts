// The JetStream command log against a real server (NATS_URL; on CI the machine's own): each test has its own
// stream, deleted afterwards.
import { afterEach, expect, it } from 'vitest';
import { createCommandLog, FenceError, LogGapError, type CommandLog, type LoggedCommand } from '../../../server/bus/index.ts';
import { describeNats, uniquePrefix } from './nats-env.ts';

describeNats('JetStream command log', (servers) => {
  const open: CommandLog[] = [];
  const cleanup: Array<() => Promise<void>> = [];
  const log = async (prefix: string) => {
    const l = await createCommandLog({ servers, prefix, name: 'command-log-test' });
    open.push(l);
    return l;
  };
  afterEach(async () => {
    for (const c of cleanup.splice(0)) await c();
    const [first, ...rest] = open.splice(0);
    await Promise.all(rest.map((l) => (l.connection.isClosed() ? undefined : l.connection.close())));
    // The stream goes with the first log of the test; a fresh connection deletes it when that one was closed.
    if (first) await (first.connection.isClosed() ? createCommandLog({ servers, prefix: first.stream.slice(4) }) : Promise.resolve(first)).then((l) => l.destroy());
  });

  /** Collects what a reader hands over until `n` have arrived. */
  const collector = () => {
    const got: LoggedCommand[] = [];
    const waiters: Array<{ n: number; resolve: () => void }> = [];
    return {
      got,
      handler: (c: LoggedCommand) => {
        got.push(c);
        for (const w of waiters) if (got.length >= w.n) w.resolve();
      },
      until: (n: number, ms = 10_000) =>
        new Promise<void>((resolve, reject) => {
          if (got.length >= n) return resolve();
          const timer = setTimeout(() => reject(new Error(`only ${got.length} of ${n} arrived`)), ms);
          waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
        }),
    };
  };

  it('appends durably, with a seq; a retried command id is deduplicated to the same seq', async () => {
    const l = await log(uniquePrefix('log'));
    expect(await l.lastSeq('spot', 'BTCUSDT')).toBe(0);
    const a = await l.append('spot', 'BTCUSDT', 'cmd-1', { type: 'place', qty: 10n ** 20n });
    const b = await l.append('spot', 'ETHUSDT', 'cmd-2', { type: 'place', qty: 1n });
    const retry = await l.append('spot', 'BTCUSDT', 'cmd-1', { type: 'place', qty: 10n ** 20n });
    expect(a).toEqual({ seq: 1, duplicate: false });
    expect(b).toEqual({ seq: 2, duplicate: false });
    expect(retry).toEqual({ seq: 1, duplicate: true });
    expect(await l.lastSeq('spot', 'BTCUSDT')).toBe(1);
    expect(await l.lastSeq('spot', '*')).toBe(2);
    expect(await l.lastSeq('perp', 'all')).toBe(0);
    const c = collector();
    const before = Date.now();
    const r = await l.read('spot', 'BTCUSDT', 0, c.handler);
    expect(await r.caughtUp).toBe(1);
    await r.stop();
    // With the time the server stored it (ms): what a desk applies it at.
    const time = c.got[0]?.time ?? 0;
    expect(c.got).toEqual([{ seq: 1, time, desk: 'spot', partition: 'BTCUSDT', commandId: 'cmd-1', payload: { type: 'place', qty: 10n ** 20n } }]);
    expect(Number.isSafeInteger(time) && time > before - 60_000 && time <= Date.now() + 1_000).toBe(true);
  });

  it('fences: a writer whose expected last seq is stale is refused, and its own retry is still a duplicate', async () => {
    const prefix = uniquePrefix('log');
    const first = await log(prefix);
    const second = await log(prefix);
    const one = await first.append('spot', 'BTCUSDT', 'a-1', { n: 1 }, { expectLastSeq: 0 });
    expect(one.seq).toBe(1);
    // The second writer takes over at seq 1 and appends; the first still believes the last is 1.
    const taken = await second.append('spot', 'BTCUSDT', 'b-1', { n: 2 }, { expectLastSeq: await second.lastSeq('spot', 'BTCUSDT') });
    const refused = await first.append('spot', 'BTCUSDT', 'a-2', { n: 3 }, { expectLastSeq: one.seq }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FenceError);
    expect((refused as FenceError).expected).toBe(1);
    expect((refused as Error).message).toMatch(/wrong last sequence: 2/);
    // Another partition has its own fence.
    expect((await first.append('spot', 'ETHUSDT', 'a-3', { n: 4 }, { expectLastSeq: 0 })).duplicate).toBe(false);
    // A lost ack retried with the same id and the same (now stale) expectation answers the first append's seq.
    expect(await second.append('spot', 'BTCUSDT', 'b-1', { n: 2 }, { expectLastSeq: 1 })).toEqual({ seq: taken.seq, duplicate: true });
    expect(await first.lastSeq('spot', 'BTCUSDT')).toBe(taken.seq);
  });

  it('replays exactly the commands after a seq, in order, then follows new ones', async () => {
    const l = await log(uniquePrefix('log'));
    const seqs: number[] = [];
    for (let i = 0; i < 20; i++) {
      seqs.push((await l.append('spot', i % 2 ? 'BTCUSDT' : 'ETHUSDT', `c-${i}`, { i })).seq);
    }
    const btc = seqs.filter((_, i) => i % 2 === 1);
    const from = btc[4]!;
    const c = collector();
    const r = await l.read('spot', 'BTCUSDT', from, c.handler);
    expect(await r.caughtUp).toBe(btc[9]);
    expect(c.got.map((x) => x.seq)).toEqual(btc.slice(5));
    expect(c.got.map((x) => x.commandId)).toEqual([11, 13, 15, 17, 19].map((i) => `c-${i}`));
    const live = await l.append('spot', 'BTCUSDT', 'c-live', { i: 20 });
    await l.append('spot', 'ETHUSDT', 'c-other', { i: 21 });
    await c.until(6);
    await r.stop();
    expect(c.got.at(-1)).toMatchObject({ seq: live.seq, commandId: 'c-live', payload: { i: 20 } });
    expect(c.got).toHaveLength(6);
    // All partitions of a desk at once, in stream order.
    const all = collector();
    const r2 = await l.read('spot', '*', 0, all.handler);
    expect(await r2.caughtUp).toBe(live.seq + 1);
    await r2.stop();
    expect(all.got.map((x) => x.seq)).toEqual([...Array(22).keys()].map((i) => i + 1));
  });

  it('a reader stops at a handler failure rather than skip the command', async () => {
    const l = await log(uniquePrefix('log'));
    for (let i = 1; i <= 3; i++) await l.append('spot', 'all', `c-${i}`, { i });
    const applied: number[] = [];
    const r = await l.read('spot', 'all', 0, (c) => {
      if (c.seq === 2) throw new Error('cannot apply');
      applied.push(c.seq);
    });
    await expect(r.done).rejects.toThrow('cannot apply');
    await expect(r.caughtUp).rejects.toThrow('cannot apply');
    expect(applied).toEqual([1]);
  });

  it('trims a partition below a floor it records first, and refuses to replay across what it trimmed', async () => {
    const l = await log(uniquePrefix('log'));
    for (let i = 1; i <= 5; i++) await l.append('spot', 'all', `c-${i}`, { i });
    const other = await l.append('earn', 'all', 'e-1', { i: 6 });
    expect(await l.trimmedBefore('spot', 'all')).toBe(0);
    expect(await l.trimBefore('spot', 'all', 4)).toBe(3);
    expect(await l.trimmedBefore('spot', 'all')).toBe(4);
    // A floor at or below the recorded one changes nothing.
    expect(await l.trimBefore('spot', 'all', 2)).toBe(0);
    await expect(l.read('spot', 'all', 1, () => undefined)).rejects.toThrow(LogGapError);
    const c = collector();
    const r = await l.read('spot', 'all', 3, c.handler);
    expect(await r.caughtUp).toBe(5);
    await r.stop();
    expect(c.got.map((x) => x.seq)).toEqual([4, 5]);
    // Another desk's partition is not touched, and its reader from the start is not refused: its floor is its own.
    const e = collector();
    const re = await l.read('earn', 'all', 0, e.handler);
    expect(await re.caughtUp).toBe(other.seq);
    await re.stop();
    expect(e.got.map((x) => x.commandId)).toEqual(['e-1']);
    // A desk with no commands at all reads from the start though the stream's first seq moved.
    const none = await l.read('fiat', 'all', 0, () => undefined);
    expect(await none.caughtUp).toBe(0);
    await none.stop();
    // A reader of every partition never sees a floor's record as a command.
    const all = collector();
    const ra = await l.read('spot', '*', 0, all.handler);
    expect(await ra.caughtUp).toBeGreaterThanOrEqual(5);
    await ra.stop();
    expect(all.got.map((x) => x.commandId)).toEqual(['c-4', 'c-5']);
    // A retried append of a trimmed command is still a duplicate (JetStream keeps the ids of its window).
    expect(await l.append('spot', 'all', 'c-1', { i: 1 })).toEqual({ seq: 1, duplicate: true });
    await expect(l.append('spot', 'all-trim', 'x', {})).rejects.toThrow(RangeError);
  });

  it('a durable consumer that dies before its ack gets the command again; one it acknowledged it does not', async () => {
    const prefix = uniquePrefix('log');
    const writer = await log(prefix);
    for (let i = 1; i <= 3; i++) await writer.append('spot', 'BTCUSDT', `c-${i}`, { i });

    // The first desk process applies seq 1 (acknowledged), then dies while handling seq 2.
    const crashing = await log(prefix);
    const seen1: number[] = [];
    let died: () => void = () => undefined;
    const dying = new Promise<void>((resolve) => (died = resolve));
    await crashing.durable(
      'spot',
      'BTCUSDT',
      'desk-BTCUSDT',
      (c) => {
        seen1.push(c.seq);
        if (c.seq === 2) {
          died();
          return new Promise<void>(() => undefined);
        }
      },
      { ackWaitMs: 1000 },
    );
    await dying;
    await crashing.connection.close();
    expect(seen1).toEqual([1, 2]);

    // Its successor gets seq 2 again (after ack wait), then 3, and never seq 1.
    const successor = await log(prefix);
    const c = collector();
    const r = await successor.durable('spot', 'BTCUSDT', 'desk-BTCUSDT', (cmd) => c.handler(cmd));
    expect(await r.caughtUp).toBe(3);
    await r.stop();
    expect(c.got.map((x) => x.seq)).toEqual([2, 3]);
    expect(c.got[0]).toMatchObject({ commandId: 'c-2', payload: { i: 2 } });

    // Everything acknowledged: a third instance gets nothing more until something new is appended.
    const third = await log(prefix);
    const c3 = collector();
    const r3 = await third.durable('spot', 'BTCUSDT', 'desk-BTCUSDT', c3.handler);
    expect(await r3.caughtUp).toBe(3);
    const fresh = await writer.append('spot', 'BTCUSDT', 'c-4', { i: 4 });
    await c3.until(1);
    await r3.stop();
    expect(c3.got.map((x) => x.seq)).toEqual([fresh.seq]);
  }, 20_000);

  it('1,000 commands appended concurrently from two connections are read back once each, in stream order', async () => {
    const prefix = uniquePrefix('log');
    const a = await log(prefix);
    const b = await log(prefix);
    const N = 1000;
    const acks = await Promise.all(
      [...Array(N).keys()].map((i) => (i % 2 ? a : b).append('spot', i % 3 ? 'BTCUSDT' : 'ETHUSDT', `cmd-${i}`, { i, qty: BigInt(i) * 10n ** 8n })),
    );
    expect(acks.every((x) => !x.duplicate)).toBe(true);
    expect(new Set(acks.map((x) => x.seq)).size).toBe(N);
    const reader = await log(prefix);
    const c = collector();
    const r = await reader.read('spot', '*', 0, c.handler);
    expect(await r.caughtUp).toBe(N);
    await r.stop();
    expect(c.got.map((x) => x.seq)).toEqual([...Array(N).keys()].map((i) => i + 1));
    const ids = c.got.map((x) => x.commandId);
    expect(new Set(ids).size).toBe(N);
    // Each command's seq is the one its append was acknowledged with, and its payload is intact.
    for (const got of c.got) {
      const i = Number(got.commandId.slice(4));
      expect(got.seq).toBe(acks[i]!.seq);
      expect(got.payload).toEqual({ i, qty: BigInt(i) * 10n ** 8n });
      expect(got.partition).toBe(i % 3 ? 'BTCUSDT' : 'ETHUSDT');
    }
  });

  it('refuses bad names and payloads before anything reaches the server', async () => {
    const l = await log(uniquePrefix('log'));
    await expect(l.append('spot', 'BTC.USDT', 'x', {})).rejects.toThrow(RangeError);
    await expect(l.append('spot', '*', 'x', {})).rejects.toThrow(RangeError);
    await expect(l.append('sp ot', 'all', 'x', {})).rejects.toThrow(RangeError);
    await expect(l.append('spot', 'all', '', {})).rejects.toThrow(RangeError);
    await expect(l.append('spot', 'all', 'x', { bad: Number.NaN })).rejects.toThrow(/cannot encode NaN/);
    expect(await l.lastSeq('spot', '*')).toBe(0);
  });
});
