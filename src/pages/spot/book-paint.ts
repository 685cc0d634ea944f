// Paints the order book onto its canvas from rows already laid out (book-draw.ts): background, the highlighted row,
// depth bars, the three text columns and the last-price strip. Colours and fonts are the theme's CSS variables,
// resolved from the canvas element, so the drawing follows the tokens without a copy of their values.
import { vars } from '../../theme/tokens.css.ts';
import { barWidth, bookPriceDecimals, columns, qtyText, rowPriceText, slotTop, textY, totalText, type BookGeometry, type BookRow, type RowText } from './book-draw.ts';

export interface Palette {
  readonly surface: string;
  readonly hover: string;
  readonly border: string;
  readonly text: string;
  readonly muted: string;
  readonly up: string;
  readonly down: string;
  readonly font: string;
  readonly midFont: string;
}

/** The value of a theme token (`var(--name)`) on an element; `fallback` when it is not set (tests, a bare page). */
function token(style: CSSStyleDeclaration, ref: string, fallback: string): string {
  const name = /^var\((--[^,)]+)/.exec(ref)?.[1];
  return (name && style.getPropertyValue(name).trim()) || fallback;
}

export function readPalette(el: Element): Palette {
  const style = getComputedStyle(el);
  const mono = token(style, vars.font.mono, 'monospace');
  return {
    surface: token(style, vars.color.surface, '#12161c'),
    hover: token(style, vars.color.hover, '#222833'),
    border: token(style, vars.color.border, '#262c36'),
    text: token(style, vars.color.text, '#e6e8eb'),
    muted: token(style, vars.color.muted, '#8c95a3'),
    up: token(style, vars.color.up, '#16c784'),
    down: token(style, vars.color.down, '#ea3943'),
    font: `${token(style, vars.fontSize.sm, '12px')} ${mono}`,
    midFont: `600 ${token(style, vars.fontSize.lg, '15px')} ${mono}`,
  };
}

/** Depth bars sit faintly behind the numbers, as in the DOM ladder (14 % of the side's colour). */
const BAR_ALPHA = 0.14;

/** Texts by what they were made from, kept while used in one of the last two frames. */
class Kept<K> {
  private now = new Map<K, string>();
  private before = new Map<K, string>();
  get(key: K, make: (key: K) => string): string {
    let t = this.now.get(key);
    if (t === undefined) {
      t = this.before.get(key) ?? make(key);
      this.now.set(key, t);
    }
    return t;
  }
  turn(): void {
    const spare = this.before;
    spare.clear();
    this.before = this.now;
    this.now = spare;
  }
  clear(): void {
    this.now.clear();
    this.before.clear();
  }
}

/**
 * Formatting a row is most of the cost of a frame; each of its three numbers keeps its text while it stays the same:
 * a level's price and amount for as long as the level does, and a total (which moves whenever a level nearer the
 * touch does) only as long as it is unchanged.
 */
export class RowTextCache {
  private decimals = -1;
  private readonly prices = new Kept<string>();
  private readonly qtys = new Kept<string>();
  private readonly totals = new Kept<number>();
  private readonly priceText = (price: string): string => rowPriceText(price, this.decimals);
  text(r: BookRow, decimals: number): RowText {
    if (decimals !== this.decimals) {
      // A price's text depends on the decimals the whole column shows.
      this.decimals = decimals;
      this.prices.clear();
    }
    return { price: this.prices.get(r.price, this.priceText), qty: this.qtys.get(r.qty, qtyText), total: this.totals.get(r.total, totalText) };
  }
  /** Called once per frame: texts not used in two frames are dropped. */
  turn(): void {
    this.prices.turn();
    this.qtys.turn();
    this.totals.turn();
  }
}

export function paintBook(
  ctx: CanvasRenderingContext2D,
  ratio: number,
  g: BookGeometry,
  rows: readonly BookRow[],
  last: string,
  lit: number | null,
  p: Palette,
  texts: RowTextCache,
): void {
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.fillStyle = p.surface;
  ctx.fillRect(0, 0, g.width, g.height);
  if (lit !== null) {
    ctx.fillStyle = p.hover;
    ctx.fillRect(0, slotTop(g, lit), g.width, g.rowHeight);
  }
  // Bars, one colour at a time.
  ctx.globalAlpha = BAR_ALPHA;
  for (const side of ['ask', 'bid'] as const) {
    ctx.fillStyle = side === 'bid' ? p.up : p.down;
    for (const r of rows) {
      if (r.side !== side) continue;
      const w = barWidth(r.depth, g.width);
      if (w > 0) ctx.fillRect(g.width - w, slotTop(g, r.slot), w, g.rowHeight);
    }
  }
  ctx.globalAlpha = 1;
  // Text: prices in their side's colour on the left, amount and total right-aligned.
  const col = columns(g.width);
  ctx.font = p.font;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const decimals = bookPriceDecimals(rows);
  const shown = rows.map((r) => texts.text(r, decimals));
  for (const side of ['ask', 'bid'] as const) {
    ctx.fillStyle = side === 'bid' ? p.up : p.down;
    rows.forEach((r, i) => {
      if (r.side === side) ctx.fillText(shown[i]!.price, col.price, textY(g, r.slot));
    });
  }
  ctx.textAlign = 'right';
  ctx.fillStyle = p.text;
  rows.forEach((r, i) => {
    const y = textY(g, r.slot);
    ctx.fillText(shown[i]!.qty, col.qty, y);
    ctx.fillText(shown[i]!.total, col.total, y);
  });
  texts.turn();
  // The last price between the sides, between two rules.
  ctx.fillStyle = p.border;
  ctx.fillRect(0, g.midTop + 2, g.width, 1);
  ctx.fillRect(0, g.midTop + g.midHeight - 3, g.width, 1);
  ctx.font = p.midFont;
  ctx.textAlign = 'left';
  ctx.fillStyle = p.text;
  ctx.fillText(last, col.price, Math.round(g.midTop + g.midHeight / 2));
}
