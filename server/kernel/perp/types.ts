// What a perp desk hands the perpetuals engine and what it gets back. Time is part of every command (the engine
// never reads a clock); prices on the book are ticks and quantities lots, as in spot; mark and index prices are
// quote minor units per whole coin (bigint), because they are not on the tick grid.
import type { ResultCode } from '../codes.ts';
import type { Posting } from '../ledger/ledger.ts';
import type { Market } from '../money/market.ts';
import type { Amount, OrderId, Price, Qty, UserId } from '../money/nominal.ts';
import type { Side, StpMode, TimeInForce } from '../book/types.ts';
import type { FeeRates } from '../spot/commands.ts';
import type { Bracket } from '../../contract/perp-math/brackets.ts';
import type { Rate } from './units.ts';

export type MarginMode = 'cross' | 'isolated';

/** A linear USDT-margined perpetual: the book's units, the risk table and the liquidation fee. */
export interface PerpMarket {
  readonly symbol: string;
  readonly market: Market;
  readonly brackets: readonly Bracket[];
  /** Leverage a user starts with on this market (Binance: 20). */
  readonly defaultLeverage: number;
  /** Clearance fee on a liquidated notional, to the insurance fund (Binance BTCUSDT: 1.25 %). */
  readonly liquidationFee: Rate;
  /** Hours between funding settlements (a divisor of 24; default 8: 00:00, 08:00, 16:00 UTC). */
  readonly fundingIntervalHours?: number;
}

interface Base {
  /** Unix milliseconds, stamped by the desk when it sequenced the command. */
  readonly time: number;
}

export interface PerpPlaceCommand extends Base {
  readonly type: 'place';
  readonly user: UserId;
  readonly symbol: string;
  readonly side: Side;
  readonly kind: 'limit' | 'market';
  /** Limit price; for a market order the band bound (mark ± band) it must not pass. */
  readonly price: Price;
  readonly qty: Qty;
  readonly tif: TimeInForce;
  readonly postOnly: boolean;
  /** Only ever reduces the position: trimmed to it, refused when there is nothing to reduce. */
  readonly reduceOnly: boolean;
  readonly stp: StpMode;
  readonly fees: FeeRates;
}

export interface PerpCancelCommand extends Base {
  readonly type: 'cancel';
  readonly user: UserId;
  readonly order: OrderId;
}

export interface PerpCancelAllCommand extends Base {
  readonly type: 'cancelAll';
  readonly user: UserId;
  readonly symbol?: string;
}

export interface LeverageCommand extends Base {
  readonly type: 'leverage';
  readonly user: UserId;
  readonly symbol: string;
  readonly leverage: number;
}

export interface MarginModeCommand extends Base {
  readonly type: 'marginMode';
  readonly user: UserId;
  readonly symbol: string;
  readonly mode: MarginMode;
}

/** Add to or remove from an isolated position's margin. */
export interface AdjustMarginCommand extends Base {
  readonly type: 'adjustMargin';
  readonly user: UserId;
  readonly symbol: string;
  readonly amount: Amount;
  readonly add: boolean;
}

/** A new mark price: positions are marked, and every one it puts under maintenance is liquidated. */
export interface MarkCommand extends Base {
  readonly type: 'mark';
  readonly symbol: string;
  readonly mark: bigint;
}

/** Funding at the rate of the interval just ended, on every open position at `mark`. */
export interface FundingCommand extends Base {
  readonly type: 'funding';
  readonly symbol: string;
  readonly rate: Rate;
  readonly mark: bigint;
}

export type ConditionalKind = 'stop' | 'stop_market' | 'take_profit' | 'take_profit_market';
/** Which price a conditional order watches: the mark, or the last trade on the book. */
export type WorkingPrice = 'mark' | 'last';

/**
 * A conditional order (Binance's STOP, STOP_MARKET, TAKE_PROFIT, TAKE_PROFIT_MARKET): it waits, holding no margin,
 * until the watched price reaches `trigger`, then places a limit (at `price`) or market order. `qty` null closes
 * whatever position there is then (Binance's closePosition; the spec's TP/SL of a position).
 */
export interface ConditionalCommand extends Base {
  readonly type: 'conditional';
  readonly user: UserId;
  readonly symbol: string;
  readonly side: Side;
  readonly kind: ConditionalKind;
  /** Quote minor units per whole coin. */
  readonly trigger: bigint;
  readonly working: WorkingPrice;
  readonly price: Price | null;
  readonly qty: Qty | null;
  readonly reduceOnly: boolean;
  readonly tif: TimeInForce;
  readonly origin: 'trigger' | 'tp' | 'sl';
  readonly fees: FeeRates;
}

export type PerpCommand =
  | ConditionalCommand
  | PerpPlaceCommand
  | PerpCancelCommand
  | PerpCancelAllCommand
  | LeverageCommand
  | MarginModeCommand
  | AdjustMarginCommand
  | MarkCommand
  | FundingCommand;

/**
 * Why an order was placed: by its user, by the liquidation engine, an ADL close of the opposite position, or a
 * conditional order that triggered (a plain one, a position's take-profit, its stop-loss).
 */
export type OrderOrigin = 'user' | 'liquidation' | 'adl' | 'trigger' | 'tp' | 'sl';

/** One position as events and views show it. */
export interface PositionView {
  readonly user: UserId;
  readonly symbol: string;
  /** Signed lots: + long, − short. */
  readonly size: number;
  /** Entry notional in quote minor units (entry price = cost / size). */
  readonly cost: Amount;
  readonly mode: MarginMode;
  readonly leverage: number;
  /** Isolated: the margin the position holds; cross: the initial margin held for it. */
  readonly margin: Amount;
}

/** How a trade changed one side's position. */
export interface FillSide {
  readonly user: UserId;
  readonly order: OrderId;
  readonly side: Side;
  readonly fee: Amount;
  /** Profit (+) or loss (−) realized by the part of the fill that closed a position. */
  readonly realized: Amount;
  /** Lots of the fill that closed (the rest opened). */
  readonly closed: number;
  /** Loss beyond the user's collateral, paid by the insurance fund. */
  readonly covered: Amount;
  /**
   * Change of the cross account's debt (`system:perp-receivable`): + a loss past the account's cash that its open
   * positions' unrealized profit carries, − debt repaid from this fill's cash or written off by the fund. The
   * user's contract wallet moves by `realized − fee + covered + debt`.
   */
  readonly debt: Amount;
}

interface EventBase {
  readonly time: number;
}

export type PerpEvent =
  | (EventBase & { readonly type: 'rejected'; readonly order: OrderId | null; readonly user: UserId; readonly code: ResultCode })
  | (EventBase & {
      readonly type: 'accepted';
      readonly order: OrderId;
      readonly user: UserId;
      readonly symbol: string;
      readonly side: Side;
      readonly kind: 'limit' | 'market';
      readonly origin: OrderOrigin;
      readonly price: Price;
      readonly qty: Qty;
      readonly reduceOnly: boolean;
      readonly postOnly: boolean;
      readonly tif: TimeInForce;
      readonly leverage: number;
      /** Open loss the order holds with its entrust margin, for its whole quantity (notes §8 [COST]). */
      readonly openLoss: Amount;
      /** The rates its fills pay, fixed at acceptance (a fired conditional's order: the conditional's; liquidation: 0). */
      readonly fees: FeeRates;
      /** Entrust margin frozen for the order. */
      readonly postings: readonly Posting[];
    })
  | (EventBase & {
      readonly type: 'trade';
      readonly symbol: string;
      readonly trade: number;
      readonly price: Price;
      readonly qty: Qty;
      readonly quote: Amount;
      readonly takerSide: Side;
      readonly taker: FillSide;
      readonly maker: FillSide;
      /** 'book' for a match, 'adl' for a deleveraging close at the bankruptcy price. */
      readonly via: 'book' | 'adl';
      readonly postings: readonly Posting[];
    })
  | (EventBase & { readonly type: 'rested'; readonly order: OrderId; readonly user: UserId; readonly symbol: string; readonly price: Price; readonly qty: Qty })
  /**
   * A resting order's quantity lowered in place, keeping its price and its place in the queue (the spot engine's
   * `amended` with keptPriority): today only the engine's trim of a reduce-only order to what its shrunk position
   * leaves (one cut to nothing is `closed` EXPIRED_REDUCE_ONLY instead). No funds move: a reduce-only order holds no
   * entrust margin.
   */
  | (EventBase & {
      readonly type: 'amended';
      readonly order: OrderId;
      readonly user: UserId;
      readonly symbol: string;
      readonly price: Price;
      /** Open lots now on the book (more than 0, fewer than before). */
      readonly qty: Qty;
    })
  | (EventBase & {
      readonly type: 'closed';
      readonly order: OrderId;
      readonly user: UserId;
      readonly symbol: string;
      /** FILLED, CANCELED, EXPIRED_IOC, EXPIRED_MARKET, …, or a perp reason (reduce-only trimmed, liquidation). */
      readonly code: ResultCode;
      readonly unfilled: Qty;
      readonly postings: readonly Posting[];
    })
  | (EventBase & { readonly type: 'position'; readonly position: PositionView })
  | (EventBase & {
      readonly type: 'conditional';
      readonly order: OrderId;
      readonly user: UserId;
      readonly symbol: string;
      readonly side: Side;
      readonly kind: ConditionalKind;
      readonly trigger: bigint;
      readonly working: WorkingPrice;
      readonly price: Price | null;
      readonly qty: Qty | null;
      readonly reduceOnly: boolean;
      readonly tif: TimeInForce;
      readonly origin: OrderOrigin;
      /** The rates the order it places will pay. */
      readonly fees: FeeRates;
    })
  | (EventBase & {
      readonly type: 'triggered';
      readonly conditional: OrderId;
      readonly user: UserId;
      readonly symbol: string;
      /** The order it placed, or null when that order was refused (`code` says why). */
      readonly order: OrderId | null;
      readonly code: ResultCode;
    })
  | (EventBase & {
      readonly type: 'margin';
      readonly user: UserId;
      readonly symbol: string;
      /** Signed: + added to the isolated margin, − removed. */
      readonly amount: Amount;
      readonly postings: readonly Posting[];
    })
  | (EventBase & { readonly type: 'settings'; readonly user: UserId; readonly symbol: string; readonly leverage: number; readonly mode: MarginMode; readonly postings: readonly Posting[] })
  | (EventBase & {
      readonly type: 'liquidation';
      readonly user: UserId;
      readonly symbol: string;
      readonly mode: MarginMode;
      /** Signed lots the position had when liquidation began. */
      readonly size: number;
      readonly mark: bigint;
      /** Bankruptcy price the liquidation orders were bounded by (ticks). */
      readonly bankruptcy: Price;
      /** Clearance fee to the insurance fund. */
      readonly fee: Amount;
      readonly postings: readonly Posting[];
    })
  | (EventBase & {
      readonly type: 'funding';
      readonly symbol: string;
      readonly rate: Rate;
      readonly mark: bigint;
      /**
       * Per position: what it paid (+) or received (−), and the change of its cross account's debt (+ a payment its
       * cash could not make, carried by its unrealized profit; − debt repaid from what it received). The wallet
       * moves by `debt − amount`.
       */
      readonly payments: ReadonlyArray<{ readonly user: UserId; readonly amount: Amount; readonly debt: Amount }>;
      /** Rounding residue and shortfalls, to (+) or from (−) the insurance fund. */
      readonly insurance: Amount;
      readonly postings: readonly Posting[];
    });

export type { FeeRates };
