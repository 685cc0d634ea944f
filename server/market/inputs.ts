// What market data consumes, independent of transport: a desk (or a replay, or a bus subscriber) feeds trades and
// book level changes. Shapes follow the kernel's units so nothing is converted twice.
import type { Amount, Price, Qty, Side, SpotEvent } from '../kernel/index.ts';

export interface TradeInput {
  readonly symbol: string;
  /** The market's trade sequence number (the kernel's `trade`), increasing; replays at or below the last are ignored. */
  readonly id: number;
  readonly price: Price;
  readonly qty: Qty;
  /** Quote minor units (price × qty, exact). */
  readonly quote: Amount;
  /** Base minor units (qty × lot size). */
  readonly base: Amount;
  readonly time: number;
  readonly takerSide: Side;
}

/** The new aggregate resting quantity at one price level; 0 removes the level. */
export interface LevelChange {
  readonly symbol: string;
  readonly side: Side;
  readonly price: Price;
  readonly qty: number;
}

type TradeEvent = Extract<SpotEvent, { type: 'trade' }>;

export function tradeInput(symbol: string, e: TradeEvent): TradeInput {
  return { symbol, id: e.trade, price: e.price, qty: e.qty, quote: e.quote, base: e.base, time: e.time, takerSide: e.takerSide };
}
