// Turns feed ticks into chained index records, one chain per market. The recorder only appends; where records are
// kept and published is the caller's choice (it is handed each new record).
import { formatPrice, type Market } from '../kernel/index.ts';
import { appendRecord, type Hasher, type IndexRecord } from './chain.ts';
import type { IndexTick } from './types.ts';

export interface IndexRecorder {
  /** Appends `tick` to its market's chain and returns the new record. Ticks older than the last are refused. */
  record(tick: IndexTick): IndexRecord;
  last(symbol: string): IndexRecord | undefined;
}

export interface IndexRecorderOptions {
  readonly hasher: Hasher;
  readonly markets: readonly Market[];
  /** The last record of each chain, to continue after a restart. */
  readonly resume?: readonly IndexRecord[];
}

export function createIndexRecorder(options: IndexRecorderOptions): IndexRecorder {
  const markets = new Map(options.markets.map((m) => [m.symbol, m]));
  const lasts = new Map((options.resume ?? []).map((r) => [r.symbol, r]));
  return {
    record(tick) {
      const market = markets.get(tick.symbol);
      if (market === undefined) throw new RangeError(`unknown market ${tick.symbol}`);
      const rec = appendRecord(options.hasher, lasts.get(tick.symbol) ?? null, {
        symbol: tick.symbol,
        time: tick.time,
        price: formatPrice(market, tick.price, true),
      });
      lasts.set(tick.symbol, rec);
      return rec;
    },
    last: (symbol) => lasts.get(symbol),
  };
}
