// Parsers for market payloads: the socket's Binance-shaped events and the REST replies they start from.
import type { DepthSnapshot, DepthUpdateEvent, KlineInterval, Ticker24h, TextLevel } from '../contract.ts';
import { KLINE_INTERVALS } from '../contract.ts';
import { isDecimal } from '../decimal.ts';
import { decimalText, isInteger, isNumber, isRecord, isString, parseList, type Parser } from './basic.ts';

/** One print, in the same shape from the socket (`trade@X`) and from REST (`/api/v3/trades`). */
export interface Trade {
  readonly id: number;
  readonly price: string;
  readonly qty: string;
  readonly time: number;
  /** The buyer was the maker, i.e. the taker sold. */
  readonly isBuyerMaker: boolean;
}

/** One bar, from REST klines rows and from `kline@X@i` events alike. */
export interface Candle {
  /** Open time, Unix milliseconds. */
  readonly time: number;
  readonly closeTime: number;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly volume: string;
  readonly quoteVolume: string;
  /** Trades in the bar; it only grows while the bar is live, so it orders two versions of one bar. */
  readonly trades: number;
  readonly closed: boolean;
}

const level: Parser<TextLevel> = (v) => {
  if (!Array.isArray(v) || v.length < 2) return null;
  // A pair of decimal strings, as every server writes it, is taken as it is (JSON.parse made it for this reader
  // alone): thousands of levels a second, each a copy less.
  if (v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' && isDecimal(v[0]) && isDecimal(v[1])) return v as TextLevel;
  const price = decimalText(v[0]);
  const qty = decimalText(v[1]);
  return price !== null && qty !== null ? [price, qty] : null;
};

export const parseDepthUpdate: Parser<DepthUpdateEvent> = (v) => {
  if (!isRecord(v) || !isInteger(v.U) || !isInteger(v.u) || v.U > v.u) return null;
  const b = parseList(v.b, level);
  const a = parseList(v.a, level);
  if (!b || !a) return null;
  return { e: 'depthUpdate', E: isNumber(v.E) ? v.E : 0, s: isString(v.s) ? v.s : '', U: v.U, u: v.u, b, a };
};

export const parseDepthSnapshot: Parser<DepthSnapshot> = (v) => {
  if (!isRecord(v) || !isInteger(v.lastUpdateId)) return null;
  const bids = parseList(v.bids, level);
  const asks = parseList(v.asks, level);
  return bids && asks ? { lastUpdateId: v.lastUpdateId, bids, asks } : null;
};

/** `trade@X` event (`t`, `p`, `q`, `T`, `m`). */
export const parseTradeEvent: Parser<Trade> = (v) => {
  if (!isRecord(v) || !isInteger(v.t)) return null;
  const price = decimalText(v.p);
  const qty = decimalText(v.q);
  if (price === null || qty === null) return null;
  return { id: v.t, price, qty, time: isNumber(v.T) ? v.T : isNumber(v.E) ? v.E : 0, isBuyerMaker: v.m === true };
};

/** `/api/v3/trades` item (`id`, `price`, `qty`, `time`, `isBuyerMaker`). */
export const parseRestTrade: Parser<Trade> = (v) => {
  if (!isRecord(v) || !isInteger(v.id)) return null;
  const price = decimalText(v.price);
  const qty = decimalText(v.qty);
  if (price === null || qty === null) return null;
  return { id: v.id, price, qty, time: isNumber(v.time) ? v.time : 0, isBuyerMaker: v.isBuyerMaker === true };
};

const isInterval = (v: unknown): v is KlineInterval => isString(v) && (KLINE_INTERVALS as readonly string[]).includes(v);

/** `kline@X@i` event; the bar is under `k`. */
export const parseKlineEvent: Parser<Candle & { interval: KlineInterval }> = (v) => {
  if (!isRecord(v) || !isRecord(v.k)) return null;
  const k = v.k;
  if (!isInteger(k.t) || !isInterval(k.i)) return null;
  const bar = candleOf(k.t, k.T, k.o, k.h, k.l, k.c, k.v, k.q, k.n, k.x === true);
  return bar ? { ...bar, interval: k.i } : null;
};

/** `/api/v3/klines` row: [openTime, o, h, l, c, v, closeTime, quoteVolume, count, …]. History bars are closed
 * except, possibly, the newest, which the first kline event replaces anyway. */
export const parseKlineRow: Parser<Candle> = (v) => {
  if (!Array.isArray(v) || v.length < 9) return null;
  return candleOf(v[0], v[6], v[1], v[2], v[3], v[4], v[5], v[7], v[8], false);
};

function candleOf(...[t, T, o, h, l, c, vol, q, n, closed]: [unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown, unknown, boolean]): Candle | null {
  if (!isInteger(t)) return null;
  const open = decimalText(o);
  const high = decimalText(h);
  const low = decimalText(l);
  const close = decimalText(c);
  const volume = decimalText(vol);
  if (open === null || high === null || low === null || close === null || volume === null) return null;
  return {
    time: t,
    closeTime: isInteger(T) ? T : t,
    open,
    high,
    low,
    close,
    volume,
    quoteVolume: decimalText(q) ?? '0',
    trades: isInteger(n) ? n : 0,
    closed,
  };
}

type TickerNames = Record<keyof Ticker24h, string>;
const REST_TICKER: TickerNames = {
  symbol: 'symbol', priceChange: 'priceChange', priceChangePercent: 'priceChangePercent', weightedAvgPrice: 'weightedAvgPrice',
  lastPrice: 'lastPrice', lastQty: 'lastQty', bidPrice: 'bidPrice', bidQty: 'bidQty', askPrice: 'askPrice', askQty: 'askQty',
  openPrice: 'openPrice', highPrice: 'highPrice', lowPrice: 'lowPrice', volume: 'volume', quoteVolume: 'quoteVolume',
  openTime: 'openTime', closeTime: 'closeTime', firstId: 'firstId', lastId: 'lastId', count: 'count',
};
// Binance's `24hrTicker` stream event spells the same fields with single letters.
const STREAM_TICKER: TickerNames = {
  symbol: 's', priceChange: 'p', priceChangePercent: 'P', weightedAvgPrice: 'w', lastPrice: 'c', lastQty: 'Q',
  bidPrice: 'b', bidQty: 'B', askPrice: 'a', askQty: 'A', openPrice: 'o', highPrice: 'h', lowPrice: 'l', volume: 'v',
  quoteVolume: 'q', openTime: 'O', closeTime: 'C', firstId: 'F', lastId: 'L', count: 'n',
};
const MISSING = Symbol('missing');
/** What GET /fapi/v1/ticker/24hr leaves out (Binance's futures ticker has no book): "0" when absent. */
const NO_BOOK: ReadonlySet<keyof Ticker24h> = new Set(['bidPrice', 'bidQty', 'askPrice', 'askQty']);
const EVERY_FIELD: ReadonlySet<keyof Ticker24h> = new Set();

/** A ticker as `/api/v3/ticker/24hr` writes it, or as Binance's `24hrTicker` stream event. */
export const parseTicker: Parser<Ticker24h> = (v) => tickerOf(v, EVERY_FIELD);
/** A perpetual's ticker: the same, or as `/fapi/v1/ticker/24hr` writes it (without the best bid and ask). */
export const parsePerpTicker: Parser<Ticker24h> = (v) => tickerOf(v, NO_BOOK);

function tickerOf(v: unknown, optional: ReadonlySet<keyof Ticker24h>): Ticker24h | null {
  if (!isRecord(v)) return null;
  const names = v.e === '24hrTicker' ? STREAM_TICKER : REST_TICKER;
  const symbol = v[names.symbol];
  if (!isString(symbol) || !symbol) return null;
  const text = (k: keyof Ticker24h): string => {
    const raw = v[names[k]];
    const value = raw === undefined && optional.has(k) ? '0' : decimalText(raw);
    if (value === null) throw MISSING;
    return value;
  };
  const int = (k: keyof Ticker24h): number => {
    const value = v[names[k]];
    return isNumber(value) ? value : 0;
  };
  try {
    return {
      symbol,
      priceChange: text('priceChange'),
      priceChangePercent: text('priceChangePercent'),
      weightedAvgPrice: text('weightedAvgPrice'),
      lastPrice: text('lastPrice'),
      lastQty: text('lastQty'),
      bidPrice: text('bidPrice'),
      bidQty: text('bidQty'),
      askPrice: text('askPrice'),
      askQty: text('askQty'),
      openPrice: text('openPrice'),
      highPrice: text('highPrice'),
      lowPrice: text('lowPrice'),
      volume: text('volume'),
      quoteVolume: text('quoteVolume'),
      openTime: int('openTime'),
      closeTime: int('closeTime'),
      firstId: int('firstId'),
      lastId: int('lastId'),
      count: int('count'),
    };
  } catch (error) {
    if (error === MISSING) return null;
    throw error;
  }
}

const listOf =
  (parse: Parser<Ticker24h>): Parser<Ticker24h[]> =>
  (v) => {
    if (Array.isArray(v)) return parseList(v, parse);
    const one = parse(v);
    return one ? [one] : null;
  };
/** `tickers` event and the all-markets REST reply: a list, or one ticker. */
export const parseTickers: Parser<Ticker24h[]> = listOf(parseTicker);
/** `perpTickers` event and `/fapi/v1/ticker/24hr`. */
export const parsePerpTickers: Parser<Ticker24h[]> = listOf(parsePerpTicker);
