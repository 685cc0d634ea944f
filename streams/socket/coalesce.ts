// The socket worker's batch (socket-worker.ts): the frames of a few milliseconds, in order, with each depth topic's
// run of diffs merged into one. A book's diff carries each changed level's new total (0: gone), so the diffs
// U..u of one run, applied one after another, leave the book as one diff does that holds each level's last value,
// with the first diff's U and the last one's u; Binance's rules (depth-sync.ts) hold for it as for the diffs it
// stands for. The main thread then takes a frame's worth of a busy book (dozens of diffs a market) as a few
// events, and the levels a run changed several times once each.
//
// A run is one topic's events with consecutive seq whose diffs follow on (U is the last u + 1): anything else (a
// gap, a diff that does not parse) starts a new run, so a lost diff is still seen as lost. A frame that is not an
// event (an ack starts a topic's run, an error ends one) ends every run, and the events after it stay after it.
import type { DepthUpdateEvent, TextLevel } from '../contract.ts';
import { canonicalDecimal } from '../decimal.ts';
import { parseDepthUpdate } from '../parse/market.ts';
import type { ServerFrame, StreamTopic } from './protocol.ts';

/** Spot and perpetual books (contract/ws.ts `depth@X`, contract/api.ts `perpDepth@X`). */
export const isDepthTopic = (topic: string): boolean => topic.startsWith('depth@') || topic.startsWith('perpDepth@');

interface Run {
  /** Where the merged event goes in the batch (the place of the run's first event). */
  readonly at: number;
  readonly topic: StreamTopic;
  readonly first: number;
  seq: number;
  readonly diff: DepthUpdateEvent;
  u: number;
  E: number;
  /** Each level's last change by canonical price; null while the run is one diff. */
  bids: Map<string, TextLevel> | null;
  asks: Map<string, TextLevel> | null;
}

function levels(into: Map<string, TextLevel>, changed: readonly TextLevel[]): void {
  for (const level of changed) {
    // One entry a price (canonical: "100.50" is "100.5"), its last change: in any order they leave one book.
    into.set(canonicalDecimal(level[0]), level);
  }
}

const keyed = (changed: readonly TextLevel[]): Map<string, TextLevel> => {
  const map = new Map<string, TextLevel>();
  levels(map, changed);
  return map;
};

export class FrameBatch {
  private frames: ServerFrame[] = [];
  private readonly runs = new Map<string, Run>();
  private merged: Run[] = [];

  get size(): number {
    return this.frames.length;
  }

  add(frame: ServerFrame): void {
    if (frame.op !== 'event') {
      this.runs.clear();
      this.frames.push(frame);
      return;
    }
    if (!isDepthTopic(frame.topic)) {
      this.frames.push(frame);
      return;
    }
    const diff = parseDepthUpdate(frame.data);
    const run = this.runs.get(frame.topic);
    if (diff === null) {
      // Left as it came (the main thread drops it, and sees the gap after it); nothing merges across it.
      this.runs.delete(frame.topic);
      this.frames.push(frame);
      return;
    }
    if (run !== undefined && frame.seq === run.seq + 1 && diff.U === run.u + 1) {
      if (run.bids === null || run.asks === null) {
        run.bids = keyed(run.diff.b);
        run.asks = keyed(run.diff.a);
        this.merged.push(run);
      }
      levels(run.bids, diff.b);
      levels(run.asks, diff.a);
      run.seq = frame.seq;
      run.u = diff.u;
      run.E = diff.E;
      return;
    }
    this.runs.set(frame.topic, { at: this.frames.length, topic: frame.topic, first: frame.seq, seq: frame.seq, diff, u: diff.u, E: diff.E, bids: null, asks: null });
    this.frames.push(frame);
  }

  /** The batch's frames, merged runs in their first event's place; the batch starts empty again. */
  take(): ServerFrame[] {
    const frames = this.frames;
    for (const r of this.merged) {
      const d = r.diff;
      const data: DepthUpdateEvent = { e: 'depthUpdate', E: r.E, s: d.s, U: d.U, u: r.u, b: [...r.bids!.values()], a: [...r.asks!.values()] };
      frames[r.at] = { op: 'event', topic: r.topic, seq: r.seq, first: r.first, data };
    }
    this.frames = [];
    this.merged = [];
    this.runs.clear();
    return frames;
  }
}
