// Placing, matching and cancelling spot orders through the app API: balances move with fees, current and past
// orders page, market orders are bounded by the index price, and the coin list shows the last traded price.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { API } from '../../../../server/contract/api.ts';
import type { Price } from '../../../../server/kernel/index.ts';
import { describeDialects } from '../../dialects.ts';
import { openSpotHarness, type SpotHarness } from './harness.ts';

describeDialects('spot orders API', (dialect) => {
  // One app per dialect (each new PostgreSQL schema costs time); every test trades with users of its own, and the
  // tests that depend on a market's whole book or price use a market no other test touches.
  let h: SpotHarness;
  let seller: { ticket: string; id: number };
  let buyer: { ticket: string; id: number };
  let n = 0;
  beforeAll(async () => {
    h = await openSpotHarness(dialect);
  });
  afterAll(async () => h.dispose());
  beforeEach(async () => {
    n++;
    seller = await h.signUp(`seller${n}@example.com`);
    buyer = await h.signUp(`buyer${n}@example.com`);
    for (const base of ['BTC', 'SOL', 'LTC']) await h.credit(seller.id, base, '1');
    await h.credit(buyer.id, 'USDT', '100000');
  });

  const place = (who: { ticket: string }, body: object) => h.call('POST', API.spotPlaceOrder, { ticket: who.ticket, body });
  const limit = (who: { ticket: string }, side: string, price: string, amount: string) =>
    place(who, { symbol: 'BTCUSDT', side, type: 'limit', price, amount });
  const coin = async (who: { ticket: string }) => {
    const r = await h.call('GET', API.assetBalances, { ticket: who.ticket });
    expect(r.body.code).toBe('success');
    const coinAccount = r.body.data.accounts.find((a: { account: string }) => a.account === 'coin');
    return coinAccount.balances.filter((b: { asset: string }) => b.asset === 'BTC' || b.asset === 'USDT');
  };

  it('rests a limit order, fills a marketable one against it, and moves balances with fees', async () => {
    const sell = await limit(seller, 'sell', '60000', '0.5');
    expect(sell.body.code).toBe('success');
    expect(sell.body.data.order).toMatchObject({
      symbol: 'BTCUSDT', codeName: 'BTC/USDT', side: 'sell', type: 'limit', price: '60000', quantity: '0.5', total: '30000',
      status: 'pending', tradedQuantity: '0', avgPrice: null, cancelTime: null,
    });
    const buy = await limit(buyer, 'buy', '60001', '0.2');
    expect(buy.body.data.order).toMatchObject({ status: 'completed', tradedQuantity: '0.2', tradedTotal: '12000', avgPrice: '60000', fee: '0.0002', feeAsset: 'BTC' });
    expect(buy.body.data.fills).toEqual([{ tradeId: 1, price: '60000', quantity: '0.2', total: '12000', fee: '0.0002', feeAsset: 'BTC', maker: false }]);
    expect(await coin(buyer)).toEqual([
      { asset: 'BTC', available: '0.1998', frozen: '0', total: '0.1998', valueUsdt: '11988' },
      { asset: 'USDT', available: '88000', frozen: '0', total: '88000', valueUsdt: '88000' },
    ]);
    expect(await coin(seller)).toEqual([
      { asset: 'BTC', available: '0.5', frozen: '0.3', total: '0.8', valueUsdt: '48000' },
      { asset: 'USDT', available: '11988', frozen: '0', total: '11988', valueUsdt: '11988' },
    ]);
    const trades = await h.call('POST', API.spotMyTrades, { ticket: seller.ticket, body: {} });
    expect(trades.body.data).toMatchObject({ total: 1, pageIndex: 1, pageSize: 20 });
    expect(trades.body.data.list[0]).toMatchObject({ side: 'sell', maker: true, price: '60000', quantity: '0.2', total: '12000', fee: '12', feeAsset: 'USDT', orderNo: sell.body.data.order.orderNo });
    const detail = await h.call('POST', API.spotOrderDetail, { ticket: buyer.ticket, body: { orderNo: buy.body.data.order.orderNo } });
    expect(detail.body.data.trades).toHaveLength(1);
    expect(detail.body.data.trades[0]).toMatchObject({ side: 'buy', maker: false, fee: '0.0002' });
    const stranger = await h.call('POST', API.spotOrderDetail, { ticket: seller.ticket, body: { orderNo: buy.body.data.order.orderNo } });
    expect(stranger.body.code).toBe('order.not.found');
  });

  it('cancels one order, then all of a market, releasing the frozen funds', async () => {
    const a = await limit(buyer, 'buy', '50000', '0.1');
    await limit(buyer, 'buy', '49000', '0.1');
    await place(buyer, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2000', amount: '1' });
    expect((await coin(buyer))[0]).toMatchObject({ asset: 'USDT', available: '88100', frozen: '11900' });
    const one = await h.call('POST', API.spotCancelOrder, { ticket: buyer.ticket, body: { orderNo: a.body.data.order.orderNo } });
    expect(one.body.data).toMatchObject({ status: 'cancelled', orderNo: a.body.data.order.orderNo });
    expect(one.body.data.cancelTime).toBeTypeOf('number');
    const again = await h.call('POST', API.spotCancelOrder, { ticket: buyer.ticket, body: { orderNo: a.body.data.order.orderNo } });
    expect(again.body.code).toBe('order.not.found');
    const btc = await h.call('POST', API.spotCancelAll, { ticket: buyer.ticket, body: { symbol: 'BTCUSDT' } });
    expect(btc.body.data.cancelled.map((o: { symbol: string }) => o.symbol)).toEqual(['BTCUSDT']);
    expect((await coin(buyer))[0]).toMatchObject({ available: '98000', frozen: '2000' });
    const all = await h.call('POST', API.spotCancelAll, { ticket: buyer.ticket, body: {} });
    expect(all.body.data.cancelled).toHaveLength(1);
    expect((await coin(buyer))[0]).toMatchObject({ available: '100000', frozen: '0' });
  });

  it('lists current orders apart from history, paged', async () => {
    for (let i = 0; i < 12; i++) await limit(buyer, 'buy', String(40000 + i), '0.001');
    for (let i = 0; i < 3; i++) await h.call('POST', API.spotCancelAll, { ticket: buyer.ticket, body: {} }).then(() => limit(buyer, 'buy', '30000', '0.001'));
    const current = await h.call('POST', API.spotOrderList, { ticket: buyer.ticket, body: { active: 1, pageIndex: 1, pageSize: 10 } });
    expect(current.body.data).toMatchObject({ total: 1, pageIndex: 1, pageSize: 10 });
    const page1 = await h.call('POST', API.spotOrderList, { ticket: buyer.ticket, body: { active: 2, pageIndex: 1, pageSize: 10 } });
    const page2 = await h.call('POST', API.spotOrderList, { ticket: buyer.ticket, body: { active: 2, pageIndex: 2, pageSize: 10 } });
    expect(page1.body.data.total).toBe(14);
    expect(page1.body.data.list).toHaveLength(10);
    expect(page2.body.data.list).toHaveLength(4);
    expect([...page1.body.data.list, ...page2.body.data.list].every((o: { status: string }) => o.status === 'cancelled')).toBe(true);
    const completed = await h.call('POST', API.spotOrderList, { ticket: buyer.ticket, body: { active: 2, status: 'completed' } });
    expect(completed.body.data).toMatchObject({ total: 0, pageSize: 20 });
    const side = async (body: object) => (await h.call('POST', API.spotOrderList, { ticket: buyer.ticket, body })).body;
    expect((await side({ active: 1, side: 'buy' })).data.total).toBe(1);
    expect((await side({ active: 1, side: 'sell' })).data.total).toBe(0);
    expect((await side({ active: 2, side: 'buy', pageSize: 10 })).data.total).toBe(14);
    expect((await side({ active: 1, side: 'short' })).code).not.toBe('success');
    const bad = await h.call('POST', API.spotOrderList, { ticket: buyer.ticket, body: { active: 1, pageSize: 25 } });
    expect(bad.body.code).toBe('page.size.invalid');
  });

  it('bounds market orders by the index price and refuses them before there is one', async () => {
    const sol = (who: { ticket: string }, side: string, price: string, amount: string) =>
      place(who, { symbol: 'SOLUSDT', side, type: 'limit', price, amount });
    await sol(seller, 'sell', '100', '0.5');
    await sol(seller, 'sell', '110', '0.4');
    const early = await place(buyer, { symbol: 'SOLUSDT', side: 'buy', type: 'market', total: '200' });
    expect(early.body.code).toBe('market.price.unavailable');
    h.index.set('SOLUSDT', 10_000 as Price); // 100.00 on a 0.01 tick
    const buy = await place(buyer, { symbol: 'SOLUSDT', side: 'buy', type: 'market', total: '200' });
    expect(buy.body.code).toBe('success');
    // Fills at 100 only: 110 lies outside the 5% band, so the rest expires and the order counts as completed.
    expect(buy.body.data.order).toMatchObject({ type: 'market', price: null, total: '200', tradedQuantity: '0.5', tradedTotal: '50', status: 'completed' });
    expect((await coin(buyer)).find((b: { asset: string }) => b.asset === 'USDT')).toMatchObject({ available: '99950', frozen: '0' });
    const sell = await place(seller, { symbol: 'SOLUSDT', side: 'sell', type: 'market', amount: '0.1' });
    expect(sell.body.data.order).toMatchObject({ status: 'cancelled', tradedQuantity: '0' });
  });

  it('shows the last traded price on the coin list, on the market tick', async () => {
    const ltc = async () => (await h.call('POST', API.coinList, { body: { pageIndex: 1, pageSize: 100 } })).body.data.list
      .find((c: { codeName: string }) => c.codeName === 'LTC/USDT');
    expect(await ltc()).toMatchObject({ price: null, isOpen: 0 });
    await place(seller, { symbol: 'LTCUSDT', side: 'sell', type: 'limit', price: '80.5', amount: '0.1' });
    await place(buyer, { symbol: 'LTCUSDT', side: 'buy', type: 'limit', price: '80.5', amount: '0.1' });
    expect(await ltc()).toMatchObject({ price: '80.50' });
  });

  it('answers the first order again for a repeated client order id', async () => {
    const body = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', amount: '0.1', clientOrderId: 'web-1' };
    const first = await place(buyer, body);
    const second = await place(buyer, body);
    expect(second.body.data).toMatchObject({ duplicate: true, order: { orderNo: first.body.data.order.orderNo } });
    const list = await h.call('POST', API.spotOrderList, { ticket: buyer.ticket, body: { active: 1 } });
    expect(list.body.data.total).toBe(1);
    const byClient = await h.call('POST', API.spotCancelOrder, { ticket: buyer.ticket, body: { clientOrderId: 'web-1' } });
    expect(byClient.body.data.status).toBe('cancelled');
  });

  it('answers service.unavailable (503) once the spot desk has stopped taking commands', async () => {
    await h.desks.spot.close();
    const r = await h.call('POST', API.spotPlaceOrder, { ticket: buyer.ticket, lang: 'en', body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1', amount: '1' } });
    expect([r.status, r.body.code, r.body.msg]).toEqual([503, 'service.unavailable', 'Trading is temporarily unavailable. Please try again later.']);
  });
});
