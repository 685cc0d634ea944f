// ccxt.pro's `binanceusdm`, unchanged but for its URLs (REST at the server, the futures WebSocket at /fstream/ws),
// against a listening app with /fstream attached as server.ts does: a local order book kept from the diff stream and
// the REST snapshot, trades, candles, the mark price, and the user data stream's orders, balance and positions.
import ccxt from 'ccxt';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { topics } from '../../../server/desks/index.ts';
import { fstreamRoutes } from '../../../server/gateway/binance/fstream.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';

const usdt = (n: number) => BigInt(Math.round(n * 1e8));
const BTC = 'BTC/USDT:USDT';

describeDialects('ccxt.pro binanceusdm on /fstream', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.pro.binanceusdm>;
  let lp: number;
  /** Takes the resting orders of `lp` in the public tests (one account can't trade with itself). */
  let taker: number;

  async function mark(symbol: string, price: number) {
    const r = await h.desks.perp.mark({ symbol, mark: usdt(price), index: usdt(price), fundingRate: null });
    expect(r.ok).toBe(true);
    h.trading.bus.publish(topics.perpMark(symbol), {
      type: 'perp.mark', symbol, mark: String(price), index: String(price), fundingRate: '0.0001', nextFundingTime: Date.now() + 3_600_000, time: Date.now(),
    });
  }
  async function rest(side: 'buy' | 'sell', price: string, qty: string) {
    const r = await h.desks.perp.place({ user: lp, symbol: 'BTCUSDT', side, type: 'limit', price, qty });
    expect(r.ok).toBe(true);
    return r.ok ? r.value.order.id : 0;
  }

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    fstreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now });
    lp = await h.user('pro-lp@example.com');
    const trader = await h.user('pro-bot@example.com');
    taker = await h.user('pro-taker@example.com');
    for (const [user, amount] of [[lp, '1000000'], [trader, '10000'], [taker, '100000']] as const) {
      const r = await h.desks.contract.adjust({ user, asset: 'USDT', amount, action: 'credit', memo: 'ccxt.pro test' });
      expect(r.ok).toBe(true);
    }
    await mark('BTCUSDT', 50_000);
    const key = await h.key(trader, { trade: true });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const host = `127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    ex = new ccxt.pro.binanceusdm({ apiKey: key.apiKey, secret: key.secret, enableRateLimit: false });
    const urls = ex.urls as { api: Record<string, unknown> };
    for (const [name, url] of Object.entries(urls.api)) if (typeof url === 'string') urls.api[name] = url.replace(/^https:\/\/[^/]+/, `http://${host}`);
    // The futures WebSocket base: ccxt makes /fstream/public/ws, /fstream/market/ws and /fstream/private/ws of it.
    (urls.api['ws'] as Record<string, unknown>)['future'] = `ws://${host}/fstream/ws`;
    // ccxt asks for this once before it opens a plain ws:// (not wss://) URL.
    await ex.loadHttpProxyAgent();
    await ex.loadMarkets();
  });
  afterAll(async () => {
    await ex?.close();
    await h?.dispose();
  });

  it('watchOrderBook keeps the book from the diff stream and the REST snapshot', async () => {
    for (let i = 0; i < 5; i++) {
      await rest('buy', String(49_900 - i * 10), '0.1');
      await rest('sell', String(50_100 + i * 10), '0.1');
    }
    const first = await ex.watchOrderBook(BTC);
    expect(first.bids[0]).toEqual([49_900, 0.1]);
    expect(first.asks[0]).toEqual([50_100, 0.1]);
    await rest('buy', '49950', '0.2');
    const gone = await rest('sell', '50100', '0.3');
    await h.desks.perp.cancel({ user: lp, orderId: gone });
    let book = first;
    for (let i = 0; i < 20 && !(book.bids[0]?.[0] === 49_950 && book.asks[0]?.[1] === 0.1); i++) book = await ex.watchOrderBook(BTC);
    const fetched = await ex.fetchOrderBook(BTC, 1000);
    expect(book.bids.slice(0, 10)).toEqual(fetched.bids.slice(0, 10));
    expect(book.asks.slice(0, 10)).toEqual(fetched.asks.slice(0, 10));
    expect(book.bids[0]).toEqual([49_950, 0.2]);
  }, 20_000);

  it('watchTrades, watchOHLCV and watchMarkPrice', async () => {
    const trades = ex.watchTrades(BTC);
    const candles = ex.watchOHLCV(BTC, '1m');
    const marked = ex.watchMarkPrice(BTC);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await mark('BTCUSDT', 50_050);
    expect(await marked).toMatchObject({ symbol: BTC, markPrice: 50_050, indexPrice: 50_050 });
    await rest('sell', '50090', '0.05');
    const r = await h.desks.perp.place({ user: taker, symbol: 'BTCUSDT', side: 'buy', type: 'market', qty: '0.05' });
    expect(r.ok).toBe(true);
    const [trade] = await trades;
    expect(trade).toMatchObject({ symbol: BTC, price: 50_090, amount: 0.05, side: 'buy' });
    const ohlcv = await candles;
    expect(ohlcv[ohlcv.length - 1]?.[4]).toBe(50_090);
  }, 20_000);

  it('watchOrders, watchMyTrades, watchBalance and watchPositions from the user data stream', async () => {
    const orders = ex.watchOrders(BTC);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const placed = await ex.createOrder(BTC, 'limit', 'buy', 0.01, 49_990);
    const [seen] = await orders;
    expect(seen).toMatchObject({ id: placed.id, status: 'open', side: 'buy', price: 49_990, amount: 0.01, filled: 0 });

    const mine = ex.watchMyTrades(BTC);
    const balance = ex.watchBalance();
    const positions = ex.watchPositions([BTC]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The trader's bid is the best one: a market sell of another account fills it.
    const r = await h.desks.perp.place({ user: taker, symbol: 'BTCUSDT', side: 'sell', type: 'market', qty: '0.01' });
    expect(r.ok).toBe(true);
    const [fill] = await mine;
    expect(fill).toMatchObject({ order: placed.id, price: 49_990, amount: 0.01, side: 'buy', takerOrMaker: 'maker' });
    const wallet = await balance;
    // The wallet balance (ACCOUNT_UPDATE's wb): 10 000 less the maker fee, 0.02 % of 499.90.
    expect(wallet['USDT']?.total).toBeCloseTo(10_000 - 0.01 * 49_990 * 0.0002, 8);
    const [position] = await positions;
    expect(position).toMatchObject({ symbol: BTC, contracts: 0.01, entryPrice: 49_990, side: 'long' });
  }, 20_000);
});
