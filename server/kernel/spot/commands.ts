// What a spot desk hands the engine, and what it gets back. Time is part of every command: the engine never reads
// a clock, so replaying the same commands gives the same events.
import type { ResultCode } from '../codes.ts';
import type { Posting } from '../ledger/ledger.ts';
import type { Amount, Asset, OrderId, Price, Qty, UserId } from '../money/nominal.ts';
import type { Side, StpMode, TimeInForce } from '../book/types.ts';
import type { Condition } from './triggers.ts';

/** The user's fee level as rates in parts per million (0.1% = 1000), chosen by the caller. */
export interface FeeRates {
  readonly makerPpm: number;
  readonly takerPpm: number;
}

interface Base {
  /** Unix milliseconds, stamped by the desk when it sequenced the command. */
  readonly time: number;
  readonly user: UserId;
}

export interface LimitCommand extends Base {
  readonly type: 'limit';
  readonly order: OrderId;
  readonly side: Side;
  readonly price: Price;
  readonly qty: Qty;
  readonly tif: TimeInForce;
  readonly postOnly: boolean;
  readonly stp: StpMode;
  readonly fees: FeeRates;
}

interface MarketBase extends Base {
  readonly type: 'market';
  readonly order: OrderId;
  readonly side: Side;
  /** Price band bound (e.g. index ± band%): the sweep stops there and the rest expires. */
  readonly bound: Price;
  readonly stp: StpMode;
  readonly fees: FeeRates;
}
/** A market order sized in base lots, or in quote minor units to spend (buy) or receive (sell). */
export type MarketCommand = MarketBase & ({ readonly by: 'base'; readonly qty: Qty } | { readonly by: 'quote'; readonly quote: Amount });

export interface CancelCommand extends Base {
  readonly type: 'cancel';
  readonly order: OrderId;
}

export interface CancelAllCommand extends Base {
  readonly type: 'cancelAll';
}

/**
 * Amend a resting order to a new price and open quantity. Lowering only the quantity keeps the order's place in
 * the queue; any other change takes it out and places it again (it may trade, and it queues last).
 */
export interface ReplaceCommand extends Base {
  readonly type: 'replace';
  readonly order: OrderId;
  readonly price: Price;
  readonly qty: Qty;
}

/**
 * A conditional order: it waits, holding its funds, until the last trade price meets its trigger (see
 * triggers.ts), then is placed as a limit or market order with the same id through the same checks as any other.
 */
export interface SpotConditionalCommand extends Base {
  readonly type: 'conditional';
  readonly order: OrderId;
  readonly side: Side;
  readonly condition: Condition;
  readonly kind: 'limit' | 'market';
  /** Stop (for a trailing order: activation) price; null for a trailing order that tracks from placement. */
  readonly stop: Price | null;
  /** Trailing delta in basis points (10-2000), or null for a fixed stop. */
  readonly trailingBips: number | null;
  /** Limit price of the limit kind; null for the market kind. */
  readonly price: Price | null;
  readonly qty: Qty;
  readonly tif: TimeInForce;
  readonly stp: StpMode;
  readonly fees: FeeRates;
}

/** An OCO leg: a limit-maker order resting on the book, or a conditional order. */
export type OcoLeg =
  | { readonly type: 'limit_maker'; readonly order: OrderId; readonly price: Price }
  | (Omit<SpotConditionalCommand, 'type' | 'time' | 'user' | 'side' | 'qty' | 'stp' | 'fees'> & { readonly type: 'conditional' });

/**
 * One-cancels-the-other (Binance's orderList/oco): two legs of one side and quantity, the `above` leg priced above
 * the last price and the `below` leg under it. When one leg trades or fires the other is cancelled; cancelling one
 * cancels both. Funds are held once, the larger of the two legs' needs.
 */
export interface OcoCommand extends Base {
  readonly type: 'oco';
  readonly side: Side;
  readonly qty: Qty;
  readonly above: OcoLeg;
  readonly below: OcoLeg;
  readonly stp: StpMode;
  readonly fees: FeeRates;
}

export type SpotCommand = LimitCommand | MarketCommand | CancelCommand | CancelAllCommand | ReplaceCommand | SpotConditionalCommand | OcoCommand;

interface EventBase {
  readonly time: number;
}

export type SpotEvent =
  | (EventBase & { readonly type: 'rejected'; readonly order: OrderId | null; readonly user: UserId; readonly code: ResultCode })
  /** A conditional order (or an OCO's conditional leg) now waits; `postings` freeze what it holds. */
  | (EventBase & { readonly type: 'waiting'; readonly order: OrderId; readonly user: UserId; readonly side: Side; readonly held: Amount; readonly postings: readonly Posting[] })
  /** A waiting order fired: what it held is released; its placement (accepted / rejected→closed ...) follows. */
  | (EventBase & { readonly type: 'triggered'; readonly order: OrderId; readonly user: UserId; readonly price: Price; readonly postings: readonly Posting[] })
  /** A trailing order's best price moved (reported once per command, the latest). */
  | (EventBase & { readonly type: 'trailed'; readonly order: OrderId; readonly user: UserId; readonly trail: Price })
  | (EventBase & {
      readonly type: 'accepted';
      readonly order: OrderId;
      readonly user: UserId;
      readonly side: Side;
      readonly kind: 'limit' | 'market';
      /** Limit price, or the bound of a market order. */
      readonly price: Price;
      /** Lots ordered; for a quote-sized market order, the most it may buy or sell. */
      readonly qty: Qty;
      /** Quote to spend or receive, for a quote-sized market order; null otherwise. */
      readonly quote: Amount | null;
      /** Funds frozen for the order. */
      readonly postings: readonly Posting[];
    })
  | (EventBase & {
      readonly type: 'trade';
      /** Sequence number of the trade within this market. */
      readonly trade: number;
      readonly price: Price;
      readonly qty: Qty;
      readonly taker: OrderId;
      readonly maker: OrderId;
      readonly takerUser: UserId;
      readonly makerUser: UserId;
      readonly takerSide: Side;
      /** Quote minor units paid by the buyer; base minor units delivered by the seller. */
      readonly quote: Amount;
      readonly base: Amount;
      readonly takerFee: Amount;
      readonly takerFeeAsset: Asset;
      readonly makerFee: Amount;
      readonly makerFeeAsset: Asset;
      readonly postings: readonly Posting[];
    })
  | (EventBase & { readonly type: 'rested'; readonly order: OrderId; readonly user: UserId; readonly side: Side; readonly price: Price; readonly qty: Qty })
  | (EventBase & {
      readonly type: 'amended';
      readonly order: OrderId;
      readonly user: UserId;
      readonly price: Price;
      readonly qty: Qty;
      readonly keptPriority: boolean;
      /** Reservation change: frozen funds released or added for the new price and quantity. */
      readonly postings: readonly Posting[];
    })
  | (EventBase & {
      readonly type: 'closed';
      readonly order: OrderId;
      readonly user: UserId;
      /** FILLED, CANCELED, EXPIRED_IOC, EXPIRED_MARKET, EXPIRED_STP_TAKER or EXPIRED_STP_MAKER. */
      readonly code: ResultCode;
      /** Lots that did not trade (for quote-sized market orders, relative to the market's max quantity). */
      readonly unfilled: Qty;
      /** Frozen funds the order no longer needs, back to available. */
      readonly postings: readonly Posting[];
    });
