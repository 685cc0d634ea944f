// /myassets numbers and the transfer form's rules: exact minor-unit arithmetic, valuation at live or server prices,
// every market coin listed, the search and "hide small balances" filters, and the spec's transfer refusals.
import { describe, expect, it } from 'vitest';
import type { BalancesReply, BalanceUpdate, Ticker24h } from '../../../src/contract.ts';
import {
  coinsFor, holdingOf, holdingsFromReply, holdingsFromStream, marketAssets, minorText, priceBook, toMinor, valueAt, visibleRows, walletView,
} from '../../../src/pages/user/asset-values.ts';
import { checkTransfer, otherAccount, parseAmount, transferRequest, type TransferInput } from '../../../src/pages/user/transfer/transfer-rules.ts';

function ticker(symbol: string, lastPrice: string): Ticker24h {
  return {
    symbol, priceChange: '0', priceChangePercent: '0', weightedAvgPrice: '0', lastPrice, lastQty: '0', bidPrice: '0', bidQty: '0',
    askPrice: '0', askQty: '0', openPrice: '0', highPrice: '0', lowPrice: '0', volume: '0', quoteVolume: '0', openTime: 0, closeTime: 1,
    firstId: 0, lastId: 0, count: 0,
  };
}
const bal = (wallet: BalanceUpdate['wallet'], asset: string, available: string, frozen = '0'): BalanceUpdate => ({ wallet, asset, available, frozen, time: 1 });

describe('exact amounts', () => {
  it('reads decimal text into minor units and back without floats', () => {
    expect(toMinor('0.1')).toBe(10_000_000n);
    expect(toMinor('0.30000000')).toBe(30_000_000n);
    expect(toMinor('123456789.12345678')).toBe(12_345_678_912_345_678n);
    expect(toMinor('1.000000001')).toBeNull();
    expect(toMinor('1.000000001', true)).toBe(100_000_000n);
    expect(toMinor('1.0000000000')).toBe(100_000_000n);
    expect(toMinor('-1')).toBeNull();
    expect(toMinor('1e5')).toBeNull();
    expect(minorText(toMinor('0.1')! + toMinor('0.2')!)).toBe('0.3');
    expect(minorText(12_300_000_000n)).toBe('123');
    expect(minorText(1n)).toBe('0.00000001');
  });

  it('values like the server: rounded down, and BTC is the USDT total over the BTC price', () => {
    // 0.33333333 BTC at 60,000.01 USDT = 20,000.0031333333… → 20,000.00313333
    expect(minorText(valueAt(toMinor('0.33333333')!, toMinor('60000.01')!))).toBe('20000.00313333');
    expect(minorText(coinsFor(toMinor('30000')!, toMinor('60000')!)!)).toBe('0.5');
    expect(minorText(coinsFor(toMinor('1')!, toMinor('3')!)!)).toBe('0.33333333');
    expect(coinsFor(100n, null)).toBeNull();
    expect(coinsFor(100n, 0n)).toBeNull();
  });
});

describe('prices and the coin list', () => {
  const reply: BalancesReply = {
    accounts: [
      { account: 'coin', balances: [{ asset: 'ETH', available: '2', frozen: '0', total: '2', valueUsdt: '6000' }, { asset: 'XYZ', available: '5', frozen: '0', total: '5', valueUsdt: null }], totalUsdt: '6000' },
    ],
    totalUsdt: '6000',
    unpriced: ['XYZ'],
  };

  it('uses the live last price, else the server valuation, USDT at par, nothing for a coin never priced', () => {
    const prices = priceBook([ticker('BTCUSDT', '60000.5'), ticker('SOLUSDT', '0.00000000'), ticker('ETHBTC', '0.05')], reply);
    expect(prices.get('USDT')).toBe(100_000_000n);
    expect(prices.get('BTC')).toBe(toMinor('60000.5'));
    expect(prices.get('ETH')).toBe(toMinor('3000'));
    expect(prices.has('SOL')).toBe(false);
    expect(prices.has('XYZ')).toBe(false);
    // A live trade wins over the server's valuation.
    expect(priceBook([ticker('ETHUSDT', '3100')], reply).get('ETH')).toBe(toMinor('3100'));
  });

  it('lists USDT and every coin traded against it', () => {
    expect(marketAssets([ticker('BTCUSDT', '1'), ticker('ETHUSDT', '1'), ticker('ETHBTC', '1')])).toEqual(['BTC', 'ETH', 'USDT']);
  });
});

describe('the wallet view', () => {
  const tickers = [ticker('BTCUSDT', '50000'), ticker('ETHUSDT', '2500'), ticker('DOGEUSDT', '0.1')];
  const holdings = holdingsFromStream([
    bal('coin', 'USDT', '1000.5', '200'),
    bal('coin', 'BTC', '0.1'),
    bal('coin', 'DOGE', '5'),
    bal('contract', 'USDT', '300'),
    bal('coin', 'NEW', '7'),
  ]);
  const view = walletView(holdings, priceBook(tickers, null), marketAssets(tickers));

  it('sums every account exactly and lists market coins with zero balance', () => {
    const coin = view.accounts.get('coin')!;
    expect(coin.rows.map((r) => r.asset)).toEqual(['BTC', 'USDT', 'DOGE', 'ETH', 'NEW']);
    expect(minorText(coin.totalUsdt)).toBe('6201'); // 1200.5 + 5000 + 0.5
    expect(coin.rows.find((r) => r.asset === 'ETH')).toEqual({ asset: 'ETH', available: 0n, frozen: 0n, total: 0n, value: 0n });
    expect(coin.rows.find((r) => r.asset === 'NEW')?.value).toBeNull();
    expect(minorText(view.accounts.get('contract')!.totalUsdt)).toBe('300');
    expect(view.accounts.get('earn')!.rows.map((r) => r.asset)).toEqual(['BTC', 'DOGE', 'ETH', 'USDT']);
    expect(minorText(view.totalUsdt)).toBe('6501');
    expect(minorText(view.totalBtc!)).toBe('0.13002');
    expect(view.unpriced).toEqual(['NEW']);
    expect(view.assets).toEqual(['BTC', 'DOGE', 'ETH', 'NEW', 'USDT']);
  });

  it('has no BTC total while BTC has no price', () => {
    expect(walletView(holdings, priceBook([], null), ['USDT']).totalBtc).toBeNull();
  });

  it('searches by coin and hides balances under 1 USDT, keeping held coins without a price', () => {
    const rows = view.accounts.get('coin')!.rows;
    expect(visibleRows(rows, { search: 'us', hideSmall: false }).map((r) => r.asset)).toEqual(['USDT']);
    expect(visibleRows(rows, { search: '  ', hideSmall: true }).map((r) => r.asset)).toEqual(['BTC', 'USDT', 'NEW']);
    expect(visibleRows(rows, { search: 'doge', hideSmall: true })).toEqual([]);
    // Exactly 1 USDT is not small.
    const one = walletView(holdingsFromStream([bal('coin', 'DOGE', '10')]), priceBook(tickers, null), []);
    expect(visibleRows(one.accounts.get('coin')!.rows, { search: '', hideSmall: true }).map((r) => r.asset)).toEqual(['DOGE']);
  });

  it('reads the REST reply the same way as the stream', () => {
    const fromReply = holdingsFromReply({
      accounts: [{ account: 'contract', balances: [{ asset: 'USDT', available: '1.5', frozen: '0.25', total: '1.75', valueUsdt: '1.75' }], totalUsdt: '1.75' }],
      totalUsdt: '1.75',
      unpriced: [],
    });
    expect(holdingOf(fromReply, 'contract', 'USDT')).toEqual({ available: 150_000_000n, frozen: 25_000_000n });
    expect(holdingOf(fromReply, 'coin', 'USDT')).toEqual({ available: 0n, frozen: 0n });
  });
});

describe('transfer rules (spec §5)', () => {
  const input: TransferInput = { from: 'coin', to: 'contract', asset: 'USDT', amount: '10' };
  const available = toMinor('25.5');

  it('refuses the same account, an empty, malformed, zero or too precise amount, and more than available', () => {
    expect(checkTransfer({ ...input, to: 'coin' }, available)).toEqual({ field: 'to', rule: 'transfer.same.account' });
    expect(checkTransfer({ ...input, asset: '' }, available)).toEqual({ field: 'asset', rule: 'validate.required' });
    expect(checkTransfer({ ...input, amount: ' ' }, available)).toEqual({ field: 'amount', rule: 'validate.required' });
    expect(checkTransfer({ ...input, amount: '1,5' }, available)).toEqual({ field: 'amount', rule: 'number.format' });
    expect(checkTransfer({ ...input, amount: '-1' }, available)).toEqual({ field: 'amount', rule: 'number.format' });
    expect(checkTransfer({ ...input, amount: '0' }, available)).toEqual({ field: 'amount', rule: 'number.not.positive' });
    expect(checkTransfer({ ...input, amount: '0.000' }, available)).toEqual({ field: 'amount', rule: 'number.not.positive' });
    expect(checkTransfer({ ...input, amount: '0.000000001' }, available)).toEqual({ field: 'amount', rule: 'number.too.precise' });
    expect(checkTransfer({ ...input, amount: '25.50000001' }, available)).toEqual({ field: 'amount', rule: 'funds.insufficient' });
  });

  it('accepts exactly the available balance, and leaves the balance check to the server while it is unknown', () => {
    expect(checkTransfer({ ...input, amount: '25.5' }, available)).toBeNull();
    expect(checkTransfer({ ...input, amount: '25.500000000' }, available)).toBeNull();
    expect(checkTransfer({ ...input, amount: '.5' }, available)).toBeNull();
    expect(checkTransfer({ ...input, amount: '99999' }, null)).toBeNull();
  });

  it('sends the amount canonically with the attempt id', () => {
    expect(transferRequest({ ...input, amount: ' 0010.50 ' }, 'web-1')).toEqual({ asset: 'USDT', amount: '10.5', from: 'coin', to: 'contract', clientId: 'web-1' });
    expect(transferRequest({ ...input, amount: '5.' }, 'web-1')?.amount).toBe('5');
    expect(transferRequest({ ...input, amount: '0' }, 'web-1')).toBeNull();
    expect(transferRequest({ ...input, to: 'coin' }, 'web-1')).toBeNull();
    expect(parseAmount('1.23456789')).toEqual({ ok: true, units: 123_456_789n });
  });

  it('picks a different partner account', () => {
    expect(otherAccount('coin')).toBe('contract');
    expect(otherAccount('contract')).toBe('coin');
    expect(otherAccount('seconds', 'coin')).toBe('coin');
  });
});
