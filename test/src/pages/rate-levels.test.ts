// The fee-level page's pure parts: the distance to the next level in exact BTC decimals, the top level, a volume
// that already qualifies; and the shape checks of /app/fees/rateStandard and /app/fees/myLevel.
import { describe, expect, it } from 'vitest';
import { fromUnits, nextLevel, toUnits } from '../../../src/pages/info/rate-levels.ts';
import { parseMyFeeLevel, parseRateStandard } from '../../../src/api/fees-parse.ts';

const LEVELS = [
  { level: 0, minVolumeBtc: '0', makerPercent: '0.1', takerPercent: '0.1' },
  { level: 1, minVolumeBtc: '50', makerPercent: '0.09', takerPercent: '0.1' },
  { level: 2, minVolumeBtc: '500.5', makerPercent: '0.08', takerPercent: '0.09' },
];

describe('distance to the next level', () => {
  it('is the exact shortfall in BTC, no float error', () => {
    expect(nextLevel(LEVELS, { level: 0, volumeBtc: '0' })).toEqual({ kind: 'more', level: 1, more: '50' });
    expect(nextLevel(LEVELS, { level: 0, volumeBtc: '49.9' })).toEqual({ kind: 'more', level: 1, more: '0.1' });
    expect(nextLevel(LEVELS, { level: 1, volumeBtc: '0.30000001' })).toEqual({ kind: 'more', level: 2, more: '500.19999999' });
  });

  it('says so at the top, and when the volume already reaches the next level', () => {
    expect(nextLevel(LEVELS, { level: 2, volumeBtc: '9000' })).toEqual({ kind: 'top' });
    expect(nextLevel(LEVELS, { level: 0, volumeBtc: '50' })).toEqual({ kind: 'reached', level: 1 });
    // The table's order on the wire does not matter.
    expect(nextLevel([...LEVELS].reverse(), { level: 0, volumeBtc: '10' })).toEqual({ kind: 'more', level: 1, more: '40' });
  });

  it('converts BTC text to and from 10^-8 units', () => {
    expect(toUnits('1.5')).toBe(150_000_000n);
    expect(toUnits('0.00000001')).toBe(1n);
    expect(toUnits('-1')).toBeNull();
    expect(fromUnits(150_000_000n)).toBe('1.5');
    expect(fromUnits(1n)).toBe('0.00000001');
    expect(fromUnits(0n)).toBe('0');
  });
});

describe('fee replies', () => {
  it('reads the table, sorted by level', () => {
    const reply = { levels: [LEVELS[2], LEVELS[0], LEVELS[1]], nextRecomputeAt: 1, nextApplyAt: 2, windowDays: 30 };
    expect(parseRateStandard(reply)).toEqual({ levels: LEVELS, nextRecomputeAt: 1, nextApplyAt: 2, windowDays: 30 });
    expect(parseRateStandard({ ...reply, levels: [] })).toBeNull();
    expect(parseRateStandard({ ...reply, levels: [{ ...LEVELS[0], makerPercent: 0.1 }] })).toBeNull();
    expect(parseRateStandard({ ...reply, windowDays: undefined })).toBeNull();
  });

  it("reads the user's level, with or without a pending one", () => {
    const mine = { level: 1, volumeBtc: '60.5', makerPercent: '0.09', takerPercent: '0.1', computedAt: 1000, pending: null };
    expect(parseMyFeeLevel(mine)).toEqual(mine);
    expect(parseMyFeeLevel({ ...mine, computedAt: null })).toEqual({ ...mine, computedAt: null });
    const pending = { level: 2, volumeBtc: '600', applyAt: 5000 };
    expect(parseMyFeeLevel({ ...mine, pending })).toEqual({ ...mine, pending });
    expect(parseMyFeeLevel({ ...mine, pending: { level: 2 } })).toBeNull();
    expect(parseMyFeeLevel({ ...mine, volumeBtc: 60.5 })).toBeNull();
    expect(parseMyFeeLevel({ ...mine, computedAt: 'today' })).toBeNull();
  });
});
