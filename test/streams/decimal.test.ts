import { describe, expect, it } from 'vitest';
import { addDecimal, canonicalDecimal, ceilToTick, compareDecimal, floorToTick, isZeroDecimal } from '../../streams/decimal.ts';

describe('decimal text arithmetic', () => {
  it('adds without float drift', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(addDecimal('1.5', '0.25')).toBe('1.75');
    expect(addDecimal('0.00000001', '0.99999999')).toBe('1.00000000');
  });

  it('compares exactly, even where doubles collide', () => {
    expect(compareDecimal('100.5', '100.50')).toBe(0);
    expect(compareDecimal('0.30000000000000000001', '0.3')).toBe(1);
    expect(compareDecimal('9', '10')).toBe(-1);
  });

  it('floors and ceils to a tick with the tick decimals', () => {
    expect(floorToTick('100.37', '0.5')).toBe('100.0');
    expect(ceilToTick('100.37', '0.5')).toBe('100.5');
    expect(floorToTick('100.5', '0.5')).toBe('100.5');
    expect(ceilToTick('100.5', '0.5')).toBe('100.5');
    expect(floorToTick('29995.12', '10')).toBe('29990');
    expect(ceilToTick('29995.12', '10')).toBe('30000');
    expect(floorToTick('0.30000001', '0.1')).toBe('0.3');
    expect(ceilToTick('0.30000001', '0.1')).toBe('0.4');
  });

  it('reads zero and canonical spellings', () => {
    expect(isZeroDecimal('0.00000000')).toBe(true);
    expect(isZeroDecimal('0.00000001')).toBe(false);
    expect(canonicalDecimal('100.50')).toBe('100.5');
    expect(canonicalDecimal('100.00')).toBe('100');
    expect(canonicalDecimal('0.000')).toBe('0');
  });

  it('gives every spelling of a value one key, whether or not it is already canonical', () => {
    const cases: [string, string][] = [
      ['0', '0'], ['00', '0'], ['0.0', '0'], ['-0', '0'], ['.5', '0.5'], ['0.50', '0.5'], ['12', '12'], ['012', '12'],
      ['12.', '12'], ['95000.43', '95000.43'], ['95000.40', '95000.4'], ['-1.50', '-1.5'], [' 7.25 ', '7.25'], ['1e5', ''],
    ];
    for (const [text, key] of cases) {
      if (key === '') expect(() => canonicalDecimal(text)).toThrow(RangeError);
      else expect(canonicalDecimal(text), text).toBe(key);
    }
    expect(['0', '0.000', '-0', '.0', '00'].map(isZeroDecimal)).toEqual([true, true, true, true, true]);
    expect(['1', '0.001', '-0.1', '10', 'x1', 'abc', ''].map(isZeroDecimal)).toEqual([false, false, false, false, false, false, false]);
  });
});
