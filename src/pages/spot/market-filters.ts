// A market's price tick and quantity step, from the public exchange info (/api/v3/exchangeInfo, Binance's
// PRICE_FILTER.tickSize and LOT_SIZE.stepSize), so what the book hands the order form is written at the market's
// precision ("95256.00", not "95256.00000000"). Read once per market and kept for the tab's life: the rules of a
// market do not change while it is listed. The reply is checked field by field before use.
import { useEffect, useState } from 'react';

export interface MarketFilters {
  /** Price tick as decimal text, e.g. "0.01". */
  readonly tickSize: string;
  /** Quantity step as decimal text, e.g. "0.00001". */
  readonly stepSize: string;
}

const POSITIVE_DECIMAL = /^\d+(\.\d+)?$/;
const positive = (v: unknown): v is string => typeof v === 'string' && POSITIVE_DECIMAL.test(v) && /[1-9]/.test(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The filters of `symbol` in an exchangeInfo reply, or null when the reply does not have them in a usable form. */
export function parseMarketFilters(reply: unknown, symbol: string): MarketFilters | null {
  if (!isObject(reply) || !Array.isArray(reply['symbols'])) return null;
  const entry = reply['symbols'].find((s): s is Record<string, unknown> => isObject(s) && s['symbol'] === symbol);
  const filters: unknown = entry?.['filters'];
  if (!Array.isArray(filters)) return null;
  const filter = (type: string) => filters.find((f): f is Record<string, unknown> => isObject(f) && f['filterType'] === type);
  const tickSize = filter('PRICE_FILTER')?.['tickSize'];
  const stepSize = filter('LOT_SIZE')?.['stepSize'];
  return positive(tickSize) && positive(stepSize) ? { tickSize, stepSize } : null;
}

const known = new Map<string, Promise<MarketFilters | null>>();

/** The market's filters, fetched once per symbol (a failed read is tried again next time). */
export function fetchMarketFilters(symbol: string): Promise<MarketFilters | null> {
  let pending = known.get(symbol);
  if (pending === undefined) {
    pending = fetch(`/api/v3/exchangeInfo?${new URLSearchParams({ symbol }).toString()}`)
      .then(async (r) => (r.ok ? parseMarketFilters(await r.json(), symbol) : null))
      .catch(() => null)
      .then((filters) => {
        if (filters === null) known.delete(symbol);
        return filters;
      });
    known.set(symbol, pending);
  }
  return pending;
}

/** The filters of `symbol`, null until read (or when they can't be). */
export function useMarketFilters(symbol: string): MarketFilters | null {
  const [filters, setFilters] = useState<{ symbol: string; value: MarketFilters | null } | null>(null);
  useEffect(() => {
    let live = true;
    void fetchMarketFilters(symbol).then((value) => live && setFilters({ symbol, value }));
    return () => {
      live = false;
    };
  }, [symbol]);
  return filters?.symbol === symbol ? filters.value : null;
}
