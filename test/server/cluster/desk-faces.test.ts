// Several desks hosted on their command logs and used only through their remote faces, as a gateway does (issue 26),
// on PostgreSQL and the machine's NATS: 50 identical orders at once (one client order id) place one order; a transfer
// between wallets is a command to its source desk, which relays the debit into the destination's log, and, repeated 50
// times at once with one client id, moves the money once; a relay lost in a crash is sent again by the recovery; an
// earn purchase repeated at once is bought once; a driver (the earn desk's accruals) is asked of the active process;
// the ledger balances after all of it.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createCommandLog, type CommandLog } from '../../../server/bus/index.ts';
import { connectDesks, remoteDesk, type DeskClient } from '../../../server/cluster/desk-client.ts';
import { hostDesk, logRelay, type DeskHost } from '../../../server/cluster/desk-host.ts';
import { askable, EARN_DESK, FIAT_DESK, SPOT_DESK } from '../../../server/cluster/desks.ts';
import { resumeAt } from '../../../server/cluster/protocol.ts';
import { runDue } from '../../../server/desks/earn/accrual.ts';
import { createTransfers } from '../../../server/desks/transfers.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { PG_SKIP_REASON, PG_URL } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from '../desks/world.ts';

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

cluster('desks used through their remote faces', (servers) => {
  let w: World;
  let log: CommandLog;
  let client: DeskClient;
  let hosts: DeskHost[] = [];
  let prefix: string;

  beforeEach(async () => {
    prefix = uniquePrefix('df');
    w = await openWorld('postgres');
    await w.credit(U1, 'USDT', '100000');
    await w.credit(U2, 'BTC', '10');
    log = await createCommandLog({ servers, prefix });
    client = connectDesks({ log, prefix, timeoutMs: 10_000 });
    const common = { log, store: w.store, prefix };
    hosts = [
      await hostDesk({ ...common, name: 'coin', desk: w.desks.spot, commands: SPOT_DESK.commands, queries: askable(SPOT_DESK) }),
      await hostDesk({ ...common, name: 'earn', desk: w.desks.earn, commands: EARN_DESK.commands, queries: askable(EARN_DESK) }),
      await hostDesk({ ...common, name: 'fiat', desk: w.desks.fiat, commands: FIAT_DESK.commands, queries: askable(FIAT_DESK) }),
    ];
  });
  afterEach(async () => {
    for (const h of hosts) await h.stop();
    hosts = [];
    await client.close();
    await log.destroy();
    await w.dispose();
  });

  it('applies 50 identical requests once, moves money between desks once, buys once, and the ledger balances', { timeout: 60_000 }, async () => {
    const spot = (await remoteDesk(client, SPOT_DESK)).desk;
    const earnFace = await remoteDesk(client, EARN_DESK);
    const earn = earnFace.desk;
    const fiat = (await remoteDesk(client, FIAT_DESK)).desk;

    // 50 copies of one order at once: one order, 49 answers naming it.
    const order = { type: 'limit' as const, user: U1, symbol: 'BTCUSDT', side: 'buy' as const, price: '50000', qty: '0.01', clientOrderId: 'same-50' };
    const answers = (await Promise.all(Array.from({ length: 50 }, () => spot.place(order)))).map(value);
    const ids = new Set(answers.map((a) => a.order.orderId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.duplicate !== true)).toHaveLength(1);
    expect(value(await spot.openOrders(U1))).toHaveLength(1);
    const usdt = (await spot.balances(U1));
    expect(value(usdt).find((b) => b.asset === 'USDT')).toMatchObject({ available: '99500', frozen: '500' });

    // A transfer between wallets: the debit a command to the coin desk, its credit the coin desk's relay into the earn
    // desk's log; 50 copies at once with one client id move it once, each answered credited.
    const transfers = createTransfers(w.store, { ...w.desks.byWallet, coin: spot, earn, fiat });
    const earnSeq = await log.lastSeq('earn', 'all');
    const moved = (await Promise.all(Array.from({ length: 50 }, () => transfers.transfer({ user: U1, asset: 'USDT', amount: '1000', from: 'coin', to: 'earn', clientId: 't-1' })))).map(value);
    expect(new Set(moved.map((t) => t.transferId)).size).toBe(1);
    expect(moved.every((t) => t.status === 'credited' && t.amount === '1000')).toBe(true);
    // The earn log holds the relay (one: the repeats' relays share its id) and the 50 asks.
    const entries: Array<{ m: string; r: unknown }> = [];
    const reader = await log.read('earn', 'all', earnSeq, (c) => {
      for (const call of (c.payload as { c: Array<{ m: string; r: unknown }> }).c) entries.push(call);
    });
    await reader.caughtUp;
    await reader.stop();
    expect(entries.filter((e) => e.m === 'creditTransfer')).toEqual([expect.objectContaining({ r: null })]);
    expect(entries.filter((e) => e.m === 'transferIn')).toHaveLength(50);
    value(await transfers.transfer({ user: U1, asset: 'USDT', amount: '250', from: 'coin', to: 'fiat', clientId: 't-2' }));
    expect(value(await earn.balances(U1)).find((b) => b.asset === 'USDT')?.available).toBe('1000');
    expect(value(await fiat.balances(U1)).find((b) => b.asset === 'USDT')?.available).toBe('250');
    expect(value(await spot.balances(U1)).find((b) => b.asset === 'USDT')).toMatchObject({ available: '98250', frozen: '500' });

    // A relay lost (the coin desk's process died between the debit's commit and its relay): the destination, asked,
    // answers the transfer debited and pays nothing; the recovery has the coin desk relay it again, through its log.
    w.desks.spot.relayTo(null);
    const lost = value(await transfers.transfer({ user: U1, asset: 'USDT', amount: '50', from: 'coin', to: 'fiat', clientId: 't-3' }));
    expect(lost.status).toBe('debited');
    expect(value(await fiat.balances(U1)).find((b) => b.asset === 'USDT')?.available).toBe('250');
    w.desks.spot.relayTo(logRelay(log));
    expect(await transfers.recover()).toBe(1);
    expect(value(await fiat.balances(U1)).find((b) => b.asset === 'USDT')?.available).toBe('300');
    expect(await w.store.transfers.pending()).toEqual([]);
    expect(await transfers.recover()).toBe(0);

    // An operator's product (once per request id), then 20 copies of one purchase at once: one order.
    const product = await earn.createProduct({ kind: 'wealth', name: 'USDT 30 days', asset: 'USDT', termDays: 30, rate: '0.05', minAmount: '10', maxAmount: '10000', quota: '1000000', requestId: 'req-product-0001' });
    if (!product.ok) throw new Error(product.code);
    value(await earn.fundTreasury({ asset: 'USDT', action: 'credit', amount: '100', memo: 'treasury for the test', requestId: 'req-treasury-0001' }));
    const bought = await Promise.all(Array.from({ length: 20 }, () => earn.purchase({ user: U1, kind: 'wealth', productId: product.value.id, amount: '400', clientId: 'buy-1' })));
    const orders = new Set(bought.map((b) => (b.ok ? b.value.order.id : b.code)));
    expect(orders.size).toBe(1);
    expect(value(await earn.orders({ user: U1, kind: 'wealth', status: 'all', pageIndex: 1, pageSize: 10 })).list).toHaveLength(1);
    expect(value(await earn.balances(U1)).find((b) => b.asset === 'USDT')).toMatchObject({ available: '600' });
    // An accrual run is payDue commands through the log (at least two, the second sent before the first's answer):
    // nothing is due yet at the log's time.
    const before = await log.lastSeq('earn', 'all');
    expect(await runDue(earn)).toMatchObject({ paid: 0, settled: 0 });
    expect(await log.lastSeq('earn', 'all')).toBeGreaterThan(before);
    earnFace.close();

    // Every command came through the logs: each desk's stored position is its log's last seq.
    for (const desk of ['coin', 'earn', 'fiat']) expect(resumeAt(await w.store.leases.logPosition(desk)).seq).toBe(await log.lastSeq(desk, 'all'));
    await w.check();
  });
});
