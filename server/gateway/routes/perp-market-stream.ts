// The perpetuals' public market topics on /ws (contract/ws.ts PerpTopic), from the perp desk's own book and trades
// through the sources of the Binance USDⓈ-M streams (binance/fstream-market.ts), in the payloads of their spot twins
// so the web app's reducers read both:
//
// - perpDepth@S: /fstream's diff source at 100 ms as a spot `depthUpdate` {e, E, s, U, u, b, a}, with its ids: the
//   perp desk's (market/bridge.ts), those of GET /fapi/v1/depth's lastUpdateId, the same on every gateway. An event
//   covers U..u and U is the previous u + 1, so the spot procedure the app runs holds (drop u <= id, the first kept has
//   U <= id + 1 <= u); its start is set before the subscription is acknowledged and reaches back over the book's
//   recent changes (book-streams.ts), so a snapshot taken after the ack has a diff to start from.
// - perpTrade@S: /fstream's `<s>@trade` (book trades; ADL closes are not market trades) as the spot trade event.
// - perpKline@S@i: /fstream's `<s>@kline_<i>` (the current bar when it changed, and once more closed) at the spot
//   publisher's pace, every 100 ms at most, not /fstream's 250 ms.
// - perpMarkKline@S@i: the bar of mark prices holding the present: read from the recorded marks (as
//   /fapi/v1/markPriceKlines sums them), then kept from `perp.<S>.mark` (one a second, recorded or not); a kline
//   event with the marks as o/h/l/c, `n` the marks counted and no volumes, sent at each mark and once more closed.
// - perpTicker@S, perpTickers: the 24 h statistics /fapi/v1/ticker/24hr answers, with the best bid and ask, in the
//   spot ticker's shape; once a second for the markets that traded (perpTickers: all of them in one event).
//
// Events a source sends before its subscription is acknowledged (a kline's first bar) are not sent to that
// subscriber: the hub holds them back (ws-hub.ts), the seq starts at 1 after the ack, and the REST reads cover them.
import type { KlineInterval, PerpTopic } from '../../contract/ws.ts';
import type { DeskEvent } from '../../desks/index.ts';
import type { Price, PerpMarket } from '../../kernel/index.ts';
import { formatTicker, type Ticker } from '../../market/index.ts';
import { d8, minor, MarketStreams, type Emit, type MarketStreamsOptions, type Source } from '../binance/fstream-market.ts';
import { barClose, barOpen, dayStats, markBars, type DayStats } from '../binance/futures-queries.ts';

/** How often the tickers of the markets that traded are sent, as the spot publisher does. */
export const PERP_TICKER_MS = 1_000;
const DEPTH_SPEED = 100;
/** The live bar's pace, as the spot publisher's (market/publisher.ts). */
const KLINE_EVERY_MS = 100;
const BAR_CHECK_MS = 1_000;
const DAY_MS = 86_400_000;

/** The desks, the store and the clock, as /fstream's; failures of a source's reads go to onError (default: ignored). */
export type PerpMarketTopicsOptions = MarketStreamsOptions;

type Level = [price: string, qty: string];
/** /fstream's payloads, as fstream-market.ts makes them. */
interface FstreamDepth {
  E: number;
  s: string;
  U: number;
  u: number;
  b: Level[];
  a: Level[];
}
interface FstreamTrade {
  E: number;
  T: number;
  s: string;
  t: number;
  p: string;
  q: string;
  m: boolean;
}
type PerpMark = Extract<DeskEvent, { type: 'perp.mark' }>;

export class PerpMarketTopics {
  private readonly o: PerpMarketTopicsOptions;
  private readonly streams: MarketStreams;
  private readonly tickers: PerpTickers;

  constructor(o: PerpMarketTopicsOptions) {
    this.o = o;
    this.streams = new MarketStreams(o);
    this.tickers = new PerpTickers(o, (symbol) => this.market(symbol));
  }

  /** Whether `symbol` is a perpetual's. */
  knows(symbol: string): boolean {
    return this.market(symbol) !== undefined;
  }

  /** Starts a topic's source (its symbol checked with knows); `ready` settles once it has read its first state. */
  open(topic: PerpTopic, emit: Emit): Source {
    const [name, symbol = '', i] = topic.split('@');
    const interval = i as KlineInterval;
    switch (name) {
      case 'perpDepth':
        return this.streams.open({ kind: 'depth', symbol, levels: null, speed: DEPTH_SPEED }, (e) => {
          const d = e as FstreamDepth;
          emit({ e: 'depthUpdate', E: d.E, s: d.s, U: d.U, u: d.u, b: d.b, a: d.a });
        });
      case 'perpTrade':
        return this.streams.open({ kind: 'trade', symbol }, (e) => {
          const t = e as FstreamTrade;
          emit({ e: 'trade', E: t.E, s: t.s, t: t.t, p: t.p, q: t.q, T: t.T, m: t.m, M: true });
        });
      case 'perpKline':
        return this.streams.open({ kind: 'kline', symbol, interval, everyMs: KLINE_EVERY_MS }, emit);
      case 'perpMarkKline':
        return markKline(this.o, symbol, interval, emit);
      default:
        return this.tickers.watch(name === 'perpTicker' ? symbol : null, emit);
    }
  }

  close(): void {
    this.streams.close();
    this.tickers.close();
  }

  private market(symbol: string): PerpMarket | undefined {
    return this.o.trading.desks.perp.markets().find((m) => m.symbol === symbol);
  }
}

// ---- mark-price candles -------------------------------------------------------------------------------------

interface MarkBar {
  readonly t: number;
  readonly T: number;
  o: bigint;
  h: bigint;
  l: bigint;
  c: bigint;
  n: number;
  closed: boolean;
}

function markKline(o: PerpMarketTopicsOptions, symbol: string, interval: KlineInterval, emit: Emit): Source {
  let bar: MarkBar | null = null;
  let stopped = false;
  /** Marks that came while the recorded bar was read: those published after the read began are added to it. */
  let early: PerpMark[] | null = [];
  const since = o.clock();
  const zero = d8(0n);
  const send = (b: MarkBar) =>
    emit({
      e: 'kline', E: o.clock(), s: symbol,
      k: { t: b.t, T: b.T, s: symbol, i: interval, f: -1, L: -1, o: d8(b.o), c: d8(b.c), h: d8(b.h), l: d8(b.l), v: zero, n: b.n, x: b.closed, q: zero, V: zero, Q: zero, B: '0' },
    });
  const close = (now: number) => {
    if (bar === null || bar.closed || now <= bar.T) return;
    bar.closed = true;
    send(bar);
  };
  const add = (e: PerpMark) => {
    const price = minor(e.mark);
    const open = barOpen(interval, e.time);
    if (price === null || (bar !== null && open < bar.t)) return;
    if (bar === null || open > bar.t) {
      close(Number.POSITIVE_INFINITY);
      bar = { t: open, T: barClose(interval, open), o: price, h: price, l: price, c: price, n: 0, closed: false };
    }
    bar.c = price;
    if (price > bar.h) bar.h = price;
    if (price < bar.l) bar.l = price;
    bar.n += 1;
    send(bar);
  };
  const unsubscribe = o.trading.bus.subscribe(`perp.${symbol}.mark`, (e) => {
    if (e.type !== 'perp.mark') return;
    if (early !== null) early.push(e);
    else add(e);
  });
  const timer = setInterval(() => close(o.clock()), BAR_CHECK_MS);
  timer.unref();
  const ready = (async () => {
    try {
      const [b] = await markBars(o.store.db, symbol, interval, { startTime: barOpen(interval, since), limit: 1 });
      if (b !== undefined && !stopped) bar = { t: b.openTime, T: b.closeTime, o: b.open, h: b.high, l: b.low, c: b.close, n: b.count, closed: false };
    } catch (e) {
      o.onError?.(e, `mark kline ${symbol}`);
    }
    const marks = early ?? [];
    early = null;
    if (stopped) return;
    for (const e of marks) if (e.time >= since) add(e);
  })();
  const stop = () => {
    stopped = true;
    unsubscribe();
    clearInterval(timer);
  };
  return { ready, stop };
}

// ---- 24 h tickers -------------------------------------------------------------------------------------------

/** Every ticker topic of the perpetuals: one bus subscription and one timer while any is watched. */
class PerpTickers {
  private readonly o: PerpMarketTopicsOptions;
  private readonly market: (symbol: string) => PerpMarket | undefined;
  /** Subscribers by symbol; null: every perpetual's (perpTickers). */
  private readonly subs = new Map<string | null, Set<Emit>>();
  private readonly traded = new Set<string>();
  private stopTrades: (() => void) | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private busy = false;

  constructor(o: PerpMarketTopicsOptions, market: (symbol: string) => PerpMarket | undefined) {
    this.o = o;
    this.market = market;
  }

  watch(symbol: string | null, emit: Emit): Source {
    let set = this.subs.get(symbol);
    if (set === undefined) this.subs.set(symbol, (set = new Set()));
    set.add(emit);
    this.start();
    return {
      ready: Promise.resolve(),
      stop: () => {
        set.delete(emit);
        if (set.size === 0 && this.subs.get(symbol) === set) this.subs.delete(symbol);
        if (this.subs.size === 0) this.close();
      },
    };
  }

  close(): void {
    this.stopTrades?.();
    this.stopTrades = null;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.traded.clear();
  }

  private start(): void {
    if (this.timer !== null) return;
    this.stopTrades = this.o.trading.bus.subscribe('perp.*.trade', (e) => {
      if (e.type === 'perp.trade' && e.via === 'book') this.traded.add(e.symbol);
    });
    this.timer = setInterval(() => void this.round(), PERP_TICKER_MS);
    this.timer.unref();
  }

  /** The tickers of the watched markets that traded since the last round; a round still reading skips its turn. */
  private async round(): Promise<void> {
    if (this.busy) return;
    const all = this.subs.has(null);
    const symbols = [...this.traded].filter((s) => all || this.subs.has(s));
    this.traded.clear();
    if (symbols.length === 0) return;
    this.busy = true;
    try {
      const now = this.o.clock();
      const stats = await dayStats(this.o.store.db, symbols, now - DAY_MS);
      const list: unknown[] = [];
      for (const symbol of symbols) {
        const s = stats.get(symbol);
        const m = this.market(symbol);
        if (s === undefined || m === undefined) continue;
        const ticker = await this.ticker(m, s, now);
        list.push(ticker);
        for (const emit of this.subs.get(symbol) ?? []) emit(ticker);
      }
      if (list.length > 0) for (const emit of this.subs.get(null) ?? []) emit(list);
    } catch (e) {
      this.o.onError?.(e, 'perp tickers');
    } finally {
      this.busy = false;
    }
  }

  /** A day's statistics and the best bid and ask, in ticks and lots for the spot formatter. */
  private async ticker(pm: PerpMarket, s: DayStats, now: number): Promise<ReturnType<typeof formatTicker>> {
    const m = pm.market;
    const ticks = (price: bigint) => Number(price / m.tickSize) as Price;
    const lots = (qty: bigint) => Number(qty / m.lotSize);
    const book = await this.o.trading.desks.perp.book(pm.symbol, 1);
    const best = (side: 'bids' | 'asks') => {
      const level = book.ok ? book.value[side][0] : undefined;
      return level === undefined ? null : ([ticks(level[0]), lots(level[1])] as const);
    };
    const t: Ticker = {
      symbol: pm.symbol, openTime: now - DAY_MS, closeTime: now, open: ticks(s.open), high: ticks(s.high), low: ticks(s.low), last: ticks(s.last),
      change: ticks(s.last) - ticks(s.open), changePercent: s.open === 0n ? 0 : (Number(s.last - s.open) / Number(s.open)) * 100,
      volume: s.volume, quoteVolume: s.quoteVolume, count: s.count, firstId: s.firstId, lastId: s.lastId, lastQty: lots(s.lastQty), bid: best('bids'), ask: best('asks'),
    };
    return formatTicker(m, t);
  }
}
