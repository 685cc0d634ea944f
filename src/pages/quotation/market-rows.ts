// Pure helpers of the market list: which tickers to show (search, watchlist) and in what order (any column).
import type { Ticker24h } from '../../contract.ts';

export type SortKey = 'symbol' | 'last' | 'change' | 'high' | 'low' | 'volume';
export interface Sort {
  key: SortKey;
  dir: 'asc' | 'desc';
}

/** The quote asset the markets are listed against; "BTCUSDT" → "BTC/USDT". */
const QUOTES = ['USDT', 'USDC', 'BTC', 'ETH'] as const;
export function pairName(symbol: string): string {
  const quote = QUOTES.find((q) => symbol.endsWith(q) && symbol.length > q.length);
  return quote ? `${symbol.slice(0, -quote.length)}/${quote}` : symbol;
}
export function baseAsset(symbol: string): string {
  return pairName(symbol).split('/')[0] ?? symbol;
}
export function quoteAsset(symbol: string): string {
  return pairName(symbol).split('/')[1] ?? 'USDT';
}

const value = (t: Ticker24h, key: Exclude<SortKey, 'symbol'>): number => {
  const text = { last: t.lastPrice, change: t.priceChangePercent, high: t.highPrice, low: t.lowPrice, volume: t.quoteVolume }[key];
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
};

export function compareTickers(a: Ticker24h, b: Ticker24h, sort: Sort): number {
  const sign = sort.dir === 'asc' ? 1 : -1;
  const diff = sort.key === 'symbol' ? a.symbol.localeCompare(b.symbol) : value(a, sort.key) - value(b, sort.key);
  return diff === 0 ? a.symbol.localeCompare(b.symbol) : sign * diff;
}

export interface ListQuery {
  search: string;
  sort: Sort;
  /** Only these symbols (the watchlist); null for every market. */
  only: readonly string[] | null;
}

/** The symbols to show, in order; the rows read their own ticker so a price change re-renders that row only. */
export function visibleSymbols(tickers: Iterable<Ticker24h>, query: ListQuery): string[] {
  const needle = query.search.trim().toUpperCase().replace('/', '');
  return [...tickers]
    .filter((t) => (query.only ? query.only.includes(t.symbol) : true) && (!needle || t.symbol.includes(needle)))
    .sort((a, b) => compareTickers(a, b, query.sort))
    .map((t) => t.symbol);
}

/** Top movers by absolute 24 h change, for the home page. */
export function topMovers(tickers: Iterable<Ticker24h>, count: number): Ticker24h[] {
  return [...tickers].sort((a, b) => Math.abs(Number(b.priceChangePercent)) - Math.abs(Number(a.priceChangePercent))).slice(0, count);
}

export const nextSort = (held: Sort, key: SortKey): Sort =>
  held.key === key ? { key, dir: held.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: key === 'symbol' ? 'asc' : 'desc' };
