// An aggregated book per market with Binance's update-id protocol. Every level change gets the next update id, or a
// batch of them (one desk book event) the id its feed gives it (applyAt: the bridge's, the same on every gateway); a
// diff covers ids U..u and carries each touched level's final lots, coalesced over a publishing interval. A client
// takes a snapshot (lastUpdateId), drops diffs with u ≤ lastUpdateId, applies the first with
// U ≤ lastUpdateId + 1 ≤ u, then requires each next U to be the previous u + 1 (a gap means re-snapshot).
//
// The book also remembers which levels its last RECENT_CHANGES changes touched (recent()): a diff stream opened now
// can start that far back, so a client whose ids came from another gateway's book finds its next id in the first diff.
import type { Price, Side } from '../kernel/index.ts';
import type { LevelChange } from './inputs.ts';
import { Ladder, type Level } from './ladder.ts';

export interface DepthSnapshot {
  readonly symbol: string;
  readonly lastUpdateId: number;
  readonly bids: Level[];
  readonly asks: Level[];
}

export interface DepthDiff {
  readonly symbol: string;
  /** Event time: when the diff was taken. */
  readonly time: number;
  /** Binance `U`: first update id in this diff. */
  readonly firstUpdateId: number;
  /** Binance `u`: last update id in this diff. */
  readonly finalUpdateId: number;
  readonly bids: Level[];
  readonly asks: Level[];
}

export const DEFAULT_SNAPSHOT_LIMIT = 100;
export const MAX_SNAPSHOT_LIMIT = 5000;
/** Level changes a book remembers for recent(): seconds of the busiest load, minutes of a usual one. */
export const RECENT_CHANGES = 10_000;

/** The levels touched by every change from update id `from` on, at their quantities now (0: gone), best first. */
export interface RecentDepth {
  readonly from: number;
  readonly bids: Level[];
  readonly asks: Level[];
}

export class DepthBook {
  readonly symbol: string;
  private readonly sides = { buy: new Ladder(true), sell: new Ladder(false) };
  private updateId: number;
  /** First update id not yet published; the pending sets hold the touched levels since then. */
  private pendingFrom: number;
  private readonly pending = { buy: new Set<Price>(), sell: new Set<Price>() };
  /** The latest changes, a ring: update id, price and side (1 = buy) of each; `next` is where the next one goes. */
  private readonly recentIds: Float64Array;
  private readonly recentPrices: Float64Array;
  private readonly recentBuys: Uint8Array;
  private recentCount = 0;
  private next = 0;
  /** The newest update id whose changes may have left the ring. */
  private forgotten: number;
  /** Whether takeDiff is called (a publisher's book): else the touched levels are not kept for it. */
  private readonly diffs: boolean;

  /**
   * @param lastUpdateId the id to count on from. After a restart pass something larger than any id published
   *   before (e.g. the start time in ms × 1000) so clients holding old ids see a jump and re-snapshot.
   * @param recentChanges how many changes recent() reaches back over.
   * @param diffs false for a book nobody takes diffs of (takeDiff answers null): what it would keep for them is not kept.
   */
  constructor(symbol: string, lastUpdateId = 0, recentChanges = RECENT_CHANGES, diffs = true) {
    if (!Number.isSafeInteger(lastUpdateId) || lastUpdateId < 0) throw new RangeError(`bad update id: ${lastUpdateId}`);
    if (!Number.isSafeInteger(recentChanges) || recentChanges < 1) throw new RangeError(`bad recent changes: ${recentChanges}`);
    this.symbol = symbol;
    this.updateId = lastUpdateId;
    this.pendingFrom = lastUpdateId + 1;
    this.forgotten = lastUpdateId;
    this.recentIds = new Float64Array(recentChanges);
    this.recentPrices = new Float64Array(recentChanges);
    this.recentBuys = new Uint8Array(recentChanges);
    this.diffs = diffs;
  }

  get lastUpdateId(): number {
    return this.updateId;
  }

  /** Applies one level change; a change that leaves the level as it was uses no update id (and answers false). */
  apply(change: LevelChange): boolean {
    if (change.symbol !== this.symbol) throw new RangeError(`${change.symbol} change sent to ${this.symbol} book`);
    if (!this.sides[change.side].set(change.price, change.qty)) return false;
    this.updateId++;
    this.touched(change);
    return true;
  }

  /**
   * Applies a batch of level changes (one event of the desk's book) as update id `id`, which must be above the
   * book's: the book's id becomes `id` even when no level changed, so it follows its feed's numbering exactly and
   * the ids it skips are covered by the next diff. Answers the changes that changed a level.
   */
  applyAt(changes: readonly LevelChange[], id: number): LevelChange[] {
    if (!Number.isSafeInteger(id) || id <= this.updateId) throw new RangeError(`update id ${id} is not above ${this.symbol}'s ${this.updateId}`);
    for (const c of changes) if (c.symbol !== this.symbol) throw new RangeError(`${c.symbol} change sent to ${this.symbol} book`);
    this.updateId = id;
    const changed: LevelChange[] = [];
    for (const c of changes) {
      if (!this.sides[c.side].set(c.price, c.qty)) continue;
      this.touched(c);
      changed.push(c);
    }
    return changed;
  }

  /** The levels the latest changes touched (up to the ring's size), with the id from which they are all there. */
  recent(): RecentDepth {
    const prices = { buy: new Set<Price>(), sell: new Set<Price>() };
    for (let i = 0; i < this.recentCount; i++) prices[this.recentBuys[i] === 1 ? 'buy' : 'sell'].add(this.recentPrices[i] as Price);
    const levels = (side: Side): Level[] =>
      [...prices[side]].sort((a, b) => (side === 'buy' ? b - a : a - b)).map((p): Level => [p, this.sides[side].get(p)]);
    return { from: this.forgotten + 1, bids: levels('buy'), asks: levels('sell') };
  }

  snapshot(limit = DEFAULT_SNAPSHOT_LIMIT): DepthSnapshot {
    const n = Math.max(1, Math.min(MAX_SNAPSHOT_LIMIT, Math.floor(limit)));
    return { symbol: this.symbol, lastUpdateId: this.updateId, bids: this.sides.buy.top(n), asks: this.sides.sell.top(n) };
  }

  /** Every level of a side, best first. */
  levels(side: Side): Level[] {
    return this.sides[side].top(this.sides[side].size);
  }

  best(side: Side): Level | null {
    return this.sides[side].best();
  }

  /** The coalesced diff since the last one (null when nothing changed); levels are sorted best first. */
  takeDiff(time: number): DepthDiff | null {
    if (!this.diffs || this.updateId < this.pendingFrom) return null;
    const levels = (side: Side): Level[] => {
      const prices = [...this.pending[side]].sort((a, b) => (side === 'buy' ? b - a : a - b));
      this.pending[side].clear();
      return prices.map((p): Level => [p, this.sides[side].get(p)]);
    };
    const diff = { symbol: this.symbol, time, firstUpdateId: this.pendingFrom, finalUpdateId: this.updateId, bids: levels('buy'), asks: levels('sell') };
    this.pendingFrom = this.updateId + 1;
    return diff;
  }

  private touched(change: LevelChange): void {
    if (this.diffs) this.pending[change.side].add(change.price);
    const size = this.recentIds.length;
    if (this.recentCount === size) this.forgotten = this.recentIds[this.next]!;
    else this.recentCount++;
    this.recentIds[this.next] = this.updateId;
    this.recentPrices[this.next] = change.price;
    this.recentBuys[this.next] = change.side === 'buy' ? 1 : 0;
    this.next = (this.next + 1) % size;
  }
}
