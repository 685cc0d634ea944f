// LiquidationIndex: unit cases, then a property test against a naive reference (an array scanned linearly) over
// seeded random sequences of set / move / delete / sweep, comparing results and order after every operation.
import { describe, expect, it } from 'vitest';
import { LiquidationIndex, type LiquidationEntry, type PositionSide } from '../../../../server/kernel/perp/liq-index.ts';
import { mulberry32 } from '../../../tools/random.ts';

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** The definition of behaviour: every operation scans the whole array. */
class NaiveIndex {
  rows: LiquidationEntry[] = [];

  get size(): number {
    return this.rows.length;
  }

  get(key: number): LiquidationEntry | undefined {
    const row = this.rows.find((r) => r.key === key);
    return row && { ...row };
  }

  set(key: number, side: PositionSide, price: bigint | null): void {
    if (price === null) {
      this.delete(key);
      return;
    }
    const i = this.rows.findIndex((r) => r.key === key);
    if (i >= 0) this.rows[i] = { key, side, price };
    else this.rows.push({ key, side, price });
  }

  delete(key: number): boolean {
    const i = this.rows.findIndex((r) => r.key === key);
    if (i < 0) return false;
    this.rows.splice(i, 1);
    return true;
  }

  /** Depth past the mark: how far a reached position is under water. */
  private static depth(r: LiquidationEntry, mark: bigint): bigint {
    return r.side === 'long' ? r.price - mark : mark - r.price;
  }

  reached(mark: bigint): number[] {
    return this.rows
      .filter((r) => (r.side === 'long' ? r.price >= mark : r.price <= mark))
      .sort((a, b) => {
        const da = NaiveIndex.depth(a, mark);
        const db = NaiveIndex.depth(b, mark);
        return da > db ? -1 : da < db ? 1 : a.key - b.key;
      })
      .map((r) => r.key);
  }

  takeReached(mark: bigint): number[] {
    const keys = this.reached(mark);
    const gone = new Set(keys);
    this.rows = this.rows.filter((r) => !gone.has(r.key));
    return keys;
  }

  peek(side: PositionSide): LiquidationEntry | undefined {
    const best = this.rows
      .filter((r) => r.side === side)
      .sort((a, b) => (a.price === b.price ? a.key - b.key : (side === 'long' ? a.price > b.price : a.price < b.price) ? -1 : 1))[0];
    return best && { ...best };
  }
}

function filled(entries: [number, PositionSide, bigint][]): LiquidationIndex {
  const idx = new LiquidationIndex(4);
  for (const [k, s, p] of entries) idx.set(k, s, p);
  return idx;
}

describe('LiquidationIndex', () => {
  it('is empty to start with', () => {
    const idx = new LiquidationIndex();
    expect(idx.size).toBe(0);
    expect(idx.has(0)).toBe(false);
    expect(idx.get(0)).toBeUndefined();
    expect(idx.peek('long')).toBeUndefined();
    expect(idx.peek('short')).toBeUndefined();
    expect(idx.reached(0n)).toEqual([]);
    expect(idx.takeReached(10n ** 30n)).toEqual([]);
    expect(idx.delete(1)).toBe(false);
    idx.checkInvariants();
  });

  it('reaches longs at or above the mark, riskiest first, ties by key', () => {
    const idx = filled([
      [5, 'long', 100n],
      [3, 'long', 120n],
      [9, 'long', 110n],
      [1, 'long', 110n],
      [7, 'long', 90n],
    ]);
    expect(idx.reached(111n)).toEqual([3]);
    expect(idx.reached(110n)).toEqual([3, 1, 9]);
    expect(idx.reached(100n)).toEqual([3, 1, 9, 5]);
    expect(idx.reached(121n)).toEqual([]);
    expect(idx.size).toBe(5);
    expect(idx.count('long')).toBe(5);
    expect(idx.count('short')).toBe(0);
  });

  it('reaches shorts at or below the mark, lowest liquidation price first', () => {
    const idx = filled([
      [1, 'short', 130n],
      [2, 'short', 110n],
      [3, 'short', 120n],
      [4, 'short', 110n],
    ]);
    expect(idx.reached(109n)).toEqual([]);
    expect(idx.reached(110n)).toEqual([2, 4]);
    expect(idx.reached(125n)).toEqual([2, 4, 3]);
    expect(idx.peek('short')).toEqual({ key: 2, side: 'short', price: 110n });
  });

  it('interleaves the two sides by depth past the mark when one mark reaches both', () => {
    const idx = filled([
      [1, 'long', 105n], // depth 5 at mark 100
      [2, 'short', 97n], // depth 3
      [3, 'long', 103n], // depth 3
      [4, 'short', 90n], // depth 10
      [5, 'long', 99n], // not reached
      [6, 'short', 101n], // not reached
    ]);
    expect(idx.reached(100n)).toEqual([4, 1, 2, 3]);
    expect(idx.takeReached(100n)).toEqual([4, 1, 2, 3]);
    expect([1, 2, 3, 4, 5, 6].filter((k) => idx.has(k))).toEqual([5, 6]);
    idx.checkInvariants();
  });

  it('moves a position in price and across sides, and removes it with a null price', () => {
    const idx = filled([
      [1, 'long', 100n],
      [2, 'long', 90n],
    ]);
    idx.set(2, 'long', 110n);
    expect(idx.peek('long')).toEqual({ key: 2, side: 'long', price: 110n });
    idx.set(2, 'short', 80n);
    expect(idx.get(2)).toEqual({ key: 2, side: 'short', price: 80n });
    expect(idx.count('long')).toBe(1);
    expect(idx.reached(85n)).toEqual([1, 2]); // the long is 15 under water, the short 5
    idx.set(2, 'short', null);
    expect(idx.has(2)).toBe(false);
    expect(idx.size).toBe(1);
    idx.set(2, 'long', null); // absent: no effect
    expect(idx.delete(1)).toBe(true);
    expect(idx.delete(1)).toBe(false);
    expect(idx.size).toBe(0);
    idx.checkInvariants();
  });

  it('takeReached removes exactly what reached returns, in the same order', () => {
    const idx = filled([
      [10, 'long', 50n],
      [11, 'long', 60n],
      [12, 'long', 40n],
      [13, 'short', 70n],
    ]);
    const seen = idx.reached(45n);
    expect(seen).toEqual([11, 10]);
    expect(idx.takeReached(45n)).toEqual(seen);
    expect(idx.reached(45n)).toEqual([]);
    expect(idx.size).toBe(2);
    expect(idx.peek('long')?.key).toBe(12);
    idx.checkInvariants();
  });

  it('accepts prices up to ±(2^53 − 1) and any bigint mark, and rejects what it cannot hold exactly', () => {
    const idx = filled([
      [0, 'long', MAX],
      [1, 'long', -MAX],
      [2, 'short', MAX],
      [3, 'short', -MAX],
      [Number.MAX_SAFE_INTEGER, 'long', MAX - 1n],
    ]);
    expect(idx.get(0)?.price).toBe(MAX);
    expect(idx.get(3)?.price).toBe(-MAX);
    expect(idx.reached(MAX)).toEqual([3, 0, 2]);
    expect(idx.reached(MAX - 1n)).toEqual([3, 0, Number.MAX_SAFE_INTEGER]);
    expect(idx.reached(10n ** 30n)).toEqual([3, 2]);
    expect(idx.reached(-(10n ** 30n))).toEqual([0, Number.MAX_SAFE_INTEGER, 1]);
    // Both sides at full depth: depths near 2^53 still rank exactly.
    expect(idx.reached(0n)).toEqual([0, 3, Number.MAX_SAFE_INTEGER]);
    expect(() => idx.set(4, 'long', MAX + 1n)).toThrow(RangeError);
    expect(() => idx.set(4, 'short', -MAX - 1n)).toThrow(RangeError);
    expect(() => idx.set(-1, 'long', 1n)).toThrow(RangeError);
    expect(() => idx.set(1.5, 'long', 1n)).toThrow(RangeError);
    expect(() => idx.set(2 ** 53, 'long', 1n)).toThrow(RangeError);
    expect(() => idx.set(4, 'flat' as PositionSide, 1n)).toThrow(RangeError);
    expect(idx.has(-1)).toBe(false);
    expect(idx.delete(-1)).toBe(false);
    expect(idx.size).toBe(5);
    idx.checkInvariants();
  });

  it('orders large sweeps full of ties, removing a few by pops and many by a rebuild', () => {
    const r = mulberry32(99);
    const idx = new LiquidationIndex(16);
    const ref = new NaiveIndex();
    for (let i = 0; i < 3000; i++) {
      const key = Math.floor(r() * 2 ** 40);
      const side: PositionSide = r() < 0.5 ? 'long' : 'short';
      const price = BigInt(90 + Math.floor(r() * 21)); // 21 distinct prices: ties everywhere
      idx.set(key, side, price);
      ref.set(key, side, price);
    }
    expect(idx.size).toBe(ref.size);
    expect(idx.reached(100n)).toEqual(ref.reached(100n)); // ~half of each side, both interleaved
    for (const mark of [110n, 109n, 91n, 90n, 108n, 100n, 95n, 105n, 70n]) {
      const taken = idx.takeReached(mark);
      expect(taken).toEqual(ref.takeReached(mark));
      idx.checkInvariants();
      expect(idx.size).toBe(ref.size);
      expect(idx.reached(100n)).toEqual(ref.reached(100n));
    }
    expect(idx.size).toBe(0);
  });

  it('grows past its initial capacity and clears', () => {
    const idx = new LiquidationIndex(16);
    for (let k = 0; k < 5000; k++) idx.set(k * 7919, k % 2 === 0 ? 'long' : 'short', BigInt(1000 + (k % 97)));
    idx.checkInvariants();
    expect(idx.size).toBe(5000);
    // Every short (all LPs ≤ 1096) and the longs at 1096: even k with k % 97 = 96.
    const longsAtTop = Array.from({ length: 5000 }, (_, k) => k).filter((k) => k % 2 === 0 && k % 97 === 96).length;
    expect(idx.reached(1096n).length).toBe(2500 + longsAtTop);
    idx.clear();
    expect(idx.size).toBe(0);
    expect(idx.reached(0n)).toEqual([]);
    idx.set(1, 'long', 5n);
    expect(idx.reached(5n)).toEqual([1]);
    idx.checkInvariants();
  });
});

describe('LiquidationIndex against the naive reference', () => {
  /** Mostly a narrow band of prices (many ties), sometimes the extremes of what a double holds exactly. */
  function price(r: () => number): bigint {
    const u = r();
    if (u < 0.85) return BigInt(100 + Math.floor(r() * 25));
    if (u < 0.9) return MAX - BigInt(Math.floor(r() * 3));
    if (u < 0.95) return -MAX + BigInt(Math.floor(r() * 3));
    return BigInt(Math.floor(r() * 5)) - 2n;
  }
  function mark(r: () => number): bigint {
    const u = r();
    if (u < 0.1) return r() < 0.5 ? 10n ** 20n : -(10n ** 20n);
    if (u < 0.2) return price(r) + BigInt(Math.floor(r() * 3)) - 1n;
    return BigInt(95 + Math.floor(r() * 35));
  }

  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 42, 1234]) {
    it(`agrees after every operation (seed ${seed})`, () => {
      const r = mulberry32(seed);
      const keySpace = seed % 2 === 0 ? 24 : 300; // small: mostly moves; larger: mostly inserts
      const idx = new LiquidationIndex(8);
      const ref = new NaiveIndex();
      const key = () => Math.floor(r() * keySpace) * 1_000_003; // spread, so the id table probes for real
      for (let step = 0; step < 1500; step++) {
        const u = r();
        if (u < 0.55) {
          const k = key();
          const side: PositionSide = r() < 0.5 ? 'long' : 'short';
          const p = price(r);
          idx.set(k, side, p);
          ref.set(k, side, p);
        } else if (u < 0.6) {
          const k = key();
          idx.set(k, 'long', null);
          ref.set(k, 'long', null);
        } else if (u < 0.72) {
          const k = key();
          expect(idx.delete(k)).toBe(ref.delete(k));
        } else if (u < 0.9) {
          const m = mark(r);
          expect(idx.reached(m)).toEqual(ref.reached(m));
        } else {
          const m = mark(r);
          expect(idx.takeReached(m)).toEqual(ref.takeReached(m));
        }
        idx.checkInvariants();
        expect(idx.size).toBe(ref.size);
        expect(idx.count('long') + idx.count('short')).toBe(ref.size);
        expect(idx.peek('long')).toEqual(ref.peek('long'));
        expect(idx.peek('short')).toEqual(ref.peek('short'));
        const probe = key();
        expect(idx.has(probe)).toBe(ref.get(probe) !== undefined);
        expect(idx.get(probe)).toEqual(ref.get(probe));
        const m = mark(r);
        expect(idx.reached(m)).toEqual(ref.reached(m));
      }
    });
  }
});
