// What Binance's spot streams (sstream-market.ts) and USDⓈ-M streams (fstream-market.ts) share of a book, over market
// data whose update ids are the desk's (market/bridge.ts: the spot markets' MarketData, the perpetuals' books):
//
// - MarketListeners: one MarketData watcher for every stream of a set, told to the listeners of each market.
// - diffStream: a book's diffs (U..u, the levels touched at their totals as of u), from its recent changes on: a
//   stream opened now starts at MarketData.recentDepth's `from` (the levels the book's last 10,000 changes touched,
//   at their totals now), set when it is subscribed, before the subscription is answered. So a client that kept its
//   book from another gateway's snapshot and diffs (the same ids: the desk's) finds its next id in the first event and
//   goes on from its own last u with no new snapshot; a new client drops that event or bridges with it by Binance's
//   procedure as usual. An event covers every id from the previous event's u + 1 to the book's id when it is sent,
//   and lists every level those ids touched: a gap is impossible by construction.
// - bestPrices: the best bid and ask when either changed (once per batch of level changes, a desk book event's),
//   once after the subscription's answer, and to a newcomer on a running stream (greet).
import type { Price } from '../../kernel/index.ts';
import type { Level, MarketChange, MarketData } from '../../market/index.ts';
import type { Source } from './fstream-market.ts';

type Listener = (change: MarketChange) => void;

/** Per market, the listeners of a MarketData's changes: one watcher for all, held while any listens. */
export class MarketListeners {
  private readonly market: MarketData;
  private readonly onError: (error: unknown, what: string) => void;
  private readonly listeners = new Map<string, Set<Listener>>();
  private stopWatch: (() => void) | null = null;

  constructor(market: MarketData, onError: (error: unknown, what: string) => void) {
    this.market = market;
    this.onError = onError;
  }

  /** Listens to one market's changes; answers the unsubscribe. A listener that throws is reported, the rest told. */
  listen(symbol: string, listener: Listener): () => void {
    let set = this.listeners.get(symbol);
    if (set === undefined) this.listeners.set(symbol, (set = new Set()));
    set.add(listener);
    this.stopWatch ??= this.market.watch((change) => {
      for (const l of this.listeners.get(change.symbol) ?? []) {
        try {
          l(change);
        } catch (error) {
          this.onError(error, `${change.kind} ${change.symbol}`);
        }
      }
    });
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(symbol) === set) this.listeners.delete(symbol);
      if (this.listeners.size === 0) {
        this.stopWatch?.();
        this.stopWatch = null;
      }
    };
  }

  close(): void {
    this.listeners.clear();
    this.stopWatch?.();
    this.stopWatch = null;
  }
}

/** One diff of a book: ids `U`..`u`, the levels they touched at their totals as of `u` (0: gone), best first. */
export interface BookDiff {
  readonly U: number;
  readonly u: number;
  readonly bids: Level[];
  readonly asks: Level[];
}

export interface DiffStreamOptions {
  readonly market: MarketData;
  readonly listeners: MarketListeners;
  readonly symbol: string;
  /** How often a diff goes out (none when no id passed since the last). */
  readonly everyMs: number;
  readonly send: (diff: BookDiff) => void;
  readonly onError: (error: unknown, what: string) => void;
}

/** A diff stream of one market's book, from its recent changes on (see the top). */
export function diffStream(o: DiffStreamOptions): Source {
  const recent = o.market.recentDepth(o.symbol);
  let from = recent.from;
  const bids = new Map<number, number>(recent.bids);
  const asks = new Map<number, number>(recent.asks);
  const unlisten = o.listeners.listen(o.symbol, (c) => {
    if (c.kind !== 'level') return;
    (c.side === 'buy' ? bids : asks).set(c.price, c.qty);
  });
  const take = (levels: Map<number, number>, desc: boolean): Level[] => {
    const out = [...levels.entries()].sort(([x], [y]) => (desc ? y - x : x - y)).map(([p, q]): Level => [p as Price, q]);
    levels.clear();
    return out;
  };
  const timer = setInterval(() => {
    try {
      const u = o.market.lastUpdateId(o.symbol);
      if (u < from) return;
      const diff: BookDiff = { U: from, u, bids: take(bids, true), asks: take(asks, false) };
      from = u + 1;
      o.send(diff);
    } catch (error) {
      o.onError(error, `depth ${o.symbol}`);
    }
  }, o.everyMs);
  timer.unref();
  return {
    ready: Promise.resolve(),
    stop: () => {
      clearInterval(timer);
      unlisten();
    },
  };
}

/**
 * The best prices of one market when they changed (see the top): `view` answers the payload now and the text it is
 * compared by (the prices and quantities, no times).
 */
export function bestPrices(listeners: MarketListeners, symbol: string, view: () => { key: string; payload: unknown }, emit: (payload: unknown) => void): Source {
  let last = '';
  let due = false;
  let stopped = false;
  const check = () => {
    due = false;
    if (stopped) return;
    const now = view();
    if (now.key === last) return;
    last = now.key;
    emit(now.payload);
  };
  // Once per batch of level changes (a command's changes arrive together), not per level.
  const unlisten = listeners.listen(symbol, (c) => {
    if (c.kind !== 'level' || due) return;
    due = true;
    queueMicrotask(check);
  });
  // The best prices as they are, once, after the subscription's answer (a quiet book sends nothing else).
  const first = setTimeout(check, 0);
  return {
    ready: Promise.resolve(),
    stop: () => {
      stopped = true;
      clearTimeout(first);
      unlisten();
    },
    greet: () => view().payload,
  };
}
