// The canvas trades list's geometry, kept pure so it is tested without a canvas: rows of a fixed height scrolled by
// a native scroller (the canvas stays in view and draws only the rows under it), the text of a row, which row a
// pointer or the keyboard is on, and how many trades came in on top since the last paint, so the rows already
// drawn can be moved down instead of drawn again.
import type { Trade } from '../../../streams/index.ts';
import { formatTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { qtyDecimals } from './book-ticks.ts';

/** CSS pixels of one trade row, as the DOM rows it replaced. */
export const TRADE_ROW_HEIGHT = 18;

export interface TradesGeometry {
  /** The canvas, in CSS pixels: the scroller's visible box. */
  readonly width: number;
  readonly height: number;
  readonly rowHeight: number;
}

export const tradesGeometry = (width: number, height: number, rowHeight = TRADE_ROW_HEIGHT): TradesGeometry => ({ width, height, rowHeight });

/** Height of the whole list: what the scroller scrolls through (at least its own height, so the canvas fits). */
export const listHeight = (g: TradesGeometry, count: number): number => Math.max(g.height, count * g.rowHeight);

/** Indexes of the rows under the canvas at a scroll position, first to last included (empty when last < first). */
export function visibleRows(g: TradesGeometry, scrollTop: number, count: number): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / g.rowHeight));
  const last = Math.min(count - 1, Math.ceil((scrollTop + g.height) / g.rowHeight) - 1);
  return { first, last };
}

/** Top edge of row `index` on the canvas. */
export const rowTop = (g: TradesGeometry, scrollTop: number, index: number): number => index * g.rowHeight - scrollTop;

/** The baseline-middle y of a row's text, on a whole pixel so glyphs don't straddle device rows. */
export const rowTextY = (g: TradesGeometry, scrollTop: number, index: number): number => Math.round(rowTop(g, scrollTop, index) + g.rowHeight / 2);

/** The row under a y coordinate (CSS pixels from the canvas top), or null past the list. */
export function rowIndexAt(g: TradesGeometry, scrollTop: number, y: number, count: number): number | null {
  if (!(y >= 0) || y >= g.height) return null;
  const i = Math.floor((y + scrollTop) / g.rowHeight);
  return i < count ? i : null;
}

/** The scroll position that shows row `index` whole, moving as little as possible. */
export function scrollToShow(g: TradesGeometry, scrollTop: number, index: number): number {
  const top = index * g.rowHeight;
  if (top < scrollTop) return top;
  const bottom = top + g.rowHeight;
  return bottom > scrollTop + g.height ? bottom - g.height : scrollTop;
}

/** The keyboard's next row: from nothing, the newest; at either end it stays put. */
export function moveRow(current: number | null, delta: number, count: number): number | null {
  if (count === 0) return null;
  if (current === null) return 0;
  return Math.max(0, Math.min(count - 1, current + delta));
}

export interface TradeText {
  readonly price: string;
  readonly qty: string;
  readonly time: string;
}

/** The formatting of the DOM list this replaced: prices to 4 decimals, amounts by size, the local time of day. */
export const tradeText = (t: Trade): TradeText => ({
  price: formatDecimal(t.price),
  qty: formatDecimal(t.qty, qtyDecimals(Number(t.qty))),
  time: formatTime(t.time),
});

/** A trade's text is made once: a print never changes, and most of a frame's rows were drawn the frame before.
 * Keyed by the trade object, so a trade that leaves the list takes its text with it. */
export class TradeTextCache {
  private readonly texts = new WeakMap<Trade, TradeText>();
  text(t: Trade): TradeText {
    let found = this.texts.get(t);
    if (!found) this.texts.set(t, (found = tradeText(t)));
    return found;
  }
}

/**
 * How many trades came in on top of `before` to make `after`, when that is all that changed in the first `shown`
 * rows (the same trade objects, moved down): then the rows already drawn can move down and only the new ones be
 * drawn. Null for anything else (a reload, a merge out of order, nothing new, more new rows than are shown).
 */
export function prepended(before: readonly Trade[], after: readonly Trade[], shown: number): number | null {
  const top = before[0];
  if (!top) return null;
  let k = 0;
  while (k < after.length && k < shown && after[k] !== top) k++;
  if (k === 0 || k >= shown || after[k] !== top) return null;
  for (let i = 0; i + k < shown && i + k < after.length; i++) if (after[i + k] !== before[i]) return null;
  return k;
}
