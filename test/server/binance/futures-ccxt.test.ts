// ccxt's `binanceusdm` class, unchanged but for its URLs, against a listening server: what a futures bot does.
// Load the perpetuals, set leverage and margin type, open against a resting order, read the position and the
// balance, close reduce-only, read trades, funding and income; stop-loss and take-profit orders on the Algo Order
// API, fired by the mark. Marks are set by hand (as the mark job would: on the desk and on the bus); the
// counterparty trades through the perp desk.
import ccxt from 'ccxt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { topics } from '../../../server/desks/index.ts';
import { rate } from '../../../server/kernel/index.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, pointAt, type BinanceHarness } from './harness.ts';

const usdt = (n: number) => BigInt(Math.round(n * 1e8));
const BTC = 'BTC/USDT:USDT';

describeDialects('ccxt binanceusdm client', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binanceusdm>;
  let lp: number;
  const calls: string[] = [];

  async function mark(symbol: string, price: number) {
    const r = await h.desks.perp.mark({ symbol, mark: usdt(price), index: usdt(price), fundingRate: null });
    expect(r.ok).toBe(true);
    h.trading.bus.publish(topics.perpMark(symbol), {
      type: 'perp.mark', symbol, mark: String(price), index: String(price), fundingRate: '0.00012', nextFundingTime: Date.now() + 3_600_000, time: Date.now(),
    });
  }
  async function rest(side: 'buy' | 'sell', price: string, qty: string) {
    const r = await h.desks.perp.place({ user: lp, symbol: 'BTCUSDT', side, type: 'limit', price, qty });
    expect(r.ok).toBe(true);
  }

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    lp = await h.user('usdm-lp@example.com');
    const trader = await h.user('usdm-bot@example.com');
    for (const [user, amount] of [[lp, '1000000'], [trader, '10000']] as const) {
      const r = await h.desks.contract.adjust({ user, asset: 'USDT', amount, action: 'credit', memo: 'ccxt usdm test' });
      expect(r.ok).toBe(true);
    }
    await mark('BTCUSDT', 50_000);
    const key = await h.key(trader, { trade: true });
    h.app.addHook('onRequest', async (request) => {
      calls.push(`${request.method} ${request.url.split('?')[0]}`);
    });
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    ex = new ccxt.binanceusdm({ apiKey: key.apiKey, secret: key.secret, enableRateLimit: false });
    pointAt(ex, address);
  });
  afterAll(() => h?.dispose());

  it('loads the perpetuals', async () => {
    const markets = await ex.loadMarkets();
    expect(Object.keys(markets)).toHaveLength(12);
    const btc = markets[BTC]!;
    expect(btc).toMatchObject({
      id: 'BTCUSDT', type: 'swap', swap: true, linear: true, contract: true, settle: 'USDT', contractSize: 1, active: true, marginModes: { cross: true, isolated: true },
    });
    expect(btc.precision).toMatchObject({ price: 0.01, amount: 0.00001 });
    expect(btc.limits).toMatchObject({ amount: { min: 0.00001, max: 9000 }, market: { min: 0.00001, max: 9000 }, cost: { min: 5 } });
    expect(calls).toContain('GET /fapi/v1/exchangeInfo');
  });

  it('sets leverage and margin type, and reads the settings back', async () => {
    expect(await ex.setLeverage(10, BTC)).toEqual({ leverage: 10, maxNotionalValue: '230000000', symbol: 'BTCUSDT' });
    expect(await ex.setMarginMode('isolated', BTC)).toMatchObject({ code: 200, msg: 'success' });
    const leverage = await ex.fetchLeverage(BTC);
    expect(leverage).toMatchObject({ symbol: BTC, marginMode: 'isolated', longLeverage: 10, shortLeverage: 10 });
    expect(await ex.fetchPositionMode(BTC)).toMatchObject({ hedged: false });
    expect(await ex.setPositionMode(false)).toMatchObject({ code: 200 });
    await expect(ex.setPositionMode(true)).rejects.toThrow(/-4059/);
    await expect(ex.setLeverage(150, 'ETH/USDT:USDT')).rejects.toBeInstanceOf(ccxt.BadRequest);
    await expect(ex.setLeverage(101, 'ETH/USDT:USDT')).rejects.toThrow(/-4028/);
    expect(await ex.fetchTradingFee(BTC)).toMatchObject({ maker: 0.0002, taker: 0.0005 });
  });

  it('opens a long at market and reads position and balance', async () => {
    await rest('sell', '50100', '1');
    const book = await ex.fetchOrderBook(BTC, 5);
    expect(book.asks[0]).toEqual([50100, 1]);
    const opened = await ex.createOrder(BTC, 'market', 'buy', 0.1);
    expect(opened).toMatchObject({ symbol: BTC, type: 'market', side: 'buy', status: 'closed', filled: 0.1, average: 50100, cost: 5010, reduceOnly: false });
    expect(String(opened.clientOrderId)).toMatch(/^x-/);
    // With a position open, marks are recorded (mark price candles).
    await mark('BTCUSDT', 50_000);

    const positions = await ex.fetchPositions([BTC]);
    expect(positions).toHaveLength(1);
    const p = positions[0]!;
    expect(p).toMatchObject({ symbol: BTC, side: 'long', contracts: 0.1, entryPrice: 50100, markPrice: 50000, notional: 5000, unrealizedPnl: -10, leverage: 10, marginMode: 'isolated', hedged: false });
    // Isolated 10x: 501 USDT of margin for 0.1 BTC (isolatedMargin = wallet 501 + unrealized −10), liquidated a
    // little under 45 600.
    expect(p.collateral).toBe(491);
    expect(p.info).toMatchObject({ isolatedWallet: '501.00000000', isolatedMargin: '491.00000000' });
    expect(p.liquidationPrice).toBeGreaterThan(45_000);
    expect(p.liquidationPrice).toBeLessThan(46_000);
    expect(p.maintenanceMargin).toBe(20);
    expect(p.initialMargin).toBe(500);
    expect(calls).toContain('GET /fapi/v1/leverageBracket');
    expect(calls).toContain('GET /fapi/v3/positionRisk');

    // 10 000 − 2.505 fee; total is the margin balance (wallet + unrealized −10), free what orders may still use.
    const balance = await ex.fetchBalance();
    expect(balance['USDT']).toMatchObject({ free: 10_000 - 2.505 - 501, used: 500, total: 10_000 - 2.505 - 10 });
    expect(calls).toContain('GET /fapi/v3/account');
  });

  it('works with limit orders: open, fetch, cancel', async () => {
    const limit = await ex.createOrder(BTC, 'limit', 'buy', 0.01, 49_000);
    expect(limit).toMatchObject({ status: 'open', price: 49_000, amount: 0.01, remaining: 0.01, timeInForce: 'GTC' });
    const id = String(limit.id);
    expect((await ex.fetchOpenOrders(BTC)).map((o) => o.id)).toEqual([id]);
    expect(await ex.fetchOrder(id, BTC)).toMatchObject({ id, status: 'open', clientOrderId: limit.clientOrderId });
    expect(await ex.cancelOrder(id, BTC)).toMatchObject({ id, status: 'canceled' });
    expect(await ex.fetchOpenOrders(BTC)).toEqual([]);
    const post = await ex.createOrder(BTC, 'limit', 'buy', 0.01, 49_500, { postOnly: true });
    expect(post).toMatchObject({ status: 'open', postOnly: true, timeInForce: 'PO' });
    await ex.cancelAllOrders(BTC);
    expect(await ex.fetchOpenOrders(BTC)).toEqual([]);
    expect((await ex.fetchOrders(BTC)).map((o) => o.status)).toEqual(['closed', 'canceled', 'canceled']);
  });

  it('answers refusals with Binance codes; ccxt types them as it does on Binance', async () => {
    await expect(ex.createOrder(BTC, 'limit', 'buy', 5, 49_000)).rejects.toThrow(/"code":-2019,"msg":"Margin is insufficient."/);
    await expect(ex.createOrder(BTC, 'market', 'buy', 0.1, undefined, { reduceOnly: true })).rejects.toThrow(/-2022/);
    await expect(ex.createOrder(BTC, 'limit', 'buy', 0.00005, 49_000)).rejects.toThrow(/-4164/);
    await expect(ex.createOrder(BTC, 'limit', 'buy', 0.01, 60_000)).rejects.toThrow(/-4016/);
    await expect(ex.cancelOrder('999999', BTC)).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await expect(ex.fetchOrder('999999', BTC)).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    await expect(ex.setMarginMode('cross', BTC)).rejects.toThrow(/-4048/);
    // ccxt picks its USDⓈ-M code table by Binance's host name (fapi.binance.com); on any other host it uses only the
    // common table. With the USDⓈ-M table, the same answers raise the types a bot sees on Binance.
    const typed = new ccxt.binanceusdm({ apiKey: ex.apiKey, secret: ex.secret, enableRateLimit: false });
    typed.urls['api'] = ex.urls['api'];
    typed.markets = ex.markets;
    typed.markets_by_id = ex.markets_by_id;
    typed.symbols = ex.symbols;
    const linear = (typed.exceptions['linear'] as { exact: Record<string, unknown> }).exact;
    typed.exceptions['exact'] = { ...(typed.exceptions['exact'] as Record<string, unknown>), ...linear };
    await expect(typed.createOrder(BTC, 'limit', 'buy', 5, 49_000)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
    await expect(typed.createOrder(BTC, 'market', 'buy', 0.1, undefined, { reduceOnly: true })).rejects.toBeInstanceOf(ccxt.InvalidOrder);
    await expect(typed.createOrder(BTC, 'limit', 'buy', 0.00005, 49_000)).rejects.toBeInstanceOf(ccxt.InvalidOrder);
    await expect(typed.createOrder(BTC, 'limit', 'buy', 0.01, 60_000)).rejects.toBeInstanceOf(ccxt.BadRequest);
    await expect(typed.setMarginMode('isolated', BTC)).rejects.toBeInstanceOf(ccxt.MarginModeAlreadySet);
  });

  it('settles funding; reads rates, funding history and income', async () => {
    const settled = await h.desks.perp.funding({ symbol: 'BTCUSDT', rate: rate(10_000n), mark: usdt(50_000) });
    expect(settled.ok).toBe(true);
    const current = await ex.fetchFundingRate(BTC);
    expect(current).toMatchObject({ symbol: BTC, markPrice: 50_000, indexPrice: 50_000, fundingRate: 0.00012, interestRate: 0.0001 });
    expect(current.fundingTimestamp).toBeGreaterThan(Date.now());
    const history = await ex.fetchFundingRateHistory(BTC);
    expect(history.map((x) => [x.symbol, x.fundingRate])).toEqual([[BTC, 0.0001]]);
    // Long 0.1 at mark 50 000 pays 0.01 %: 0.5 USDT.
    const funding = await ex.fetchFundingHistory(BTC);
    expect(funding).toHaveLength(1);
    expect(funding[0]).toMatchObject({ symbol: BTC, code: 'USDT', amount: -0.5 });
  });

  it('closes with a reduce-only market sell', async () => {
    await h.desks.perp.cancelAll({ user: lp, symbol: 'BTCUSDT' });
    await rest('buy', '50300', '1');
    const closed = await ex.createOrder(BTC, 'market', 'sell', 0.1, undefined, { reduceOnly: true });
    expect(closed).toMatchObject({ status: 'closed', filled: 0.1, average: 50300, reduceOnly: true });
    expect(await ex.fetchPositions([BTC])).toEqual([]);

    const trades = await ex.fetchMyTrades(BTC);
    expect(trades.map((t) => [t.side, t.price, t.amount, t.takerOrMaker, t.fee?.cost])).toEqual([
      ['buy', 50100, 0.1, 'taker', 2.505],
      ['sell', 50300, 0.1, 'taker', 2.515],
    ]);
    expect(trades[1]!.info['realizedPnl']).toBe('20.00000000');

    const income = (await ex.fapiPrivateGetIncome({ symbol: 'BTCUSDT' })) as Array<Record<string, string>>;
    expect(income.map((x) => [x['incomeType'], x['income']])).toEqual([
      ['COMMISSION', '-2.50500000'],
      ['FUNDING_FEE', '-0.50000000'],
      ['REALIZED_PNL', '20.00000000'],
      ['COMMISSION', '-2.51500000'],
    ]);
    const ledger = await ex.fetchLedger('USDT');
    expect(ledger.map((x) => x.type)).toEqual(['transfer', 'commission', 'fee', 'trade', 'commission']);
    const balance = await ex.fetchBalance();
    expect(balance['USDT']).toMatchObject({ free: 10_014.48, used: 0, total: 10_014.48 });
  });

  it('reads public market data of the perpetual', async () => {
    const ticker = await ex.fetchTicker(BTC);
    expect(ticker).toMatchObject({ symbol: BTC, last: 50_300, high: 50_300, low: 50_100, baseVolume: 0.2 });
    const trades = await ex.fetchTrades(BTC);
    expect(trades.map((t) => [t.price, t.amount, t.side])).toEqual([[50_100, 0.1, 'buy'], [50_300, 0.1, 'sell']]);
    const candles = await ex.fetchOHLCV(BTC, '1m');
    expect(candles.reduce((n, c) => n + c[5]!, 0)).toBeCloseTo(0.2, 8);
    const marks = await ex.fetchMarkOHLCV(BTC, '1m');
    expect(marks.length).toBeGreaterThan(0);
    expect(await ex.fetchOpenInterest(BTC)).toMatchObject({ symbol: BTC, openInterestAmount: 0 });
    expect(await ex.fetchMarkPrice(BTC)).toMatchObject({ symbol: BTC, markPrice: 50_000 });
  });

  it('places conditional orders on the Algo Order API: stop-loss, take-profit, cancel, trigger', async () => {
    // A new long of 0.1 at 50 000 (mark 50 000, last trade 50 000).
    await h.desks.perp.cancelAll({ user: lp, symbol: 'BTCUSDT' });
    await rest('sell', '50000', '1');
    expect(await ex.createOrder(BTC, 'market', 'buy', 0.1)).toMatchObject({ status: 'closed', filled: 0.1, average: 50_000 });

    // stopLossPrice with a market order: STOP_MARKET; here on the mark (Binance's default is the last price).
    const sl = await ex.createOrder(BTC, 'market', 'sell', 0.1, undefined, { stopLossPrice: 49_000, reduceOnly: true, workingType: 'MARK_PRICE' });
    expect(sl).toMatchObject({ symbol: BTC, type: 'market', side: 'sell', status: 'open', triggerPrice: 49_000, amount: 0.1, filled: 0, reduceOnly: true });
    expect(sl.info).toMatchObject({ algoType: 'CONDITIONAL', orderType: 'STOP_MARKET', algoStatus: 'NEW', workingType: 'MARK_PRICE', quantity: '0.10000000' });
    expect(String(sl.clientOrderId)).toMatch(/^x-/);
    // takeProfitPrice: TAKE_PROFIT_MARKET on the last price.
    const tp = await ex.createOrder(BTC, 'market', 'sell', 0.1, undefined, { takeProfitPrice: 52_000, reduceOnly: true });
    expect(tp).toMatchObject({ type: 'market', side: 'sell', status: 'open', triggerPrice: 52_000, reduceOnly: true });
    expect(tp.info).toMatchObject({ orderType: 'TAKE_PROFIT_MARKET', workingType: 'CONTRACT_PRICE' });
    // triggerPrice with a limit order: STOP (a stop-limit), here a closing one.
    const stopLimit = await ex.createOrder(BTC, 'limit', 'sell', 0.05, 48_500, { triggerPrice: 48_600, reduceOnly: true, workingType: 'MARK_PRICE' });
    expect(stopLimit).toMatchObject({ type: 'limit', price: 48_500, triggerPrice: 48_600, amount: 0.05, status: 'open', timeInForce: 'GTC' });
    expect(stopLimit.info['orderType']).toBe('STOP');
    expect(calls).toContain('POST /fapi/v1/algoOrder');

    // Open orders: ccxt asks the Algo API only with { trigger: true }; the plain list stays empty.
    expect(await ex.fetchOpenOrders(BTC)).toEqual([]);
    const waiting = await ex.fetchOpenOrders(BTC, undefined, undefined, { trigger: true });
    expect(waiting.map((o) => [o.id, o.status, o.triggerPrice])).toEqual([[sl.id, 'open', 49_000], [tp.id, 'open', 52_000], [stopLimit.id, 'open', 48_600]]);
    expect(calls).toContain('GET /fapi/v1/openAlgoOrders');
    expect(await ex.fetchOrder(String(tp.id), BTC, { trigger: true })).toMatchObject({ id: tp.id, status: 'open', clientOrderId: tp.clientOrderId });
    expect(calls).toContain('GET /fapi/v1/algoOrder');
    // Without { trigger: true } ccxt asks /order, where an algo id is no order.
    await expect(ex.fetchOrder(String(tp.id), BTC)).rejects.toBeInstanceOf(ccxt.OrderNotFound);

    // A stop the mark is already past: -2021.
    await expect(ex.createOrder(BTC, 'market', 'sell', 0.1, undefined, { stopLossPrice: 51_000, reduceOnly: true, workingType: 'MARK_PRICE' })).rejects.toThrow(
      /"code":-2021,"msg":"Order would immediately trigger."/,
    );

    // Cancel the take-profit and the stop-limit.
    expect(await ex.cancelOrder(String(tp.id), BTC, { trigger: true })).toMatchObject({ id: tp.id, clientOrderId: tp.clientOrderId });
    expect(calls).toContain('DELETE /fapi/v1/algoOrder');
    expect(await ex.fetchOrder(String(tp.id), BTC, { trigger: true })).toMatchObject({ status: 'canceled' });
    await expect(ex.cancelOrder(String(tp.id), BTC, { trigger: true })).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    expect(await ex.cancelOrder(String(stopLimit.id), BTC, { trigger: true, clientOrderId: stopLimit.clientOrderId })).toMatchObject({ id: stopLimit.id });

    // The mark falls through the stop: it sells the position at market into the bid.
    await rest('buy', '48900', '1');
    await mark('BTCUSDT', 48_950);
    expect(await ex.fetchPositions([BTC])).toEqual([]);
    const fired = await ex.fetchOrder(String(sl.id), BTC, { trigger: true });
    expect(fired).toMatchObject({ id: sl.id, status: 'closed', triggerPrice: 49_000 });
    expect(fired.info).toMatchObject({ algoStatus: 'FINISHED', actualPrice: '48900.00000000' });
    // The order it placed is a plain one.
    const actual = await ex.fetchOrder(String(fired.info['actualOrderId']), BTC);
    expect(actual).toMatchObject({ type: 'market', side: 'sell', status: 'closed', filled: 0.1, average: 48_900, reduceOnly: true });
    expect((await ex.fetchMyTrades(BTC)).at(-1)).toMatchObject({ order: actual.id, side: 'sell', price: 48_900, amount: 0.1 });
    expect(await ex.fetchOpenOrders(BTC, undefined, undefined, { trigger: true })).toEqual([]);

    // History: fetchOrders with { trigger: true } reads allAlgoOrders.
    const history = await ex.fetchOrders(BTC, undefined, undefined, { trigger: true });
    expect(history.map((o) => [o.id, o.status])).toEqual([[sl.id, 'closed'], [tp.id, 'canceled'], [stopLimit.id, 'canceled']]);
    expect(calls).toContain('GET /fapi/v1/allAlgoOrders');
    expect((await ex.fetchCanceledOrders(BTC, undefined, undefined, { trigger: true })).map((o) => o.id)).toEqual([tp.id, stopLimit.id]);

    // cancelAllOrders with { trigger: true }: DELETE algoOpenOrders (conditional orders that open are fine too).
    await ex.createOrder(BTC, 'market', 'buy', 0.01, undefined, { triggerPrice: 52_000 });
    await ex.createOrder(BTC, 'market', 'buy', 0.01, undefined, { takeProfitPrice: 47_000, workingType: 'MARK_PRICE' });
    expect(await ex.fetchOpenOrders(BTC, undefined, undefined, { trigger: true })).toHaveLength(2);
    await ex.cancelAllOrders(BTC, { trigger: true });
    expect(calls).toContain('DELETE /fapi/v1/algoOpenOrders');
    expect(await ex.fetchOpenOrders(BTC, undefined, undefined, { trigger: true })).toEqual([]);
  });
});
