// The market streams of the Binance spot WebSocket (sstream.ts), in Binance's spot shapes, from the market data the
// spot REST reads (server/market: `MarketData.watch` tells each level change with its update id and each trade as
// they are applied), formatted by the same functions as /api/v3, so a stream and REST show the same numbers at the
// same instant. Stream names are Binance's, symbols lowercase:
//
// - `<symbol>@depth` (every 1000 ms) and `<symbol>@depth@100ms`: `depthUpdate` {e, E, s, U, u, b, a}, the levels
//   that changed since the last event, each at its new total ("0": gone). Update ids are the book's (the desk's
//   numbering, the same on every gateway: market/bridge.ts; GET /api/v3/depth answers the latest as lastUpdateId): an
//   event covers every id from the previous event's u + 1 (U) to the book's id when it is sent (u), and lists every
//   level those changes touched, so a gap is impossible by construction and Binance's procedure works unchanged
//   (buffer, snapshot, drop u <= lastUpdateId, the first kept has U <= lastUpdateId + 1 <= u, each next U = the
//   previous u + 1). A new stream's first event reaches back over the book's recent changes (book-streams.ts
//   diffStream, as /fstream's: the levels its last 10,000 changes touched, at their totals then), set when it is
//   subscribed, before the subscription is answered: a client whose gateway died subscribes on another and goes on
//   from its own last u (its next id is in that first event), with no new snapshot; a new client drops it or bridges
//   with it as usual.
// - `<symbol>@depth<5|10|20>[@100ms]`: the partial book {lastUpdateId, bids, asks}, every 1000 ms (100 ms), as
//   GET /api/v3/depth?limit=<n> answers it then.
// - `<symbol>@trade` {e, E, s, t, p, q, T, m, M} and `<symbol>@aggTrade` {e, E, s, a, p, q, f, l, T, m, M}: each trade
//   as it is recorded (every trade is its own aggregate, as /api/v3/aggTrades answers).
// - `<symbol>@kline_<interval>`: `kline` {e, E, s, k {t, T, s, i, f, L, o, c, h, l, v, n, x, q, V, Q, B}}: the live
//   bar of /api/v3/klines when a trade changed it, at most every 2000 ms as Binance's (1000 ms for 1s; the first change
//   after a quiet spell at once), and once more with x = true when it closes; a new subscriber gets the live bar if
//   the present is in it. Bars exist only with trades, as in REST. No `1s` interval: the market data records no
//   one-second bars (REST klines has none either), so the name is refused as any unknown stream.
// - `<symbol>@kline_<interval>@+08:00`: the same events for bars that open and close in UTC+8 (sstream-zone.ts): 1m … 4h
//   are the UTC bars, 1d, 1w and 1M are summed from the UTC 4h bars they are made of.
// - `<symbol>@ticker` (`24hrTicker`) and `<symbol>@miniTicker` (`24hrMiniTicker`): GET /api/v3/ticker/24hr's figures,
//   every 1000 ms when they changed (and once to a new subscriber); `!ticker@arr` and `!miniTicker@arr`: every
//   1000 ms, the markets whose figures changed, in one array. `x` (Binance's last price before the window) is the
//   window's open price: the trade before the window is not kept.
// - `<symbol>@ticker_<1h|4h|1d>` (`1hTicker`, `4hTicker`, `1dTicker`) and `!ticker_<1h|4h|1d>@arr`: rolling-window
//   statistics (sstream-windows.ts) from the one-minute bars of the window, every 1000 ms when they changed (and once
//   to a new subscriber); the 1d window's figures are GET /api/v3/ticker/24hr's.
// - `<symbol>@bookTicker` {u, s, b, B, a, A}: the best bid and ask whenever either changed (after each batch of level
//   changes), `u` the book's update id, as /api/v3/ticker/bookTicker shows them; once to a new subscriber.
// - `<symbol>@avgPrice` {e: 'avgPrice', E, s, i: '5m', w, T}: every 1000 ms when it changed, GET /api/v3/avgPrice's
//   figures (the volume-weighted price of the last 5 minutes' trades, public.ts).
import type { Clock } from '../../clock.ts';
import { formatPrice, formatQty, type Market, type Qty } from '../../kernel/index.ts';
import { formatKlineEvent, isInterval, type Candle, type Interval, type Level, type MarketChange } from '../../market/index.ts';
import type { Trading } from '../trading.ts';
import { bestPrices, diffStream, MarketListeners, type BookDiff } from './book-streams.ts';
import type { Source } from './fstream-market.ts';
import { avgPriceOf, bestOf, tickerOf } from './public.ts';
import { MinuteBars, isTickerWindow, windowTickerEvent, type TickerWindow } from './sstream-windows.ts';
import { baseInterval, isKlineZone, sameAsUtc, ZONE_OFFSET_MS, zonedOpenTime, ZonedBar, type KlineZone } from './sstream-zone.ts';

export const SPOT_DEPTH_SPEEDS = [100, 1000] as const;
export type SpotDepthSpeed = (typeof SPOT_DEPTH_SPEEDS)[number];
const PARTIAL_LEVELS = [5, 10, 20] as const;
type PartialLevels = (typeof PARTIAL_LEVELS)[number];
const TICKER_MS = 1_000;
const KLINE_CLOSE_CHECK_MS = 1_000;

export type SpotStream =
  | { readonly kind: 'depth'; readonly symbol: string; readonly speed: SpotDepthSpeed }
  | { readonly kind: 'partial'; readonly symbol: string; readonly levels: PartialLevels; readonly speed: SpotDepthSpeed }
  | { readonly kind: 'trade' | 'aggTrade' | 'bookTicker' | 'avgPrice' | 'ticker' | 'miniTicker'; readonly symbol: string }
  | { readonly kind: 'kline'; readonly symbol: string; readonly interval: Interval; readonly zone?: KlineZone | undefined }
  | { readonly kind: 'windowTicker'; readonly symbol: string; readonly window: TickerWindow }
  | { readonly kind: 'windowTickerAll'; readonly window: TickerWindow }
  | { readonly kind: 'tickerAll' | 'miniTickerAll' };

const SYMBOL_STREAM = /^([a-z0-9]{1,20})@([A-Za-z0-9_@+:]+)$/;
const DEPTH = /^depth(5|10|20)?(?:@(100|1000)ms)?$/;
const KLINE = /^kline_([0-9]{1,2}[a-zA-Z])(?:@(.+))?$/;
const WINDOW_TICKER = /^ticker_([0-9][a-z])$/;
const WINDOW_TICKER_ALL = /^!ticker_([0-9][a-z])@arr$/;

type TradeChange = Extract<MarketChange, { kind: 'trade' }>;

/** Where a kline stream's bars come from: the UTC bars as recorded, or bars in a time zone summed from them. */
interface BarFeed {
  /** Settles once the feed can tell its live bar (never fails). */
  readonly ready: Promise<void>;
  /** The stream's bar after a recorded trade; undefined when the trade changed none (or the feed is not ready). */
  next(change: TradeChange): Candle | undefined;
  /** The live bar now (the newest with trades), for a new subscriber. */
  live(): Candle | undefined;
}

/** A spot stream's name → what it streams; null for anything else (an unknown market included). */
export function parseSpotStream(name: string, symbolOf: (lower: string) => string | undefined): SpotStream | null {
  if (name === '!ticker@arr') return { kind: 'tickerAll' };
  if (name === '!miniTicker@arr') return { kind: 'miniTickerAll' };
  const all = WINDOW_TICKER_ALL.exec(name);
  if (all !== null) return isTickerWindow(all[1]!) ? { kind: 'windowTickerAll', window: all[1] } : null;
  const m = SYMBOL_STREAM.exec(name);
  if (m === null) return null;
  const symbol = symbolOf(m[1]!);
  if (symbol === undefined) return null;
  const rest = m[2]!;
  switch (rest) {
    case 'trade':
    case 'aggTrade':
    case 'bookTicker':
    case 'avgPrice':
    case 'ticker':
    case 'miniTicker':
      return { kind: rest, symbol };
  }
  const kline = KLINE.exec(rest);
  if (kline !== null) {
    const [, interval, zone] = kline;
    if (!isInterval(interval!)) return null;
    if (zone === undefined) return { kind: 'kline', symbol, interval };
    return isKlineZone(zone) ? { kind: 'kline', symbol, interval, zone } : null;
  }
  const window = WINDOW_TICKER.exec(rest);
  if (window !== null) return isTickerWindow(window[1]!) ? { kind: 'windowTicker', symbol, window: window[1] } : null;
  const depth = DEPTH.exec(rest);
  if (depth === null) return null;
  const speed: SpotDepthSpeed = depth[2] === '100' ? 100 : 1000;
  if (depth[1] === undefined) return { kind: 'depth', symbol, speed };
  return { kind: 'partial', symbol, levels: Number(depth[1]) as PartialLevels, speed };
}

export type Emit = (payload: unknown) => void;

type TextLevel = [price: string, qty: string];

export interface SpotMarketStreamsOptions {
  readonly trading: Trading;
  readonly clock: Clock;
  /** Where failures of a source go; default: ignored. */
  readonly onError?: ((error: unknown, what: string) => void) | undefined;
}

/** The spot market streams' sources; one per stream name (the hub shares each among its subscribers). */
export class SpotMarketStreams {
  private readonly trading: Trading;
  private readonly clock: Clock;
  private readonly onError: (error: unknown, what: string) => void;
  /** Per symbol: the listeners of its changes. */
  private readonly listeners: MarketListeners;
  /** The one-minute bars of the markets with a window ticker open. */
  private readonly minuteBars: MinuteBars;

  constructor(o: SpotMarketStreamsOptions) {
    this.trading = o.trading;
    this.clock = o.clock;
    this.onError = o.onError ?? (() => undefined);
    this.listeners = new MarketListeners(o.trading.market, this.onError);
    this.minuteBars = new MinuteBars({ trading: o.trading, clock: o.clock, listen: (s, l) => this.listen(s, l), onError: this.onError });
  }

  /** The market a lowercase stream symbol names. */
  symbolOf(lower: string): string | undefined {
    return this.trading.market.symbols.find((s) => s.toLowerCase() === lower);
  }

  open(stream: SpotStream, emit: Emit): Source {
    switch (stream.kind) {
      case 'depth':
        return this.depthDiff(this.market(stream.symbol), stream.speed, emit);
      case 'partial':
        return this.every(stream.speed, () => emit(this.partial(this.market(stream.symbol), stream.levels)));
      case 'trade':
      case 'aggTrade':
        return this.trades(this.market(stream.symbol), stream.kind, emit);
      case 'kline': {
        const m = this.market(stream.symbol);
        const offset = stream.zone === undefined ? 0 : ZONE_OFFSET_MS[stream.zone];
        const feed = sameAsUtc(stream.interval, offset) ? this.utcBars(m, stream.interval) : this.zonedBars(m, stream.interval, offset);
        return this.kline(m, feed, emit);
      }
      case 'windowTicker': {
        const m = this.market(stream.symbol);
        const source = this.windowTickers([m], stream.window, (list) => emit(list[0]));
        return { ...source, greet: () => this.windowView(m, stream.window).payload };
      }
      case 'windowTickerAll':
        return this.windowTickers(this.markets(), stream.window, emit);
      case 'bookTicker':
        return this.bookTicker(this.market(stream.symbol), emit);
      case 'ticker':
      case 'miniTicker':
      case 'avgPrice': {
        const m = this.market(stream.symbol);
        const view = stream.kind === 'avgPrice' ? () => this.avgPrice(m) : () => this.ticker(m, stream.kind === 'miniTicker');
        const source = this.changes([m], view, (list) => emit(list[0]));
        return { ...source, greet: () => view().payload };
      }
      case 'tickerAll':
      case 'miniTickerAll': {
        const mini = stream.kind === 'miniTickerAll';
        return this.changes(this.markets(), (m) => this.ticker(m, mini), emit);
      }
    }
  }

  close(): void {
    this.minuteBars.close();
    this.listeners.close();
  }

  private market(symbol: string): Market {
    const m = this.trading.market.market(symbol);
    if (m === undefined) throw new RangeError(`unknown market ${symbol}`);
    return m;
  }

  private markets(): Market[] {
    return this.trading.market.symbols.map((s) => this.market(s));
  }

  /** Listens to one market's changes (one MarketData watcher for all); answers the unsubscribe. */
  private listen(symbol: string, listener: (change: MarketChange) => void): () => void {
    return this.listeners.listen(symbol, listener);
  }

  /** `tick` every `ms` (the first one at the next turn, so it follows the subscription's answer). */
  private every(ms: number, tick: () => void): Source {
    const run = () => {
      try {
        tick();
      } catch (error) {
        this.onError(error, 'stream tick');
      }
    };
    const first = setTimeout(run, 0);
    const timer = setInterval(run, ms);
    timer.unref();
    return {
      ready: Promise.resolve(),
      stop: () => {
        clearTimeout(first);
        clearInterval(timer);
      },
    };
  }

  private level(m: Market, [p, q]: Level): TextLevel {
    return [formatPrice(m, p), formatQty(m, q as Qty)];
  }

  // ---- the book -------------------------------------------------------------------------------------------

  private depthDiff(m: Market, speed: SpotDepthSpeed, emit: Emit): Source {
    // From the book's recent changes on, not from now: a client resuming with ids from another gateway finds its next.
    const send = (d: BookDiff) => emit({ e: 'depthUpdate', E: this.clock(), s: m.symbol, U: d.U, u: d.u, b: d.bids.map((l) => this.level(m, l)), a: d.asks.map((l) => this.level(m, l)) });
    return diffStream({ market: this.trading.market, listeners: this.listeners, symbol: m.symbol, everyMs: speed, send, onError: this.onError });
  }

  private partial(m: Market, levels: PartialLevels) {
    const d = this.trading.market.depth(m.symbol, levels);
    return { lastUpdateId: d.lastUpdateId, bids: d.bids.map((l) => this.level(m, l)), asks: d.asks.map((l) => this.level(m, l)) };
  }

  /** The bookTicker payload now. */
  private bestPrices(m: Market): { u: number; s: string; b: string; B: string; a: string; A: string } {
    const best = bestOf(this.trading, m);
    return { u: this.trading.market.lastUpdateId(m.symbol), s: m.symbol, b: best.bidPrice, B: best.bidQty, a: best.askPrice, A: best.askQty };
  }

  private bookTicker(m: Market, emit: Emit): Source {
    const view = () => {
      const best = this.bestPrices(m);
      return { key: `${best.b}|${best.B}|${best.a}|${best.A}`, payload: best };
    };
    return bestPrices(this.listeners, m.symbol, view, emit);
  }

  // ---- trades and bars ------------------------------------------------------------------------------------

  private trades(m: Market, kind: 'trade' | 'aggTrade', emit: Emit): Source {
    const unlisten = this.listen(m.symbol, (c) => {
      if (c.kind !== 'trade') return;
      const t = c.trade;
      const p = formatPrice(m, t.price);
      const q = formatQty(m, t.qty);
      const E = this.clock();
      if (kind === 'trade') emit({ e: 'trade', E, s: m.symbol, t: t.id, p, q, T: t.time, m: t.isBuyerMaker, M: true });
      else emit({ e: 'aggTrade', E, s: m.symbol, a: t.id, p, q, f: t.id, l: t.id, T: t.time, m: t.isBuyerMaker, M: true });
    });
    return { ready: Promise.resolve(), stop: unlisten };
  }

  /** The UTC bars of `interval`, as recorded. */
  private utcBars(m: Market, interval: Interval): BarFeed {
    return {
      ready: Promise.resolve(),
      next: (c) => c.candles.find((x) => x.interval === interval),
      live: () => this.trading.market.liveCandle(m.symbol, interval),
    };
  }

  /**
   * Bars of `interval` opening and closing at `offsetMs` from UTC, summed from the UTC base bars that tile them: the
   * current one's base bars read back first (as GET /api/v3/klines reads them), then each one a trade changes.
   */
  private zonedBars(m: Market, interval: Interval, offsetMs: number): BarFeed {
    const base = baseInterval(offsetMs);
    const zoned = new ZonedBar(interval, offsetMs);
    let ready = false;
    const from = zonedOpenTime(interval, offsetMs, this.clock());
    const read = this.trading.market.candles(m.symbol, base, { startTime: from, limit: 1_000 }).then(
      (stored) => {
        for (const bar of stored) zoned.put(bar);
      },
      (error: unknown) => this.onError(error, `${base} bars of ${m.symbol}`),
    );
    return {
      ready: read.then(() => {
        ready = true;
      }),
      next: (c) => {
        const bar = c.candles.find((x) => x.interval === base);
        // Before the read settles the bar is kept but not sent: it lacks the stored part (the first send has it).
        return bar !== undefined && zoned.put(bar) && ready ? zoned.bar : undefined;
      },
      live: () => zoned.bar,
    };
  }

  private kline(m: Market, feed: BarFeed, emit: Emit): Source {
    const everyMs = 2_000;
    let bar: Candle | undefined;
    let closedSent = false;
    let sentAt = -Infinity;
    let due: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const send = () => {
      if (due !== null) clearTimeout(due);
      due = null;
      if (stopped || bar === undefined) return;
      sentAt = performance.now();
      const event = formatKlineEvent(m, bar, this.clock());
      if (event.k.x) closedSent = true;
      emit(event);
    };
    const changed = () => {
      const wait = sentAt + everyMs - performance.now();
      if (wait <= 0) return send();
      due ??= setTimeout(send, wait);
    };
    const unlisten = this.listen(m.symbol, (c) => {
      if (c.kind !== 'trade') return;
      const next = feed.next(c);
      if (next === undefined) return;
      if (bar !== undefined && next.openTime > bar.openTime && !closedSent) {
        send(); // the bar before closes first: x is true by now
      }
      if (bar === undefined || next.openTime !== bar.openTime) closedSent = false;
      bar = next;
      changed();
    });
    const timer = setInterval(() => {
      if (bar !== undefined && !closedSent && this.clock() > bar.closeTime) send();
    }, KLINE_CLOSE_CHECK_MS);
    timer.unref();
    let first: ReturnType<typeof setTimeout> | undefined;
    const ready = feed.ready.then(() => {
      if (stopped) return;
      first = setTimeout(() => {
        const live = feed.live();
        if (bar === undefined && live !== undefined && this.clock() <= live.closeTime) {
          bar = live;
          send();
        }
      }, 0);
    });
    return {
      ready,
      stop: () => {
        stopped = true;
        unlisten();
        clearInterval(timer);
        if (first !== undefined) clearTimeout(first);
        if (due !== null) clearTimeout(due);
      },
      // The live bar, if the present is in it (the newest change, even one the 2-second pace holds back).
      greet: () => {
        const now = this.clock();
        const live = bar ?? feed.live();
        return live !== undefined && now <= live.closeTime ? formatKlineEvent(m, live, now) : undefined;
      },
    };
  }

  // ---- tickers --------------------------------------------------------------------------------------------

  /** The 24hrTicker (or 24hrMiniTicker) of a market now, and what decides whether it changed (no times). */
  private ticker(m: Market, mini: boolean): { key: string; payload: Record<string, unknown> } {
    const now = this.clock();
    const t = tickerOf(this.trading, m, now);
    const payload: Record<string, unknown> = mini
      ? { e: '24hrMiniTicker', E: now, s: m.symbol, c: t.lastPrice, o: t.openPrice, h: t.highPrice, l: t.lowPrice, v: t.volume, q: t.quoteVolume }
      : {
          e: '24hrTicker', E: now, s: m.symbol, p: t.priceChange, P: t.priceChangePercent, w: t.weightedAvgPrice, x: t.openPrice, c: t.lastPrice,
          Q: t.lastQty, b: t.bidPrice, B: t.bidQty, a: t.askPrice, A: t.askQty, o: t.openPrice, h: t.highPrice, l: t.lowPrice, v: t.volume,
          q: t.quoteVolume, O: t.openTime, C: t.closeTime, F: t.firstId, L: t.lastId, n: t.count,
        };
    const { E: _e, O: _o, C: _c, ...rest } = payload;
    return { key: JSON.stringify(rest), payload };
  }

  private avgPrice(m: Market): { key: string; payload: Record<string, unknown> } {
    const now = this.clock();
    const a = avgPriceOf(this.trading, m, now);
    return { key: `${a.price}|${a.closeTime}`, payload: { e: 'avgPrice', E: now, s: m.symbol, i: `${a.mins}m`, w: a.price, T: a.closeTime } };
  }

  /** A market's rolling-window ticker now (its minute bars held), and what decides whether it changed. */
  private windowView(m: Market, window: TickerWindow): { key: string; payload: Record<string, unknown> } {
    const now = this.clock();
    return windowTickerEvent(m, this.minuteBars.stats(m, window, now), window, now);
  }

  /**
   * The rolling-window tickers of `markets` (sstream-windows.ts): their one-minute bars held while the stream is
   * open; once read back, every second the ones that changed (all of them the first time).
   */
  private windowTickers(markets: readonly Market[], window: TickerWindow, emit: (list: unknown[]) => void): Source {
    const holds = markets.map((m) => this.minuteBars.hold(m.symbol));
    let stopped = false;
    let ticking: Source | null = null;
    const ready = Promise.all(holds.map((h) => h.ready)).then(() => {
      if (stopped) return;
      ticking = this.changes(markets, (m) => this.windowView(m, window), emit);
    });
    return {
      ready,
      stop: () => {
        stopped = true;
        ticking?.stop();
        for (const h of holds) h.release();
      },
    };
  }

  /** Every second, the views of `markets` that changed since they were last sent (all of them the first time). */
  private changes(markets: readonly Market[], view: (m: Market) => { key: string; payload: Record<string, unknown> }, emit: (list: unknown[]) => void): Source {
    const sent = new Map<string, string>();
    return this.every(TICKER_MS, () => {
      const list: unknown[] = [];
      for (const m of markets) {
        const v = view(m);
        if (sent.get(m.symbol) === v.key) continue;
        sent.set(m.symbol, v.key);
        list.push(v.payload);
      }
      if (list.length > 0) emit(list);
    });
  }
}
