// The order book ladder on a canvas: asks above, bids below, the last price between them, cumulative depth bars
// and a grouping select. The book is drawn from orderBook$ in an effect, at most once per animation frame, so an
// update never re-renders React; the canvas fills the panel body and shows as many levels as its height fits.
// A click on a level, or arrows then Enter on the focused canvas, hands its price (at the market's tick) and the
// quantity from the best level to it (at the market's step) to the order form. With venue 'perp' the ladder is the
// perpetual's own book (the perp desk's), at the same tick and step as the spot market of its symbol.
import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useVenueTicker, venueOrderBook$, type BookView, type Loadable } from '../../../streams/index.ts';
import type { MarketVenue } from '../../contract.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { StreamEmpty } from '../../ui/StreamEmpty.tsx';
import { bookGeometry, bookRows, MAX_PER_SIDE, moveSlot, pickOf, rowAt, rowText, sameLevels, slotAt, type BookGeometry, type BookRow } from './book-draw.ts';
import { paintBook, readPalette, RowTextCache } from './book-paint.ts';
import { priceExponent, ticksForExponent } from './book-ticks.ts';
import { useMarketFilters } from './market-filters.ts';
import { SpotPanel } from './SpotPanel.tsx';
import * as b from './book.css.ts';
import * as s from './spot.css.ts';

interface Labels {
  price: string;
  amount: string;
  total: string;
}

interface Props {
  symbol: string;
  onPick(price: string, qty: string): void;
  /** The spot market's book (default) or the perpetual's. */
  venue?: MarketVenue;
}

export function OrderBook({ symbol, onPick, venue = 'spot' }: Props) {
  const { _ } = useLingui();
  const [tick, setTick] = useState<string | null>(null);
  // Only what changes the React part: whether there is a book yet, and the price's power of ten (grouping steps).
  const [status, setStatus] = useState<Loadable<BookView>['status']>('idle');
  const [ready, setReady] = useState(false);
  const [bookExponent, setBookExponent] = useState<number | null>(null);
  const ticker = dataOf(useVenueTicker(venue, symbol));
  const exponent = priceExponent(Number(ticker?.bidPrice ?? 0)) ?? bookExponent;

  const spokenId = useId();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const spoken = useRef<HTMLSpanElement>(null);
  const last = useRef('');
  const pick = useRef(onPick);
  const filters = useMarketFilters(symbol);
  const steps = useRef(filters);
  steps.current = filters;
  const labels = useRef<Labels>({ price: '', amount: '', total: '' });
  const redraw = useRef<() => void>(() => undefined);
  const lastText = formatDecimal(ticker && ticker.count > 0 ? ticker.lastPrice : null);
  last.current = lastText;
  pick.current = onPick;
  labels.current = { price: _('trade.book.price'), amount: _('trade.book.amount'), total: _('trade.book.total') };
  // A new last price (the ticker re-renders this component, not the book) repaints the mid strip.
  useEffect(() => redraw.current(), [lastText]);

  useEffect(() => {
    const el = box.current;
    const cv = canvas.current;
    const ctx = cv?.getContext('2d', { alpha: false });
    if (!el || !cv || !ctx) return;
    let g: BookGeometry = bookGeometry(0, 0);
    let ratio = window.devicePixelRatio || 1;
    let palette = readPalette(cv);
    let view: BookView | null = null;
    let rows: BookRow[] = [];
    let lit: number | null = null;
    let frame: number | null = null;
    const texts = new RowTextCache();
    const shown = { bids: '', asks: '' };

    const paint = () => {
      frame = null;
      if ((window.devicePixelRatio || 1) !== ratio) return resize();
      rows = view ? bookRows(g, view.bids, view.asks) : [];
      paintBook(ctx, ratio, g, rows, last.current, lit, palette, texts);
      // The prices shown, best first, for tests and tools: written only when they change, so at most once a frame.
      const bids = rows.filter((r) => r.side === 'bid').map((r) => r.price).join(' ');
      const asks = rows.filter((r) => r.side === 'ask').map((r) => r.price).reverse().join(' ');
      if (bids !== shown.bids) cv.dataset['bids'] = shown.bids = bids;
      if (asks !== shown.asks) cv.dataset['asks'] = shown.asks = asks;
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(paint);
    };
    redraw.current = schedule;

    function resize() {
      if (!el || !cv) return;
      const rect = el.getBoundingClientRect();
      ratio = window.devicePixelRatio || 1;
      g = bookGeometry(Math.floor(rect.width), Math.floor(rect.height));
      cv.width = Math.max(1, Math.round(g.width * ratio));
      cv.height = Math.max(1, Math.round(g.height * ratio));
      cv.style.width = `${g.width}px`;
      cv.style.height = `${g.height}px`;
      cv.dataset['rowHeight'] = String(g.rowHeight);
      cv.dataset['midHeight'] = String(g.midHeight);
      cv.dataset['perSide'] = String(g.perSide);
      palette = readPalette(cv);
      schedule();
    }
    const observer = new ResizeObserver(resize);
    observer.observe(el);
    resize();

    const light = (slot: number | null) => {
      if (slot === lit) return;
      lit = slot;
      schedule();
    };
    const say = (row: BookRow | undefined) => {
      if (!spoken.current) return;
      const t = row ? rowText(row) : null;
      const l = labels.current;
      spoken.current.textContent = t ? `${l.price} ${t.price}, ${l.amount} ${t.qty}, ${l.total} ${t.total}` : '';
    };
    const hand = (row: BookRow) => {
      const picked = pickOf(rows, row, steps.current);
      pick.current(picked.price, picked.qty);
    };
    const onMove = (e: PointerEvent) => light(slotAt(g, e.clientY - cv.getBoundingClientRect().top));
    const onLeave = () => light(null);
    const onClick = (e: MouseEvent) => {
      const row = rowAt(rows, slotAt(g, e.clientY - cv.getBoundingClientRect().top));
      if (row) hand(row);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        e.preventDefault();
        light(moveSlot(rows, lit, e.key === 'ArrowUp' ? -1 : 1, g.perSide));
        say(rowAt(rows, lit));
      } else if (e.key === 'Enter' || e.key === ' ') {
        const row = rowAt(rows, lit);
        if (!row) return;
        e.preventDefault();
        hand(row);
      } else if (e.key === 'Escape') light(null);
    };
    cv.addEventListener('pointermove', onMove);
    cv.addEventListener('pointerleave', onLeave);
    cv.addEventListener('click', onClick);
    cv.addEventListener('keydown', onKey);
    cv.addEventListener('blur', onLeave);

    // What React shows changes rarely; it is told only then, so a book update costs no render (nor a scheduled one).
    const told: { status?: string; ready?: boolean; exponent?: number | null } = {};
    const sub = venueOrderBook$(venue, symbol, tick, MAX_PER_SIDE).subscribe((l) => {
      const data = l.status === 'idle' ? undefined : l.data;
      if (told.status !== l.status) setStatus((told.status = l.status));
      if (told.ready !== (data !== undefined)) setReady((told.ready = data !== undefined));
      if (!data) return;
      const exponent = priceExponent(Number(data.bids[0]?.[0] ?? data.asks[0]?.[0] ?? 0));
      if (told.exponent !== exponent) setBookExponent((told.exponent = exponent));
      // A quiet market often changes nothing that is shown (levels past the panel's height, or none at all).
      const unchanged =
        frame === null && view !== null && sameLevels(view.bids, data.bids, g.perSide) && sameLevels(view.asks, data.asks, g.perSide);
      view = data;
      if (unchanged) return;
      // The stream already emits at most once per animation frame, from inside it: paint now, not a frame later.
      if (frame !== null) cancelAnimationFrame(frame);
      paint();
    });
    return () => {
      sub.unsubscribe();
      observer.disconnect();
      cv.removeEventListener('pointermove', onMove);
      cv.removeEventListener('pointerleave', onLeave);
      cv.removeEventListener('click', onClick);
      cv.removeEventListener('keydown', onKey);
      cv.removeEventListener('blur', onLeave);
      if (frame !== null) cancelAnimationFrame(frame);
      redraw.current = () => undefined;
    };
  }, [symbol, tick, venue]);

  const select = (
    <select className={s.select} value={tick ?? ''} aria-label={_('spot.book.grouping')} onChange={(e) => setTick(e.target.value || null)}>
      <option value="">{_('spot.book.noGrouping')}</option>
      {ticksForExponent(exponent).map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
  return (
    <SpotPanel area="book" title={_('trade.book.title')} actions={select} testId="order-book" bodyClass={b.body}>
      <div className={`${s.grid3} ${s.muted} ${b.head}`}>
        <span>{_('trade.book.price')}</span>
        <span className={s.right}>{_('trade.book.amount')}</span>
        <span className={s.right}>{_('trade.book.total')}</span>
      </div>
      <div ref={box} className={b.box}>
        <canvas
          ref={canvas}
          className={b.canvas}
          tabIndex={0}
          role="application"
          aria-label={_('spot.book.canvas')}
          aria-describedby={spokenId}
          data-testid="book-canvas"
        />
        {ready ? null : (
          <div className={b.overlay}>
            <StreamEmpty status={status} />
          </div>
        )}
        <span ref={spoken} id={spokenId} className={b.spoken} aria-live="polite" />
      </div>
    </SpotPanel>
  );
}
