// The REST reads the market streams start from (Binance-compatible routes), each reply parsed before use.
import type { DepthSnapshot, KlineInterval, Ticker24h } from '../contract.ts';
import { parseList, type Parser } from '../parse/basic.ts';
import { parseDepthSnapshot, parseKlineRow, parseRestTrade, parseTicker, parseTickers, type Candle, type Trade } from '../parse/market.ts';
import { RestError, type Http } from './http.ts';

export interface MarketRest {
  depth(symbol: string, limit: number, signal?: AbortSignal): Promise<DepthSnapshot>;
  trades(symbol: string, limit: number, signal?: AbortSignal): Promise<readonly Trade[]>;
  klines(symbol: string, interval: KlineInterval, limit: number, signal?: AbortSignal): Promise<readonly Candle[]>;
  tickers(signal?: AbortSignal): Promise<readonly Ticker24h[]>;
  ticker(symbol: string, signal?: AbortSignal): Promise<Ticker24h>;
}

function parsed<T>(parse: Parser<T>, value: unknown): T {
  const result = parse(value);
  if (result === null) throw new RestError('client.reply', 'unexpected reply');
  return result;
}

export function createMarketRest(http: Http): MarketRest {
  return {
    depth: async (symbol, limit, signal) => parsed(parseDepthSnapshot, await http.getJson('/api/v3/depth', { symbol, limit }, signal)),
    trades: async (symbol, limit, signal) =>
      parsed((v) => parseList(v, parseRestTrade), await http.getJson('/api/v3/trades', { symbol, limit }, signal)),
    klines: async (symbol, interval, limit, signal) =>
      parsed((v) => parseList(v, parseKlineRow), await http.getJson('/api/v3/klines', { symbol, interval, limit }, signal)),
    tickers: async (signal) => parsed(parseTickers, await http.getJson('/api/v3/ticker/24hr', undefined, signal)),
    ticker: async (symbol, signal) => parsed(parseTicker, await http.getJson('/api/v3/ticker/24hr', { symbol }, signal)),
  };
}
