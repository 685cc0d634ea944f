// Repeated client ids told from memory and a filter of stored ids (server/desks/client-ids.ts): a new id costs no
// store look-up and does not cut the desk's batch short; an id the store holds (after its order left memory, or
// after a restart) still answers the first order or list.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientIdFilter } from '../../../server/desks/client-ids.ts';
import { E8 } from '../../../server/kernel/index.ts';
import type { Store } from '../../../server/store/index.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from './world.ts';

describe('client id filter', () => {
  it('never forgets a key, grows past its capacity, and says maybe for about 1 % of keys never added', () => {
    const filter = new ClientIdFilter();
    const added = 300_000; // past the first layer (65,536) and its successor (262,144)
    for (let i = 0; i < added; i++) filter.add(`${10_000_000 + (i % 977)}:x-${i}`);
    // Distinct ids counted once: only the ~1 % a filter already said maybe to are not counted again.
    expect(filter.size).toBeLessThanOrEqual(added);
    expect(filter.size).toBeGreaterThan(added * 0.97);
    for (let i = 0; i < 1_000; i++) filter.add(`${10_000_000 + (i % 977)}:x-${i}`); // repeats: a commit of orders already known
    expect(filter.size).toBeLessThanOrEqual(added);
    for (let i = 0; i < added; i++) expect(filter.mayHave(`${10_000_000 + (i % 977)}:x-${i}`)).toBe(true);
    let maybe = 0;
    const asked = 100_000;
    for (let i = 0; i < asked; i++) if (filter.mayHave(`${10_000_000 + (i % 977)}:y-${i}`)) maybe++;
    // Three layers, each at most full: under 3 × 1 %; a filter that said maybe to everything would fail here.
    expect(maybe / asked).toBeLessThan(0.03);
    expect(new ClientIdFilter(0).mayHave('1:a')).toBe(false);
  });

  it('sized for what the store holds, keeps about 1 % false positives', () => {
    const filter = new ClientIdFilter(200_000);
    for (let i = 0; i < 200_000; i++) filter.add(`7:${i}`);
    let maybe = 0;
    for (let i = 0; i < 100_000; i++) if (filter.mayHave(`8:${i}`)) maybe++;
    expect(maybe / 100_000).toBeLessThan(0.015);
  });
});

const usdt = (n: number) => BigInt(n) * E8;

/** The store with its client id look-ups counted. */
function counted(store: Store) {
  const calls = { spot: 0, lists: 0, perp: 0 };
  const spot: Store['spot'] = {
    ...store.spot,
    findByClientId: (user, id) => (calls.spot++, store.spot.findByClientId(user, id)),
    findListByClientId: (user, id) => (calls.lists++, store.spot.findListByClientId(user, id)),
  };
  const perp: Store['perp'] = { ...store.perp, findByClientId: (user, id) => (calls.perp++, store.perp.findByClientId(user, id)) };
  return { store: { ...store, spot, perp } as Store, calls };
}

describeDialects('client ids without store look-ups', (dialect) => {
  let w: World;
  let calls: ReturnType<typeof counted>['calls'];
  const restart = async () => {
    const c = counted(w.store);
    calls = c.calls;
    await w.restart({ store: c.store });
  };
  beforeEach(async () => {
    w = await openWorld(dialect);
    await restart();
    await w.credit(U1, 'BTC', '10');
    await w.credit(U2, 'USDT', '1000000');
  });
  afterEach(async () => w.dispose());

  const limit = (user: number, side: 'buy' | 'sell', price: string, qty: string, clientOrderId?: string) =>
    w.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty, ...(clientOrderId === undefined ? {} : { clientOrderId }) });

  it('spot: new client ids share a batch and ask the store nothing; ids of orders gone from memory still answer the first', async () => {
    const commits = w.desks.spot.commits;
    const placed = await Promise.all([...Array(40).keys()].map((i) => limit(U2, 'buy', '40000', '0.01', `new-${i}`)));
    expect(placed.every((r) => r.ok && !r.value.duplicate)).toBe(true);
    expect(calls.spot).toBe(0);
    // Before the filter each new id's look-up committed what was applied before it: about one commit per order.
    expect(w.desks.spot.commits - commits).toBeLessThanOrEqual(2);

    // A sell that fills at once leaves memory when its batch commits; its id is then the store's to answer.
    const filled = value(await limit(U1, 'sell', '40000', '0.01', 'gone-1'));
    expect(filled.order.status).toBe('filled');
    const again = value(await limit(U1, 'sell', '39000', '0.5', 'gone-1'));
    expect(again).toMatchObject({ duplicate: true, order: { orderId: filled.order.orderId, status: 'filled' } });
    expect(calls.spot).toBe(1);

    // After a restart the filter is filled from the store.
    await restart();
    expect(value(await limit(U1, 'sell', '39000', '0.5', 'gone-1'))).toMatchObject({ duplicate: true, order: { orderId: filled.order.orderId } });
    expect(value(await limit(U2, 'buy', '40000', '0.01', 'new-7'))).toMatchObject({ duplicate: true, order: { orderId: placed[7]!.ok ? placed[7]!.value.order.orderId : -1 } });
    expect(value(await limit(U2, 'buy', '40000', '0.01', 'fresh-1')).duplicate).toBe(false);
    expect(calls.spot).toBeGreaterThanOrEqual(1); // the filled order's repeat (new-7 rests: memory answers it)
    expect(calls.spot).toBeLessThanOrEqual(2); // and the new id only on a false positive
    await w.check();
  });

  it('spot: 50 identical requests with one new client id in a race place one order and answer it 50 times', async () => {
    const replies = await Promise.all([...Array(50).keys()].map(() => limit(U2, 'buy', '40000', '0.01', 'race-1')));
    const views = replies.map((r) => value(r));
    expect(views.filter((v) => !v.duplicate)).toHaveLength(1);
    expect(new Set(views.map((v) => v.order.orderId)).size).toBe(1);
    expect((await w.store.spot.listOrders({ user: U2 }, 0, 100)).total).toBe(1);
    expect(calls.spot).toBe(0);
    // Another user's id of the same text is that user's own.
    expect(value(await limit(U1, 'sell', '45000', '0.01', 'race-1')).duplicate).toBe(false);
    await w.check();
  });

  it('spot: an OCO list id of a list that ended answers that list from the store', async () => {
    const oco = (clientListId: string) =>
      w.desks.spot.placeOco({
        user: U1, symbol: 'BTCUSDT', side: 'sell', qty: '1', clientListId,
        above: { type: 'limit_maker', price: '62000' },
        below: { type: 'conditional', condition: 'stop_loss', kind: 'limit', stopPrice: '59000', price: '58000' },
      });
    value(await limit(U2, 'buy', '60000', '0.01')); // a last price between the legs
    value(await limit(U1, 'sell', '60000', '0.01'));
    const first = value(await oco('list-1'));
    expect(calls.lists).toBe(0);
    value(await w.desks.spot.cancel({ user: U1, orderId: first.orders[0]!.orderId })); // ends the list
    await w.desks.spot.openOrders(U1); // its commit is done: the list left memory
    const again = value(await oco('list-1'));
    expect(again).toMatchObject({ duplicate: true, list: { orderListId: first.list.orderListId } });
    expect(calls.lists).toBe(1);
    await w.check();
  });

  it('perpetuals: new client ids ask the store nothing; a filled order\'s id answers it after it left memory and after a restart', async () => {
    for (const u of [U1, U2]) {
      await w.credit(u, 'USDT', '10000');
      value(await w.desks.transfers.transfer({ user: u, asset: 'USDT', amount: '5000', from: 'coin', to: 'contract' }));
    }
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
    const place = (user: number, side: 'buy' | 'sell', clientOrderId: string) =>
      w.desks.perp.place({ user, symbol: 'BTCUSDT', side, type: 'limit', price: '50000', qty: '0.01', clientOrderId });
    const rests = await Promise.all([...Array(10).keys()].map((i) => place(U2, 'sell', `ask-${i}`)));
    expect(rests.every((r) => r.ok && !r.value.duplicate)).toBe(true);
    const take = value(await place(U1, 'buy', 'take-1'));
    expect(take.order.status).toBe('filled');
    expect(calls.perp).toBe(0);
    const again = value(await place(U1, 'buy', 'take-1'));
    expect(again).toMatchObject({ duplicate: true, order: { id: take.order.id } });
    expect(calls.perp).toBe(1);
    await restart();
    expect(value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.01', clientOrderId: 'take-1' }))).toMatchObject({
      duplicate: true,
      order: { id: take.order.id },
    });
    await w.check();
  });
});
