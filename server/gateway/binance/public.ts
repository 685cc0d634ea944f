// Binance's public market endpoints, from the market data the desks' events build and the spot desk's market
// rules and flags. Payload shapes come from server/market/format.ts.
import type { FastifyInstance } from 'fastify';
import { formatDecimal, type Market, type Price, type Qty } from '../../kernel/index.ts';
import { formatDepth, formatKline, formatTicker, formatTrade, isInterval, weightedAverage, type Ticker } from '../../market/index.ts';
import type { Clock } from '../../clock.ts';
import type { Trading } from '../trading.ts';
import { errors } from './errors.ts';
import { TRAILING_DELTA } from './orders.ts';
import { ORDERS_LIMIT, REQUEST_WEIGHT_LIMIT } from './limits.ts';
import type { Params } from './params.ts';
import { parseTimeZone, zonedKlines, type CandleReader } from './sstream-zone.ts';

const DEPTH_LIMITS = [5, 10, 20, 50, 100, 500, 1000, 5000];
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const dec = (minor: bigint) => formatDecimal(minor, 8);

export type Handler = (params: Params) => Promise<unknown> | unknown;
export type Route = (method: 'GET' | 'POST' | 'DELETE', path: string, handler: Handler) => void;

/** Binance's market status from the desk's flags. */
function status(flags: { isOpen: number; maintenance: boolean }): string {
  if (flags.maintenance) return 'BREAK';
  return flags.isOpen === 0 ? 'TRADING' : 'HALT';
}

function symbolInfo(m: Market, flags: { isOpen: number; maintenance: boolean }) {
  const maxTicks = MAX_SAFE < m.maxNotional / m.tickSize ? MAX_SAFE : m.maxNotional / m.tickSize;
  return {
    symbol: m.symbol,
    status: status(flags),
    baseAsset: m.base,
    baseAssetPrecision: 8,
    quoteAsset: m.quote,
    quotePrecision: 8,
    quoteAssetPrecision: 8,
    baseCommissionPrecision: 8,
    quoteCommissionPrecision: 8,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET', 'STOP_LOSS', 'STOP_LOSS_LIMIT', 'TAKE_PROFIT', 'TAKE_PROFIT_LIMIT'],
    icebergAllowed: false,
    ocoAllowed: true,
    otoAllowed: false,
    quoteOrderQtyMarketAllowed: true,
    allowTrailingStop: true,
    cancelReplaceAllowed: true,
    isSpotTradingAllowed: true,
    isMarginTradingAllowed: false,
    filters: [
      { filterType: 'PRICE_FILTER', minPrice: dec(m.tickSize), maxPrice: dec(maxTicks * m.tickSize), tickSize: dec(m.tickSize) },
      { filterType: 'LOT_SIZE', minQty: dec(BigInt(m.minQty) * m.lotSize), maxQty: dec(BigInt(m.maxQty) * m.lotSize), stepSize: dec(m.lotSize) },
      { filterType: 'MIN_NOTIONAL', minNotional: dec(m.minNotional), applyToMarket: true, avgPriceMins: 0 },
      { filterType: 'NOTIONAL', minNotional: dec(m.minNotional), applyMinToMarket: true, maxNotional: dec(m.maxNotional), applyMaxToMarket: true, avgPriceMins: 0 },
      {
        filterType: 'TRAILING_DELTA', minTrailingAboveDelta: TRAILING_DELTA.min, maxTrailingAboveDelta: TRAILING_DELTA.max,
        minTrailingBelowDelta: TRAILING_DELTA.min, maxTrailingBelowDelta: TRAILING_DELTA.max,
      },
    ],
    permissions: [],
    permissionSets: [['SPOT']],
    defaultSelfTradePreventionMode: 'EXPIRE_TAKER',
    allowedSelfTradePreventionModes: ['EXPIRE_TAKER'],
  };
}

type Book = { bidPrice: string; bidQty: string; askPrice: string; askQty: string };

/** A market without a trade in the last 24 h: zeros, as Binance shows, but the book's best levels. */
const emptyTicker = (symbol: string, now: number, book: Book) => ({
  symbol, priceChange: '0.00000000', priceChangePercent: '0.000', weightedAvgPrice: '0.00000000', lastPrice: '0.00000000', lastQty: '0.00000000',
  ...book, openPrice: '0.00000000', highPrice: '0.00000000',
  lowPrice: '0.00000000', volume: '0.00000000', quoteVolume: '0.00000000', openTime: now - 86_400_000, closeTime: now, firstId: -1, lastId: -1, count: 0,
});

/** The best bid and ask as GET /api/v3/ticker/bookTicker shows them (zeros for an empty side). */
export function bestOf(trading: Trading, m: Market): Book {
  const d = trading.market.depth(m.symbol, 1);
  const side = (l: readonly [Price, number] | undefined): [string, string] =>
    l === undefined ? ['0.00000000', '0.00000000'] : [dec(BigInt(l[0]) * m.tickSize), dec(BigInt(l[1] as Qty) * m.lotSize)];
  const [bidPrice, bidQty] = side(d.bids[0]);
  const [askPrice, askQty] = side(d.asks[0]);
  return { bidPrice, bidQty, askPrice, askQty };
}

/** GET /api/v3/ticker/24hr of one market at `now` (the spot streams' 24hrTicker reads the same). */
export function tickerOf(trading: Trading, m: Market, now: number): ReturnType<typeof emptyTicker> {
  const t: Ticker | null = trading.market.ticker(m.symbol, now);
  return t === null ? emptyTicker(m.symbol, now, bestOf(trading, m)) : formatTicker(m, t);
}

export const AVG_PRICE_MINS = 5;

/**
 * GET /api/v3/avgPrice: the volume-weighted price of the trades of the last 5 minutes (of the newest 1000 kept),
 * closeTime the last one's time; with none in the window, the last trade's price and time (zeros before any trade).
 */
export function avgPriceOf(trading: Trading, m: Market, now: number): { mins: number; price: string; closeTime: number } {
  const recent = trading.market.trades(m.symbol);
  const last = recent[recent.length - 1];
  if (last === undefined) return { mins: AVG_PRICE_MINS, price: '0.00000000', closeTime: 0 };
  const since = now - AVG_PRICE_MINS * 60_000;
  let quote = 0n;
  let base = 0n;
  for (const t of recent) {
    if (t.time <= since) continue;
    quote += t.quoteQty;
    base += BigInt(t.qty) * m.lotSize;
  }
  const price = base === 0n ? dec(BigInt(last.price) * m.tickSize) : weightedAverage(quote, base);
  return { mins: AVG_PRICE_MINS, price, closeTime: last.time };
}

const MINI = ['symbol', 'openPrice', 'highPrice', 'lowPrice', 'lastPrice', 'volume', 'quoteVolume', 'openTime', 'closeTime', 'firstId', 'lastId', 'count'] as const;

export function publicRoutes(route: Route, trading: Trading, clock: Clock): void {
  const flags = () => new Map(trading.desks.spot.markets().map((f) => [f.symbol, f]));
  const known = (symbol: string): Market => {
    const m = flags().has(symbol) ? trading.market.market(symbol) : undefined;
    if (m === undefined) throw errors.symbol();
    return m;
  };
  /** symbol, symbols=[...] or neither (every market), never both. */
  const selection = (p: Params): { list: Market[]; single: boolean } => {
    const one = p.symbol();
    const many = p.symbols();
    if (one !== undefined && many !== undefined) throw errors.combination();
    if (one !== undefined) return { list: [known(one)], single: true };
    const symbols = many ?? [...flags().keys()].filter((s) => trading.market.market(s) !== undefined);
    return { list: symbols.map(known), single: false };
  };
  const best = (m: Market): Book => bestOf(trading, m);
  const each = <T>(p: Params, view: (m: Market) => T) => {
    const { list, single } = selection(p);
    p.done();
    const out = list.map(view);
    return single ? out[0] : out;
  };

  route('GET', '/ping', (p) => (p.done(), {}));
  route('GET', '/time', (p) => (p.done(), { serverTime: clock() }));
  route('GET', '/exchangeInfo', (p) => {
    const all = flags();
    const { list } = selection(p);
    p.done(['permissions', 'showPermissionSets', 'symbolStatus']);
    return {
      timezone: 'UTC',
      serverTime: clock(),
      rateLimits: [REQUEST_WEIGHT_LIMIT, ORDERS_LIMIT],
      exchangeFilters: [],
      symbols: list.map((m) => symbolInfo(m, all.get(m.symbol)!)),
    };
  });
  route('GET', '/depth', (p) => {
    const m = known(p.requiredSymbol());
    const limit = p.int('limit', 1, 5000, 100)!;
    if (!DEPTH_LIMITS.includes(limit)) throw errors.value('limit');
    p.done();
    return formatDepth(m, trading.market.depth(m.symbol, limit));
  });
  route('GET', '/trades', (p) => {
    const m = known(p.requiredSymbol());
    const limit = p.int('limit', 1, 1000, 500)!;
    p.done();
    return trading.market.trades(m.symbol, limit).map((t) => formatTrade(m, t));
  });
  // Every trade is its own aggregate here (no merging of same-price fills), from the recent-trades ring.
  route('GET', '/aggTrades', (p) => {
    const m = known(p.requiredSymbol());
    const fromId = p.int('fromId', 0, Number.MAX_SAFE_INTEGER);
    const startTime = p.int('startTime', 0, Number.MAX_SAFE_INTEGER);
    const endTime = p.int('endTime', 0, Number.MAX_SAFE_INTEGER);
    const limit = p.int('limit', 1, 1000, 500)!;
    p.done();
    if (fromId !== undefined && (startTime !== undefined || endTime !== undefined)) throw errors.combination();
    const all = trading.market.trades(m.symbol).filter(
      (t) => (fromId === undefined || t.id >= fromId) && (startTime === undefined || t.time >= startTime) && (endTime === undefined || t.time <= endTime),
    );
    const picked = fromId !== undefined || startTime !== undefined ? all.slice(0, limit) : all.slice(-limit);
    return picked.map((t) => {
      const f = formatTrade(m, t);
      return { a: t.id, p: f.price, q: f.qty, f: t.id, l: t.id, T: t.time, m: t.isBuyerMaker, M: true };
    });
  });
  // uiKlines: Binance's bars "optimized for presentation"; here the same bars as klines (see the README).
  const klines = async (p: Params) => {
    const m = known(p.requiredSymbol());
    const interval = p.required('interval');
    if (!isInterval(interval)) throw errors.interval();
    const startTime = p.int('startTime', 0, Number.MAX_SAFE_INTEGER);
    const endTime = p.int('endTime', 0, Number.MAX_SAFE_INTEGER);
    const limit = p.int('limit', 1, 1000, 500)!;
    const zone = p.text('timeZone');
    p.done();
    let offsetMs = 0;
    if (zone !== undefined) {
      const parsed = parseTimeZone(zone);
      if (parsed === 'illegal') throw errors.illegalText('timeZone');
      if (parsed === 'range') throw errors.value('timeZone');
      offsetMs = parsed;
    }
    if (startTime !== undefined && endTime !== undefined && startTime > endTime) throw errors.combination();
    const read: CandleReader = (i, q) => trading.market.candles(m.symbol, i, q);
    return (await zonedKlines(read, interval, offsetMs, { startTime, endTime, limit })).map((c) => formatKline(m, c));
  };
  route('GET', '/klines', klines);
  route('GET', '/uiKlines', klines);
  route('GET', '/ticker/24hr', (p) => {
    const type = p.choice('type', ['FULL', 'MINI'], () => errors.value('type'), 'FULL');
    const now = clock();
    return each(p, (m) => {
      const full = tickerOf(trading, m, now);
      return type === 'FULL' ? full : Object.fromEntries(MINI.map((k) => [k, full[k]]));
    });
  });
  route('GET', '/ticker/price', (p) =>
    each(p, (m) => {
      const last = trading.market.trades(m.symbol, 1)[0];
      return { symbol: m.symbol, price: last === undefined ? '0.00000000' : formatDecimal(BigInt(last.price) * m.tickSize, 8) };
    }),
  );
  route('GET', '/avgPrice', (p) => {
    const m = known(p.requiredSymbol());
    p.done();
    return avgPriceOf(trading, m, clock());
  });
  route('GET', '/ticker/bookTicker', (p) => each(p, (m) => ({ symbol: m.symbol, ...best(m) })));
}
