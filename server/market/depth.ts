// An aggregated book per market with Binance's update-id protocol. Every level change gets the next update id; a
// diff covers ids U..u and carries each touched level's final lots, coalesced over a publishing interval. A client
// takes a snapshot (lastUpdateId), drops diffs with u ≤ lastUpdateId, applies the first with
// U ≤ lastUpdateId + 1 ≤ u, then requires each next U to be the previous u + 1 (a gap means re-snapshot).
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

export class DepthBook {
  readonly symbol: string;
  private readonly sides = { buy: new Ladder(true), sell: new Ladder(false) };
  private updateId: number;
  /** First update id not yet published; the pending sets hold the touched levels since then. */
  private pendingFrom: number;
  private readonly pending = { buy: new Set<Price>(), sell: new Set<Price>() };

  /**
   * @param lastUpdateId the id to count on from. After a restart pass something larger than any id published
   *   before (e.g. the start time in ms × 1000) so clients holding old ids see a jump and re-snapshot.
   */
  constructor(symbol: string, lastUpdateId = 0) {
    if (!Number.isSafeInteger(lastUpdateId) || lastUpdateId < 0) throw new RangeError(`bad update id: ${lastUpdateId}`);
    this.symbol = symbol;
    this.updateId = lastUpdateId;
    this.pendingFrom = lastUpdateId + 1;
  }

  get lastUpdateId(): number {
    return this.updateId;
  }

  /** Applies one level change; a change that leaves the level as it was uses no update id (and answers false). */
  apply(change: LevelChange): boolean {
    if (change.symbol !== this.symbol) throw new RangeError(`${change.symbol} change sent to ${this.symbol} book`);
    if (!this.sides[change.side].set(change.price, change.qty)) return false;
    this.updateId++;
    this.pending[change.side].add(change.price);
    return true;
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
    if (this.updateId < this.pendingFrom) return null;
    const levels = (side: Side): Level[] => {
      const prices = [...this.pending[side]].sort((a, b) => (side === 'buy' ? b - a : a - b));
      this.pending[side].clear();
      return prices.map((p): Level => [p, this.sides[side].get(p)]);
    };
    const diff = { symbol: this.symbol, time, firstUpdateId: this.pendingFrom, finalUpdateId: this.updateId, bids: levels('buy'), asks: levels('sell') };
    this.pendingFrom = this.updateId + 1;
    return diff;
  }
}
