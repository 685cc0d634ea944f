// The market streams of the Binance USDⓈ-M WebSocket (fstream.ts), in Binance's shapes, from the perp desk and the
// bus. Stream names are Binance's, symbols lowercase:
//
// - `<symbol>@markPrice` (every 3 s) and `<symbol>@markPrice@1s`: `markPriceUpdate` {e, E, s, p mark, i index,
//   P estimated settle price (the mark, as premiumIndex answers), r funding rate, T next funding time}, from
//   `perp.<SYMBOL>.mark` (the mark job, jobs/perp-marks.ts); the funding rate and time are the funding job's when it
//   runs, else the mark event's, as /fapi/v1/premiumIndex does. `!markPrice@arr` and `!markPrice@arr@1s`: the same
//   for every market whose mark changed, in one array, every 3 s or 1 s.
// - `<symbol>@aggTrade`: `aggTrade` {e, E, s, a, p, q, f, l, T, m}, one per trade of `perp.<SYMBOL>.trade` (every trade
//   is its own aggregate and ADL closes are left out, as /fapi/v1/aggTrades answers them); `<symbol>@trade`: `trade`
//   {e, E, T, s, t, p, q, X "MARKET", m} for the same trades (ccxt.pro's watchTrades subscribes to this one).
// - `<symbol>@kline_<interval>`: `kline` {e, E, s, k {t, T, s, i, f, L, o, c, h, l, v, n, x, q, V, Q, B}}: the
//   current bar (read from the trades on subscription, then kept from `perp.<SYMBOL>.trade`), sent when it changed,
//   at most every 250 ms as Binance's (a trade after a quiet spell at once, the rest of a burst in one event at the end
//   of the 250 ms), and once more with x = true when it closes. Bars are /fapi/v1/klines's (futures-queries.ts barOpen): only bars with
//   trades exist, as there.
// - `<symbol>@bookTicker`: `bookTicker` {e, u, E, T, s, b, B, a, A}, when the best bid or ask changed (after each
//   batch of level changes), `u` the book's update id; once to a new subscriber.
// - `<symbol>@depth<5|10|20>[@100ms|@250ms|@500ms]` (default 250 ms): partial book, `depthUpdate` {e, E, T, s, U, u,
//   pu, b, a} with the top levels, every interval when they changed (and once to a new subscriber); u is the book's
//   update id, pu the previous event's u.
// - `<symbol>@depth[@100ms|@250ms|@500ms]` (default 250 ms): diffs, `depthUpdate` with the levels that changed since
//   the last event, each at its new absolute quantity ("0": gone).
//
// The book and its update ids. The perpetuals' books are market data fed by the perp desk's book events
// (Trading.perpMarket, market/bridge.ts), so update ids are the desk's: its epoch's opening time in ms × 1000 + the
// book event's seq, the same on every gateway and in the embedded server, as the spot books'. GET /fapi/v1/depth
// answers the book's id as lastUpdateId (futures-public.ts); a diff event covers ids U..u (u the book's id when it is
// sent), pu = the previous event's u = U - 1, and lists every level those ids touched (book-streams.ts diffStream,
// the spot streams' own): Binance's procedure works unchanged (buffer the events, take the snapshot, drop events with
// u < lastUpdateId, the first kept one has U <= lastUpdateId <= u, each next pu = the previous u), and so does the
// spot one (drop u <= lastUpdateId, the first kept has U <= lastUpdateId + 1 <= u). A new diff stream's first event
// reaches back over the book's last 10,000 changes, set when it is subscribed: a client whose gateway died subscribes
// on another and goes on from its own last u (the first event bridges it: U <= last + 1 <= u), with no new snapshot.
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { DeskEvent } from '../../desks/index.ts';
import { formatDecimal, parseDecimal, type PerpMarket } from '../../kernel/index.ts';
import { money, moneySum, toAmount } from '../../store/money.ts';
import type { Store } from '../../store/index.ts';
import type { Level as BookLevel, MarketData } from '../../market/index.ts';
import type { Trading } from '../trading.ts';
import { bestPrices, diffStream, MarketListeners, type BookDiff } from './book-streams.ts';
import { barClose, barOpen, isKlineInterval, type KlineInterval } from './futures-queries.ts';

export const DEPTH_SPEEDS = [100, 250, 500] as const;
export type DepthSpeed = (typeof DEPTH_SPEEDS)[number];
const DEFAULT_DEPTH_SPEED: DepthSpeed = 250;
const PARTIAL_LEVELS = [5, 10, 20] as const;
type PartialLevels = (typeof PARTIAL_LEVELS)[number];
const KLINE_CLOSE_CHECK_MS = 1_000;
/** Binance's update speed of the futures kline stream. */
export const KLINE_EVERY_MS = 250;
const E8 = 100_000_000n;

export type MarketStream =
  | { readonly kind: 'markPrice'; readonly symbol: string; readonly everyMs: number }
  | { readonly kind: 'markPriceAll'; readonly everyMs: number }
  | { readonly kind: 'aggTrade'; readonly symbol: string }
  | { readonly kind: 'trade'; readonly symbol: string }
  | { readonly kind: 'kline'; readonly symbol: string; readonly interval: KlineInterval; readonly everyMs?: number }
  | { readonly kind: 'bookTicker'; readonly symbol: string }
  | { readonly kind: 'depth'; readonly symbol: string; readonly levels: PartialLevels | null; readonly speed: DepthSpeed };

/** Minor units (10^-8) as Binance's eight-decimal text, like the /fapi REST answers. */
export const d8 = (minor: bigint): string => formatDecimal(minor, 8);

/** Signed decimal text → minor units; null for bad text. */
export function minor(text: string | null | undefined): bigint | null {
  if (text === null || text === undefined) return null;
  const negative = text.startsWith('-');
  const parsed = parseDecimal(negative ? text.slice(1) : text);
  if (!parsed.ok) return null;
  return negative ? -parsed.value : parsed.value;
}

const SYMBOL_STREAM = /^([a-z0-9]{1,20})@([A-Za-z0-9_@]+)$/;
const DEPTH = /^depth(5|10|20)?(?:@(100|250|500)ms)?$/;

/**
 * A market stream's name → what it streams; null for anything else (an unknown market included). `symbols` maps a
 * lowercase symbol to the perpetual's.
 */
export function parseMarketStream(name: string, symbolOf: (lower: string) => string | undefined): MarketStream | null {
  if (name === '!markPrice@arr') return { kind: 'markPriceAll', everyMs: 3_000 };
  if (name === '!markPrice@arr@1s') return { kind: 'markPriceAll', everyMs: 1_000 };
  const m = SYMBOL_STREAM.exec(name);
  if (m === null) return null;
  const symbol = symbolOf(m[1]!);
  if (symbol === undefined) return null;
  const rest = m[2]!;
  if (rest === 'markPrice') return { kind: 'markPrice', symbol, everyMs: 3_000 };
  if (rest === 'markPrice@1s') return { kind: 'markPrice', symbol, everyMs: 1_000 };
  if (rest === 'aggTrade') return { kind: 'aggTrade', symbol };
  if (rest === 'trade') return { kind: 'trade', symbol };
  if (rest === 'bookTicker') return { kind: 'bookTicker', symbol };
  if (rest.startsWith('kline_')) {
    const interval = rest.slice('kline_'.length);
    return isKlineInterval(interval) ? { kind: 'kline', symbol, interval, everyMs: KLINE_EVERY_MS } : null;
  }
  const depth = DEPTH.exec(rest);
  if (depth !== null) {
    const levels = depth[1] === undefined ? null : (Number(depth[1]) as PartialLevels);
    const speed = depth[2] === undefined ? DEFAULT_DEPTH_SPEED : (Number(depth[2]) as DepthSpeed);
    return { kind: 'depth', symbol, levels, speed };
  }
  return null;
}

export type Emit = (payload: unknown) => void;

/** A started stream: `ready` settles once its first state is read (a diff's first read, a kline's bar). */
export interface Source {
  readonly ready: Promise<void>;
  stop(): void;
  /**
   * For a stream of a state (a bar, a ticker, the best prices): that state now, as a payload, for a subscriber
   * joining once the stream runs (its first subscriber gets it from the source's start); undefined when there is
   * none. Streams of events (trades, diffs) have none.
   */
  readonly greet?: (() => unknown) | undefined;
}

export interface MarketStreamsOptions {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  /** Where failures of a source go (a read of the book or the store); default: ignored. */
  readonly onError?: ((error: unknown, what: string) => void) | undefined;
}

type Level = [price: string, qty: string];

interface KlineBar {
  readonly t: number;
  readonly T: number;
  f: number;
  L: number;
  o: bigint;
  c: bigint;
  h: bigint;
  l: bigint;
  v: bigint;
  n: number;
  q: bigint;
  V: bigint;
  Q: bigint;
  closed: boolean;
}

type PerpTrade = Extract<DeskEvent, { type: 'perp.trade' }>;
type PerpMark = Extract<DeskEvent, { type: 'perp.mark' }>;

/** The market streams' sources; one per stream name (fstream.ts shares each among its subscribers). */
export class MarketStreams {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  private readonly onError: (error: unknown, what: string) => void;
  /** The perpetuals' books, and one watcher of them for every book stream. */
  private readonly books: MarketData;
  private readonly listeners: MarketListeners;
  private closed = false;

  constructor(o: MarketStreamsOptions) {
    this.trading = o.trading;
    this.store = o.store;
    this.clock = o.clock;
    this.onError = o.onError ?? (() => undefined);
    this.books = o.trading.perpMarket;
    this.listeners = new MarketListeners(this.books, (e, what) => this.failed(e, what));
  }

  failed(error: unknown, what: string): void {
    if (!this.closed) this.onError(error, what);
  }

  /** The perpetual a lowercase stream symbol names. */
  symbolOf(lower: string): string | undefined {
    return this.markets().find((m) => m.symbol.toLowerCase() === lower)?.symbol;
  }

  markets(): PerpMarket[] {
    return this.trading.desks.perp.markets();
  }

  open(stream: MarketStream, emit: Emit): Source {
    switch (stream.kind) {
      case 'markPrice':
        return this.markPrice(stream.symbol, stream.everyMs, emit);
      case 'markPriceAll':
        return this.markPriceAll(stream.everyMs, emit);
      case 'aggTrade':
        return this.aggTrade(stream.symbol, emit);
      case 'trade':
        return this.trade(stream.symbol, emit);
      case 'kline':
        return this.kline(stream.symbol, stream.interval, stream.everyMs ?? KLINE_EVERY_MS, emit);
      case 'bookTicker':
        return this.bookTicker(stream.symbol, emit);
      case 'depth':
        return stream.levels === null ? this.depthDiff(stream.symbol, stream.speed, emit) : this.depthPartial(stream.symbol, stream.levels, stream.speed, emit);
    }
  }

  close(): void {
    this.closed = true;
    this.listeners.close();
  }

  // ---- mark prices ----------------------------------------------------------------------------------------

  private markEvent(e: PerpMark): Record<string, unknown> {
    const m = this.markets().find((x) => x.symbol === e.symbol);
    const funding = this.trading.perpFunding(e.symbol);
    const ticks = this.trading.indexPrice(e.symbol);
    const index = minor(e.index) ?? (ticks === null || m === undefined ? 0n : BigInt(ticks) * m.market.tickSize);
    const mark = minor(e.mark) ?? 0n;
    return {
      e: 'markPriceUpdate', E: this.clock(), s: e.symbol, p: d8(mark), i: d8(index), P: d8(mark),
      r: d8(funding?.rate ?? minor(e.fundingRate) ?? 0n), T: funding?.nextFundingTime ?? e.nextFundingTime,
    };
  }

  private markPrice(symbol: string, everyMs: number, emit: Emit): Source {
    let sent = Number.NEGATIVE_INFINITY;
    const stop = this.trading.bus.subscribe(`perp.${symbol}.mark`, (e) => {
      if (e.type !== 'perp.mark') return;
      // The 1-second stream sends every mark (the mark job makes one a second); the 3-second one at most one per
      // 3 s by the marks' own times (with a little slack for a timer that fires early).
      if (everyMs > 1_000 && e.time >= sent && e.time - sent < everyMs - 100) return;
      sent = e.time;
      emit(this.markEvent(e));
    });
    return { ready: Promise.resolve(), stop };
  }

  private markPriceAll(everyMs: number, emit: Emit): Source {
    const changed = new Map<string, PerpMark>();
    const stop = this.trading.bus.subscribe('perp.*.mark', (e) => {
      if (e.type === 'perp.mark') changed.set(e.symbol, e);
    });
    const timer = setInterval(() => {
      if (changed.size === 0) return;
      const list = [...changed.values()].map((e) => this.markEvent(e));
      changed.clear();
      emit(list);
    }, everyMs);
    timer.unref();
    return {
      ready: Promise.resolve(),
      stop: () => {
        stop();
        clearInterval(timer);
      },
    };
  }

  // ---- trades ---------------------------------------------------------------------------------------------

  private aggTrade(symbol: string, emit: Emit): Source {
    const stop = this.trading.bus.subscribe(`perp.${symbol}.trade`, (e) => {
      if (e.type !== 'perp.trade' || e.via !== 'book') return;
      emit({ e: 'aggTrade', E: this.clock(), s: e.symbol, a: e.tradeId, p: d8(minor(e.price) ?? 0n), q: d8(minor(e.qty) ?? 0n), f: e.tradeId, l: e.tradeId, T: e.time, m: e.takerSide === 'sell' });
    });
    return { ready: Promise.resolve(), stop };
  }

  private trade(symbol: string, emit: Emit): Source {
    const stop = this.trading.bus.subscribe(`perp.${symbol}.trade`, (e) => {
      if (e.type !== 'perp.trade' || e.via !== 'book') return;
      emit({ e: 'trade', E: this.clock(), T: e.time, s: e.symbol, t: e.tradeId, p: d8(minor(e.price) ?? 0n), q: d8(minor(e.qty) ?? 0n), X: 'MARKET', m: e.takerSide === 'sell' });
    });
    return { ready: Promise.resolve(), stop };
  }

  private kline(symbol: string, interval: KlineInterval, everyMs: number, emit: Emit): Source {
    let bar: KlineBar | null = null;
    let loaded = false;
    const early: PerpTrade[] = [];
    let stopped = false;
    /** When the last event went out (wall time: the pace is the socket's, not the exchange clock's). */
    let sentAt = -Infinity;
    /** A bar changed since the last event, and its event is due at the end of the pace's window. */
    let due: ReturnType<typeof setTimeout> | null = null;
    const send = (b: KlineBar) => {
      if (due !== null) clearTimeout(due);
      due = null;
      sentAt = performance.now();
      emitBar(b);
    };
    /** A live change: at once after a quiet spell, else once at the end of the window (with what it holds then). */
    const changed = (b: KlineBar) => {
      const wait = sentAt + everyMs - performance.now();
      if (wait <= 0) return send(b);
      due ??= setTimeout(() => {
        due = null;
        if (!stopped && bar !== null) send(bar);
      }, wait);
    };
    const emitBar = (b: KlineBar) =>
      emit({
        e: 'kline', E: this.clock(), s: symbol,
        k: {
          t: b.t, T: b.T, s: symbol, i: interval, f: b.f, L: b.L, o: d8(b.o), c: d8(b.c), h: d8(b.h), l: d8(b.l), v: d8(b.v), n: b.n, x: b.closed,
          q: d8(b.q), V: d8(b.V), Q: d8(b.Q), B: '0',
        },
      });
    const closeIfDue = (now: number) => {
      if (bar !== null && !bar.closed && now > bar.T) {
        // A change of the bar still waiting for its window goes out with it: the closed bar holds it.
        bar.closed = true;
        send(bar);
      }
    };
    const apply = (e: PerpTrade, live: boolean) => {
      const price = minor(e.price) ?? 0n;
      const qty = minor(e.qty) ?? 0n;
      const quote = (price * qty) / E8;
      const open = barOpen(interval, e.time);
      if (bar !== null && e.tradeId <= bar.L) return; // already in the bar read from the store
      if (bar === null || open > bar.t) {
        if (live && bar !== null) closeIfDue(Math.max(this.clock(), bar.T + 1));
        bar = { t: open, T: barClose(interval, open), f: e.tradeId, L: e.tradeId, o: price, c: price, h: price, l: price, v: 0n, n: 0, q: 0n, V: 0n, Q: 0n, closed: false };
      } else if (open < bar.t) return;
      bar.L = e.tradeId;
      bar.c = price;
      if (price > bar.h) bar.h = price;
      if (price < bar.l) bar.l = price;
      bar.v += qty;
      bar.q += quote;
      bar.n += 1;
      if (e.takerSide === 'buy') {
        bar.V += qty;
        bar.Q += quote;
      }
      if (live) changed(bar);
    };
    const unsubscribe = this.trading.bus.subscribe(`perp.${symbol}.trade`, (e) => {
      if (e.type !== 'perp.trade' || e.via !== 'book') return;
      if (!loaded) early.push(e);
      else apply(e, true);
    });
    const timer = setInterval(() => closeIfDue(this.clock()), KLINE_CLOSE_CHECK_MS);
    timer.unref();
    const ready = (async () => {
      try {
        bar = await this.currentBar(symbol, interval);
      } catch (e) {
        this.failed(e, `kline ${symbol}`);
      }
      loaded = true;
      if (stopped) return;
      for (const e of early.splice(0)) apply(e, false);
      if (bar !== null) send(bar);
    })();
    return {
      ready,
      stop: () => {
        stopped = true;
        unsubscribe();
        clearInterval(timer);
        if (due !== null) clearTimeout(due);
      },
    };
  }

  /** The bar holding the present, summed from the store's trades (null without trades in it). */
  private async currentBar(symbol: string, interval: KlineInterval): Promise<KlineBar | null> {
    const t = barOpen(interval, this.clock());
    const T = barClose(interval, t);
    const db = this.store.db;
    const row = await db
      .selectFrom('perp_trades')
      .select([
        (eb) => eb.fn.min('trade_no').as('first_no'),
        (eb) => eb.fn.max('trade_no').as('last_no'),
        sql<string | null>`cast(max(price) as text)`.as('high'),
        sql<string | null>`cast(min(price) as text)`.as('low'),
        moneySum('qty').as('volume'),
        moneySum('quote').as('quote'),
        sql<string | null>`cast(sum(case when taker_side = 'buy' then qty else 0 end) as text)`.as('buy_volume'),
        sql<string | null>`cast(sum(case when taker_side = 'buy' then quote else 0 end) as text)`.as('buy_quote'),
        sql<number>`count(*)`.as('n'),
      ])
      .where('symbol', '=', symbol)
      .where('via', '=', 'book')
      .where('time', '>=', t)
      .where('time', '<=', T)
      .executeTakeFirst();
    if (row === undefined || Number(row.n) === 0 || row.first_no === null || row.last_no === null) return null;
    const f = Number(row.first_no);
    const L = Number(row.last_no);
    const prices = new Map<number, bigint>();
    for (const p of await db.selectFrom('perp_trades').select(['trade_no', money('price').as('price')]).where('symbol', '=', symbol).where('trade_no', 'in', [f, L]).execute()) {
      prices.set(Number(p.trade_no), toAmount(p.price));
    }
    return {
      t, T, f, L, o: prices.get(f) ?? 0n, c: prices.get(L) ?? 0n, h: toAmount(row.high), l: toAmount(row.low), v: toAmount(row.volume), n: Number(row.n),
      q: toAmount(row.quote), V: toAmount(row.buy_volume), Q: toAmount(row.buy_quote), closed: false,
    };
  }

  // ---- the book -------------------------------------------------------------------------------------------

  /** A perpetual's market (its ticks and lots); throws for an unknown one (streams are parsed against markets()). */
  private market(symbol: string) {
    const m = this.books.market(symbol);
    if (m === undefined) throw new RangeError(`unknown perpetual ${symbol}`);
    return m;
  }

  /** The book's levels as Binance's eight-decimal text, as GET /fapi/v1/depth answers them. */
  private levels(symbol: string, levels: readonly BookLevel[]): Level[] {
    const m = this.market(symbol);
    return levels.map(([p, q]) => [d8(BigInt(p) * m.tickSize), d8(BigInt(q) * m.lotSize)]);
  }

  private bookTicker(symbol: string, emit: Emit): Source {
    const view = () => {
      const d = this.books.depth(symbol, 1);
      const [[b, B] = [d8(0n), d8(0n)]] = this.levels(symbol, d.bids);
      const [[a, A] = [d8(0n), d8(0n)]] = this.levels(symbol, d.asks);
      const now = this.clock();
      return { key: `${b}|${B}|${a}|${A}`, payload: { e: 'bookTicker', u: d.lastUpdateId, E: now, T: now, s: symbol, b, B, a, A } };
    };
    return bestPrices(this.listeners, symbol, view, emit);
  }

  private depthPartial(symbol: string, levels: PartialLevels, speed: DepthSpeed, emit: Emit): Source {
    /** The u of the last event sent (null before the first). */
    let pu: number | null = null;
    let last: string | null = null;
    const view = () => {
      const d = this.books.depth(symbol, levels);
      const b = this.levels(symbol, d.bids);
      const a = this.levels(symbol, d.asks);
      const now = this.clock();
      const u = d.lastUpdateId;
      const prev = pu ?? Math.max(0, u - 1);
      return { text: JSON.stringify([b, a]), payload: { e: 'depthUpdate', E: now, T: now, s: symbol, U: prev + 1, u, pu: prev, b, a } };
    };
    const tick = () => {
      try {
        const now = view();
        if (now.text === last) return;
        last = now.text;
        pu = now.payload.u;
        emit(now.payload);
      } catch (error) {
        this.failed(error, `depth ${symbol}`);
      }
    };
    // The top levels as they are, once after the subscription's answer, then every interval when they changed.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, speed);
    timer.unref();
    return {
      ready: Promise.resolve(),
      stop: () => {
        clearTimeout(first);
        clearInterval(timer);
      },
      greet: () => view().payload,
    };
  }

  private depthDiff(symbol: string, speed: DepthSpeed, emit: Emit): Source {
    const send = (d: BookDiff) => {
      const now = this.clock();
      emit({ e: 'depthUpdate', E: now, T: now, s: symbol, U: d.U, u: d.u, pu: d.U - 1, b: this.levels(symbol, d.bids), a: this.levels(symbol, d.asks) });
    };
    return diffStream({ market: this.books, listeners: this.listeners, symbol, everyMs: speed, send, onError: (e, what) => this.failed(e, what) });
  }
}
