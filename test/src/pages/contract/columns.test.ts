import { describe, expect, it } from 'vitest';
import type { AssetRecordItem } from '../../../../src/contract.ts';
import { actionLabel, addSigned, adlLit, fundingPayment, marginRisk, percentText, signedAmount, trendOf } from '../../../../src/pages/contract/columns.ts';

describe('contract column values', () => {
  it('names what an order does to a position', () => {
    expect(actionLabel('long', false)).toBe('contract.openLong');
    expect(actionLabel('short', false)).toBe('contract.openShort');
    expect(actionLabel('long', true)).toBe('perp.closeLong');
    expect(actionLabel('short', true)).toBe('perp.closeShort');
  });

  it('colours gains, losses and nothing', () => {
    expect(trendOf('12.5')).toBe('up');
    expect(trendOf('+0.01')).toBe('up');
    expect(trendOf('-0.0001')).toBe('down');
    expect(trendOf('-0.000')).toBe('flat');
    expect(trendOf('0')).toBe('flat');
    expect(trendOf(null)).toBe('flat');
    expect(trendOf('abc')).toBe('flat');
  });

  it('signs P&L and percents', () => {
    expect(signedAmount('1234.56789')).toBe('+1,234.5679');
    expect(signedAmount('-0.5')).toBe('-0.5000');
    expect(signedAmount('0')).toBe('0.0000');
    expect(signedAmount(null)).toBe('--');
    expect(percentText('12.345')).toBe('12.35%');
    expect(percentText('-3.1', true)).toBe('-3.10%');
    expect(percentText('0.0100', true, 4)).toBe('+0.0100%');
    expect(percentText(null)).toBe('--');
  });

  it('lights the ADL quantile plus one of five', () => {
    expect(adlLit(null)).toBe(0);
    expect(adlLit(0)).toBe(1);
    expect(adlLit(4)).toBe(5);
    expect(adlLit(9)).toBe(5);
    expect(adlLit(-1)).toBe(1);
  });

  it('grades the margin ratio toward liquidation at 100 %', () => {
    expect(marginRisk(null)).toBe('none');
    expect(marginRisk('x')).toBe('none');
    expect(marginRisk('12.5')).toBe('low');
    expect(marginRisk('50')).toBe('medium');
    expect(marginRisk('79.99')).toBe('medium');
    expect(marginRisk('80')).toBe('high');
    expect(marginRisk('140')).toBe('high');
  });

  it('adds signed decimal text exactly', () => {
    expect(addSigned('0.1', '0.2')).toBe('0.3');
    expect(addSigned('-1.5', '0')).toBe('-1.5');
    expect(addSigned('-0.00000001', '-0.2')).toBe('-0.20000001');
    expect(addSigned('2', '-2.000')).toBe('0');
    expect(addSigned('5', '-7.25')).toBe('-2.25');
    expect(addSigned('x', '1')).toBeNull();
  });

  it('reads a funding record as one signed payment in its market', () => {
    const record: AssetRecordItem = { id: 7, account: 'contract', asset: 'USDT', type: 'holding_fee', amount: '0', frozen: '-0.125', ref: 'perp:funding:BTCUSDT:1700000000000', symbol: 'BTCUSDT', time: 1 };
    expect(fundingPayment(record)).toEqual({ id: 7, time: 1, symbol: 'BTCUSDT', asset: 'USDT', amount: '-0.125' });
    expect(fundingPayment({ ...record, amount: '0.5', frozen: '0', ref: 'other', symbol: null })).toMatchObject({ symbol: null, amount: '0.5' });
  });
});
