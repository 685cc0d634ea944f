// The earn accrual at scale (`npm run bench -- --only=earn`; also `node test/bench/earn.ts` alone): a store holding
// `orders` open wealth and mining orders (default 1,000,000) of `users` users, every one with a payment due at the
// same instant, then the real earn desk (server/desks/earn/desk.ts) opened on it (its rebuild reads them all back)
// and one accrual run (runDue: PAY_CHUNK payments a command, each committed with its journal entries, asset records,
// payment row and order row). The store is seeded directly, untimed: products through the store's own write
// (store.earn.write), orders, balances and the treasury by raw bulk inserts of the store's own columns and row values
// (store/earn.ts EARN_ORDER_COLUMNS / earnOrderValues), consistent with each other: every order's paid periods and
// amounts are what its schedule paid so far, each user's wealth account holds the principal still locked (frozen), the
// treasury every income still owed and a margin, and `external` the other side of it all (zero sum per coin).
// The mix: 50 % 30-day pools paying daily income (one entry a payment), 25 % 7-day pools returning the principal
// daily with the income (two entries), 25 % 30-day wealth products at maturity (two entries; the order settles).
// Reported: the rebuild's time, the run's wall time and payments/s, peak RSS and heap (sampled every 20 ms), and,
// measured in the same run on the same desk before the accrual, the ledger's own throughput for the same kind of
// work: `transfers` operator credits (one two-line entry and an asset record each, committed in groups), sent all
// at once; the figure is payments/s ÷ credits/s. Options: --earn-orders=N, --earn-users=N (default orders / 4),
// --earn-transfers=N (default 200,000), --earn-dialect=sqlite|postgres (postgres: DATABASE_URL).
// Timing lives here only; no test asserts on it.
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { createInProcessBus } from '../../server/bus/index.ts';
import { DAY_MS, dueAtOf, HOUR_MS, periodsOf, totalIncome, type EarnTerms } from '../../server/contract/earn.ts';
import { EarnDesk, PAY_CHUNK, TREASURY } from '../../server/desks/earn/desk.ts';
import { termsOf } from '../../server/desks/earn/state.ts';
import type { DeskEvent } from '../../server/desks/events.ts';
import { insertRows } from '../../server/store/bulk.ts';
import { EARN_ORDER_COLUMNS, earnOrderValues, type EarnOrderRow, type EarnProductRow } from '../../server/store/earn.ts';
import { createStore, type Store } from '../../server/store/index.ts';
import { rawSqlite } from '../../server/store/sqlite.ts';

const FIRST_USER = 10_000_001;
const E8 = 100_000_000n;
/** The instant every payment falls due by: 01:00 GMT+8 (mining), wealth at the 00:00 before it. */
const DUE = Date.UTC(2026, 5, 1, 17, 0);

export interface EarnBenchOptions {
  readonly orders: number;
  readonly users: number;
  readonly transfers: number;
  readonly dialect: 'sqlite' | 'postgres';
}

export interface EarnFigures {
  readonly node: string;
  readonly dialect: string;
  readonly orders: number;
  readonly users: number;
  readonly seedMs: number;
  readonly rebuildMs: number;
  readonly openOrders: number;
  readonly transfers: number;
  readonly transfersMs: number;
  readonly paid: number;
  readonly settled: number;
  readonly entries: number;
  readonly runMs: number;
  readonly runCpuMs: number;
  readonly rssBefore: number;
  readonly peakRss: number;
  readonly heapBefore: number;
  readonly peakHeap: number;
  readonly rssAfterRebuild: number;
  readonly heapAfterRebuild: number;
  /** After the run and a full collection: what the desk keeps (the orders still open, the new due instants). */
  readonly heapAfterRun: number;
  readonly openLeft: number;
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

const PRODUCT_TERMS = [
  { kind: 'mining', name: 'bench pool 30 d', termDays: 30, rate: 130_000n, incomeRelease: 'daily', rebateType: 'end' },
  { kind: 'mining', name: 'bench pool 7 d daily back', termDays: 7, rate: 210_000n, incomeRelease: 'daily', rebateType: 'daily' },
  { kind: 'wealth', name: 'bench fixed 30 d', termDays: 30, rate: 7_330_000n, incomeRelease: 'end', rebateType: 'end' },
] as const;
const PRODUCTS: EarnProductRow[] = PRODUCT_TERMS.map((p, i) => ({
  ...p, id: i + 1, asset: 'USDT', incomeAsset: 'USDT', minAmount: E8, maxAmount: 10n ** 9n * E8, quota: 10n ** 10n * E8, status: 'open', sortOrder: i * 10,
  createdAt: DUE - 60 * DAY_MS, updatedAt: DUE - 60 * DAY_MS, requestId: null,
}));

/** Order i: its product, principal and the periods its schedule already paid, so that its next payment is due by DUE. */
function orderOf(i: number, users: number, rnd: () => number): EarnOrderRow {
  const r = rnd();
  const p = PRODUCTS[r < 0.5 ? 0 : r < 0.75 ? 1 : 2]!;
  const terms: EarnTerms = termsOf(p);
  const periods = periodsOf(terms);
  // The next payment (k = paid + 1) falls on DUE's day: mining at 01:00, wealth (one payment, at the term's end) 00:00.
  const paid = periods === 1 ? 0 : Math.floor(rnd() * (periods - 1));
  const day = periods === 1 ? p.termDays : paid + 1;
  const startAt = DUE - day * DAY_MS - HOUR_MS; // 00:00 GMT+8
  const principal = BigInt(10 + Math.floor(rnd() * 5_000)) * E8 + BigInt(Math.floor(rnd() * 1e8));
  const total = totalIncome(terms, principal);
  const n = BigInt(periods);
  const row: EarnOrderRow = {
    id: i + 1, user: FIRST_USER + (i % users), clientId: null, productId: p.id, kind: p.kind, asset: 'USDT', incomeAsset: 'USDT', principal, rate: p.rate,
    termDays: p.termDays, incomeRelease: p.incomeRelease, rebateType: p.rebateType, totalIncome: total,
    // What payments 1..paid carried: floor(x·paid/n) of each daily part (contract/earn.ts partOf, summed).
    paidIncome: p.incomeRelease === 'daily' ? (total * BigInt(paid)) / n : 0n,
    paidPrincipal: p.rebateType === 'daily' ? (principal * BigInt(paid)) / n : 0n,
    periodsPaid: paid, periods, status: 'in_progress', purchasedAt: startAt - HOUR_MS, startAt, endAt: startAt + p.termDays * DAY_MS, closedAt: null,
  };
  if (dueAtOf(terms, startAt, paid + 1) > DUE) throw new Error(`order ${row.id} not due by the bench's instant`);
  return row;
}

/** The orders, the users' locked principal and the treasury, in bulk; how it was written, for the report. */
async function seed(store: Store, o: EarnBenchOptions): Promise<{ owed: bigint; locked: bigint }> {
  await store.earn.write({ products: PRODUCTS, orders: [], payments: [] });
  const rnd = prng(23);
  const frozen = new Map<number, bigint>();
  let owed = 0n;
  let locked = 0n;
  const raw = rawSqlite(store.db);
  const marks = EARN_ORDER_COLUMNS.map(() => '?').join(', ');
  const insertOrder = raw?.prepare(`insert into earn_orders (${EARN_ORDER_COLUMNS.map((c) => `"${c}"`).join(', ')}) values (${marks})`);
  const batch: EarnOrderRow[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    if (raw !== undefined && insertOrder !== undefined) {
      raw.transaction(() => {
        for (const row of batch) insertOrder.run(...earnOrderValues(row));
      })();
    } else {
      await insertRows(store.db, 'earn_orders', batch.map((row) => Object.fromEntries(EARN_ORDER_COLUMNS.map((c, i) => [c, earnOrderValues(row)[i]]))));
    }
    batch.length = 0;
  };
  for (let i = 0; i < o.orders; i++) {
    const row = orderOf(i, o.users, rnd);
    frozen.set(row.user, (frozen.get(row.user) ?? 0n) + row.principal - row.paidPrincipal);
    owed += row.totalIncome - row.paidIncome;
    locked += row.principal - row.paidPrincipal;
    batch.push(row);
    if (batch.length >= 20_000) await flush();
  }
  await flush();
  // Balances: each user's locked principal (frozen) and some money free; the treasury owes every income still due.
  const free = 1_000n * E8;
  const balances = [...frozen].map(([user, f]) => ({ user_id: user, wallet: 'earn', asset: 'USDT', available: free, frozen: f, updated_at: DUE - DAY_MS }));
  for (let i = 0; i < balances.length; i += 20_000) await insertRows(store.db, 'balances', balances.slice(i, i + 20_000));
  const treasury = owed + 1_000_000n * E8;
  const external = -(treasury + locked + free * BigInt(frozen.size));
  await insertRows(store.db, 'system_balances', [
    { account: TREASURY, asset: 'USDT', amount: treasury, updated_at: DUE - DAY_MS },
    { account: 'system:external', asset: 'USDT', amount: external, updated_at: DUE - DAY_MS },
  ]);
  return { owed, locked };
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

export async function earnBench(o: EarnBenchOptions): Promise<EarnFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'openex-earn-bench-'));
  const url = process.env['DATABASE_URL'];
  if (o.dialect === 'postgres' && !url) throw new Error('--earn-dialect=postgres needs DATABASE_URL');
  const schema = `bench_earn_${process.pid}`;
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
  let now = DUE - DAY_MS;
  const clock = () => now;
  const store = await createStore({ ...(o.dialect === 'postgres' ? { databaseUrl: pgUrl() } : { dataDir: dir }), clock });
  const bus = createInProcessBus<DeskEvent>();
  let desk: EarnDesk | null = null;
  try {
    const t0 = performance.now();
    await seed(store, o);
    const seedMs = performance.now() - t0;
    if (o.dialect === 'postgres') await sql`analyze`.execute(store.db);

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
    try {
      const r0 = performance.now();
      desk = await EarnDesk.open({ store, bus, clock });
      const rebuildMs = performance.now() - r0;
      const openOrders = desk.openOrders;
      gc();
      const mRebuilt = process.memoryUsage();

      // The ledger's own throughput on this desk: operator credits, all sent at once (the desk commits them in groups).
      const a0 = performance.now();
      const credits: Array<Promise<unknown>> = [];
      for (let i = 0; i < o.transfers; i++) {
        credits.push(desk.adjust({ user: FIRST_USER + (i % o.users), asset: 'USDT', amount: '1.5', action: 'credit', memo: 'bench' }));
      }
      const replies = (await Promise.all(credits)) as Array<{ ok: boolean }>;
      const transfersMs = performance.now() - a0;
      if (replies.some((r) => !r.ok)) throw new Error('an operator credit was refused');
      credits.length = 0;

      now = DUE + 60_000;
      const before = await store.ledger.lastSeq('earn');
      const cpu0 = process.cpuUsage();
      const p0 = performance.now();
      const report = await desk.runDue();
      const runMs = performance.now() - p0;
      const cpu = process.cpuUsage(cpu0);
      const entries = (await store.ledger.lastSeq('earn')) - before;
      const m1 = process.memoryUsage();
      gc();
      gc();
      const heapAfterRun = process.memoryUsage().heapUsed;
      return {
        node: process.version, dialect: o.dialect, orders: o.orders, users: o.users, seedMs, rebuildMs, openOrders, transfers: o.transfers, transfersMs,
        paid: report.paid, settled: report.settled, entries, runMs, runCpuMs: (cpu.user + cpu.system) / 1000, rssBefore: m0.rss,
        peakRss: Math.max(peakRss, m1.rss), heapBefore: m0.heapUsed, peakHeap: Math.max(peakHeap, m1.heapUsed), rssAfterRebuild: mRebuilt.rss,
        heapAfterRebuild: mRebuilt.heapUsed, heapAfterRun, openLeft: desk.openOrders,
      };
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await desk?.close();
    await bus.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
    if (o.dialect === 'postgres') {
      const cleanup = await createStore({ databaseUrl: url });
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(cleanup.db);
      await cleanup.close();
    }
  }
}

export function reportEarn(f: EarnFigures): Record<string, unknown> {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const mb = (x: number) => `${(x / 1024 / 1024).toFixed(0)} MB`;
  const paymentsPerSec = (f.paid / f.runMs) * 1000;
  const creditsPerSec = (f.transfers / f.transfersMs) * 1000;
  const ratio = paymentsPerSec / creditsPerSec;
  console.log(`\nearn: one accrual run on ${f.dialect} over ${n(f.orders)} open orders of ${n(f.users)} users, all due at once ` +
    `(seeded in ${n(f.seedMs)} ms, untimed: products by store.earn.write, orders, balances and treasury by raw bulk inserts of the store's own columns and values); ${f.node}`);
  console.log(`rebuild (EarnDesk.open: balances, products, ${n(f.openOrders)} active orders, due queue): ${n(f.rebuildMs)} ms; heap after it ${mb(f.heapAfterRebuild)}, RSS ${mb(f.rssAfterRebuild)}`);
  console.log(`accrual: ${n(f.paid)} payments (${n(f.entries)} journal entries, ${n(f.settled)} orders settled, ${n(f.openLeft)} still open) in ${n(f.runMs)} ms = ${n(paymentsPerSec)} payments/s ` +
    `(${PAY_CHUNK} a command; CPU ${n(f.runCpuMs)} ms, ${os.loadavg()[0]!.toFixed(1)} load on ${os.cpus().length} cores)`);
  console.log(`the ledger on the same desk: ${n(f.transfers)} operator credits in ${n(f.transfersMs)} ms = ${n(creditsPerSec)}/s; payments/s ÷ credits/s = ${ratio.toFixed(2)}×`);
  console.log(`memory: peak RSS ${mb(f.peakRss)} (+${mb(f.peakRss - f.rssBefore)} over the ${mb(f.rssBefore)} before the rebuild), peak heapUsed ${mb(f.peakHeap)} (+${mb(f.peakHeap - f.heapBefore)}: garbage between full collections), after the run and a full collection ${mb(f.heapAfterRun)}`);
  return {
    bench: 'earn',
    node: f.node,
    dialect: f.dialect,
    orders: f.orders,
    users: f.users,
    rebuildMs: Math.round(f.rebuildMs),
    run: { paid: f.paid, entries: f.entries, settled: f.settled, ms: Math.round(f.runMs), cpuMs: Math.round(f.runCpuMs), paymentsPerSec: Math.round(paymentsPerSec) },
    ledger: { credits: f.transfers, ms: Math.round(f.transfersMs), perSec: Math.round(creditsPerSec) },
    paymentsOverCredits: Number(ratio.toFixed(3)),
    memory: { rssBefore: f.rssBefore, peakRss: f.peakRss, heapBefore: f.heapBefore, peakHeapUsed: f.peakHeap, rssAfterRebuild: f.rssAfterRebuild, heapAfterRebuild: f.heapAfterRebuild, heapAfterRun: f.heapAfterRun },
  };
}

/** The options from the command line (shared by run.ts and a run of this file alone). */
export function earnOptions(argv: readonly string[]): EarnBenchOptions {
  const arg = (name: string, fallback: number) => {
    const hit = argv.find((a) => a.startsWith(`--${name}=`));
    return hit ? Number(hit.split('=')[1]) : fallback;
  };
  const dialect = argv.find((a) => a.startsWith('--earn-dialect='))?.split('=')[1] ?? 'sqlite';
  if (dialect !== 'sqlite' && dialect !== 'postgres') throw new Error('--earn-dialect=sqlite|postgres');
  const orders = arg('earn-orders', 1_000_000);
  return { orders, users: arg('earn-users', Math.max(1, Math.floor(orders / 4))), transfers: arg('earn-transfers', 200_000), dialect };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(reportEarn(await earnBench(earnOptions(process.argv.slice(2))))));
}
