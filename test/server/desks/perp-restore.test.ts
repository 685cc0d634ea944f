// What the perp desk answers and charges does not depend on a restart or on what else its batch held: a resting
// order (and one a conditional order places) pays the fee rates it was placed with after a rebuild, whatever its
// user's rates are by then; a row stored before the rates were (migration 0035) takes its user's current ones; and a
// cancel-all answers the orders it cancelled, by id, never another user's cancelled in the same batch.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { FeeRates } from '../../../server/kernel/index.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from './world.ts';

const E8 = 100_000_000n;
const usdt = (n: number) => BigInt(n) * E8;
/** Spot rates (a user's fee level's, put in force with w.setFeeRates); the contract desk charges a fifth of the maker and half the taker rate. */
const DEFAULT: FeeRates = { makerPpm: 1_000, takerPpm: 1_000 };

describeDialects('perp desk restore', (dialect) => {
  let w: World;

  const open = async () => {
    w = await openWorld(dialect);
    for (const u of [U1, U2]) await w.credit(u, 'USDT', '100000', 'contract');
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
  };
  afterEach(async () => w.dispose());

  it('charges a resting order the rates it was placed with after a restart, whatever its user’s rates are by then', async () => {
    await open();
    await w.setFeeRates(new Map([[U1, { makerPpm: 0, takerPpm: 1_000 }]])); // contract: 0 maker, 0.05 % taker
    const rest = value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.01' }));
    expect(rest.order).toMatchObject({ status: 'new', makerPpm: 0, takerPpm: 500 });
    expect(await w.store.perp.order(U1, rest.order.id)).toMatchObject({ makerPpm: 0, takerPpm: 500 });
    // The user's level drops before the restart: the order was placed at the old one.
    await w.setFeeRates(new Map([[U1, DEFAULT]]));
    await w.restart();
    expect((await w.desks.perp.openOrders(U1)).map((o) => [o.id, o.makerPpm, o.takerPpm])).toEqual([[rest.order.id, 0, 500]]);
    const take = value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.01' }));
    expect(take.fills.map((f) => [f.maker, f.fee])).toEqual([[false, '0.25']]);
    expect((await w.store.perp.order(U1, rest.order.id))?.fee).toBe(0n);
    await w.check();
    await w.desks.perp.checkInvariants();
  });

  it('takes the user’s current rates for a resting order stored without any (before migration 0035)', async () => {
    await open();
    await w.setFeeRates(new Map([[U1, { makerPpm: 0, takerPpm: 1_000 }]]));
    const rest = value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.01' }));
    await sql`update perp_orders set maker_ppm = null, taker_ppm = null where id = ${rest.order.id}`.execute(w.store.db);
    await w.setFeeRates(new Map([[U1, { makerPpm: 500, takerPpm: 1_000 }]])); // contract: 0.01 % maker
    await w.restart();
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.01' }));
    // 500 × 0.01 % = 0.05
    expect((await w.store.perp.order(U1, rest.order.id))?.fee).toBe(5_000_000n);
  });

  it('gives the order a conditional one places that one’s rates, a restart in between included', async () => {
    await open();
    await w.setFeeRates(new Map([[U1, { makerPpm: 0, takerPpm: 1_000 }]]));
    const stop = value(await w.desks.perp.placeConditional({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'stop', triggerPrice: '50500', price: '50400', qty: '0.01' }));
    expect(stop).toMatchObject({ makerPpm: 0, takerPpm: 500 });
    await w.setFeeRates(new Map([[U1, DEFAULT]]));
    await w.restart();
    // The mark reaches the trigger: a buy at 50,400 rests (nothing to sell it), then trades as the maker.
    value(await w.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_500), index: usdt(50_500), fundingRate: null }));
    const [placed] = await w.desks.perp.openOrders(U1);
    expect(placed).toMatchObject({ origin: 'trigger', price: usdt(50_400), makerPpm: 0, takerPpm: 500 });
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50400', qty: '0.01' }));
    expect(await w.store.perp.order(U1, placed!.id)).toMatchObject({ status: 'filled', fee: 0n, makerPpm: 0, takerPpm: 500 });
    await w.check();
    await w.desks.perp.checkInvariants();
  });

  it('keeps each market’s last trade price over a restart: the mark job reads it, last-price conditionals check against it', async () => {
    await open();
    value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50100', qty: '0.01' }));
    value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50100', qty: '0.01' }));
    expect(value(await w.desks.perp.appliedBook('BTCUSDT', 5)).last).toBe(usdt(50_100));
    await w.restart();
    expect(value(await w.desks.perp.appliedBook('BTCUSDT', 5)).last).toBe(usdt(50_100));
    expect(value(await w.desks.perp.appliedBook('ETHUSDT', 5)).last).toBeNull();
    // A buy stop on the last price at 50,050 would fire at once (the mark, 50,000, is below it).
    const stop = { user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'stop_market', triggerPrice: '50050', qty: '0.01', workingType: 'last' } as const;
    expect(await w.desks.perp.placeConditional(stop)).toEqual({ ok: false, code: 'perp.order.would.trigger' });
    value(await w.desks.perp.placeConditional({ ...stop, triggerPrice: '50200' }));
  });

  it('answers a cancel-all with the orders it cancelled, by id, not the batch’s other cancellations', async () => {
    await open();
    value(await w.desks.perp.mark({ symbol: 'ETHUSDT', mark: usdt(2_000), index: usdt(2_000), fundingRate: null }));
    // U2 holds ETHUSDT settings first: the engine walks U2's markets ETHUSDT first, whose order has the larger id.
    value(await w.desks.perp.setLeverage({ user: U2, symbol: 'ETHUSDT', leverage: 10 }));
    const btc = value(await w.desks.perp.place({ user: U2, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '49800', qty: '0.01' }));
    const eth = value(await w.desks.perp.place({ user: U2, symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '1990', qty: '0.1' }));
    const stop = value(await w.desks.perp.placeConditional({ user: U2, symbol: 'BTCUSDT', side: 'sell', type: 'stop', triggerPrice: '49000', price: '48900', qty: '0.01' }));
    const other = value(await w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '49900', qty: '0.01' }));
    // Both in one tick: one batch.
    const [one, all] = await Promise.all([w.desks.perp.cancel({ user: U1, orderId: other.order.id }), w.desks.perp.cancelAll({ user: U2 })]);
    expect(value(one)).toMatchObject({ id: other.order.id, status: 'canceled' });
    expect(value(all).map((o) => [o.id, o.user, o.status])).toEqual([
      [btc.order.id, U2, 'canceled'],
      [eth.order.id, U2, 'canceled'],
      [stop.id, U2, 'canceled'],
    ]);
    // Nothing left to cancel: an empty answer, whatever else the batch cancels.
    const [, none] = await Promise.all([
      w.desks.perp.place({ user: U1, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '49900', qty: '0.01' }).then(async (r) => w.desks.perp.cancel({ user: U1, orderId: value(r).order.id })),
      w.desks.perp.cancelAll({ user: U2 }),
    ]);
    expect(value(none)).toEqual([]);
  });
});
