// The canvas order book's geometry: levels that fit the height, slots (asks above the mid, bids below, best next
// to it), depth bars on one scale, columns and text, the pointer's hit-test and the keyboard's moves.
import { describe, expect, it } from 'vitest';
import type { TextLevel } from '../../../../src/contract.ts';
import {
  barWidth, bookGeometry, bookPriceDecimals, bookRows, columns, MAX_PER_SIDE, moveSlot, rowAt, rowText, sameLevels, slotAt, slotTop, textY,
} from '../../../../src/pages/spot/book-draw.ts';

const bids: TextLevel[] = [['100.5', '1'], ['100', '2'], ['99.5', '3']];
const asks: TextLevel[] = [['101', '0.5'], ['101.5', '1.5']];

describe('bookGeometry', () => {
  it('fits as many rows a side as the height allows, the mid strip between them', () => {
    const g = bookGeometry(240, 2 * 5 * 18 + 30 + 17, 18, 30);
    expect(g.perSide).toBe(5);
    expect(g.midTop).toBe(90);
    // Rows follow the mid strip without a gap.
    expect(slotTop(g, 4)).toBe(72);
    expect(slotTop(g, 5)).toBe(120);
    expect(slotTop(g, 9)).toBe(192);
  });

  it('shows nothing in a panel too short for one row a side, and never more than the stream is asked for', () => {
    expect(bookGeometry(240, 40).perSide).toBe(0);
    expect(bookGeometry(240, -5).perSide).toBe(0);
    expect(bookGeometry(240, 100_000).perSide).toBe(MAX_PER_SIDE);
  });
});

describe('slotAt', () => {
  const g = bookGeometry(240, 2 * 3 * 18 + 30, 18, 30);

  it('finds the row under a y coordinate, none over the mid strip or outside', () => {
    expect(slotAt(g, 0)).toBe(0);
    expect(slotAt(g, 17.9)).toBe(0);
    expect(slotAt(g, 18)).toBe(1);
    expect(slotAt(g, 53)).toBe(2);
    expect(slotAt(g, 54)).toBeNull();
    expect(slotAt(g, 83.9)).toBeNull();
    expect(slotAt(g, 84)).toBe(3);
    expect(slotAt(g, 137)).toBe(5);
    expect(slotAt(g, 138)).toBeNull();
    expect(slotAt(g, -1)).toBeNull();
    expect(slotAt(g, Number.NaN)).toBeNull();
  });

  it('agrees with where rows are drawn', () => {
    for (let slot = 0; slot < 6; slot++) {
      expect(slotAt(g, slotTop(g, slot))).toBe(slot);
      expect(slotAt(g, textY(g, slot))).toBe(slot);
    }
  });
});

describe('bookRows', () => {
  it('puts the best ask right above the mid and the best bid right below, top of the canvas first', () => {
    const g = bookGeometry(240, 2 * 3 * 18 + 30, 18, 30);
    const rows = bookRows(g, bids, asks);
    expect(rows.map((r) => [r.slot, r.side, r.price])).toEqual([
      [1, 'ask', '101.5'],
      [2, 'ask', '101'],
      [3, 'bid', '100.5'],
      [4, 'bid', '100'],
      [5, 'bid', '99.5'],
    ]);
  });

  it('adds up each side from the best price and scales both sides to the deeper one', () => {
    const g = bookGeometry(240, 2 * 3 * 18 + 30, 18, 30);
    const rows = bookRows(g, bids, asks);
    expect(rows.map((r) => r.total)).toEqual([2, 0.5, 1, 3, 6]);
    expect(rows.map((r) => r.depth)).toEqual([2 / 6, 0.5 / 6, 1 / 6, 3 / 6, 1]);
  });

  it('cuts each side to the rows that fit, the totals over what is shown', () => {
    const g = bookGeometry(240, 2 * 2 * 18 + 30, 18, 30);
    const rows = bookRows(g, bids, asks);
    expect(rows.map((r) => r.price)).toEqual(['101.5', '101', '100.5', '100']);
    expect(rows[rows.length - 1]?.depth).toBe(1);
  });

  it('draws no bars for an empty book and keeps an unreadable quantity out of the scale', () => {
    const g = bookGeometry(240, 200);
    expect(bookRows(g, [], [])).toEqual([]);
    expect(bookRows(g, [['1', 'x']], []).map((r) => r.depth)).toEqual([0]);
  });
});

describe('bars, columns and text', () => {
  it('gives bars whole pixels, clamped to the row', () => {
    expect(barWidth(0.5, 241)).toBe(121);
    expect(barWidth(2, 240)).toBe(240);
    expect(barWidth(-1, 240)).toBe(0);
  });

  it('lays out three equal columns like the header grid: price left, amount and total right-aligned', () => {
    expect(columns(260)).toEqual({ price: 4, qty: 171, total: 256 });
  });

  it('formats a row as the DOM ladder did: prices exact to the level, amounts by size, thousands grouped', () => {
    expect(rowText({ price: '90123.50', qty: '0.123456', total: 1234.5 })).toEqual({ price: '90,123.50', qty: '0.12346', total: '1,234.50' });
    expect(rowText({ price: '0.00012345', qty: '150', total: 150 })).toEqual({ price: '0.00012345', qty: '150.00', total: '150.00' });
  });

  it('gives every price of the book the decimals of its most precise level, so the points line up', () => {
    const rows = [{ price: '140.030' }, { price: '140.035' }, { price: '140.1' }];
    expect(bookPriceDecimals(rows)).toBe(3);
    expect(rows.map((r) => rowText({ ...r, qty: '1', total: 1 }, 3).price)).toEqual(['140.030', '140.035', '140.100']);
    expect(bookPriceDecimals([{ price: '95010' }])).toBe(2);
    expect(bookPriceDecimals([])).toBe(2);
  });
});

describe('keyboard moves', () => {
  const g = bookGeometry(240, 2 * 3 * 18 + 30, 18, 30);
  const rows = bookRows(g, bids, asks);

  it('starts at the best bid going down and the best ask going up', () => {
    expect(moveSlot(rows, null, 1, g.perSide)).toBe(3);
    expect(moveSlot(rows, null, -1, g.perSide)).toBe(2);
  });

  it('steps over the mid and the empty slots, and stops at the ends', () => {
    expect(moveSlot(rows, 2, 1, g.perSide)).toBe(3);
    expect(moveSlot(rows, 3, -1, g.perSide)).toBe(2);
    expect(moveSlot(rows, 1, -1, g.perSide)).toBe(1);
    expect(moveSlot(rows, 5, 1, g.perSide)).toBe(5);
  });

  it('starts over from a slot that emptied, and has nothing to move to in an empty book', () => {
    expect(moveSlot(rows, 0, 1, g.perSide)).toBe(3);
    expect(moveSlot([], 3, 1, g.perSide)).toBeNull();
  });

  it('finds the level in a slot', () => {
    expect(rowAt(rows, 3)?.price).toBe('100.5');
    expect(rowAt(rows, 0)).toBeUndefined();
    expect(rowAt(rows, null)).toBeUndefined();
  });
});

describe('sameLevels', () => {
  it('compares only the levels shown, by value', () => {
    const a: TextLevel[] = [['1', '2'], ['0.5', '1']];
    expect(sameLevels(a, [['1', '2'], ['0.5', '1']], 2)).toBe(true);
    expect(sameLevels(a, [['1', '2'], ['0.5', '3']], 1)).toBe(true);
    expect(sameLevels(a, [['1', '2'], ['0.5', '3']], 2)).toBe(false);
    expect(sameLevels(a, [['1', '2']], 2)).toBe(false);
    expect(sameLevels(undefined, a, 2)).toBe(false);
  });
});
