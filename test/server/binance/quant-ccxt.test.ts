// A quantitative bot's orders through /api/v3 with the real ccxt `binance` class: ordinary spot orders under the
// user's key, tagged with the bot (strategyId, strategyType 1000024), in fetchOpenOrders and the fills in
// fetchMyTrades; a cancel of one is refused (the bot's to cancel) and a cancel-all leaves them: nothing changes.
import ccxt from 'ccxt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUANT_STRATEGY_TYPE } from '../../../server/contract/quant.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, pointAt, type BinanceHarness } from './harness.ts';

describeDialects('quant bots through ccxt', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binance>;
  let user: number;
  let mm: number;
  let nth = 0;
  const sync = () => {
    ex.options['timeDifference'] = Date.now() - h.clock.now() + (nth++ % 1000);
  };
  const place = async (side: 'buy' | 'sell', price: string, qty: string) => {
    const r = await h.desks.spot.place({ type: 'limit', user: mm, symbol: 'BTCUSDT', side, price, qty, stp: 'NONE' });
    if (!r.ok) throw new Error(r.code);
  };

  beforeAll(async () => {
    h = await openBinance(dialect);
    user = await h.user('quant-ccxt@example.com');
    mm = await h.user('quant-ccxt-mm@example.com');
    await h.credit(user, 'USDT', '5000');
    await h.credit(mm, 'USDT', '1000000');
    await h.credit(mm, 'BTC', '20');
    const key = await h.key(user, { trade: true });
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    ex = new ccxt.binance({ apiKey: key.apiKey, secret: key.secret, enableRateLimit: false, options: { adjustForTimeDifference: false, fetchCurrencies: false } });
    pointAt(ex, address);
  });
  afterAll(() => h?.dispose());

  it("shows a grid's orders and fills as the bot's, and refuses to cancel them", async () => {
    await place('sell', '50000', '0.01');
    await place('buy', '50000', '0.01');
    await place('sell', '50010', '1');
    const started = await h.desks.spot.startBot({ user, kind: 'grid', symbol: 'BTCUSDT', investment: '1000', grid: { lower: '49000', upper: '51000', grids: 4, mode: 'arithmetic' } });
    if (!started.ok) throw new Error(started.code);
    const bot = started.value;
    sync();
    await ex.loadMarkets();
    sync();
    const open = await ex.fetchOpenOrders('BTC/USDT');
    expect(open).toHaveLength(4);
    for (const o of open) {
      expect(o.info['strategyId']).toBe(bot.id);
      expect(o.info['strategyType']).toBe(QUANT_STRATEGY_TYPE);
    }
    expect(open.map((o) => [o.side, o.price]).sort()).toEqual([['buy', 49000], ['buy', 49500], ['sell', 50500], ['sell', 51000]]);
    sync();
    const trades = await ex.fetchMyTrades('BTC/USDT');
    expect(trades.map((t) => [t.side, t.price])).toEqual([['buy', 50010]]); // the grid's first market buy
    // A cancel of the bot's order is refused; a cancel-all leaves the bot's orders: nothing changes.
    const before = await h.state(user);
    sync();
    await expect(ex.cancelOrder(String(open[0]!.id), 'BTC/USDT')).rejects.toThrow();
    sync();
    await ex.cancelAllOrders('BTC/USDT').catch(() => undefined);
    expect(await h.state(user)).toEqual(before);
    sync();
    expect(await ex.fetchOpenOrders('BTC/USDT')).toHaveLength(4);
  });
});
