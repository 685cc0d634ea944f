// The canvas order book's geometry, kept pure so it is tested without a canvas: how many levels fit the panel's
// height, which slot each level takes (asks above, best ask next to the mid; bids below, best bid first), the
// depth bars, the text of a row and where its columns go, and which level a pointer or the keyboard is on.
import type { TextLevel } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { priceDecimals, qtyDecimals, stepDecimals, sumDecimals, tickText, toStep } from './book-ticks.ts';

export type BookSide = 'bid' | 'ask';

/** CSS pixels of one level row and of the last-price strip between the sides. */
export const ROW_HEIGHT = 18;
export const MID_HEIGHT = 30;
/** Levels per side asked of the stream: more than any panel shows. */
export const MAX_PER_SIDE = 60;

export interface BookGeometry {
  readonly width: number;
  readonly height: number;
  readonly rowHeight: number;
  readonly midHeight: number;
  /** Level rows per side that fit the height. */
  readonly perSide: number;
  /** Top of the last-price strip; the asks fill the slots above it, the bids the slots below. */
  readonly midTop: number;
}

/** Slots 0 … perSide-1 are asks from the top down; perSide … 2·perSide-1 are bids from the mid down. */
export function bookGeometry(width: number, height: number, rowHeight = ROW_HEIGHT, midHeight = MID_HEIGHT): BookGeometry {
  const fit = Math.floor((height - midHeight) / (2 * rowHeight));
  const perSide = Math.max(0, Math.min(MAX_PER_SIDE, Number.isFinite(fit) ? fit : 0));
  return { width, height, rowHeight, midHeight, perSide, midTop: perSide * rowHeight };
}

/** Top edge of a slot's row. */
export function slotTop(g: BookGeometry, slot: number): number {
  return slot < g.perSide ? slot * g.rowHeight : g.midTop + g.midHeight + (slot - g.perSide) * g.rowHeight;
}

/** The slot under a y coordinate (CSS pixels from the canvas top), or null over the mid strip or past the rows. */
export function slotAt(g: BookGeometry, y: number): number | null {
  if (!(y >= 0)) return null;
  if (y < g.midTop) return Math.floor(y / g.rowHeight);
  const below = y - g.midTop - g.midHeight;
  if (below < 0) return null;
  const i = Math.floor(below / g.rowHeight);
  return i < g.perSide ? g.perSide + i : null;
}

export interface BookRow {
  readonly slot: number;
  readonly side: BookSide;
  readonly price: string;
  readonly qty: string;
  /** This side's quantity from the best price to this level, included. */
  readonly total: number;
  /** total over the larger side's shown total: the depth bar's share of the row, 0…1. */
  readonly depth: number;
}

function sideRows(levels: readonly TextLevel[], count: number, side: BookSide, perSide: number): Omit<BookRow, 'depth'>[] {
  const rows: Omit<BookRow, 'depth'>[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    const level = levels[i];
    if (!level) break;
    total += Number(level[1]);
    // The best ask sits right above the mid, the best bid right below it.
    rows.push({ slot: side === 'ask' ? perSide - 1 - i : perSide + i, side, price: level[0], qty: level[1], total });
  }
  return rows;
}

/** The rows shown (levels best first, as the stream sends them), ordered by slot: top of the canvas first. */
export function bookRows(g: BookGeometry, bids: readonly TextLevel[], asks: readonly TextLevel[]): BookRow[] {
  const a = sideRows(asks, g.perSide, 'ask', g.perSide);
  const b = sideRows(bids, g.perSide, 'bid', g.perSide);
  // One scale for both sides, so a bar compares across the spread.
  const max = Math.max(a[a.length - 1]?.total ?? 0, b[b.length - 1]?.total ?? 0);
  const depth = (r: Omit<BookRow, 'depth'>): BookRow => ({ ...r, depth: max > 0 && Number.isFinite(r.total) ? Math.min(1, r.total / max) : 0 });
  return [...a.reverse().map(depth), ...b.map(depth)];
}

/** Whether the first `count` levels of two lists read the same, so a frame that would draw them again can be skipped. */
export function sameLevels(a: readonly TextLevel[] | undefined, b: readonly TextLevel[], count: number): boolean {
  if (!a) return false;
  const n = Math.min(count, b.length);
  if (Math.min(count, a.length) !== n) return false;
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x !== y && (x[0] !== y[0] || x[1] !== y[1])) return false;
  }
  return true;
}

/** Width in whole CSS pixels of a depth bar, anchored to the right edge. */
export const barWidth = (depth: number, width: number): number => Math.round(Math.max(0, Math.min(1, depth)) * width);

export interface Columns {
  /** Left edge of the price text. */
  readonly price: number;
  /** Right edges of the amount and total texts. */
  readonly qty: number;
  readonly total: number;
}

/** Three equal columns with the row's padding and gaps (the DOM header above uses the same grid). */
export function columns(width: number, pad = 4, gap = 4): Columns {
  const col = Math.max(0, (width - 2 * pad - 2 * gap) / 3);
  return { price: pad, qty: Math.round(pad + 2 * col + gap), total: Math.round(width - pad) };
}

export interface RowText {
  readonly price: string;
  readonly qty: string;
  readonly total: string;
}

/**
 * Decimals for every price shown: enough for the most precise level (priceDecimals), so each level is exact and
 * the column's decimal points line up ("140.03" and "140.035" would not).
 */
export function bookPriceDecimals(rows: readonly Pick<BookRow, 'price'>[]): number {
  let most = 2;
  for (const r of rows) most = Math.max(most, priceDecimals(r.price));
  return most;
}

/** A row's price, its amount and its total as rowText writes them (each on its own: book-paint.ts keeps them apart). */
export const rowPriceText = (price: string, decimals = priceDecimals(price)): string => formatDecimal(price, decimals);
export const qtyText = (qty: string): string => formatDecimal(qty, qtyDecimals(Number(qty)));
export const totalText = (total: number): string => formatDecimal(total, qtyDecimals(total));

/** The formatting of the DOM ladder this replaced: prices exact to their level, amounts by size. */
export function rowText(r: Pick<BookRow, 'price' | 'qty' | 'total'>, decimals = priceDecimals(r.price)): RowText {
  return { price: rowPriceText(r.price, decimals), qty: qtyText(r.qty), total: totalText(r.total) };
}

/** The baseline-middle y of a row's text, on a whole pixel so glyphs don't straddle device rows. */
export const textY = (g: BookGeometry, slot: number): number => Math.round(slotTop(g, slot) + g.rowHeight / 2);

/**
 * The keyboard's next highlighted slot: `delta` rows up (-1) or down (+1) among the filled slots. From nothing,
 * down starts at the best bid and up at the best ask; at either end it stays put.
 */
export function moveSlot(rows: readonly BookRow[], current: number | null, delta: -1 | 1, perSide: number): number | null {
  if (rows.length === 0) return null;
  const slots = rows.map((r) => r.slot);
  if (current === null || !slots.includes(current)) {
    const start = delta > 0 ? slots.find((s) => s >= perSide) : [...slots].reverse().find((s) => s < perSide);
    return start ?? (delta > 0 ? slots[0]! : slots[slots.length - 1]!);
  }
  const i = slots.indexOf(current) + delta;
  return slots[Math.max(0, Math.min(slots.length - 1, i))]!;
}

/** The level in a slot, if one is shown there. */
export const rowAt = (rows: readonly BookRow[], slot: number | null): BookRow | undefined =>
  slot === null ? undefined : rows.find((r) => r.slot === slot);

/** A market's price tick and quantity step as decimal text (market-filters.ts). */
export interface StepSizes {
  readonly tickSize: string;
  readonly stepSize: string;
}

/** What a picked level hands the order form: both plain decimal text, ready for the inputs. */
export interface PickedLevel {
  readonly price: string;
  /** The side's quantity from the best level to this one, included: what an order at this price would meet. */
  readonly qty: string;
}

/**
 * The text a click (or Enter) on `row` fills the order form with: the level's price at the market's tick
 * precision ("95256.00" for a 0.01 tick) and the cumulative quantity to it at the step precision, summed exactly.
 * Before the market's filters are known, the price keeps the decimals its level needs (at least 2) and the
 * quantity drops trailing zeros.
 */
export function pickOf(rows: readonly BookRow[], row: BookRow, steps: StepSizes | null): PickedLevel {
  const reached = rows.filter((r) => r.side === row.side && (row.side === 'bid' ? r.slot <= row.slot : r.slot >= row.slot));
  const sum = sumDecimals(reached.map((r) => r.qty)) ?? row.qty;
  const priceStep = steps?.tickSize ?? tickText(-priceDecimals(row.price));
  const price = toStep(row.price, priceStep) ?? row.price;
  const qty = steps ? (toStep(sum, steps.stepSize) ?? sum) : (toStep(sum, tickText(-Math.min(8, Math.max(0, stepDecimals(sum))))) ?? sum);
  return { price, qty };
}
