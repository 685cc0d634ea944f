import { describe, expect, it } from 'vitest';
import { BASIS_WINDOW, BasisWindow, basisOf, indexParts, indexPrice, markParts, markPrice, medianOf, type IndexSource } from '../../../../server/kernel/perp/mark.ts';
import { divHalfUp, parseRate } from '../../../../server/kernel/perp/units.ts';
import { mulberry32 } from '../../../tools/random.ts';
import { randBig, u } from './fixtures.ts';

const HOUR = 3_600_000;

describe('mark price (§5)', () => {
  const base = { index: u('50000'), fundingRate: parseRate('0.0001'), msToNextFunding: 4 * HOUR, intervalMs: 8 * HOUR };

  it('index 50,000, funding 0.01 %, 4 h of 8 h left, basis +3, last 50,010 → P1 50,002.5, P2 50,003, mark 50,003 (illustration)', () => {
    const parts = markParts({ ...base, basisAverage: u('3'), lastPrice: u('50010') });
    expect(parts).toEqual({ price: u('50003'), price1: u('50002.5'), price2: u('50003'), contractPrice: u('50010') });
    expect(markPrice({ ...base, basisAverage: u('3'), lastPrice: u('50010') })).toBe(u('50003'));
  });

  it('is the middle value whatever the order, and uses P2 as the contract price before the first trade', () => {
    const m = (basis: string, last: string | null): bigint => markPrice({ ...base, basisAverage: u(basis), lastPrice: last === null ? null : u(last) });
    expect(m('3', '49000')).toBe(u('50002.5')); // last < P1 < P2
    expect(m('1', '50010')).toBe(u('50002.5')); // P2 < P1 < last
    expect(m('10', '50005')).toBe(u('50005')); // P1 < last < P2
    expect(m('-7', null)).toBe(u('49993'));
    expect(markParts({ ...base, basisAverage: u('-7'), lastPrice: null }).contractPrice).toBe(u('49993'));
  });

  it('scales P1 by the share of the interval left, negative rates included, and rejects bad times', () => {
    const p1 = (rate: string, ms: number): bigint => markParts({ ...base, fundingRate: parseRate(rate), msToNextFunding: ms, basisAverage: 0n, lastPrice: null }).price1;
    expect(p1('0.0001', 8 * HOUR)).toBe(u('50005'));
    expect(p1('0.0001', 0)).toBe(u('50000'));
    expect(p1('-0.0003', 2 * HOUR)).toBe(u('49996.25'));
    expect(p1('0.0001', 20 * HOUR)).toBe(u('50005')); // capped at one interval
    expect(() => markParts({ ...base, intervalMs: 0, basisAverage: 0n, lastPrice: null })).toThrow(RangeError);
    expect(() => markParts({ ...base, msToNextFunding: 1.5, basisAverage: 0n, lastPrice: null })).toThrow(RangeError);
  });
});

describe('index price (§5, 2020 rules [IDX])', () => {
  const now = 1_000_000;
  const src = (price: string | null, weight: bigint, age = 0): IndexSource => ({ price: price === null ? null : u(price), weight, updatedAt: now - age });

  it('is the weighted average of fresh sources', () => {
    expect(indexPrice([src('100', 1n), src('102', 3n)], now)).toBe(u('101.5'));
    expect(indexParts([src('100', 1n), src('102', 3n)], now).mode).toBe('weighted');
    expect(indexPrice([src('100', 1n), src('101', 1n), src('101', 1n)], now)).toBe(u('100.66666667')); // half-up
  });

  it('gives weight 0 to stale (> 10 s), empty and zero-weight sources; none fresh → null', () => {
    const parts = indexParts([src('100', 1n), src('200', 1n, 10_001), src(null, 5n), src('300', 0n)], now);
    expect(parts.price).toBe(u('100'));
    expect(parts.weights).toEqual([1n, 0n, 0n, 0n]);
    expect(indexPrice([src('100', 1n, 10_000)], now)).toBe(u('100')); // exactly 10 s old is still fresh
    expect(indexParts([src('100', 1n, 60_000), src(null, 1n)], now)).toEqual({ price: null, median: null, weights: [0n, 0n], mode: 'none' });
    expect(indexPrice([src('100', 1n, 3_000)], now, { staleMs: 2_000 })).toBeNull();
  });

  it('drops one source more than 5 % from the median of the fresh ones', () => {
    const parts = indexParts([src('100', 1n), src('101', 1n), src('99', 1n), src('106', 10n)], now);
    expect(parts.median).toBe(u('100.5'));
    expect(parts.weights).toEqual([1n, 1n, 1n, 0n]);
    expect(parts.price).toBe(u('100'));
    // 5 % exactly is not a deviation; a tighter limit can be configured
    expect(indexParts([src('100', 1n), src('100', 1n), src('105', 1n)], now).weights).toEqual([1n, 1n, 1n]);
    expect(indexParts([src('100', 1n), src('100', 1n), src('102', 1n)], now, { maxDeviation: parseRate('0.01') }).weights).toEqual([1n, 1n, 0n]);
  });

  it('falls back to the plain median of the fresh sources when more than one deviates', () => {
    const parts = indexParts([src('100', 1n), src('101', 1n), src('90', 50n), src('120', 50n), src('130', 1n, 20_000)], now);
    expect(parts.mode).toBe('median');
    expect(parts.price).toBe(u('100.5'));
  });

  // Issue 27 §5: with our own book in the median, pushing its mid and last 8 % away dropped the external price.
  it('is made of external sources only: our own book (mid 46,000, last 46,000) cannot move an external 50,000', () => {
    const own = (price: string | null, age = 0): IndexSource => ({ ...src(price, 1n, age), own: true });
    const parts = indexParts([src('50000', 2n), own('46000'), own('46000')], now);
    expect(parts).toEqual({ price: u('50000'), median: u('50000'), weights: [2n, 0n, 0n], mode: 'weighted' });
    // Within the 5 % band they don't count either (weighted 1 + 1 against 2 they would move it 0.4 %: a 125x
    // position's whole maintenance margin).
    expect(indexPrice([src('50000', 2n), own('50400'), own('50400')], now)).toBe(u('50000'));
    // Nor are they in the median the deviation rule uses between external sources.
    const two = indexParts([src('50000', 1n), src('50100', 1n), own('46000'), own('46000'), own('46000')], now);
    expect([two.price, two.median, two.weights]).toEqual([u('50050'), u('50050'), [1n, 1n, 0n, 0n, 0n]]);
    // With no fresh external price our own book alone is no index.
    expect(indexParts([src('50000', 2n, 10_001), own('46000'), own('46000')], now)).toEqual({ price: null, median: null, weights: [0n, 0n, 0n], mode: 'none' });
    expect(indexPrice([own('46000')], now)).toBeNull();
  });

  it('takes the median as the middle value, or the half-up mean of the two middle ones', () => {
    expect(medianOf([3n, 1n, 2n])).toBe(2n);
    expect(medianOf([4n, 1n, 2n, 3n])).toBe(3n); // (2 + 3) / 2 = 2.5 → 3
    expect(medianOf([7n])).toBe(7n);
  });
});

describe('basis window (§5)', () => {
  it('averages mid − index over the last N samples, half-up', () => {
    const w = new BasisWindow(3);
    expect(w.mean()).toBeNull();
    w.pushQuote(u('100'), u('101'), u('100')); // mid 100.5 → basis 0.5
    expect(w.mean()).toBe(u('0.5'));
    w.push(u('1'));
    w.push(u('2'));
    expect([w.count, w.sum, w.mean()]).toEqual([3, u('3.5'), u('1.16666667')]);
    w.push(u('4')); // drops the 0.5
    expect([w.count, w.sum, w.mean(), w.samples()]).toEqual([3, u('7'), u('2.33333333'), [u('1'), u('2'), u('4')]]);
    w.reset();
    expect([w.count, w.sum, w.mean(), w.samples()]).toEqual([0, 0n, null, []]);
    // §5 [F2025]: a 30-second basis, 30 data points one per second (the 5-minute window, 300, is gone since 2025-09-18).
    expect(new BasisWindow().size).toBe(30);
    expect(BASIS_WINDOW).toBe(30);
    expect(() => new BasisWindow(0)).toThrow(RangeError);
  });

  it('rounds an odd mid’s half minor unit half-up (away from zero)', () => {
    expect(basisOf(10n, 11n, 10n)).toBe(1n); // 0.5 → 1
    expect(basisOf(10n, 11n, 11n)).toBe(-1n); // −0.5 → −1
    expect(basisOf(10n, 12n, 10n)).toBe(1n);
  });

  it('property: agrees with a naive mean of the last N samples (seeded)', () => {
    const rng = mulberry32(8);
    for (const size of [1, 2, 5, 30, 300]) {
      const w = new BasisWindow(size);
      const all: bigint[] = [];
      for (let i = 0; i < 1_000; i++) {
        const b = randBig(rng, -u('50'), u('50'));
        w.push(b);
        all.push(b);
        const last = all.slice(-size);
        expect(w.mean()).toBe(divHalfUp(last.reduce((a, x) => a + x, 0n), BigInt(last.length)));
        if (i % 97 === 0) expect(w.samples()).toEqual(last);
      }
    }
  });
});
