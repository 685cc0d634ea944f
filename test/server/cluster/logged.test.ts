// A desk call made as a command of the log (issue 26: Sequencer.logged): the batch that applies it commits its seq
// with its effects, a batch of refusals alone still commits the seq before answering, and the stored position never
// moves back. Both dialects.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from '../desks/world.ts';

describeDialects('a desk call logged with its command-log seq', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.credit(U1, 'USDT', '100000');
    await w.credit(U2, 'BTC', '10');
  });
  afterEach(async () => {
    await w.dispose();
  });

  const place = (user: number, side: 'buy' | 'sell', clientOrderId?: string) =>
    w.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price: '50000', qty: '0.01', ...(clientOrderId ? { clientOrderId } : {}) });

  it('commits the seq with the effects, in the same batch, and only moves forward', async () => {
    expect(await w.store.leases.logPosition('coin')).toBe(0);
    const a = w.desks.spot.logged(7, () => place(U1, 'buy'));
    const b = w.desks.spot.logged(9, () => place(U2, 'sell', 'b-1')); // a look-up first: a batch of its own
    expect([a.sequenced, b.sequenced]).toEqual([true, true]);
    value(await a.value);
    // Answered means durable: the seq is in the store with the order.
    expect(await w.store.leases.logPosition('coin')).toBeGreaterThanOrEqual(7);
    expect(value(await b.value).fills.length).toBe(1);
    expect(await w.store.leases.logPosition('coin')).toBe(9);
    // An unlogged call leaves the position alone; an older seq never moves it back.
    value(await place(U1, 'buy'));
    await w.store.transaction((repos) => repos.leases.advanceLog('coin', 3, 1));
    expect(await w.store.leases.logPosition('coin')).toBe(9);
    await w.check();
  });

  it('commits the seq of a refusal before answering it, though nothing else is written', async () => {
    const refused = w.desks.spot.logged(12, () => w.desks.spot.place({ type: 'limit', user: U1, symbol: 'BTCUSDT', side: 'buy', price: '50000', qty: '100' }));
    expect(refused.sequenced).toBe(true);
    expect(await refused.value).toEqual({ ok: false, code: 'funds.insufficient' });
    expect(await w.store.leases.logPosition('coin')).toBe(12);
    // A read, logged or not, writes nothing and needs no seq.
    value(await w.desks.spot.openOrders(U1));
    expect(await w.store.leases.logPosition('coin')).toBe(12);
  });
});
