// The ccxt library's `binance` class against a listening server: what a real trading bot would call. The
// trader is credited through the wallet desk's operator path; a counterparty rests liquidity through desks.spot.
import ccxt from 'ccxt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';

describeDialects('ccxt binance client', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binance>;

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    const lp = await h.user('lp@example.com');
    await h.credit(lp, 'BTC', '10');
    await h.credit(lp, 'USDT', '1000000');
    for (const [side, price] of [['sell', '50100'], ['buy', '49900']] as const) {
      const r = await h.desks.spot.place({ type: 'limit', user: lp, symbol: 'BTCUSDT', side, price, qty: '1' });
      expect(r.ok).toBe(true);
    }
    const trader = await h.user('bot@example.com');
    const credited = await h.desks.spot.adjust({ user: trader, asset: 'USDT', amount: '100000', action: 'credit', memo: 'ccxt test' });
    expect(credited.ok).toBe(true);
    const key = await h.key(trader, { trade: true });
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const base = `${address}/api/v3`;
    ex = new ccxt.binance({
      apiKey: key.apiKey,
      secret: key.secret,
      enableRateLimit: false,
      options: {
        fetchMarkets: { types: ['spot'] },
        fetchCurrencies: false,
        fetchMargins: false,
        adjustForTimeDifference: false,
        defaultType: 'spot',
      },
    });
    // The narrower options a bot may choose: spot markets only, no currencies or margin lists, so every call goes
    // to /api/v3 (ccxt-defaults.test.ts runs ccxt's default options against /sapi, /fapi and /dapi too).
    ex.urls['api'] = { public: base, private: base, v1: `${address}/api/v1` };
  });
  afterAll(() => h?.dispose());

  it('loads markets with their precision and limits', async () => {
    const markets = await ex.loadMarkets();
    const btc = markets['BTC/USDT']!;
    expect(btc).toMatchObject({ id: 'BTCUSDT', base: 'BTC', quote: 'USDT', spot: true, active: true });
    expect(btc.precision).toMatchObject({ price: 0.01, amount: 0.00001 });
    expect(btc.limits.amount).toMatchObject({ min: 0.00001, max: 9000 });
    expect(btc.limits.cost?.min).toBe(5);
    expect(Object.keys(markets)).toHaveLength(12);
  });

  it('reads the order book, tickers, candles and trades', async () => {
    const book = await ex.fetchOrderBook('BTC/USDT', 5);
    expect(book.bids[0]).toEqual([49900, 1]);
    expect(book.asks[0]).toEqual([50100, 1]);
    const ticker = await ex.fetchTicker('BTC/USDT');
    expect(ticker).toMatchObject({ symbol: 'BTC/USDT', bid: 49900, ask: 50100 });
    const tickers = await ex.fetchTickers(['BTC/USDT', 'ETH/USDT']);
    expect(Object.keys(tickers).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
  });

  it('places market and limit orders, queries, cancels, and reads balances and its trades', async () => {
    const market = await ex.createOrder('BTC/USDT', 'market', 'buy', 0.1);
    expect(market).toMatchObject({ status: 'closed', filled: 0.1, cost: 5010, side: 'buy', type: 'market' });
    expect(market.trades).toHaveLength(1);

    // Binance's strategyType passes through ccxt's params and comes back in the order's info. (strategyId would too, but
    // ccxt 4.5.84's parseOrder takes a strategyId as the order's id, a Portfolio Margin convention, against Binance too.)
    const limit = await ex.createOrder('BTC/USDT', 'limit', 'buy', 0.05, 49000, { strategyType: 1000007 });
    expect(limit).toMatchObject({ status: 'open', price: 49000, amount: 0.05, remaining: 0.05, info: { strategyType: 1000007 } });
    expect(limit.info).not.toHaveProperty('strategyId');
    const id = String(limit.id);
    const open = await ex.fetchOpenOrders('BTC/USDT');
    expect(open.map((o) => o.id)).toEqual([id]);
    expect(await ex.fetchOrder(id, 'BTC/USDT')).toMatchObject({ id, status: 'open', clientOrderId: limit.clientOrderId, info: { strategyType: 1000007 } });

    const balance = await ex.fetchBalance();
    expect(balance['BTC']).toMatchObject({ free: 0.0999, used: 0, total: 0.0999 });
    expect(balance['USDT']).toMatchObject({ free: 100000 - 5010 - 2450, used: 2450 });

    const canceled = await ex.cancelOrder(id, 'BTC/USDT');
    expect(canceled).toMatchObject({ id, status: 'canceled' });
    expect(await ex.fetchOpenOrders('BTC/USDT')).toEqual([]);
    expect((await ex.fetchBalance())['USDT']).toMatchObject({ free: 100000 - 5010, used: 0 });

    const mine = await ex.fetchMyTrades('BTC/USDT');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ side: 'buy', price: 50100, amount: 0.1, cost: 5010, takerOrMaker: 'taker', fee: { currency: 'BTC', cost: 0.0001 } });

    const trades = await ex.fetchTrades('BTC/USDT');
    expect(trades.map((t) => [t.price, t.amount, t.side])).toEqual([[50100, 0.1, 'buy']]);
    const candles = await ex.fetchOHLCV('BTC/USDT', '1m');
    expect(candles).toHaveLength(1);
    expect(candles[0]!.slice(1)).toEqual([50100, 50100, 50100, 50100, 0.1]);
  });

  it('maps refusals to ccxt exception types', async () => {
    await expect(ex.createOrder('BTC/USDT', 'limit', 'buy', 5, 49000)).rejects.toBeInstanceOf(ccxt.InsufficientFunds);
    // ccxt files Binance's -1013 filter failures under BadRequest.
    await expect(ex.createOrder('BTC/USDT', 'limit', 'buy', 0.00001, 49000)).rejects.toThrow(/-1013.*NOTIONAL/);
    await expect(ex.cancelOrder('999999', 'BTC/USDT')).rejects.toBeInstanceOf(ccxt.OrderNotFound);
    const wrong = new ccxt.binance({ apiKey: ex.apiKey, secret: 'x'.repeat(64), options: { fetchMarkets: { types: ['spot'] }, fetchCurrencies: false } });
    wrong.urls['api'] = ex.urls['api'];
    wrong.markets = ex.markets;
    wrong.symbols = ex.symbols;
    wrong.markets_by_id = ex.markets_by_id;
    await expect(wrong.fetchBalance()).rejects.toBeInstanceOf(ccxt.AuthenticationError);
  });
});
