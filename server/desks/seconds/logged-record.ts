// The public price record as a clustered seconds desk knows it (issue 26): only from its own command log. The jobs
// process writes the record (jobs/price-record.ts) and, once each round is durable, sends its entries to the desk as
// a `recordEntries` command, then `deliverDue` (desk.ts). So at every place in the log the desk's view of the record
// (the latest entry of each market, the instant it is final through, a contract's acceptance instant) is a function
// of the log before it: a placement, an opening or a settlement applied again from the log, by any process, at any
// time, sees the same entries and gives the same result. Entries older than the window are read from the store,
// where the record is written before its entries are sent and never changed.
// - `knownThrough()` is just before the latest entry's instant: a round's entries share one instant and come in one
//   command, and rounds come in order, so every entry before it is known;
// - `acceptanceTs()` is the latest entry's instant: a contract placed by a command at log time t opens on the first
//   entry after max(t, that instant). An entry sent after the placement but recorded before t does not open it; one
//   recorded after t has inputs read after the placement was logged. The log's clock and the record writer's must
//   agree (one host, or NTP), as for the follower this replaces.
// The desk writes what it has seen with each batch that changed it (the setting `seconds.record`: each market's
// latest seq and instant), and a restarted desk opens with exactly that, so its view at the store's log position is
// the one it had there (a setting that does not read leaves its markets waiting for their next entries: a desk that
// knows less opens and settles later, never on a wrong entry).
import { entryAtOrBefore } from '../../contract/seconds-record.ts';
import type { PriceRecordEntry } from '../../contract/seconds.ts';
import type { Store } from '../../store/index.ts';
import type { RecordReader } from './desk.ts';

/** Entries kept per market (a quarter of an hour at one a second); older ones are read from the store. */
const WINDOW = 900;
/** Most entries one command may carry (a round has one per market). */
const MAX_ENTRIES = 1_000;
/** The setting a seconds desk writes with the record it has seen. */
export const RECORD_SEEN_KEY = 'seconds.record';

const HASH = /^[0-9a-f]{64}$/;
const PRICE = /^\d{1,20}(\.\d{1,8})?$/;

/** A `recordEntries` payload checked at the edge (null: malformed). Continuity with what is known is `add`'s. */
export function parseRecordEntries(x: unknown, markets: readonly string[]): PriceRecordEntry[] | null {
  if (!Array.isArray(x) || x.length === 0 || x.length > MAX_ENTRIES) return null;
  const out: PriceRecordEntry[] = [];
  for (const e of x as unknown[]) {
    if (typeof e !== 'object' || e === null) return null;
    const { seq, market, ts, price, sources, prevHash, hash } = e as Record<string, unknown>;
    if (typeof market !== 'string' || !markets.includes(market)) return null;
    if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) return null;
    if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < 1) return null;
    if (typeof price !== 'string' || !PRICE.test(price)) return null;
    if (typeof sources !== 'string' || sources.length > 1_000) return null;
    if (typeof prevHash !== 'string' || !HASH.test(prevHash) || typeof hash !== 'string' || !HASH.test(hash)) return null;
    out.push({ seq, market, ts, price, sources, prevHash, hash });
  }
  return out;
}

export class LoggedRecord implements RecordReader {
  readonly markets: readonly string[];
  private readonly store: Store;
  private readonly windows = new Map<string, PriceRecordEntry[]>();
  private latestTs = 0;

  private constructor(store: Store, markets: readonly string[]) {
    this.store = store;
    this.markets = markets;
  }

  /** The record as the desk last wrote it had seen (nothing before its first `recordEntries`). */
  static async open(store: Store): Promise<LoggedRecord> {
    const markets = (await store.markets.configs('spot')).map((m) => m.symbol);
    const record = new LoggedRecord(store, markets);
    const text = await store.config.get(RECORD_SEEN_KEY);
    const seen = text === null ? {} : parseSeen(text);
    for (const [market, { seq, ts }] of Object.entries(seen)) {
      if (!markets.includes(market)) continue;
      // The store holds every entry before it is sent; one it does not (a restored older backup) is not guessed at:
      // the market waits for its next entries, and nothing opens or settles on it meanwhile.
      const head = await store.seconds.atOrBefore(market, ts);
      if (head === undefined || head.seq !== seq) continue;
      record.windows.set(market, [head]);
      record.latestTs = Math.max(record.latestTs, head.ts);
    }
    return record;
  }

  /**
   * Which of `entries` are new, checked against what is known: null when one breaks a market's chain (a seq already
   * seen with another hash, or the next one not linked to the last), so the command changes nothing. Old entries are
   * left out; a gap (a round that never came) is accepted, the window starting again at the entry after it.
   */
  fresh(entries: readonly PriceRecordEntry[]): PriceRecordEntry[] | null {
    const last = new Map<string, PriceRecordEntry>();
    const out: PriceRecordEntry[] = [];
    for (const e of entries) {
      const prev = last.get(e.market) ?? this.windows.get(e.market)?.at(-1);
      if (prev !== undefined && e.seq <= prev.seq) {
        if (e.seq === prev.seq && e.hash !== prev.hash) return null;
        continue;
      }
      if (prev !== undefined && (e.seq === prev.seq + 1 ? e.prevHash !== prev.hash || e.ts <= prev.ts : e.ts <= prev.ts)) return null;
      last.set(e.market, e);
      out.push(e);
    }
    return out;
  }

  /** Adds entries `fresh` answered (in a command's apply). */
  add(entries: readonly PriceRecordEntry[]): void {
    for (const e of entries) {
      const w = this.windows.get(e.market);
      const last = w?.at(-1);
      if (w === undefined || last === undefined || e.seq !== last.seq + 1) this.windows.set(e.market, [e]);
      else {
        w.push(e);
        if (w.length > WINDOW * 2) w.splice(0, w.length - WINDOW);
      }
      this.latestTs = Math.max(this.latestTs, e.ts);
    }
  }

  /** The setting's value: each market's latest seq and instant. */
  seenText(): string {
    const seen: Record<string, { seq: number; ts: number }> = {};
    for (const market of [...this.windows.keys()].sort()) {
      const last = this.windows.get(market)!.at(-1)!;
      seen[market] = { seq: last.seq, ts: last.ts };
    }
    return JSON.stringify(seen);
  }

  latest(market: string): PriceRecordEntry | undefined {
    return this.windows.get(market)?.at(-1);
  }

  atOrBeforeCached(market: string, ts: number): PriceRecordEntry | null | undefined {
    const w = this.windows.get(market);
    if (w === undefined || w.length === 0) return undefined;
    if (ts < w[0]!.ts) return null;
    return entryAtOrBefore(w, ts) ?? undefined;
  }

  firstAfterCached(market: string, ts: number): PriceRecordEntry | null | undefined {
    const w = this.windows.get(market);
    if (w === undefined || w.length === 0 || ts < w[0]!.ts) return null;
    return w.find((e) => e.ts > ts);
  }

  async atOrBefore(market: string, ts: number): Promise<PriceRecordEntry | undefined> {
    const c = this.atOrBeforeCached(market, ts);
    if (c !== null && c !== undefined) return c;
    return this.store.seconds.atOrBefore(market, ts);
  }

  knownThrough(): number {
    return this.latestTs - 1;
  }

  acceptanceTs(): number {
    return this.latestTs;
  }
}

/** The setting's markets (what does not read is left out: the desk then waits for the next entries of those markets). */
function parseSeen(text: string): Record<string, { seq: number; ts: number }> {
  const out: Record<string, { seq: number; ts: number }> = {};
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return out;
  }
  if (typeof x !== 'object' || x === null) return out;
  for (const [market, v] of Object.entries(x)) {
    const { seq, ts } = (v ?? {}) as { seq?: unknown; ts?: unknown };
    if (typeof seq === 'number' && Number.isSafeInteger(seq) && typeof ts === 'number' && Number.isSafeInteger(ts)) out[market] = { seq, ts };
  }
  return out;
}

/** What `sendRound` needs of a seconds desk (its face). */
export interface RoundDesk {
  recordEntries(entries: readonly PriceRecordEntry[]): Promise<{ readonly ok: boolean; readonly code?: string }>;
  deliverDue(): Promise<{ readonly ok: true; readonly value: { readonly handled: number; readonly more: boolean } } | { readonly ok: false; readonly code: string }>;
}

/**
 * Sends a durable round of the record into the seconds desk's log, then `deliverDue` until nothing more is due (the
 * first sent right behind the entries, so it applies after them), or until one moves no contract on: what is due then
 * waits for an entry the desk can't read (a store restored without part of the record), and asking again would spin;
 * the next round asks again. Nothing is lost by waiting: a contract settles on the entry at or before its delivery
 * whenever it is delivered. Rejects on a refusal.
 */
export async function sendRound(desk: RoundDesk, entries: readonly PriceRecordEntry[]): Promise<void> {
  const sent = desk.recordEntries(entries);
  let due = desk.deliverDue();
  // Awaited only after `sent`: if that rejects first (the desk gone, the process stopping), this one's rejection is
  // the same news and must not go unhandled.
  due.catch(() => undefined);
  const r = await sent;
  if (!r.ok) {
    throw new Error(`the seconds desk refused a round of the price record: ${r.code ?? 'refused'}`);
  }
  for (;;) {
    const d = await due;
    if (!d.ok) throw new Error(`the seconds desk refused its deliveries: ${d.code}`);
    if (!d.value.more || d.value.handled === 0) return;
    due = desk.deliverDue();
  }
}
