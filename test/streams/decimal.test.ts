import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDecimal, canonicalDecimal, ceilToTick, compareDecimal, floorToTick, isDecimal, isZeroDecimal, toUnits, unitsOrNull } from '../../streams/decimal.ts';

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

describe('the decimal scanner', () => {
  // The pattern the scanner replaced (a match allocated on every price of every socket event): both must agree on
  // what is a decimal and on its value.
  const PATTERN = /^(-)?(\d+)(?:\.(\d*))?$|^(-)?\.(\d+)$/;
  const byPattern = (text: string): bigint | null => {
    const m = PATTERN.exec(text.trim());
    if (!m) return null;
    const fraction = m[3] ?? m[5] ?? '';
    const units = BigInt((m[2] ?? '0') + fraction) * 10n ** BigInt(30 - fraction.length);
    return m[1] ?? m[4] ? -units : units;
  };
  const byScanner = (text: string): bigint | null => (isDecimal(text) ? toUnits(text, 30) : null);

  it('scales to the places asked for, refusing more', () => {
    expect(toUnits('-0.5', 2)).toBe(-50n);
    expect(toUnits(' 7 ', 2)).toBe(700n);
    expect(toUnits('123456789012345678.12345678')).toBe(12345678901234567812345678n);
    expect(() => toUnits('1.123456789')).toThrow(RangeError);
    expect(() => toUnits('1,5')).toThrow(RangeError);
    expect(unitsOrNull('1.5', 0)).toBeNull();
    expect(unitsOrNull('x')).toBeNull();
    expect(unitsOrNull('.25', 2)).toBe(25n);
  });

  it('accepts and reads exactly what the pattern did', () => {
    for (const text of ['0', '12', '-3', '5.', '.5', '-.5', '-0.00', ' 1.25 ', '\t7\n', '1.2.3', '.', '-', '', '+1', '1e5', '0x10', '１', '12345678901234.5', '1234567890123456789.123456789'])
      expect(byScanner(text), JSON.stringify(text)).toBe(byPattern(text));
    const chars = fc.constantFrom('0', '1', '5', '9', '.', '-', ' ', 'e', '+');
    fc.assert(
      fc.property(fc.array(chars, { maxLength: 24 }).map((a) => a.join('')), (text) => {
        expect(byScanner(text)).toBe(byPattern(text));
      }),
      { numRuns: 5_000 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.integer({ min: 0, max: 20 }), (units, scale) => {
        const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
        const text = `${units < 0n ? '-' : ''}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`;
        expect(toUnits(text, 30)).toBe(units * 10n ** BigInt(30 - scale));
      }),
      { numRuns: 2_000 },
    );
  });
});
