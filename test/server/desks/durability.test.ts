// Acknowledged means durable: answers come after the batch's commit, many commands share a commit, a failed commit
// stops the desk with nothing of its batch in the store, and a restart rebuilds books in time priority.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { createDesks, type DeskEvent, type LocalDesks } from '../../../server/desks/index.ts';
import type { DeskWrites } from '../../../server/store/desk-writes.ts';
import { createStore, type Store } from '../../../server/store/index.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, U3, value, type World } from './world.ts';

/** The store with its desk commits observed: which order ids each committed one wrote; optionally failing. */
function observed(store: Store) {
  const state = { transactions: 0, committedOrders: new Set<number>(), failNext: false };
  const commitDesk = (writes: DeskWrites, after?: Promise<boolean>): Promise<void> => {
    if (state.failNext) {
      // Fails inside the transaction (the database refuses an order event: its type is null in a NOT NULL column),
      // after the batch's journal and records are written, so all of them must be rolled back with it.
      const spot = writes.spot ?? { orders: [], trades: [], events: [] };
      const bad = { orderId: 0, type: null as unknown as string, status: 'new' as const, openQty: 0n, filledQty: 0n, code: null, time: 0 };
      return store.commitDesk({ ...writes, spot: { ...spot, events: [...spot.events, bad] } }, after).then(() => {
        throw new Error('the injected failure did not fail');
      }, () => {
        throw new Error('injected commit failure');
      });
    }
    return store.commitDesk(writes, after).then(() => {
      state.transactions++;
      for (const o of writes.spot?.orders ?? []) state.committedOrders.add(o.id);
    });
  };
  return { store: { ...store, commitDesk } as Store, state };
}

describeDialects('desk durability', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    for (const u of [U1, U2, U3]) {
      await w.credit(u, 'BTC', '10');
      await w.credit(u, 'USDT', '1000000');
    }
  });
  afterEach(async () => w.dispose());

  const sell = (desks: LocalDesks, user: number, price: string, qty: string) =>
    desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side: 'sell', price, qty });

  it('has an acknowledged order, trade and balance in the store for a desk rebuilt from scratch', async () => {
    value(await sell(w.desks, U1, '60000', '1'));
    const buy = value(await w.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.4' }));
    // A crash: the first desks are abandoned without closing; their lease runs out; a new process opens the store.
    w.clock.advance(31_000);
    const store = await createStore({ dataDir: w.t.target.dataDir, databaseUrl: w.t.target.databaseUrl, clock: w.clock.now });
    const fresh = await createDesks({ store, bus: createInProcessBus<DeskEvent>(), clock: w.clock.now });
    try {
      expect(value(await fresh.spot.depth('BTCUSDT', 5)).asks).toEqual([['60000', '0.6']]);
      expect(value(await fresh.spot.balances(U2))).toEqual([
        { wallet: 'coin', asset: 'BTC', available: '10.3996', frozen: '0' },
        { wallet: 'coin', asset: 'USDT', available: '976000', frozen: '0' },
      ]);
      expect((await store.spot.orderTrades(buy.order.orderId)).map((t) => t.tradeNo)).toEqual([1]);
      // Numbering carries on where the store left off.
      const next = value(await sell(fresh, U3, '61000', '0.1'));
      expect(next.order.orderId).toBe(buy.order.orderId + 1);
      await fresh.spot.checkInvariants();
    } finally {
      await fresh.close();
      await store.close();
    }
  });

  it('commits many concurrent commands in fewer transactions, answering each after its own batch committed', async () => {
    const { store, state } = observed(w.store);
    await w.desks.close();
    w.desks = await createDesks({ store, bus: w.bus, clock: w.clock.now });
    const answeredAfterCommit: boolean[] = [];
    const replies = Array.from({ length: 60 }, (_, i) =>
      w.desks.spot
        .place({ type: 'limit', user: [U1, U2, U3][i % 3]!, symbol: 'BTCUSDT', side: i % 2 ? 'buy' : 'sell', price: String(60000 + (i % 7) - 3), qty: '0.01' })
        .then((r) => {
          answeredAfterCommit.push(state.committedOrders.has(value(r).order.orderId));
          return r;
        }),
    );
    // Some arrive while the first batch is committing.
    await new Promise((r) => setTimeout(r, 0));
    replies.push(...[1, 2, 3].map(() => sell(w.desks, U1, '70000', '0.01')));
    await Promise.all(replies);
    expect(answeredAfterCommit).toHaveLength(60);
    expect(answeredAfterCommit.every(Boolean)).toBe(true);
    expect(state.transactions).toBeGreaterThanOrEqual(1);
    expect(state.transactions).toBeLessThan(10);
    expect(w.desks.spot.commits).toBe(state.transactions);
    await w.check();
  });

  it('stops on a failed commit: nothing of the batch is stored, every later command is refused, a restart recovers', async () => {
    const { store, state } = observed(w.store);
    await w.desks.close();
    const stops: string[] = [];
    w.desks = await createDesks({ store, bus: w.bus, clock: w.clock.now, onStop: (wallet) => stops.push(wallet) });
    const kept = value(await sell(w.desks, U1, '60000', '1'));
    const before = await w.store.ledger.lastSeq('coin');
    w.events.length = 0;
    state.failNext = true;
    const failed = w.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.5' });
    await expect(failed).rejects.toMatchObject({ name: 'DeskUnavailableError', code: 'desk.stopped' });
    state.failNext = false;
    expect(stops).toEqual(['coin']);
    expect(w.desks.spot.stopped).toBe(true);
    await expect(sell(w.desks, U3, '1', '1')).rejects.toThrow(/coin desk stopped \(injected commit failure\); restart/);
    await expect(w.desks.spot.cancel({ user: U1, orderId: kept.order.orderId })).rejects.toMatchObject({ code: 'desk.stopped' });
    expect(w.events).toEqual([]);
    expect(await w.store.ledger.lastSeq('coin')).toBe(before);
    expect(await w.store.spot.listOrders({ user: U2 }, 0, 10)).toEqual({ rows: [], total: 0 });
    // The other wallets' desks are unaffected.
    value(await w.desks.contract.adjust({ user: U2, asset: 'USDT', amount: '1', action: 'credit', memo: 'still up' }));
    await w.check();
    await w.restart();
    expect(value(await w.desks.spot.depth('BTCUSDT', 5)).asks).toEqual([['60000', '1']]);
    expect(value(await w.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.5' })).order.status).toBe('filled');
    await w.check();
  });

  it('restores resting orders in time priority, including orders that lost or kept it when amended', async () => {
    const a = value(await sell(w.desks, U1, '60000', '0.3'));
    const b = value(await sell(w.desks, U2, '60000', '0.1'));
    const c = value(await sell(w.desks, U3, '60000', '0.1'));
    value(await w.desks.spot.replace({ user: U1, orderId: a.order.orderId, price: '60000', qty: '0.1' })); // keeps its place
    value(await w.desks.spot.replace({ user: U2, orderId: b.order.orderId, price: '60001', qty: '0.1' }));
    value(await w.desks.spot.replace({ user: U2, orderId: b.order.orderId, price: '60000', qty: '0.1' })); // now last
    await w.restart();
    const buyer = 10_000_009;
    await w.credit(buyer, 'USDT', '100000');
    const fills = value(await w.desks.spot.place({ type: 'limit', user: buyer, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.25' }));
    const makers = (await w.store.spot.orderTrades(fills.order.orderId)).map((t) => t.makerOrder);
    expect(makers).toEqual([a.order.orderId, c.order.orderId, b.order.orderId]);
    expect(value(await w.desks.spot.openOrders(U2))).toMatchObject([{ orderId: b.order.orderId, openQty: '0.05' }]);
    await w.check();
  });
});
