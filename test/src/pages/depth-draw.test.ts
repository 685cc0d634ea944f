// The depth chart's geometry: book levels → cumulative curves, the mid price and range, the step outline in
// pixels, and the readout under the pointer.
import { describe, expect, it } from 'vitest';
import { depthAt, depthCurves, priceAt, stepPath, xOf, yOf, type Plot } from '../../../src/pages/spot/depth-draw.ts';

const plot: Plot = { left: 0, top: 0, width: 100, height: 100 };

describe('depthCurves', () => {
  it('adds up each side from the best price outward, whatever order the levels come in', () => {
    const c = depthCurves(
      [['99', '1'], ['100', '2'], ['98', '0.5']],
      [['102', '1.5'], ['101', '1'], ['105', '3']],
    );
    expect(c.bids).toEqual([{ price: 100, total: 2 }, { price: 99, total: 3 }, { price: 98, total: 3.5 }]);
    expect(c.asks).toEqual([{ price: 101, total: 1 }, { price: 102, total: 2.5 }, { price: 105, total: 5.5 }]);
    expect(c.mid).toBe(100.5);
    expect(c.maxTotal).toBe(5.5);
    // Centred on the mid, as wide as the farther side reaches (asks to 105: 4.5 each way).
    expect(c.minPrice).toBe(96);
    expect(c.maxPrice).toBe(105);
  });

  it('skips empty and malformed levels', () => {
    const c = depthCurves([['100', '0'], ['x', '1'], ['99', '1']], [['-1', '1']]);
    expect(c.bids).toEqual([{ price: 99, total: 1 }]);
    expect(c.asks).toEqual([]);
    expect(c.mid).toBe(99);
  });

  it('has no mid and nothing to point at for an empty book', () => {
    const c = depthCurves([], []);
    expect(c).toMatchObject({ bids: [], asks: [], mid: null, maxTotal: 0 });
    expect(depthAt(c, 100)).toBeNull();
    expect(stepPath(c, plot, 'bid')).toEqual([]);
  });

  it('gives a one-price book some width around the mid', () => {
    const c = depthCurves([['100', '1']], []);
    expect(c.mid).toBe(100);
    expect(c.maxPrice).toBeGreaterThan(c.minPrice);
  });
});

describe('pixels', () => {
  const c = depthCurves([['100', '1'], ['98', '1']], [['102', '2']]);
  // mid 101, range 98..104, maxTotal 2

  it('maps prices across and amounts up, with the pointer mapping back', () => {
    expect(xOf(c, plot, 98)).toBe(0);
    expect(xOf(c, plot, 104)).toBe(100);
    expect(priceAt(c, plot, xOf(c, plot, 101))).toBeCloseTo(101);
    expect(yOf(c, plot, 0)).toBe(100);
    expect(yOf(c, plot, 2)).toBeCloseTo(8);
  });

  it('outlines each side as steps from the best price to the edge', () => {
    const bid = stepPath(c, plot, 'bid');
    const x100 = xOf(c, plot, 100);
    const x98 = xOf(c, plot, 98);
    const y1 = yOf(c, plot, 1);
    const y2 = yOf(c, plot, 2);
    expect(bid).toEqual([[x100, 100], [x100, 100], [x100, y1], [x98, y1], [x98, y2], [0, y2]]);
    const ask = stepPath(c, plot, 'ask');
    expect(ask[ask.length - 1]).toEqual([100, y2]);
  });

  it('reads out the deepest level reached on the side under the pointer', () => {
    expect(depthAt(c, 99)).toEqual({ side: 'bid', price: 100, total: 1 });
    expect(depthAt(c, 98)).toEqual({ side: 'bid', price: 98, total: 2 });
    // In the spread nothing is reached yet.
    expect(depthAt(c, 100.5)).toBeNull();
    expect(depthAt(c, 101.5)).toBeNull();
    expect(depthAt(c, 103)).toEqual({ side: 'ask', price: 102, total: 2 });
  });
});
