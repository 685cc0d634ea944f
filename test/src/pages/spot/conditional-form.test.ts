import { describe, expect, it } from 'vitest';
import {
  compareDecimal, conditionalFraction, conditionalRequest, deriveCondition, heldFunds, liveCheck, ocoRequest, trailingBips, triggerSummary, validateConditional,
  type ConditionalInput,
} from '../../../../src/pages/spot/conditional-form.ts';

const LAST = '40000';
const funds = { base: 1, quote: 5000 };
const stopLimit = (over: Partial<ConditionalInput> = {}): ConditionalInput => ({
  symbol: 'BTCUSDT', side: 'buy', kind: 'stopLimit', stop: '41000', price: '41100', stopLimit: '', amount: '0.1', trailing: '', ...over,
});
const oco = (over: Partial<ConditionalInput> = {}): ConditionalInput =>
  stopLimit({ kind: 'oco', side: 'sell', price: '42000', stop: '39000', stopLimit: '38900', amount: '0.5', ...over });

describe('conditional orders: the trigger condition follows from the last price (Binance web form)', () => {
  it('compares decimal texts exactly, whatever their decimals', () => {
    expect(compareDecimal('41000', '41000.00')).toBe(0);
    expect(compareDecimal('0.1', '0.09999999999')).toBe(1);
    expect(compareDecimal('99999999999999999999.1', '99999999999999999999.2')).toBe(-1);
    expect(compareDecimal('1e3', '1')).toBeNull();
  });

  it('makes a buy above the last price a stop-loss, below it a take-profit; a sell the reverse', () => {
    expect(deriveCondition('buy', '41000', LAST)).toBe('stop_loss');
    expect(deriveCondition('buy', '39000', LAST)).toBe('take_profit');
    expect(deriveCondition('sell', '39000', LAST)).toBe('stop_loss');
    expect(deriveCondition('sell', '41000', LAST)).toBe('take_profit');
    // Undecidable: no last price, a trigger at it, not a number.
    expect(deriveCondition('buy', '41000', null)).toBeNull();
    expect(deriveCondition('sell', '40000.000', LAST)).toBeNull();
    expect(deriveCondition('sell', 'abc', LAST)).toBeNull();
    // Trailing from placement (no trigger price): a stop-loss.
    expect(deriveCondition('sell', '', null)).toBe('stop_loss');
  });

  it('reads a trailing delta in percent as basis points within 10–2000', () => {
    expect(trailingBips('1.5')).toBe(150);
    expect(trailingBips('0.1')).toBe(10);
    expect(trailingBips('20')).toBe(2000);
    expect(trailingBips('0.09')).toBeNull();
    expect(trailingBips('20.01')).toBeNull();
    expect(trailingBips('1.505')).toBeNull();
    expect(trailingBips('-1')).toBeNull();
  });
});

describe('checks as the user types', () => {
  it('says an OCO sell needs its limit above the last price and its trigger below', () => {
    expect(liveCheck(oco(), LAST)).toBeNull();
    expect(liveCheck(oco({ price: '39500' }), LAST)).toEqual({ field: 'price', id: 'rule.oco.sellLimit', values: { last: '40,000.00' } });
    expect(liveCheck(oco({ price: '40000' }), LAST)?.id).toBe('rule.oco.sellLimit');
    expect(liveCheck(oco({ stop: '40500' }), LAST)).toEqual({ field: 'stop', id: 'rule.oco.sellStop', values: { last: '40,000.00' } });
  });

  it('says an OCO buy needs the reverse', () => {
    const buy = oco({ side: 'buy', price: '39000', stop: '41000', stopLimit: '' });
    expect(liveCheck(buy, LAST)).toBeNull();
    expect(liveCheck({ ...buy, price: '41000' }, LAST)?.id).toBe('rule.oco.buyLimit');
    expect(liveCheck({ ...buy, stop: '39999.99' }, LAST)?.id).toBe('rule.oco.buyStop');
  });

  it('waits for a field before judging it, and for the last price', () => {
    expect(liveCheck(oco({ price: '', stop: '' }), LAST)).toBeNull();
    expect(liveCheck(oco({ price: '1' }), null)).toBeNull();
  });

  it('refuses a trigger at the last price and a trailing delta out of range, but not one half typed', () => {
    expect(liveCheck(stopLimit({ stop: '40000.0' }), LAST)).toEqual({ field: 'stop', id: 'rule.spot.triggerAtLast', values: { last: '40,000.00' } });
    expect(liveCheck(stopLimit({ trailing: '25' }), LAST)?.id).toBe('rule.spot.trailingRange');
    expect(liveCheck(stopLimit({ trailing: '1.' }), LAST)).toBeNull();
    expect(liveCheck(stopLimit({ trailing: '0' }), LAST)).toBeNull();
  });
});

describe('checks before sending', () => {
  it('asks for each field in the order shown', () => {
    expect(validateConditional(stopLimit({ stop: '' }), funds, LAST)).toEqual({ field: 'stop', id: 'rule.required' });
    expect(validateConditional(stopLimit({ stop: '0' }), funds, LAST)).toEqual({ field: 'stop', id: 'rule.contract.triggerPriceInvalid' });
    expect(validateConditional(stopLimit({ price: '' }), funds, LAST)).toEqual({ field: 'price', id: 'rule.required' });
    expect(validateConditional(stopLimit({ amount: '0' }), funds, LAST)).toEqual({ field: 'amount', id: 'rule.order.qtyInvalid' });
    expect(validateConditional(stopLimit({ kind: 'stopMarket', amount: '' }), funds, LAST)).toEqual({ field: 'amount', id: 'rule.required' });
    expect(validateConditional(oco({ stopLimit: 'x' }), funds, LAST)).toEqual({ field: 'stopLimit', id: 'rule.number.format' });
  });

  it('lets a trailing order go without a trigger price, but not with a delta out of range', () => {
    expect(validateConditional(stopLimit({ stop: '', trailing: '1.5' }), funds, LAST)).toBeNull();
    expect(validateConditional(stopLimit({ stop: '', trailing: '0' }), funds, LAST)).toEqual({ field: 'trailing', id: 'rule.spot.trailingRange' });
  });

  it('needs the last price to tell the condition, and refuses a trigger at it', () => {
    expect(validateConditional(stopLimit(), funds, null)).toEqual({ field: 'stop', id: 'rule.spot.noLastPrice' });
    expect(validateConditional(oco(), funds, null)?.id).toBe('rule.spot.noLastPrice');
    expect(validateConditional(stopLimit({ stop: LAST }), funds, LAST)?.id).toBe('rule.spot.triggerAtLast');
    expect(validateConditional(oco({ stop: '40001' }), funds, LAST)?.id).toBe('rule.oco.sellStop');
  });

  it('checks what the order will hold against what is available', () => {
    // 41,100 × 0.1 = 4,110 of 5,000 USDT; 0.2 would need 8,220.
    expect(validateConditional(stopLimit(), funds, LAST)).toBeNull();
    expect(validateConditional(stopLimit({ amount: '0.2' }), funds, LAST)).toEqual({ field: 'amount', id: 'rule.funds.insufficient' });
    expect(validateConditional(oco({ amount: '1.5' }), funds, LAST)?.id).toBe('rule.funds.insufficient');
    // Balances still loading: the server decides.
    expect(validateConditional(stopLimit({ amount: '9' }), null, LAST)).toBeNull();
  });
});

describe('held funds', () => {
  it('holds the base for a sell and the limit cost for a stop-limit buy', () => {
    expect(heldFunds(stopLimit({ side: 'sell', stop: '39000' }), LAST)).toEqual({ amount: '0.1', asset: 'base', approx: false });
    expect(heldFunds(stopLimit(), LAST)).toEqual({ amount: '4110', asset: 'quote', approx: false });
    expect(heldFunds(stopLimit({ amount: '' }), LAST)).toBeNull();
  });

  it('figures a stop-market buy at its trigger, raised by the trailing delta, marked approximate', () => {
    expect(heldFunds(stopLimit({ kind: 'stopMarket' }), LAST)).toEqual({ amount: '4100', asset: 'quote', approx: true });
    expect(heldFunds(stopLimit({ kind: 'stopMarket', trailing: '1' }), LAST)).toEqual({ amount: '4141', asset: 'quote', approx: true });
    // Trailing from placement: from the last price.
    expect(heldFunds(stopLimit({ kind: 'stopMarket', stop: '', trailing: '2' }), LAST)).toEqual({ amount: '4080', asset: 'quote', approx: true });
  });

  it('holds the larger leg of an OCO buy once', () => {
    const buy = oco({ side: 'buy', price: '39000', stop: '41000', stopLimit: '41200', amount: '0.1' });
    expect(heldFunds(buy, LAST)).toEqual({ amount: '4120', asset: 'quote', approx: false });
    expect(heldFunds({ ...buy, stopLimit: '' }, LAST)).toEqual({ amount: '4100', asset: 'quote', approx: true });
    expect(heldFunds(oco(), LAST)).toEqual({ amount: '0.5', asset: 'base', approx: false });
  });

  it('fills the amount a slider fraction pays for', () => {
    expect(conditionalFraction(stopLimit(), funds, 0.5, LAST)).toEqual({ amount: '0.06082725' });
    expect(conditionalFraction(oco(), funds, 0.25, LAST)).toEqual({ amount: '0.25' });
    expect(conditionalFraction(stopLimit({ price: '' }), funds, 1, LAST)).toEqual({ amount: '' });
  });
});

describe('requests', () => {
  it('sends a stop-limit with the derived condition and its trigger price', () => {
    expect(conditionalRequest(stopLimit(), LAST)).toEqual({
      symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '41100', amount: '0.1', trigger: { condition: 'stop_loss', stopPrice: '41000' },
    });
    expect(conditionalRequest(stopLimit({ side: 'sell', stop: '41000' }), LAST)?.trigger).toEqual({ condition: 'take_profit', stopPrice: '41000' });
  });

  it('sends a stop-market by base amount, a trailing delta in basis points, and no trigger price when trailing from now', () => {
    expect(conditionalRequest(stopLimit({ kind: 'stopMarket', side: 'sell', stop: '', trailing: '1.5', amount: ' 0.3 ' }), LAST)).toEqual({
      symbol: 'BTCUSDT', side: 'sell', type: 'market', amount: '0.3', trigger: { condition: 'stop_loss', trailingDelta: 150 },
    });
    expect(conditionalRequest(stopLimit({ stop: '39000', trailing: '2' }), LAST)?.trigger).toEqual({ condition: 'take_profit', stopPrice: '39000', trailingDelta: 200 });
    expect(conditionalRequest(stopLimit({ stop: LAST }), LAST)).toBeNull();
  });

  it('sends an OCO with the stop-limit price only when given', () => {
    expect(ocoRequest(oco())).toEqual({ symbol: 'BTCUSDT', side: 'sell', amount: '0.5', limitPrice: '42000', stopPrice: '39000', stopLimitPrice: '38900' });
    expect(ocoRequest(oco({ stopLimit: ' ' }))).toEqual({ symbol: 'BTCUSDT', side: 'sell', amount: '0.5', limitPrice: '42000', stopPrice: '39000' });
  });

  it('summarises what the trigger will do', () => {
    expect(triggerSummary(stopLimit(), LAST)).toEqual({ condition: 'stop_loss', when: '≥ 41,000.00', trailing: null });
    expect(triggerSummary(stopLimit({ side: 'sell', stop: '41000' }), LAST)).toEqual({ condition: 'take_profit', when: '≥ 41,000.00', trailing: null });
    expect(triggerSummary(stopLimit({ side: 'sell', stop: '39000.5', trailing: '1.5' }), LAST)).toEqual({ condition: 'stop_loss', when: '≤ 39,000.50', trailing: '1.50 %' });
    expect(triggerSummary(stopLimit({ stop: '', trailing: '0.25' }), null)).toEqual({ condition: 'stop_loss', when: null, trailing: '0.25 %' });
    expect(triggerSummary(stopLimit({ stop: '' }), LAST)).toBeNull();
    expect(triggerSummary(oco(), LAST)).toBeNull();
  });
});
