// Events the desks publish after each commit, and their topics. Market topics carry what a market-data service
// needs; user topics what one user's sessions need. `spot.<SYMBOL>.order` carries user ids: internal, never
// forwarded to the public as is.
import type { EarnEvent } from '../contract/earn.ts';
import type { QuantBotEvent } from '../contract/quant.ts';
import type { PriceRecordEntry, SecondsContractItem } from '../contract/seconds.ts';
import type { OrderView, TransferView } from './views.ts';
import type { PerpOrder } from '../store/perp.ts';

/** A perpetual order's row with its amounts as decimal text (events stay plain JSON). */
export type PerpOrderView = {
  [K in keyof PerpOrder]: PerpOrder[K] extends bigint ? string : PerpOrder[K] extends bigint | null ? string | null : PerpOrder[K];
};

/** An OCO list with its legs (limit leg first for the app; Binance's order is by id). */
export interface OrderListView {
  orderListId: number;
  user: number;
  symbol: string;
  clientListId: string | null;
  status: 'executing' | 'all_done';
  createdAt: number;
  updatedAt: number;
  orders: Array<{ orderId: number; clientOrderId: string | null }>;
}

export type OrderLifecycle = 'accepted' | 'rested' | 'amended' | 'closed';

export type DeskEvent =
  /** spot.<SYMBOL>.order: every step of every order, in order. */
  | {
      type: 'order.event';
      step: OrderLifecycle;
      symbol: string;
      orderId: number;
      user: number;
      side: 'buy' | 'sell';
      /** Limit price (or a market order's bound) after this step. */
      price: string | null;
      /** Quantity on the book after this step. */
      openQty: string;
      filledQty: string;
      /** closed: the dotted close code; amended: whether the order kept its place in the queue. */
      code: string | null;
      keptPriority: boolean | null;
      time: number;
    }
  /** spot.<SYMBOL>.trade: public trades. */
  | {
      type: 'trade';
      symbol: string;
      tradeId: number;
      price: string;
      qty: string;
      quote: string;
      takerSide: 'buy' | 'sell';
      takerOrder: number;
      makerOrder: number;
      time: number;
    }
  /**
   * spot.<SYMBOL>.book, and perp.<SYMBOL>.book for a perpetual: the levels one command changed, each with its new
   * total quantity ('0' = gone). `seq` counts book events per market without gaps within an `epoch` (one desk
   * lifetime, desks/epoch.ts); the desk's depth(symbol) answers a snapshot with the epoch and seq it reflects, so a
   * consumer drops diffs up to it and applies the rest (market/bridge.ts).
   */
  | {
      type: 'book';
      symbol: string;
      epoch: string;
      seq: number;
      time: number;
      bids: Array<[price: string, qty: string]>;
      asks: Array<[price: string, qty: string]>;
    }
  /** user.<id>.order: the order's state after a command touched it. */
  | { type: 'order'; order: OrderView }
  /**
   * user.<id>.orderList: an OCO list after a command changed it (placed, or all done when a leg traded, fired,
   * closed or was cancelled; the legs' own states go out as `order` events in the same commit).
   */
  | { type: 'orderList'; list: OrderListView }
  /** user.<id>.fill: one of the user's orders traded. */
  | {
      type: 'fill';
      symbol: string;
      tradeId: number;
      orderId: number;
      side: 'buy' | 'sell';
      maker: boolean;
      price: string;
      qty: string;
      quote: string;
      fee: string;
      feeAsset: string;
      time: number;
    }
  /** user.<id>.balance: a balance after a commit that changed it. */
  | { type: 'balance'; user: number; wallet: string; asset: string; available: string; frozen: string; time: number }
  /** user.<id>.transfer: a transfer was debited or credited. */
  | { type: 'transfer'; transfer: TransferView }
  /** perp.<SYMBOL>.trade: public trades of a perpetual (via 'adl' for a deleveraging close). */
  | { type: 'perp.trade'; symbol: string; tradeId: number; price: string; qty: string; takerSide: 'buy' | 'sell'; via: 'book' | 'adl'; time: number }
  /** perp.<SYMBOL>.mark: the mark price with its inputs, once a second. */
  | {
      type: 'perp.mark';
      symbol: string;
      mark: string;
      index: string | null;
      fundingRate: string;
      nextFundingTime: number;
      time: number;
      /** The mark's inputs (the mark job always sends them): index × (1 + funding basis), index + MA(basis), the last price. */
      price1?: string;
      price2?: string;
      contractPrice?: string;
      /** MA of (book mid − index) over the window, and how many one-second samples it holds. */
      basisAverage?: string;
      basisSamples?: number;
    }
  /** user.<id>.perpOrder: a perpetual order's latest state after a command changed it (one event per order and command). */
  | { type: 'perp.order'; order: PerpOrderView }
  /** user.<id>.perpFill: one of the user's perpetual orders traded. */
  | { type: 'perp.fill'; symbol: string; tradeId: number; orderId: number; side: 'buy' | 'sell'; maker: boolean; price: string; qty: string; fee: string; realizedPnl: string; via: 'book' | 'adl'; time: number }
  /** user.<id>.position: a perpetual position after a command changed it (size in coin, signed). */
  | { type: 'perp.position'; symbol: string; size: string; cost: string; margin: string; leverage: number; mode: 'cross' | 'isolated'; time: number }
  /** priceRecord.<SYMBOL>: a new durable entry of the market's public price record (jobs/price-record.ts). */
  | { type: 'priceRecord'; entry: PriceRecordEntry }
  /** user.<id>.seconds: one of the user's seconds contracts after a command changed it. */
  | { type: 'seconds.contract'; contract: SecondsContractItem }
  /** user.<id>.earn: one of the user's wealth or mining orders after a command changed it (bought, paid, ended). */
  | EarnEvent
  /** user.<id>.quant: one of the user's bots after a command changed it (started, traded, moved a stage, ended). */
  | QuantBotEvent;

export const topics = {
  marketOrders: (symbol: string) => `spot.${symbol}.order`,
  trades: (symbol: string) => `spot.${symbol}.trade`,
  book: (symbol: string) => `spot.${symbol}.book`,
  userOrders: (user: number) => `user.${user}.order`,
  userFills: (user: number) => `user.${user}.fill`,
  userOrderLists: (user: number) => `user.${user}.orderList`,
  userBalances: (user: number) => `user.${user}.balance`,
  userTransfers: (user: number) => `user.${user}.transfer`,
  perpTrades: (symbol: string) => `perp.${symbol}.trade`,
  perpMark: (symbol: string) => `perp.${symbol}.mark`,
  perpBook: (symbol: string) => `perp.${symbol}.book`,
  userPositions: (user: number) => `user.${user}.position`,
  userPerpOrders: (user: number) => `user.${user}.perpOrder`,
  userPerpFills: (user: number) => `user.${user}.perpFill`,
  userSeconds: (user: number) => `user.${user}.seconds`,
  userEarn: (user: number) => `user.${user}.earn`,
  userQuant: (user: number) => `user.${user}.quant`,
  priceRecord: (symbol: string) => `priceRecord.${symbol}`,
} as const;
