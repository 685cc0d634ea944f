// Matching benchmark: the same recorded stream through our fast book, our reference book and nodejs-order-book,
// one after another on one core, each with a warm-up run and a fresh book per run. Book-only: no ledger.
import { FastBook } from '../../server/kernel/book/fast-book.ts';
import { ReferenceBook } from '../../server/kernel/book/reference-book.ts';
import { MatchSink } from '../../server/kernel/book/sink.ts';
import type { OrderBook } from '../../server/kernel/book/types.ts';
import type { OrderId, Qty } from '../../server/kernel/money/nominal.ts';
import { runPeer, toPeer } from './peer.ts';
import { CANCEL, MARKET, MOVE, PLACE, REDUCE, type Stream } from './stream.ts';

export interface Figure {
  name: string;
  opsPerSec: number;
  runsMs: number[];
  filled: number;
}

/** Replays the stream into `book`; returns elapsed ms and lots filled. */
export function runBook(book: OrderBook, s: Stream, limit = s.length): { ms: number; filled: number } {
  const sink = new MatchSink();
  const { kind, orders, ids, qtys } = s;
  const n = limit;
  let filled = 0;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    switch (kind[i]) {
      case PLACE:
      case MARKET:
        book.place(orders[i]!, sink);
        filled += sink.filled;
        break;
      case CANCEL:
        book.cancel(ids[i]! as OrderId);
        break;
      case REDUCE:
        book.reduce(ids[i]! as OrderId, qtys[i]! as Qty);
        break;
      case MOVE:
        // A replace that changes price loses priority: take the order out and place it again.
        if (book.cancel(ids[i]! as OrderId) > 0) {
          book.place(orders[i]!, sink);
          filled += sink.filled;
        }
        break;
    }
  }
  return { ms: performance.now() - t0, filled };
}

/** Runs a warm-up (lets the JIT settle on the hot paths) and then `runs` timed full runs; reports the median. */
export function measure(name: string, s: Stream, runs: number, warm: () => unknown, once: () => { ms: number; filled: number }): Figure {
  warm();
  const runsMs: number[] = [];
  let filled = 0;
  for (let r = 0; r < runs; r++) {
    const res = once();
    runsMs.push(res.ms);
    filled = res.filled;
  }
  const median = [...runsMs].sort((a, b) => a - b)[Math.floor(runs / 2)]!;
  return { name, opsPerSec: Math.round((s.length / median) * 1000), runsMs: runsMs.map((m) => Math.round(m)), filled };
}

export function matchingBench(s: Stream, peerRuns = 2): Figure[] {
  // Our books warm up on the whole stream (a fraction of a second); the peer on a prefix, as a full run takes long.
  const fast = measure('fast book', s, 7, () => runBook(new FastBook(), s), () => runBook(new FastBook(), s));
  const reference = measure('reference book', s, 3, () => runBook(new ReferenceBook(), s), () => runBook(new ReferenceBook(), s));
  const warm = Math.min(s.length, 200_000);
  const peerStream = toPeer(s);
  const peer = measure('nodejs-order-book', s, peerRuns, () => runPeer(peerStream, warm), () => runPeer(peerStream));
  if (fast.filled !== reference.filled) throw new Error(`fast and reference books disagree: ${fast.filled} vs ${reference.filled} lots filled`);
  return [fast, reference, peer];
}
