// /sapi/v1 (coin and network information, margin pairs) and the futures exchange infos under /fapi/v1 and /dapi/v1:
// the endpoints ccxt's default loadMarkets calls besides /api/v3, with Binance's security for each.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { futuresExchangeInfo, type FuturesSymbol } from '../../../server/gateway/binance/futures.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key } from './harness.ts';

describeDialects('binance wallet and futures info', (dialect) => {
  let h: BinanceHarness;
  let user: number;
  let key: Key;

  beforeAll(async () => {
    h = await openBinance(dialect);
    user = await h.user('wallet@example.com');
    await h.credit(user, 'USDT', '1000');
    await h.credit(user, 'BTC', '0.5');
    key = await h.key(user, { trade: true });
    const r = await h.desks.spot.place({ type: 'limit', user, symbol: 'BTCUSDT', side: 'buy', price: '40000', qty: '0.01' });
    expect(r.ok).toBe(true);
  });
  afterAll(() => h?.dispose());

  const sapi = { prefix: '/sapi/v1' };
  const plain = async (url: string, headers: Record<string, string> = {}) => {
    const r = await h.app.inject({ method: 'GET', url, headers });
    return { status: r.statusCode, body: r.json() };
  };

  it('capital/config/getall lists every coin with the caller balance and its networks', async () => {
    const r = await h.signed('GET', '/capital/config/getall', key, '', sapi);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const coins = r.body as { coin: string; [k: string]: unknown }[];
    expect(coins.map((c) => c.coin)).toEqual(['ADA', 'AVAX', 'BNB', 'BTC', 'DOGE', 'DOT', 'ETH', 'LINK', 'LTC', 'SOL', 'TRX', 'USDT', 'XRP']);
    const usdt = coins.find((c) => c.coin === 'USDT');
    // 400 USDT is held by the open bid.
    expect(usdt).toMatchObject({ name: 'TetherUS', free: '600.00000000', locked: '400.00000000', depositAllEnable: false, withdrawAllEnable: false, trading: true, isLegalMoney: false });
    expect(usdt?.['networkList']).toEqual([
      expect.objectContaining({
        network: 'ETH', coin: 'USDT', name: 'Ethereum (ERC20)', isDefault: true, depositEnable: false, withdrawEnable: false,
        withdrawFee: '0', withdrawIntegerMultiple: '0.00000001', depositDust: '0.001', minConfirm: 12,
      }),
    ]);
    expect(coins.find((c) => c.coin === 'BTC')).toMatchObject({ free: '0.50000000', locked: '0.00000000' });
    expect(coins.find((c) => c.coin === 'ADA')).toMatchObject({ free: '0.00000000', networkList: [expect.objectContaining({ network: 'ADA' })] });
  });

  it('a market under maintenance no longer counts its coin as trading', async () => {
    await h.desks.spot.setMarketStatus('ADAUSDT', { maintenance: true });
    const coins = (await h.signed('GET', '/capital/config/getall', key, '', sapi)).body as { coin: string; trading: boolean }[];
    expect(coins.find((c) => c.coin === 'ADA')?.trading).toBe(false);
    // USDT still trades in the other markets.
    expect(coins.find((c) => c.coin === 'USDT')?.trading).toBe(true);
    await h.desks.spot.setMarketStatus('ADAUSDT', { maintenance: false });
  });

  it('getall and isolated pairs are USER_DATA: key and signature', async () => {
    expect(await plain('/sapi/v1/capital/config/getall')).toEqual({ status: 401, body: { code: -1002, msg: expect.any(String) } });
    expect(await plain('/sapi/v1/capital/config/getall', { 'x-mbx-apikey': key.apiKey })).toEqual({ status: 400, body: { code: -1102, msg: "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed." } });
    expect((await h.signed('GET', '/capital/config/getall', key, '', { ...sapi, signature: 'f'.repeat(64) })).body.code).toBe(-1022);
    expect((await h.signed('GET', '/capital/config/getall', key, 'asset=BTC', sapi)).body.code).toBe(-1104);
    expect(await plain('/sapi/v1/margin/isolated/allPairs', { 'x-mbx-apikey': key.apiKey })).toMatchObject({ status: 400, body: { code: -1102 } });
    expect(await h.signed('GET', '/margin/isolated/allPairs', key, '', sapi)).toMatchObject({ status: 200, body: [] });
    expect(await h.signed('GET', '/margin/isolated/allPairs', key, 'symbol=BTCUSDT', sapi)).toMatchObject({ status: 200, body: [] });
  });

  it('cross margin pairs are MARKET_DATA: a key, no signature needed; no pair is marginable', async () => {
    expect(await plain('/sapi/v1/margin/allPairs')).toMatchObject({ status: 401, body: { code: -1002 } });
    expect(await plain('/sapi/v1/margin/allPairs', { 'x-mbx-apikey': 'A'.repeat(64) })).toMatchObject({ status: 401, body: { code: -2015 } });
    expect(await plain('/sapi/v1/margin/allPairs', { 'x-mbx-apikey': key.apiKey })).toEqual({ status: 200, body: [] });
    expect(await plain('/sapi/v1/margin/allPairs?symbol=BTCUSDT', { 'x-mbx-apikey': key.apiKey })).toEqual({ status: 200, body: [] });
    expect(await plain('/sapi/v1/margin/allPairs?symbol=NOPEUSDT', { 'x-mbx-apikey': key.apiKey })).toMatchObject({ status: 400, body: { code: -1121 } });
    expect(await plain('/sapi/v1/margin/allPairs?asset=BTC', { 'x-mbx-apikey': key.apiKey })).toMatchObject({ status: 400, body: { code: -1104 } });
    // ccxt signs every /sapi call; the signing parameters are taken.
    expect(await h.signed('GET', '/margin/allPairs', key, '', sapi)).toMatchObject({ status: 200, body: [] });
    expect(await plain('/sapi/v1/margin/nope', { 'x-mbx-apikey': key.apiKey })).toEqual({ status: 404, body: { code: -1000, msg: 'Unknown endpoint.' } });
  });

  it('futures exchange infos answer Binance shapes: the perpetuals on /fapi, no contracts on /dapi', async () => {
    const now = h.clock.now();
    const fapi = await plain('/fapi/v1/exchangeInfo');
    expect(fapi.status).toBe(200);
    expect(fapi.body).toMatchObject({
      timezone: 'UTC', serverTime: now, futuresType: 'U_MARGINED', exchangeFilters: [], assets: [{ asset: 'USDT', marginAvailable: true }],
      rateLimits: [{ rateLimitType: 'REQUEST_WEIGHT', interval: 'MINUTE', intervalNum: 1, limit: 6000 }, { rateLimitType: 'ORDERS', interval: 'SECOND', intervalNum: 10, limit: 100 }],
    });
    expect(fapi.body.symbols).toHaveLength(12);
    const dapi = await plain('/dapi/v1/exchangeInfo');
    expect(dapi.status).toBe(200);
    expect(dapi.body).toMatchObject({ timezone: 'UTC', serverTime: now, symbols: [], exchangeFilters: [] });
    expect(dapi.body).not.toHaveProperty('futuresType');
    expect(await plain('/fapi/v1/time')).toEqual({ status: 200, body: { serverTime: now } });
    expect(await plain('/dapi/v1/ping')).toEqual({ status: 200, body: {} });
    expect(await plain('/fapi/v1/exchangeInfo?symbol=BTCUSDT')).toMatchObject({ status: 400, body: { code: -1104 } });
    expect(await plain('/fapi/v1/nope')).toMatchObject({ status: 404, body: { code: -1000 } });
    expect(await plain('/dapi/v1/order')).toMatchObject({ status: 404, body: { code: -1000 } });
  });
});

it('futures exchange info carries contracts in each API flavour', () => {
  const perp: FuturesSymbol = {
    symbol: 'BTCUSDT', pair: 'BTCUSDT', contractType: 'PERPETUAL', deliveryDate: 4133404800000, onboardDate: 1, status: 'TRADING',
    baseAsset: 'BTC', quoteAsset: 'USDT', marginAsset: 'USDT', pricePrecision: 2, quantityPrecision: 3, baseAssetPrecision: 8, quotePrecision: 8,
    underlyingType: 'COIN', triggerProtect: '0.0500', liquidationFee: '0.012500', marketTakeBound: '0.05',
    filters: [{ filterType: 'PRICE_FILTER', tickSize: '0.10', minPrice: '0.10', maxPrice: '1000000' }],
    orderTypes: ['LIMIT', 'MARKET'], timeInForce: ['GTC', 'IOC', 'FOK', 'GTX'],
  };
  const usdm = futuresExchangeInfo('usdm', 5, [perp, { ...perp, symbol: 'ETHUSDC', marginAsset: 'USDC' }]);
  expect(usdm.symbols.map((s) => s.symbol)).toEqual(['BTCUSDT', 'ETHUSDC']);
  expect(usdm).toMatchObject({ serverTime: 5, assets: [{ asset: 'USDC' }, { asset: 'USDT' }] });
  const coinm = futuresExchangeInfo('coinm', 5, [{ ...perp, symbol: 'BTCUSD_PERP', contractSize: 100, marginAsset: 'BTC' }]);
  expect(coinm.symbols[0]).toMatchObject({ symbol: 'BTCUSD_PERP', contractStatus: 'TRADING', contractSize: 100 });
  expect(coinm.symbols[0]).not.toHaveProperty('status');
});
