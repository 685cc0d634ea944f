// Signed trading endpoints through app.inject(): order types and reply shapes, queries, cancels, history and the
// account; every refused order answers Binance's code and leaves balances and orders exactly as they were.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key } from './harness.ts';

describeDialects('binance orders', (dialect) => {
  let h: BinanceHarness;
  let alice: number;
  let bob: number;
  let a: Key;
  let b: Key;

  beforeAll(async () => {
    h = await openBinance(dialect);
    alice = await h.user('alice@example.com');
    bob = await h.user('bob@example.com');
    await h.credit(alice, 'BTC', '2');
    await h.credit(alice, 'USDT', '100000');
    await h.credit(bob, 'USDT', '100000');
    a = await h.key(alice, { trade: true });
    b = await h.key(bob, { trade: true });
  });
  afterAll(() => h?.dispose());

  const balance = async (key: Key, asset: string) => {
    const r = await h.signed('GET', '/account', key, '');
    return r.body.balances.find((x: { asset: string }) => x.asset === asset);
  };

  it('a resting limit order: FULL reply, query by id and client id, open orders, account locked', async () => {
    const r = await h.signed('POST', '/order', a, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&price=50100&quantity=0.5&newClientOrderId=ask-1');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      symbol: 'BTCUSDT', orderId: expect.any(Number), orderListId: -1, clientOrderId: 'ask-1', transactTime: h.clock.now(),
      price: '50100.00000000', origQty: '0.50000000', executedQty: '0.00000000', origQuoteOrderQty: '0.00000000', cummulativeQuoteQty: '0.00000000',
      status: 'NEW', timeInForce: 'GTC', type: 'LIMIT', side: 'SELL', workingTime: h.clock.now(), selfTradePreventionMode: 'EXPIRE_TAKER', fills: [],
    });
    const id = r.body.orderId;
    const byId = await h.signed('GET', '/order', a, `symbol=BTCUSDT&orderId=${id}`);
    expect(byId.body).toMatchObject({ orderId: id, clientOrderId: 'ask-1', status: 'NEW', isWorking: true, time: h.clock.now() });
    expect((await h.signed('GET', '/order', a, 'symbol=BTCUSDT&origClientOrderId=ask-1')).body.orderId).toBe(id);
    expect((await h.signed('GET', '/openOrders', a, 'symbol=BTCUSDT')).body.map((o: { orderId: number }) => o.orderId)).toEqual([id]);
    expect((await h.signed('GET', '/openOrders', a, '')).body).toHaveLength(1);
    expect(await balance(a, 'BTC')).toEqual({ asset: 'BTC', free: '1.50000000', locked: '0.50000000' });
    // Another user can't see it.
    expect((await h.signed('GET', '/order', b, `symbol=BTCUSDT&orderId=${id}`)).body.code).toBe(-2013);
    expect((await h.signed('GET', '/order', a, `symbol=ETHUSDT&orderId=${id}`)).body.code).toBe(-2013);
  });

  it('market orders by quantity and by quote amount fill against the book, with fills and commissions', async () => {
    const r = await h.signed('POST', '/order', b, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.1');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status: 'FILLED', type: 'MARKET', side: 'BUY', executedQty: '0.10000000', cummulativeQuoteQty: '5010.00000000' });
    expect(r.body.clientOrderId).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(r.body.fills).toEqual([{ price: '50100.00000000', qty: '0.10000000', commission: '0.00010000', commissionAsset: 'BTC', tradeId: expect.any(Number) }]);
    const q = await h.signed('POST', '/order', b, 'symbol=BTCUSDT&side=BUY&type=MARKET&quoteOrderQty=501&newOrderRespType=RESULT');
    expect(q.body).toMatchObject({ status: 'FILLED', executedQty: '0.01000000', cummulativeQuoteQty: '501.00000000', origQuoteOrderQty: '501.00000000' });
    expect(q.body.fills).toBeUndefined();
    const ack = await h.signed('POST', '/order', b, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=IOC&price=50100&quantity=0.01&newOrderRespType=ACK');
    expect(Object.keys(ack.body).sort()).toEqual(['clientOrderId', 'orderId', 'orderListId', 'symbol', 'transactTime']);
    expect(await balance(b, 'BTC')).toEqual({ asset: 'BTC', free: '0.11988000', locked: '0.00000000' });
  });

  it('myTrades and allOrders, from each side', async () => {
    const mine = (await h.signed('GET', '/myTrades', b, 'symbol=BTCUSDT')).body;
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ symbol: 'BTCUSDT', price: '50100.00000000', qty: '0.10000000', quoteQty: '5010.00000000', commission: '0.00010000', commissionAsset: 'BTC', isBuyer: true, isMaker: false });
    const theirs = (await h.signed('GET', '/myTrades', a, 'symbol=BTCUSDT&limit=1')).body;
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ isBuyer: false, isMaker: true, commissionAsset: 'USDT', commission: '0.50100000', id: mine[2].id });
    const all = (await h.signed('GET', '/allOrders', b, 'symbol=BTCUSDT')).body;
    expect(all.map((o: { status: string }) => o.status)).toEqual(['FILLED', 'FILLED', 'FILLED']);
    expect((await h.signed('GET', '/allOrders', b, `symbol=BTCUSDT&orderId=${all[1].orderId}`)).body).toHaveLength(2);
    expect((await h.signed('GET', '/myTrades', b, 'symbol=BTCUSDT&fromId=1&startTime=1')).body.code).toBe(-1128);
  });

  it('LIMIT_MAKER rests or is rejected; cancel by id, by client id, all; cancelled twice is unknown', async () => {
    const maker = await h.signed('POST', '/order', a, 'symbol=BTCUSDT&side=SELL&type=LIMIT_MAKER&price=50200&quantity=0.1&newClientOrderId=mk');
    expect(maker.body).toMatchObject({ type: 'LIMIT_MAKER', status: 'NEW', timeInForce: 'GTC' });
    const before = await h.state(bob);
    const taking = await h.signed('POST', '/order', b, 'symbol=BTCUSDT&side=BUY&type=LIMIT_MAKER&price=50200&quantity=0.1');
    expect(taking.body).toEqual({ code: -2010, msg: 'Order would immediately match and take.' });
    expect(await h.state(bob)).toEqual(before);
    const c = await h.signed('DELETE', '/order', a, 'symbol=BTCUSDT&origClientOrderId=mk');
    expect(c.body).toMatchObject({ orderId: maker.body.orderId, origClientOrderId: 'mk', status: 'CANCELED', executedQty: '0.00000000' });
    expect((await h.signed('DELETE', '/order', a, `symbol=BTCUSDT&orderId=${maker.body.orderId}`)).body.code).toBe(-2011);
    expect((await h.signed('DELETE', '/order', a, 'symbol=BTCUSDT&orderId=999999')).body.code).toBe(-2011);
    expect((await h.signed('GET', '/order', a, 'symbol=BTCUSDT&orderId=999999')).body.code).toBe(-2013);
    await h.signed('POST', '/order', a, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=49000&quantity=0.1');
    const all = await h.signed('DELETE', '/openOrders', a, 'symbol=BTCUSDT');
    expect(all.body.map((o: { status: string }) => o.status)).toEqual(['CANCELED', 'CANCELED']);
    expect((await h.signed('GET', '/openOrders', a, '')).body).toEqual([]);
    expect(await balance(a, 'BTC')).toMatchObject({ locked: '0.00000000' });
  });

  it('IOC fills what it can and expires the rest; FOK fills all or is refused', async () => {
    const ask = await h.signed('POST', '/order', a, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&price=50400&quantity=0.05');
    expect(ask.body.status).toBe('NEW');
    const before = await h.state(bob);
    const fok = await h.signed('POST', '/order', b, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=FOK&price=50400&quantity=0.06');
    expect(fok.body).toEqual({ code: -2010, msg: 'Order would not be fully filled (FOK).' });
    expect(await h.state(bob)).toEqual(before);
    const ioc = await h.signed('POST', '/order', b, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=IOC&price=50400&quantity=0.03');
    expect(ioc.body).toMatchObject({ status: 'FILLED', executedQty: '0.03000000', timeInForce: 'IOC' });
    const partial = await h.signed('POST', '/order', b, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=IOC&price=50400&quantity=0.05');
    expect(partial.body).toMatchObject({ status: 'EXPIRED', origQty: '0.05000000', executedQty: '0.02000000', cummulativeQuoteQty: '1008.00000000' });
    expect(partial.body.fills).toHaveLength(1);
    const mine = (await h.signed('GET', '/myTrades', b, `symbol=BTCUSDT&orderId=${partial.body.orderId}`)).body;
    expect(mine.map((t: { orderId: number; qty: string }) => [t.orderId, t.qty])).toEqual([[partial.body.orderId, '0.02000000']]);
    expect((await h.signed('GET', '/order', a, `symbol=BTCUSDT&orderId=${ask.body.orderId}`)).body).toMatchObject({ status: 'FILLED', isWorking: false });
  });

  it('refused orders: Binance code each, nothing changed', async () => {
    await h.signed('POST', '/order', b, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=40000&quantity=0.1&newClientOrderId=keep');
    const limit = (extra: string) => `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&${extra}`;
    const cases: Array<[string, number, string?]> = [
      [limit('price=50000&quantity=1e-3'), -1100],
      [limit('price=50000&quantity=-0.1'), -1100],
      [limit('price=50000&quantity=0'), -1013, 'Filter failure: LOT_SIZE'],
      [limit('price=0&quantity=0.1'), -1013, 'Filter failure: PRICE_FILTER'],
      [limit('price=50000&quantity=0.000000001'), -1111],
      [limit('price=50000&quantity=0.000000000000000000001'), -1100],
      [limit('price=50000&quantity=99999999999999999999'), -1013, 'Filter failure: LOT_SIZE'],
      [limit('price=50000&quantity=0.000001'), -1013, 'Filter failure: LOT_SIZE'],
      [limit('price=50000.001&quantity=0.1'), -1013, 'Filter failure: PRICE_FILTER'],
      [limit('price=99999999999999999999&quantity=0.1'), -1013, 'Filter failure: PRICE_FILTER'],
      [limit('price=90000000&quantity=2'), -1013, 'Filter failure: NOTIONAL'],
      ['symbol=BTCUSDT&side=BUY&type=MARKET&quoteOrderQty=99999999999999999999', -1013, 'Filter failure: NOTIONAL'],
      ['symbol=BTCUSDT&side=BUY&type=MARKET&quoteOrderQty=0', -1013, 'Filter failure: NOTIONAL'],
      ['symbol=BTCUSDT&side=BUY&type=LIMIT_MAKER&timeInForce=GTC&price=1&quantity=1', -1106],
      [limit('price=50000&quantity=0.00001'), -1013, 'Filter failure: NOTIONAL'],
      [limit('price=50000&quantity=3'), -2010, 'Account has insufficient balance for requested action.'],
      [limit('price=50000'), -1102],
      [limit('price=50000&quantity=0.1&newClientOrderId=keep'), -2010, 'Duplicate order sent.'],
      [limit('price=50000&quantity=0.1&newClientOrderId=bad%20id'), -1100],
      [limit('price=50000&quantity=0.1&price=1'), -1101],
      [limit('price=50000&quantity=0.1&stopPrice=1'), -1106, "Parameter 'stopPrice' sent when not required."],
      [limit('price=50000&quantity=0.1&icebergQty=1'), -1104],
      ['symbol=NOPEUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=1&quantity=1', -1121],
      ['symbol=BTCUSDT&side=UP&type=LIMIT&timeInForce=GTC&price=1&quantity=1', -1117],
      ['symbol=BTCUSDT&side=BUY&type=STOP&timeInForce=GTC&price=1&quantity=1', -1116],
      ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTD&price=50000&quantity=0.1', -1115],
      ['symbol=BTCUSDT&side=BUY&type=MARKET&timeInForce=GTC&quantity=0.1', -1106],
      ['symbol=BTCUSDT&side=BUY&type=MARKET', -1102],
      ['symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.1&quoteOrderQty=10', -1106],
      ['symbol=SOLUSDT&side=BUY&type=MARKET&quantity=1', -2010],
      ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=60000&quantity=0.1&newOrderRespType=MAX', -1125],
    ];
    const before = [await h.state(alice), await h.state(bob)];
    for (const [params, code, msg] of cases) {
      const r = await h.signed('POST', '/order', b, params);
      expect(r.body, params).toEqual({ code, msg: msg ?? expect.any(String) });
      expect(r.status).toBe(400);
    }
    expect([await h.state(alice), await h.state(bob)]).toEqual(before);
  });
});
