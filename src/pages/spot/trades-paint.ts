// Paints the trades list onto its canvas: the rows under the scroll position (trades-draw.ts), each with its price
// in the taker's colour, the amount and the time right-aligned in the columns of the header above, the highlighted
// row behind them. New trades on top move the rows already drawn down (one copy of the canvas onto itself) and
// draw only the new ones. Colours and fonts are the theme's, read by book-paint.ts's readPalette.
import type { Trade } from '../../../streams/index.ts';
import { columns } from './book-draw.ts';
import type { Palette } from './book-paint.ts';
import { rowTextY, rowTop, visibleRows, type TradeTextCache, type TradesGeometry } from './trades-draw.ts';

/**
 * Draws the rows under the canvas at `scrollTop`; with `onlyTop`, only the top `onlyTop` rows (scrollTop 0), the
 * rest being already on the canvas.
 */
export function paintTrades(
  ctx: CanvasRenderingContext2D,
  ratio: number,
  g: TradesGeometry,
  trades: readonly Trade[],
  scrollTop: number,
  lit: number | null,
  p: Palette,
  texts: TradeTextCache,
  onlyTop?: number,
): void {
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = p.surface;
  ctx.fillRect(0, 0, g.width, onlyTop === undefined ? g.height : onlyTop * g.rowHeight);
  const { first, last: lastShown } = visibleRows(g, scrollTop, trades.length);
  const last = onlyTop === undefined ? lastShown : Math.min(lastShown, first + onlyTop - 1);
  if (last < first) return;
  if (lit !== null && lit >= first && lit <= last) {
    ctx.fillStyle = p.hover;
    ctx.fillRect(0, rowTop(g, scrollTop, lit), g.width, g.rowHeight);
  }
  // The header above is the three-column grid with no padding and a 4 px gap.
  const col = columns(g.width, 0, 4);
  ctx.font = p.font;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  // Prices one colour at a time: a fillStyle change per row costs more than a second pass.
  for (const sell of [false, true]) {
    ctx.fillStyle = sell ? p.down : p.up;
    for (let i = first; i <= last; i++) {
      const t = trades[i]!;
      if (t.isBuyerMaker === sell) ctx.fillText(texts.text(t).price, col.price, rowTextY(g, scrollTop, i));
    }
  }
  ctx.textAlign = 'right';
  ctx.fillStyle = p.text;
  for (let i = first; i <= last; i++) ctx.fillText(texts.text(trades[i]!).qty, col.qty, rowTextY(g, scrollTop, i));
  ctx.fillStyle = p.muted;
  for (let i = first; i <= last; i++) ctx.fillText(texts.text(trades[i]!).time, col.total, rowTextY(g, scrollTop, i));
}

/** Moves the whole drawing down by `rows` rows; false when that is not a whole number of device pixels. */
export function shiftDown(ctx: CanvasRenderingContext2D, canvas: HTMLCanvasElement, ratio: number, g: TradesGeometry, rows: number): boolean {
  const dy = rows * g.rowHeight * ratio;
  if (!Number.isInteger(dy) || dy >= canvas.height) return false;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(canvas, 0, 0, canvas.width, canvas.height - dy, 0, dy, canvas.width, canvas.height - dy);
  return true;
}
