// The spot desk's memory and its batch: markets with their engines, the orders it is working on or that rest,
// client-id indexes, and the counters a restart restores from the store.
import type { OrderId, SpotEvent } from '../../kernel/index.ts';
import { QUANT_STRATEGY_TYPE } from '../../contract/quant.ts';
import type { QuantBotRow } from '../../store/quant.ts';
import type { BotMemory } from './bot-memory.ts';
import type { SpotMarketFlags, SpotOrder, SpotOrderEvent, SpotOrderList, SpotTrade } from '../../store/spot.ts';
import { DeskBatch } from '../batch.ts';
import type { ClientIdFilter } from '../client-ids.ts';
import type { DeskLedger } from '../ledger.ts';
import type { SpotMarket } from './market.ts';
import type { OpenList } from './lists.ts';
import type { LiveOrder } from './orders.ts';

export class SpotBatch extends DeskBatch {
  /** Each order's latest state in this batch (one upsert per order). */
  readonly orders = new Map<number, SpotOrder>();
  /** Each OCO list's latest state in this batch. */
  readonly lists = new Map<number, SpotOrderList>();
  readonly trades: SpotTrade[] = [];
  readonly orderEvents: SpotOrderEvent[] = [];
  /** Each quantitative bot's latest row in this batch (bots.ts). */
  readonly bots = new Map<number, QuantBotRow>();
  /** Markets' operator flags set in this batch, by symbol (written with it). */
  readonly marketFlags = new Map<string, SpotMarketFlags>();

  override isEmpty(): boolean {
    return (
      super.isEmpty() && this.orders.size === 0 && this.lists.size === 0 && this.trades.length === 0 && this.orderEvents.length === 0 && this.bots.size === 0 &&
      this.marketFlags.size === 0
    );
  }
}

export interface SpotState {
  readonly ledger: DeskLedger;
  readonly markets: ReadonlyMap<string, SpotMarket>;
  /** Resting orders, plus the ones the current command is working on. */
  readonly orders: Map<OrderId, LiveOrder>;
  /** `user:clientOrderId` → resting order. */
  readonly clientIndex: Map<string, OrderId>;
  /** `user:clientOrderId` → latest row of an order in a batch not yet committed (the store can't answer yet). */
  readonly pendingClient: Map<string, SpotOrder>;
  /** Every `user:clientOrderId` the store may hold (added when its batch commits): a new id needs no store look-up. */
  readonly storedClients: ClientIdFilter;
  /** The same for OCO lists' `user:clientListId`. */
  readonly storedLists: ClientIdFilter;
  /** Distinguishes this desk's lifetime in book event sequence numbers. */
  readonly epoch: string;
  nextOrderId: number;
  /** OCO lists with a leg still open (all done lists leave). */
  readonly lists: Map<number, OpenList>;
  /** `user:clientListId` → list, for lists still open or in an uncommitted batch. */
  readonly listClients: Map<string, OpenList>;
  nextListId: number;
  /** Per market, the last prevented match id handed out (self-trade prevention expiring an order). */
  readonly preventedMatches: Map<string, number>;
  /** Last time-priority number handed out; a resting order keeps its number until it loses priority. */
  priority: number;
  /** Running quantitative bots by id (bots.ts). */
  readonly bots: Map<number, BotMemory>;
  /** `user:symbol` → how many of that user's bots run in that market (cancel-all then leaves their orders alone). */
  readonly botMarkets: Map<string, number>;
  /** `user:clientId` → a running bot started with that client id (a repeated start answers it). */
  readonly botClients: Map<string, number>;
  /**
   * `user:clientId` → latest row of a bot started with that client id, in a batch not yet committed: a bot started
   * and ended in batches still being committed is neither running nor in the store, and a repeat must answer it.
   */
  readonly pendingBots: Map<string, QuantBotRow>;
  /** Every bot's `user:clientId` the store may hold (added when its batch commits): a new id needs no store look-up. */
  readonly storedBots: ClientIdFilter;
  /** id → latest row of every bot written in a batch not yet committed (a stop by id of one that ended there). */
  readonly pendingBotIds: Map<number, QuantBotRow>;
  /** user → how many bots they run. */
  readonly botUsers: Map<number, number>;
  nextBotId: number;
  /** Called at the end of each settlement with its events, while bots run (bots.ts: pockets, counter orders). */
  onSettled: ((m: SpotMarket, batch: SpotBatch, events: readonly SpotEvent[], touched: ReadonlySet<LiveOrder>) => void) | null;
}

/** Is it a quantitative bot's order (strategyType QUANT_STRATEGY_TYPE, strategyId the bot)? */
export const isBotOrder = (o: { readonly strategyType: number | null }): boolean => o.strategyType === QUANT_STRATEGY_TYPE;

export const clientKey = (user: number, clientOrderId: string): string => `${user}:${clientOrderId}`;
