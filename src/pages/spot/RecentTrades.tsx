// The market's latest trades, newest first, coloured by the taker's side, on a canvas: trades$ is drawn in an effect
// at most once per animation frame, so a print never re-renders React. The whole list scrolls natively (a box as
// tall as the list under a canvas that stays in view and draws only the rows under it: virtualised, like the
// order book); new prints on top move the drawn rows down and draw only themselves. Arrows on the focused list
// move a highlight and a screen reader hears that trade. With venue 'perp' the trades are the perpetual's.
import { useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { venueTrades$, type Loadable, type Trade } from '../../../streams/index.ts';
import type { MarketVenue } from '../../contract.ts';
import { StreamEmpty } from '../../ui/StreamEmpty.tsx';
import { readPalette } from './book-paint.ts';
import { SpotPanel } from './SpotPanel.tsx';
import { listHeight, moveRow, prepended, scrollToShow, TradeTextCache, tradesGeometry, type TradesGeometry } from './trades-draw.ts';
import { paintTrades, shiftDown } from './trades-paint.ts';
import * as s from './spot.css.ts';
import * as l from './lists.css.ts';
import * as t from './trades-list.css.ts';

interface Labels {
  price: string;
  amount: string;
  time: string;
  buy: string;
  sell: string;
}

export function RecentTrades({ symbol, venue = 'spot' }: { symbol: string; venue?: MarketVenue }) {
  const { _ } = useLingui();
  // Only what changes the React part: the stream's status and whether there is any trade to show.
  const [status, setStatus] = useState<Loadable<readonly Trade[]>['status']>('idle');
  const [empty, setEmpty] = useState(true);
  const spokenId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const sizer = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const spoken = useRef<HTMLSpanElement>(null);
  const labels = useRef<Labels>({ price: '', amount: '', time: '', buy: '', sell: '' });
  labels.current = { price: _('trade.book.price'), amount: _('trade.book.amount'), time: _('common.col.time'), buy: _('trade.buy'), sell: _('trade.sell') };

  useEffect(() => {
    const sc = scroller.current;
    const box = sizer.current;
    const cv = canvas.current;
    const ctx = cv?.getContext('2d', { alpha: false });
    if (!sc || !box || !cv || !ctx) return;
    let g: TradesGeometry = tradesGeometry(0, 0);
    let ratio = window.devicePixelRatio || 1;
    let palette = readPalette(cv);
    let trades: readonly Trade[] = [];
    /** The scroller's position, kept from its scroll events so a paint reads no layout. */
    let top = 0;
    let tall = -1;
    /** The highlighted trade, by id: it keeps its highlight as newer trades push it down. */
    let litId: number | null = null;
    /** What the canvas shows now, so the next paint can move it down instead of drawing it all again. */
    let drawn: { trades: readonly Trade[]; top: number; litId: number | null } | null = null;
    let frame: number | null = null;
    let newest = '';
    const texts = new TradeTextCache();

    const litIndex = (): number | null => {
      if (litId === null) return null;
      const i = trades.findIndex((x) => x.id === litId);
      return i < 0 ? null : i;
    };

    const paint = () => {
      frame = null;
      if ((window.devicePixelRatio || 1) !== ratio) return resize();
      const height = listHeight(g, trades.length);
      if (height !== tall) {
        box.style.height = `${height}px`;
        // A shorter list may have pulled the scroll position back (a reload; never a new print).
        if (height < tall) top = sc.scrollTop;
        tall = height;
      }
      const lit = litIndex();
      const rowsShown = Math.ceil(g.height / g.rowHeight);
      const k = drawn && drawn.top === 0 && top === 0 && drawn.litId === litId ? prepended(drawn.trades, trades, rowsShown) : null;
      if (k !== null && shiftDown(ctx, cv, ratio, g, k)) paintTrades(ctx, ratio, g, trades, 0, lit, palette, texts, k);
      else paintTrades(ctx, ratio, g, trades, top, lit, palette, texts);
      drawn = { trades, top, litId };
      // The newest trade's id, for tests and tools: written only when it changes, so at most once a frame.
      const id = String(trades[0]?.id ?? '');
      if (id !== newest) cv.dataset['newest'] = newest = id;
    };
    const schedule = () => {
      frame ??= requestAnimationFrame(paint);
    };

    function resize() {
      if (!sc || !cv) return;
      ratio = window.devicePixelRatio || 1;
      // The scroller's inner box: its height is the view, its width leaves out a scrollbar.
      g = tradesGeometry(sc.clientWidth, sc.clientHeight);
      cv.width = Math.max(1, Math.round(g.width * ratio));
      cv.height = Math.max(1, Math.round(g.height * ratio));
      cv.style.width = `${g.width}px`;
      cv.style.height = `${g.height}px`;
      cv.dataset['rowHeight'] = String(g.rowHeight);
      palette = readPalette(cv);
      top = sc.scrollTop;
      tall = -1;
      drawn = null;
      schedule();
    }
    const observer = new ResizeObserver(resize);
    observer.observe(sc);
    resize();

    const onScroll = () => {
      top = sc.scrollTop;
      schedule();
    };
    const say = (i: number | null) => {
      const el = spoken.current;
      if (!el) return;
      const x = i === null ? undefined : trades[i];
      const text = x ? texts.text(x) : null;
      const w = labels.current;
      el.textContent = x && text ? `${x.isBuyerMaker ? w.sell : w.buy}: ${w.price} ${text.price}, ${w.amount} ${text.qty}, ${w.time} ${text.time}` : '';
    };
    const light = (i: number | null) => {
      litId = i === null ? null : (trades[i]?.id ?? null);
      if (i !== null) {
        const next = scrollToShow(g, top, i);
        if (next !== top) sc.scrollTop = top = next;
      }
      say(i);
      schedule();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        e.preventDefault();
        light(moveRow(litIndex(), e.key === 'ArrowUp' ? -1 : 1, trades.length));
      } else if (e.key === 'Escape') light(null);
    };
    const onBlur = () => {
      if (litId !== null) light(null);
    };
    sc.addEventListener('scroll', onScroll, { passive: true });
    sc.addEventListener('keydown', onKey);
    sc.addEventListener('blur', onBlur);

    // What React shows changes rarely; it is told only then, so a print costs no render (nor a scheduled one).
    const told: { status?: string; empty?: boolean } = {};
    const sub = venueTrades$(venue, symbol).subscribe((loadable) => {
      const data = loadable.status === 'idle' ? undefined : loadable.data;
      if (told.status !== loadable.status) setStatus((told.status = loadable.status));
      if (told.empty !== !data?.length) setEmpty((told.empty = !data?.length));
      const next = data ?? [];
      if (next === trades) return;
      trades = next;
      // The stream already emits at most once per animation frame, from inside it: paint now, not a frame later.
      if (frame !== null) cancelAnimationFrame(frame);
      paint();
    });
    return () => {
      sub.unsubscribe();
      observer.disconnect();
      sc.removeEventListener('scroll', onScroll);
      sc.removeEventListener('keydown', onKey);
      sc.removeEventListener('blur', onBlur);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [symbol, venue]);

  return (
    <SpotPanel area="trades" title={_('trade.trades.title')} testId="recent-trades" bodyClass={l.listBody}>
      <div className={`${s.grid3} ${s.muted}`}>
        <span>{_('trade.book.price')}</span>
        <span className={s.right}>{_('trade.book.amount')}</span>
        <span className={s.right}>{_('common.col.time')}</span>
      </div>
      <div className={l.tradesFill}>
        <div
          ref={scroller}
          className={t.scroller}
          tabIndex={0}
          role="region"
          aria-label={_('trade.trades.title')}
          aria-describedby={spokenId}
          data-testid="trades-list"
        >
          <div ref={sizer} className={t.sizer}>
            <canvas ref={canvas} className={t.canvas} aria-hidden="true" data-testid="trades-canvas" />
          </div>
        </div>
        {empty ? (
          <div className={t.overlay}>
            <StreamEmpty status={status} />
          </div>
        ) : null}
        <span ref={spoken} id={spokenId} className={t.spoken} aria-live="polite" />
      </div>
    </SpotPanel>
  );
}
