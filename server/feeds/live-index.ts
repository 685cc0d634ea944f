// The running index: the seeded simulator stepped on the clock's grid, every tick appended to its market's hash
// chain, the latest record per market kept for indexPrice(). The chains' last records are saved in one
// system_config row (a few hundred bytes, every few seconds and at close), so a restart continues each chain
// and the simulated price from where it stopped instead of jumping back to the profiles' starting prices.
import type { Clock } from '../clock.ts';
import { parsePrice, type Market, type Price } from '../kernel/index.ts';
import type { ConfigRepo } from '../store/config.ts';
import type { IndexRecord } from './chain.ts';
import { COIN_PROFILES } from './coins.ts';
import { createIndexRecorder } from './recorder.ts';
import { sha256Hex } from './sha256.ts';
import { simulatedFeed } from './simulated-feed.ts';
import type { IndexTick } from './types.ts';
import { createSimulator, simMarkets } from './simulator.ts';

/** system_config key of the saved last records (not in the public config list). */
export const INDEX_STATE_KEY = 'index.last';
export const DEFAULT_SEED = 20_260_101;

export interface LiveIndexOptions {
  readonly config: Pick<ConfigRepo, 'get' | 'set'>;
  readonly markets: readonly Market[];
  readonly clock: Clock;
  readonly seed?: number | undefined;
  /** false: no simulator; prices stay at the saved records (or none). */
  readonly simulate?: boolean | undefined;
  readonly intervalMs?: number | undefined;
  readonly saveEveryMs?: number | undefined;
  /**
   * Start without the feed's timer: the caller steps the simulator with advance() (the demo's backfill of a
   * simulated past, on a driven clock) and starts the timer with resume().
   */
  readonly paused?: boolean | undefined;
  /** Told every record appended to a chain, in order (the backfill's and the timer's alike). */
  readonly onRecord?: ((record: IndexRecord) => void) | undefined;
  readonly onError: (error: unknown) => void;
}

export interface LiveIndex {
  /** The latest recorded price in ticks, or null before the market's first record. */
  price(symbol: string): Price | null;
  last(symbol: string): IndexRecord | undefined;
  /**
   * Steps the simulator to `time` and records its ticks exactly as the timer does (a paused index only; the
   * timer's grid is not needed: any time after the last step). No-op without a simulator.
   */
  advance(time: number): void;
  /** Starts the feed's timer of a paused index (once); it continues from the last advance(). */
  resume(): void;
  /** Stops the feed and saves the last records. */
  close(): Promise<void>;
}

function isRecord(v: unknown): v is IndexRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.symbol === 'string' && typeof r.seq === 'number' && typeof r.time === 'number' && typeof r.price === 'string' && typeof r.prev === 'string' && typeof r.hash === 'string';
}

async function loadRecords(config: LiveIndexOptions['config'], markets: ReadonlyMap<string, Market>): Promise<IndexRecord[]> {
  const text = await config.get(INDEX_STATE_KEY);
  if (text === null) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isRecord).filter((r) => markets.has(r.symbol) && parsePrice(markets.get(r.symbol)!, r.price).ok) : [];
  } catch {
    return []; // a damaged row only costs the resume
  }
}

export async function startLiveIndex(o: LiveIndexOptions): Promise<LiveIndex> {
  const bySymbol = new Map(o.markets.map((m) => [m.symbol, m]));
  const resume = await loadRecords(o.config, bySymbol);
  const recorder = createIndexRecorder({ hasher: sha256Hex, markets: o.markets, resume });
  const prices = new Map<string, Price>();
  for (const r of resume) {
    const p = parsePrice(bySymbol.get(r.symbol)!, r.price);
    if (p.ok) prices.set(r.symbol, p.value);
  }

  let dirty = false;
  let stopFeed = (): void => undefined;
  let advance = (_time: number): void => undefined;
  let startFeed = (): void => undefined;
  if (o.simulate ?? true) {
    // A market the operator added for a coin without a demo profile simply has no simulated index (null).
    const simulated = o.markets.filter((m) => COIN_PROFILES[m.base] !== undefined);
    const sim = createSimulator({ seed: o.seed ?? DEFAULT_SEED, start: o.clock(), markets: simMarkets(simulated), from: prices });
    const onTick = (tick: IndexTick) => {
      const last = recorder.last(tick.symbol);
      if (last !== undefined && tick.time < last.time) return; // a clock set back: the chain only moves forward
      try {
        const record = recorder.record(tick);
        prices.set(tick.symbol, tick.price);
        dirty = true;
        o.onRecord?.(record);
      } catch (error) {
        o.onError(error);
      }
    };
    let started = false;
    startFeed = () => {
      if (started) return;
      started = true;
      const feed = simulatedFeed(sim, { clock: o.clock, intervalMs: o.intervalMs });
      stopFeed = feed.subscribe(sim.symbols, onTick);
    };
    advance = (time) => {
      if (started) throw new Error('advance() is for a paused index; the feed is running');
      for (const tick of sim.step(time)) onTick(tick);
    };
    if (!(o.paused ?? false)) startFeed();
  }

  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    if (!dirty) return saving;
    dirty = false;
    const records = o.markets.map((m) => recorder.last(m.symbol)).filter((r) => r !== undefined);
    saving = saving.then(() => o.config.set(INDEX_STATE_KEY, JSON.stringify(records), o.clock())).catch(o.onError);
    return saving;
  };
  const saver = setInterval(() => void save(), o.saveEveryMs ?? 5_000);

  return {
    price: (symbol) => prices.get(symbol) ?? null,
    last: (symbol) => recorder.last(symbol),
    advance: (time) => advance(time),
    resume: () => startFeed(),
    async close() {
      stopFeed();
      clearInterval(saver);
      await save();
    },
  };
}
