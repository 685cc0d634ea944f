// The public price record: every market's index price, at least once a second, appended to one hash chain per
// market (contract/seconds-record.ts: canonical encoding and SHA-256) and made durable before anything reads it.
// The index is kernel indexPrice over the market's sources (server.ts): the external index alone, with our own spot
// book's mid and last trade recorded beside it for comparison (weight 0: our book never moves the index), for every
// spot market; `sources` names those inputs. A market without a fresh external price gets no entry. Seconds
// contracts open and settle on these entries, and the perpetuals' marks, funding and liquidations take their index
// from the latest entry (server.ts wires it), so one record is what anyone recomputes them from.
//
// Durability: an entry is visible (latest, atOrBefore, listeners, the bus) only once its transaction committed, so
// nothing can use an entry a crash would lose. `knownThrough()` is the instant up to which the record is final:
// while an append is in flight, just before its entries' time; otherwise now, and the next append then carries a
// later time (at least 1 ms after what was declared final), so nothing can land behind an instant already used.
import type { Clock } from '../clock.ts';
import type { Bus } from '../bus/index.ts';
import { topics, type DeskEvent } from '../desks/events.ts';
import { GENESIS_HASH, entryAtOrBefore, priceRecordHash, unitsText } from '../contract/seconds-record.ts';
import type { PriceRecordEntry } from '../contract/seconds.ts';
import { indexPrice, type IndexSource } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';

export const RECORD_INTERVAL_MS = 1_000;
/** Entries kept in memory per market (about 15 minutes at one a second); older ones are read from the store. */
export const RECORD_WINDOW = 900;


export interface NamedSource extends IndexSource {
  /**
   * How `sources` names it: ext (the external index), mid and last (our spot book's, `own`: weight 0), or forced
   * (a test build's override).
   */
  readonly name: string;
}

export interface PriceRecordOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly markets: readonly string[];
  /** A market's index inputs now (server.ts: the external index, and our spot book's mid and last as `own`). */
  readonly sources: (market: string) => NamedSource[];
  readonly bus?: Bus<DeskEvent> | undefined;
  readonly intervalMs?: number | undefined;
  /** false: no timer; the caller calls tick(). */
  readonly timer?: boolean | undefined;
  readonly onError: (error: unknown) => void;
}

export interface PriceRecord {
  /** Records every market's index once (skipping a market without a usable index). Serialised. */
  tick(): Promise<PriceRecordEntry[]>;
  /** The latest durable entry of a market. */
  latest(market: string): PriceRecordEntry | undefined;
  /** The last durable entry at or before `ts`: memory first, then the store. */
  atOrBefore(market: string, ts: number): Promise<PriceRecordEntry | undefined>;
  /** From memory only (null: not in the window, ask atOrBefore). */
  atOrBeforeCached(market: string, ts: number): PriceRecordEntry | null | undefined;
  /**
   * The first durable entry with a time after `ts`, from memory only: undefined when there is none yet, null when
   * the window can't tell (it starts after `ts`: ask the store).
   */
  firstAfterCached(market: string, ts: number): PriceRecordEntry | null | undefined;
  /** The record is final up to this instant: no entry with a time at or before it can still appear. */
  knownThrough(): number;
  /**
   * The acceptance instant of a contract accepted now (it opens on the first entry after it): at or after every entry
   * written or being written (whose inputs were already read), and before every entry still to come, whose inputs
   * are read afterwards. It is declared final, so the next entry carries a later time.
   */
  acceptanceTs(): number;
  /** Told after each durable append (the seconds desk settles what became due). */
  onAppend(listener: (entries: readonly PriceRecordEntry[]) => void): void;
  readonly markets: readonly string[];
  stop(): Promise<void>;
}

/** `ext:50010.5,mid:50011,last:50012` (sources without a price leave out; none of it contains "|"). */
export function sourcesText(sources: readonly NamedSource[]): string {
  return sources
    .filter((s) => s.price !== null && s.price > 0n)
    .map((s) => `${s.name}:${unitsText(s.price as bigint)}`)
    .join(',');
}

export async function startPriceRecord(o: PriceRecordOptions): Promise<PriceRecord> {
  const windows = new Map<string, PriceRecordEntry[]>();
  for (const head of await o.store.seconds.heads()) windows.set(head.market, [head]);
  const listeners: Array<(entries: readonly PriceRecordEntry[]) => void> = [];
  let inFlightTs: number | null = null;
  /** The latest instant knownThrough() declared final: no later entry may carry a time at or before it. */
  let promised = 0;
  let running: Promise<PriceRecordEntry[]> | null = null;
  let stopped = false;

  let latestTs = Math.max(0, ...[...windows.values()].map((w) => w.at(-1)?.ts ?? 0));

  async function round(): Promise<PriceRecordEntry[]> {
    // Never at or before an instant already declared final (knownThrough), never before the last entry.
    const ts = Math.max(o.clock(), promised + 1, latestTs + 1);
    inFlightTs = ts;
    try {
      const out: PriceRecordEntry[] = [];
      for (const market of o.markets) {
        const sources = o.sources(market);
        const price = indexPrice(sources, ts);
        if (price === null || price <= 0n) continue;
        const prev = windows.get(market)?.at(-1);
        const body = { seq: (prev?.seq ?? 0) + 1, market, ts, price: unitsText(price), sources: sourcesText(sources), prevHash: prev?.hash ?? GENESIS_HASH };
        out.push({ ...body, hash: await priceRecordHash(body) });
      }
      if (out.length === 0) return out;
      await o.store.writeQueries(o.store.seconds.appendQueries(out));
      latestTs = ts;
      for (const e of out) {
        let w = windows.get(e.market);
        if (w === undefined) windows.set(e.market, (w = []));
        w.push(e);
        if (w.length > RECORD_WINDOW * 2) w.splice(0, w.length - RECORD_WINDOW);
        o.bus?.publish(topics.priceRecord(e.market), { type: 'priceRecord', entry: e });
      }
      inFlightTs = null;
      for (const l of listeners) l(out);
      return out;
    } finally {
      inFlightTs = null;
    }
  }

  const tick = (): Promise<PriceRecordEntry[]> => {
    if (stopped) return Promise.resolve([]);
    running ??= round().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = o.timer === false ? null : setInterval(() => void tick().catch(o.onError), o.intervalMs ?? RECORD_INTERVAL_MS);
  timer?.unref();

  const cached = (market: string, ts: number): PriceRecordEntry | null | undefined => {
    const w = windows.get(market);
    if (w === undefined || w.length === 0) return undefined;
    if (ts < w[0]!.ts) return null;
    return entryAtOrBefore(w, ts) ?? undefined;
  };

  const firstAfterCached = (market: string, ts: number): PriceRecordEntry | null | undefined => {
    const w = windows.get(market);
    if (w === undefined || w.length === 0) return null;
    if (ts < w[0]!.ts) return null;
    let lo = 0;
    let hi = w.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (w[mid]!.ts <= ts) lo = mid + 1;
      else hi = mid;
    }
    return w[lo];
  };

  return {
    tick,
    markets: o.markets,
    latest: (market) => windows.get(market)?.at(-1),
    atOrBeforeCached: cached,
    firstAfterCached,
    async atOrBefore(market, ts) {
      const c = cached(market, ts);
      if (c !== null && c !== undefined) return c;
      return o.store.seconds.atOrBefore(market, ts);
    },
    knownThrough: () => {
      if (inFlightTs !== null) return inFlightTs - 1;
      promised = Math.max(promised, o.clock(), latestTs);
      return promised;
    },
    acceptanceTs: () => {
      // An append in flight read its inputs before now: its entry must not be one to open on.
      promised = Math.max(promised, o.clock(), latestTs, inFlightTs ?? 0);
      return promised;
    },
    onAppend: (listener) => void listeners.push(listener),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
