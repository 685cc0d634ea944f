// The perp desk's memory and its batch: the engine with every market and position, the stored row of each order
// it is working on or that rests (kept up to date so a batch upserts the latest state), client-id indexes, each
// market's published book (its levels and book event seq in this lifetime, the epoch), and the rows a batch adds for
// the store.
import type { PerpEngine, PerpMarket } from '../../kernel/index.ts';
import type { BookTracker } from '../../market/book-tracker.ts';
import type { PerpFunding, PerpLiquidation, PerpMark, PerpOrder, PerpPosition, PerpTrade, PerpWrites } from '../../store/perp.ts';
import { DeskBatch } from '../batch.ts';
import type { ClientIdFilter } from '../client-ids.ts';
import type { DeskLedger } from '../ledger.ts';

export class PerpBatch extends DeskBatch {
  readonly orders = new Map<number, PerpOrder>();
  readonly positions = new Map<string, PerpPosition>();
  readonly trades: PerpTrade[] = [];
  readonly funding: PerpFunding[] = [];
  readonly liquidations: PerpLiquidation[] = [];
  readonly marks: PerpMark[] = [];

  override isEmpty(): boolean {
    return super.isEmpty() && this.orders.size === 0 && this.positions.size === 0 && this.trades.length === 0 && this.funding.length === 0 && this.liquidations.length === 0 && this.marks.length === 0;
  }

  writes(): PerpWrites {
    return { orders: [...this.orders.values()], positions: [...this.positions.values()], trades: this.trades, funding: this.funding, liquidations: this.liquidations, marks: this.marks };
  }
}

/** A market's book as its events published it: the levels (mirroring the engine's resting orders), the last seq. */
export interface PublishedBook {
  readonly tracker: BookTracker;
  /** Book events published for this market in this desk's lifetime. */
  seq: number;
}

export interface PerpState {
  /** This desk lifetime (desks/epoch.ts): its book events and depth snapshots carry it. */
  readonly epoch: string;
  /** Per market: the book as published (settle.ts publishBook). */
  readonly books: ReadonlyMap<string, PublishedBook>;
  readonly ledger: DeskLedger;
  readonly engine: PerpEngine;
  readonly markets: ReadonlyMap<string, PerpMarket>;
  /** Rows of open orders (and of orders the current command touches), by id. */
  readonly orders: Map<number, PerpOrder>;
  /** `user:clientOrderId` → open order id. */
  readonly clientIndex: Map<string, number>;
  /** `user:clientOrderId` → latest row in a batch not yet committed (the store can't answer for it yet). */
  readonly pendingClient: Map<string, PerpOrder>;
  /** Every `user:clientOrderId` the store may hold (added when its batch commits): a new id needs no store look-up. */
  readonly storedClients: ClientIdFilter;
  /** Last time-priority number handed out. */
  priority: number;
  /**
   * The last mark written to the public record of marks, per market, when, and the funding rate published with it
   * (the recording rule: desk.ts recordMark).
   */
  readonly recordedMark: Map<string, { readonly mark: bigint; readonly time: number; readonly fundingRate: bigint | null }>;
  /** The last funding time settled per market: a funding period is settled once, a restarted job included. */
  readonly fundedUntil: Map<string, number>;
}

export const clientKey = (user: number, clientOrderId: string): string => `${user}:${clientOrderId}`;
