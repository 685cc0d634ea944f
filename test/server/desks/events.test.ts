// What the spot desk publishes after each commit: order steps, trades and book levels per market (with a gapless
// seq a depth service can check against a snapshot), and orders, fills, balances and transfers per user.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createInProcessBus } from '../../../server/bus/index.ts';
import type { Bus } from '../../../server/bus/index.ts';
import type { DeskEvent } from '../../../server/desks/index.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from './world.ts';

type Of<T extends DeskEvent['type']> = Extract<DeskEvent, { type: T }>;

describeDialects('desk events', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.credit(U1, 'BTC', '1');
    await w.credit(U2, 'USDT', '100000');
    w.events.length = 0;
  });
  afterEach(async () => w.dispose());

  const on = <T extends DeskEvent['type']>(topic: string, type: T): Array<Of<T>> =>
    w.events.filter((e) => e.topic === topic && e.event.type === type).map((e) => e.event as Of<T>);
  const limit = (user: number, side: 'buy' | 'sell', price: string, qty: string) =>
    w.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty });

  it('builds no per-user or order-step event nobody listens to, and builds them once someone does', async () => {
    const inner = createInProcessBus<DeskEvent>({ onError: (e) => { throw e; } });
    const published: string[] = [];
    const bus: Bus<DeskEvent> = { ...inner, publish: (topic, event) => (published.push(topic), inner.publish(topic, event)) };
    const got: string[] = [];
    inner.subscribe(`user.${U1}.>`, (_e, topic) => got.push(topic));
    const desks = await w.restart({ bus });
    value(await desks.spot.place({ type: 'limit', user: U1, symbol: 'BTCUSDT', side: 'sell', price: '60000', qty: '0.1' }));
    value(await desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.04' }));
    // U1 is listened to: their order, fill and balance events are built; U2 and the order steps are not.
    expect(new Set(got)).toEqual(new Set([`user.${U1}.order`, `user.${U1}.fill`, `user.${U1}.balance`]));
    expect(published.filter((t) => t.startsWith(`user.${U2}.`) || t === 'spot.BTCUSDT.order')).toEqual([]);
    // The answer to the order's own placer still carries its fills.
    inner.subscribe(`user.${U2}.order`, (_e, topic) => got.push(topic));
    const second = value(await desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '60000', qty: '0.01' }));
    expect(second.fills.map((f) => f.qty)).toEqual(['0.01']);
    expect(got.filter((t) => t === `user.${U2}.order`)).toHaveLength(1);
    expect(published).toContain('spot.BTCUSDT.trade');
    await w.check();
  });

  it('publishes book levels with their new totals, trades, and order steps per market', async () => {
    await limit(U1, 'sell', '60000', '0.1');
    await limit(U1, 'sell', '60000', '0.2');
    await limit(U1, 'sell', '60010', '0.1');
    await limit(U2, 'buy', '60000', '0.25');
    expect(on('spot.BTCUSDT.book', 'book').map((b) => [b.seq, b.bids, b.asks])).toEqual([
      [1, [], [['60000', '0.1']]],
      [2, [], [['60000', '0.3']]],
      [3, [], [['60010', '0.1']]],
      [4, [], [['60000', '0.05']]],
    ]);
    expect(on('spot.BTCUSDT.trade', 'trade').map((t) => [t.tradeId, t.price, t.qty, t.takerSide])).toEqual([
      [1, '60000', '0.1', 'buy'],
      [2, '60000', '0.15', 'buy'],
    ]);
    const steps = on('spot.BTCUSDT.order', 'order.event').filter((e) => e.user === U2);
    expect(steps.map((s) => [s.step, s.code])).toEqual([['accepted', null], ['closed', 'order.filled']]);
    const depth = value(await w.desks.spot.depth('BTCUSDT', 10));
    expect(depth).toMatchObject({ seq: 4, bids: [], asks: [['60000', '0.05'], ['60010', '0.1']] });
    expect(depth.epoch).toBe(on('spot.BTCUSDT.book', 'book')[0]?.epoch);
  });

  it('publishes per user: order states, fills, and balances as of the commit', async () => {
    await limit(U1, 'sell', '60000', '0.1');
    await limit(U2, 'buy', '60000', '0.1');
    expect(on(`user.${U2}.order`, 'order').map((o) => o.order.status)).toEqual(['filled']);
    expect(on(`user.${U1}.order`, 'order').map((o) => o.order.status)).toEqual(['new', 'filled']);
    expect(on(`user.${U1}.fill`, 'fill')).toMatchObject([{ maker: true, price: '60000', qty: '0.1', fee: '6', feeAsset: 'USDT' }]);
    expect(on(`user.${U2}.balance`, 'balance').map((b) => [b.asset, b.available, b.frozen])).toEqual([
      ['USDT', '94000', '0'],
      ['BTC', '0.0999', '0'],
    ]);
  });

  it('publishes nothing for a refused order, and only after the commit for an accepted one', async () => {
    await limit(U2, 'buy', '60000', '5');
    expect(w.events).toEqual([]);
    const pending = limit(U2, 'buy', '60000', '0.1');
    expect(w.events).toEqual([]);
    await pending;
    expect(w.events.map((e) => e.topic)).toEqual(['spot.BTCUSDT.order', 'spot.BTCUSDT.order', `user.${U2}.order`, 'spot.BTCUSDT.book', `user.${U2}.balance`]);
  });

  it('publishes a transfer when it is debited and when it is credited', async () => {
    value(await w.desks.transfers.transfer({ user: U2, asset: 'USDT', amount: '10', from: 'coin', to: 'contract' }));
    expect(on(`user.${U2}.transfer`, 'transfer').map((t) => t.transfer.status)).toEqual(['debited', 'credited']);
    expect(on(`user.${U2}.balance`, 'balance').map((b) => [b.wallet, b.available])).toEqual([
      ['coin', '99990'],
      ['contract', '10'],
    ]);
  });
});
