// Binance spot's rolling-window statistics streams (sstream-market.ts serves them): `<symbol>@ticker_<window>` and
// `!ticker_<window>@arr`, window 1h, 4h or 1d, every 1000 ms when the figures changed (and once to a new
// subscriber), events `1hTicker` / `4hTicker` / `1dTicker` {e, E, s, p, P, o, h, l, c, w, v, q, O, C, F, L, n}.
//
// As Binance defines them: the open time O always starts on a minute and the close time C is the time of the
// update, so the window is the current minute and the (window − 1) minutes before it (up to 59 999 ms wider than
// the window). The figures are summed from the market's one-minute bars in that window (server/market: every trade
// is in the bar of its minute; a bar holds its open, high, low, close, volumes, count and first and last trade ids),
// so they are the trades' own figures, not a sample. The 1d window is exactly GET /api/v3/ticker/24hr's (the market
// data's rolling 24 h ticker keeps the same minute buckets over the same window), formatted by the same function
// (formatTicker); a window with no trade shows the last price with zero volume and ids of -1, a market that never
// traded zeros, as /ticker/24hr does.
//
// The bars: while a window stream of a market is open, its one-minute bars of the last 24 hours are kept here, read
// back once from the market data (GET /api/v3/klines?interval=1m reads the same: stored bars overlaid with the ones
// not yet written) and then followed bar by bar as trades are recorded (MarketData.watch). A bar seen both ways is
// kept in its newer version (the higher last trade id): bars are immutable values, a trade makes a new one.
import type { Clock } from '../../clock.ts';
import type { Market } from '../../kernel/index.ts';
import { formatTicker, type Candle, type MarketChange, type Ticker, type TickerStats } from '../../market/index.ts';
import type { Trading } from '../trading.ts';

export const TICKER_WINDOWS = ['1h', '4h', '1d'] as const;
export type TickerWindow = (typeof TICKER_WINDOWS)[number];

const MINUTE_MS = 60_000;
export const WINDOW_MINUTES: Readonly<Record<TickerWindow, number>> = { '1h': 60, '4h': 240, '1d': 1440 };
/** The bars kept per market: the longest window's, and one minute more so a bar leaving it is still there. */
const KEPT_MINUTES = WINDOW_MINUTES['1d'] + 1;

export const isTickerWindow = (text: string): text is TickerWindow => (TICKER_WINDOWS as readonly string[]).includes(text);

/** The first minute of the window ending at `now`: the current minute and the (window − 1) before it. */
export function windowOpenTime(window: TickerWindow, now: number): number {
  return Math.floor(now / MINUTE_MS) * MINUTE_MS - (WINDOW_MINUTES[window] - 1) * MINUTE_MS;
}

/**
 * The statistics of `window` at `now` from one-minute bars (oldest first) and the market's newest bar (its last
 * trade); null when the market never traded. The figures RollingTicker (server/market/ticker.ts) gives for 1d.
 */
export function windowStats(symbol: string, bars: readonly Candle[], newest: Candle | undefined, window: TickerWindow, now: number): TickerStats | null {
  if (newest === undefined) return null;
  const from = windowOpenTime(window, now);
  let first: Candle | undefined;
  let high = 0;
  let low = Infinity;
  let volume = 0n;
  let quoteVolume = 0n;
  let count = 0;
  for (let i = bars.length - 1; i >= 0; i--) {
    const b = bars[i]!;
    if (b.openTime < from) break;
    first = b;
    if (b.high > high) high = b.high;
    if (b.low < low) low = b.low;
    volume += b.volume;
    quoteVolume += b.quoteVolume;
    count += b.count;
  }
  const last = newest.close;
  const open = first?.open ?? last;
  const change = last - open;
  return {
    symbol,
    openTime: from,
    closeTime: now,
    open,
    high: first === undefined ? last : (high as typeof last),
    low: first === undefined ? last : (low as typeof last),
    last,
    change,
    changePercent: (change / open) * 100,
    volume,
    quoteVolume,
    count,
    firstId: first?.firstTradeId ?? -1,
    lastId: first === undefined ? -1 : newest.lastTradeId,
  };
}

const ZERO = '0.00000000';

/** The `<window>Ticker` event of one market at `now`, and what tells whether it changed (its figures, no times). */
export function windowTickerEvent(m: Market, stats: TickerStats | null, window: TickerWindow, now: number): { key: string; payload: Record<string, unknown> } {
  const e = `${window}Ticker`;
  let payload: Record<string, unknown>;
  if (stats === null) {
    // Never traded: zeros, as GET /api/v3/ticker/24hr shows such a market (its window a plain 24 h back).
    payload = {
      e, E: now, s: m.symbol, p: ZERO, P: '0.000', o: ZERO, h: ZERO, l: ZERO, c: ZERO, w: ZERO, v: ZERO, q: ZERO,
      O: now - WINDOW_MINUTES[window] * MINUTE_MS, C: now, F: -1, L: -1, n: 0,
    };
  } else {
    const ticker: Ticker = { ...stats, lastQty: 0, bid: null, ask: null };
    const t = formatTicker(m, ticker);
    payload = {
      e, E: now, s: m.symbol, p: t.priceChange, P: t.priceChangePercent, o: t.openPrice, h: t.highPrice, l: t.lowPrice, c: t.lastPrice,
      w: t.weightedAvgPrice, v: t.volume, q: t.quoteVolume, O: t.openTime, C: t.closeTime, F: t.firstId, L: t.lastId, n: t.count,
    };
  }
  const { E: _e, O: _o, C: _c, ...figures } = payload;
  return { key: JSON.stringify(figures), payload };
}

type TradeChange = Extract<MarketChange, { kind: 'trade' }>;

interface Kept {
  /** One-minute bars of the last KEPT_MINUTES, oldest first, one per open time. */
  readonly bars: Candle[];
  holders: number;
  readonly ready: Promise<void>;
  readonly unlisten: () => void;
}

export interface MinuteBarsOptions {
  readonly trading: Trading;
  readonly clock: Clock;
  /** Listens to one market's changes (the market streams' shared watcher); answers the unsubscribe. */
  readonly listen: (symbol: string, listener: (change: MarketChange) => void) => () => void;
  readonly onError: (error: unknown, what: string) => void;
}

/** Each market's one-minute bars of the last 24 hours, kept while a window stream of it is open. */
export class MinuteBars {
  private readonly o: MinuteBarsOptions;
  private readonly kept = new Map<string, Kept>();

  constructor(o: MinuteBarsOptions) {
    this.o = o;
  }

  /** Keeps `symbol`'s bars until `release`; `ready` settles once they were read back (it never fails: logged). */
  hold(symbol: string): { readonly ready: Promise<void>; release(): void } {
    let k = this.kept.get(symbol);
    if (k === undefined) k = this.start(symbol);
    k.holders++;
    const kept = k;
    let released = false;
    return {
      ready: kept.ready,
      release: () => {
        if (released) return;
        released = true;
        if (--kept.holders > 0) return;
        kept.unlisten();
        if (this.kept.get(symbol) === kept) this.kept.delete(symbol);
      },
    };
  }

  /** The statistics of `window` for a held market now (RollingTicker's for 1d); null when it never traded. */
  stats(m: Market, window: TickerWindow, now: number): TickerStats | null {
    const bars = this.kept.get(m.symbol)?.bars ?? [];
    return windowStats(m.symbol, bars, this.o.trading.market.liveCandle(m.symbol, '1m'), window, now);
  }

  close(): void {
    for (const k of this.kept.values()) k.unlisten();
    this.kept.clear();
  }

  private start(symbol: string): Kept {
    const bars: Candle[] = [];
    // Listening first, so no trade falls between the read below and the live bars.
    const unlisten = this.o.listen(symbol, (c) => {
      if (c.kind !== 'trade') return;
      const bar = (c as TradeChange).candles.find((x) => x.interval === '1m');
      if (bar !== undefined) this.put(bars, bar);
    });
    const from = windowOpenTime('1d', this.o.clock()) - MINUTE_MS;
    const ready = this.o.trading.market.candles(symbol, '1m', { startTime: from, limit: KEPT_MINUTES + 1 }).then(
      (stored) => {
        for (const bar of stored) this.put(bars, bar);
      },
      (error: unknown) => this.o.onError(error, `1m bars of ${symbol}`),
    );
    const kept: Kept = { bars, holders: 0, ready, unlisten };
    this.kept.set(symbol, kept);
    return kept;
  }

  /** A bar into `bars` at its place (almost always the tail), the newer version kept; bars past 24 h dropped. */
  private put(bars: Candle[], bar: Candle): void {
    let i = bars.length;
    while (i > 0 && bars[i - 1]!.openTime > bar.openTime) i--;
    const before = bars[i - 1];
    if (before !== undefined && before.openTime === bar.openTime) {
      if (bar.lastTradeId > before.lastTradeId) bars[i - 1] = bar;
    } else {
      bars.splice(i, 0, bar);
    }
    const oldest = windowOpenTime('1d', this.o.clock()) - MINUTE_MS;
    let drop = 0;
    while (drop < bars.length && bars[drop]!.openTime < oldest) drop++;
    if (drop > 0) bars.splice(0, drop);
  }
}
