import { describe, expect, it } from 'vitest';
import { adlQuantile, adlRanking, compareLeveragePnl, leveragePnl, leveragePnlRate } from '../../../../server/kernel/perp/adl.ts';
import { E8, formatRate, mulDiv, parseRate, rate } from '../../../../server/kernel/perp/units.ts';
import { mulberry32 } from '../../../tools/random.ts';
import { randBig, u } from './fixtures.ts';

describe('ADL LeveragePnL (§7 [ADL])', () => {
  it('UPnL 40.2, WB 4.27, margin ratio 13.42 % → PnL% 9.4145, LeveragePnL 1.2634 (forum example)', () => {
    const upnl = u('40.2');
    const walletBalance = u('4.27');
    const maintenance = mulDiv(parseRate('0.1342'), walletBalance + upnl, E8, 'floor'); // MM = 13.42 % × 44.47 = 5.967874
    expect(maintenance).toBe(u('5.967874'));
    expect(formatRate(rate(mulDiv(upnl, E8, walletBalance, 'floor'))).slice(0, 6)).toBe('9.4145');
    const lp = leveragePnl({ upnl, walletBalance, maintenance });
    expect(formatRate(leveragePnlRate(lp)).slice(0, 6)).toBe('1.2634');
  });

  it('uses max(1, WB) and scores losing or underwater positions 0', () => {
    // WB 0.5 counts as 1: PnL% = 10 / 1, ratio = 2 / 10.5
    expect(leveragePnl({ upnl: u('10'), walletBalance: u('0.5'), maintenance: u('2') })).toEqual({ num: u('10') * u('2'), den: u('1') * u('10.5') });
    expect(leveragePnl({ upnl: -u('1'), walletBalance: u('10'), maintenance: u('2') })).toEqual({ num: 0n, den: 1n });
    expect(leveragePnl({ upnl: 0n, walletBalance: u('10'), maintenance: u('2') })).toEqual({ num: 0n, den: 1n });
    expect(leveragePnl({ upnl: u('5'), walletBalance: -u('10'), maintenance: u('2') })).toEqual({ num: 0n, den: 1n });
  });

  it('compares exactly, even where a rate rounded to 10^-8 would tie', () => {
    const a = { num: 1n, den: 3n };
    const b = { num: 333_333_333n, den: 1_000_000_000n };
    expect(leveragePnlRate(a)).toBe(leveragePnlRate(b));
    expect(compareLeveragePnl(a, b)).toBe(1);
    expect(compareLeveragePnl(b, a)).toBe(-1);
    expect(compareLeveragePnl({ num: 2n, den: 6n }, a)).toBe(0);
  });
});

describe('ADL queue (§7)', () => {
  it('ranks highest LeveragePnL first, ties by lower id, without touching the input', () => {
    const rows = [
      { id: 7, upnl: u('10'), walletBalance: u('100'), maintenance: u('1') },
      { id: 3, upnl: u('50'), walletBalance: u('100'), maintenance: u('10') },
      { id: 5, upnl: u('10'), walletBalance: u('100'), maintenance: u('1') },
      { id: 1, upnl: -u('5'), walletBalance: u('100'), maintenance: u('10') },
    ];
    expect(adlRanking(rows).map((r) => r.id)).toEqual([3, 5, 7, 1]);
    expect(rows.map((r) => r.id)).toEqual([7, 3, 5, 1]);
  });

  it('property: the queue is a permutation in non-increasing exact order (seeded)', () => {
    const rng = mulberry32(12);
    for (let n = 0; n < 100; n++) {
      const rows = Array.from({ length: 1 + Math.floor(rng() * 60) }, (_, id) => ({
        id,
        upnl: randBig(rng, -u('100'), u('1000')),
        walletBalance: randBig(rng, -u('10'), u('1000')),
        maintenance: randBig(rng, 0n, u('50')),
      }));
      const ranked = adlRanking(rows);
      expect(ranked.map((r) => r.id).sort((a, b) => a - b)).toEqual(rows.map((r) => r.id));
      for (let i = 1; i < ranked.length; i++) {
        const c = compareLeveragePnl(leveragePnl(ranked[i - 1]!), leveragePnl(ranked[i]!));
        expect(c > 0 || (c === 0 && ranked[i - 1]!.id < ranked[i]!.id)).toBe(true);
      }
    }
  });

  it('maps the queue position to quantile 0..4 in 20 % buckets (lights = value + 1, inferred)', () => {
    expect([1, 2, 3, 4, 5].map((r) => adlQuantile(r, 5))).toEqual([4, 3, 2, 1, 0]);
    expect(Array.from({ length: 10 }, (_, i) => adlQuantile(i + 1, 10))).toEqual([4, 4, 3, 3, 2, 2, 1, 1, 0, 0]);
    expect(adlQuantile(1, 1)).toBe(0);
    expect(adlQuantile(1, 1_000_000) + 1).toBe(5);
    for (const [r, t] of [[0, 5], [6, 5], [1.5, 5], [1, 0]] as const) expect(() => adlQuantile(r, t)).toThrow(RangeError);
  });
});
