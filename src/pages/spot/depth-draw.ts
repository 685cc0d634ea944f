// The depth chart's geometry, kept pure so it is tested without a canvas: book levels → cumulative step curves
// (bids from the best price down, asks from the best price up), the mid price, the axis ranges, the mapping
// between prices and pixels, and what the pointer is over.
import type { TextLevel } from '../../contract.ts';

export interface DepthPoint {
  /** The level's price. */
  readonly price: number;
  /** Everything on this side from the best price to this level, this level included. */
  readonly total: number;
}

export interface DepthCurves {
  /** Best (highest) bid first. */
  readonly bids: readonly DepthPoint[];
  /** Best (lowest) ask first. */
  readonly asks: readonly DepthPoint[];
  /** Halfway between the best bid and ask; the best price of the only side when one is empty; null when both are. */
  readonly mid: number | null;
  /** The price range drawn, centred on the mid price so both sides get the same width. */
  readonly minPrice: number;
  readonly maxPrice: number;
  /** The larger of the two sides' totals (the top of the amount axis). */
  readonly maxTotal: number;
}

function cumulative(levels: readonly TextLevel[], order: 1 | -1): DepthPoint[] {
  const parsed = levels
    .map(([p, q]) => ({ price: Number(p), qty: Number(q) }))
    .filter((l) => Number.isFinite(l.price) && Number.isFinite(l.qty) && l.price > 0 && l.qty > 0)
    .sort((a, b) => (a.price - b.price) * order);
  let total = 0;
  return parsed.map((l) => {
    total += l.qty;
    return { price: l.price, total };
  });
}

/** Cumulative curves of a book (levels as the stream sends them: [price, qty] text, any order). */
export function depthCurves(bidLevels: readonly TextLevel[], askLevels: readonly TextLevel[]): DepthCurves {
  const bids = cumulative(bidLevels, -1);
  const asks = cumulative(askLevels, 1);
  const bestBid = bids[0]?.price;
  const bestAsk = asks[0]?.price;
  const mid = bestBid !== undefined && bestAsk !== undefined ? (bestBid + bestAsk) / 2 : (bestBid ?? bestAsk ?? null);
  const maxTotal = Math.max(bids[bids.length - 1]?.total ?? 0, asks[asks.length - 1]?.total ?? 0);
  if (mid === null) return { bids, asks, mid, minPrice: 0, maxPrice: 0, maxTotal };
  const low = bids[bids.length - 1]?.price ?? mid;
  const high = asks[asks.length - 1]?.price ?? mid;
  // Half the width: the farther side's reach, or a sliver around the mid when the book is one price deep.
  const half = Math.max(mid - low, high - mid) || mid * 0.001;
  return { bids, asks, mid, minPrice: mid - half, maxPrice: mid + half, maxTotal };
}

export interface Plot {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

export const xOf = (c: DepthCurves, plot: Plot, price: number): number =>
  plot.left + (c.maxPrice === c.minPrice ? plot.width / 2 : ((price - c.minPrice) / (c.maxPrice - c.minPrice)) * plot.width);

export const yOf = (c: DepthCurves, plot: Plot, total: number): number =>
  plot.top + plot.height - (c.maxTotal > 0 ? (total / c.maxTotal) * plot.height * 0.92 : 0);

export const priceAt = (c: DepthCurves, plot: Plot, x: number): number =>
  c.minPrice + ((x - plot.left) / Math.max(plot.width, 1)) * (c.maxPrice - c.minPrice);

/**
 * The outline of one side as [x, y] pixel corners: from the baseline at the best price, up to each level's total
 * and across to the next level (a step per level), out to the plot's edge. Empty when the side is.
 */
export function stepPath(c: DepthCurves, plot: Plot, side: 'bid' | 'ask'): Array<[number, number]> {
  const points = side === 'bid' ? c.bids : c.asks;
  const first = points[0];
  if (!first) return [];
  const base = yOf(c, plot, 0);
  const path: Array<[number, number]> = [[xOf(c, plot, first.price), base]];
  let y = base;
  for (const p of points) {
    const x = xOf(c, plot, p.price);
    path.push([x, y]);
    y = yOf(c, plot, p.total);
    path.push([x, y]);
  }
  const edge = side === 'bid' ? plot.left : plot.left + plot.width;
  path.push([edge, y]);
  return path;
}

export interface DepthHover {
  readonly side: 'bid' | 'ask';
  /** The deepest level reached at the pointer's price. */
  readonly price: number;
  readonly total: number;
}

/** What a buyer (right of the mid) or seller (left) would go through to reach `price`; null off the book. */
export function depthAt(c: DepthCurves, price: number): DepthHover | null {
  if (c.mid === null) return null;
  if (price < c.mid) {
    let hit: DepthPoint | null = null;
    for (const p of c.bids) if (p.price >= price) hit = p;
    return hit ? { side: 'bid', price: hit.price, total: hit.total } : null;
  }
  let hit: DepthPoint | null = null;
  for (const p of c.asks) if (p.price <= price) hit = p;
  return hit ? { side: 'ask', price: hit.price, total: hit.total } : null;
}

/** Price decimals for labels: enough to tell a 0.2903 market's levels apart. */
export const priceDecimals = (price: number): number => (price >= 1000 ? 2 : price >= 1 ? 4 : 6);

/** Amount decimals for labels: fewer as amounts grow. */
export const amountDecimals = (total: number): number => (total >= 1000 ? 0 : total >= 1 ? 3 : 6);
