// 24 h tickers per symbol, from `ticker@X`, `tickers` and the REST list; a ticker older than the one held (by its
// window's close time) is ignored, so a late REST reply can't roll a live ticker back.
import type { Ticker24h } from '../contract.ts';

export type Tickers = ReadonlyMap<string, Ticker24h>;

export const noTickers: Tickers = new Map();

export function mergeTickers(tickers: Tickers, updates: readonly Ticker24h[]): Tickers {
  let next: Map<string, Ticker24h> | null = null;
  for (const t of updates) {
    const held = (next ?? tickers).get(t.symbol);
    if (held && held.closeTime > t.closeTime) continue;
    next ??= new Map(tickers);
    next.set(t.symbol, t);
  }
  return next ?? tickers;
}
