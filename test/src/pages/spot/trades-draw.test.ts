// The canvas trades list's geometry: the rows under a scroll position, the list's height, the pointer's and the
// keyboard's row, a row's text as the DOM list wrote it, and when new prints on top let the drawn rows move down.
import { describe, expect, it } from 'vitest';
import type { Trade } from '../../../../streams/index.ts';
import { formatTime } from '../../../../src/format/date.ts';
import {
  listHeight, moveRow, prepended, rowIndexAt, rowTextY, rowTop, scrollToShow, TradeTextCache, tradeText, tradesGeometry, visibleRows,
} from '../../../../src/pages/spot/trades-draw.ts';

const trade = (id: number, price = '100.5', qty = '0.01234', isBuyerMaker = false): Trade => ({ id, price, qty, time: 1_700_000_000_000 + id, isBuyerMaker });
const list = (...ids: number[]) => ids.map((id) => trade(id));
const g = tradesGeometry(300, 100, 20); // five rows in view

describe('rows in view', () => {
  it('draws the rows under the scroll position, a partly shown one included', () => {
    expect(visibleRows(g, 0, 100)).toEqual({ first: 0, last: 4 });
    expect(visibleRows(g, 30, 100)).toEqual({ first: 1, last: 6 });
    expect(visibleRows(g, 0, 3)).toEqual({ first: 0, last: 2 });
    const none = visibleRows(g, 0, 0);
    expect(none.last).toBeLessThan(none.first);
    expect(rowTop(g, 30, 2)).toBe(10);
    expect(rowTextY(g, 30, 2)).toBe(20);
  });

  it('makes the list as tall as its rows, and never shorter than the view', () => {
    expect(listHeight(g, 100)).toBe(2_000);
    expect(listHeight(g, 2)).toBe(100);
  });

  it('finds the row under the pointer, none past the list or outside the canvas', () => {
    expect(rowIndexAt(g, 0, 0, 10)).toBe(0);
    expect(rowIndexAt(g, 30, 15, 10)).toBe(2);
    expect(rowIndexAt(g, 0, 90, 3)).toBeNull();
    expect(rowIndexAt(g, 0, -1, 10)).toBeNull();
    expect(rowIndexAt(g, 0, 100, 10)).toBeNull();
  });

  it('scrolls just enough to show a row whole', () => {
    expect(scrollToShow(g, 0, 2)).toBe(0);
    expect(scrollToShow(g, 0, 5)).toBe(20);
    expect(scrollToShow(g, 60, 1)).toBe(20);
  });

  it('moves the keyboard highlight from the newest trade and stops at either end', () => {
    expect(moveRow(null, 1, 5)).toBe(0);
    expect(moveRow(0, -1, 5)).toBe(0);
    expect(moveRow(3, 1, 5)).toBe(4);
    expect(moveRow(4, 1, 5)).toBe(4);
    expect(moveRow(null, 1, 0)).toBeNull();
  });
});

describe('row text', () => {
  it('writes prices to 4 decimals, amounts by size and the time of day, exactly as the DOM list did', () => {
    const t = trade(1, '95000.43', '0.01234');
    expect(tradeText(t)).toEqual({ price: '95,000.4300', qty: '0.01234', time: formatTime(t.time) });
    expect(tradeText(trade(2, '0.123456789', '1234.5')).price).toBe('0.1235');
    expect(tradeText(trade(2, '0.123456789', '1234.5')).qty).toBe('1,234.50');
  });

  it('formats a trade once', () => {
    const texts = new TradeTextCache();
    const t = trade(7);
    expect(texts.text(t)).toBe(texts.text(t));
  });
});

describe('prepended', () => {
  it('counts the new prints on top when the rows shown only moved down', () => {
    const before = list(5, 4, 3, 2, 1);
    const after = [trade(7), trade(6), ...before.slice(0, 3)];
    expect(prepended(before, after, 5)).toBe(2);
  });

  it('says null for no new print, a reload with other objects, a merge out of order, or more new rows than shown', () => {
    const before = list(5, 4, 3, 2, 1);
    expect(prepended(before, before, 5)).toBeNull();
    expect(prepended(before, [trade(6), ...list(5, 4, 3, 2)], 5)).toBeNull(); // same ids, new objects
    expect(prepended(before, [trade(6), before[0]!, before[2]!, before[1]!], 5)).toBeNull();
    expect(prepended(before, [...list(11, 10, 9, 8, 7), ...before], 5)).toBeNull();
    expect(prepended([], list(1), 5)).toBeNull();
  });
});
