import { describe, expect, it } from 'vitest';
import {
  divCeil,
  divFloor,
  divHalfUp,
  divRound,
  E8,
  formatRate,
  leverageOf,
  mulDiv,
  notionalOf,
  parseRate,
} from '../../../../server/kernel/perp/units.ts';
import { mulberry32 } from '../../../tools/random.ts';
import { randBig, u } from './fixtures.ts';

describe('perp units', () => {
  it('reads and writes rates as ratios × 10^8', () => {
    expect(parseRate('0.004')).toBe(400_000n);
    expect(parseRate('0.0001')).toBe(10_000n);
    expect(parseRate('-0.0001')).toBe(-10_000n);
    expect(parseRate('1')).toBe(E8);
    expect(formatRate(parseRate('0.004'))).toBe('0.004');
    expect(formatRate(parseRate('-0.00015'))).toBe('-0.00015');
    expect(formatRate(parseRate('0.004'), false)).toBe('0.00400000');
    for (const bad of ['', '1e-3', '0.000000001', '--1', '.5', '+0.1']) expect(() => parseRate(bad), bad).toThrow(RangeError);
  });

  it('divides with the named rounding for every sign combination', () => {
    const cases: Array<[bigint, bigint, bigint, bigint, bigint]> = [
      // a, b, floor, ceil, halfUp (ties away from zero)
      [7n, 2n, 3n, 4n, 4n],
      [-7n, 2n, -4n, -3n, -4n],
      [7n, -2n, -4n, -3n, -4n],
      [-7n, -2n, 3n, 4n, 4n],
      [5n, 3n, 1n, 2n, 2n],
      [-5n, 3n, -2n, -1n, -2n],
      [4n, 3n, 1n, 2n, 1n],
      [-4n, 3n, -2n, -1n, -1n],
      [6n, 3n, 2n, 2n, 2n],
      [-6n, 3n, -2n, -2n, -2n],
      [0n, 5n, 0n, 0n, 0n],
    ];
    for (const [a, b, f, c, h] of cases) {
      expect([divFloor(a, b), divCeil(a, b), divHalfUp(a, b)], `${a}/${b}`).toEqual([f, c, h]);
      expect([divRound(a, b, 'floor'), divRound(a, b, 'ceil'), divRound(a, b, 'halfUp')]).toEqual([f, c, h]);
    }
    expect(() => divFloor(1n, 0n)).toThrow(RangeError);
  });

  it('property: floor ≤ a/b ≤ ceil, within one, and half-up is the nearest integer (seeded)', () => {
    const rng = mulberry32(0x5eed);
    for (let i = 0; i < 2_000; i++) {
      const a = randBig(rng, -(10n ** 30n), 10n ** 30n);
      let b = randBig(rng, -(10n ** 12n), 10n ** 12n);
      if (b === 0n) b = 1n;
      const f = divFloor(a, b);
      const c = divCeil(a, b);
      const h = divHalfUp(a, b);
      // floor: f×b ≤ a < (f+1)×b in the orientation of b's sign, checked via the rational a/b
      const sb = b < 0n ? -1n : 1n;
      expect(f * b * sb <= a * sb && a * sb < (f + 1n) * b * sb).toBe(true);
      expect(c - f).toBe(a % b === 0n ? 0n : 1n);
      // |a/b − h| ≤ 1/2  ⇔  |2a − 2hb| ≤ |b|
      const err = 2n * a - 2n * h * b;
      expect((err < 0n ? -err : err) <= (b < 0n ? -b : b)).toBe(true);
      expect(h === f || h === c).toBe(true);
    }
  });

  it('computes notionals qty × price / 10^8 with one rounding', () => {
    // 0.02 BTC at 50,000 USDT = 1,000 USDT exactly
    expect(notionalOf(u('0.02'), u('50000'), 'floor')).toBe(u('1000'));
    // 109.488 BTC at 31,967.27 = 3,500,032.45776 (exact: 3 + 2 decimals)
    expect(notionalOf(u('109.488'), u('31967.27'), 'ceil')).toBe(u('3500032.45776'));
    // 1 minor unit of coin at 1.5 minor units of quote per coin → 1.5e-8 of a minor unit
    expect(notionalOf(1n, 150_000_000n, 'floor')).toBe(1n);
    expect(notionalOf(1n, 150_000_000n, 'ceil')).toBe(2n);
    expect(notionalOf(-1n, 150_000_000n, 'floor')).toBe(-2n);
    expect(mulDiv(10n, 3n, 4n, 'halfUp')).toBe(8n);
    expect(mulDiv(-10n, 3n, 4n, 'halfUp')).toBe(-8n);
  });

  it('accepts only whole leverages ≥ 1', () => {
    expect(leverageOf(20)).toBe(20n);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(() => leverageOf(bad)).toThrow(RangeError);
  });
});
