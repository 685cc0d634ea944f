// The bus over a real NATS server (NATS_URL; on CI the machine's own): the same port contract as the in-process
// bus, across two connections as between two processes.
import { afterEach, expect, it } from 'vitest';
import { createNatsBus, type NatsBus } from '../../../server/bus/index.ts';
import { describeNats, uniquePrefix } from './nats-env.ts';

interface Ev {
  n: number;
  amount?: bigint;
  note?: string;
}

describeNats('NATS bus', (servers) => {
  const open: Array<NatsBus<Ev>> = [];
  const bus = async (prefix: string, onError?: (error: unknown, topic: string) => void) => {
    const b = await createNatsBus<Ev>({ servers, prefix, name: 'bus-test', ...(onError ? { onError } : {}) });
    open.push(b);
    return b;
  };
  afterEach(async () => {
    await Promise.all(open.splice(0).map((b) => b.close()));
  });

  /** Resolves once `count()` reaches `n`; rejects after `ms` with what arrived. */
  const until = (count: () => number, n: number, ms = 10_000) =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      const tick = () => {
        if (count() >= n) resolve();
        else if (performance.now() - t0 > ms) reject(new Error(`only ${count()} of ${n} arrived`));
        else setTimeout(tick, 5);
      };
      tick();
    });

  it('delivers to matching patterns only, with the topic, and stops after unsubscribe', async () => {
    const prefix = uniquePrefix('bus');
    const sub = await bus(prefix);
    const pub = await bus(prefix);
    const seen: string[] = [];
    const off = sub.subscribe('spot.*.trade', (e, topic) => seen.push(`a ${topic} ${e.n}`));
    sub.subscribe('user.>', (e, topic) => seen.push(`b ${topic} ${e.n}`));
    await sub.flush();
    pub.publish('spot.BTCUSDT.trade', { n: 1 });
    pub.publish('user.7.order', { n: 2 });
    pub.publish('spot.BTCUSDT.book', { n: 3 });
    pub.publish('user', { n: 4 });
    await pub.flush();
    await until(() => seen.length, 2);
    off();
    await sub.flush();
    pub.publish('spot.ETHUSDT.trade', { n: 5 });
    pub.publish('user.8.fill', { n: 6 });
    await pub.flush();
    await until(() => seen.length, 3);
    // A round trip through the subscriber's own connection: anything the server had for it has arrived by now.
    await sub.flush();
    expect(seen).toEqual(['a spot.BTCUSDT.trade 1', 'b user.7.order 2', 'b user.8.fill 6']);
  });

  it('carries bigints exactly and keeps prefixes apart', async () => {
    const prefix = uniquePrefix('bus');
    const sub = await bus(prefix);
    const other = await bus(uniquePrefix('bus'));
    const got: Ev[] = [];
    sub.subscribe('>', (e) => got.push(e));
    await sub.flush();
    other.publish('x', { n: 0 });
    sub.publish('x', { n: 1, amount: (1n << 100n) + 1n, note: 'บิตคอยน์ 比特币' });
    await Promise.all([other.flush(), sub.flush()]);
    await until(() => got.length, 1);
    await sub.flush();
    expect(got).toEqual([{ n: 1, amount: (1n << 100n) + 1n, note: 'บิตคอยน์ 比特币' }]);
  });

  it('reports a failing handler and an undecodable message, and still delivers to the others', async () => {
    const prefix = uniquePrefix('bus');
    const errors: string[] = [];
    const sub = await bus(prefix, (e, topic) => errors.push(`${topic}: ${(e as Error).message}`));
    const pub = await bus(prefix);
    const seen: number[] = [];
    sub.subscribe('x', () => {
      throw new Error('boom');
    });
    sub.subscribe('x', (e) => seen.push(e.n));
    await sub.flush();
    pub.publish('x', { n: 1 });
    pub.connection.publish(`${prefix}.x`, new TextEncoder().encode('not ours'));
    pub.publish('x', { n: 2 });
    await pub.flush();
    await until(() => seen.length, 2);
    expect(seen).toEqual([1, 2]);
    expect(errors.filter((e) => e === 'x: boom')).toHaveLength(2);
    expect(errors.filter((e) => e.startsWith('x: unknown payload version'))).toHaveLength(2);
  });

  it('refuses malformed topics and patterns, answers hasSubscribers true, and goes quiet when closed', async () => {
    const prefix = uniquePrefix('bus');
    const b = await bus(prefix);
    expect(() => b.publish('a..b', { n: 1 })).toThrow(RangeError);
    expect(() => b.subscribe('a.>.b', () => undefined)).toThrow(RangeError);
    expect(b.hasSubscribers('nobody.listens')).toBe(true);
    await b.close();
    expect(b.hasSubscribers('a')).toBe(false);
    expect(() => b.publish('a', { n: 1 })).not.toThrow();
  });

  it('close drains: what was published before it reaches the subscriber', async () => {
    const prefix = uniquePrefix('bus');
    const sub = await bus(prefix);
    const seen: number[] = [];
    sub.subscribe('d', (e) => seen.push(e.n));
    await sub.flush();
    const pub = await createNatsBus<Ev>({ servers, prefix });
    for (let n = 0; n < 100; n++) pub.publish('d', { n });
    await pub.close();
    await until(() => seen.length, 100);
    expect(seen).toEqual([...Array(100).keys()]);
  });

  it('delivers 10,000 events from one publisher in publish order, to each subscription', async () => {
    const prefix = uniquePrefix('bus');
    const sub = await bus(prefix);
    const pub = await bus(prefix);
    const exact: number[] = [];
    const wild: number[] = [];
    sub.subscribe('spot.BTCUSDT.trade', (e) => exact.push(e.n));
    sub.subscribe('spot.>', (e) => wild.push(e.n));
    await sub.flush();
    const N = 10_000;
    for (let n = 0; n < N; n++) pub.publish('spot.BTCUSDT.trade', { n, amount: BigInt(n) * 100_000_000n });
    await pub.flush();
    await until(() => Math.min(exact.length, wild.length), N);
    const expected = [...Array(N).keys()];
    expect(exact).toEqual(expected);
    expect(wild).toEqual(expected);
  });
});
