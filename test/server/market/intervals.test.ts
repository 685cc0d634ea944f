// Bar boundaries for every interval in UTC, including week (Monday) and month edges and leap years.
import { describe, expect, it } from 'vitest';
import { closeTime, INTERVALS, isInterval, nextOpenTime, openTime, type Interval } from '../../../server/market/intervals.ts';

const at = (iso: string) => Date.parse(iso);

describe('intervals', () => {
  const t = at('2026-03-18T13:47:29.123Z'); // a Wednesday
  const cases: [Interval, string, string][] = [
    ['1m', '2026-03-18T13:47:00.000Z', '2026-03-18T13:48:00.000Z'],
    ['5m', '2026-03-18T13:45:00.000Z', '2026-03-18T13:50:00.000Z'],
    ['15m', '2026-03-18T13:45:00.000Z', '2026-03-18T14:00:00.000Z'],
    ['30m', '2026-03-18T13:30:00.000Z', '2026-03-18T14:00:00.000Z'],
    ['1h', '2026-03-18T13:00:00.000Z', '2026-03-18T14:00:00.000Z'],
    ['4h', '2026-03-18T12:00:00.000Z', '2026-03-18T16:00:00.000Z'],
    ['1d', '2026-03-18T00:00:00.000Z', '2026-03-19T00:00:00.000Z'],
    ['1w', '2026-03-16T00:00:00.000Z', '2026-03-23T00:00:00.000Z'],
    ['1M', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
  ];
  it.each(cases)('%s bar of a Wednesday afternoon opens at %s and the next at %s', (interval, open, next) => {
    expect(new Date(openTime(interval, t)).toISOString()).toBe(open);
    expect(new Date(nextOpenTime(interval, at(open))).toISOString()).toBe(next);
    expect(closeTime(interval, at(open))).toBe(at(next) - 1);
  });

  it('covers every interval, and only those', () => {
    expect(cases.map((c) => c[0])).toEqual([...INTERVALS]);
    expect(INTERVALS.every(isInterval)).toBe(true);
    expect(isInterval('2m') || isInterval('1W') || isInterval('')).toBe(false);
  });

  it('starts weeks on Monday 00:00 UTC, Binance style', () => {
    expect(new Date(openTime('1w', at('2026-03-22T23:59:59.999Z'))).toISOString()).toBe('2026-03-16T00:00:00.000Z'); // Sunday night
    expect(new Date(openTime('1w', at('2026-03-23T00:00:00.000Z'))).toISOString()).toBe('2026-03-23T00:00:00.000Z'); // Monday
    expect(new Date(openTime('1w', at('2026-01-01T10:00:00.000Z'))).toISOString()).toBe('2025-12-29T00:00:00.000Z'); // across a year
    expect(new Date(openTime('1w', 0)).toISOString()).toBe('1969-12-29T00:00:00.000Z');
    for (let day = 0; day < 60; day++) expect(new Date(openTime('1w', at('2026-02-01T12:00:00Z') + day * 86_400_000)).getUTCDay()).toBe(1);
  });

  it('takes months as calendar months, February of leap years included', () => {
    expect(new Date(openTime('1M', at('2028-02-29T23:59:59.999Z'))).toISOString()).toBe('2028-02-01T00:00:00.000Z');
    expect(new Date(nextOpenTime('1M', at('2028-02-01T00:00:00Z'))).toISOString()).toBe('2028-03-01T00:00:00.000Z');
    expect(closeTime('1M', at('2026-02-01T00:00:00Z')) - at('2026-02-01T00:00:00Z') + 1).toBe(28 * 86_400_000);
    expect(new Date(nextOpenTime('1M', at('2026-12-01T00:00:00Z'))).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(openTime('1M', at('2026-04-01T00:00:00.000Z'))).toBe(at('2026-04-01T00:00:00.000Z'));
    expect(openTime('1M', at('2026-03-31T23:59:59.999Z'))).toBe(at('2026-03-01T00:00:00.000Z'));
  });

  it('puts the last millisecond of a bar in it and the next millisecond in the next bar, for every interval', () => {
    for (const interval of INTERVALS) {
      let open = openTime(interval, at('2025-12-30T00:00:00Z'));
      for (let i = 0; i < 20; i++) {
        const next = nextOpenTime(interval, open);
        expect(openTime(interval, next - 1), interval).toBe(open);
        expect(openTime(interval, next), interval).toBe(next);
        open = next;
      }
    }
  });
});
