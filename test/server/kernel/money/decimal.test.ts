import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../server/kernel/codes.ts';
import { formatDecimal, MAX_AMOUNT, parseDecimal } from '../../../../server/kernel/money/decimal.ts';

const value = (text: string, decimals?: number): bigint | number => {
  const r = parseDecimal(text, decimals);
  return r.ok ? r.value : r.code;
};

describe('parseDecimal', () => {
  it('reads decimal text into exact minor units', () => {
    expect(value('0')).toBe(0n);
    expect(value('1')).toBe(100_000_000n);
    expect(value('1.5')).toBe(150_000_000n);
    expect(value('0.00000001')).toBe(1n);
    expect(value('65000.12345678')).toBe(6_500_012_345_678n);
    expect(value('007.10')).toBe(710_000_000n);
    expect(value('12.34', 2)).toBe(1234n);
    expect(value('5', 0)).toBe(5n);
  });

  it('accepts trailing zeros past the precision, since they change nothing', () => {
    expect(value('1.1000000000')).toBe(110_000_000n);
  });

  it('rejects more decimals than the precision', () => {
    expect(value('0.000000001')).toBe(Code.DECIMAL_TOO_PRECISE);
    expect(value('1.005', 2)).toBe(Code.DECIMAL_TOO_PRECISE);
    expect(value('1.5', 0)).toBe(Code.DECIMAL_TOO_PRECISE);
  });

  it('rejects negatives', () => {
    expect(value('-1')).toBe(Code.DECIMAL_NEGATIVE);
    expect(value('-0.5')).toBe(Code.DECIMAL_NEGATIVE);
  });

  it('rejects anything that is not plain decimal text', () => {
    for (const bad of ['', ' 1', '1 ', '+1', '1e5', '0x10', '.5', '5.', '1.2.3', '1,5', 'NaN', 'Infinity', '١']) {
      expect(value(bad), bad).toBe(Code.DECIMAL_FORMAT);
    }
  });

  it('rejects values a 64-bit column cannot hold, however long the text', () => {
    expect(value('92233720368.54775807')).toBe(MAX_AMOUNT);
    expect(value('92233720368.54775808')).toBe(Code.DECIMAL_TOO_LARGE);
    expect(value('9'.repeat(1000))).toBe(Code.DECIMAL_TOO_LARGE);
    expect(value('100', 8)).toBe(10_000_000_000n);
  });
});

describe('formatDecimal', () => {
  it('writes minor units with a fixed number of places, or trimmed', () => {
    expect(formatDecimal(150_000_000n)).toBe('1.50000000');
    expect(formatDecimal(150_000_000n, 8, true)).toBe('1.5');
    expect(formatDecimal(0n)).toBe('0.00000000');
    expect(formatDecimal(0n, 8, true)).toBe('0');
    expect(formatDecimal(1n)).toBe('0.00000001');
    expect(formatDecimal(-1n)).toBe('-0.00000001');
    expect(formatDecimal(1234n, 2)).toBe('12.34');
    expect(formatDecimal(7n, 0)).toBe('7');
  });

  it('round-trips with parseDecimal for every amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_AMOUNT }), fc.integer({ min: 0, max: 18 }), fc.boolean(), (v, d, trim) => {
        const r = parseDecimal(formatDecimal(v, d, trim), d, 2n ** 200n);
        expect(r).toEqual({ ok: true, value: v });
      }),
    );
  });
});

/** The plain BigInt reading of the rules (regular expressions), to hold the one-pass parser to. */
function referenceParse(text: string, decimals = 8, max = MAX_AMOUNT): bigint | number {
  if (text.startsWith('-')) return Code.DECIMAL_NEGATIVE;
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (m === null) return Code.DECIMAL_FORMAT;
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > decimals) return Code.DECIMAL_TOO_PRECISE;
  if (whole.length > 40) return Code.DECIMAL_TOO_LARGE;
  const v = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
  return v > max ? Code.DECIMAL_TOO_LARGE : v;
}

describe('the one-pass parser agrees with the plain BigInt reading', () => {
  const text = fc.oneof(
    fc.stringMatching(/^-?[0-9]{0,22}(\.[0-9]{0,22})?$/),
    fc.string({ maxLength: 12 }),
    fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 12 })).map(([v, z]) => `${v}${'0'.repeat(z)}`),
  );
  it('parses every text as the reference does, at every precision', () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 18 }), (t, d) => {
        expect(value(t, d)).toEqual(referenceParse(t, d));
      }),
      { numRuns: 5000 },
    );
  });
});
