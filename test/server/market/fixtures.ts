// Shared pieces for market-data tests: a realistic market, a trade builder and an in-memory candle store.
import type { CandleQuery, CandleStore } from '../../../server/market/candle-store.ts';
import type { Candle } from '../../../server/market/candles.ts';
import type { TradeInput } from '../../../server/market/inputs.ts';
import type { Interval } from '../../../server/market/intervals.ts';
import { baseAmount, defineMarket, notional, type Price, type Qty, type Side } from '../../../server/kernel/index.ts';
import { BTC_USDT } from '../kernel/fixtures.ts';

export const BTC = defineMarket(BTC_USDT); // 0.01 USDT tick, 0.00001 BTC lot

let nextId = 1;

/** A BTCUSDT trade at `price` ticks for `qty` lots; ids count up unless given. */
export function trade(time: number, price: number, qty: number, takerSide: Side = 'buy', id = nextId++): TradeInput {
  return {
    symbol: BTC.symbol,
    id,
    price: price as Price,
    qty: qty as Qty,
    quote: notional(BTC, price as Price, qty as Qty),
    base: baseAmount(BTC, qty as Qty),
    time,
    takerSide,
  };
}

/** The candle store's contract over a Map, for tests that are not about the database. */
export function memoryCandles(): CandleStore & { rows: Map<string, Candle>; writes: number } {
  const rows = new Map<string, Candle>();
  const range = async (symbol: string, interval: Interval, q: CandleQuery): Promise<Candle[]> => {
    const all = [...rows.values()]
      .filter((c) => c.symbol === symbol && c.interval === interval)
      .filter((c) => (q.startTime === undefined || c.openTime >= q.startTime) && (q.endTime === undefined || c.openTime <= q.endTime))
      .sort((a, b) => a.openTime - b.openTime);
    return q.startTime !== undefined ? all.slice(0, q.limit) : all.slice(-q.limit);
  };
  const store = {
    rows,
    writes: 0,
    async upsert(bars: readonly Candle[]) {
      store.writes++;
      for (const c of bars) rows.set(`${c.symbol}/${c.interval}/${c.openTime}`, c);
    },
    range,
    latest: (symbol: string, interval: Interval, limit: number) => range(symbol, interval, { limit }),
  };
  return store;
}
