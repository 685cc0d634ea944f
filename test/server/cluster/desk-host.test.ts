// The desk host and a gateway's client in one process (issue 26), on PostgreSQL and the machine's NATS: calls go
// through the JetStream log and come back answered once durable; reads are asked of the host; anything not in the
// desk's lists, or malformed, is refused without stopping it; a host started again resumes after the stored seq and
// applies only what came after; a command that would be applied outside the sequence stops the reader.
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createCommandLog, type CommandLog } from '../../../server/bus/index.ts';
import { connectDesks, remoteDesk, type DeskClient } from '../../../server/cluster/desk-client.ts';
import { hostDesk, type DeskHost } from '../../../server/cluster/desk-host.ts';
import { askable, PERP_DESK, SPOT_DESK } from '../../../server/cluster/desks.ts';
import { positionAfter, resumeAt } from '../../../server/cluster/protocol.ts';
import type { Reply } from '../../../server/desks/index.ts';
import type { PlaceResult } from '../../../server/desks/spot/commands.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { PG_SKIP_REASON, PG_URL } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from '../desks/world.ts';

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

cluster('a desk hosted on its command log', (servers) => {
  let w: World;
  let log: CommandLog;
  let client: DeskClient;
  let host: DeskHost | null = null;
  let prefix: string;

  const start = (desk = w.desks.spot) =>
    hostDesk({ name: 'coin', desk, commands: SPOT_DESK.commands, queries: askable(SPOT_DESK), log, store: w.store, prefix });
  const order = (user: number, side: 'buy' | 'sell', clientOrderId: string) => ({ type: 'limit' as const, user, symbol: 'BTCUSDT', side, price: '50000', qty: '0.01', clientOrderId });

  beforeEach(async () => {
    prefix = uniquePrefix('dh');
    w = await openWorld('postgres');
    await w.credit(U1, 'USDT', '100000');
    await w.credit(U2, 'BTC', '10');
    log = await createCommandLog({ servers, prefix });
    client = connectDesks({ log, prefix, timeoutMs: 5_000 });
    host = await start();
  });
  afterEach(async () => {
    await host?.stop();
    await client.close();
    await log.destroy();
    await w.dispose();
  });

  it('answers a logged call once durable, a read from the host, and refuses what is not in its lists', async () => {
    // The desk's own calls, typed as the local desk's.
    const remote = await remoteDesk(client, SPOT_DESK);
    const spot = remote.desk;
    // Mirrored reads answer at once, from the copy read when the face opened.
    expect(spot.markets()).toEqual(w.desks.spot.markets());
    expect(spot.quantMinimums()).toEqual(w.desks.spot.quantMinimums());
    expect(() => (spot.markets as (...a: unknown[]) => unknown)('x')).toThrow(/mirrored: it takes no arguments/);
    remote.close();
    const placedOrder = value(await spot.place(order(U1, 'buy', 'b-1'))).order;
    expect(await w.store.spot.find(placedOrder.orderId)).toMatchObject({ clientOrderId: 'b-1', user: U1 });
    expect(resumeAt(await w.store.leases.logPosition('coin')).seq).toBe(await log.lastSeq('coin', 'all'));
    const open = value(await spot.openOrders(U1));
    expect(open.map((o) => o.orderId)).toEqual([placedOrder.orderId]);
    // The same client order id again: the first order, nothing new.
    const again = value(await spot.place(order(U1, 'buy', 'b-1')));
    expect([again.duplicate, again.order.orderId]).toEqual([true, placedOrder.orderId]);
    await expect(client.query('coin', 'place', [order(U1, 'buy', 'b-2')])).rejects.toThrow(/no read place/);
    await expect(client.command('coin', 'depth', ['BTCUSDT'])).rejects.toThrow(/no command depth/);
    await expect(client.command('coin', 'checkInvariants', [])).rejects.toThrow(/no command checkInvariants/);
    // A malformed entry in the log is passed over, and the desk goes on; a malformed call is refused alone, the
    // calls beside it in its entry applied.
    await log.append('coin', 'all', 'junk-1', { m: 42, a: 'x' });
    await log.append('coin', 'all', 'junk-2', 'not a call');
    await log.append('coin', 'all', 'junk-3', { c: [] });
    await log.append('coin', 'all', 'junk-4', { c: [{ m: 'place', a: 'x', r: null, n: 0 }, 7, { m: 'place', a: [order(U1, 'buy', 'beside-junk')], r: null, n: 2 }] });
    await log.append('coin', 'all', 'junk-5', { c: [{ m: 'place', a: [order(U1, 'buy', 'bad-n')], r: 'x.y', n: -1 }] });
    const sold = value(await spot.place(order(U2, 'sell', 's-1')));
    expect(sold.fills.length).toBe(1);
    const clientIds = (await w.store.db.selectFrom('spot_orders').select('client_order_id').orderBy('id').execute()).map((r) => r.client_order_id);
    expect(clientIds).toEqual(['b-1', 'beside-junk', 's-1']);
    // A market's status through the log: applied after an await of its own, and safe to apply again.
    expect(value(await spot.setMarketStatus('BTCUSDT', { maintenance: true }))).toMatchObject({ maintenance: true });
    expect(value(await spot.setMarketStatus('BTCUSDT', { maintenance: false }))).toMatchObject({ maintenance: false });
    await w.check();
  });

  it('resumes after the stored seq when started again: applies what came after, nothing before', async () => {
    value((await client.command('coin', 'place', [order(U1, 'buy', 'r-1')])) as Reply<PlaceResult>);
    await host!.stop();
    host = null;
    const position = await w.store.leases.logPosition('coin');
    // Logged while no desk reads: nobody answers yet.
    const pending = [client.command('coin', 'place', [order(U1, 'buy', 'r-2')]), client.command('coin', 'place', [order(U2, 'sell', 'r-3')])];
    await new Promise((done) => setTimeout(done, 100));
    expect(client.waiting).toBe(2);
    host = await start();
    expect(host.resumedAfter).toBe(position);
    const [a, b] = (await Promise.all(pending)) as Array<Reply<PlaceResult>>;
    expect([value(a!).duplicate, value(b!).duplicate, value(b!).fills.length]).toEqual([false, false, 1]);
    const rows = await w.store.db.selectFrom('spot_orders').select('client_order_id').orderBy('id').execute();
    expect(rows.map((r) => r.client_order_id)).toEqual(['r-1', 'r-2', 'r-3']);
    expect(resumeAt(await w.store.leases.logPosition('coin')).seq).toBe(await log.lastSeq('coin', 'all'));
    await w.check();
  });

  it('resumes inside an entry: the calls of it already committed are skipped, the rest applied once', async () => {
    await host!.stop();
    host = null;
    // Three orders without client ids (nothing would catch a second application) in one entry, nobody reading.
    const noId = (user: number, side: 'buy' | 'sell') => ({ ...order(user, side, 'unused'), clientOrderId: undefined });
    const { seq } = await log.append('coin', 'all', 'three', { c: [noId(U1, 'buy'), noId(U1, 'buy'), noId(U2, 'sell')].map((a, n) => ({ m: 'place', a: [a], r: null, n })) });
    // The first call applied and committed with its position, as a commit that ended inside the entry leaves it.
    const first = w.desks.spot.logged(positionAfter(seq, 0), () => w.desks.spot.place(noId(U1, 'buy')));
    value(await first.value);
    expect(resumeAt(await w.store.leases.logPosition('coin'))).toEqual({ seq, done: 1 });
    host = await start();
    await host.caughtUp;
    await vi.waitFor(async () => expect(resumeAt(await w.store.leases.logPosition('coin'))).toEqual({ seq, done: 3 }), { timeout: 10_000 });
    const rows = await w.store.db.selectFrom('spot_orders').select(['user_id', 'side']).orderBy('id').execute();
    expect(rows.map((r) => `${r.user_id}:${r.side}`)).toEqual([`${U1}:buy`, `${U1}:buy`, `${U2}:sell`]);
    await w.check();
  });

  it('stops reading rather than apply a command outside the sequence', async () => {
    await host!.stop();
    // A desk whose "place" answers after an await of its own: its seq could not ride its batch.
    const spot = w.desks.spot;
    const sneaky = Object.create(spot, {
      place: { value: async (req: Parameters<typeof spot.place>[0]) => { await new Promise((done) => setTimeout(done, 1)); return spot.place(req); } },
    }) as typeof spot;
    host = await start(sneaky);
    void client.command('coin', 'place', [order(U1, 'buy', 'x-1')]).catch(() => undefined);
    await expect(host.done).rejects.toThrow(/outside its sequence/);
    host = null;
  });

  it('hosts the perpetuals the same way: the jobs’ marks and the users’ orders through the log, bigints exact', async () => {
    const perpHost = await hostDesk({ name: 'contract', desk: w.desks.perp, commands: PERP_DESK.commands, queries: askable(PERP_DESK), log, store: w.store, prefix });
    try {
      const remote = await remoteDesk(client, PERP_DESK);
      remote.close();
      const perp = remote.desk;
      expect(perp.markets().map((m) => m.symbol)).toEqual(w.desks.perp.markets().map((m) => m.symbol));
      await w.credit(U1, 'USDT', '10000', 'contract');
      await w.credit(U2, 'USDT', '10000', 'contract');
      const mark = 5_000_000_000_000n; // 50,000 USDT in minor units: a bigint across the wire
      value(await perp.mark({ symbol: 'BTCUSDT', mark, index: mark, fundingRate: null }));
      value(await perp.setLeverage({ user: U1, symbol: 'BTCUSDT', leverage: 10 }));
      const rest = value(await perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1', clientOrderId: 'ask-1' }));
      expect(rest.order.openQty).toBe(10_000_000n);
      const take = value(await perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.04' }));
      expect(take.order.status).toBe('filled');
      expect(await perp.positions(U1)).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', lots: 4_000, leverage: 10 })]);
      expect(resumeAt(await w.store.leases.logPosition('contract')).seq).toBe(await log.lastSeq('contract', 'all'));
      // The spot desk's position is its own.
      expect(await w.store.leases.logPosition('coin')).toBe(0);
      await w.check();
      await w.desks.perp.checkInvariants();
    } finally {
      await perpHost.stop();
    }
  });
});
