// The index's inputs of a market, named for the price record's `sources`: the external price alone makes the index
// (kernel indexParts); our own spot book's mid and last trade are recorded beside it for comparison (`own`: weight
// 0), so nobody can move the index, the marks or liquidations by trading on our book. Without a fresh external price
// (10 s) there is no index, and no record entry or mark, until it is back. One function for the embedded server and
// a cluster's jobs process.
import type { Clock } from '../clock.ts';
import { parseDecimal, type Market } from '../kernel/index.ts';
import type { Live } from '../market/live.ts';
import type { NamedSource } from './price-record.ts';

function recordPrice(text: string | undefined): bigint | null {
  if (text === undefined) return null;
  const parsed = parseDecimal(text);
  return parsed.ok ? parsed.value : null;
}

/** `forced` (test builds only): an index a test sets, standing for the feed's. */
export function indexSourcesOf(live: Live, clock: Clock, forced?: ((symbol: string) => bigint | null) | undefined): (symbol: string) => NamedSource[] {
  const spotMarkets = new Map<string, Market>(live.markets.map((m) => [m.symbol, m]));
  return (symbol) => {
    const m = spotMarkets.get(symbol);
    if (m === undefined) return [];
    const minor = (ticks: number) => BigInt(ticks) * m.tickSize;
    const now = clock();
    const price = forced?.(symbol) ?? null;
    if (price !== null) return [{ name: 'forced', price, weight: 1n, updatedAt: now }];
    const record = live.index.last(symbol);
    const book = live.trading.market.depth(symbol, 1);
    const bid = book.bids[0]?.[0];
    const ask = book.asks[0]?.[0];
    const trade = live.trading.market.trades(symbol, 1)[0];
    return [
      { name: 'ext', price: recordPrice(record?.price), weight: 1n, updatedAt: record?.time ?? 0 },
      { name: 'mid', price: bid !== undefined && ask !== undefined ? (minor(bid) + minor(ask)) / 2n : null, weight: 1n, updatedAt: now, own: true },
      { name: 'last', price: trade === undefined ? null : minor(trade.price), weight: 1n, updatedAt: trade?.time ?? 0, own: true },
    ];
  };
}
