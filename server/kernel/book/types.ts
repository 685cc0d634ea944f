// The one order-book interface both implementations (reference and fast) satisfy, and the shapes it speaks in.
import type { OrderId, Price, Qty, UserId } from '../money/nominal.ts';
import type { MatchSink } from './sink.ts';

export type Side = 'buy' | 'sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';
/** Binance's self-trade prevention modes; the taker's mode decides. */
export type StpMode = 'NONE' | 'EXPIRE_TAKER' | 'EXPIRE_MAKER' | 'EXPIRE_BOTH';

/** An incoming order as the book sees it: rules and funds have been checked already. */
export interface BookOrder {
  /** A safe integer ≥ 0 (the fast book's index reserves -1). */
  readonly id: OrderId;
  readonly owner: UserId;
  readonly side: Side;
  /** Limit price; for a market order, the band bound the sweep must not pass. */
  readonly price: Price;
  /** Lots wanted; Number.MAX_SAFE_INTEGER for a market order limited by `budget` only. */
  readonly qty: Qty;
  /**
   * Cap on Σ price × lots over this order's fills (ticks × lots), for market orders sized in quote currency;
   * Infinity when unused. A fill never exceeds what is left of it, so the quote spent never passes the budget.
   * An order with a budget never rests: whatever it could not do expires.
   */
  readonly budget: number;
  readonly tif: TimeInForce;
  /** Reject instead of taking liquidity; rests otherwise. */
  readonly postOnly: boolean;
  readonly stp: StpMode;
}

export interface RestingOrder {
  readonly id: OrderId;
  readonly owner: UserId;
  readonly side: Side;
  readonly price: Price;
  readonly qty: Qty;
}

export interface DepthLevel {
  readonly price: Price;
  readonly qty: Qty;
  readonly count: number;
}

export interface OrderBook {
  /** Matches `order` against the book and rests any GTC remainder (of an order without budget); the outcome and every fill go to `sink`. */
  place(order: BookOrder, sink: MatchSink): void;
  /** Removes a resting order; returns the lots it still had, or 0 when there is no such order. */
  cancel(id: OrderId): number;
  /** Lowers a resting order's quantity keeping its place in the queue; false unless 0 < qty < current. */
  reduce(id: OrderId, qty: Qty): boolean;
  has(id: OrderId): boolean;
  order(id: OrderId): RestingOrder | undefined;
  /** Best price on a side, or null when the side is empty. */
  best(side: Side): Price | null;
  depth(side: Side, levels: number): DepthLevel[];
  /** Every resting order: bids best first, then asks best first, each level in time priority. */
  orders(): RestingOrder[];
  /** Number of resting orders. */
  size(): number;
  /** Throws if internal state is inconsistent; tests call it after every step. */
  checkInvariants(): void;
}
