// The console's health page: each desk's queue and commit latency (measured where the desks commit:
// desks/sequencer.ts metrics), the store's round trip and size, the public listener's open sockets and
// subscriptions, the price record's head and how far behind it is, and each clock-driven job's last run as its own
// trace in the store shows it (a job that writes nothing can't be seen to run, so only those that leave a row are
// listed). Times are the injected clock's (what the records are stamped with); latencies are measured in real time.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { Clock } from '../clock.ts';
import type { OpsDeskHealth, OpsHealth } from '../contract/ops.ts';
import type { Desks } from '../desks/index.ts';
import { perpSymbols } from '../admin/perp.ts';
import { WALLETS, type Wallet } from '../kernel/index.ts';
import type { PriceRecordEntry } from '../contract/seconds.ts';
import type { Store } from '../store/index.ts';

/** What the console reads of the price record (jobs/price-record.ts PriceRecord). */
export interface PriceRecordHead {
  readonly markets: readonly string[];
  latest(market: string): PriceRecordEntry | undefined;
}

/** The public listener's WebSocket counts (server.ts gives them). */
export interface SocketCounts {
  open: number;
  subscriptions: number;
}

export interface OpsHealthDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly desks: Desks;
  readonly startedAt: number;
  readonly priceRecord?: (() => PriceRecordHead | null) | undefined;
  readonly sockets?: (() => SocketCounts) | undefined;
}

const DESK_NAME: Readonly<Record<Wallet, string>> = { coin: 'spot', contract: 'perp', seconds: 'seconds', earn: 'earn', fiat: 'fiat' };
const SECOND = 1000;
const HOUR = 3_600_000;

/** A job is late once its last run is older than this (fresh index prices: 10 s; funding every 8 h; the daily ones). */
const MAX_AGE: Readonly<Record<string, number>> = {
  'price record': 10 * SECOND,
  'perp marks': 10 * SECOND,
  'perp funding': 8 * HOUR + 10 * 60_000,
  'fee levels': 25 * HOUR,
  'invite commissions': 25 * HOUR,
  'liabilities snapshot': 25 * HOUR,
};

async function maxOf(store: Store, table: string, column: string): Promise<number | null> {
  const r = await sql<{ at: unknown }>`select max(${sql.ref(column)}) as at from ${sql.table(table)}`.execute(store.db);
  const at = r.rows[0]?.at;
  return at === null || at === undefined ? null : Number(at);
}

async function storeSize(store: Store): Promise<number | null> {
  try {
    if (store.dialect === 'sqlite') {
      const pages = await sql<{ page_count: number }>`pragma page_count`.execute(store.db);
      const size = await sql<{ page_size: number }>`pragma page_size`.execute(store.db);
      const n = pages.rows[0]?.page_count;
      const s = size.rows[0]?.page_size;
      return n === undefined || s === undefined ? null : Number(n) * Number(s);
    }
    const r = await sql<{ size: unknown }>`select pg_database_size(current_database()) as size`.execute(store.db);
    const size = r.rows[0]?.size;
    return size === undefined || size === null ? null : Number(size);
  } catch {
    return null;
  }
}

export async function opsHealth(d: OpsHealthDeps): Promise<OpsHealth> {
  const { store, clock } = d;
  const at = clock();
  const t0 = performance.now();
  let ok = true;
  try {
    await sql`select 1`.execute(store.db);
  } catch {
    ok = false;
  }
  const latencyMs = Math.round((performance.now() - t0) * 100) / 100;

  const desks: OpsDeskHealth[] = await Promise.all(WALLETS.map(async (wallet) => {
    const m = await d.desks.byWallet[wallet].metrics();
    return { desk: DESK_NAME[wallet], running: m.running, queue: m.queue, commitP50Ms: m.commitP50Ms, commitP99Ms: m.commitP99Ms, batchesPerMinute: m.batchesPerMinute };
  }));

  let head: PriceRecordEntry | null = null;
  const record = d.priceRecord?.() ?? null;
  for (const market of record?.markets ?? []) {
    const e = record?.latest(market);
    if (e !== undefined && (head === null || e.ts > head.ts)) head = e;
  }

  const lastRun: Array<[string, number | null]> = [['price record', head?.ts ?? null]];
  if (ok) {
    let mark: number | null = null;
    for (const symbol of await perpSymbols(store)) {
      const m = await store.perp.lastMark(symbol);
      if (m !== undefined && (mark === null || m.time > mark)) mark = m.time;
    }
    lastRun.push(['perp marks', mark]);
    lastRun.push(['perp funding', await maxOf(store, 'perp_funding', 'time')]);
    lastRun.push(['fee levels', await maxOf(store, 'fee_level_runs', 'computed_at')]);
    lastRun.push(['invite commissions', await maxOf(store, 'invite_runs', 'started_at')]);
    lastRun.push(['liabilities snapshot', await maxOf(store, 'reserves_snapshots', 'taken_at')]);
  }
  const uptimeMs = Math.max(0, at - d.startedAt);
  const jobs = lastRun.map(([name, lastRunAt]) => {
    const maxAge = MAX_AGE[name] ?? 25 * HOUR;
    // Never run yet is fine while the server has not been up for one period (a fresh store, the daily jobs).
    const fresh = lastRunAt === null ? uptimeMs < maxAge && name !== 'price record' : at - lastRunAt <= maxAge;
    return { name, lastRunAt, ok: fresh };
  });

  return {
    at,
    uptimeMs,
    store: { dialect: store.dialect, ok, latencyMs, sizeBytes: ok ? await storeSize(store) : null },
    desks,
    sockets: d.sockets?.() ?? { open: 0, subscriptions: 0 },
    priceRecord: { head: head?.seq ?? null, headAt: head?.ts ?? null, lagMs: head === null ? null : Math.max(0, at - head.ts) },
    jobs,
  };
}
