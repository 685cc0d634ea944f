// The depth chart: cumulative bid and ask curves of the market's book, drawn straight onto a canvas from
// orderBook$ in an effect (so a book update never re-renders React), at most once per animation frame. It follows
// its panel's size, marks the mid price, and reads out the price and cumulative amount under the pointer. With
// venue 'perp' the book is the perpetual's.
import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import { venueOrderBook$ } from '../../../streams/index.ts';
import type { MarketVenue } from '../../contract.ts';
import {
  amountDecimals, depthAt, depthCurves, priceAt, priceDecimals, stepPath, xOf, yOf, type DepthCurves, type Plot,
} from './depth-draw.ts';
import * as s from './spot.css.ts';

const UP = '#16c784';
const DOWN = '#ea3943';
const BACKGROUND = '#12161c';
const GRID = '#1a1f27';
const TEXT = '#8c95a3';
const FONT = '11px ui-monospace, SFMono-Regular, Menlo, monospace';
/** Levels per side fed to the chart. */
const LEVELS = 100;

interface Labels {
  mid: string;
  price: string;
  total: string;
  empty: string;
}

const fixed = (n: number, decimals: number) => n.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });

function draw(ctx: CanvasRenderingContext2D, width: number, height: number, c: DepthCurves | null, pointer: number | null, labels: Labels): void {
  ctx.fillStyle = BACKGROUND;
  ctx.fillRect(0, 0, width, height);
  ctx.font = FONT;
  if (!c || c.mid === null) {
    ctx.fillStyle = TEXT;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(labels.empty, width / 2, height / 2);
    return;
  }
  const plot: Plot = { left: 8, top: 24, width: Math.max(width - 76, 10), height: Math.max(height - 48, 10) };
  const pd = priceDecimals(c.mid);
  const ad = amountDecimals(c.maxTotal);
  // Grid and axes: amounts on the right, prices along the bottom.
  ctx.strokeStyle = GRID;
  ctx.lineWidth = 1;
  ctx.fillStyle = TEXT;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  for (let i = 1; i <= 4; i++) {
    const total = (c.maxTotal / 0.92) * (i / 4);
    const y = Math.round(yOf(c, plot, total)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(plot.left, y);
    ctx.lineTo(plot.left + plot.width, y);
    ctx.stroke();
    ctx.fillText(fixed(total, ad), plot.left + plot.width + 6, y);
  }
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  for (let i = 0; i <= 4; i++) {
    const price = c.minPrice + ((c.maxPrice - c.minPrice) * i) / 4;
    const x = Math.min(Math.max(xOf(c, plot, price), plot.left + 30), plot.left + plot.width - 30);
    ctx.fillText(fixed(price, pd), x, plot.top + plot.height + 6);
  }
  // The two curves, filled to the baseline.
  const base = yOf(c, plot, 0);
  for (const [side, color] of [['bid', UP], ['ask', DOWN]] as const) {
    const path = stepPath(c, plot, side);
    const first = path[0];
    const last = path[path.length - 1];
    if (!first || !last) continue;
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of path) ctx.lineTo(x, y);
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.lineTo(last[0], base);
    ctx.closePath();
    ctx.globalAlpha = 0.18;
    ctx.fillStyle = color;
    ctx.fill();
    ctx.globalAlpha = 1;
  }
  // The mid price.
  const mx = Math.round(xOf(c, plot, c.mid)) + 0.5;
  ctx.setLineDash([4, 4]);
  ctx.strokeStyle = TEXT;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(mx, plot.top);
  ctx.lineTo(mx, base);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = TEXT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  ctx.fillText(`${labels.mid} ${fixed(c.mid, pd)}`, mx, plot.top - 6);
  // The pointer's readout.
  if (pointer === null || pointer < plot.left || pointer > plot.left + plot.width) return;
  const hover = depthAt(c, priceAt(c, plot, pointer));
  if (!hover) return;
  const hx = xOf(c, plot, hover.price);
  const hy = yOf(c, plot, hover.total);
  const color = hover.side === 'bid' ? UP : DOWN;
  ctx.fillStyle = color;
  ctx.beginPath();
  ctx.arc(hx, hy, 3.5, 0, Math.PI * 2);
  ctx.fill();
  const lines = [`${labels.price} ${fixed(hover.price, pd)}`, `${labels.total} ${fixed(hover.total, ad)}`];
  const boxW = Math.max(...lines.map((l) => ctx.measureText(l).width)) + 16;
  const boxH = 40;
  const bx = Math.min(Math.max(hx + (hover.side === 'bid' ? 10 : -10 - boxW), plot.left), plot.left + plot.width - boxW);
  const by = Math.min(Math.max(hy - boxH - 8, plot.top), plot.top + plot.height - boxH);
  ctx.fillStyle = 'rgba(26,31,39,0.92)';
  ctx.strokeStyle = color;
  ctx.fillRect(bx, by, boxW, boxH);
  ctx.strokeRect(bx + 0.5, by + 0.5, boxW - 1, boxH - 1);
  ctx.fillStyle = '#e6e8eb';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  lines.forEach((l, i) => ctx.fillText(l, bx + 8, by + 6 + i * 15));
}

export default function DepthChart({ symbol, venue = 'spot' }: { symbol: string; venue?: MarketVenue }) {
  const { _ } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const labels = useRef<Labels>({ mid: '', price: '', total: '', empty: '' });
  const redraw = useRef<() => void>(() => undefined);
  labels.current = { mid: _('spot.depth.mid'), price: _('trade.book.price'), total: _('spot.depth.total'), empty: _('common.noData') };
  // A language change redraws with the new labels.
  useEffect(() => redraw.current());

  useEffect(() => {
    const el = box.current;
    const cv = canvas.current;
    const ctx = cv?.getContext('2d');
    if (!el || !cv || !ctx) return;
    let curves: DepthCurves | null = null;
    let pointer: number | null = null;
    let width = 0;
    let height = 0;
    let frame: number | null = null;
    const paint = () => {
      frame = null;
      const ratio = window.devicePixelRatio || 1;
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      draw(ctx, width, height, curves, pointer, labels.current);
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(paint);
    };
    redraw.current = schedule;
    const resize = () => {
      const rect = el.getBoundingClientRect();
      const ratio = window.devicePixelRatio || 1;
      width = rect.width;
      height = rect.height;
      cv.width = Math.max(Math.round(width * ratio), 1);
      cv.height = Math.max(Math.round(height * ratio), 1);
      cv.style.width = `${width}px`;
      cv.style.height = `${height}px`;
      schedule();
    };
    const observer = new ResizeObserver(resize);
    observer.observe(el);
    resize();
    const onMove = (e: PointerEvent) => {
      pointer = e.clientX - cv.getBoundingClientRect().left;
      schedule();
    };
    const onLeave = () => {
      pointer = null;
      schedule();
    };
    cv.addEventListener('pointermove', onMove);
    cv.addEventListener('pointerleave', onLeave);
    const sub = venueOrderBook$(venue, symbol, null, LEVELS).subscribe((l) => {
      const book = l.status === 'idle' ? undefined : l.data;
      if (!book) return;
      curves = depthCurves(book.bids, book.asks);
      schedule();
    });
    return () => {
      sub.unsubscribe();
      observer.disconnect();
      cv.removeEventListener('pointermove', onMove);
      cv.removeEventListener('pointerleave', onLeave);
      if (frame !== null) cancelAnimationFrame(frame);
      redraw.current = () => undefined;
    };
  }, [symbol, venue]);

  return (
    <div ref={box} className={s.chartBox} data-testid="depth-chart">
      <canvas ref={canvas} className={s.depthCanvas} aria-label={_('spot.chart.depth')} role="img" />
    </div>
  );
}
