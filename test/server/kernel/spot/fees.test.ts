import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeOn, validRate } from '../../../../server/kernel/spot/fees.ts';
import { amount } from '../../../../server/kernel/money/nominal.ts';

describe('feeOn', () => {
  it('charges the exact fee when it is whole', () => {
    expect(feeOn(amount(100_000_000n), 1000)).toBe(100_000n); // 0.1% of 1 coin
    expect(feeOn(amount(0n), 1000)).toBe(0n);
    expect(feeOn(amount(123n), 0)).toBe(0n);
  });

  it('rounds a fractional fee up by less than one minor unit', () => {
    expect(feeOn(amount(1n), 1)).toBe(1n);
    expect(feeOn(amount(999_999n), 1)).toBe(1n);
    expect(feeOn(amount(1_000_001n), 1)).toBe(2n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 63n }), fc.integer({ min: 0, max: 1_000_000 }), (received, ppm) => {
        const fee = feeOn(amount(received), ppm);
        const overcharge = fee * 1_000_000n - received * BigInt(ppm); // in millionths of a minor unit
        expect(overcharge >= 0n && overcharge < 1_000_000n).toBe(true);
        expect(fee <= received).toBe(true);
      }),
    );
  });

  it('accepts integer rates from 0 to 100%', () => {
    expect(validRate(0)).toBe(true);
    expect(validRate(1_000_000)).toBe(true);
    expect(validRate(-1)).toBe(false);
    expect(validRate(1_000_001)).toBe(false);
    expect(validRate(0.5)).toBe(false);
  });
});
