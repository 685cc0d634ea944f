import { describe, expect, it } from 'vitest';
import { checkFeeTable, feeLevelFor, type FeeLevel } from '../../../../server/kernel/fees/levels.ts';
import { amount } from '../../../../server/kernel/money/nominal.ts';
import { coins } from '../fixtures.ts';

const TABLE: FeeLevel[] = [
  { level: 0, minVolume: amount(0n), makerPpm: 1000, takerPpm: 1000 },
  { level: 1, minVolume: amount(coins(100)), makerPpm: 900, takerPpm: 1000 },
  { level: 2, minVolume: amount(coins(500)), makerPpm: 800, takerPpm: 900 },
];

describe('fee levels', () => {
  it('picks the highest level the trailing volume reaches', () => {
    checkFeeTable(TABLE);
    expect(feeLevelFor(amount(0n), TABLE).level).toBe(0);
    expect(feeLevelFor(amount(coins(100) - 1n), TABLE).level).toBe(0);
    expect(feeLevelFor(amount(coins(100)), TABLE).level).toBe(1);
    expect(feeLevelFor(amount(coins(10_000)), TABLE)).toEqual(TABLE[2]);
  });

  it('refuses rate tables that cannot be right', () => {
    expect(() => checkFeeTable([])).toThrow(/empty/);
    expect(() => checkFeeTable(TABLE.slice(1))).toThrow(/volume 0/);
    expect(() => checkFeeTable([TABLE[0]!, TABLE[2]!, TABLE[1]!])).toThrow(/increase/);
    expect(() => checkFeeTable([{ ...TABLE[0]!, takerPpm: -1 }])).toThrow(/rates/);
  });
});
