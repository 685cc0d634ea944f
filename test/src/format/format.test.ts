import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../../../src/format/decimal.ts';
import { formatDate, formatDateTime } from '../../../src/format/date.ts';

describe('number format (4 decimals)', () => {
  it('pads and rounds decimal strings exactly', () => {
    expect(formatDecimal('1')).toBe('1.0000');
    expect(formatDecimal('0.123456789')).toBe('0.1235');
    expect(formatDecimal('0.12344999')).toBe('0.1234');
    expect(formatDecimal('9999.99995')).toBe('10,000.0000');
    expect(formatDecimal('65432.1')).toBe('65,432.1000');
    expect(formatDecimal('-0.00004')).toBe('0.0000');
    expect(formatDecimal('-12.5')).toBe('-12.5000');
    expect(formatDecimal('.5')).toBe('0.5000');
  });

  it('formats numbers and other precisions', () => {
    expect(formatDecimal(1234567)).toBe('1,234,567.0000');
    expect(formatDecimal(9_999_999, 0)).toBe('9,999,999');
    expect(formatDecimal(0.1 + 0.2, 2)).toBe('0.30');
  });

  it('shows "--" for no value', () => {
    expect(formatDecimal(null)).toBe('--');
    expect(formatDecimal(undefined)).toBe('--');
    expect(formatDecimal('abc')).toBe('--');
    expect(formatDecimal(Number.NaN)).toBe('--');
    expect(formatDecimal('')).toBe('--');
  });
});

describe('date format', () => {
  it('writes YYYY-MM-DD HH:mm:ss in local time', () => {
    const ms = new Date(2024, 0, 5, 7, 8, 9).getTime();
    expect(formatDateTime(ms)).toBe('2024-01-05 07:08:09');
    expect(formatDate(ms)).toBe('2024-01-05');
    expect(formatDateTime(null)).toBe('--');
  });
});
