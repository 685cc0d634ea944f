// The grid ladder and its profit per grid (server/contract/quant-grid.ts), on seeded random ranges, ticks and grid
// counts: every ladder is strictly increasing from lower to upper on the tick, arithmetic steps differ by at most a
// tick, geometric levels stay within a tick of the exact lower·(upper/lower)^(i/n), a ladder the tick can't hold is
// refused, and the profit range is the extremes of each grid's profit computed directly.
import { describe, expect, it } from 'vitest';
import { gridLevels, gridProfit, levelBelow, profitRange, rootFixed, roundToTick, type GridMode } from '../../../server/contract/quant-grid.ts';
import { mulberry32 } from '../../tools/random.ts';

const E8 = 100_000_000n;
const random = mulberry32(20261129);
const int = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

describe('grid ladder', () => {
  it('builds BTCUSDT 60,000–70,000 in 10 arithmetic grids on a 0.01 tick, and the geometric one', () => {
    const tick = E8 / 100n;
    const a = gridLevels({ lower: 60_000n * E8, upper: 70_000n * E8, grids: 10, mode: 'arithmetic', tick });
    expect(a.ok && a.value.map((p) => Number(p / E8))).toEqual([60000, 61000, 62000, 63000, 64000, 65000, 66000, 67000, 68000, 69000, 70000]);
    const g = gridLevels({ lower: 60_000n * E8, upper: 70_000n * E8, grids: 10, mode: 'geometric', tick });
    expect(g.ok).toBe(true);
    if (!g.ok) return;
    // 60,000 · (7/6)^(1/10) = 60,932.07 (to the cent).
    expect(g.value[1]).toBe(6_093_207n * tick);
    expect(g.value[10]).toBe(70_000n * E8);
  });

  it('refuses what it must, each with its code', () => {
    const base = { lower: 100n * E8, upper: 200n * E8, grids: 10, mode: 'arithmetic' as GridMode, tick: E8 / 100n };
    expect(gridLevels({ ...base, upper: base.lower })).toEqual({ ok: false, code: 'quant.grid.range.invalid' });
    expect(gridLevels({ ...base, lower: 0n })).toEqual({ ok: false, code: 'quant.grid.range.invalid' });
    expect(gridLevels({ ...base, grids: 1 })).toEqual({ ok: false, code: 'quant.grid.count.invalid' });
    expect(gridLevels({ ...base, grids: 151 })).toEqual({ ok: false, code: 'quant.grid.count.invalid' });
    expect(gridLevels({ ...base, grids: 2.5 })).toEqual({ ok: false, code: 'quant.grid.count.invalid' });
    expect(gridLevels({ ...base, lower: base.lower + 1n })).toEqual({ ok: false, code: 'quant.grid.off.tick' });
    expect(gridLevels({ ...base, mode: 'spiral' as GridMode })).toEqual({ ok: false, code: 'quant.grid.mode.invalid' });
    // 1.00–1.05 on a 0.01 tick holds 5 grids, not 6.
    expect(gridLevels({ ...base, lower: E8, upper: E8 + 5n * base.tick, grids: 5 }).ok).toBe(true);
    expect(gridLevels({ ...base, lower: E8, upper: E8 + 5n * base.tick, grids: 6 })).toEqual({ ok: false, code: 'quant.grid.too.many' });
  });

  it('holds its rules over 2,000 random ladders', () => {
    for (let run = 0; run < 2_000; run++) {
      const tick = 10n ** BigInt(int(0, 8));
      const lower = BigInt(int(1, 5_000)) * tick * BigInt(int(1, 100));
      const upper = lower + BigInt(int(1, 400)) * tick * BigInt(int(1, 50));
      const grids = int(2, 150);
      const mode: GridMode = random() < 0.5 ? 'arithmetic' : 'geometric';
      const r = gridLevels({ lower, upper, grids, mode, tick });
      const steps = (upper - lower) / tick;
      if (!r.ok) {
        // Refused only when the tick can't hold the grids: never when every step of the range is a whole number of ticks apart.
        expect(r.code).toBe('quant.grid.too.many');
        if (mode === 'arithmetic') expect(steps < BigInt(grids) * 2n).toBe(true);
        continue;
      }
      const levels = r.value;
      expect(levels).toHaveLength(grids + 1);
      expect(levels[0]).toBe(lower);
      expect(levels[grids]).toBe(upper);
      for (let i = 1; i <= grids; i++) {
        expect(levels[i]! > levels[i - 1]!).toBe(true);
        expect(levels[i]! % tick).toBe(0n);
      }
      if (mode === 'arithmetic') {
        const gaps = levels.slice(1).map((p, i) => p - levels[i]!);
        expect(gaps.reduce((a, b) => (b > a ? b : a)) - gaps.reduce((a, b) => (b < a ? b : a)) <= tick).toBe(true);
      } else {
        // Within a tick (and the fixed point's rounding) of lower·(upper/lower)^(i/n), computed here in floats.
        const ratio = Number(upper) / Number(lower);
        for (let i = 1; i < grids; i++) {
          const exact = Number(lower) * ratio ** (i / grids);
          expect(Math.abs(Number(levels[i]!) - exact)).toBeLessThanOrEqual(Number(tick) / 2 + exact * 1e-12 + 1);
        }
      }
      // The profit range is the extremes of the grids' profits, and each grid's profit is what its trades make.
      const fee = int(0, 2_000);
      const range = profitRange(levels, fee);
      const each = levels.slice(1).map((p, i) => gridProfit(levels[i]!, p, fee));
      expect(range.min).toBe(each.reduce((a, b) => (b < a ? b : a)));
      expect(range.max).toBe(each.reduce((a, b) => (b > a ? b : a)));
      const i = int(1, grids);
      const low = levels[i - 1]!;
      const high = levels[i]!;
      const exactProfit = (Number(high - low) - (fee / 1e6) * Number(low + high)) / Number(low);
      expect(Math.abs(Number(gridProfit(low, high, fee)) / 1e8 - exactProfit)).toBeLessThan(2e-8);
      // Every price finds its place: the level at or below it.
      const price = lower + BigInt(Math.floor(random() * Number(upper - lower + 1n)));
      const at = levelBelow(levels, price);
      expect(levels[at]! <= price && (at === grids || levels[at + 1]! > price)).toBe(true);
    }
  });

  it('rounds to the nearest tick, halves up, and roots exactly', () => {
    expect(roundToTick(149n, 100n)).toBe(100n);
    expect(roundToTick(150n, 100n)).toBe(200n);
    const FIXED = 10n ** 18n;
    const r = rootFixed(2n * FIXED, 12); // 2^(1/12), the semitone
    expect(Number(r) / 1e18).toBeCloseTo(2 ** (1 / 12), 15);
    expect(levelBelow([10n, 20n, 30n], 9n)).toBe(-1);
    expect(levelBelow([10n, 20n, 30n], 30n)).toBe(2);
  });
});
