import { describe, expect, it } from 'vitest';
import { checkTpSl, pnlAt, tpSlRequest } from '../../../../src/pages/contract/tpsl.ts';

const long = { direction: 'long' as const, mark: '100.5', takeProfit: '', stopLoss: '' };
const short = { ...long, direction: 'short' as const };

describe('take-profit and stop-loss rules (spec §5)', () => {
  it('accepts empty fields: no trigger', () => {
    expect(checkTpSl(long)).toEqual({});
  });

  it('wants a long take-profit above the mark and its stop-loss below', () => {
    expect(checkTpSl({ ...long, takeProfit: '101', stopLoss: '99.99' })).toEqual({});
    expect(checkTpSl({ ...long, takeProfit: '100.5' })).toEqual({ takeProfit: 'rule.contract.takeProfitInvalid' });
    expect(checkTpSl({ ...long, takeProfit: '90' })).toEqual({ takeProfit: 'rule.contract.takeProfitInvalid' });
    expect(checkTpSl({ ...long, stopLoss: '100.50000001' })).toEqual({ stopLoss: 'rule.contract.stopLossInvalid' });
  });

  it('wants the reverse for a short', () => {
    expect(checkTpSl({ ...short, takeProfit: '99', stopLoss: '102' })).toEqual({});
    expect(checkTpSl({ ...short, takeProfit: '101', stopLoss: '99' })).toEqual({
      takeProfit: 'rule.contract.takeProfitInvalid',
      stopLoss: 'rule.contract.stopLossInvalid',
    });
  });

  it('refuses 0 and what is not a price, whatever the mark', () => {
    expect(checkTpSl({ ...long, takeProfit: '0', stopLoss: '0.000' })).toEqual({ takeProfit: 'rule.contract.triggerZero', stopLoss: 'rule.contract.triggerZero' });
    expect(checkTpSl({ ...long, takeProfit: '1e3', stopLoss: '-5' })).toEqual({ takeProfit: 'rule.number.format', stopLoss: 'rule.number.format' });
    expect(checkTpSl({ ...long, takeProfit: '101.123456789' })).toEqual({ takeProfit: 'rule.number.format' });
  });

  it('checks only format and 0 before the first mark', () => {
    expect(checkTpSl({ ...long, mark: null, takeProfit: '1', stopLoss: '1000000' })).toEqual({});
  });

  it('compares exactly, not through floats', () => {
    const mark = '0.30000000';
    expect(checkTpSl({ ...long, mark, takeProfit: '0.30000001', stopLoss: '0.29999999' })).toEqual({});
    expect(checkTpSl({ ...long, mark, takeProfit: '0.3' })).toEqual({ takeProfit: 'rule.contract.takeProfitInvalid' });
  });
});

describe('the setTpSl request', () => {
  const none = { takeProfit: null, stopLoss: null };
  it('sends new and moved prices, null for an emptied one, nothing for the untouched', () => {
    expect(tpSlRequest('BTCUSDT', { takeProfit: '110', stopLoss: '' }, none)).toEqual({ symbol: 'BTCUSDT', takeProfit: '110' });
    expect(tpSlRequest('BTCUSDT', { takeProfit: '', stopLoss: '' }, { takeProfit: '110', stopLoss: null })).toEqual({ symbol: 'BTCUSDT', takeProfit: null });
    expect(tpSlRequest('BTCUSDT', { takeProfit: ' 110.0 ', stopLoss: '90' }, { takeProfit: '110', stopLoss: '95' })).toEqual({ symbol: 'BTCUSDT', stopLoss: '90' });
  });

  it('is null when nothing changed', () => {
    expect(tpSlRequest('BTCUSDT', { takeProfit: '', stopLoss: '' }, none)).toBeNull();
    expect(tpSlRequest('BTCUSDT', { takeProfit: '110.00', stopLoss: '90' }, { takeProfit: '110', stopLoss: '90' })).toBeNull();
  });
});

describe('profit or loss at a trigger', () => {
  it('is the exit notional less the entry for a long, the reverse for a short', () => {
    const position = { direction: 'long' as const, quantity: '0.5', entryNotional: '50000' };
    expect(pnlAt(position, '110000')).toBe('5000');
    expect(pnlAt(position, '90000.5')).toBe('-4999.75');
    expect(pnlAt({ ...position, direction: 'short' }, '90000')).toBe('5000');
  });

  it('is null for no price or a bad one', () => {
    const position = { direction: 'long' as const, quantity: '1', entryNotional: '100' };
    expect(pnlAt(position, '')).toBeNull();
    expect(pnlAt(position, '0')).toBeNull();
    expect(pnlAt(position, 'abc')).toBeNull();
  });
});
