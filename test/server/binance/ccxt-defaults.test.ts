// ccxt's `binance` class with its default options, as a bot written for Binance would construct it: only the API
// URLs point here. loadMarkets then calls /api/v3/exchangeInfo, /sapi/v1/capital/config/getall,
// /sapi/v1/margin/allPairs, /sapi/v1/margin/isolated/allPairs, /fapi/v1/exchangeInfo and /dapi/v1/exchangeInfo;
// each request is recorded, so the test shows which endpoints a default client really uses.
import ccxt from 'ccxt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openBinance, pointAt, type BinanceHarness } from './harness.ts';

describeDialects('ccxt binance client with default options', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binance>;
  const calls: string[] = [];

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    const lp = await h.user('lp-defaults@example.com');
    await h.credit(lp, 'BTC', '10');
    const ask = await h.desks.spot.place({ type: 'limit', user: lp, symbol: 'BTCUSDT', side: 'sell', price: '50100', qty: '1' });
    expect(ask.ok).toBe(true);
    const trader = await h.user('default-bot@example.com');
    await h.credit(trader, 'USDT', '20000');
    await h.credit(trader, 'ETH', '1.5');
    const key = await h.key(trader, { trade: true });
    h.app.addHook('onRequest', async (request) => {
      calls.push(`${request.method} ${request.url.split('?')[0]}`);
    });
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    ex = new ccxt.binance({ apiKey: key.apiKey, secret: key.secret });
    // The only change from a Binance bot: every API URL's host is this server's.
    pointAt(ex, address);
  });
  afterAll(() => h?.dispose());

  it('loads markets and currencies with their networks', async () => {
    expect(ex.options['fetchCurrencies']).toBe(true);
    expect(ex.options['fetchMargins']).toBe(true);
    const markets = await ex.loadMarkets();
    expect(Object.keys(markets)).toHaveLength(24);
    expect(markets['BTC/USDT']).toMatchObject({ id: 'BTCUSDT', spot: true, margin: false, active: true });
    expect(markets['BTC/USDT:USDT']).toMatchObject({ id: 'BTCUSDT', swap: true, linear: true, active: true });
    expect(Object.values(markets).filter((m) => m?.spot === true)).toHaveLength(12);
    expect([...new Set(calls)].sort()).toEqual([
      'GET /api/v3/exchangeInfo',
      'GET /dapi/v1/exchangeInfo',
      'GET /fapi/v1/exchangeInfo',
      'GET /sapi/v1/capital/config/getall',
      'GET /sapi/v1/margin/allPairs',
      'GET /sapi/v1/margin/isolated/allPairs',
    ]);

    const currencies = ex.currencies;
    // ccxt adds BNFCR (Binance's futures credit) from its own table; every other currency came from getall.
    const served = Object.values(currencies).filter((c) => c.info?.['coin'] !== undefined).map((c) => c.code);
    expect(served.sort()).toEqual(['ADA', 'AVAX', 'BNB', 'BTC', 'DOGE', 'DOT', 'ETH', 'LINK', 'LTC', 'SOL', 'TRX', 'USDT', 'XRP']);
    const usdt = currencies['USDT']!;
    expect(usdt).toMatchObject({ id: 'USDT', code: 'USDT', name: 'TetherUS', type: 'crypto', active: true });
    expect(Object.keys(usdt.networks)).toEqual(['ERC20']);
    // No deposits or withdrawals yet: every network says so, and ccxt sums that up per currency.
    expect(usdt.networks['ERC20']).toMatchObject({ id: 'ETH', deposit: false, withdraw: false, fee: 0, precision: 1e-8 });
    expect(usdt).toMatchObject({ deposit: false, withdraw: false });
    expect(Object.keys(currencies['BTC']!.networks)).toEqual(['BTC']);
    expect(Object.keys(currencies['BNB']!.networks)).toEqual(['BEP20']);
    expect(currencies['ETH']!.info).toMatchObject({ free: '1.50000000', locked: '0.00000000', trading: true });
  });

  it('places and cancels an order, and reads the balance', async () => {
    const open = await ex.createOrder('ETH/USDT', 'limit', 'sell', 0.5, 4000);
    expect(open).toMatchObject({ symbol: 'ETH/USDT', status: 'open', side: 'sell', price: 4000, amount: 0.5, remaining: 0.5 });
    expect(String(open.clientOrderId)).toMatch(/^x-TKT5PX2F/);
    let balance = await ex.fetchBalance();
    expect(balance['ETH']).toMatchObject({ free: 1, used: 0.5, total: 1.5 });
    const canceled = await ex.cancelOrder(String(open.id), 'ETH/USDT');
    expect(canceled).toMatchObject({ id: open.id, status: 'canceled' });
    balance = await ex.fetchBalance();
    expect(balance['ETH']).toMatchObject({ free: 1.5, used: 0, total: 1.5 });

    const bought = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.1, 50100);
    expect(bought).toMatchObject({ status: 'closed', filled: 0.1, cost: 5010 });
    balance = await ex.fetchBalance();
    expect(balance['USDT']).toMatchObject({ free: 20000 - 5010, used: 0 });
    expect(balance['BTC']?.total).toBeCloseTo(0.0999, 8);
    expect(calls).toContain('POST /api/v3/order');
    expect(calls).toContain('DELETE /api/v3/order');
    expect(calls).toContain('GET /api/v3/account');
  });

  it('a client without keys loads the markets from the public endpoints alone', async () => {
    const anonymous = new ccxt.binance();
    anonymous.urls['api'] = ex.urls['api'];
    const before = calls.length;
    const markets = await anonymous.loadMarkets();
    expect(Object.keys(markets)).toHaveLength(24);
    expect([...new Set(calls.slice(before))].sort()).toEqual(['GET /api/v3/exchangeInfo', 'GET /dapi/v1/exchangeInfo', 'GET /fapi/v1/exchangeInfo']);
  });

  it('currencies follow the caller: a coin it holds outside every market is listed too', async () => {
    const trader = await h.user('usdc-holder@example.com');
    await h.credit(trader, 'USDC', '25');
    const key = await h.key(trader, { trade: false });
    const other = new ccxt.binance({ apiKey: key.apiKey, secret: key.secret });
    other.urls['api'] = ex.urls['api'];
    const currencies = await other.fetchCurrencies();
    expect(currencies['USDC']).toMatchObject({ name: 'USD Coin', active: false });
    expect(currencies['USDC']!.info).toMatchObject({ free: '25.00000000', trading: false });
    expect(Object.keys(currencies['USDC']!.networks)).toEqual(['ERC20']);
  });
});
