// A desk process builds a user's events only while a gateway watches the user (server/cluster/interest.ts): the
// record's rules on a clock of the test's; a gateway's bus telling the desks whom it watches as its subscriptions come
// and go; and, on PostgreSQL and the machine's NATS, a spot desk hosted on its log with a gateway's client: a watched
// user's order events arrive (the first one though the order goes in the same turn as the subscription), an unwatched
// user's are never built, a user stops being watched once no renewal comes, and a desk just started builds everyone's.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCommandLog, createInProcessBus, createNatsBus, type Bus, type CommandLog } from '../../../server/bus/index.ts';
import { connectDesks, remoteDesk, type DeskClient } from '../../../server/cluster/desk-client.ts';
import { hostDesk, type DeskHost } from '../../../server/cluster/desk-host.ts';
import { askable, SPOT_DESK } from '../../../server/cluster/desks.ts';
import { Interest, interestBus, parseWatch, topicUser, USERS_PER_WATCH, WATCH_METHOD, watchingBus } from '../../../server/cluster/interest.ts';
import type { DeskEvent } from '../../../server/desks/events.ts';
import { SpotDesk } from '../../../server/desks/spot/desk.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { openStore, PG_SKIP_REASON, PG_URL, type TestStore } from '../dialects.ts';

describe('which users a desk builds events for', () => {
  it('reads a user topic or pattern', () => {
    expect(topicUser('user.42.order')).toBe(42);
    expect(topicUser('user.42')).toBe(42);
    expect(topicUser('user.*.order')).toBe('all');
    expect(topicUser('user.>')).toBe('all');
    expect(topicUser('>')).toBe('all');
    expect(topicUser('*.1.order')).toBe('all');
    expect(topicUser('spot.BTCUSDT.trade')).toBeNull();
    expect(topicUser('spot.BTCUSDT.book')).toBeNull();
    // The internal market topic of every user's order steps, and the patterns that reach it.
    expect(topicUser('spot.BTCUSDT.order')).toBe('all');
    expect(topicUser('spot.*.order')).toBe('all');
    expect(topicUser('spot.BTCUSDT.>')).toBe('all');
    expect(topicUser('spot.>')).toBe('all');
    expect(topicUser('spot.*.trade')).toBeNull();
    expect(topicUser('perp.BTCUSDT.order')).toBeNull();
    expect(topicUser('spot.BTCUSDT.order.x')).toBeNull();
    expect(topicUser('user.0.order')).toBeNull();
    expect(topicUser('user.x.order')).toBeNull();
  });

  it('watches a user for its time to live, everyone during the grace, and nobody else', () => {
    let now = 1_000;
    const interest = new Interest({ now: () => now, graceMs: 500 });
    // Not serving yet: every user.
    expect(interest.wants(7)).toBe(true);
    interest.activate();
    expect(interest.wants(7)).toBe(true);
    now += 501;
    expect(interest.wants(7)).toBe(false);
    interest.watch([7, 8], 1_000);
    now += 1_000;
    expect([interest.wants(7), interest.wants(8), interest.wants(9), interest.watched]).toEqual([true, true, false, 2]);
    // A renewal of one only: the other lapses.
    interest.watch([8], 1_000);
    now += 1;
    expect([interest.wants(7), interest.wants(8), interest.watched]).toEqual([false, true, 1]);
    // A shorter word never cuts a longer one short.
    interest.watch([8], 10);
    now += 500;
    expect(interest.wants(8)).toBe(true);
    interest.watch('all', 100);
    expect(interest.wants(12345)).toBe(true);
    now += 101;
    expect(interest.wants(12345)).toBe(false);
  });

  it('lets go of users nobody renews, though nobody asks about them', () => {
    let now = 0;
    const interest = new Interest({ now: () => now, graceMs: 0 });
    interest.activate();
    interest.watch(Array.from({ length: 1_000 }, (_, i) => i + 1), 1_000);
    expect(interest.kept).toBe(1_000);
    now += 60_000;
    interest.watch([5_000], 1_000); // a later watch sweeps the lapsed ones
    expect(interest.kept).toBe(1);
  });

  it('keeps market topics as the bus says and user topics as the interest says', () => {
    const inner = createInProcessBus<DeskEvent>();
    const interest = new Interest({ graceMs: 0 });
    interest.activate();
    const bus = interestBus(inner, interest);
    inner.subscribe('user.5.order', () => undefined);
    inner.subscribe('spot.BTCUSDT.trade', () => undefined);
    expect(bus.hasSubscribers('spot.BTCUSDT.trade')).toBe(true);
    expect(bus.hasSubscribers('spot.ETHUSDT.trade')).toBe(false);
    expect(bus.hasSubscribers('user.5.order')).toBe(false);
    interest.watch([5], 60_000);
    expect(bus.hasSubscribers('user.5.order')).toBe(true);
    expect(bus.hasSubscribers('user.6.order')).toBe(false);
    // Every user's order steps on a market topic: built only while somebody watches everyone.
    inner.subscribe('spot.*.order', () => undefined);
    expect(bus.hasSubscribers('spot.BTCUSDT.order')).toBe(false);
    interest.watch('all', 60_000);
    expect(bus.hasSubscribers('spot.BTCUSDT.order')).toBe(true);
  });

  it('builds every user\'s order steps during a start\'s grace only', () => {
    let now = 0;
    const inner = createInProcessBus<DeskEvent>();
    inner.subscribe('>', () => undefined);
    const interest = new Interest({ now: () => now, graceMs: 100 });
    const bus = interestBus(inner, interest);
    interest.activate();
    expect(bus.hasSubscribers('spot.BTCUSDT.order')).toBe(true);
    now += 101;
    expect(bus.hasSubscribers('spot.BTCUSDT.order')).toBe(false);
    expect(bus.hasSubscribers('spot.BTCUSDT.trade')).toBe(true);
  });

  it("sends a user's first subscription at once, everyone it watches on each renewal, and forgets the last one gone", async () => {
    const sent: Array<readonly number[] | 'all'> = [];
    const bus = watchingBus(createInProcessBus<DeskEvent>(), (users) => sent.push(users), { renewMs: 20 });
    try {
      const a1 = bus.subscribe('user.1.order', () => undefined);
      const a2 = bus.subscribe('user.1.balance', () => undefined);
      const b = bus.subscribe('user.2.fill', () => undefined);
      const m = bus.subscribe('spot.BTCUSDT.trade', () => undefined);
      expect(sent).toEqual([[1], [2]]);
      expect(bus.watched).toBe(2);
      sent.length = 0;
      await new Promise((r) => setTimeout(r, 30));
      expect(sent[0]).toEqual([1, 2]);
      a1();
      a1(); // twice changes nothing
      expect(bus.watched).toBe(2);
      a2();
      b();
      m();
      expect(bus.watched).toBe(0);
      const all = bus.subscribe('user.*.order', () => undefined);
      expect(sent.at(-1)).toBe('all');
      all();
    } finally {
      await bus.close();
    }
  });

  it('reads a watch message, and nothing else as one', () => {
    expect(parseWatch({ m: WATCH_METHOD, a: [[1, 2], 15_000] })).toEqual({ users: [1, 2], ttlMs: 15_000 });
    expect(parseWatch({ m: WATCH_METHOD, a: ['all', 15_000] })).toEqual({ users: 'all', ttlMs: 15_000 });
    for (const bad of [null, 'x', { m: 'depth', a: [[1], 1] }, { m: WATCH_METHOD, a: [[0], 1] }, { m: WATCH_METHOD, a: [[1.5], 1] }, { m: WATCH_METHOD, a: [[1], -1] },
      { m: WATCH_METHOD, a: [[1]] }, { m: WATCH_METHOD, a: ['some', 1] }, { m: WATCH_METHOD, a: [Array(USERS_PER_WATCH + 1).fill(1), 1] }]) {
      expect(parseWatch(bad)).toBeNull();
    }
  });
});

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

cluster('a desk process building the events of the users gateways watch', (servers) => {
  const WATCHED = 30_000_101;
  const UNWATCHED = 30_000_102;
  const LATE = 30_000_103;
  let t: TestStore;
  let prefix: string;
  let log: CommandLog;
  let client: DeskClient;
  let deskEvents: Bus<DeskEvent>;
  let gatewayEvents: Bus<DeskEvent> & { flush(): Promise<void> };
  let raw: Bus<DeskEvent> & { flush(): Promise<void> };
  let desk: SpotDesk | null = null;
  let host: DeskHost | null = null;

  const start = async (graceMs: number) => {
    const interest = new Interest({ graceMs });
    desk = await SpotDesk.open({ store: t.store, bus: interestBus(deskEvents, interest), holder: `interest-${process.pid}`, leaseTtlMs: 60_000 });
    for (const user of [WATCHED, UNWATCHED, LATE]) {
      const r = await desk.adjust({ user, asset: 'USDT', amount: '100000', action: 'credit', memo: 'test' });
      expect(r.ok).toBe(true);
    }
    host = await hostDesk({ name: 'coin', desk, commands: SPOT_DESK.commands, queries: askable(SPOT_DESK), log, store: t.store, prefix, interest });
    return (await remoteDesk(client, SPOT_DESK)).desk;
  };
  const buy = (user: number, n: number) => ({ type: 'limit' as const, user, symbol: 'BTCUSDT', side: 'buy' as const, price: '50000', qty: '0.001', clientOrderId: `i-${user}-${n}` });
  /** Every event a plain NATS subscriber (no watching) sees on a user's order topic. */
  const heard = (user: number) => {
    const seen: DeskEvent[] = [];
    raw.subscribe(`user.${user}.order`, (e) => seen.push(e));
    return seen;
  };
  const settle = async () => {
    // Events go out after the commit that answered the order: a round trip on each connection lets them land.
    await desk?.openOrders(0);
    await raw.flush();
    await gatewayEvents.flush();
    await new Promise((r) => setTimeout(r, 200));
  };

  beforeEach(async () => {
    prefix = uniquePrefix('in');
    t = await openStore('postgres');
    log = await createCommandLog({ servers, prefix });
    client = connectDesks({ log, prefix, timeoutMs: 10_000 });
    deskEvents = await createNatsBus<DeskEvent>({ servers, prefix: `${prefix}.ev` });
    gatewayEvents = await createNatsBus<DeskEvent>({ servers, prefix: `${prefix}.ev` });
    raw = await createNatsBus<DeskEvent>({ servers, prefix: `${prefix}.ev` });
  });
  afterEach(async () => {
    await host?.stop();
    await desk?.close();
    host = null;
    desk = null;
    await client.close();
    for (const bus of [deskEvents, gatewayEvents, raw]) await bus.close();
    await log.destroy();
    await t.dispose();
  });

  it("builds a watched user's events, from the order sent in the subscription's turn, and no unwatched user's", async () => {
    const spot = await start(0);
    const gateway = watchingBus(gatewayEvents, (users, ttlMs) => client.watch(['coin'], users, ttlMs), { renewMs: 100, ttlMs: 1_000 });
    const watchedRaw = heard(WATCHED);
    const unwatchedRaw = heard(UNWATCHED);
    await raw.flush();
    const got: DeskEvent[] = [];
    gateway.subscribe(`user.${WATCHED}.order`, (e) => got.push(e));
    await gatewayEvents.flush();
    // The subscription's watch and this order leave on one connection in this order: the desk has the first first.
    const placed = spot.place(buy(WATCHED, 1));
    expect((await placed).ok).toBe(true);
    expect((await spot.place(buy(UNWATCHED, 1))).ok).toBe(true);
    await settle();
    expect(got.map((e) => e.type === 'order' && e.order.clientOrderId)).toEqual([`i-${WATCHED}-1`]);
    expect(watchedRaw).toHaveLength(1);
    expect(unwatchedRaw).toEqual([]);

    // Renewed while subscribed: still built well past one time to live.
    await new Promise((r) => setTimeout(r, 1_300));
    expect((await spot.place(buy(WATCHED, 2))).ok).toBe(true);
    await settle();
    expect(got).toHaveLength(2);

    // Nobody watches any more: built no longer once the time to live is over.
    gateway.stopWatching();
    await new Promise((r) => setTimeout(r, 1_200));
    expect((await spot.place(buy(WATCHED, 3))).ok).toBe(true);
    await settle();
    expect(watchedRaw).toHaveLength(2);
  });

  it('builds every user\'s events during the grace after it starts serving', async () => {
    const spot = await start(60_000);
    const lateRaw = heard(LATE);
    await raw.flush();
    expect((await spot.place(buy(LATE, 1))).ok).toBe(true);
    await settle();
    expect(lateRaw).toHaveLength(1);
  });
});
