import { describe, expect, it } from 'vitest';
import { Code, codeBand, codeName, type ResultCode } from '../../../server/kernel/codes.ts';
import { defineMarket } from '../../../server/kernel/money/market.ts';
import type { Amount, Price, Qty } from '../../../server/kernel/money/nominal.ts';
import { checkLimit, checkMarketByBase, checkMarketByQuote } from '../../../server/kernel/spot/rules.ts';
import { coins, ROUND } from './fixtures.ts';

describe('result codes', () => {
  const all = Object.values(Code) as ResultCode[];

  it('each has one distinct dotted name', () => {
    const names = all.map(codeName);
    expect(new Set(names).size).toBe(all.length);
    for (const n of names) expect(n).toMatch(/^[a-z]+(\.[a-z]+)*$/);
  });

  it('sit in the band their kind says', () => {
    expect(codeBand(Code.OK)).toBe('ok');
    expect(codeBand(Code.EXPIRED_STP_MAKER)).toBe('outcome');
    expect(codeBand(Code.NOTIONAL_ABOVE_MAX)).toBe('rule');
    expect(codeBand(Code.FOK_NOT_FILLABLE)).toBe('book');
    expect(codeBand(Code.INSUFFICIENT_FUNDS)).toBe('funds');
    expect(codeBand(Code.QTY_OFF_LOT)).toBe('decimal');
  });
});

describe('market rules', () => {
  const m = defineMarket(ROUND);
  const limit = (p: number, q: number) => checkLimit(m, p as Price, q as Qty);

  it('name the first rule an order breaks', () => {
    expect(limit(100, 5)).toBe(Code.OK);
    expect(limit(-1, 5)).toBe(Code.PRICE_INVALID);
    expect(limit(Number.NaN, 5)).toBe(Code.PRICE_INVALID);
    expect(limit(100, -5)).toBe(Code.QTY_INVALID);
    expect(limit(0, 0)).toBe(Code.PRICE_INVALID);
    expect(limit(1, 1001)).toBe(Code.QTY_ABOVE_MAX);
    expect(limit(9, 1)).toBe(Code.NOTIONAL_BELOW_MIN);
    expect(limit(10, 1)).toBe(Code.OK);
    expect(limit(1_000_001, 1)).toBe(Code.NOTIONAL_ABOVE_MAX);
    expect(checkLimit(defineMarket({ ...ROUND, minQty: 3 as Qty }), 100 as Price, 2 as Qty)).toBe(Code.QTY_BELOW_MIN);
  });

  it('judge market orders at their bound, or by the quote they spend', () => {
    expect(checkMarketByBase(m, 1.5 as Price, 1 as Qty)).toBe(Code.BOUND_INVALID);
    expect(checkMarketByBase(m, 5 as Price, 1 as Qty)).toBe(Code.NOTIONAL_BELOW_MIN);
    expect(checkMarketByBase(m, 500 as Price, 5 as Qty)).toBe(Code.OK);
    expect(checkMarketByQuote(m, 100 as Price, -1n as Amount)).toBe(Code.QUOTE_INVALID);
    expect(checkMarketByQuote(m, 100 as Price, coins(1_000_001) as Amount)).toBe(Code.NOTIONAL_ABOVE_MAX);
    expect(checkMarketByQuote(m, 100 as Price, coins(50) as Amount)).toBe(Code.OK);
  });
});
