// Conditional orders on the contract app API (placeConditional, conditionalList, cancelConditional) and their
// WebSocket topic: the four types on the mark or the last price, client order ids that repeat, the list of waiting
// and ended ones (a position's take-profit and stop-loss among them), what each becomes when it fires (triggered
// with the order it placed, or expired with why its order was refused) or its position ends (cancelled), and every
// refusal in the user's language, changing nothing.
import { expect, it } from 'vitest';
import { API, type ContractConditionalItem } from '../../../server/contract/api.ts';
import type { ErrorCode } from '../../../server/contract/errors.ts';
import { describeDialects } from '../dialects.ts';
import { WsClient } from '../live/ws-client.ts';
import { contractCalls, contractHooks, type Harness, type User } from './contract-harness.ts';

describeDialects('contract conditional orders', (dialect) => {
  let h: Harness;
  let maker: User;
  let taker: User;
  let n = 0;
  // Every test starts at a mark of 50,000.
  contractHooks(dialect, { prefix: 'k', eachTest: (x) => x.mark('BTCUSDT', 50_000) }, (s) => ({ h, maker, taker, n } = s));

  const { post, limit, ok, positions, refuses } = contractCalls(() => h);
  const conditional = (who: User, body: object, lang?: string) => post(API.contractPlaceConditional, who, { symbol: 'BTCUSDT', ...body }, lang);
  const list = async (who: User, body: object): Promise<{ list: ContractConditionalItem[]; total: number; pageIndex: number; pageSize: number }> =>
    ok(await post(API.contractConditionalList, who, body));
  const placed = async (who: User, body: object): Promise<ContractConditionalItem> => ok(await conditional(who, body)).conditional;
  /** A long of 0.02 BTC at 50,000 for the taker. */
  const openLong = async () => {
    ok(await limit(maker, 'sell', '50000', '0.02'));
    ok(await limit(taker, 'buy', '50000', '0.02'));
  };

  it('places the four types on the mark or the last price, answers a repeated client order id with the first, lists and cancels them', async () => {
    const stopMarket = await placed(taker, { side: 'buy', type: 'stopMarket', triggerPrice: '51000', amount: '0.01', clientOrderId: 'sm-1' });
    expect(stopMarket).toEqual({
      conditionalNo: expect.any(Number), clientOrderId: 'sm-1', symbol: 'BTCUSDT', codeName: 'BTC/USDT', side: 'buy', direction: 'long', type: 'stopMarket',
      triggerPrice: '51000', workingType: 'mark', price: null, quantity: '0.01', closePosition: false, reduceOnly: false, origin: 'trigger', status: 'waiting',
      orderNo: null, rejectReason: null, time: expect.any(Number), updateTime: expect.any(Number),
    });
    const stopLimit = await placed(taker, { side: 'sell', type: 'stopLimit', triggerPrice: '49000', price: '48900', amount: '0.02', timeInForce: 'IOC', workingType: 'last' });
    expect(stopLimit).toMatchObject({ side: 'sell', direction: 'short', type: 'stopLimit', triggerPrice: '49000', price: '48900', workingType: 'last', quantity: '0.02' });
    const tpMarket = await placed(taker, { side: 'sell', type: 'takeProfitMarket', triggerPrice: '52000', amount: '0.01' });
    expect(tpMarket).toMatchObject({ type: 'takeProfitMarket', price: null, status: 'waiting' });
    const tpLimit = await placed(taker, { side: 'buy', type: 'takeProfitLimit', triggerPrice: '48000', price: '48100', amount: '0.01' });
    expect(tpLimit).toMatchObject({ type: 'takeProfitLimit', price: '48100', triggerPrice: '48000' });

    // The same client order id again: the first one, nothing new.
    const again = ok(await conditional(taker, { side: 'buy', type: 'stopMarket', triggerPrice: '51500', amount: '0.02', clientOrderId: 'sm-1' }));
    expect(again).toEqual({ conditional: stopMarket, duplicate: true });
    expect(ok(await conditional(taker, { side: 'buy', type: 'stopMarket', triggerPrice: '51000', amount: '0.01', clientOrderId: 'sm-2' })).duplicate).toBe(false);

    const waiting = await list(taker, { active: 1 });
    expect(waiting).toMatchObject({ total: 5, pageIndex: 1, pageSize: 20 });
    expect(waiting.list.map((c) => c.conditionalNo)).toContain(stopLimit.conditionalNo);
    expect((await list(taker, { active: 1, pageSize: 10, pageIndex: 2 })).list).toEqual([]);
    expect((await list(taker, { active: 1, symbol: 'ethusdt' })).total).toBe(0);
    // They hold no margin and are not pending orders.
    expect(ok(await post(API.contractOrderList, taker, { active: 1 })).total).toBe(0);
    expect((await positions(taker)).account).toMatchObject({ available: '10000', entrustMargin: '0' });

    const cancelled = ok(await post(API.contractCancelConditional, taker, { conditionalNo: tpLimit.conditionalNo }));
    expect(cancelled).toMatchObject({ conditionalNo: tpLimit.conditionalNo, status: 'cancelled', orderNo: null, rejectReason: null });
    expect((await list(taker, { active: 1 })).total).toBe(4);
    const history = await list(taker, { active: 2 });
    expect(history.list).toEqual([expect.objectContaining({ conditionalNo: tpLimit.conditionalNo, status: 'cancelled' })]);
    await refuses(taker, (lang) => post(API.contractCancelConditional, taker, { conditionalNo: tpLimit.conditionalNo }, lang), 'order.not.found');
    await refuses(maker, (lang) => post(API.contractCancelConditional, maker, { conditionalNo: stopLimit.conditionalNo }, lang), 'order.not.found');
    // Cancel-all takes the waiting ones too; its reply names only orders.
    expect(ok(await post(API.contractCancelAll, taker, {}))).toEqual({ cancelled: [] });
    expect((await list(taker, { active: 1 })).total).toBe(0);
    expect((await list(taker, { active: 2 })).list.map((c) => c.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
  });

  it('fires at its trigger: the order it placed trades, or is refused and the conditional order expires with the reason', async () => {
    ok(await limit(maker, 'sell', '50500', '0.01'));
    const stop = await placed(taker, { side: 'buy', type: 'stopMarket', triggerPrice: '50400', amount: '0.01' });
    // A poor user's stop: its order will not find the margin.
    const poor = await h.signUp(`kpoor${n}@example.com`);
    await h.fund(poor.id, '5');
    const poorStop = await placed(poor, { side: 'buy', type: 'stopMarket', triggerPrice: '50400', amount: '0.01' });
    await h.mark('BTCUSDT', 50_450);

    const [fired] = (await list(taker, { active: 2 })).list;
    expect(fired).toMatchObject({ conditionalNo: stop.conditionalNo, status: 'triggered', orderNo: expect.any(Number), rejectReason: null });
    const orders = ok(await post(API.contractOrderList, taker, { active: 2 })).list;
    expect(orders).toEqual([expect.objectContaining({ orderNo: fired!.orderNo, type: 'market', status: 'completed', tradedQuantity: '0.01', avgPrice: '50500' })]);
    expect((await positions(taker)).positions[0]).toMatchObject({ direction: 'long', quantity: '0.01' });

    const [expired] = (await list(poor, { active: 2 })).list;
    expect(expired).toMatchObject({ conditionalNo: poorStop.conditionalNo, status: 'expired', orderNo: null, rejectReason: 'funds.insufficient' });
    expect((await list(poor, { active: 1 })).total).toBe(0);
    await h.mark('BTCUSDT', 50_000);
  });

  it('lists a position\'s take-profit and stop-loss, cancelled when the position closes', async () => {
    await openLong();
    ok(await post(API.contractSetTpSl, taker, { symbol: 'BTCUSDT', takeProfit: '55000', stopLoss: '46000' }));
    const waiting = (await list(taker, { active: 1 })).list;
    expect(waiting).toHaveLength(2);
    expect(waiting).toContainEqual(expect.objectContaining({
      origin: 'takeProfit', type: 'takeProfitMarket', side: 'sell', direction: 'long', triggerPrice: '55000', closePosition: true, quantity: null, reduceOnly: true,
    }));
    expect(waiting).toContainEqual(expect.objectContaining({ origin: 'stopLoss', type: 'stopMarket', triggerPrice: '46000', closePosition: true }));
    // Closed at once with one key: both go with it.
    ok(await limit(maker, 'buy', '49990', '0.02'));
    ok(await post(API.contractCloseAll, taker, {}));
    expect((await list(taker, { active: 1 })).total).toBe(0);
    const ended = (await list(taker, { active: 2 })).list;
    expect(ended.map((c) => [c.origin, c.status]).sort()).toEqual([['stopLoss', 'cancelled'], ['takeProfit', 'cancelled']]);
  });

  it('refuses bad input and a trigger the price has passed, in the user\'s language, changing nothing', async () => {
    await openLong();
    ok(await limit(taker, 'buy', '49000', '0.01', { clientOrderId: 'plain-1' }));
    const pending = ok(await post(API.contractOrderList, taker, { active: 1 })).list[0];
    ok(await conditional(taker, { side: 'sell', type: 'stopMarket', triggerPrice: '45000', amount: '0.01' }));
    const flat = await h.signUp(`kflat${n}@example.com`);
    await h.fund(flat.id, '10000');
    const btc = { side: 'buy', type: 'stopMarket', triggerPrice: '51000', amount: '0.01' };
    const cases: Array<[string, User, object, ErrorCode, Record<string, unknown> | null]> = [
      ['a stop buy the mark is already above', taker, { ...btc, triggerPrice: '49000' }, 'contract.trigger.immediate', null],
      ['a stop buy the last price is already above', taker, { ...btc, workingType: 'last', triggerPrice: '49990' }, 'contract.trigger.immediate', null],
      ['a take-profit sell the mark is already above', taker, { ...btc, side: 'sell', type: 'takeProfitLimit', triggerPrice: '49000', price: '49000' }, 'contract.trigger.immediate', null],
      ['a trigger of 0', taker, { ...btc, triggerPrice: '0' }, 'contract.trigger.zero', null],
      ['a trigger off the tick', taker, { ...btc, triggerPrice: '51000.001' }, 'order.price.off.tick', { step: '0.01' }],
      ['a negative trigger', taker, { ...btc, triggerPrice: '-1' }, 'number.not.positive', null],
      ['a limit type without a price', taker, { ...btc, type: 'stopLimit' }, 'validate.required', null],
      ['a market type with a price', taker, { ...btc, price: '51000' }, 'request.invalid', null],
      ['a market type with a time in force', taker, { ...btc, timeInForce: 'GTC' }, 'request.invalid', null],
      ['an unknown type', taker, { ...btc, type: 'trailingStop' }, 'request.invalid', null],
      ['an unknown working price', taker, { ...btc, workingType: 'index' }, 'request.invalid', null],
      ['a zero quantity', taker, { ...btc, amount: '0' }, 'order.qty.invalid', null],
      ['a quantity off the lot', taker, { ...btc, amount: '0.000001' }, 'order.qty.off.lot', { step: '0.00001' }],
      ['no trigger', taker, { side: 'buy', type: 'stopMarket', amount: '0.01' }, 'validate.required', null],
      ['reduce-only on the long\'s own side', taker, { ...btc, reduceOnly: true }, 'contract.reduce.only.rejected', null],
      ['reduce-only on the short\'s own side', maker, { ...btc, side: 'sell', type: 'stopLimit', triggerPrice: '49000', price: '49000', reduceOnly: true }, 'contract.reduce.only.rejected', null],
      ['reduce-only without a position', flat, { ...btc, reduceOnly: true }, 'contract.reduce.only.rejected', null],
      ['an unknown market', taker, { ...btc, symbol: 'NOPEUSDT' }, 'market.unknown', null],
      ['the client order id of a plain order', taker, { ...btc, clientOrderId: 'plain-1' }, 'request.invalid', null],
      ['an unknown field', taker, { ...btc, closePosition: true }, 'request.invalid', null],
    ];
    for (const [what, who, body, code, data] of cases) {
      await refuses(who, (lang) => conditional(who, body, lang), code, data).catch((e: unknown) => {
        throw new Error(`${what}: ${String(e)}`);
      });
    }
    // Cancel: only a waiting conditional order of one's own; a plain order's number is not one.
    await refuses(taker, (lang) => post(API.contractCancelConditional, taker, { conditionalNo: pending.orderNo }, lang), 'order.not.found');
    await refuses(taker, (lang) => post(API.contractCancelConditional, taker, { conditionalNo: 0 }, lang), 'request.invalid');
    await refuses(taker, (lang) => post(API.contractConditionalList, taker, { active: 3 }, lang), 'request.invalid');
    await refuses(taker, (lang) => post(API.contractConditionalList, taker, { active: 1, pageSize: 15 }, lang), 'page.size.invalid');
    for (const lang of ['en', 'zh-CN']) {
      for (const url of [API.contractPlaceConditional, API.contractConditionalList, API.contractCancelConditional]) {
        const body = url === API.contractPlaceConditional ? { symbol: 'BTCUSDT', ...btc } : url === API.contractConditionalList ? { active: 1 } : { conditionalNo: 1 };
        expect((await post(url, null, body, lang)).body.code).toBe('login.user.not.login');
      }
    }
  });

  it('streams each conditional order\'s state on contractConditionals, after auth', async () => {
    const c = await WsClient.open(h.wsUrl);
    try {
      expect(await c.request({ op: 'subscribe', id: 1, topics: ['contractConditionals'] })).toMatchObject({ op: 'error', code: 'login.user.not.login' });
      expect(await c.request({ op: 'auth', id: 2, ticket: taker.ticket })).toEqual({ op: 'ack', id: 2 });
      expect(await c.request({ op: 'subscribe', id: 3, topics: ['contractConditionals'] })).toEqual({ op: 'ack', id: 3 });
      const frame = async () => (await c.take((f) => f.topic === 'contractConditionals')).data as ContractConditionalItem;
      const made = await placed(taker, { side: 'sell', type: 'stopLimit', triggerPrice: '49000', price: '48900', amount: '0.01' });
      expect(await frame()).toEqual(made);
      const gone = ok(await post(API.contractCancelConditional, taker, { conditionalNo: made.conditionalNo }));
      expect(await frame()).toEqual(gone);
      ok(await limit(maker, 'sell', '50500', '0.01'));
      const stop = await placed(taker, { side: 'buy', type: 'stopMarket', triggerPrice: '50400', amount: '0.01' });
      expect(await frame()).toMatchObject({ conditionalNo: stop.conditionalNo, status: 'waiting' });
      await h.mark('BTCUSDT', 50_450);
      expect(await frame()).toMatchObject({ conditionalNo: stop.conditionalNo, status: 'triggered', orderNo: expect.any(Number) });
      await h.mark('BTCUSDT', 50_000);
    } finally {
      c.close();
    }
  });
});
