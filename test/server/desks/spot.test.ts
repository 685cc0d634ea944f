// The spot desk over a real store: placing, matching, cancelling, replacing, market orders in the band, client
// order ids, refusals with their codes, and the records it leaves. The ledger is verified after every step.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { orderHistory } from '../../../server/desks/queries.ts';
import { describeDialects } from '../dialects.ts';
import { heldCommits, openWorld, U1, U2, value, type World } from './world.ts';

describeDialects('spot desk', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.credit(U1, 'BTC', '1');
    await w.credit(U2, 'USDT', '100000');
  });
  afterEach(async () => w.dispose());

  const limit = (user: number, side: 'buy' | 'sell', price: string, qty: string, extra: object = {}) =>
    w.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side, price, qty, ...extra });

  it('matches a buy against a resting sell and settles both sides with fees', async () => {
    const sell = value(await limit(U1, 'sell', '60000', '0.5'));
    expect(sell.order).toMatchObject({ status: 'new', appStatus: 'pending', openQty: '0.5', price: '60000' });
    await w.check();
    const buy = value(await limit(U2, 'buy', '60001', '0.2'));
    expect(buy.order).toMatchObject({ status: 'filled', appStatus: 'completed', filledQty: '0.2', filledQuote: '12000', avgPrice: '60000', fee: '0.0002', feeAsset: 'BTC' });
    expect(buy.fills).toEqual([{ tradeId: 1, price: '60000', qty: '0.2', quote: '12000', fee: '0.0002', feeAsset: 'BTC', maker: false }]);
    await w.check();
    expect(value(await w.desks.spot.balances(U2))).toEqual([
      { wallet: 'coin', asset: 'BTC', available: '0.1998', frozen: '0' },
      { wallet: 'coin', asset: 'USDT', available: '88000', frozen: '0' },
    ]);
    expect(value(await w.desks.spot.balances(U1))).toEqual([
      { wallet: 'coin', asset: 'BTC', available: '0.5', frozen: '0.3' },
      { wallet: 'coin', asset: 'USDT', available: '11988', frozen: '0' },
    ]);
    const [trade] = await w.store.spot.orderTrades(buy.order.orderId);
    expect(trade).toMatchObject({ tradeNo: 1, takerOrder: buy.order.orderId, makerOrder: sell.order.orderId, takerFee: 20_000n, takerFeeAsset: 'BTC', makerFee: 1_200_000_000n, makerFeeAsset: 'USDT' });
    expect((await w.store.spot.orderEvents(sell.order.orderId)).map((e) => `${e.type}:${e.status}`)).toEqual(['rested:new', 'trade:partially_filled']);
  });

  it('records the buyer\'s trade gross with the fee apart, and a cancel as its own type', async () => {
    await limit(U1, 'sell', '60000', '0.1');
    await limit(U2, 'buy', '60000', '0.1');
    const resting = value(await limit(U2, 'buy', '50000', '0.1'));
    value(await w.desks.spot.cancel({ user: U2, orderId: resting.order.orderId }));
    await w.check();
    const page = await w.store.records.page({ user: U2, wallet: 'coin' }, 0, 20);
    expect(page.rows.map((r) => [r.type, r.asset, r.amount, r.frozen])).toEqual([
      ['cancel_buy', 'USDT', 5_000n * 10n ** 8n, -5_000n * 10n ** 8n],
      ['buy_coin', 'USDT', -5_000n * 10n ** 8n, 5_000n * 10n ** 8n],
      ['fee', 'BTC', -10_000n, 0n],
      ['buy_coin', 'BTC', 10_000_000n, 0n],
      ['buy_coin', 'USDT', 0n, -6_000n * 10n ** 8n],
      ['buy_coin', 'USDT', -6_000n * 10n ** 8n, 6_000n * 10n ** 8n],
      ['admin_credit', 'USDT', 100_000n * 10n ** 8n, 0n],
    ]);
  });

  it('cancels only the owner\'s orders, also in a closed market, and releases the funds', async () => {
    const order = value(await limit(U2, 'buy', '50000', '0.5'));
    expect(await w.desks.spot.cancel({ user: U1, orderId: order.order.orderId })).toEqual({ ok: false, code: 'order.not.found' });
    value(await w.desks.spot.setMarketStatus('BTCUSDT', { isOpen: 1 }));
    const canceled = value(await w.desks.spot.cancel({ user: U2, orderId: order.order.orderId }));
    expect(canceled).toMatchObject({ status: 'canceled', appStatus: 'cancelled', closeCode: 'order.canceled', openQty: '0' });
    expect(await w.desks.spot.cancel({ user: U2, orderId: order.order.orderId })).toEqual({ ok: false, code: 'order.not.found' });
    expect(value(await w.desks.spot.balances(U2))).toEqual([{ wallet: 'coin', asset: 'USDT', available: '100000', frozen: '0' }]);
    await w.check();
  });

  it('refuses new orders in a closed market and one under maintenance, each with its own code', async () => {
    // Flags in the store when the desk opens (what an operator's CLI wrote with no desk running)…
    await w.store.markets.setStatus('ETHUSDT', { isOpen: 1 });
    await w.restart();
    // …and one set on the running desk, a command in its sequence.
    value(await w.desks.spot.setMarketStatus('SOLUSDT', { maintenance: true }));
    const place = (symbol: string) => w.desks.spot.place({ type: 'limit', user: U2, symbol, side: 'buy', price: '10', qty: '1' });
    expect(await place('ETHUSDT')).toEqual({ ok: false, code: 'market.not.open' });
    expect(await place('SOLUSDT')).toEqual({ ok: false, code: 'market.maintenance' });
    expect(await place('NOPEUSDT')).toEqual({ ok: false, code: 'market.unknown' });
    const resting = value(await limit(U1, 'sell', '60000', '0.1'));
    value(await w.desks.spot.setMarketStatus('BTCUSDT', { maintenance: true }));
    expect(await w.desks.spot.replace({ user: U1, orderId: resting.order.orderId, price: '61000', qty: '0.1' })).toEqual({ ok: false, code: 'market.maintenance' });
    value(await w.desks.spot.setMarketStatus('BTCUSDT', { maintenance: false }));
    expect((await place('SOLUSDT')).ok).toBe(false);
    expect(value(await limit(U2, 'buy', '60000', '0.1')).order.status).toBe('filled');
    await w.check();
  });

  it('sets a market\'s flags in sequence, written with their batch: in effect for the next command before it is stored', async () => {
    const { store, gate } = heldCommits(w.store);
    await w.restart({ store });
    gate.held = true;
    const closing = w.desks.spot.setMarketStatus('BTCUSDT', { isOpen: 1 });
    // In effect for the next command at once, while its batch is still being written.
    const refused = w.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '10', qty: '1' });
    await new Promise((ok) => setTimeout(ok, 50));
    expect((await w.store.markets.configs('spot')).find((c) => c.symbol === 'BTCUSDT')?.isOpen).toBe(0);
    expect(w.desks.spot.markets().find((m) => m.symbol === 'BTCUSDT')?.isOpen).toBe(1);
    gate.release();
    expect(value(await closing)).toMatchObject({ symbol: 'BTCUSDT', isOpen: 1 });
    expect(await refused).toEqual({ ok: false, code: 'market.not.open' });
    expect((await w.store.markets.configs('spot')).find((c) => c.symbol === 'BTCUSDT')?.isOpen).toBe(1);
    // A restart opens with what the batch wrote.
    await w.restart();
    expect(w.desks.spot.markets().find((m) => m.symbol === 'BTCUSDT')?.isOpen).toBe(1);
    expect(await w.desks.spot.setMarketStatus('NOPEUSDT', { isOpen: 1 })).toEqual({ ok: false, code: 'market.unknown' });
    await w.check();
  });

  it('sets a bot minimum in sequence, stored with its batch; malformed or huge values change nothing', async () => {
    for (const bad of [{ kind: 'grid', min: '1e9' }, { kind: 'grid', min: '9999999999999' }, { kind: 'grid', min: '-5' }, { kind: 'grid', min: '1.123456789' }, { kind: 'moon', min: '5' }]) {
      expect(await w.desks.spot.setQuantMinimum(bad as { kind: 'grid'; min: string })).toEqual({ ok: false, code: 'amount.invalid' });
    }
    expect(w.desks.spot.quantMinimums()).toEqual({ robot: '10', grid: '20' });
    expect(await w.store.config.get('quant.min')).toBeNull();
    expect(value(await w.desks.spot.setQuantMinimum({ kind: 'robot', min: '25.5' }))).toEqual({ robot: '25.5', grid: '20' });
    expect(await w.store.config.get('quant.min')).toBe('{"robot":"25.5","grid":"20"}');
    await w.restart();
    expect(w.desks.spot.quantMinimums()).toEqual({ robot: '25.5', grid: '20' });
  });

  it('refuses orders that break a rule with the rule\'s code, and changes nothing', async () => {
    const cases: Array<[object, string]> = [
      [{ price: '60000.001', qty: '0.1' }, 'decimal.price.off.tick'],
      [{ price: '60000', qty: '0.000001' }, 'decimal.qty.off.lot'],
      [{ price: '60000', qty: '0' }, 'order.qty.invalid'],
      [{ price: '1', qty: '0.001' }, 'order.notional.below.min'],
      [{ price: '60000', qty: '2' }, 'funds.insufficient'],
      [{ price: '-1', qty: '1' }, 'decimal.negative'],
      [{ price: '60000', qty: '0.1', tif: 'GTX' }, 'order.tif.invalid'],
      [{ price: '60000', qty: '0.1', clientOrderId: 'has space' }, 'order.client.id.invalid'],
      [{ price: '60000', qty: '0.1', tif: 'IOC', postOnly: true }, 'order.post.only.needs.gtc'],
      [{ price: '70000', qty: '0.1', reference: '60000' }, 'order.price.out.of.band'],
    ];
    for (const [fields, code] of cases) {
      expect(await w.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '', qty: '', ...fields })).toEqual({ ok: false, code });
    }
    expect(await w.store.spot.listOrders({ user: U2 }, 0, 10)).toEqual({ rows: [], total: 0 });
    await w.check();
  });

  it('applies IOC, FOK and post-only as the kernel defines them', async () => {
    await limit(U1, 'sell', '60000', '0.1');
    expect(await limit(U2, 'buy', '60000', '0.2', { tif: 'FOK' })).toEqual({ ok: false, code: 'order.fok.not.fillable' });
    expect(await limit(U2, 'buy', '60000', '0.1', { postOnly: true })).toEqual({ ok: false, code: 'order.post.only.would.take' });
    const ioc = value(await limit(U2, 'buy', '60000', '0.3', { tif: 'IOC' }));
    expect(ioc.order).toMatchObject({ status: 'expired', appStatus: 'completed', filledQty: '0.1', closeCode: 'order.expired.ioc' });
    const none = value(await limit(U2, 'buy', '60000', '0.3', { tif: 'IOC' }));
    expect(none.order).toMatchObject({ status: 'expired', appStatus: 'cancelled', filledQty: '0' });
    await w.check();
  });

  it('takes no order id for a refused placement: ids run on as a desk rebuilt from the store numbers them', async () => {
    const first = value(await limit(U1, 'sell', '60000', '0.1')).order.orderId;
    // Refused by the engine once the command was built (funds, FOK, post-only): nothing of them is stored.
    expect(await limit(U2, 'buy', '60000', '100')).toEqual({ ok: false, code: 'funds.insufficient' });
    expect(await limit(U2, 'buy', '60000', '0.2', { tif: 'FOK' })).toEqual({ ok: false, code: 'order.fok.not.fillable' });
    expect(await limit(U2, 'buy', '60000', '0.1', { postOnly: true })).toEqual({ ok: false, code: 'order.post.only.would.take' });
    expect((await w.desks.spot.placeOco({
      user: U1, symbol: 'BTCUSDT', side: 'sell', qty: '0.1',
      above: { type: 'limit_maker', price: '59000' }, below: { type: 'conditional', condition: 'stop_loss', kind: 'market', stopPrice: '58000' },
    })).ok).toBe(false);
    const second = value(await limit(U2, 'buy', '59000', '0.1')).order.orderId;
    expect(second).toBe(first + 1);
    expect(await limit(U2, 'buy', '59000', '100')).toEqual({ ok: false, code: 'funds.insufficient' });
    await w.restart(); // the rebuilt desk numbers on from the stored max
    expect(value(await limit(U2, 'buy', '59000', '0.1')).order.orderId).toBe(second + 1);
    await w.check();
  });

  it('sweeps market orders no further than the band around the reference price', async () => {
    await limit(U1, 'sell', '60000', '0.1');
    await limit(U1, 'sell', '62000', '0.1');
    await limit(U1, 'sell', '64000', '0.1'); // past 60000 + 5%
    expect(await w.desks.spot.place({ type: 'market', user: U2, symbol: 'BTCUSDT', side: 'buy', by: 'base', qty: '0.3', reference: '' })).toEqual({ ok: false, code: 'order.reference.invalid' });
    const byBase = value(await w.desks.spot.place({ type: 'market', user: U2, symbol: 'BTCUSDT', side: 'buy', by: 'base', qty: '0.3', reference: '60000' }));
    expect(byBase.order).toMatchObject({ type: 'market', bound: '63000', filledQty: '0.2', filledQuote: '12200', status: 'expired', appStatus: 'completed', closeCode: 'order.expired.market' });
    expect(byBase.fills.map((f) => f.price)).toEqual(['60000', '62000']);
    const byQuote = value(await w.desks.spot.place({ type: 'market', user: U2, symbol: 'BTCUSDT', side: 'buy', by: 'quote', quote: '3200', reference: '64000' }));
    expect(byQuote.order).toMatchObject({ quoteQty: '3200', qty: null, filledQty: '0.05', filledQuote: '3200', status: 'filled' });
    expect(value(await w.desks.spot.balances(U2))[1]).toEqual({ wallet: 'coin', asset: 'USDT', available: String(100000 - 12200 - 3200), frozen: '0' });
    await w.check();
  });

  it('amends: less quantity keeps the order in place, a new price re-queues it and may trade', async () => {
    const a = value(await limit(U1, 'sell', '60000', '0.3'));
    const kept = value(await w.desks.spot.replace({ user: U1, orderId: a.order.orderId, price: '60000', qty: '0.2' }));
    expect(kept.order).toMatchObject({ openQty: '0.2', qty: '0.2' });
    await limit(U2, 'buy', '59000', '0.1');
    const moved = value(await w.desks.spot.replace({ user: U1, orderId: a.order.orderId, price: '59000', qty: '0.2' }));
    expect(moved.order).toMatchObject({ price: '59000', filledQty: '0.1', openQty: '0.1', status: 'partially_filled' });
    expect(moved.fills).toMatchObject([{ price: '59000', qty: '0.1', maker: false }]);
    expect(value(await w.desks.spot.balances(U1))[0]).toEqual({ wallet: 'coin', asset: 'BTC', available: '0.8', frozen: '0.1' });
    await w.check();
  });

  it('answers a repeated client order id with the first order, before and after a restart', async () => {
    const first = value(await limit(U2, 'buy', '50000', '0.1', { clientOrderId: 'my-1' }));
    const again = value(await limit(U2, 'buy', '51000', '0.5', { clientOrderId: 'my-1' }));
    expect(again).toEqual({ order: first.order, fills: [], duplicate: true });
    const [x, y] = await Promise.all([limit(U2, 'buy', '40000', '0.1', { clientOrderId: 'my-2' }), limit(U2, 'buy', '40000', '0.1', { clientOrderId: 'my-2' })]);
    expect(value(y).order.orderId).toBe(value(x).order.orderId);
    value(await w.desks.spot.cancel({ user: U2, clientOrderId: 'my-1' }));
    await w.restart();
    const after = value(await limit(U2, 'buy', '50000', '0.1', { clientOrderId: 'my-1' }));
    expect(after).toMatchObject({ duplicate: true, order: { orderId: first.order.orderId, status: 'canceled' } });
    expect(value(await limit(U1, 'sell', '50000', '0.1', { clientOrderId: 'my-1' })).duplicate).toBe(false); // per user
    expect((await w.store.spot.listOrders({ user: U2 }, 0, 10)).total).toBe(2);
    await w.check();
  });

  it('numbers prevented matches per market, from where they were after a restart, and keeps an order\'s strategy tags', async () => {
    await w.credit(U1, 'USDT', '100000');
    await w.credit(U1, 'ETH', '10');
    value(await limit(U1, 'sell', '60000', '0.1'));
    const prevented = async (symbol: string, price: string) =>
      value(await w.desks.spot.place({ type: 'limit', user: U1, symbol, side: 'buy', price, qty: '0.1' })).order;
    const a = await prevented('BTCUSDT', '60000');
    expect(a).toMatchObject({ status: 'expired', closeCode: 'order.expired.stp.taker', preventedMatchId: 1 });
    expect((await prevented('BTCUSDT', '60000')).preventedMatchId).toBe(2);
    value(await w.desks.spot.place({ type: 'limit', user: U1, symbol: 'ETHUSDT', side: 'sell', price: '3000', qty: '1' }));
    expect((await prevented('ETHUSDT', '3000')).preventedMatchId).toBe(1); // its own numbering
    await w.restart();
    expect((await prevented('BTCUSDT', '60000')).preventedMatchId).toBe(3);
    expect((await prevented('ETHUSDT', '3000')).preventedMatchId).toBe(2);
    const tagged = value(await w.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '50000', qty: '0.1', strategyId: 9, strategyType: 1000000 })).order;
    expect(tagged).toMatchObject({ strategyId: 9, strategyType: 1000000, preventedMatchId: null });
    await w.restart();
    expect(value(await w.desks.spot.openOrders(U2)).find((o) => o.orderId === tagged.orderId)).toMatchObject({ strategyId: 9, strategyType: 1000000 });
    await w.check();
  });

  it('cancels all of a user\'s orders, in one market or everywhere', async () => {
    await w.credit(U2, 'USDT', '1000');
    await limit(U2, 'buy', '50000', '0.1');
    await limit(U2, 'buy', '49000', '0.1');
    await w.desks.spot.place({ type: 'limit', user: U2, symbol: 'ETHUSDT', side: 'buy', price: '3000', qty: '1' });
    expect(value(await w.desks.spot.cancelAll({ user: U2, symbol: 'BTCUSDT' })).map((o) => o.price)).toEqual(['50000', '49000']);
    expect(value(await w.desks.spot.openOrders(U2)).map((o) => o.symbol)).toEqual(['ETHUSDT']);
    expect(value(await w.desks.spot.cancelAll({ user: U2 }))).toHaveLength(1);
    expect(value(await w.desks.spot.openOrders(U2))).toEqual([]);
    await w.check();
  });

  it('lists a user\'s orders by the spec\'s states, newest first, in the spec\'s page sizes', async () => {
    await limit(U1, 'sell', '60000', '0.1');
    await limit(U2, 'buy', '60000', '0.1'); // completed
    const open = value(await limit(U2, 'buy', '50000', '0.1')); // pending
    const gone = value(await limit(U2, 'buy', '40000', '0.1'));
    await w.desks.spot.cancel({ user: U2, orderId: gone.order.orderId }); // cancelled
    const page = async (status: 'pending' | 'completed' | 'cancelled') => value(await orderHistory(w.store, { user: U2, status })).list.map((o) => o.price);
    expect(await page('pending')).toEqual(['50000']);
    expect(await page('completed')).toEqual(['60000']);
    expect(await page('cancelled')).toEqual(['40000']);
    expect(value(await orderHistory(w.store, { user: U2, pageSize: 10 }))).toMatchObject({ total: 3, pageIndex: 1, pageSize: 10 });
    expect(await orderHistory(w.store, { user: U2, pageSize: 25 })).toEqual({ ok: false, code: 'page.invalid' });
    expect(open.order.appStatus).toBe('pending');
  });
});
