// The REST reads the market streams start from (Binance-compatible routes), each reply parsed before use: the spot
// markets' on /api/v3, the perpetuals' on /fapi/v1 (the same shapes, plus mark-price candles).
import type { DepthSnapshot, KlineInterval, MarketVenue, Ticker24h } from '../contract.ts';
import { parseList, type Parser } from '../parse/basic.ts';
import { parseDepthSnapshot, parseKlineRow, parsePerpTicker, parsePerpTickers, parseRestTrade, parseTicker, parseTickers, type Candle, type Trade } from '../parse/market.ts';
import { RestError, type Http } from './http.ts';

export interface MarketRest {
  depth(symbol: string, limit: number, signal?: AbortSignal): Promise<DepthSnapshot>;
  trades(symbol: string, limit: number, signal?: AbortSignal): Promise<readonly Trade[]>;
  klines(symbol: string, interval: KlineInterval, limit: number, signal?: AbortSignal): Promise<readonly Candle[]>;
  tickers(signal?: AbortSignal): Promise<readonly Ticker24h[]>;
  ticker(symbol: string, signal?: AbortSignal): Promise<Ticker24h>;
}

/** A perpetual's reads: the market ones, and its mark-price candles. */
export interface PerpMarketRest extends MarketRest {
  markKlines(symbol: string, interval: KlineInterval, limit: number, signal?: AbortSignal): Promise<readonly Candle[]>;
}

const ROUTES: Readonly<Record<MarketVenue, { prefix: string; ticker: Parser<Ticker24h>; tickers: Parser<Ticker24h[]> }>> = {
  spot: { prefix: '/api/v3', ticker: parseTicker, tickers: parseTickers },
  perp: { prefix: '/fapi/v1', ticker: parsePerpTicker, tickers: parsePerpTickers },
};

function parsed<T>(parse: Parser<T>, value: unknown): T {
  const result = parse(value);
  if (result === null) throw new RestError('client.reply', 'unexpected reply');
  return result;
}

const candles = (http: Http, path: string) => async (symbol: string, interval: KlineInterval, limit: number, signal?: AbortSignal) =>
  parsed((v) => parseList(v, parseKlineRow), await http.getJson(path, { symbol, interval, limit }, signal));

export function createMarketRest(http: Http, venue: MarketVenue = 'spot'): MarketRest {
  const { prefix, ticker, tickers } = ROUTES[venue];
  return {
    depth: async (symbol, limit, signal) => parsed(parseDepthSnapshot, await http.getJson(`${prefix}/depth`, { symbol, limit }, signal)),
    trades: async (symbol, limit, signal) =>
      parsed((v) => parseList(v, parseRestTrade), await http.getJson(`${prefix}/trades`, { symbol, limit }, signal)),
    klines: candles(http, `${prefix}/klines`),
    tickers: async (signal) => parsed(tickers, await http.getJson(`${prefix}/ticker/24hr`, undefined, signal)),
    ticker: async (symbol, signal) => parsed(ticker, await http.getJson(`${prefix}/ticker/24hr`, { symbol }, signal)),
  };
}

export function createPerpMarketRest(http: Http): PerpMarketRest {
  return { ...createMarketRest(http, 'perp'), markKlines: candles(http, '/fapi/v1/markPriceKlines') };
}
