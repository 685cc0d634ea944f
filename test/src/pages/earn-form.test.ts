// The wealth and mining pages' rules: a product's state, what a user may still buy and the Max button, the purchase
// checks in the spec's order, the preview (the server's own formula), percentages, an order's status as of now, and
// the assets page's per-coin holdings.
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, scheduleOf, unitsOfText, type EarnOrderItem, type EarnProductItem } from '../../../src/contract.ts';
import {
  allowanceOf, holdingsByCoin, maxAmountOf, percentText, previewOf, productState, remainingShare, statusAt, validatePurchase,
} from '../../../src/pages/defi/earn-form.ts';
import { parseDefiSearch, parseEarnOrderSearch } from '../../../src/pages/defi/defi-search.ts';
import { parseRef, recordTypeLabel } from '../../../src/pages/user/records.ts';

const product = (extra: Partial<EarnProductItem> = {}): EarnProductItem => ({
  id: 1, kind: 'wealth', name: 'USDT 7-day fixed', asset: 'USDT', incomeAsset: 'USDT', termDays: 7, rate: '0.025', annualRate: '0.025',
  dailyRate: '0.00006849', monthlyRate: '0.00205479', minAmount: '10', maxAmount: '50000', quota: '2000000', remaining: '1500000',
  incomeRelease: 'end', rebateType: 'end', status: 'open', funded: true, capacity: '1500000', held: null, sortOrder: 1, createdAt: 0, ...extra,
});
const pool = (extra: Partial<EarnProductItem> = {}): EarnProductItem =>
  product({ kind: 'mining', name: 'USDT pool 30 days', termDays: 30, rate: '0.0002', dailyRate: '0.0002', monthlyRate: '0.006', annualRate: '0.073', minAmount: '100', maxAmount: '100000', incomeRelease: 'daily', ...extra });

describe('product state and allowance', () => {
  it('says closed, sold out, not funded or on sale', () => {
    expect(productState(product())).toBe('open');
    expect(productState(product({ status: 'closed', remaining: '0', funded: false }))).toBe('closed');
    expect(productState(product({ remaining: '0', funded: false }))).toBe('soldOut');
    expect(productState(product({ funded: false }))).toBe('unfunded');
  });

  it('lets a user buy min(max − held, capacity), and Max stays within the balance', () => {
    expect(allowanceOf(product({ held: '49000.5' }))).toBe('999.5');
    expect(allowanceOf(product({ capacity: '300' }))).toBe('300');
    expect(allowanceOf(product({ held: '60000' }))).toBe('0');
    expect(maxAmountOf(product(), '1234.56')).toBe('1234.56');
    expect(maxAmountOf(product({ held: '49000' }), '5000')).toBe('1000');
    expect(maxAmountOf(product(), null)).toBe('50000');
  });

  it('shares the remaining quota', () => {
    expect(remainingShare(product())).toBe(0.75);
    expect(remainingShare(product({ quota: '0' }))).toBe(0);
  });
});

describe('purchase checks, in the spec order', () => {
  const check = (amount: string, extra: Partial<EarnProductItem> = {}, available: string | null = '20000') =>
    validatePurchase({ amount, product: product(extra), available })?.code ?? null;
  it('refuses a closed, sold-out or unfunded product first', () => {
    expect(check('100', { status: 'closed' })).toBe('product.closed');
    expect(check('100', { remaining: '0' })).toBe('product.soldOut');
    expect(check('100', { funded: false })).toBe('product.unfunded');
  });
  it('then empty, not a number, zero, below the minimum, above the maximum, above the balance', () => {
    expect(check('  ')).toBe('amount.empty');
    expect(check('1e3')).toBe('amount.format');
    expect(check('-5')).toBe('amount.format');
    expect(check('1.000000001')).toBe('amount.format');
    expect(check('0')).toBe('amount.zero');
    expect(check('9.99')).toBe('amount.below.min');
    expect(validatePurchase({ amount: '50001', product: product(), available: '90000' })).toEqual({ code: 'amount.above.max', max: '50000' });
    expect(validatePurchase({ amount: '20000.01', product: product(), available: '20000' })).toEqual({ code: 'balance.insufficient', available: '20000' });
    expect(check('20000')).toBeNull();
    // Balance unknown: the server checks it.
    expect(check('40000', {}, null)).toBeNull();
  });
});

describe('preview by the server formula', () => {
  // 2026-01-05 15:30 UTC = 23:30 GMT+8: earning starts 30 minutes later, at 16:00 UTC.
  const now = Date.UTC(2026, 0, 5, 15, 30);
  const start = Date.UTC(2026, 0, 5, 16, 0);
  it('wealth: the whole income and the principal at maturity', () => {
    const p = previewOf(product(), '5000', now)!;
    // floor(5000 × 0.025 × 7 / 365) to the unit
    expect(p.totalIncome).toBe('2.39726027');
    expect(p.startAt).toBe(start);
    expect(p.firstPayoutAt).toBe(start + 7 * DAY_MS);
    expect(p.endAt).toBe(start + 7 * DAY_MS);
    expect(p.returnAt).toBe(start + 7 * DAY_MS);
    expect(p.firstIncome).toBe('2.39726027');
  });
  it('mining: daily income from 01:00 after the first day, the principal after the last', () => {
    const p = previewOf(pool(), '1000', now)!;
    expect(p.totalIncome).toBe('6');
    expect(p.firstIncome).toBe('0.2');
    expect(p.periods).toBe(30);
    expect(p.firstPayoutAt).toBe(start + DAY_MS + HOUR_MS);
    expect(p.returnAt).toBe(start + 30 * DAY_MS + HOUR_MS);
    // The same as the schedule the desk pays by.
    const schedule = scheduleOf({ kind: 'mining', rate: unitsOfText('0.0002')!, termDays: 30, incomeRelease: 'daily', rebateType: 'end' }, unitsOfText('1000')!, now);
    expect(schedule.payments[0]?.dueAt).toBe(p.firstPayoutAt);
    expect(schedule.payments.at(-1)?.dueAt).toBe(p.returnAt);
  });
  it('shows nothing for an amount it cannot read', () => {
    expect(previewOf(product(), 'abc', now)).toBeNull();
    expect(previewOf(product(), '0', now)).toBeNull();
  });
});

describe('display', () => {
  it('writes rates as percentages', () => {
    expect(percentText('0.025')).toBe('2.5');
    expect(percentText('0.0002')).toBe('0.02');
    expect(percentText('0.00006849')).toBe('0.0068');
    expect(percentText('0.00205479', 2)).toBe('0.21');
    expect(percentText('x')).toBe('--');
  });

  const order = (extra: Partial<EarnOrderItem>): EarnOrderItem => ({
    id: 1, kind: 'mining', productId: 5, name: 'pool', asset: 'USDT', incomeAsset: 'USDT', principal: '1000', rate: '0.0002', termDays: 30,
    incomeRelease: 'daily', rebateType: 'end', totalIncome: '6', paidIncome: '0', paidPrincipal: '0', periodsPaid: 0, periods: 30, status: 'purchasing',
    purchasedAt: 0, startAt: 1_000, endAt: 2_000, returnAt: 3_000, nextPayoutAt: 2_000, closedAt: null, clientId: null, ...extra,
  });
  it('reads purchasing as in progress once earning began', () => {
    expect(statusAt(order({}), 999)).toBe('purchasing');
    expect(statusAt(order({}), 1_000)).toBe('in_progress');
    expect(statusAt(order({ status: 'settled' }), 5_000)).toBe('settled');
  });
  it('adds up per coin the principal of active orders and the income received', () => {
    const coins = holdingsByCoin([
      order({ status: 'in_progress', paidIncome: '0.6', periodsPaid: 3 }),
      order({ id: 2, kind: 'wealth', principal: '5000', totalIncome: '2.39726027', status: 'redeemed', paidIncome: '0' }),
      order({ id: 3, kind: 'wealth', principal: '2000', totalIncome: '0.95890410', paidIncome: '0.95890410', status: 'settled' }),
      order({ id: 4, asset: 'BTC', incomeAsset: 'BTC', principal: '0.5', rebateType: 'daily', paidPrincipal: '0.1', totalIncome: '0.0015', paidIncome: '0.0003', status: 'in_progress' }),
    ]);
    expect(coins.map((c) => [c.asset, String(c.principal), String(c.income), String(c.pending), c.activeOrders])).toEqual([
      ['BTC', '40000000', '30000', '120000', 1],
      ['USDT', '100000000000', '155890410', '540000000', 1],
    ]);
  });
});

describe('asset records of wealth and mining', () => {
  it('read an order reference and a payment reference, and label the new types', () => {
    expect(parseRef('earn:12')).toEqual({ kind: 'earn', id: '12', period: null });
    expect(parseRef('earn:12:3')).toEqual({ kind: 'earn', id: '12', period: '3' });
    expect(parseRef('earn:x')).toEqual({ kind: 'raw', text: 'earn:x' });
    expect(recordTypeLabel('mining_income')).toBe('records.type.miningIncome');
    expect(recordTypeLabel('financial_return')).toBe('records.type.financialReturn');
  });
});

describe('search params', () => {
  it('keep a known tab and a well-formed order', () => {
    expect(parseDefiSearch({ section: 'myMining' })).toEqual({ section: 'myMining' });
    expect(parseDefiSearch({ section: 'wealth' })).toEqual({});
    expect(parseDefiSearch({ section: 'x', tab: 'mining' })).toEqual({});
    expect(parseEarnOrderSearch({ kind: 'mining', id: '12' })).toEqual({ kind: 'mining', id: 12 });
    expect(parseEarnOrderSearch({ kind: 'stake', id: '0' })).toEqual({});
  });
});
