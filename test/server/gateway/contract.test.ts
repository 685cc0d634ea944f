// The perpetual contract app API (/app/contract/*) and its WebSocket topics, on the app with trading and a WebSocket
// hub: orders trade into positions and close, settings and isolated margin change, every refusal answers its
// catalogue key in the user's language (English and Simplified Chinese here) and changes nothing, the markets carry
// their brackets and funding, a liquidation feeds the public insurance fund, and the topics stream the mark, the
// funding countdown, and the user's orders and positions.
import { expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import type { ErrorCode } from '../../../server/contract/errors.ts';
import { topics } from '../../../server/desks/index.ts';
import { rate, type Price } from '../../../server/kernel/index.ts';
import { describeDialects } from '../dialects.ts';
import { WsClient } from '../live/ws-client.ts';
import { contractCalls, contractHooks, messages, usdt, type Harness, type Reply, type User } from './contract-harness.ts';

describeDialects('contract API', (dialect) => {
  let h: Harness;
  let maker: User;
  let taker: User;
  let n = 0;
  // The first marks: limit prices are checked against a band of ±5 % around them.
  const setUp = async (x: Harness) => {
    await x.mark('BTCUSDT', 50_000);
    await x.mark('ETHUSDT', 2_000);
  };
  contractHooks(dialect, { prefix: 'c', setUp }, (s) => ({ h, maker, taker, n } = s));

  const { post, place, limit, ok, positions, contractWallet, state, refuses, LANGS } = contractCalls(() => h);

  it('lists the markets with their specification, brackets, mark, index and funding (public)', async () => {
    h.index.set('BTCUSDT', 5_000_100 as Price); // ticks of 0.01
    h.funding.set('BTCUSDT', { rate: rate(10_000n), lastRate: rate(-5_000n), nextFundingTime: Date.UTC(2026, 0, 15, 16) });
    h.bus.publish(topics.perpMark('BTCUSDT'), { type: 'perp.mark', symbol: 'BTCUSDT', mark: '50000.5', index: '50001', fundingRate: '0.0001', nextFundingTime: Date.UTC(2026, 0, 15, 16), time: h.clock.now() });
    const r = await h.call('GET', API.contractMarkets);
    const btc = ok(r).list.find((m: { symbol: string }) => m.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT', codeName: 'BTC/USDT', base: 'BTC', quote: 'USDT', multiplier: '0.00001', tickSize: '0.01',
      defaultLeverage: 20, maxLeverage: 125, makerFeePercent: '0.02', takerFeePercent: '0.05', liquidationFeePercent: '1.25',
      priceBandPercent: '5', isOpen: 0, maintenance: false, markPrice: '50000.5', indexPrice: '50001',
      fundingRate: '0.01', lastFundingRate: '-0.005', nextFundingTime: Date.UTC(2026, 0, 15, 16),
    });
    expect(btc.brackets[0]).toEqual({ bracket: 1, notionalFloor: '0', notionalCap: '50000', maxLeverage: 125, maintenanceMarginRate: '0.4', maintenanceAmount: '0' });
    expect(btc.brackets[1]).toMatchObject({ bracket: 2, notionalFloor: '50000', maxLeverage: 100, maintenanceMarginRate: '0.5', maintenanceAmount: '50' });
    const eth = ok(r).list.find((m: { symbol: string }) => m.symbol === 'ETHUSDT');
    expect(eth).toMatchObject({ maxLeverage: 100, fundingRate: null, nextFundingTime: null });
  });

  it('opens a position with a limit order against a resting one, shows it, closes it at market, and pages the orders', async () => {
    const sell = ok(await limit(maker, 'sell', '50000', '0.1'));
    expect(sell.order).toMatchObject({
      symbol: 'BTCUSDT', codeName: 'BTC/USDT', side: 'sell', direction: 'short', closing: false, type: 'limit', price: '50000',
      quantity: '0.1', lots: 10_000, multiplier: '0.00001', leverage: 20, marginType: 'cross', status: 'pending', tradedQuantity: '0',
      avgPrice: null, margin: '0', entrustMargin: '250', timeInForce: 'GTC', closeMode: null, cancelTime: null, closeTime: null,
    });
    expect(sell.fills).toEqual([]);
    const buy = ok(await limit(taker, 'buy', '50000', '0.04'));
    expect(buy.order).toMatchObject({
      side: 'buy', direction: 'long', closing: false, status: 'completed', tradedQuantity: '0.04', tradedTotal: '2000', avgPrice: '50000',
      openPrice: '50000', closePrice: null, fee: '1', openFee: '1', closeFee: '0', feeAsset: 'USDT', margin: '100', entrustMargin: '0',
      realizedPnl: '0', profitRate: null,
    });
    expect(buy.fills).toEqual([{ tradeId: expect.any(Number), price: '50000', quantity: '0.04', fee: '1', realizedPnl: '0', maker: false }]);

    const open = await positions(taker);
    expect(open.positions).toEqual([{
      symbol: 'BTCUSDT', codeName: 'BTC/USDT', direction: 'long', quantity: '0.04', lots: 4_000, multiplier: '0.00001', leverage: 20,
      marginType: 'cross', entryPrice: '50000', markPrice: '50000', notional: '2000', margin: '100', entrustMargin: '0', unrealizedPnl: '0',
      entryNotional: '2000',
      // the cross account's: 8 maintenance over a 9,999 wallet (9,899 available + 100 margin) without unrealized result
      marginRatio: '0.080008',
      profitRate: '0', maintenanceMargin: '8',
      // a cross position the whole wallet backs: no mark price above zero liquidates it
      liquidationPrice: null,
      adlQuantile: 0,
      takeProfit: null,
      stopLoss: null,
    }]);
    expect(open.settings).toContainEqual({ symbol: 'BTCUSDT', leverage: 20, marginType: 'cross' });
    expect(await contractWallet(taker)).toEqual([expect.objectContaining({ asset: 'USDT', available: '9899', frozen: '100' })]);

    // Someone bids a little lower; the close sells into it at market.
    const bidder = await h.signUp(`cbidder${n}@example.com`);
    await h.fund(bidder.id, '10000');
    ok(await limit(bidder, 'buy', '49990', '0.1'));
    const closed = ok(await post(API.contractClosePosition, taker, { symbol: 'btcusdt' }));
    expect(closed.orders).toHaveLength(1);
    expect(closed.orders[0]).toMatchObject({
      side: 'sell', direction: 'long', closing: true, type: 'market', price: null, reduceOnly: true, status: 'completed',
      tradedQuantity: '0.04', closePrice: '49990', openPrice: null, realizedPnl: '-0.4', closeFee: '0.9998', openFee: '0', profitRate: '-0.4',
      closeMode: 'manual', margin: '0',
    });
    expect((await positions(taker)).positions).toEqual([]);
    expect(await contractWallet(taker)).toEqual([expect.objectContaining({ available: '9997.6002', frozen: '0' })]);
    await h.desks.perp.cancelAll({ user: bidder.id });

    const current = ok(await post(API.contractOrderList, maker, { active: 1 }));
    expect(current).toMatchObject({ total: 1, pageIndex: 1, pageSize: 20 });
    expect(current.list[0]).toMatchObject({ orderNo: sell.order.orderNo, status: 'pending', tradedQuantity: '0.04', entrustMargin: '150' });
    const history = ok(await post(API.contractOrderList, taker, { active: 2, symbol: 'BTCUSDT', pageSize: 10 }));
    expect(history).toMatchObject({ total: 2, pageSize: 10 });
    expect(history.list.map((o: { closing: boolean }) => o.closing)).toEqual([true, false]);
    expect(ok(await post(API.contractOrderList, taker, { active: 1 })).total).toBe(0);

    const detail = ok(await post(API.contractOrderDetail, taker, { orderNo: buy.order.orderNo }));
    expect(detail.order.orderNo).toBe(buy.order.orderNo);
    expect(detail.trades).toEqual([{
      tradeId: buy.fills[0].tradeId, symbol: 'BTCUSDT', orderNo: buy.order.orderNo, side: 'buy', maker: false, price: '50000', quantity: '0.04',
      total: '2000', fee: '1', feeAsset: 'USDT', realizedPnl: '0', time: expect.any(Number),
    }]);
    const makerDetail = ok(await post(API.contractOrderDetail, maker, { orderNo: sell.order.orderNo }));
    expect(makerDetail.trades).toEqual([expect.objectContaining({ maker: true, side: 'sell', fee: '0.4', quantity: '0.04' })]);
    await refuses(maker, (lang) => post(API.contractOrderDetail, maker, { orderNo: buy.order.orderNo }, lang), 'order.not.found');
  });

  it('cancels one order, then all of a market, releasing the entrust margin', async () => {
    const a = ok(await limit(maker, 'buy', '49000', '0.1'));
    ok(await limit(maker, 'buy', '48500', '0.1', { clientOrderId: 'bid-2' }));
    ok(await place(maker, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '2050', amount: '1' }));
    expect((await contractWallet(maker))[0]).toMatchObject({ frozen: expect.not.stringMatching(/^0$/) });
    const one = ok(await post(API.contractCancelOrder, maker, { orderNo: a.order.orderNo }));
    expect(one).toMatchObject({ orderNo: a.order.orderNo, status: 'cancelled', entrustMargin: '0', cancelTime: expect.any(Number) });
    await refuses(maker, (lang) => post(API.contractCancelOrder, maker, { orderNo: a.order.orderNo }, lang), 'order.not.found');
    const byClient = ok(await post(API.contractCancelOrder, maker, { clientOrderId: 'bid-2' }));
    expect(byClient).toMatchObject({ clientOrderId: 'bid-2', status: 'cancelled' });
    ok(await limit(maker, 'buy', '48000', '0.1'));
    const btc = ok(await post(API.contractCancelAll, maker, { symbol: 'BTCUSDT' }));
    expect(btc.cancelled.map((o: { symbol: string }) => o.symbol)).toEqual(['BTCUSDT']);
    const all = ok(await post(API.contractCancelAll, maker, {}));
    expect(all.cancelled.map((o: { symbol: string }) => o.symbol)).toEqual(['ETHUSDT']);
    expect(await contractWallet(maker)).toEqual([expect.objectContaining({ available: '10000', frozen: '0' })]);
    await refuses(maker, (lang) => post(API.contractCancelAll, maker, { symbol: 'NOPEUSDT' }, lang), 'market.unknown');
  });

  it('changes leverage and margin type, and adds and removes isolated margin', async () => {
    const lev = ok(await post(API.contractSetLeverage, taker, { symbol: 'BTCUSDT', leverage: 10 }));
    expect(lev).toEqual({ symbol: 'BTCUSDT', leverage: 10, maxNotional: '230000000' });
    expect(ok(await post(API.contractSetMarginType, taker, { symbol: 'BTCUSDT', marginType: 'isolated' }))).toEqual({ symbol: 'BTCUSDT', marginType: 'isolated' });
    expect((await positions(taker)).settings).toContainEqual({ symbol: 'BTCUSDT', leverage: 10, marginType: 'isolated' });
    ok(await limit(maker, 'sell', '50000', '0.02'));
    ok(await limit(taker, 'buy', '50000', '0.02'));
    const [p] = (await positions(taker)).positions;
    expect(p).toMatchObject({ marginType: 'isolated', leverage: 10, margin: '100', quantity: '0.02' });
    // isolated: the position's own margin backs it, so a mark below the entry liquidates it
    expect(Number(p.liquidationPrice)).toBeGreaterThan(45_000);
    expect(Number(p.liquidationPrice)).toBeLessThan(50_000);
    expect(ok(await post(API.contractAdjustMargin, taker, { symbol: 'BTCUSDT', amount: '50', type: 'add' }))).toEqual({ symbol: 'BTCUSDT', margin: '150' });
    expect(ok(await post(API.contractAdjustMargin, taker, { symbol: 'BTCUSDT', amount: '20.5', type: 'remove' }))).toEqual({ symbol: 'BTCUSDT', margin: '129.5' });
    expect((await positions(taker)).positions[0]).toMatchObject({ margin: '129.5' });
    expect(await contractWallet(taker)).toEqual([expect.objectContaining({ available: '9870', frozen: '129.5' })]);
  });

  it('sets, moves and removes a position\'s take-profit and stop-loss, refusing the spec\'s wrong prices in the user\'s language', async () => {
    ok(await limit(maker, 'sell', '50000', '0.02'));
    ok(await limit(taker, 'buy', '50000', '0.02'));
    // The mark is 50,000: for this long a take-profit must be above it, a stop-loss below, neither 0.
    await refuses(taker, (lang) => post(API.contractSetTpSl, taker, { symbol: 'BTCUSDT', takeProfit: '49000' }, lang), 'contract.take.profit.invalid');
    await refuses(taker, (lang) => post(API.contractSetTpSl, taker, { symbol: 'BTCUSDT', stopLoss: '51000' }, lang), 'contract.stop.loss.invalid');
    await refuses(taker, (lang) => post(API.contractSetTpSl, taker, { symbol: 'BTCUSDT', stopLoss: '0' }, lang), 'contract.trigger.zero');
    await refuses(maker, (lang) => post(API.contractSetTpSl, maker, { symbol: 'ETHUSDT', takeProfit: '1' }, lang), 'contract.position.not.found');
    expect(ok(await post(API.contractSetTpSl, taker, { symbol: 'BTCUSDT', takeProfit: '55000', stopLoss: '46000' }))).toEqual({ symbol: 'BTCUSDT', takeProfit: '55000', stopLoss: '46000' });
    expect(ok(await post(API.contractSetTpSl, taker, { symbol: 'BTCUSDT', stopLoss: '47000' }))).toEqual({ symbol: 'BTCUSDT', takeProfit: '55000', stopLoss: '47000' });
    expect(ok(await post(API.contractSetTpSl, taker, { symbol: 'BTCUSDT', takeProfit: null }))).toEqual({ symbol: 'BTCUSDT', takeProfit: null, stopLoss: '47000' });
    // The position shows them, with its place in the ADL queue.
    expect((await positions(taker)).positions[0]).toMatchObject({ takeProfit: null, stopLoss: '47000', adlQuantile: expect.any(Number) });
    // The maker's short: the reverse rules.
    await refuses(maker, (lang) => post(API.contractSetTpSl, maker, { symbol: 'BTCUSDT', takeProfit: '51000' }, lang), 'contract.take.profit.invalid');
    expect(ok(await post(API.contractSetTpSl, maker, { symbol: 'BTCUSDT', takeProfit: '45000', stopLoss: '52000' }))).toEqual({ symbol: 'BTCUSDT', takeProfit: '45000', stopLoss: '52000' });
  });

  it('refuses what the position, leverage and margin rules do not allow, in the user\'s language, changing nothing', async () => {
    const isolated = await h.signUp(`ciso${n}@example.com`);
    await h.fund(isolated.id, '10000');
    // reduce-only with nothing to reduce
    await refuses(taker, (lang) => place(taker, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', amount: '0.01', reduceOnly: true }, lang), 'contract.reduce.only.rejected');
    // leverage out of the market's range names the range
    await refuses(taker, (lang) => post(API.contractSetLeverage, taker, { symbol: 'BTCUSDT', leverage: 126 }, lang), 'contract.leverage.invalid', { max: 125 });
    await refuses(taker, (lang) => post(API.contractSetLeverage, taker, { symbol: 'BTCUSDT', leverage: 0 }, lang), 'contract.leverage.invalid', { max: 125 });
    // at 125x the first bracket caps the position at 50,000 USDT
    ok(await post(API.contractSetLeverage, taker, { symbol: 'BTCUSDT', leverage: 125 }));
    await refuses(taker, (lang) => place(taker, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', amount: '1.1' }, lang), 'contract.position.too.large');
    ok(await post(API.contractSetLeverage, taker, { symbol: 'BTCUSDT', leverage: 20 }));
    // margin type: unchanged, with a pending order, with a position
    await refuses(taker, (lang) => post(API.contractSetMarginType, taker, { symbol: 'BTCUSDT', marginType: 'cross' }, lang), 'contract.margin.mode.unchanged');
    ok(await limit(taker, 'buy', '49000', '0.01'));
    await refuses(taker, (lang) => post(API.contractSetMarginType, taker, { symbol: 'BTCUSDT', marginType: 'isolated' }, lang), 'contract.margin.mode.has.orders');
    ok(await post(API.contractCancelAll, taker, {}));
    ok(await limit(maker, 'sell', '50000', '0.01'));
    ok(await limit(taker, 'buy', '50000', '0.01'));
    await refuses(taker, (lang) => post(API.contractSetMarginType, taker, { symbol: 'BTCUSDT', marginType: 'isolated' }, lang), 'contract.margin.mode.has.position');
    // isolated margin: none to adjust on a cross position; not more than the position can spare
    await refuses(taker, (lang) => post(API.contractAdjustMargin, taker, { symbol: 'BTCUSDT', amount: '10', type: 'add' }, lang), 'contract.no.isolated.position');
    ok(await post(API.contractSetMarginType, isolated, { symbol: 'BTCUSDT', marginType: 'isolated' }));
    ok(await limit(maker, 'sell', '50000', '0.01'));
    ok(await limit(isolated, 'buy', '50000', '0.01'));
    await refuses(isolated, (lang) => post(API.contractAdjustMargin, isolated, { symbol: 'BTCUSDT', amount: '20', type: 'remove' }, lang), 'contract.margin.remove.too.much');
    // a lower leverage needs more margin than the isolated position holds
    await refuses(isolated, (lang) => post(API.contractSetLeverage, isolated, { symbol: 'BTCUSDT', leverage: 1 }, lang), 'contract.leverage.margin.short');
    // closing: no position in the market; nothing to trade against
    await refuses(taker, (lang) => post(API.contractClosePosition, taker, { symbol: 'ETHUSDT' }, lang), 'contract.position.not.found');
    const before = await state(taker);
    for (const lang of LANGS) {
      const r = await post(API.contractClosePosition, taker, { symbol: 'BTCUSDT' }, lang);
      expect(r.body).toMatchObject({ code: 'contract.close.not.filled', msg: messages.t(lang, 'contract.close.not.filled') });
    }
    expect((await state(taker)).positions).toEqual(before.positions);
    expect((await state(taker)).wallet).toEqual(before.wallet);
  });

  it('refuses bad input and what the market rules and balance do not allow, in the user\'s language, changing nothing', async () => {
    const poor = await h.signUp(`cpoor${n}@example.com`);
    await h.fund(poor.id, '10');
    const btc = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', amount: '0.01' };
    const cases: Array<[string, User, object, ErrorCode, Record<string, unknown> | null]> = [
      ['no balance for the margin', poor, btc, 'funds.insufficient', null],
      ['a price out of the band', taker, { ...btc, price: '60000' }, 'order.price.out.of.band', null],
      ['a quantity off the lot', taker, { ...btc, amount: '0.000001' }, 'order.qty.off.lot', { step: '0.00001' }],
      ['a price off the tick', taker, { ...btc, price: '50000.001' }, 'order.price.off.tick', { step: '0.01' }],
      ['a zero quantity', taker, { ...btc, amount: '0' }, 'order.qty.invalid', null],
      ['a negative quantity', taker, { ...btc, amount: '-1' }, 'number.not.positive', null],
      ['an unknown market', taker, { ...btc, symbol: 'NOPEUSDT' }, 'market.unknown', null],
      ['a limit order without a price', taker, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', amount: '0.01' }, 'validate.required', null],
      ['a market order with a price', taker, { ...btc, type: 'market' }, 'request.invalid', null],
      ['a quantity that is not a number', taker, { ...btc, amount: 'lots' }, 'request.invalid', null],
      ['an unknown field', taker, { ...btc, leverage: 10 }, 'request.invalid', null],
      ['no amount', taker, { symbol: 'BTCUSDT', side: 'buy', type: 'market' }, 'validate.required', null],
    ];
    for (const [what, who, body, code, data] of cases) {
      await refuses(who, (lang) => place(who, body, lang), code, data).catch((e: unknown) => {
        throw new Error(`${what}: ${String(e)}`);
      });
    }
    await refuses(taker, (lang) => post(API.contractAdjustMargin, taker, { symbol: 'BTCUSDT', amount: '0', type: 'add' }, lang), 'number.not.positive');
    await refuses(taker, (lang) => post(API.contractSetMarginType, taker, { symbol: 'BTCUSDT', marginType: 'hedge' }, lang), 'request.invalid');
    await refuses(taker, (lang) => post(API.contractSetLeverage, taker, { symbol: 'BTCUSDT', leverage: 2.5 }, lang), 'request.invalid');
    await refuses(taker, (lang) => post(API.contractCancelOrder, taker, {}, lang), 'validate.required');
    await refuses(taker, (lang) => post(API.contractOrderList, taker, { active: 2, pageSize: 15 }, lang), 'page.size.invalid');
    // Signed out: every trading call asks for a session.
    for (const lang of LANGS) {
      const r = await post(API.contractPlaceOrder, null, btc, lang);
      expect(r.body).toMatchObject({ code: 'login.user.not.login', msg: messages.t(lang, 'login.user.not.login') });
      expect((await h.call('GET', API.contractPositions, { lang })).body.code).toBe('login.user.not.login');
    }
  });

  it('liquidates into the public insurance fund and records settled funding', async () => {
    const bidder = await h.signUp(`cbid${n}@example.com`);
    await h.fund(bidder.id, '10000');
    const empty = ok(await post(API.contractInsuranceFund, null, {}));
    expect(empty).toMatchObject({ asset: 'USDT', history: { pageIndex: 1, pageSize: 20 } });
    const fundBefore = BigInt(Math.round(Number(empty.balance) * 1e8));
    ok(await post(API.contractSetMarginType, taker, { symbol: 'ETHUSDT', marginType: 'isolated' }));
    ok(await place(maker, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price: '2000', amount: '1' }));
    ok(await place(taker, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '2000', amount: '1' }));
    await h.mark('ETHUSDT', 1_950);
    ok(await place(bidder, { symbol: 'ETHUSDT', side: 'buy', type: 'limit', price: '1908', amount: '1' }));
    await h.mark('ETHUSDT', 1_909);
    expect((await positions(taker)).positions).toEqual([]);
    const liquidation = ok(await post(API.contractOrderList, taker, { active: 2, symbol: 'ETHUSDT' })).list[0];
    expect(liquidation).toMatchObject({ closing: true, closeMode: 'liquidation', direction: 'long', status: 'completed', closePrice: '1908', realizedPnl: '-92' });

    const fund = ok(await post(API.contractInsuranceFund, null, { pageSize: 10 }));
    expect(BigInt(Math.round(Number(fund.balance) * 1e8))).toBeGreaterThan(fundBefore);
    expect(fund.history.total).toBe(empty.history.total + 1);
    expect(fund.history.list[0]).toMatchObject({ type: 'liquidation', symbol: 'ETHUSDT', balance: fund.balance, time: expect.any(Number) });
    expect(Number(fund.history.list[0].amount)).toBeGreaterThan(0);

    h.clock.advance(1);
    const settled = await h.desks.perp.funding({ symbol: 'ETHUSDT', rate: rate(10_000n), mark: usdt(1_909) });
    expect(settled.ok).toBe(true);
    const funding = ok(await post(API.contractFundingHistory, null, { symbol: 'ethusdt', limit: 5 }));
    expect(funding.list[0]).toEqual({ symbol: 'ETHUSDT', time: h.clock.now(), fundingRate: '0.01', markPrice: '1909' });
    await refuses(taker, (lang) => post(API.contractFundingHistory, null, { symbol: 'NOPEUSDT' }, lang), 'market.unknown');
    await h.desks.perp.cancelAll({ user: bidder.id });
  });

  it('streams the mark, the funding countdown, and the user\'s orders and positions', async () => {
    const c = await WsClient.open(h.wsUrl);
    try {
      expect(await c.request({ op: 'subscribe', id: 1, topics: ['contractOrders'] })).toMatchObject({ op: 'error', code: 'login.user.not.login' });
      expect(await c.request({ op: 'subscribe', id: 2, topics: ['markPrice@NOPEUSDT'] })).toMatchObject({ op: 'error', code: 'request.invalid' });
      expect(await c.request({ op: 'subscribe', id: 3, topics: ['markPrice@BTCUSDT', 'funding@BTCUSDT'] })).toEqual({ op: 'ack', id: 3 });
      expect(await c.request({ op: 'auth', id: 4, ticket: taker.ticket })).toEqual({ op: 'ack', id: 4 });
      expect(await c.request({ op: 'subscribe', id: 5, topics: ['contractOrders', 'contractPositions'] })).toEqual({ op: 'ack', id: 5 });

      const time = h.clock.now();
      const next = time + 90_000;
      h.bus.publish(topics.perpMark('BTCUSDT'), { type: 'perp.mark', symbol: 'BTCUSDT', mark: '50000', index: '49999.5', fundingRate: '0.0001', nextFundingTime: next, time });
      expect((await c.take((f) => f.topic === 'markPrice@BTCUSDT')).data).toEqual({
        e: 'markPriceUpdate', E: time, s: 'BTCUSDT', p: '50000.00000000', i: '49999.50000000', r: '0.00010000', T: next,
      });
      expect(await c.take((f) => f.topic === 'funding@BTCUSDT')).toMatchObject({
        seq: 1, data: { symbol: 'BTCUSDT', fundingRate: '0.01', nextFundingTime: next, countdown: 90_000, time },
      });

      // A resting order, then a trade against it: the taker's order comes filled, the position opens.
      const rest = ok(await limit(taker, 'buy', '49900', '0.02'));
      expect(await c.take((f) => f.topic === 'contractOrders')).toMatchObject({ seq: 1, data: { orderNo: rest.order.orderNo, status: 'pending' } });
      ok(await limit(maker, 'sell', '49900', '0.02'));
      expect(await c.take((f) => f.topic === 'contractOrders')).toMatchObject({
        seq: 2, data: { orderNo: rest.order.orderNo, status: 'completed', tradedQuantity: '0.02' },
      });
      expect((await c.take((f) => f.topic === 'contractPositions')).data).toMatchObject({
        symbol: 'BTCUSDT', leverage: 20, marginType: 'cross',
        position: { direction: 'long', quantity: '0.02', entryPrice: '49900', markPrice: '50000', unrealizedPnl: '2', margin: '49.9' },
      });
      // A setting the desk does not publish still reaches the topic.
      ok(await post(API.contractSetLeverage, taker, { symbol: 'BTCUSDT', leverage: 5 }));
      expect((await c.take((f) => f.topic === 'contractPositions')).data).toMatchObject({ leverage: 5, position: { leverage: 5, margin: '199.6' } });
      // A reduce-only order holds no margin (no balance event): it shows all the same; cancelled, it shows ended.
      const reduce = ok(await limit(taker, 'sell', '51000', '0.01', { reduceOnly: true }));
      expect((await c.take((f) => f.topic === 'contractOrders')).data).toMatchObject({ orderNo: reduce.order.orderNo, status: 'pending', reduceOnly: true });
      ok(await post(API.contractCancelOrder, taker, { orderNo: reduce.order.orderNo }));
      expect((await c.take((f) => f.topic === 'contractOrders')).data).toMatchObject({ orderNo: reduce.order.orderNo, status: 'cancelled' });
      // A market close filled at once shows as one ended order, and the position as closed.
      ok(await limit(maker, 'buy', '49800', '0.02'));
      ok(await post(API.contractCloseAll, taker, {}));
      expect((await c.take((f) => f.topic === 'contractOrders')).data).toMatchObject({ closing: true, status: 'completed', closePrice: '49800' });
      expect((await c.take((f) => f.topic === 'contractPositions')).data).toMatchObject({ symbol: 'BTCUSDT', leverage: 5, position: null });
    } finally {
      c.close();
    }
  });
});
