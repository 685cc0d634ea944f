// Public /api/v3 endpoints through app.inject(): shapes, parameter checks and Binance's error codes.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key } from './harness.ts';

describeDialects('binance public api', (dialect) => {
  let h: BinanceHarness;
  let maker: Key;
  let taker: Key;

  beforeAll(async () => {
    h = await openBinance(dialect);
    const a = await h.user('maker@example.com');
    const b = await h.user('taker@example.com');
    await h.credit(a, 'BTC', '10');
    await h.credit(a, 'USDT', '1000000');
    await h.credit(b, 'USDT', '1000000');
    maker = await h.key(a, { trade: true });
    taker = await h.key(b, { trade: true });
    // A resting ask, a resting bid and one trade.
    for (const [key, params] of [
      [maker, 'symbol=BTCUSDT&side=SELL&type=LIMIT&timeInForce=GTC&price=50010&quantity=0.5'],
      [maker, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=49990&quantity=0.2'],
      [taker, 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=IOC&price=50010&quantity=0.1'],
    ] as const) {
      const r = await h.signed('POST', '/order', key, params);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  });
  afterAll(() => h?.dispose());

  it('ping, time', async () => {
    expect((await h.get('/ping')).body).toEqual({});
    expect((await h.get('/time')).body).toEqual({ serverTime: h.clock.now() });
  });

  it('exchangeInfo lists every market with its filters', async () => {
    const r = await h.get('/exchangeInfo');
    expect(r.status).toBe(200);
    expect(r.body.symbols).toHaveLength(12);
    const btc = r.body.symbols.find((s: { symbol: string }) => s.symbol === 'BTCUSDT');
    expect(btc).toMatchObject({ status: 'TRADING', baseAsset: 'BTC', quoteAsset: 'USDT', baseAssetPrecision: 8, quotePrecision: 8 });
    const filter = (type: string) => btc.filters.find((f: { filterType: string }) => f.filterType === type);
    expect(filter('PRICE_FILTER')).toMatchObject({ tickSize: '0.01000000', minPrice: '0.01000000' });
    expect(filter('LOT_SIZE')).toMatchObject({ stepSize: '0.00001000', minQty: '0.00001000', maxQty: '9000.00000000' });
    expect(filter('NOTIONAL')).toMatchObject({ minNotional: '5.00000000' });
    expect(filter('MIN_NOTIONAL')).toMatchObject({ minNotional: '5.00000000' });
    const one = await h.get('/exchangeInfo', 'symbol=ETHUSDT');
    expect(one.body.symbols.map((s: { symbol: string }) => s.symbol)).toEqual(['ETHUSDT']);
    const two = await h.get('/exchangeInfo', `symbols=${encodeURIComponent('["ETHUSDT","BTCUSDT"]')}`);
    expect(two.body.symbols.map((s: { symbol: string }) => s.symbol)).toEqual(['ETHUSDT', 'BTCUSDT']);
  });

  it('a closed market shows as HALT and takes no orders', async () => {
    expect((await h.desks.spot.setMarketStatus('ETHUSDT', { isOpen: 1 })).ok).toBe(true);
    try {
      const info = await h.get('/exchangeInfo', 'symbol=ETHUSDT');
      expect(info.body.symbols[0].status).toBe('HALT');
      const r = await h.signed('POST', '/order', taker, 'symbol=ETHUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=3000&quantity=0.01');
      expect(r.body).toEqual({ code: -2010, msg: 'Market is closed.' });
    } finally {
      await h.desks.spot.setMarketStatus('ETHUSDT', { isOpen: 0 });
    }
  });

  it('depth', async () => {
    const r = await h.get('/depth', 'symbol=BTCUSDT&limit=5');
    expect(r.status).toBe(200);
    expect(r.body.bids).toEqual([['49990.00000000', '0.20000000']]);
    expect(r.body.asks).toEqual([['50010.00000000', '0.40000000']]);
    expect(r.body.lastUpdateId).toBeGreaterThan(0);
    expect((await h.get('/depth', 'symbol=BTCUSDT&limit=7')).body.code).toBe(-1130);
  });

  it('trades and klines', async () => {
    const trades = (await h.get('/trades', 'symbol=BTCUSDT')).body;
    expect(trades).toEqual([{ id: expect.any(Number), price: '50010.00000000', qty: '0.10000000', quoteQty: '5001.00000000', time: h.clock.now(), isBuyerMaker: false, isBestMatch: true }]);
    const klines = (await h.get('/klines', 'symbol=BTCUSDT&interval=1m&limit=10')).body;
    expect(klines).toHaveLength(1);
    expect(klines[0].slice(1, 6)).toEqual(['50010.00000000', '50010.00000000', '50010.00000000', '50010.00000000', '0.10000000']);
    expect((await h.get('/klines', 'symbol=BTCUSDT&interval=7m')).body.code).toBe(-1120);
    expect((await h.get('/klines', 'symbol=BTCUSDT&interval=1m&limit=1001')).body.code).toBe(-1130);
    expect((await h.get('/klines', 'symbol=BTCUSDT')).body.code).toBe(-1102);
  });

  it('tickers: one symbol, a list, or all', async () => {
    const one = (await h.get('/ticker/24hr', 'symbol=BTCUSDT')).body;
    expect(one).toMatchObject({ symbol: 'BTCUSDT', lastPrice: '50010.00000000', volume: '0.10000000', count: 1, bidPrice: '49990.00000000', askPrice: '50010.00000000' });
    const all = (await h.get('/ticker/24hr')).body;
    expect(all).toHaveLength(12);
    expect(all.find((t: { symbol: string }) => t.symbol === 'ETHUSDT')).toMatchObject({ lastPrice: '0.00000000', count: 0 });
    expect((await h.get('/ticker/price', 'symbol=BTCUSDT')).body).toEqual({ symbol: 'BTCUSDT', price: '50010.00000000' });
    const list = (await h.get('/ticker/price', `symbols=${encodeURIComponent('["BTCUSDT","ETHUSDT"]')}`)).body;
    expect(list).toEqual([{ symbol: 'BTCUSDT', price: '50010.00000000' }, { symbol: 'ETHUSDT', price: '0.00000000' }]);
    expect((await h.get('/ticker/bookTicker', 'symbol=BTCUSDT')).body).toEqual({
      symbol: 'BTCUSDT', bidPrice: '49990.00000000', bidQty: '0.20000000', askPrice: '50010.00000000', askQty: '0.40000000',
    });
    expect((await h.get('/ticker/bookTicker')).body).toHaveLength(12);
  });

  it('bad input: unknown symbol, illegal characters, duplicates, unknown parameters', async () => {
    const cases: Array<[string, string, number]> = [
      ['/depth', 'symbol=NOPEUSDT', -1121],
      ['/depth', 'symbol=btc%20usdt', -1100],
      ['/depth', '', -1102],
      ['/depth', 'symbol=BTCUSDT&symbol=ETHUSDT', -1101],
      ['/depth', 'symbol=BTCUSDT&foo=1', -1104],
      ['/trades', 'symbol=BTCUSDT&limit=-1', -1130],
      ['/trades', 'symbol=BTCUSDT&limit=abc', -1100],
      ['/ticker/price', 'symbols=BTCUSDT', -1100],
      ['/ticker/price', `symbols=${encodeURIComponent('["BTCUSDT","NOPE"]')}`, -1121],
      ['/ticker/price', `symbol=BTCUSDT&symbols=${encodeURIComponent('["BTCUSDT"]')}`, -1128],
    ];
    for (const [path, query, code] of cases) {
      const r = await h.get(path, query);
      expect(r.body, `${path}?${query}`).toEqual({ code, msg: expect.any(String) });
      expect(r.status).toBe(400);
    }
    const missing = await h.get('/nothing');
    expect(missing.status).toBe(404);
  });
});
