// A client of the depth protocol exactly as Binance documents it, to check the service against: buffer diffs,
// load a snapshot, drop diffs with u ≤ lastUpdateId, apply the first with U ≤ lastUpdateId + 1 ≤ u, then demand
// U = previous u + 1 (anything else is a gap: re-snapshot).
import type { Price } from '../../../server/kernel/index.ts';
import type { DepthDiff, DepthSnapshot } from '../../../server/market/depth.ts';
import type { Level } from '../../../server/market/ladder.ts';

export class DepthReplica {
  readonly bids = new Map<number, number>();
  readonly asks = new Map<number, number>();
  lastUpdateId: number | null = null;
  private buffered: DepthDiff[] = [];
  private synced = false;

  /** Feeds a diff from the stream; returns false on a gap. */
  onDiff(d: DepthDiff): boolean {
    if (this.lastUpdateId === null) {
      this.buffered.push(d);
      return true;
    }
    if (d.finalUpdateId <= this.lastUpdateId) return true; // older than what we have: drop
    if (!this.synced) {
      if (!(d.firstUpdateId <= this.lastUpdateId + 1 && this.lastUpdateId + 1 <= d.finalUpdateId)) return false;
      this.synced = true;
    } else if (d.firstUpdateId !== this.lastUpdateId + 1) {
      return false;
    }
    this.apply(d.bids, this.bids);
    this.apply(d.asks, this.asks);
    this.lastUpdateId = d.finalUpdateId;
    return true;
  }

  /** Loads a snapshot, then replays what was buffered; false on a gap. */
  load(s: DepthSnapshot): boolean {
    this.bids.clear();
    this.asks.clear();
    this.apply(s.bids, this.bids);
    this.apply(s.asks, this.asks);
    this.lastUpdateId = s.lastUpdateId;
    this.synced = false;
    const buffered = this.buffered;
    this.buffered = [];
    return buffered.every((d) => this.onDiff(d));
  }

  /** Both sides best first, as the service lists them. */
  book(): { bids: Level[]; asks: Level[] } {
    const sorted = (m: Map<number, number>, desc: boolean) =>
      [...m].sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0])).map(([p, q]): Level => [p as Price, q]);
    return { bids: sorted(this.bids, true), asks: sorted(this.asks, false) };
  }

  private apply(levels: readonly Level[], side: Map<number, number>): void {
    for (const [p, q] of levels) {
      if (q === 0) side.delete(p);
      else side.set(p, q);
    }
  }
}
