// What the gateway needs of the trading side: the desks that take commands, the bus their events come on, the
// market data built from those events (the spot markets', and the perpetuals' books), and the recorded index price
// (the reference for market-order bands).
// server.ts builds it; route plugins receive it, so they never reach for globals.
import type { Bus } from '../bus/index.ts';
import type { DeskEvent, Desks } from '../desks/index.ts';
import type { Price, Rate } from '../kernel/index.ts';
import type { MarketData } from '../market/index.ts';

export interface Trading {
  readonly desks: Desks;
  readonly bus: Bus<DeskEvent>;
  readonly market: MarketData;
  /**
   * The perpetuals' books (MarketData.books, fed by market/bridge.ts from the perp desk's book events): depth with the
   * perp desk's update ids, as /fapi/v1/depth, the /fstream depth streams and the app's perpDepth topic serve it.
   */
  readonly perpMarket: MarketData;
  /** The latest recorded index price of a market in ticks, or null before its first record. */
  indexPrice(symbol: string): Price | null;
  /** A perpetual's funding: the predicted rate of the running interval, the last settled one, the next time. */
  perpFunding(symbol: string): PerpFundingInfo | undefined;
}

export interface PerpFundingInfo {
  readonly rate: Rate;
  readonly lastRate: Rate;
  readonly nextFundingTime: number;
}
