// The spot desk's conditional orders over a real store: a stop-limit, a trailing stop and an OCO survive a restart
// (with a trailing order's best price), fire once on the last trade price in the command that printed it, and
// leave the ledger verified; the order row stays one row from waiting to working to closed.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { orderView } from '../../../server/desks/views.ts';
import { heldCommits, openWorld, U1, U2, U3, value, type World } from './world.ts';

describeDialects('spot desk conditional orders', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.credit(U1, 'BTC', '2');
    await w.credit(U2, 'USDT', '1000000');
    await w.credit(U3, 'BTC', '10');
    await w.credit(U3, 'USDT', '1000000');
  });
  afterEach(async () => w.dispose());

  const limit = (user: number, side: 'buy' | 'sell', price: string, qty: string) =>
    w.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty });
  /** U3 trades with U2 at `price`: the market's last price becomes `price`. */
  const print = async (price: string) => {
    value(await limit(U3, 'sell', price, '0.001'));
    value(await limit(U2, 'buy', price, '0.001'));
  };

  it('keeps a stop-limit waiting across a restart and fires it once, placing the same order id', async () => {
    await print('60000');
    const stop = value(await w.desks.spot.place({ type: 'conditional', user: U1, symbol: 'BTCUSDT', side: 'sell', condition: 'stop_loss', kind: 'limit', stopPrice: '59000', price: '58900', qty: '0.5' }));
    expect(stop.order).toMatchObject({ status: 'new', working: false, workingTime: null, trigger: { condition: 'stop_loss', stopPrice: '59000', trailingDelta: null } });
    expect(value(await w.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'BTC', available: '1.5', frozen: '0.5' }]);
    expect(value(await w.desks.spot.openOrders(U1)).map((o) => o.orderId)).toEqual([stop.order.orderId]);
    await w.check();
    await w.restart();
    await w.check();
    await print('59500');
    expect(value(await w.desks.spot.openOrders(U1))[0]).toMatchObject({ working: false });
    value(await limit(U2, 'buy', '58900', '1'));
    await print('59000'); // fires: sells 0.5 into the 58 900 bid
    const after = await w.store.spot.find(stop.order.orderId);
    expect(after).toMatchObject({ status: 'filled', kind: 'limit', condition: 'stop_loss' });
    expect(after?.triggeredAt).not.toBeNull();
    expect((await w.store.spot.orderEvents(stop.order.orderId)).map((e) => e.type)).toEqual(['triggered', 'trade', 'closed']);
    expect(value(await w.desks.spot.balances(U1))).toEqual([
      { wallet: 'coin', asset: 'BTC', available: '1.5', frozen: '0' },
      { wallet: 'coin', asset: 'USDT', available: '29420.55', frozen: '0' },
    ]);
    await w.restart();
    await print('58000');
    expect((await w.store.spot.orderEvents(stop.order.orderId)).map((e) => e.type)).toEqual(['triggered', 'trade', 'closed']); // once
    await w.check();
  });

  it("restores a trailing order's best price after a restart and fires on the delta from it", async () => {
    await print('60000');
    const trail = value(await w.desks.spot.place({ type: 'conditional', user: U1, symbol: 'BTCUSDT', side: 'sell', condition: 'stop_loss', kind: 'market', trailingDelta: 100, qty: '0.1' }));
    expect(trail.order.trigger).toMatchObject({ trailingDelta: 100, stopPrice: null, trailPrice: '60000' });
    await print('61000');
    expect((await w.store.spot.find(trail.order.orderId))?.trailPrice).toBe(6_100_000_000_000n);
    await w.restart();
    value(await limit(U2, 'buy', '60000', '1'));
    await print('60400'); // 0.98 % under 61 000: not yet
    expect((await w.store.spot.find(trail.order.orderId))?.triggeredAt).toBeNull();
    await print('60390'); // 61 000 × 0.99: fires, a market sell bounded by the band
    expect(await w.store.spot.find(trail.order.orderId)).toMatchObject({ status: 'filled', filledQty: 10_000_000n });
    await w.check();
  });

  it('pairs an OCO again after a restart: a fired stop leg cancels the limit leg, the list is all done', async () => {
    await print('60000');
    const oco = value(
      await w.desks.spot.placeOco({
        user: U1, symbol: 'BTCUSDT', side: 'sell', qty: '1', clientListId: 'list-1',
        above: { type: 'limit_maker', price: '62000' },
        below: { type: 'conditional', condition: 'stop_loss', kind: 'limit', stopPrice: '59000', price: '58000' },
      }),
    );
    expect(oco.list).toMatchObject({ status: 'executing', clientListId: 'list-1' });
    expect(value(await w.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'BTC', available: '1', frozen: '1' }]);
    const again = value(await w.desks.spot.placeOco({ user: U1, symbol: 'BTCUSDT', side: 'sell', qty: '1', clientListId: 'list-1', above: { type: 'limit_maker', price: '63000' }, below: { type: 'conditional', condition: 'stop_loss', kind: 'market', stopPrice: '50000' } }));
    expect(again).toMatchObject({ duplicate: true, list: { orderListId: oco.list.orderListId } });
    await w.restart();
    await w.check();
    value(await limit(U2, 'buy', '58000', '2'));
    await print('59000');
    const [limitLeg, stopLeg] = await w.store.spot.ordersOfList(oco.list.orderListId);
    expect(limitLeg).toMatchObject({ status: 'canceled' });
    expect(stopLeg).toMatchObject({ status: 'filled' });
    expect(await w.store.spot.findList(oco.list.orderListId)).toMatchObject({ status: 'all_done' });
    expect(w.events.filter((e) => e.event.type === 'orderList').map((e) => (e.event as { list: { status: string } }).list.status)).toEqual(['executing', 'all_done']);
    await w.restart();
    const dup = value(await w.desks.spot.placeOco({ user: U1, symbol: 'BTCUSDT', side: 'sell', qty: '1', clientListId: 'list-1', above: { type: 'limit_maker', price: '63000' }, below: { type: 'conditional', condition: 'stop_loss', kind: 'market', stopPrice: '50000' } }));
    expect(dup).toMatchObject({ duplicate: true, list: { status: 'all_done' } });
    await w.check();
  });

  it('answers a repeated list client id with the list a fill ended in a batch still being committed, legs as they ended', async () => {
    const { store, gate } = heldCommits(w.store);
    await w.restart({ store });
    await print('60000');
    const req = {
      user: U1, symbol: 'BTCUSDT', side: 'sell' as const, qty: '1', clientListId: 'list-2',
      above: { type: 'limit_maker' as const, price: '62000' },
      below: { type: 'conditional' as const, condition: 'stop_loss' as const, kind: 'market' as const, stopPrice: '59000' },
    };
    const oco = value(await w.desks.spot.placeOco(req));
    // U2 takes the limit leg (the list ends, its stop leg cancelled with it); the repeat's look-up hands that batch to
    // the store, which holds it: the repeat applies with the legs neither open, nor in its batch, nor in the store.
    gate.held = true;
    const fill = limit(U2, 'buy', '62000', '1');
    const again = w.desks.spot.placeOco(req);
    await new Promise((go) => setTimeout(go, 50));
    gate.release();
    value(await fill);
    const dup = value(await again);
    expect(w.desks.spot.stopped).toBe(false);
    expect(dup.duplicate).toBe(true);
    expect(dup.list).toMatchObject({ orderListId: oco.list.orderListId, status: 'all_done' });
    const legs = await w.store.spot.ordersOfList(oco.list.orderListId);
    expect(legs.map((o) => o.status)).toEqual(['filled', 'canceled']);
    expect(dup.orders).toEqual(legs.map(orderView));
    // Nothing new was placed; the store answers the same once it has the list's end.
    expect(value(await w.desks.spot.placeOco(req))).toEqual(dup);
    expect((await w.store.spot.listOrders({ user: U1 }, 0, 10)).total).toBe(2);
    await w.check();
  });

  it('refuses what would fire at once, with its code, and changes nothing', async () => {
    await print('60000');
    const r = await w.desks.spot.place({ type: 'conditional', user: U1, symbol: 'BTCUSDT', side: 'sell', condition: 'stop_loss', kind: 'limit', stopPrice: '60000', price: '59000', qty: '0.5' });
    expect(r).toEqual({ ok: false, code: 'order.stop.would.trigger' });
    const o = await w.desks.spot.placeOco({ user: U1, symbol: 'BTCUSDT', side: 'sell', qty: '1', above: { type: 'limit_maker', price: '59000' }, below: { type: 'conditional', condition: 'stop_loss', kind: 'market', stopPrice: '58000' } });
    expect(o).toEqual({ ok: false, code: 'order.oco.prices.invalid' });
    expect(value(await w.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'BTC', available: '2', frozen: '0' }]);
    await w.check();
  });
});
