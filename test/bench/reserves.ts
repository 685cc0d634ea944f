// The liabilities snapshot at scale (`npm run bench -- --only=reserves`; also `node test/bench/reserves.ts` alone):
// a store of `users` users (default 1,000,000) holding several assets each across their wallets, then the real
// snapshot (server/reserves/snapshot.ts: one consistent read, the Merkle-sum tree, the compact blobs, the record
// entry), then proofs answered for random users and checked with the browser's verifier. Reported: the snapshot's
// time (read, build + write, total), the process's peak RSS and heapUsed during it (sampled every 20 ms, above the
// level before it started), the bytes stored per user, and a proof's answer and check times. Options:
// --reserves-users=N, --reserves-assets=N (assets in play, default 6), --reserves-proofs=N (default 200),
// --reserves-dialect=sqlite|postgres (postgres: DATABASE_URL). Timing lives here only; no test asserts on it.
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { verifyProof } from '../../server/contract/liabilities.ts';
import { userProof } from '../../server/reserves/proof.ts';
import { takeSnapshot, type SnapshotReport } from '../../server/reserves/snapshot.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { rawSqlite } from '../../server/store/sqlite.ts';

/** The one figure with a target: a million users' snapshot within a minute (the admin channel waits 60 s). */
export const SNAPSHOT_TARGET_MS = 60_000;
/** And within a memory budget well under a small server's: 1 GiB of RSS growth. */
export const RSS_TARGET_BYTES = 1024 ** 3;
const ASSETS = ['BTC', 'ETH', 'USDT', 'SOL', 'TRX', 'DOGE', 'XRP', 'ADA', 'LTC', 'BNB'];
const WALLETS = ['coin', 'contract', 'seconds', 'earn', 'fiat'];
const FIRST_USER = 10_000_001;

export interface ReservesBenchOptions {
  readonly users: number;
  readonly assets: number;
  readonly proofs: number;
  readonly dialect: 'sqlite' | 'postgres';
}

export interface ReservesFigures {
  readonly node: string;
  readonly dialect: string;
  readonly users: number;
  readonly balanceRows: number;
  readonly seedMs: number;
  readonly snapshot: SnapshotReport;
  /** Process CPU time (user + system) spent during the snapshot: less sensitive than wall time to a busy machine. */
  readonly cpuMs: number;
  readonly peakRss: number;
  readonly peakHeap: number;
  readonly rssBefore: number;
  readonly heapBefore: number;
  readonly storedBytes: number;
  readonly proofP50Ms: number;
  readonly proofP99Ms: number;
  readonly verifyP50Ms: number;
  readonly pathLength: number;
  readonly proofBytes: number;
}

/** A small deterministic generator (xorshift32): the same store every run. */
function prng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x1_0000_0000;
  };
}

/** Each user: 1 to 4 of the assets, each in 1 or 2 wallets, amounts up to about 10^4 coins with 8 decimals. */
async function seedBalances(store: Store, o: ReservesBenchOptions): Promise<number> {
  const rnd = prng(22);
  const assets = ASSETS.slice(0, o.assets);
  let rows = 0;
  const batch: Array<[number, string, string, bigint, bigint]> = [];
  const raw = rawSqlite(store.db);
  const insertSqlite = raw?.prepare('insert into balances (user_id, wallet, asset, available, frozen, updated_at) values (?, ?, ?, ?, ?, 0)');
  if (raw !== undefined) raw.defaultSafeIntegers(false);
  const flush = async () => {
    if (batch.length === 0) return;
    if (raw !== undefined && insertSqlite !== undefined) {
      raw.transaction(() => {
        for (const b of batch) insertSqlite.run(...b);
      })();
    } else {
      await sql`insert into balances (user_id, wallet, asset, available, frozen, updated_at)
        select u, w, a, av, fr, 0 from unnest(${batch.map((b) => b[0])}::bigint[], ${batch.map((b) => b[1])}::text[], ${batch.map((b) => b[2])}::text[],
          ${batch.map((b) => b[3].toString())}::bigint[], ${batch.map((b) => b[4].toString())}::bigint[]) as t(u, w, a, av, fr)`.execute(store.db);
    }
    rows += batch.length;
    batch.length = 0;
  };
  for (let i = 0; i < o.users; i++) {
    const user = FIRST_USER + i;
    const held = 1 + Math.floor(rnd() * 4);
    const start = Math.floor(rnd() * assets.length);
    for (let k = 0; k < Math.min(held, assets.length); k++) {
      const asset = assets[(start + k) % assets.length]!;
      const wallets = rnd() < 0.3 ? 2 : 1;
      const first = Math.floor(rnd() * WALLETS.length);
      for (let w = 0; w < wallets; w++) {
        const available = BigInt(Math.floor(rnd() * 1e12));
        const frozen = rnd() < 0.2 ? BigInt(Math.floor(rnd() * 1e10)) : 0n;
        batch.push([user, WALLETS[(first + w) % WALLETS.length]!, asset, available, frozen]);
      }
    }
    if (batch.length >= 50_000) await flush();
  }
  await flush();
  return rows;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export async function reservesBench(o: ReservesBenchOptions): Promise<ReservesFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'openex-reserves-bench-'));
  const url = process.env['DATABASE_URL'];
  if (o.dialect === 'postgres' && !url) throw new Error('--reserves-dialect=postgres needs DATABASE_URL');
  const schema = `bench_reserves_${process.pid}`;
  if (o.dialect === 'postgres') {
    const setup = await createStore({ databaseUrl: url });
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(setup.db);
    await sql`create schema ${sql.id(schema)}`.execute(setup.db);
    await setup.close();
  }
  const pgUrl = () => {
    const u = new URL(url!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    return u.toString();
  };
  const store = await createStore(o.dialect === 'postgres' ? { databaseUrl: pgUrl() } : { dataDir: dir });
  try {
    const t0 = performance.now();
    const balanceRows = await seedBalances(store, o);
    const seedMs = performance.now() - t0;
    if (o.dialect === 'postgres') await sql`analyze balances`.execute(store.db);

    gc();
    gc();
    const m0 = process.memoryUsage();
    let peakRss = m0.rss;
    let peakHeap = m0.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 20);
    let snapshot: SnapshotReport;
    const cpu0 = process.cpuUsage();
    try {
      snapshot = await takeSnapshot({ store, clock: Date.now, cause: 'operator', reason: 'bench' });
    } finally {
      clearInterval(sampler);
    }
    const cpu = process.cpuUsage(cpu0);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const m1 = process.memoryUsage();
    peakRss = Math.max(peakRss, m1.rss);
    peakHeap = Math.max(peakHeap, m1.heapUsed);

    const stored = await sql<{ bytes: string }>`select cast(sum(length(data)) as text) as bytes from reserves_blobs where snapshot_id = ${snapshot.snapshotId}`.execute(store.db);
    const storedBytes = Number(stored.rows[0]?.bytes ?? 0);

    const rnd = prng(7);
    const answer: number[] = [];
    const check: number[] = [];
    let pathLength = 0;
    let proofBytes = 0;
    const published = { snapshotId: snapshot.snapshotId, hash: snapshot.rootHash, sums: snapshot.totals, leafCount: snapshot.leafCount };
    for (let i = 0; i < o.proofs; i++) {
      const user = FIRST_USER + Math.floor(rnd() * o.users);
      const a = performance.now();
      const got = await userProof(store, user);
      answer.push(performance.now() - a);
      if (!got.ok) throw new Error(`user ${user}: ${got.code}`);
      const b = performance.now();
      const v = await verifyProof(got.proof, published);
      check.push(performance.now() - b);
      if (!v.ok) throw new Error(`user ${user}'s proof does not verify: ${v.detail}`);
      pathLength = got.proof.path.length;
      proofBytes = JSON.stringify(got.proof).length;
    }
    answer.sort((x, y) => x - y);
    check.sort((x, y) => x - y);
    return {
      node: process.version, dialect: o.dialect, users: o.users, balanceRows, seedMs, snapshot, cpuMs,
      peakRss, peakHeap, rssBefore: m0.rss, heapBefore: m0.heapUsed, storedBytes,
      proofP50Ms: quantile(answer, 0.5), proofP99Ms: quantile(answer, 0.99), verifyP50Ms: quantile(check, 0.5), pathLength, proofBytes,
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    if (o.dialect === 'postgres') {
      const cleanup = await createStore({ databaseUrl: url });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
    }
  }
}

export function reportReserves(f: ReservesFigures): Record<string, unknown> {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const mb = (x: number) => `${(x / 1024 / 1024).toFixed(0)} MB`;
  const s = f.snapshot;
  const rssGrowth = f.peakRss - f.rssBefore;
  const timeRatio = SNAPSHOT_TARGET_MS / Math.max(1, s.ms.total);
  const memRatio = RSS_TARGET_BYTES / Math.max(1, rssGrowth);
  console.log(`\nreserves: a liabilities snapshot on ${f.dialect} of ${n(f.users)} users (${n(f.balanceRows)} balance rows, ${s.assets.length} assets; seeded in ${n(f.seedMs)} ms, untimed); ${f.node}`);
  console.log(`snapshot #${s.snapshotId}: ${n(s.userCount)} users in ${n(s.leafCount)} leaves; read ${n(s.ms.read)} ms (one consistent store snapshot), ` +
    `tree built and stored ${n(s.ms.build)} ms, total ${n(s.ms.total)} ms = ${n((s.userCount / s.ms.total) * 1000)} users/s (CPU ${n(f.cpuMs)} ms, ${os.loadavg()[0]!.toFixed(1)} load on ${os.cpus().length} cores); target ≤ ${n(SNAPSHOT_TARGET_MS)} ms: ${timeRatio.toFixed(2)}× ${timeRatio >= 1 ? 'met' : 'NOT met'}`);
  console.log(`memory: peak RSS ${mb(f.peakRss)} (+${mb(rssGrowth)} over the ${mb(f.rssBefore)} before), peak heapUsed ${mb(f.peakHeap)} (+${mb(f.peakHeap - f.heapBefore)}); ` +
    `target RSS growth ≤ ${mb(RSS_TARGET_BYTES)}: ${memRatio.toFixed(2)}× ${memRatio >= 1 ? 'met' : 'NOT met'}`);
  console.log(`stored: ${mb(f.storedBytes)} of blobs = ${(f.storedBytes / Math.max(1, s.userCount)).toFixed(1)} bytes a user; a proof: ${f.pathLength} levels, ${n(f.proofBytes)} bytes of JSON, ` +
    `answered in p50 ${f.proofP50Ms.toFixed(1)} ms / p99 ${f.proofP99Ms.toFixed(1)} ms, checked (WebCrypto) in p50 ${f.verifyP50Ms.toFixed(1)} ms`);
  const r2 = (v: number) => Number(v.toFixed(2));
  return {
    bench: 'reserves',
    node: f.node,
    dialect: f.dialect,
    users: f.users,
    balanceRows: f.balanceRows,
    assets: s.assets.length,
    leafCount: s.leafCount,
    snapshotMs: { read: Math.round(s.ms.read), build: Math.round(s.ms.build), total: Math.round(s.ms.total), cpu: Math.round(f.cpuMs) },
    memory: { peakRss: f.peakRss, rssGrowth, peakHeapUsed: f.peakHeap, heapGrowth: f.peakHeap - f.heapBefore },
    storedBytes: f.storedBytes,
    proof: { levels: f.pathLength, bytes: f.proofBytes, answerP50Ms: r2(f.proofP50Ms), answerP99Ms: r2(f.proofP99Ms), verifyP50Ms: r2(f.verifyP50Ms) },
    targets: { snapshotMs: SNAPSHOT_TARGET_MS, rssGrowthBytes: RSS_TARGET_BYTES, timeRatio: r2(timeRatio), memoryRatio: r2(memRatio), met: timeRatio >= 1 && memRatio >= 1 },
  };
}

/** The options from the command line (shared by run.ts and a run of this file alone). */
export function reservesOptions(argv: readonly string[]): ReservesBenchOptions {
  const arg = (name: string, fallback: number) => {
    const hit = argv.find((a) => a.startsWith(`--${name}=`));
    return hit ? Number(hit.split('=')[1]) : fallback;
  };
  const dialect = argv.find((a) => a.startsWith('--reserves-dialect='))?.split('=')[1] ?? 'sqlite';
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error('--reserves-dialect=sqlite|postgres');
  return { users: arg('reserves-users', 1_000_000), assets: Math.min(ASSETS.length, arg('reserves-assets', 6)), proofs: arg('reserves-proofs', 200), dialect };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(reportReserves(await reservesBench(reservesOptions(process.argv.slice(2))))));
}
