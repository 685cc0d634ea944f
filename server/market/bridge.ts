// Feeds MarketData from a desk's bus events, exactly: the spot desk's books and trades (bridgeSpotToMarket), the perp
// desk's books (bridgePerpToMarket, into MarketData.books: perpBooks), the same way. Book events carry each changed
// level's new total and a gap-free seq per desk lifetime (epoch), so the bridge subscribes first, takes the desk's
// depth snapshot, resets MarketData's levels to it, drops buffered events the snapshot already reflects and applies
// the rest. A gap or a new epoch means something was lost: it re-snapshots instead of guessing. Trades are parsed from
// decimal text back to the market's ticks and lots; MarketData skips replays by trade id.
//
// Update ids (GET /api/v3/depth's and /fapi/v1/depth's lastUpdateId, the depth streams' U, u and pu) are the desk's,
// not this process's: a book event is id `epoch's opening time in ms × 1000 + seq` (bookUpdateId, desks/epoch.ts), a
// snapshot goes in as the id of the seq it reflects. So every gateway has the same id for the same book and a client's
// ids stay good on another gateway (it goes on with that one's diffs, no re-snapshot); and ids rise across desk
// lifetimes and restarts, as long as a lifetime averaged under 1000 book events per ms in a market and the next desk's
// clock is not behind the last one's. Should an id come out at or below the book's (such a clock), the book takes its
// own next id instead, said once per epoch: its ids still rise, but may differ from other gateways' until the next
// lifetime. Events of an epoch the book has moved on from are late (the newer snapshot holds them) and are dropped.
import type { Bus, Unsubscribe } from '../bus/index.ts';
import { epochTime } from '../desks/epoch.ts';
import { topics, type DeskEvent, type Reply, type DepthSnapshot as DeskDepth } from '../desks/index.ts';
import { parseDecimal, parsePrice, parseQty, type Amount, type Market, type PerpMarket, type Price, type Qty, type Side } from '../kernel/index.ts';
import type { SpotRepo, SpotTrade } from '../store/spot.ts';
import { MAX_SNAPSHOT_LIMIT } from './depth.ts';
import type { LevelChange, TradeInput } from './inputs.ts';
import { MarketData } from './service.ts';

type BookEvent = Extract<DeskEvent, { type: 'book' }>;
type TradeEvent = Extract<DeskEvent, { type: 'trade' }>;

/** Update ids per ms of a desk lifetime: the room its book events have below the next lifetime's ids. */
export const UPDATE_IDS_PER_MS = 1000;
/** Epochs a market remembers leaving: more than a takeover's late events can come from. */
const LEFT_EPOCHS = 16;
/** A snapshot from an epoch the book has left (a deposed desk answering for a moment) is asked again: how often, how long. */
const STALE_RETRY_MS = 50;
const STALE_RETRIES = 40;

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
  /** The epoch of the last snapshot taken (kept when a later one fails, so a new epoch still leaves it). */
  epoch: string | null;
  seq: number;
  /** False until a snapshot was taken, and after one failed: the next event takes one. */
  synced: boolean;
  /** Events held while a snapshot is being taken; null when not taking one. */
  buffer: BookEvent[] | null;
  /** Epochs moved on from, newest last. */
  readonly left: string[];
  /** The epoch whose ids came out at or below the book's, once said. */
  behind: string | null;
}

/** The update id of the book of desk lifetime `epoch` at `seq` (the same on every gateway; see the top). */
export function bookUpdateId(epoch: string, seq: number): number {
  return (epochTime(epoch) ?? 0) * UPDATE_IDS_PER_MS + seq;
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

/** The level changes that take `market`'s levels of one symbol to `snap`'s (levels that went away at 0). */
function changesTo(md: MarketData, m: Market, snap: DeskDepth): LevelChange[] {
  const current = md.depth(m.symbol, MAX_SNAPSHOT_LIMIT);
  const wanted = [...levelChanges(m, 'buy', snap.bids), ...levelChanges(m, 'sell', snap.asks)];
  const keep = new Set(wanted.map((c) => `${c.side}:${c.price}`));
  const gone = [
    ...current.bids.map(([price]) => ({ symbol: m.symbol, side: 'buy' as const, price, qty: 0 })),
    ...current.asks.map(([price]) => ({ symbol: m.symbol, side: 'sell' as const, price, qty: 0 })),
  ].filter((c) => !keep.has(`${c.side}:${c.price}`));
  return [...gone, ...wanted];
}

/** The spot desk's books and trades → market data (live.ts). */
export function bridgeSpotToMarket(o: BridgeOptions): Bridge {
  return bridgeDesk(o, topics.book, true);
}

/**
 * The perp desk's books → market data (perpBooks), numbered as the spot desk's: its update ids are the same on every
 * gateway. Its trades are not fed: the perpetuals' are served from the perp store and `perp.<SYMBOL>.trade`.
 */
export function bridgePerpToMarket(o: BridgeOptions): Bridge {
  return bridgeDesk(o, topics.perpBook, false);
}

/** The perpetuals' books: market data of books alone (MarketData.books) over the perp desk's markets, bridged. */
export function perpBooks(o: Omit<BridgeOptions, 'market' | 'desk'> & { readonly desk: BridgeOptions['desk'] & { markets(): PerpMarket[] } }): { market: MarketData; bridge: Bridge } {
  const market = MarketData.books(o.desk.markets().map((m) => m.market));
  return { market, bridge: bridgePerpToMarket({ ...o, market }) };
}

function bridgeDesk(o: BridgeOptions, bookTopic: (symbol: string) => string, trades: boolean): Bridge {
  const { market: md } = o;
  const unsubscribes: Unsubscribe[] = [];
  const syncs = new Map<string, Sync>();
  let closed = false;

  /** Puts in level changes as the book at (epoch, seq): as one update id, so published diffs stay continuous. */
  const put = (m: Market, s: Sync, changes: readonly LevelChange[], epoch: string, seq: number) => {
    const current = md.lastUpdateId(m.symbol);
    let id = bookUpdateId(epoch, seq);
    if (id <= current) {
      if (epochTime(epoch) !== null && s.behind !== epoch) {
        s.behind = epoch;
        o.onError(new RangeError(`${m.symbol}: update id ${id} of epoch ${epoch} is not above the book's ${current}; counting on from the book's`), m.symbol);
      }
      id = current + 1;
    }
    md.onBook(m.symbol, changes, id);
  };

  const apply = (m: Market, s: Sync, e: BookEvent) => {
    put(m, s, [...levelChanges(m, 'buy', e.bids), ...levelChanges(m, 'sell', e.asks)], e.epoch, e.seq);
    s.seq = e.seq;
  };

  const depth = async (m: Market, s: Sync): Promise<DeskDepth> => {
    for (let tries = 0; ; tries++) {
      const snap = must(await o.desk.depth(m.symbol, MAX_SNAPSHOT_LIMIT), `${m.symbol} depth`);
      if (!s.left.includes(snap.epoch) || closed) return snap;
      if (tries === STALE_RETRIES) throw new RangeError(`${m.symbol} depth: still answered by the ended desk lifetime ${snap.epoch}`);
      await new Promise((resolve) => setTimeout(resolve, STALE_RETRY_MS));
    }
  };

  const resync = async (m: Market, s: Sync, first: BookEvent[]): Promise<void> => {
    s.buffer = first;
    try {
      const snap = await depth(m, s);
      if (closed) return;
      if (snap.epoch !== s.epoch) {
        if (s.epoch !== null) {
          s.left.push(s.epoch);
          if (s.left.length > LEFT_EPOCHS) s.left.shift();
        }
        put(m, s, changesTo(md, m, snap), snap.epoch, snap.seq);
        s.epoch = snap.epoch;
        s.seq = snap.seq;
      } else if (snap.seq > s.seq) {
        put(m, s, changesTo(md, m, snap), snap.epoch, snap.seq);
        s.seq = snap.seq;
      } // else the book is at this seq already (the snapshot before failed on the way, or came from a slow reader)
      s.synced = true;
      const held = s.buffer;
      s.buffer = null;
      // Held events of another epoch came before this snapshot was asked for: it holds them, or (a newer epoch's,
      // answered for by a deposed desk) the next event of theirs takes a snapshot again.
      for (const e of held) if (e.epoch === s.epoch) onBook(m, s, e);
    } catch (error) {
      // Left unsynced: the next book event tries again.
      s.buffer = null;
      s.synced = false;
      o.onError(error, m.symbol);
    }
  };

  function onBook(m: Market, s: Sync, e: BookEvent): void {
    if (s.buffer !== null) {
      s.buffer.push(e);
      return;
    }
    if (s.left.includes(e.epoch)) return; // a lifetime the book has moved on from
    if (s.synced && e.epoch === s.epoch && e.seq <= s.seq) return; // already in the snapshot
    if (s.synced && e.epoch === s.epoch && e.seq === s.seq + 1) return apply(m, s, e);
    void resync(m, s, [e]);
  }

  const started: Promise<void>[] = [];
  for (const symbol of md.symbols) {
    const m = md.market(symbol)!;
    const s: Sync = { epoch: null, seq: 0, synced: false, buffer: null, left: [], behind: null };
    syncs.set(symbol, s);
    // Subscribe before the snapshot, so nothing between them is missed.
    unsubscribes.push(
      o.bus.subscribe(bookTopic(symbol), (e) => {
        if (e.type !== 'book' || closed) return;
        try {
          onBook(m, s, e);
        } catch (error) {
          o.onError(error, symbol);
        }
      }),
    );
    if (trades) {
      unsubscribes.push(
        o.bus.subscribe(topics.trades(symbol), (e) => {
          if (e.type !== 'trade' || closed) return;
          try {
            md.onTrade(tradeFromEvent(m, e));
          } catch (error) {
            o.onError(error, symbol);
          }
        }),
      );
    }
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
export async function replayStoredTrades(spot: Pick<SpotRepo, 'recentTrades' | 'tradesBetween'>, md: MarketData, limit = 1000): Promise<void> {
  for (const symbol of md.symbols) {
    const m = md.market(symbol)!;
    const feed = (t: SpotTrade) =>
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
    const recent = (await spot.recentTrades(symbol, limit)).reverse();
    // The trades the stored bars have not counted yet may be more than `limit` (a stop under heavy trading, a writer
    // that took over late): those older than the latest `limit` go in first, a page at a time, oldest first.
    const counted = md.candlesCountedThrough(symbol);
    const oldest = recent[0]?.tradeNo;
    if (counted !== null && oldest !== undefined && oldest > counted + 1) {
      for (let after = counted; ; ) {
        const page = await spot.tradesBetween(symbol, after, oldest, REPLAY_PAGE);
        for (const t of page) feed(t);
        if (page.length < REPLAY_PAGE) break;
        after = page[page.length - 1]!.tradeNo;
      }
    }
    for (const t of recent) feed(t);
  }
}

/** Stored trades read at a time when the bars are behind by more than the latest ones. */
const REPLAY_PAGE = 5_000;
