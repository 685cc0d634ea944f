// Feeds MarketData from the spot desk's bus events, exactly: book events carry each changed level's new total and a
// gap-free seq per desk lifetime (epoch), so the bridge subscribes first, takes the desk's depth snapshot, resets
// MarketData's levels to it, drops buffered events the snapshot already reflects and applies the rest. A gap or a
// new epoch means something was lost: it re-snapshots instead of guessing. Trades are parsed from decimal text back
// to the market's ticks and lots; MarketData skips replays by trade id.
import type { Bus, Unsubscribe } from '../bus/index.ts';
import { topics, type DeskEvent, type Reply, type DepthSnapshot as DeskDepth } from '../desks/index.ts';
import { parseDecimal, parsePrice, parseQty, type Amount, type Market, type Price, type Qty, type Side } from '../kernel/index.ts';
import type { SpotRepo } from '../store/spot.ts';
import { MAX_SNAPSHOT_LIMIT } from './depth.ts';
import type { LevelChange, TradeInput } from './inputs.ts';
import type { MarketData } from './service.ts';

type BookEvent = Extract<DeskEvent, { type: 'book' }>;
type TradeEvent = Extract<DeskEvent, { type: 'trade' }>;

export interface BridgeOptions {
  readonly bus: Bus<DeskEvent>;
  readonly desk: { depth(symbol: string, levels: number): Promise<Reply<DeskDepth>> };
  readonly market: MarketData;
  readonly onError: (error: unknown, symbol: string) => void;
}

export interface Bridge {
  /** Resolves once every market's book has been snapshotted once (or failed to be). */
  readonly ready: Promise<void>;
  close(): void;
}

interface Sync {
  epoch: string | null;
  seq: number;
  /** Events held while a snapshot is being taken; null when in sync. */
  buffer: BookEvent[] | null;
}

function must<T>(r: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly code: string | number }, what: string): T {
  if (!r.ok) throw new RangeError(`${what}: ${r.code}`);
  return r.value;
}

export function levelChanges(m: Market, side: Side, levels: readonly (readonly [string, string])[]): LevelChange[] {
  return levels.map(([p, q]) => ({
    symbol: m.symbol,
    side,
    price: must(parsePrice(m, p), `${m.symbol} price ${p}`),
    qty: must(parseQty(m, q), `${m.symbol} qty ${q}`),
  }));
}

export function tradeFromEvent(m: Market, e: TradeEvent): TradeInput {
  const qty = must(parseQty(m, e.qty), `${m.symbol} qty ${e.qty}`);
  return {
    symbol: m.symbol,
    id: e.tradeId,
    price: must(parsePrice(m, e.price), `${m.symbol} price ${e.price}`),
    qty,
    quote: must(parseDecimal(e.quote), `${m.symbol} quote ${e.quote}`) as Amount,
    base: (BigInt(qty) * m.lotSize) as Amount,
    time: e.time,
    takerSide: e.takerSide,
  };
}

/** Sets `market`'s levels of one symbol to `snap` as level changes, so published diffs stay continuous. */
function resetTo(md: MarketData, m: Market, snap: DeskDepth): void {
  const current = md.depth(m.symbol, MAX_SNAPSHOT_LIMIT);
  const wanted = [...levelChanges(m, 'buy', snap.bids), ...levelChanges(m, 'sell', snap.asks)];
  const keep = new Set(wanted.map((c) => `${c.side}:${c.price}`));
  const gone = [
    ...current.bids.map(([price]) => ({ symbol: m.symbol, side: 'buy' as const, price, qty: 0 })),
    ...current.asks.map(([price]) => ({ symbol: m.symbol, side: 'sell' as const, price, qty: 0 })),
  ].filter((c) => !keep.has(`${c.side}:${c.price}`));
  md.onLevels([...gone, ...wanted]);
}

export function bridgeSpotToMarket(o: BridgeOptions): Bridge {
  const { market: md } = o;
  const unsubscribes: Unsubscribe[] = [];
  const syncs = new Map<string, Sync>();
  let closed = false;

  const apply = (m: Market, s: Sync, e: BookEvent) => {
    md.onLevels([...levelChanges(m, 'buy', e.bids), ...levelChanges(m, 'sell', e.asks)]);
    s.seq = e.seq;
  };

  const resync = async (m: Market, s: Sync, first: BookEvent[]): Promise<void> => {
    s.buffer = first;
    try {
      const snap = must(await o.desk.depth(m.symbol, MAX_SNAPSHOT_LIMIT), `${m.symbol} depth`);
      if (closed) return;
      resetTo(md, m, snap);
      s.epoch = snap.epoch;
      s.seq = snap.seq;
      const held = s.buffer;
      s.buffer = null;
      for (const e of held) onBook(m, s, e);
    } catch (error) {
      // Left unsynced: the next book event finds a gap (or the held ones) and tries again.
      s.buffer = null;
      s.epoch = null;
      o.onError(error, m.symbol);
    }
  };

  function onBook(m: Market, s: Sync, e: BookEvent): void {
    if (s.buffer !== null) {
      s.buffer.push(e);
      return;
    }
    if (e.epoch === s.epoch && e.seq <= s.seq) return; // already in the snapshot
    if (e.epoch === s.epoch && e.seq === s.seq + 1) return apply(m, s, e);
    void resync(m, s, [e]);
  }

  const started: Promise<void>[] = [];
  for (const symbol of md.symbols) {
    const m = md.market(symbol)!;
    const s: Sync = { epoch: null, seq: 0, buffer: null };
    syncs.set(symbol, s);
    // Subscribe before the snapshot, so nothing between them is missed.
    unsubscribes.push(
      o.bus.subscribe(topics.book(symbol), (e) => {
        if (e.type !== 'book' || closed) return;
        try {
          onBook(m, s, e);
        } catch (error) {
          o.onError(error, symbol);
        }
      }),
      o.bus.subscribe(topics.trades(symbol), (e) => {
        if (e.type !== 'trade' || closed) return;
        try {
          md.onTrade(tradeFromEvent(m, e));
        } catch (error) {
          o.onError(error, symbol);
        }
      }),
    );
    started.push(resync(m, s, []));
  }

  return {
    ready: Promise.all(started).then(() => undefined),
    close() {
      closed = true;
      for (const u of unsubscribes) u();
    },
  };
}

/**
 * After a restart: puts each market's newest stored trades back (oldest first), so recent trades are served and
 * any trade committed after the last candle write still reaches its bars (bars and the ticker skip the rest by id).
 */
export async function replayStoredTrades(spot: Pick<SpotRepo, 'recentTrades'>, md: MarketData, limit = 1000): Promise<void> {
  for (const symbol of md.symbols) {
    const m = md.market(symbol)!;
    const rows = await spot.recentTrades(symbol, limit);
    for (const t of rows.reverse()) {
      md.onTrade({
        symbol,
        id: t.tradeNo,
        price: Number(t.price / m.tickSize) as Price,
        qty: Number(t.qty / m.lotSize) as Qty,
        quote: t.quote as Amount,
        base: t.qty as Amount,
        time: t.time,
        takerSide: t.takerSide,
      });
    }
  }
}
