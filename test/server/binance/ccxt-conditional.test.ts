// Binance's spot order types a bot relies on, through the real ccxt `binance` class against a listening server:
// STOP_LOSS_LIMIT and TAKE_PROFIT (ccxt's triggerPrice / stopLossPrice / takeProfitPrice), a trailing stop
// (trailingPercent → trailingDelta), OCO lists (orderList/oco, openOrderList, DELETE orderList), editOrder (which
// ccxt sends as order/cancelReplace) and order/test, with the filters exchangeInfo lists; a stop fires once when
// another user's trade prints at its price.
import ccxt from 'ccxt';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';

describeDialects('ccxt binance: stop, take-profit, trailing, OCO, cancelReplace', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binance>;
  let a: number;
  let b: number;

  /** Two other users trade 0.01 ETH at `price`: the last price becomes `price`. */
  const print = async (price: string) => {
    expect(await h.desks.spot.place({ type: 'limit', user: a, symbol: 'ETHUSDT', side: 'sell', price, qty: '0.01' })).toMatchObject({ ok: true });
    expect((await h.desks.spot.place({ type: 'limit', user: b, symbol: 'ETHUSDT', side: 'buy', price, qty: '0.01' })).ok).toBe(true);
  };

  /** Each test starts from an empty book: the other users' and the bot's orders are cancelled. */
  beforeEach(async () => {
    if (ex === undefined) return;
    for (const u of [a, b]) await h.desks.spot.cancelAll({ user: u });
    await ex.cancelAllOrders('ETH/USDT').catch(() => undefined);
  });

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    a = await h.user('a@example.com');
    b = await h.user('b@example.com');
    for (const u of [a, b]) {
      await h.credit(u, 'ETH', '100');
      await h.credit(u, 'USDT', '1000000');
    }
    const trader = await h.user('bot@example.com');
    await h.credit(trader, 'ETH', '10');
    await h.credit(trader, 'USDT', '100000');
    const key = await h.key(trader, { trade: true });
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `${address}/api/v3`;
    ex = new ccxt.binance({
      apiKey: key.apiKey,
      secret: key.secret,
      enableRateLimit: false,
      options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false, fetchMargins: false, adjustForTimeDifference: false, defaultType: 'spot' },
    });
    ex.urls['api'] = { public: base, private: base, v1: `${address}/api/v1` };
    await ex.loadMarkets();
    await print('3000');
  });
  afterAll(() => h?.dispose());

  it('lists the order types and the TRAILING_DELTA filter truthfully', async () => {
    const info = ex.market('ETH/USDT').info as { orderTypes: string[]; ocoAllowed: boolean; allowTrailingStop: boolean; cancelReplaceAllowed: boolean; filters: Array<{ filterType: string }> };
    expect(info.orderTypes).toEqual(['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT']);
    expect(info).toMatchObject({ ocoAllowed: true, allowTrailingStop: true, cancelReplaceAllowed: true });
    expect(info.filters.find((f) => f.filterType === 'TRAILING_DELTA')).toEqual({
      filterType: 'TRAILING_DELTA', minTrailingAboveDelta: 10, maxTrailingAboveDelta: 2000, minTrailingBelowDelta: 10, maxTrailingBelowDelta: 2000,
    });
  });

  it('places a stop-loss limit sell that waits, fires once on a trade at its stop, and fills', async () => {
    const stop = await ex.createOrder('ETH/USDT', 'limit', 'sell', 1, 2890, { stopLossPrice: 2900 });
    // ccxt unifies the type (a stop-limit is a limit order with a trigger); Binance's own is in info.
    expect(stop).toMatchObject({ type: 'limit', status: 'open', triggerPrice: 2900, price: 2890, amount: 1, filled: 0, info: { type: 'STOP_LOSS_LIMIT', workingTime: -1 } });
    expect((await ex.fetchBalance())['ETH']).toMatchObject({ free: 9, used: 1 });
    expect((await ex.fetchOpenOrders('ETH/USDT')).map((o) => o.id)).toEqual([stop.id]);
    // A stop the last price already meets is refused with Binance's words, nothing held.
    await expect(ex.createOrder('ETH/USDT', 'limit', 'sell', 1, 2990, { stopLossPrice: 3100 })).rejects.toThrow(/Stop price would trigger immediately/);
    expect((await h.desks.spot.place({ type: 'limit', user: b, symbol: 'ETHUSDT', side: 'buy', price: '2890', qty: '2' })).ok).toBe(true);
    await print('2950');
    expect((await ex.fetchOrder(String(stop.id), 'ETH/USDT')).status).toBe('open');
    await print('2900'); // fires: sells 1 ETH into the 2 890 bid
    const done = await ex.fetchOrder(String(stop.id), 'ETH/USDT');
    expect(done).toMatchObject({ status: 'closed', filled: 1, type: 'limit', triggerPrice: 2900, info: { type: 'STOP_LOSS_LIMIT' } });
    expect((done.info as { isWorking: boolean; workingTime: number }).workingTime).toBeGreaterThan(0);
    await print('2800');
    expect(await ex.fetchMyTrades('ETH/USDT')).toHaveLength(1);
  });

  it('places a take-profit market sell and a trailing stop, both waiting, and cancels them', async () => {
    const tp = await ex.createOrder('ETH/USDT', 'market', 'sell', 0.5, undefined, { takeProfitPrice: 3500 });
    expect(tp).toMatchObject({ type: 'market', status: 'open', triggerPrice: 3500, info: { type: 'TAKE_PROFIT' } });
    const trail = await ex.createOrder('ETH/USDT', 'STOP_LOSS', 'sell', 0.5, undefined, { trailingPercent: 1.5 });
    expect(trail.info).toMatchObject({ type: 'STOP_LOSS', trailingDelta: 150 });
    await expect(ex.createOrder('ETH/USDT', 'STOP_LOSS', 'sell', 0.5, undefined, { trailingPercent: 25 })).rejects.toThrow(/TRAILING_DELTA/);
    expect((await ex.fetchOpenOrders('ETH/USDT')).map((o) => o.id).sort()).toEqual([tp.id, trail.id].sort());
    await ex.cancelOrder(String(tp.id), 'ETH/USDT');
    await ex.cancelOrder(String(trail.id), 'ETH/USDT');
    expect(await ex.fetchOpenOrders('ETH/USDT')).toEqual([]);
  });

  it('places an OCO (orderList/oco): one leg firing cancels the other; DELETE orderList cancels both', async () => {
    await print('3000');
    const list = (await ex.privatePostOrderListOco({
      symbol: 'ETHUSDT', side: 'SELL', quantity: '1', listClientOrderId: 'oco-1',
      aboveType: 'LIMIT_MAKER', abovePrice: '3200', belowType: 'STOP_LOSS_LIMIT', belowStopPrice: '2800', belowPrice: '2790', belowTimeInForce: 'GTC',
    })) as { orderListId: number; listOrderStatus: string; orders: Array<{ orderId: number }>; orderReports: Array<{ type: string; status: string }> };
    expect(list).toMatchObject({ contingencyType: 'OCO', listStatusType: 'EXEC_STARTED', listOrderStatus: 'EXECUTING', listClientOrderId: 'oco-1' });
    expect(list.orderReports.map((r) => r.type)).toEqual(['LIMIT_MAKER', 'STOP_LOSS_LIMIT']);
    expect((await ex.fetchBalance())['ETH']).toMatchObject({ used: 1 }); // held once
    const open = (await ex.privateGetOpenOrderList()) as Array<{ orderListId: number }>;
    expect(open.map((l) => l.orderListId)).toEqual([list.orderListId]);
    const cancelled = (await ex.privateDeleteOrderList({ symbol: 'ETHUSDT', orderListId: String(list.orderListId) })) as { listOrderStatus: string; orderReports: Array<{ status: string }> };
    expect(cancelled.listOrderStatus).toBe('ALL_DONE');
    expect(cancelled.orderReports.map((r) => r.status)).toEqual(['CANCELED', 'CANCELED']);
    expect((await ex.fetchBalance())['ETH']).toMatchObject({ used: 0 });

    for (const u of [a, b]) await h.desks.spot.cancelAll({ user: u });
    const second = (await ex.privatePostOrderListOco({
      symbol: 'ETHUSDT', side: 'SELL', quantity: '1', aboveType: 'LIMIT_MAKER', abovePrice: '3200', belowType: 'STOP_LOSS', belowStopPrice: '2800',
    })) as { orderListId: number; orders: Array<{ orderId: number }> };
    expect((await h.desks.spot.place({ type: 'limit', user: b, symbol: 'ETHUSDT', side: 'buy', price: '2795', qty: '2' })).ok).toBe(true);
    await print('2800');
    const [limitLeg, stopLeg] = second.orders.map((o) => String(o.orderId));
    expect((await ex.fetchOrder(limitLeg!, 'ETH/USDT')).status).toBe('canceled');
    expect(await ex.fetchOrder(stopLeg!, 'ETH/USDT')).toMatchObject({ status: 'closed', filled: 1 });
    const all = (await ex.privateGetAllOrderList({})) as Array<{ orderListId: number; listOrderStatus: string }>;
    expect(all.find((l) => l.orderListId === second.orderListId)?.listOrderStatus).toBe('ALL_DONE');
    await expect(ex.privatePostOrderListOco({ symbol: 'ETHUSDT', side: 'SELL', quantity: '1', aboveType: 'LIMIT_MAKER', abovePrice: '2700', belowType: 'STOP_LOSS', belowStopPrice: '2600' }))
      .rejects.toThrow(/relationship of the prices/);
  });

  it('edits an order through order/cancelReplace and validates through order/test', async () => {
    await print('3000');
    const order = await ex.createOrder('ETH/USDT', 'limit', 'buy', 1, 2500);
    const edited = await ex.editOrder(String(order.id), 'ETH/USDT', 'limit', 'buy', 2, 2400);
    expect(edited).toMatchObject({ status: 'open', price: 2400, amount: 2 });
    expect((await ex.fetchOrder(String(order.id), 'ETH/USDT')).status).toBe('canceled');
    expect((await ex.fetchOpenOrders('ETH/USDT')).map((o) => o.id)).toEqual([edited.id]);
    await expect(ex.editOrder(String(order.id), 'ETH/USDT', 'limit', 'buy', 2, 2300)).rejects.toThrow();
    expect((await ex.fetchOpenOrders('ETH/USDT')).map((o) => o.id)).toEqual([edited.id]); // STOP_ON_FAILURE placed nothing
    // cancelRestrictions: a NEW order is not cancelled when only partly filled ones may be.
    await expect(ex.privateDeleteOrder({ symbol: 'ETHUSDT', orderId: String(edited.id), cancelRestrictions: 'ONLY_PARTIALLY_FILLED' })).rejects.toThrow(/cancel restrictions/);
    expect((await ex.fetchOrder(String(edited.id), 'ETH/USDT')).status).toBe('open');
    await ex.createOrder('ETH/USDT', 'limit', 'buy', 1, 2000, { test: true });
    await expect(ex.createOrder('ETH/USDT', 'limit', 'buy', 0.001, 2000, { test: true })).rejects.toThrow(/NOTIONAL/); // 2 USDT: under the minimum
    expect((await ex.fetchOpenOrders('ETH/USDT')).map((o) => o.id)).toEqual([edited.id]);
    await ex.cancelAllOrders('ETH/USDT');
  });
});
