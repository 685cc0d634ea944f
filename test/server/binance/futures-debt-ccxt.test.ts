// ccxt's `binanceusdm`, unchanged but for its URLs, reading a cross account that owes: a loss past the account's cash
// that the open positions' unrealized profit carries shows as Binance shows it, a negative wallet balance with
// nothing available or withdrawable, and the profit, realized, repays it (perp desk README, "Cross losses past the
// cash").
import ccxt from 'ccxt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openBinance, pointAt, type BinanceHarness } from './harness.ts';

const usdt = (n: number) => BigInt(Math.round(n * 1e8));
const BTC = 'BTC/USDT:USDT';
const ETH = 'ETH/USDT:USDT';

describeDialects('ccxt binanceusdm: a cross account that owes', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binanceusdm>;
  let lp: number;

  const mark = async (symbol: string, price: number) => expect((await h.desks.perp.mark({ symbol, mark: usdt(price), index: usdt(price), fundingRate: null })).ok).toBe(true);
  const rest = async (symbol: string, side: 'buy' | 'sell', price: string, qty: string) =>
    expect((await h.desks.perp.place({ user: lp, symbol, side, type: 'limit', price, qty })).ok).toBe(true);

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    lp = await h.user('debt-lp@example.com');
    const trader = await h.user('debt-bot@example.com');
    for (const [user, amount] of [[lp, '1000000'], [trader, '2000']] as const) {
      expect((await h.desks.contract.adjust({ user, asset: 'USDT', amount, action: 'credit', memo: 'ccxt usdm debt test' })).ok).toBe(true);
    }
    await mark('BTCUSDT', 50_000);
    await mark('ETHUSDT', 3_000);
    const key = await h.key(trader, { trade: true });
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    ex = new ccxt.binanceusdm({ apiKey: key.apiKey, secret: key.secret, enableRateLimit: false });
    pointAt(ex, address);
  });
  afterAll(() => h?.dispose());

  it('shows the negative wallet, nothing available, and the profit carrying it; closing the profit repays it', async () => {
    await ex.loadMarkets();
    for (const symbol of [BTC, ETH]) await ex.setLeverage(50, symbol);
    // Long 1 BTC and short 10 ETH (taker fees 25 + 15: 1,960 of cash left).
    await rest('BTCUSDT', 'sell', '50000', '1');
    await ex.createOrder(BTC, 'limit', 'buy', 1, 50_000);
    await rest('ETHUSDT', 'buy', '3000', '10');
    await ex.createOrder(ETH, 'limit', 'sell', 10, 3_000);
    // ETH falls 10 % (+3,000), BTC 4.8 % (−2,400); closing BTC takes all the cash and leaves 440 owed.
    await mark('ETHUSDT', 2_700);
    await mark('BTCUSDT', 47_600);
    await rest('BTCUSDT', 'buy', '47600', '1');
    await ex.createOrder(BTC, 'limit', 'sell', 1, 47_600, { reduceOnly: true });
    const owing = await ex.fetchBalance();
    expect(owing.info).toMatchObject({
      totalWalletBalance: '-440.00000000', totalCrossWalletBalance: '-440.00000000', totalUnrealizedProfit: '3000.00000000',
      totalMarginBalance: '2560.00000000', availableBalance: '0.00000000', maxWithdrawAmount: '0.00000000',
    });
    expect(owing['USDT']).toMatchObject({ free: 0, total: 2_560 });
    const [eth] = await ex.fetchPositions([ETH]);
    expect(eth).toMatchObject({ side: 'short', contracts: 10, unrealizedPnl: 3_000, marginMode: 'cross' });
    // Closing ETH realizes +3,000: the 440 is repaid first, the 13.5 fee paid.
    await rest('ETHUSDT', 'sell', '2700', '10');
    await ex.createOrder(ETH, 'limit', 'buy', 10, 2_700, { reduceOnly: true });
    const after = await ex.fetchBalance();
    expect(after.info).toMatchObject({ totalWalletBalance: '2546.50000000', availableBalance: '2546.50000000' });
    expect(after['USDT']).toMatchObject({ free: 2_546.5, total: 2_546.5 });
  });
});
