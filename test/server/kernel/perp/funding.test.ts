import { describe, expect, it } from 'vitest';
import {
  defaultFundingCap,
  fundingFee,
  fundingRate,
  impactNotional,
  impactPrice,
  PremiumAverage,
  premiumIndex,
  type BookLevels,
} from '../../../../server/kernel/perp/funding.ts';
import { divHalfUp, E8, formatRate, parseRate, rate, type Rate } from '../../../../server/kernel/perp/units.ts';
import { mulberry32 } from '../../../tools/random.ts';
import { randBig, randMagnitude, u } from './fixtures.ts';

const pct = (text: string): Rate => rate(parseRate(text) / 100n); // "0.01" % → 10_000n
const asPct = (r: Rate | null): string => (r === null ? 'null' : formatRate(rate(r * 100n)));
const WIDE = { cap: parseRate('0.03'), floor: parseRate('-0.03') };

describe('funding rate (§6)', () => {
  it('clamps I − P̄ to ±0.05 %: P̄ 0.04 % → 0.01 %, 0.08 % → 0.03 %, −0.06 % → −0.01 % (illustrations)', () => {
    expect(asPct(fundingRate({ ...WIDE, averagePremium: pct('0.04') }))).toBe('0.01');
    expect(asPct(fundingRate({ ...WIDE, averagePremium: pct('0.08') }))).toBe('0.03');
    expect(asPct(fundingRate({ ...WIDE, averagePremium: pct('-0.06') }))).toBe('-0.01');
  });

  it('is exactly I for −0.04 % ≤ P̄ ≤ 0.06 %, and P̄ ∓ 0.05 % outside', () => {
    for (const p of ['-0.04', '-0.01', '0', '0.0123', '0.06']) expect(asPct(fundingRate({ ...WIDE, averagePremium: pct(p) })), p).toBe('0.01');
    expect(asPct(fundingRate({ ...WIDE, averagePremium: pct('-0.041') }))).toBe('0.009');
    expect(asPct(fundingRate({ ...WIDE, averagePremium: pct('0.061') }))).toBe('0.011');
    expect(asPct(fundingRate({ ...WIDE, averagePremium: pct('0.02'), interest: rate(0n) }))).toBe('0'); // BNB pairs: I = 0
  });

  it('divides by 8/N for an N-hour interval: 4 h with P̄ = 0.08 % → 0.015 % ([F2025] illustration)', () => {
    expect(asPct(fundingRate({ ...WIDE, averagePremium: pct('0.08'), intervalHours: 4 }))).toBe('0.015');
    expect(asPct(fundingRate({ ...WIDE, averagePremium: pct('0.04'), intervalHours: 1 }))).toBe('0.00125');
    expect(() => fundingRate({ ...WIDE, averagePremium: 0n as Rate, intervalHours: 0 })).toThrow(RangeError);
  });

  it('clamps to [floor, cap]; the 2020 cap is 75 % × (IMR − MMR): ADAUSDT 75x → ±0.4875 % (Binance example)', () => {
    const cap = defaultFundingCap(parseRate('0.013'), parseRate('0.0065'));
    expect(asPct(cap)).toBe('0.4875');
    expect(asPct(fundingRate({ averagePremium: pct('2'), cap, floor: rate(-cap) }))).toBe('0.4875');
    expect(asPct(fundingRate({ averagePremium: pct('-2'), cap, floor: rate(-cap) }))).toBe('-0.4875');
    expect(() => fundingRate({ averagePremium: pct('0'), cap: rate(-1n), floor: rate(1n) })).toThrow(RangeError);
    expect(() => defaultFundingCap(parseRate('0.001'), parseRate('0.002'))).toThrow(RangeError);
  });
});

describe('premium index and its average (§6)', () => {
  it('weights samples linearly in time: 0.01, 0.02, 0.03, 0.06 % → 0.038 % (plain mean 0.03 %) (illustration)', () => {
    const avg = new PremiumAverage();
    expect(avg.average()).toBeNull();
    for (const p of ['0.01', '0.02', '0.03', '0.06']) avg.add(pct(p));
    expect(asPct(avg.average())).toBe('0.038');
    expect(asPct(avg.plainMean())).toBe('0.03');
    expect(avg.count).toBe(4);
    avg.reset();
    expect([avg.count, avg.average(), avg.plainMean()]).toEqual([0, null, null]);
  });

  it('property: matches the naive weighted mean over a full 8-hour period of 5,760 samples (seeded)', () => {
    const rng = mulberry32(9);
    const avg = new PremiumAverage();
    let num = 0n;
    let den = 0n;
    for (let i = 1; i <= 5_760; i++) {
      const p = rate(randBig(rng, -500_000n, 500_000n));
      avg.add(p);
      num += BigInt(i) * p;
      den += BigInt(i);
      if (i % 480 === 0) expect(avg.average()).toBe(divHalfUp(num, den));
    }
  });

  it('premium = [max(0, IB − I) − max(0, I − IA)] / I', () => {
    expect(asPct(premiumIndex(u('50010'), u('50020'), u('50000')))).toBe('0.02');
    expect(asPct(premiumIndex(u('49990'), u('50010'), u('50000')))).toBe('0');
    expect(asPct(premiumIndex(u('49970'), u('49980'), u('50000')))).toBe('-0.04');
    expect(premiumIndex(u('1'), u('1'), u('3'))).toBe(rate(-66_666_667n)); // half-up, away from zero
    expect(() => premiumIndex(1n, 1n, 0n)).toThrow(RangeError);
  });

  it('impact notional = 200 USDT × max leverage: 20x → 4,000 (Binance example), 125x → 25,000 (illustration)', () => {
    expect(impactNotional(20)).toBe(u('4000'));
    expect(impactNotional(125)).toBe(u('25000'));
  });

  it('impact price is the average fill price of a market order of that notional; null on a thin book', () => {
    const asks: BookLevels = [
      [u('100'), u('1')],
      [u('101'), u('2')],
    ];
    // 100 USDT at 100, then 100 USDT at 101: 200 / (1 + 100/101) = 20,200 / 201
    expect(impactPrice(asks, u('200'))).toBe(u('100.49751244'));
    expect(impactPrice(asks, u('100'))).toBe(u('100'));
    expect(impactPrice(asks, u('302'))).toBe(u('100.66666667')); // the whole book: 302 USDT for 3 coins
    expect(impactPrice(asks, u('302.00000001'))).toBeNull();
    expect(impactPrice([], u('1'))).toBeNull();
    expect(() => impactPrice(asks, 0n)).toThrow(RangeError);
  });

  it('property: the impact price lies between the best and the last level it reaches (seeded)', () => {
    const rng = mulberry32(10);
    for (let n = 0; n < 500; n++) {
      const bids: Array<readonly [bigint, bigint]> = [];
      let p = randMagnitude(rng, 9, 13);
      for (let i = 0; i < 20; i++) {
        bids.push([p, randMagnitude(rng, 3, 9)]);
        p -= randBig(rng, 1n, p / 1_000n + 1n);
      }
      const target = randMagnitude(rng, 8, 12);
      const ip = impactPrice(bids, target);
      if (ip === null) continue;
      expect(ip <= bids[0]![0] && ip >= bids.at(-1)![0]).toBe(true);
    }
  });
});

describe('funding fee (§6)', () => {
  it('long 1 BTC, mark 50,000, F = +0.01 % → the long pays 5 USDT, the short receives 5 (illustration)', () => {
    expect(fundingFee(u('1'), u('50000'), parseRate('0.0001'), 'ceil')).toBe(u('5'));
    expect(fundingFee(-u('1'), u('50000'), parseRate('0.0001'), 'ceil')).toBe(-u('5'));
    expect(fundingFee(u('1'), u('50000'), parseRate('-0.0001'), 'ceil')).toBe(-u('5')); // F < 0: shorts pay longs
  });

  it('rounds as told: settlement (ceil) rounds payers up and receivers down', () => {
    // 1e-8 BTC × 1 USDT × 0.5 % = 5e-11 USDT
    expect(fundingFee(1n, E8, parseRate('0.005'), 'ceil')).toBe(1n);
    expect(fundingFee(-1n, E8, parseRate('0.005'), 'ceil')).toBe(0n);
    expect(fundingFee(1n, E8, parseRate('0.005'), 'floor')).toBe(0n);
    expect(fundingFee(-1n, E8, parseRate('0.005'), 'halfUp')).toBe(0n);
  });

  it('property: with sizes netting to zero, settlement leaves a residue ≥ 0 and < one minor unit per position (seeded)', () => {
    const rng = mulberry32(11);
    for (let n = 0; n < 300; n++) {
      const sizes = Array.from({ length: 2 + Math.floor(rng() * 30) }, () => randBig(rng, -u('50'), u('50')));
      sizes.push(-sizes.reduce((a, b) => a + b, 0n));
      const mark = randMagnitude(rng, 8, 13);
      const f = rate(randBig(rng, -400_000n, 400_000n));
      const residue = sizes.reduce((a, s) => a + fundingFee(s, mark, f, 'ceil'), 0n);
      expect(residue >= 0n && residue < BigInt(sizes.length)).toBe(true);
    }
  });
});
