// The index-price port: anything that produces index prices (the seeded simulator, an external venue's feed)
// implements IndexFeed, so desks and jobs never know which one is running.
import type { Price } from '../kernel/index.ts';

/** One index price for one market, in that market's ticks. */
export interface IndexTick {
  readonly symbol: string;
  readonly price: Price;
  /** Unix milliseconds the price is for (the feed's time, not when it was delivered). */
  readonly time: number;
  /** Per-symbol sequence number, +1 per tick; a gap means ticks were lost. */
  readonly seq: number;
}

export type Unsubscribe = () => void;

export interface IndexFeed {
  /** A short name for logs and the public record, e.g. "sim" or a venue's name. */
  readonly name: string;
  /** Delivers ticks for `symbols` to `onTick` until the returned function is called. */
  subscribe(symbols: readonly string[], onTick: (tick: IndexTick) => void): Unsubscribe;
}
