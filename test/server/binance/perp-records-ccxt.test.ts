// ccxt's `binanceusdm` reads the closing fees (issue 20): a position closed by a sell pays a close_long_fee record,
// which /fapi/v1/income lists as COMMISSION with its trade, so ccxt's fetchLedger and the raw income call see every
// fee a fill paid; a fill that closes a long and opens a short pays one fee in two records (the closing part and the
// opening part), both COMMISSION of the same trade, adding up to the fee ccxt's trade shows.
import ccxt from 'ccxt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openBinance, pointAt, type BinanceHarness } from './harness.ts';

const usdt = (n: number) => BigInt(Math.round(n * 1e8));
const BTC = 'BTC/USDT:USDT';

describeDialects('ccxt binanceusdm: closing fees in income', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binanceusdm>;
  let lp: number;
  let trader: number;

  async function rest(side: 'buy' | 'sell', price: string, qty: string) {
    const r = await h.desks.perp.place({ user: lp, symbol: 'BTCUSDT', side, type: 'limit', price, qty });
    expect(r.ok).toBe(true);
  }

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    lp = await h.user('usdm-fees-lp@example.com');
    trader = await h.user('usdm-fees-bot@example.com');
    for (const [user, amount] of [[lp, '1000000'], [trader, '10000']] as const) {
      const r = await h.desks.contract.adjust({ user, asset: 'USDT', amount, action: 'credit', memo: 'ccxt fee test' });
      expect(r.ok).toBe(true);
    }
    const m = await h.desks.perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null });
    expect(m.ok).toBe(true);
    const key = await h.key(trader, { trade: true });
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    ex = new ccxt.binanceusdm({ apiKey: key.apiKey, secret: key.secret, enableRateLimit: false });
    pointAt(ex, address);
    await ex.loadMarkets();
  });
  afterAll(() => h?.dispose());

  it('lists the opening, the closing and a flip’s two fee parts as COMMISSION of their trades', async () => {
    // Open 0.1 long (fee 0.05 % of 5,000 = 2.5), then sell 0.25: 0.1 closes the long, 0.15 opens a short. One fee on
    // 12,500 (6.25), the closing part 6.25 × 10,000 / 25,000 lots = 2.5, the opening part 3.75.
    await rest('sell', '50000', '0.1');
    await ex.createOrder(BTC, 'market', 'buy', 0.1);
    await rest('buy', '50000', '0.25');
    await ex.createOrder(BTC, 'market', 'sell', 0.25);
    // Then the short of 0.15 is closed with a buy: a closing fee only (3.75).
    await rest('sell', '50000', '0.15');
    await ex.createOrder(BTC, 'market', 'buy', 0.15, undefined, { reduceOnly: true });
    expect(await ex.fetchPositions([BTC])).toEqual([]);

    const trades = await ex.fetchMyTrades(BTC);
    expect(trades.map((t) => [t.side, t.amount, t.fee?.cost])).toEqual([['buy', 0.1, 2.5], ['sell', 0.25, 6.25], ['buy', 0.15, 3.75]]);
    const ids = trades.map((t) => t.id);

    const income = (await ex.fapiPrivateGetIncome({ symbol: 'BTCUSDT', incomeType: 'COMMISSION' })) as Array<Record<string, string>>;
    expect(income.map((x) => [x['incomeType'], x['income'], x['tradeId'], x['symbol']])).toEqual([
      ['COMMISSION', '-2.50000000', ids[0], 'BTCUSDT'],
      ['COMMISSION', '-2.50000000', ids[1], 'BTCUSDT'],
      ['COMMISSION', '-3.75000000', ids[1], 'BTCUSDT'],
      ['COMMISSION', '-3.75000000', ids[2], 'BTCUSDT'],
    ]);
    // Each trade's commission rows add up to the fee ccxt's trade shows.
    for (const t of trades) {
      const sum = income.filter((x) => x['tradeId'] === t.id).reduce((s, x) => s + Number(x['income']), 0);
      expect(sum).toBeCloseTo(-t.fee!.cost!, 8);
    }

    const ledger = await ex.fetchLedger('USDT');
    const commissions = ledger.filter((x) => x.type === 'commission');
    expect(commissions.map((x) => [x.amount, x.direction, x.currency])).toEqual([
      [2.5, 'out', 'USDT'], [2.5, 'out', 'USDT'], [3.75, 'out', 'USDT'], [3.75, 'out', 'USDT'],
    ]);
    // Nothing the wallet paid is missing: the transfer in, the commissions and the realized P&L (0 here: all at
    // 50,000) make the balance.
    const balance = await ex.fetchBalance();
    expect(balance['USDT']!.total).toBeCloseTo(10_000 - 2.5 - 6.25 - 3.75, 8);
    const paid = ledger.reduce((s, x) => s + (x.direction === 'out' ? -x.amount! : x.amount!), 0);
    expect(paid).toBeCloseTo(balance['USDT']!.total!, 8);
  });
});
