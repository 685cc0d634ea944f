// The public price record as a clustered seconds desk reads it (issue 26): the jobs process writes the record
// (jobs/price-record.ts) and publishes each durable entry on the bus; this follows those events, with the store as
// the source of anything not in memory. It answers the seconds desk's RecordReader as the writer does in the embedded
// server, with the rules that keep it honest across processes:
// - an entry is known only once the writer published it, i.e. after its commit;
// - `knownThrough()` is just before the latest entry seen: the writer appends every market of a round at one instant,
//   in rounds one after another, so once any entry of instant T arrived every entry before T has (an entry of T for
//   another market may still be on its way);
// - `acceptanceTs()` is now (or the latest entry, if later): a contract opens on the first entry after it, whose
//   inputs the writer reads after this instant. The desk's and the writer's clocks must agree (one host, or NTP):
//   a writer clock ahead by δ would let an entry whose inputs were read up to δ before the acceptance open it.
// A missed event (a gap in a market's seq) drops the window back to the entry that revealed it, so older reads go to
// the store rather than to a window with a hole.
import type { Bus } from '../bus/index.ts';
import type { Clock } from '../clock.ts';
import { entryAtOrBefore } from '../contract/seconds-record.ts';
import type { PriceRecordEntry } from '../contract/seconds.ts';
import type { DeskEvent } from '../desks/events.ts';
import type { RecordReader } from '../desks/seconds/desk.ts';
import type { Store } from '../store/index.ts';

/** Entries kept per market (the writer keeps as many). */
const WINDOW = 600;

export interface RecordFollower extends RecordReader {
  /** Told after each entry arrives (the desk settles what became due). */
  onAppend(listener: (entry: PriceRecordEntry) => void): void;
  stop(): void;
}

export async function followPriceRecord(o: { readonly store: Store; readonly bus: Bus<DeskEvent>; readonly clock: Clock }): Promise<RecordFollower> {
  const markets = (await o.store.markets.configs('spot')).map((m) => m.symbol);
  const windows = new Map<string, PriceRecordEntry[]>();
  const listeners: Array<(entry: PriceRecordEntry) => void> = [];
  let latestTs = 0;
  const take = (e: PriceRecordEntry): void => {
    const w = windows.get(e.market);
    const last = w?.at(-1);
    if (last !== undefined && e.seq <= last.seq) return; // seen already (the heads read raced the event)
    if (w === undefined || last === undefined || e.seq !== last.seq + 1) windows.set(e.market, [e]);
    else {
      w.push(e);
      if (w.length > WINDOW * 2) w.splice(0, w.length - WINDOW);
    }
    latestTs = Math.max(latestTs, e.ts);
    for (const l of listeners) l(e);
  };
  // Subscribed before the heads are read, so nothing written in between is missed.
  const unsubscribe = o.bus.subscribe('priceRecord.*', (event) => {
    if (event.type === 'priceRecord') take(event.entry);
  });
  for (const head of await o.store.seconds.heads()) take(head);

  const cached = (market: string, ts: number): PriceRecordEntry | null | undefined => {
    const w = windows.get(market);
    if (w === undefined || w.length === 0) return undefined;
    if (ts < w[0]!.ts) return null;
    return entryAtOrBefore(w, ts) ?? undefined;
  };
  return {
    markets,
    latest: (market) => windows.get(market)?.at(-1),
    atOrBeforeCached: cached,
    firstAfterCached: (market, ts) => {
      const w = windows.get(market);
      if (w === undefined || w.length === 0 || ts < w[0]!.ts) return null;
      return w.find((e) => e.ts > ts);
    },
    async atOrBefore(market, ts) {
      const c = cached(market, ts);
      if (c !== null && c !== undefined) return c;
      return o.store.seconds.atOrBefore(market, ts);
    },
    knownThrough: () => latestTs - 1,
    acceptanceTs: () => Math.max(o.clock(), latestTs),
    onAppend: (listener) => void listeners.push(listener),
    stop: () => unsubscribe(),
  };
}
