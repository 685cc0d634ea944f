// Binance USDⓈ-M futures on /fapi: every endpoint's shape, the refusals in Binance's codes, and the figures behind
// positions, balances and income, against the perp desk through the test harness (fixed clock, hand-set marks).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics } from '../../../server/desks/index.ts';
import { rate } from '../../../server/kernel/index.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key, type Res } from './harness.ts';

const E8 = 100_000_000n;
const usdt = (n: number) => BigInt(Math.round(n * 1e8));

describeDialects('binance usdm futures', (dialect) => {
  let h: BinanceHarness;
  let trader: number;
  let lp: number;
  let key: Key;
  let lpKey: Key;
  let readOnly: Key;

  /** The mark job's two effects: the desk's mark, and the mark published on the bus. */
  async function mark(symbol: string, price: number) {
    const r = await h.desks.perp.mark({ symbol, mark: usdt(price), index: usdt(price), fundingRate: null });
    expect(r.ok).toBe(true);
    h.trading.bus.publish(topics.perpMark(symbol), {
      type: 'perp.mark', symbol, mark: String(price), index: String(price), fundingRate: '0.0001', nextFundingTime: h.clock.now() + 3_600_000, time: h.clock.now(),
    });
  }
  const pub = async (path: string, query = ''): Promise<Res> => {
    const raw = await h.app.inject({ method: 'GET', url: `/fapi/v1${path}${query ? `?${query}` : ''}` });
    return { status: raw.statusCode, body: raw.json(), raw };
  };
  const fapi = (method: 'GET' | 'POST' | 'DELETE', path: string, k: Key, params = '', version = 'v1') =>
    h.signed(method, path, k, params, { prefix: `/fapi/${version}`, body: method === 'POST' });
  const order = (k: Key, params: string) => fapi('POST', '/order', k, params);
  const fund = async (user: number, amount: string) => {
    const r = await h.desks.contract.adjust({ user, asset: 'USDT', amount, action: 'credit', memo: 'futures test' });
    expect(r.ok).toBe(true);
  };

  beforeAll(async () => {
    h = await openBinance(dialect);
    trader = await h.user('futures-trader@example.com');
    lp = await h.user('futures-lp@example.com');
    await fund(trader, '10000');
    await fund(lp, '1000000');
    key = await h.key(trader, { trade: true });
    lpKey = await h.key(lp, { trade: true });
    readOnly = await h.key(trader, { trade: false });
    await mark('BTCUSDT', 50_000);
    await mark('ETHUSDT', 3_000);
  });
  afterAll(() => h?.dispose());

  describe('public market data', () => {
    it('exchangeInfo lists every perpetual with its filters; COIN-M stays empty', async () => {
      const info = await pub('/exchangeInfo');
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ timezone: 'UTC', futuresType: 'U_MARGINED', assets: [{ asset: 'USDT', marginAvailable: true }] });
      expect(info.body.symbols).toHaveLength(12);
      const btc = info.body.symbols.find((s: { symbol: string }) => s.symbol === 'BTCUSDT');
      expect(btc).toMatchObject({
        pair: 'BTCUSDT', contractType: 'PERPETUAL', deliveryDate: 4133404800000, status: 'TRADING', baseAsset: 'BTC', quoteAsset: 'USDT', marginAsset: 'USDT',
        pricePrecision: 2, quantityPrecision: 5, liquidationFee: '0.012500', marketTakeBound: '0.05', maintMarginPercent: '0.4000', requiredMarginPercent: '0.8000',
        orderTypes: ['LIMIT', 'MARKET', 'STOP', 'STOP_MARKET', 'TAKE_PROFIT', 'TAKE_PROFIT_MARKET'], timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
      });
      const filters = Object.fromEntries(btc.filters.map((f: { filterType: string }) => [f.filterType, f]));
      expect(filters['PRICE_FILTER']).toMatchObject({ tickSize: '0.01000000', minPrice: '0.01000000' });
      expect(filters['LOT_SIZE']).toMatchObject({ stepSize: '0.00001000', minQty: '0.00001000', maxQty: '9000.00000000' });
      expect(filters['MARKET_LOT_SIZE']).toEqual({ ...filters['LOT_SIZE'], filterType: 'MARKET_LOT_SIZE' });
      expect(filters['MIN_NOTIONAL']).toEqual({ filterType: 'MIN_NOTIONAL', notional: '5' });
      expect(filters['PERCENT_PRICE']).toEqual({ filterType: 'PERCENT_PRICE', multiplierUp: '1.0500', multiplierDown: '0.9500', multiplierDecimal: '4' });
      const other = info.body.symbols.find((s: { symbol: string }) => s.symbol === 'ADAUSDT');
      expect(other).toMatchObject({ liquidationFee: '0.015000', requiredMarginPercent: '2.0000' });
      expect((await pub('/exchangeInfo', 'symbol=BTCUSDT')).body.code).toBe(-1104);
      const dapi = await h.app.inject({ method: 'GET', url: '/dapi/v1/exchangeInfo' });
      expect(dapi.json().symbols).toEqual([]);
    });

    it('premiumIndex, fundingInfo, openInterest and an empty book', async () => {
      const premium = await pub('/premiumIndex', 'symbol=BTCUSDT');
      expect(premium.body).toEqual({
        symbol: 'BTCUSDT', markPrice: '50000.00000000', indexPrice: '50000.00000000', estimatedSettlePrice: '50000.00000000', lastFundingRate: '0.00010000',
        interestRate: '0.00010000', nextFundingTime: h.clock.now() + 3_600_000, time: h.clock.now(),
      });
      const all = await pub('/premiumIndex');
      expect(all.body).toHaveLength(12);
      // No mark yet for SOL: the index (none in the harness) and no funding.
      expect(all.body.find((x: { symbol: string }) => x.symbol === 'SOLUSDT')).toMatchObject({ markPrice: '0.00000000', lastFundingRate: '0.00000000' });
      expect((await pub('/premiumIndex', 'symbol=NOPEUSDT')).body).toEqual({ code: -1121, msg: 'Invalid symbol.' });
      // With the mark job's inputs, premiumIndex publishes what the mark is the median of.
      h.trading.bus.publish(topics.perpMark('ETHUSDT'), {
        type: 'perp.mark', symbol: 'ETHUSDT', mark: '3001', index: '3000', fundingRate: '0.0001', nextFundingTime: h.clock.now() + 3_600_000, time: h.clock.now(),
        price1: '3000.15', price2: '3001', contractPrice: '3002', basisAverage: '1', basisSamples: 300,
      });
      expect((await pub('/premiumIndex', 'symbol=ETHUSDT')).body).toMatchObject({
        markPrice: '3001.00000000',
        markPriceInputs: { price1: '3000.15000000', price2: '3001.00000000', contractPrice: '3002.00000000', basisAverage: '1.00000000', basisSamples: 300 },
      });

      const info = await pub('/fundingInfo');
      expect(info.body.find((x: { symbol: string }) => x.symbol === 'BTCUSDT')).toEqual({
        symbol: 'BTCUSDT', adjustedFundingRateCap: '0.00300000', adjustedFundingRateFloor: '-0.00300000', fundingIntervalHours: 8, disclaimer: false,
      });
      expect((await pub('/openInterest', 'symbol=BTCUSDT')).body).toEqual({ openInterest: '0.00000000', symbol: 'BTCUSDT', time: h.clock.now() });
      expect((await pub('/depth', 'symbol=BTCUSDT&limit=5')).body).toMatchObject({ bids: [], asks: [] });
      expect((await pub('/depth', 'symbol=BTCUSDT&limit=7')).body.code).toBe(-1130);
      expect((await pub('/ticker/bookTicker', 'symbol=BTCUSDT')).body).toMatchObject({ symbol: 'BTCUSDT', bidPrice: '0.00000000', askPrice: '0.00000000' });
      expect((await pub('/ticker/24hr', 'symbol=BTCUSDT')).body).toMatchObject({ symbol: 'BTCUSDT', lastPrice: '0.00000000', count: 0, firstId: -1 });
      expect((await pub('/trades', 'symbol=BTCUSDT')).body).toEqual([]);
      expect((await pub('/klines', 'symbol=BTCUSDT&interval=1m')).body).toEqual([]);
      expect((await pub('/klines', 'symbol=BTCUSDT&interval=7m')).body.code).toBe(-1120);
      expect((await pub('/ping')).body).toEqual({});
      expect((await pub('/time')).body).toEqual({ serverTime: h.clock.now() });
    });
  });

  describe('settings', () => {
    it('leverage brackets and symbol configuration', async () => {
      const all = await fapi('GET', '/leverageBracket', key);
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(12);
      const one = await fapi('GET', '/leverageBracket', key, 'symbol=BTCUSDT');
      expect(one.body.symbol).toBe('BTCUSDT');
      expect(one.body.brackets[0]).toEqual({ bracket: 1, initialLeverage: 125, notionalCap: 50000, notionalFloor: 0, maintMarginRatio: 0.004, cum: 0 });
      expect(one.body.brackets[1]).toEqual({ bracket: 2, initialLeverage: 100, notionalCap: 600000, notionalFloor: 50000, maintMarginRatio: 0.005, cum: 50 });
      const config = await fapi('GET', '/symbolConfig', key, 'symbol=BTCUSDT');
      expect(config.body).toEqual([{ symbol: 'BTCUSDT', marginType: 'CROSSED', isAutoAddMargin: false, leverage: 20, maxNotionalValue: '100000000' }]);
      expect((await fapi('GET', '/commissionRate', key, 'symbol=BTCUSDT')).body).toEqual({ symbol: 'BTCUSDT', makerCommissionRate: '0.0002', takerCommissionRate: '0.0005' });
    });

    it('position mode is one-way only', async () => {
      expect((await fapi('GET', '/positionSide/dual', key)).body).toEqual({ dualSidePosition: false });
      expect((await fapi('POST', '/positionSide/dual', key, 'dualSidePosition=false')).body).toEqual({ code: 200, msg: 'success' });
      const hedge = await fapi('POST', '/positionSide/dual', key, 'dualSidePosition=true');
      expect(hedge.status).toBe(400);
      expect(hedge.body.code).toBe(-4059);
      expect((await fapi('POST', '/positionSide/dual', readOnly, 'dualSidePosition=false')).body.code).toBe(-2015);
    });

    it('sets leverage within the first bracket, refusing others with -4028', async () => {
      expect((await fapi('POST', '/leverage', key, 'symbol=ETHUSDT&leverage=10')).body).toEqual({ leverage: 10, maxNotionalValue: '100000000', symbol: 'ETHUSDT' });
      expect((await fapi('POST', '/leverage', key, 'symbol=ETHUSDT&leverage=101')).body).toEqual({ code: -4028, msg: 'Leverage 101 is not valid' });
      expect((await fapi('POST', '/leverage', key, 'symbol=ETHUSDT&leverage=0')).body.code).toBe(-4028);
      expect((await fapi('POST', '/leverage', key, 'symbol=ETHUSDT&leverage=2.5')).body.code).toBe(-4028);
      expect((await fapi('POST', '/leverage', key, 'symbol=ETHUSDT')).body.code).toBe(-1102);
      expect((await fapi('GET', '/symbolConfig', key, 'symbol=ETHUSDT')).body[0]).toMatchObject({ leverage: 10, maxNotionalValue: '100000000' });
    });

    it('changes the margin type, -4046 when unchanged', async () => {
      expect((await fapi('POST', '/marginType', key, 'symbol=ETHUSDT&marginType=ISOLATED')).body).toEqual({ code: 200, msg: 'success' });
      expect((await fapi('POST', '/marginType', key, 'symbol=ETHUSDT&marginType=ISOLATED')).body).toEqual({ code: -4046, msg: 'No need to change margin type.' });
      expect((await fapi('POST', '/marginType', key, 'symbol=ETHUSDT&marginType=isolated')).body.code).toBe(-1130);
      expect((await fapi('GET', '/symbolConfig', key, 'symbol=ETHUSDT')).body[0]).toMatchObject({ marginType: 'ISOLATED' });
    });
  });

  describe('orders', () => {
    it('places, queries and cancels a limit order', async () => {
      const placed = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49900&newClientOrderId=mine-1&newOrderRespType=RESULT');
      expect(placed.status).toBe(200);
      expect(placed.body).toMatchObject({
        symbol: 'BTCUSDT', status: 'NEW', clientOrderId: 'mine-1', price: '49900.00000000', avgPrice: '0.00000000', origQty: '0.01000000', executedQty: '0.00000000',
        cumQuote: '0.00000000', timeInForce: 'GTC', type: 'LIMIT', origType: 'LIMIT', reduceOnly: false, closePosition: false, side: 'BUY', positionSide: 'BOTH',
        workingType: 'CONTRACT_PRICE', priceProtect: false, updateTime: h.clock.now(),
      });
      expect(placed.raw.headers['x-mbx-order-count-10s']).toBeDefined();
      const id = placed.body.orderId as number;
      const got = await fapi('GET', '/order', key, `symbol=BTCUSDT&orderId=${id}`);
      expect(got.body).toMatchObject({ orderId: id, status: 'NEW', time: h.clock.now() });
      expect((await fapi('GET', '/order', key, 'symbol=BTCUSDT&origClientOrderId=mine-1')).body.orderId).toBe(id);
      expect((await fapi('GET', '/openOrders', key, 'symbol=BTCUSDT')).body.map((o: { orderId: number }) => o.orderId)).toEqual([id]);
      expect((await fapi('GET', '/openOrder', key, `symbol=BTCUSDT&orderId=${id}`)).body.orderId).toBe(id);
      expect((await fapi('GET', '/order', key, `symbol=ETHUSDT&orderId=${id}`)).body).toEqual({ code: -2013, msg: 'Order does not exist.' });
      expect((await fapi('GET', '/order', lpKey, `symbol=BTCUSDT&orderId=${id}`)).body.code).toBe(-2013);
      // Held as entrust margin: 0.01 × 49 900 / 20 plus the taker fee on it.
      const risk = await fapi('GET', '/positionRisk', key, 'symbol=BTCUSDT', 'v3');
      expect(risk.body).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', positionAmt: '0.00000000', openOrderInitialMargin: '25.19950000', bidNotional: '499.00000000' })]);

      const canceled = await fapi('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${id}`);
      expect(canceled.body).toMatchObject({ orderId: id, status: 'CANCELED', clientOrderId: 'mine-1' });
      expect((await fapi('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${id}`)).body).toEqual({ code: -2011, msg: 'Unknown order sent.' });
      expect((await fapi('GET', '/openOrder', key, `symbol=BTCUSDT&orderId=${id}`)).body.code).toBe(-2013);
      expect((await fapi('GET', '/openOrders', key)).body).toEqual([]);
      const all = await fapi('GET', '/allOrders', key, 'symbol=BTCUSDT');
      expect(all.body.map((o: { orderId: number; status: string }) => [o.orderId, o.status])).toEqual([[id, 'CANCELED']]);
    });

    it('answers bad orders with Binance codes and changes nothing', async () => {
      const before = await fapi('GET', '/account', key, '', 'v3');
      const cases: Array<[string, number]> = [
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49900.001', -1111],
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.000001&price=49900', -1111],
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.000000001&price=49900', -1111],
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=53000', -4016],
        ['symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.01&price=47000', -4024],
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.00005&price=49900', -4164],
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=5&price=49900', -2019],
        ['symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.01&reduceOnly=true', -2022],
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49900&positionSide=LONG', -4061],
        ['symbol=BTCUSDT&side=BUY&type=STOP_MARKET&quantity=0.01&stopPrice=51000', -4120],
        ['symbol=BTCUSDT&side=BUY&type=OCO&quantity=0.01', -1116],
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&quantity=0.01&price=49900', -1102],
        ['symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTD&quantity=0.01&price=49900', -1115],
        ['symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.01&price=49900', -1106],
        ['symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.01&stopLoss%5BtriggerPrice%5D=40000', -1104],
        ['symbol=BTCUSDT&side=BUY&type=MARKET', -1102],
        ['symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0', -4003],
        ['symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.01&selfTradePreventionMode=NONE', -5039],
        ['symbol=NOPEUSDT&side=BUY&type=MARKET&quantity=0.01', -1121],
        ['symbol=BTCUSDT&side=HOLD&type=MARKET&quantity=0.01', -1117],
        ['symbol=SOLUSDT&side=BUY&type=MARKET&quantity=1', -2010],
      ];
      for (const [params, code] of cases) {
        const r = await order(key, params);
        expect({ params, status: r.status, code: r.body.code }).toEqual({ params, status: 400, code });
      }
      expect((await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.00005&price=49900')).body.msg).toBe(
        "Order's notional must be no smaller than 5 (unless you choose reduce only).",
      );
      expect((await order(readOnly, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.01')).body.code).toBe(-2015);
      // 125x allows 50 000 USDT of BTC: more is -2027.
      expect((await fapi('POST', '/leverage', key, 'symbol=BTCUSDT&leverage=125')).status).toBe(200);
      expect((await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1.1&price=49900')).body.code).toBe(-2027);
      expect((await fapi('POST', '/leverage', key, 'symbol=BTCUSDT&leverage=20')).status).toBe(200);
      expect((await fapi('GET', '/account', key, '', 'v3')).body).toEqual(before.body);
      expect((await fapi('GET', '/openOrders', key)).body).toEqual([]);
    });

    it('post-only, FOK and duplicate client ids', async () => {
      const ask = await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=0.5&price=50100');
      expect(ask.body.status).toBe('NEW');
      expect((await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTX&quantity=0.01&price=50100')).body.code).toBe(-5022);
      expect((await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=FOK&quantity=1&price=50100')).body.code).toBe(-5021);
      const maker = await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTX&quantity=0.01&price=50000&newClientOrderId=dup-1');
      expect(maker.body).toMatchObject({ status: 'NEW', timeInForce: 'GTX' });
      expect((await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=50000&newClientOrderId=dup-1')).body.code).toBe(-4116);
      expect((await fapi('DELETE', '/allOpenOrders', key, 'symbol=BTCUSDT')).body).toEqual({ code: 200, msg: 'The operation of cancel all open order is done.' });
      expect((await fapi('GET', '/openOrders', key)).body).toEqual([]);
      // The maker's ask stays for the next test.
      expect((await fapi('GET', '/openOrders', lpKey)).body).toHaveLength(1);
    });
  });

  describe('a position from open to close', () => {
    let opened: number;

    it('opens with a market buy and shows the position, account and balance', async () => {
      const r = await order(key, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.1&newOrderRespType=RESULT');
      expect(r.body).toMatchObject({ status: 'FILLED', type: 'MARKET', price: '0.00000000', avgPrice: '50100.00000000', executedQty: '0.10000000', cumQuote: '5010.00000000' });
      opened = r.body.orderId;
      // The margin type can't change with a position (-4048) nor with open orders (-4047).
      expect((await fapi('POST', '/marginType', key, 'symbol=BTCUSDT&marginType=ISOLATED')).body.code).toBe(-4048);
      await order(key, 'symbol=ETHUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.1&price=2900');
      expect((await fapi('POST', '/marginType', key, 'symbol=ETHUSDT&marginType=CROSSED')).body.code).toBe(-4047);
      await fapi('DELETE', '/allOpenOrders', key, 'symbol=ETHUSDT');

      const positions = await fapi('GET', '/positionRisk', key, '', 'v3');
      expect(positions.body).toHaveLength(1);
      // Entry 50 100, mark 50 000: −10 USDT; 20x cross; maintenance 0.4 % of 5 000.
      expect(positions.body[0]).toMatchObject({
        symbol: 'BTCUSDT', positionSide: 'BOTH', positionAmt: '0.10000000', entryPrice: '50100.00000000', breakEvenPrice: '50150.10000000', markPrice: '50000.00000000',
        unRealizedProfit: '-10.00000000', isolatedMargin: '0.00000000', notional: '5000.00000000', marginAsset: 'USDT', isolatedWallet: '0.00000000',
        initialMargin: '250.00000000', maintMargin: '20.00000000', positionInitialMargin: '250.00000000', openOrderInitialMargin: '0.00000000',
        leverage: '20', marginType: 'cross', updateTime: h.clock.now(),
      });
      // The cross wallet covers any fall of the price: no liquidation price, "0" as on Binance.
      expect(positions.body[0].liquidationPrice).toBe('0.00000000');

      // Wallet: 10 000 − fee 2.505 (0.05 % of 5 010).
      const account = await fapi('GET', '/account', key, '', 'v3');
      expect(account.body).toMatchObject({
        totalWalletBalance: '9997.49500000', totalUnrealizedProfit: '-10.00000000', totalMarginBalance: '9987.49500000', totalMaintMargin: '20.00000000',
        totalInitialMargin: '250.00000000', totalPositionInitialMargin: '250.00000000', totalCrossWalletBalance: '9997.49500000', totalCrossUnPnl: '-10.00000000',
      });
      // Available: the wallet less the margin held at entry (5 010 / 20 = 250.5) and the unrealized loss.
      expect(account.body.availableBalance).toBe('9736.99500000');
      expect(account.body.assets).toEqual([expect.objectContaining({ asset: 'USDT', walletBalance: '9997.49500000', availableBalance: '9736.99500000', updateTime: h.clock.now() })]);
      expect(account.body.positions).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', positionAmt: '0.10000000', notional: '5000.00000000' })]);
      const v2 = await fapi('GET', '/account', key, '', 'v2');
      expect(v2.body).toMatchObject({ canTrade: true, multiAssetsMargin: false, totalWalletBalance: '9997.49500000' });
      expect(v2.body.positions).toHaveLength(12);
      expect(v2.body.positions.find((x: { symbol: string }) => x.symbol === 'ETHUSDT')).toMatchObject({ leverage: '10', isolated: true, positionAmt: '0.00000000' });
      const balance = await fapi('GET', '/balance', key, '', 'v3');
      expect(balance.body).toEqual([
        expect.objectContaining({ asset: 'USDT', balance: '9997.49500000', crossUnPnl: '-10.00000000', availableBalance: '9736.99500000', marginAvailable: true }),
      ]);
      expect((await fapi('GET', '/positionRisk', key, '', 'v2')).body).toHaveLength(12);
      const lpRisk = await fapi('GET', '/positionRisk', lpKey, 'symbol=BTCUSDT', 'v3');
      expect(lpRisk.body[0]).toMatchObject({ positionAmt: '-0.10000000', notional: '-5000.00000000', unRealizedProfit: '10.00000000' });
    });

    it('public data shows the trade', async () => {
      const trades = await pub('/trades', 'symbol=BTCUSDT');
      expect(trades.body).toEqual([{ id: expect.any(Number), price: '50100.00000000', qty: '0.10000000', quoteQty: '5010.00000000', time: h.clock.now(), isBuyerMaker: false }]);
      const agg = await pub('/aggTrades', 'symbol=BTCUSDT');
      expect(agg.body).toEqual([{ a: trades.body[0].id, p: '50100.00000000', q: '0.10000000', f: trades.body[0].id, l: trades.body[0].id, T: h.clock.now(), m: false }]);
      expect((await pub('/aggTrades', 'symbol=BTCUSDT&fromId=1&startTime=1')).body.code).toBe(-1128);
      const open = Math.floor(h.clock.now() / 60_000) * 60_000;
      expect((await pub('/klines', 'symbol=BTCUSDT&interval=1m')).body).toEqual([
        [open, '50100.00000000', '50100.00000000', '50100.00000000', '50100.00000000', '0.10000000', open + 59_999, '5010.00000000', 1, '0.10000000', '5010.00000000', '0'],
      ]);
      const month = Date.UTC(2026, 0, 1);
      expect((await pub('/klines', 'symbol=BTCUSDT&interval=1M')).body[0].slice(0, 2)).toEqual([month, '50100.00000000']);
      expect((await pub('/klines', `symbol=BTCUSDT&interval=1h&startTime=${h.clock.now() + 1}`)).body).toEqual([]);
      const ticker = await pub('/ticker/24hr', 'symbol=BTCUSDT');
      expect(ticker.body).toMatchObject({ lastPrice: '50100.00000000', lastQty: '0.10000000', openPrice: '50100.00000000', volume: '0.10000000', quoteVolume: '5010.00000000', count: 1 });
      expect((await pub('/ticker/24hr')).body).toHaveLength(12);
      expect((await pub('/ticker/price', 'symbol=BTCUSDT')).body).toEqual({ symbol: 'BTCUSDT', price: '50100.00000000', time: h.clock.now() });
      expect((await pub('/ticker/bookTicker', 'symbol=BTCUSDT')).body).toMatchObject({ askPrice: '50100.00000000', askQty: '0.40000000' });
      expect((await pub('/depth', 'symbol=BTCUSDT')).body.asks).toEqual([['50100.00000000', '0.40000000']]);
      expect((await pub('/openInterest', 'symbol=BTCUSDT')).body.openInterest).toBe('0.10000000');
      // The mark the position was opened under was recorded with the trade; a mark now is recorded too (the market
      // has positions): mark price candles.
      const openedOpen = Math.floor(h.clock.now() / 60_000) * 60_000;
      h.clock.advance(60_000);
      await mark('BTCUSDT', 50_200);
      const markOpen = Math.floor(h.clock.now() / 60_000) * 60_000;
      const marks = await pub('/markPriceKlines', 'symbol=BTCUSDT&interval=1m');
      expect(marks.body).toEqual([
        [openedOpen, '50000.00000000', '50000.00000000', '50000.00000000', '50000.00000000', '0.00000000', openedOpen + 59_999, '0.00000000', 1, '0.00000000', '0.00000000', '0'],
        [markOpen, '50200.00000000', '50200.00000000', '50200.00000000', '50200.00000000', '0.00000000', markOpen + 59_999, '0.00000000', 1, '0.00000000', '0.00000000', '0'],
      ]);
    });

    it('settles funding and lists it with the trades in income', async () => {
      const funded = await h.desks.perp.funding({ symbol: 'BTCUSDT', rate: rate(10_000n), mark: usdt(50_200) });
      expect(funded.ok).toBe(true);
      const history = await pub('/fundingRate', 'symbol=BTCUSDT');
      expect(history.body).toEqual([{ symbol: 'BTCUSDT', fundingRate: '0.00010000', fundingTime: h.clock.now(), markPrice: '50200.00000000' }]);
      // Long 0.1 at 50 200 pays 0.01 %: 0.502 USDT.
      const funding = await fapi('GET', '/income', key, 'incomeType=FUNDING_FEE');
      expect(funding.body).toEqual([
        { symbol: 'BTCUSDT', incomeType: 'FUNDING_FEE', income: '-0.50200000', asset: 'USDT', info: 'FUNDING_FEE', time: h.clock.now(), tranId: expect.any(Number), tradeId: '' },
      ]);
    });

    it('closes with a reduce-only market sell and books the realized P&L', async () => {
      // The maker's remaining ask would meet its own bid (self-trade prevention): it goes first.
      expect((await fapi('DELETE', '/allOpenOrders', lpKey, 'symbol=BTCUSDT')).status).toBe(200);
      expect((await order(lpKey, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.5&price=50300')).body.status).toBe('NEW');
      const close = await order(key, 'symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.1&reduceOnly=true&newOrderRespType=RESULT');
      expect(close.body).toMatchObject({ status: 'FILLED', reduceOnly: true, avgPrice: '50300.00000000' });
      expect((await fapi('GET', '/positionRisk', key, '', 'v3')).body).toEqual([]);
      const mine = await fapi('GET', '/userTrades', key, 'symbol=BTCUSDT');
      expect(mine.body).toEqual([
        expect.objectContaining({ orderId: opened, side: 'BUY', buyer: true, maker: false, price: '50100.00000000', qty: '0.10000000', commission: '2.50500000', realizedPnl: '0.00000000' }),
        expect.objectContaining({ orderId: close.body.orderId, side: 'SELL', buyer: false, maker: false, price: '50300.00000000', commission: '2.51500000', realizedPnl: '20.00000000' }),
      ]);
      expect((await fapi('GET', '/userTrades', key, `symbol=BTCUSDT&orderId=${opened}`)).body).toHaveLength(1);
      expect((await fapi('GET', '/userTrades', key, 'symbol=BTCUSDT&fromId=1&startTime=1')).body.code).toBe(-1128);
      const income = await fapi('GET', '/income', key, 'symbol=BTCUSDT');
      expect(income.body.map((x: { incomeType: string; income: string }) => [x.incomeType, x.income])).toEqual([
        ['COMMISSION', '-2.50500000'],
        ['FUNDING_FEE', '-0.50200000'],
        ['REALIZED_PNL', '20.00000000'],
        ['COMMISSION', '-2.51500000'],
      ]);
      expect(income.body[2].tradeId).toBe(String(mine.body[1].id));
      const transfers = await fapi('GET', '/income', key, 'incomeType=TRANSFER');
      expect(transfers.body).toEqual([expect.objectContaining({ symbol: '', incomeType: 'TRANSFER', income: '10000.00000000' })]);
      expect((await fapi('GET', '/income', key, 'incomeType=WELCOME_BONUS')).body).toEqual([]);
      expect((await fapi('GET', '/income', key, 'incomeType=nope')).body.code).toBe(-1130);
      // 10 000 − 2.505 − 0.502 + 20 − 2.515
      const account = await fapi('GET', '/account', key, '', 'v3');
      expect(account.body).toMatchObject({ totalWalletBalance: '10014.47800000', availableBalance: '10014.47800000', positions: [] });
    });

    it('moves isolated margin', async () => {
      expect((await fapi('POST', '/positionMargin', key, 'symbol=ETHUSDT&amount=10&type=1')).body.code).toBe(-4054);
      expect((await order(lpKey, 'symbol=ETHUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=1&price=3000')).body.status).toBe('NEW');
      expect((await order(key, 'symbol=ETHUSDT&side=BUY&type=MARKET&quantity=1')).body.status).toBe('FILLED');
      const before = (await fapi('GET', '/positionRisk', key, 'symbol=ETHUSDT', 'v3')).body[0];
      expect(before).toMatchObject({ marginType: 'isolated', leverage: '10', isolatedWallet: '300.00000000', isolatedMargin: '300.00000000' });
      // Isolated: the position's own margin (300) is what stands between it and liquidation, a little under 2 700.
      expect(Number(before.liquidationPrice)).toBeGreaterThan(2_650);
      expect(Number(before.liquidationPrice)).toBeLessThan(2_730);
      expect((await fapi('POST', '/positionMargin', key, 'symbol=ETHUSDT&amount=50&type=1')).body).toEqual({ amount: 50, code: 200, msg: 'Successfully modify position margin.', type: 1 });
      expect((await fapi('GET', '/positionRisk', key, 'symbol=ETHUSDT', 'v3')).body[0].isolatedWallet).toBe('350.00000000');
      expect((await fapi('POST', '/positionMargin', key, 'symbol=ETHUSDT&amount=340&type=2')).body.code).toBe(-4051);
      expect((await fapi('POST', '/positionMargin', key, 'symbol=ETHUSDT&amount=50&type=3')).body.code).toBe(-1130);
      expect((await fapi('POST', '/positionMargin', key, 'symbol=ETHUSDT&amount=50&type=1&positionSide=LONG')).body.code).toBe(-4061);
      expect((await fapi('POST', '/positionMargin', lpKey, 'symbol=ETHUSDT&amount=10&type=1')).body.code).toBe(-4049);
    });

    it('a market closed by the operator only takes closing orders', async () => {
      expect((await h.desks.spot.setMarketStatus('ETHUSDT', { isOpen: 1 })).ok).toBe(true);
      try {
        const info = await pub('/exchangeInfo');
        expect(info.body.symbols.find((x: { symbol: string }) => x.symbol === 'ETHUSDT').status).toBe('CLOSE');
        expect((await order(key, 'symbol=ETHUSDT&side=BUY&type=MARKET&quantity=0.1')).body).toEqual({ code: -4140, msg: 'Invalid symbol status for opening position.' });
        // The maker is short 1 ETH: its bid may rest only as a closing order too.
        expect((await order(lpKey, 'symbol=ETHUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=3000')).body.code).toBe(-4140);
        expect((await order(lpKey, 'symbol=ETHUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=3000&reduceOnly=true')).body.status).toBe('NEW');
        const closed = await order(key, 'symbol=ETHUSDT&side=SELL&type=MARKET&quantity=1&reduceOnly=true');
        expect(closed.body).toMatchObject({ status: 'FILLED', reduceOnly: true });
        expect((await fapi('GET', '/positionRisk', key, 'symbol=ETHUSDT', 'v3')).body).toEqual([]);
      } finally {
        await h.desks.spot.setMarketStatus('ETHUSDT', { isOpen: 0 });
      }
    });

    it('income pages and ranges', async () => {
      const all = await fapi('GET', '/income', key, 'limit=1000');
      expect(all.body.length).toBeGreaterThan(4);
      const times = all.body.map((x: { time: number }) => x.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const first = await fapi('GET', '/income', key, 'startTime=0&limit=2');
      expect(first.body).toEqual(all.body.slice(0, 2));
      expect((await fapi('GET', '/income', key, 'startTime=0&limit=2&page=2')).body).toEqual(all.body.slice(2, 4));
      expect((await fapi('GET', '/income', key, 'limit=2')).body).toEqual(all.body.slice(-2));
      expect((await fapi('GET', '/income', key, `startTime=${h.clock.now() + 1}`)).body).toEqual([]);
      expect((await fapi('GET', '/income', key, 'startTime=5&endTime=4')).body.code).toBe(-1128);
      // Nothing of another user's.
      expect((await fapi('GET', '/income', lpKey, 'incomeType=TRANSFER')).body.map((x: { income: string }) => x.income)).toEqual(['1000000.00000000']);
    });
  });

  describe('conditional orders (Algo Order API)', () => {
    const algo = (k: Key, params: string) => fapi('POST', '/algoOrder', k, params);
    const base = 'symbol=BTCUSDT&algoType=CONDITIONAL';
    const statusOf = async (id: number) => (await fapi('GET', '/algoOrder', key, `algoId=${id}`)).body.algoStatus as string;

    it('answers bad conditional orders with Binance codes and changes nothing', async () => {
      // Mark 50 200, last trade 50 300, no position.
      const before = await fapi('GET', '/account', key, '', 'v3');
      const cases: Array<[string, number]> = [
        [`${base}&side=SELL&type=STOP_MARKET&triggerPrice=49000&closePosition=true`, -2022],
        [`${base}&side=SELL&type=STOP_MARKET&triggerPrice=49000&quantity=0.01&reduceOnly=true`, -2022],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=50000&quantity=0.01&workingType=MARK_PRICE`, -2021],
        [`${base}&side=SELL&type=TAKE_PROFIT_MARKET&triggerPrice=50300&quantity=0.01`, -2021],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=0&quantity=0.01`, -4006],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000.001&quantity=0.01`, -1111],
        [`${base}&side=BUY&type=STOP_MARKET&quantity=0.01`, -1102],
        [`${base}&side=BUY&type=STOP&triggerPrice=51000&quantity=0.01`, -1102],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01&price=51000`, -1106],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000`, -1102],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0`, -4003],
        [`${base}&side=SELL&type=STOP_MARKET&triggerPrice=49000&closePosition=true&quantity=0.01`, -1106],
        [`${base}&side=SELL&type=STOP_MARKET&triggerPrice=49000&closePosition=true&reduceOnly=true`, -1106],
        [`${base}&side=SELL&type=STOP&triggerPrice=49000&price=49000&closePosition=true`, -4136],
        [`${base}&side=SELL&type=TRAILING_STOP_MARKET&quantity=0.01&callbackRate=1`, -1116],
        [`${base}&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49000`, -1116],
        ['symbol=BTCUSDT&algoType=VP&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01', -1130],
        ['symbol=BTCUSDT&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01', -1102],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01&workingType=INDEX_PRICE`, -1130],
        [`${base}&side=BUY&type=STOP&triggerPrice=51000&price=51000&quantity=0.01&timeInForce=GTX`, -1115],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01&positionSide=LONG`, -4061],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01&priceMatch=OPPONENT`, -1130],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01&priceProtect=maybe`, -1130],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01&goodTillDate=1`, -1106],
        [`${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01&stopPrice=51000`, -1104],
        ['symbol=NOPEUSDT&algoType=CONDITIONAL&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01', -1121],
      ];
      for (const [params, code] of cases) {
        const r = await algo(key, params);
        expect({ params, status: r.status, code: r.body.code }).toEqual({ params, status: 400, code });
      }
      expect((await algo(key, `${base}&side=BUY&type=STOP_MARKET&triggerPrice=50000&quantity=0.01&workingType=MARK_PRICE`)).body).toEqual({
        code: -2021, msg: 'Order would immediately trigger.',
      });
      expect((await algo(key, `${base}&side=SELL&type=STOP_MARKET&triggerPrice=49000&closePosition=true`)).body).toEqual({ code: -2022, msg: 'ReduceOnly Order is rejected.' });
      expect((await algo(readOnly, `${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01`)).body.code).toBe(-2015);
      // The conditional types stay off /order, as on Binance.
      expect((await order(key, 'symbol=BTCUSDT&side=BUY&type=TAKE_PROFIT_MARKET&quantity=0.01&stopPrice=49000')).body.code).toBe(-4120);
      expect((await fapi('GET', '/openAlgoOrders', key)).body).toEqual([]);
      expect((await fapi('GET', '/account', key, '', 'v3')).body).toEqual(before.body);
    });

    it('places, queries and cancels a stop order', async () => {
      const placed = await algo(key, `${base}&side=BUY&type=STOP_MARKET&triggerPrice=51000&quantity=0.01&workingType=MARK_PRICE&clientAlgoId=algo-1&newOrderRespType=RESULT`);
      expect(placed.status).toBe(200);
      const id = placed.body.algoId as number;
      expect(placed.body).toEqual({
        algoId: id, clientAlgoId: 'algo-1', algoType: 'CONDITIONAL', orderType: 'STOP_MARKET', symbol: 'BTCUSDT', side: 'BUY', positionSide: 'BOTH', timeInForce: 'GTC',
        quantity: '0.01000000', algoStatus: 'NEW', actualOrderId: '', actualPrice: '0.00000000', triggerPrice: '51000.00000000', price: '0.00000000', icebergQuantity: null,
        tpTriggerPrice: '0.00000000', tpPrice: '0.00000000', slTriggerPrice: '0.00000000', slPrice: '0.00000000', tpOrderType: '', selfTradePreventionMode: 'EXPIRE_TAKER',
        workingType: 'MARK_PRICE', priceMatch: 'NONE', closePosition: false, priceProtect: false, reduceOnly: false, createTime: h.clock.now(), updateTime: h.clock.now(),
        triggerTime: 0, goodTillDate: 0,
      });
      expect((await fapi('GET', '/algoOrder', key, `algoId=${id}`)).body).toEqual(placed.body);
      expect((await fapi('GET', '/algoOrder', key, 'clientAlgoId=algo-1')).body.algoId).toBe(id);
      expect((await fapi('GET', '/algoOrder', key, `symbol=BTCUSDT&algoId=${id}`)).body.algoId).toBe(id);
      expect((await fapi('GET', '/algoOrder', key, `symbol=ETHUSDT&algoId=${id}`)).body).toEqual({ code: -2013, msg: 'Order does not exist.' });
      expect((await fapi('GET', '/algoOrder', key, `algoId=${id}&clientAlgoId=other`)).body.code).toBe(-2013);
      expect((await fapi('GET', '/algoOrder', lpKey, `algoId=${id}`)).body.code).toBe(-2013);
      expect((await fapi('GET', '/algoOrder', key, 'symbol=BTCUSDT')).body.code).toBe(-1102);
      // Not a plain order, and not listed with them.
      expect((await fapi('GET', '/order', key, `symbol=BTCUSDT&orderId=${id}`)).body.code).toBe(-2013);
      expect((await fapi('GET', '/openOrders', key)).body).toEqual([]);
      expect((await fapi('GET', '/openAlgoOrders', key)).body).toEqual([placed.body]);
      expect((await fapi('GET', '/openAlgoOrders', key, 'symbol=BTCUSDT&algoType=CONDITIONAL')).body).toEqual([placed.body]);
      expect((await fapi('GET', '/openAlgoOrders', key, `algoId=${id + 1}`)).body).toEqual([]);
      expect((await fapi('GET', '/openAlgoOrders', key, 'symbol=ETHUSDT')).body).toEqual([]);
      expect((await fapi('GET', '/openAlgoOrders', key, 'algoType=VP')).body.code).toBe(-1130);
      expect((await fapi('GET', '/openAlgoOrders', lpKey)).body).toEqual([]);
      // Client ids are one namespace with plain orders'.
      expect((await algo(key, `${base}&side=BUY&type=STOP_MARKET&triggerPrice=52000&quantity=0.01&clientAlgoId=algo-1`)).body).toEqual({ code: -4116, msg: 'ClientOrderId is duplicated.' });
      expect((await order(key, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=0.01&price=49000&newClientOrderId=algo-1')).body.code).toBe(-4116);

      expect((await fapi('DELETE', '/algoOrder', readOnly, `algoId=${id}`)).body.code).toBe(-2015);
      expect((await fapi('DELETE', '/algoOrder', key, `symbol=BTCUSDT&algoId=${id}`)).body).toEqual({ algoId: id, clientAlgoId: 'algo-1', code: '200', msg: 'success' });
      expect((await fapi('DELETE', '/algoOrder', key, `algoId=${id}`)).body).toEqual({ code: -2011, msg: 'Unknown order sent.' });
      expect((await fapi('GET', '/algoOrder', key, `algoId=${id}`)).body).toMatchObject({ algoStatus: 'CANCELED', triggerTime: 0 });
      expect((await fapi('GET', '/openAlgoOrders', key)).body).toEqual([]);
      const all = await fapi('GET', '/allAlgoOrders', key, 'symbol=BTCUSDT');
      expect(all.body.map((o: { algoId: number; algoStatus: string }) => [o.algoId, o.algoStatus])).toEqual([[id, 'CANCELED']]);
      expect((await fapi('GET', '/allAlgoOrders', key, 'symbol=ETHUSDT')).body).toEqual([]);
      expect((await fapi('GET', '/allAlgoOrders', key)).body.code).toBe(-1102);
      expect((await fapi('GET', '/allOrders', key, 'symbol=BTCUSDT')).body.map((o: { orderId: number }) => o.orderId)).not.toContain(id);
    });

    it('a take-profit on the last price and a stop-loss on the mark', async () => {
      // A long of 0.1 at 50 200.
      expect((await fapi('DELETE', '/allOpenOrders', lpKey, 'symbol=BTCUSDT')).status).toBe(200);
      expect((await order(lpKey, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&quantity=1&price=50200')).body.status).toBe('NEW');
      expect((await order(key, 'symbol=BTCUSDT&side=BUY&type=MARKET&quantity=0.1')).body.status).toBe('FILLED');
      const tp = await algo(key, `${base}&side=SELL&type=TAKE_PROFIT_MARKET&triggerPrice=50500&closePosition=true`);
      expect(tp.body).toMatchObject({
        orderType: 'TAKE_PROFIT_MARKET', side: 'SELL', quantity: '0.00000000', closePosition: true, reduceOnly: true, workingType: 'CONTRACT_PRICE', algoStatus: 'NEW',
      });
      expect(tp.body.clientAlgoId).toMatch(/^[A-Za-z0-9]{22}$/);
      const sl = await algo(key, `${base}&side=SELL&type=STOP_MARKET&triggerPrice=49500&quantity=0.1&reduceOnly=true&workingType=MARK_PRICE&priceProtect=TRUE`);
      expect(sl.body).toMatchObject({ orderType: 'STOP_MARKET', quantity: '0.10000000', reduceOnly: true, closePosition: false, workingType: 'MARK_PRICE', algoStatus: 'NEW' });
      const waiting = await fapi('GET', '/openAlgoOrders', key, 'symbol=BTCUSDT');
      expect(waiting.body.map((o: { algoId: number }) => o.algoId)).toEqual([tp.body.algoId, sl.body.algoId]);
      // They hold no margin.
      expect((await fapi('GET', '/positionRisk', key, 'symbol=BTCUSDT', 'v3')).body[0]).toMatchObject({ positionAmt: '0.10000000', openOrderInitialMargin: '0.00000000' });

      // A trade at 50 500 (the trader's own sell of 0.01 into a bid) fires the take-profit: it sells the other 0.09.
      expect((await fapi('DELETE', '/allOpenOrders', lpKey, 'symbol=BTCUSDT')).status).toBe(200);
      expect((await order(lpKey, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=50500')).body.status).toBe('NEW');
      expect((await order(key, 'symbol=BTCUSDT&side=SELL&type=MARKET&quantity=0.01')).body.status).toBe('FILLED');
      expect((await fapi('GET', '/positionRisk', key, 'symbol=BTCUSDT', 'v3')).body).toEqual([]);
      const fired = await fapi('GET', '/algoOrder', key, `algoId=${tp.body.algoId}`);
      expect(fired.body).toMatchObject({ algoStatus: 'FINISHED', actualPrice: '50500.00000000', triggerTime: h.clock.now(), updateTime: h.clock.now() });
      const actual = Number(fired.body.actualOrderId);
      expect(actual).toBeGreaterThan(tp.body.algoId);
      expect((await fapi('GET', '/order', key, `symbol=BTCUSDT&orderId=${actual}`)).body).toMatchObject({
        type: 'MARKET', side: 'SELL', status: 'FILLED', reduceOnly: true, executedQty: '0.09000000', avgPrice: '50500.00000000',
      });
      expect((await fapi('GET', '/allOrders', key, 'symbol=BTCUSDT')).body.map((o: { orderId: number }) => o.orderId)).toContain(actual);

      // The stop-loss waits on: when the mark reaches it there is no position left to reduce.
      expect((await fapi('GET', '/openAlgoOrders', key)).body.map((o: { algoId: number }) => o.algoId)).toEqual([sl.body.algoId]);
      await mark('BTCUSDT', 49_400);
      expect((await fapi('GET', '/algoOrder', key, `algoId=${sl.body.algoId}`)).body).toMatchObject({ algoStatus: 'EXPIRED', actualOrderId: '', triggerTime: h.clock.now() });
      expect((await fapi('GET', '/openAlgoOrders', key)).body).toEqual([]);
      const all = await fapi('GET', '/allAlgoOrders', key, 'symbol=BTCUSDT');
      expect(all.body.map((o: { algoStatus: string }) => o.algoStatus)).toEqual(['CANCELED', 'FINISHED', 'EXPIRED']);
      expect(all.body[1].actualOrderId).toBe(String(actual));
      expect((await fapi('GET', '/allAlgoOrders', key, `symbol=BTCUSDT&algoId=${tp.body.algoId}`)).body.map((o: { algoId: number }) => o.algoId)).toEqual([tp.body.algoId, sl.body.algoId]);
      expect((await fapi('GET', '/allAlgoOrders', key, 'symbol=BTCUSDT&limit=1')).body.map((o: { algoId: number }) => o.algoId)).toEqual([sl.body.algoId]);
      expect((await fapi('GET', '/allAlgoOrders', key, 'symbol=BTCUSDT&limit=1&page=2')).body.map((o: { algoId: number }) => o.algoId)).toEqual([tp.body.algoId]);
    });

    it('a stop-limit order is TRIGGERED while its order rests, FINISHED after', async () => {
      // Mark 49 400: a buy stop at 49 500 placing a limit buy at 49 000 (no ask there: it rests).
      const stop = await algo(key, `${base}&side=BUY&type=STOP&triggerPrice=49500&price=49000&quantity=0.01&workingType=MARK_PRICE&timeInForce=GTC`);
      expect(stop.body).toMatchObject({ orderType: 'STOP', price: '49000.00000000', triggerPrice: '49500.00000000', timeInForce: 'GTC', algoStatus: 'NEW' });
      await mark('BTCUSDT', 49_600);
      const fired = await fapi('GET', '/algoOrder', key, `algoId=${stop.body.algoId}`);
      expect(fired.body).toMatchObject({ algoStatus: 'TRIGGERED', actualPrice: '0.00000000' });
      const open = await fapi('GET', '/openOrders', key, 'symbol=BTCUSDT');
      expect(open.body).toEqual([expect.objectContaining({ orderId: Number(fired.body.actualOrderId), type: 'LIMIT', side: 'BUY', price: '49000.00000000', status: 'NEW' })]);
      expect((await fapi('DELETE', '/order', key, `symbol=BTCUSDT&orderId=${fired.body.actualOrderId}`)).body.status).toBe('CANCELED');
      expect(await statusOf(stop.body.algoId)).toBe('FINISHED');
    });

    it('cancels every waiting conditional order of a market', async () => {
      const up = await algo(key, `${base}&side=BUY&type=STOP_MARKET&triggerPrice=52000&quantity=0.01`);
      const down = await algo(key, `${base}&side=BUY&type=TAKE_PROFIT_MARKET&triggerPrice=48000&quantity=0.01&workingType=MARK_PRICE`);
      const eth = await algo(key, 'symbol=ETHUSDT&algoType=CONDITIONAL&side=BUY&type=STOP_MARKET&triggerPrice=3100&quantity=0.1&workingType=MARK_PRICE');
      expect([up.status, down.status, eth.status]).toEqual([200, 200, 200]);
      expect((await fapi('DELETE', '/algoOpenOrders', key)).body.code).toBe(-1102);
      expect((await fapi('DELETE', '/algoOpenOrders', key, 'symbol=BTCUSDT')).body).toEqual({ code: 200, msg: 'The operation of cancel all open order is done.' });
      expect((await fapi('GET', '/openAlgoOrders', key)).body.map((o: { algoId: number }) => o.algoId)).toEqual([eth.body.algoId]);
      expect([await statusOf(up.body.algoId), await statusOf(down.body.algoId)]).toEqual(['CANCELED', 'CANCELED']);
      // Plain orders' cancel-all leaves them alone.
      expect((await fapi('DELETE', '/allOpenOrders', key, 'symbol=ETHUSDT')).status).toBe(200);
      expect(await statusOf(eth.body.algoId)).toBe('NEW');
      expect((await fapi('DELETE', '/algoOpenOrders', key, 'symbol=ETHUSDT')).status).toBe(200);
      expect((await fapi('GET', '/openAlgoOrders', key)).body).toEqual([]);
    });
  });
});
