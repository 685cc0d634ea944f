// One synthetic market for the terminal benchmark's feed: a book of 200 price levels a side around a mid that
// walks by one tick, depth diffs with Binance's update ids (each diff's U is the last u + 1, so a client's local
// book stays in sync), trades at the touch, the live 1-minute bar and the 24 h ticker, and the REST replies the
// stream layer starts from (snapshot, recent trades, kline history). Seeded, so two runs see the same market.
import type { DepthSnapshot, DepthUpdateEvent, KlineEvent, KlineInterval, TextLevel, Ticker24h, TradeEvent } from '../../server/contract/ws.ts';
import { mulberry32 } from '../tools/random.ts';

export interface MarketSpec {
  readonly symbol: string;
  /** Starting mid price. */
  readonly price: number;
  /** Decimals of the tick (0.01 → 2). */
  readonly decimals: number;
}

export const BENCH_MARKETS: readonly MarketSpec[] = [
  { symbol: 'BTCUSDT', price: 95_000, decimals: 2 },
  { symbol: 'ETHUSDT', price: 3_300, decimals: 2 },
  { symbol: 'SOLUSDT', price: 140, decimals: 3 },
];

/** Levels a side kept in the book. */
const DEPTH = 200;
/** Changes land within this many levels of the touch, most near it. */
const ACTIVE = 40;
const MINUTE = 60_000;
export const INTERVAL_MS: Readonly<Record<KlineInterval, number>> = {
  '1m': MINUTE, '5m': 5 * MINUTE, '15m': 15 * MINUTE, '30m': 30 * MINUTE, '1h': 60 * MINUTE, '4h': 240 * MINUTE,
  '1d': 1_440 * MINUTE, '1w': 10_080 * MINUTE, '1M': 43_200 * MINUTE,
};

interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  q: number;
  n: number;
}

interface RestTrade {
  id: number;
  price: string;
  qty: string;
  quoteQty: string;
  time: number;
  isBuyerMaker: boolean;
  isBestMatch: boolean;
}

export class SyntheticMarket {
  readonly symbol: string;
  private readonly decimals: number;
  private readonly scale: number;
  private readonly rand: () => number;
  /** The empty tick between the sides: bids below it, asks above. */
  private mid: number;
  private readonly home: number;
  private readonly bids = new Map<number, string>();
  private readonly asks = new Map<number, string>();
  private lastUpdateId = 1_000;
  private tradeId = 0;
  private readonly trades: RestTrade[] = [];
  private bar: Bar;
  private readonly day = { open: 0, high: 0, low: Number.POSITIVE_INFINITY, volume: 0, quote: 0, count: 0, last: 0, lastQty: '0', firstId: 1 };

  constructor(spec: MarketSpec, seed: number, now: number) {
    this.symbol = spec.symbol;
    this.decimals = spec.decimals;
    this.scale = 10 ** spec.decimals;
    this.rand = mulberry32(seed);
    this.mid = this.home = Math.round(spec.price * this.scale);
    for (let i = 1; i <= DEPTH; i++) {
      this.bids.set(this.mid - i, this.qty());
      this.asks.set(this.mid + i, this.qty());
    }
    const price = this.mid / this.scale;
    this.day.open = this.day.last = price;
    this.bar = { t: Math.floor(now / MINUTE) * MINUTE, o: price, h: price, l: price, c: price, v: 0, q: 0, n: 0 };
  }

  /** The middle of the spread as a price. */
  midPrice(): number {
    return this.mid / this.scale;
  }

  private text(tick: number): string {
    const digits = String(tick).padStart(this.decimals + 1, '0');
    return this.decimals === 0 ? digits : `${digits.slice(0, -this.decimals)}.${digits.slice(-this.decimals)}`;
  }

  private qty(): string {
    return (0.001 + this.rand() * this.rand() * 4).toFixed(5);
  }

  private bestBid(): number {
    let best = Number.NEGATIVE_INFINITY;
    for (const tick of this.bids.keys()) if (tick > best) best = tick;
    return best;
  }

  private bestAsk(): number {
    let best = Number.POSITIVE_INFINITY;
    for (const tick of this.asks.keys()) if (tick < best) best = tick;
    return best;
  }

  /** One depth diff of 1–4 level changes; update ids follow on from the last diff. */
  depthDiff(now: number): DepthUpdateEvent {
    const b = new Map<number, string>();
    const a = new Map<number, string>();
    const set = (side: 'bid' | 'ask', tick: number, qty: string) => {
      const book = side === 'bid' ? this.bids : this.asks;
      if (qty === '0') book.delete(tick);
      else book.set(tick, qty);
      (side === 'bid' ? b : a).set(tick, qty);
    };
    const changes = 1 + Math.floor(this.rand() * 4);
    for (let i = 0; i < changes; i++) {
      const r = this.rand();
      if (r < 0.06) {
        // The mid steps one tick, pulled back toward where it started; the window of levels moves with it.
        const up = this.rand() < 0.5 - Math.max(-0.3, Math.min(0.3, (this.mid - this.home) / (this.scale * 50)));
        if (up) {
          set('bid', this.mid, this.qty());
          set('ask', this.mid + 1, '0');
          set('bid', this.mid - DEPTH, '0');
          set('ask', this.mid + DEPTH + 1, this.qty());
          this.mid += 1;
        } else {
          set('ask', this.mid, this.qty());
          set('bid', this.mid - 1, '0');
          set('ask', this.mid + DEPTH, '0');
          set('bid', this.mid - DEPTH - 1, this.qty());
          this.mid -= 1;
        }
        continue;
      }
      const side = this.rand() < 0.5 ? 'bid' : 'ask';
      const offset = 1 + Math.floor(this.rand() * this.rand() * ACTIVE);
      const tick = side === 'bid' ? this.mid - offset : this.mid + offset;
      // Mostly a new size; sometimes the level empties (never the touch, so the spread stays one tick wide).
      set(side, tick, offset > 1 && this.rand() < 0.15 ? '0' : this.qty());
    }
    const levels = (m: Map<number, string>): TextLevel[] => [...m].map(([tick, qty]) => [this.text(tick), qty]);
    const U = this.lastUpdateId + 1;
    this.lastUpdateId += changes;
    return { e: 'depthUpdate', E: now, s: this.symbol, U, u: this.lastUpdateId, b: levels(b), a: levels(a) };
  }

  /** A trade at the touch: a taker buy lifts the best ask, a taker sell hits the best bid. */
  trade(now: number): TradeEvent {
    const sell = this.rand() < 0.5;
    const tick = sell ? this.bestBid() : this.bestAsk();
    const price = this.text(Number.isFinite(tick) ? tick : this.mid);
    const qty = (0.0001 + this.rand() * 0.05).toFixed(5);
    const p = Number(price);
    const q = Number(qty);
    this.tradeId += 1;
    this.trades.push({ id: this.tradeId, price, qty, quoteQty: (p * q).toFixed(8), time: now, isBuyerMaker: sell, isBestMatch: true });
    if (this.trades.length > 200) this.trades.splice(0, this.trades.length - 100);
    const start = Math.floor(now / MINUTE) * MINUTE;
    if (start !== this.bar.t) this.bar = { t: start, o: this.bar.c, h: this.bar.c, l: this.bar.c, c: this.bar.c, v: 0, q: 0, n: 0 };
    const bar = this.bar;
    bar.h = Math.max(bar.h, p);
    bar.l = Math.min(bar.l, p);
    bar.c = p;
    bar.v += q;
    bar.q += p * q;
    bar.n += 1;
    const d = this.day;
    d.high = Math.max(d.high, p);
    d.low = Math.min(d.low, p);
    d.volume += q;
    d.quote += p * q;
    d.count += 1;
    d.last = p;
    d.lastQty = qty;
    return { e: 'trade', E: now, s: this.symbol, t: this.tradeId, p: price, q: qty, T: now, m: sell, M: true };
  }

  /** The live 1-minute bar. */
  kline(now: number): KlineEvent {
    const b = this.bar;
    const f = (n: number) => n.toFixed(this.decimals);
    return {
      e: 'kline', E: now, s: this.symbol,
      k: { t: b.t, T: b.t + MINUTE - 1, s: this.symbol, i: '1m', f: this.tradeId - b.n + 1, L: this.tradeId, o: f(b.o), c: f(b.c), h: f(b.h), l: f(b.l), v: b.v.toFixed(5), n: b.n, x: false, q: b.q.toFixed(2), V: '0', Q: '0', B: '0' },
    };
  }

  ticker(now: number): Ticker24h {
    const d = this.day;
    const f = (n: number) => n.toFixed(this.decimals);
    const bid = this.bestBid();
    const ask = this.bestAsk();
    const change = d.last - d.open;
    return {
      symbol: this.symbol,
      priceChange: f(change),
      priceChangePercent: ((change / d.open) * 100).toFixed(2),
      weightedAvgPrice: f(d.volume > 0 ? d.quote / d.volume : d.last),
      lastPrice: f(d.last),
      lastQty: d.lastQty,
      bidPrice: this.text(bid),
      bidQty: this.bids.get(bid) ?? '0',
      askPrice: this.text(ask),
      askQty: this.asks.get(ask) ?? '0',
      openPrice: f(d.open),
      highPrice: f(d.count > 0 ? d.high : d.open),
      lowPrice: f(d.count > 0 ? d.low : d.open),
      volume: d.volume.toFixed(5),
      quoteVolume: d.quote.toFixed(2),
      openTime: now - 86_400_000,
      closeTime: now,
      firstId: d.firstId,
      lastId: this.tradeId,
      count: d.count,
    };
  }

  /** Its entry in GET /api/v3/exchangeInfo: the price tick and quantity step (market-filters.ts reads them). */
  exchangeInfo(): { symbol: string; filters: Array<{ filterType: string; tickSize?: string; stepSize?: string }> } {
    return { symbol: this.symbol, filters: [{ filterType: 'PRICE_FILTER', tickSize: this.text(1) }, { filterType: 'LOT_SIZE', stepSize: '0.00001' }] };
  }

  snapshot(limit: number): DepthSnapshot {
    const side = (m: Map<number, string>, descending: boolean): TextLevel[] =>
      [...m].sort((x, y) => (descending ? y[0] - x[0] : x[0] - y[0])).slice(0, limit).map(([tick, qty]) => [this.text(tick), qty]);
    return { lastUpdateId: this.lastUpdateId, bids: side(this.bids, true), asks: side(this.asks, false) };
  }

  recentTrades(limit: number): RestTrade[] {
    return this.trades.slice(-limit);
  }

  /** History as `/api/v3/klines` rows, oldest first, a random walk that ends at the live bar's open. */
  klines(interval: KlineInterval, limit: number, now: number): (string | number)[][] {
    const ms = INTERVAL_MS[interval];
    const rand = mulberry32(this.home + ms);
    const last = Math.floor(now / ms) * ms;
    const rows: (string | number)[][] = [];
    let close = this.bar.o;
    const f = (n: number) => n.toFixed(this.decimals);
    for (let i = 1; i <= limit; i++) {
      const t = last - i * ms;
      const open = close * (1 + (rand() - 0.5) * 0.004);
      const high = Math.max(open, close) * (1 + rand() * 0.001);
      const low = Math.min(open, close) * (1 - rand() * 0.001);
      const volume = rand() * 20;
      rows.push([t, f(open), f(high), f(low), f(close), volume.toFixed(5), t + ms - 1, (volume * close).toFixed(2), 1 + Math.floor(rand() * 100), '0', '0', '0']);
      close = open;
    }
    return rows.reverse();
  }
}
