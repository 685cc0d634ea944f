// A clustered desk's throughput (`npm run bench -- --only=cluster`; issue 26), on this machine's loopback PostgreSQL
// (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test) and NATS (NATS_URL, else 127.0.0.1:4222); any other
// host is refused.
//
// The same `commands` spot orders (default 100,000: 240 users, buys and sells of 0.001 BTC at one price, so every
// second order trades) are applied twice, each time by a fresh spot desk on a fresh PostgreSQL schema:
//  - direct: called straight into the desk in this process, 4,096 in flight (the embedded server's path, minus HTTP);
//  - from the log: appended to a JetStream command log first (not timed), in entries of 256 calls as a gateway under
//    load appends them, then applied by server/cluster/desk-host.ts from the start, each call's log position committed
//    with its effects; timed until the store's log position is the last call's.
//  - applied alone: the same log applied by the same desk host whose commits are not written (the store's commitDesk
//    only notes the log position): the ceiling of a desk that answers on apply and writes its history behind, i.e.
//    the desk's own reading, decoding, matching and batch building, without PostgreSQL's statements.
// Reported: commands/s of each and their ratio, and the CPU each role spent per command while applying from the log:
// this process (the desk: reader, kernel, commit building), the PostgreSQL server processes (the store writer), and
// nats-server (the log), read from /proc. Stops by itself: fixed counts and a deadline.
// Options: --cluster-commands=N, --cluster-client-ids (each order with a new client order id, as ccxt sends). Timing lives here only.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createCommandLog, createInProcessBus } from '../../server/bus/index.ts';
import { hostDesk } from '../../server/cluster/desk-host.ts';
import { positionAfter } from '../../server/cluster/protocol.ts';
import type { DeskEvent } from '../../server/desks/events.ts';
import { SpotDesk } from '../../server/desks/spot/desk.ts';
import { createStore, type Store } from '../../server/store/index.ts';

/** Calls per log entry, as a gateway under load appends them. */
const ENTRY_CALLS = 256;

export interface ClusterOptions {
  databaseUrl: string;
  servers: string;
  commands: number;
  /** Every order carries a new client order id, as ccxt sends one with each order. */
  clientIds: boolean;
}

interface Run {
  count: number;
  ms: number;
}

export interface ClusterFigures {
  node: string;
  cores: number;
  direct: Run;
  fromLog: Run;
  /** The log applied with commits not written: the desk alone. */
  applyOnly: Run;
  /** CPU ms per 1,000 commands of this process while applying alone. */
  applyOnlyCpu: number;
  /** CPU ms per 1,000 commands while applying from the log, by role. */
  cpuPerThousand: { desk: number; store: number; nats: number };
  clientIds: boolean;
}

const USERS = 240;
const DEADLINE_MS = 300_000;
const TICKS = 100; // /proc's clock ticks per second on Linux

function loopback(url: string, what: string): void {
  const host = url.includes('://') ? new URL(url).hostname : url.replace(/:\d+$/, '');
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`cluster bench: ${what} ${url} is not a loopback address`);
}

/** Summed user + system CPU ms of every process whose command name is `name`, by pid. */
function cpuOf(name: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== name) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

const spent = (before: Map<number, number>, after: Map<number, number>): number => {
  let ms = 0;
  for (const [pid, t] of after) ms += t - (before.get(pid) ?? 0);
  return ms;
};

function order(i: number, clientIds: boolean) {
  const base = { type: 'limit' as const, user: 30_000_001 + (i % USERS), symbol: 'BTCUSDT', side: i % 2 === 0 ? ('buy' as const) : ('sell' as const), price: '50000', qty: '0.001' };
  return clientIds ? { ...base, clientOrderId: `x-bench${String(i).padStart(9, '0')}` } : base;
}

async function withSchema<T>(base: string, work: (url: string) => Promise<T>): Promise<T> {
  const schema = `bench_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema "${schema}"`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  }
}

async function openFunded(store: Store): Promise<SpotDesk> {
  const desk = await SpotDesk.open({ store, bus: createInProcessBus<DeskEvent>(), holder: `bench-${process.pid}`, leaseTtlMs: 60_000 });
  const funding = [];
  for (let u = 0; u < USERS; u++) {
    for (const [asset, amount] of [['USDT', '10000000'], ['BTC', '1000']] as const) {
      funding.push(desk.adjust({ user: 30_000_001 + u, asset, amount, action: 'credit', memo: 'bench' }));
    }
  }
  for (const r of await Promise.all(funding)) if (!r.ok) throw new Error(`cluster bench: funding refused (${r.code})`);
  return desk;
}

function withDeadline<T>(what: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`cluster bench: ${what} did not finish in ${DEADLINE_MS / 1000} s`)), DEADLINE_MS);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

export async function clusterBench(o: ClusterOptions): Promise<ClusterFigures> {
  loopback(o.databaseUrl, 'DATABASE_URL');
  for (const s of o.servers.split(',')) loopback(s, 'NATS_URL');
  const n = o.commands;

  // Direct: the desk called in this process, as the embedded server does.
  const direct = await withSchema(o.databaseUrl, async (url) => {
    const store = await createStore({ databaseUrl: url });
    try {
      const desk = await openFunded(store);
      let next = 0;
      const t0 = performance.now();
      await withDeadline('direct', Promise.all([...Array(4096).keys()].map(async () => {
        while (next < n) {
          const r = await desk.place(order(next++, o.clientIds));
          if (!r.ok) throw new Error(`cluster bench: refused (${r.code})`);
        }
      })));
      const ms = performance.now() - t0;
      await desk.close();
      return { count: n, ms };
    } finally {
      await store.close();
    }
  });

  // From the log: everything appended first, then applied by the desk host from seq 0.
  const prefix = `bcl${process.pid}${randomBytes(3).toString('hex')}`;
  const log = await createCommandLog({ servers: o.servers, prefix, name: 'bench-cluster' });
  try {
    // In entries of 256 calls, as a gateway under load appends them (desk-client.ts).
    let appended = 0;
    const sizes = new Map<number, number>();
    await withDeadline('appending', Promise.all([...Array(16).keys()].map(async () => {
      while (appended < n) {
        const from = appended;
        appended = Math.min(n, from + ENTRY_CALLS);
        const calls = [...Array(appended - from).keys()].map((k) => ({ m: 'place', a: [order(from + k, o.clientIds)], r: null, n: from + k }));
        const { seq } = await log.append('coin', 'all', `c${from}`, { c: calls });
        sizes.set(seq, calls.length);
      }
    })));
    const lastSeq = await log.lastSeq('coin', 'all');
    // Applied through the last call of the last entry.
    const last = positionAfter(lastSeq, sizes.get(lastSeq)! - 1);
    const fromLog = await withSchema(o.databaseUrl, async (url) => {
      const store = await createStore({ databaseUrl: url });
      try {
        const desk = await openFunded(store);
        const cpu0 = { desk: process.cpuUsage(), store: cpuOf('postgres'), nats: cpuOf('nats-server') };
        const t0 = performance.now();
        const host = await hostDesk({ name: 'coin', desk, commands: ['place'], queries: [], log, store, prefix });
        await withDeadline('applying from the log', (async () => {
          await host.caughtUp;
          await desk.openOrders(0); // every call before it applied
          while ((await store.leases.logPosition('coin')) < last) await new Promise((r) => setTimeout(r, 5));
        })());
        const ms = performance.now() - t0;
        const d = process.cpuUsage(cpu0.desk);
        const cpu = { desk: (d.user + d.system) / 1000, store: spent(cpu0.store, cpuOf('postgres')), nats: spent(cpu0.nats, cpuOf('nats-server')) };
        await host.stop();
        await desk.close();
        const per = (x: number) => Number(((x / n) * 1000).toFixed(1));
        return { run: { count: n, ms }, cpu: { desk: per(cpu.desk), store: per(cpu.store), nats: per(cpu.nats) } };
      } finally {
        await store.close();
      }
    });
    // Applied alone: the desk opened and funded on a fresh schema, then its commits no longer written.
    const applyOnly = await withSchema(o.databaseUrl, async (url) => {
      const real = await createStore({ databaseUrl: url });
      let writing = true;
      let position = 0;
      const store: Store = {
        ...real,
        commitDesk: async (w, after) => {
          if (writing) return real.commitDesk(w, after);
          if (w.log !== null && w.log !== undefined) position = w.log.seq;
        },
      };
      try {
        const desk = await openFunded(store);
        writing = false;
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const host = await hostDesk({ name: 'coin', desk, commands: ['place'], queries: [], log, store, prefix });
        await withDeadline('applying alone', (async () => {
          await host.caughtUp;
          await desk.openOrders(0);
          while (position < last) await new Promise((r) => setTimeout(r, 1));
        })());
        const ms = performance.now() - t0;
        const d = process.cpuUsage(cpu0);
        await host.stop();
        await desk.close();
        return { run: { count: n, ms }, cpu: Number((((d.user + d.system) / 1000 / n) * 1000).toFixed(1)) };
      } finally {
        await real.close();
      }
    });
    return {
      node: process.version, cores: os.cpus().length, direct, fromLog: fromLog.run, cpuPerThousand: fromLog.cpu,
      applyOnly: applyOnly.run, applyOnlyCpu: applyOnly.cpu, clientIds: o.clientIds,
    };
  } finally {
    await log.destroy();
  }
}

export function reportCluster(f: ClusterFigures): Record<string, unknown> {
  const rate = (r: Run) => Math.round((r.count / r.ms) * 1000);
  const ratio = Number((rate(f.fromLog) / rate(f.direct)).toFixed(3));
  const c = f.cpuPerThousand;
  const perOrder = c.desk + c.store + c.nats;
  console.log(`\ncluster: a spot desk on PostgreSQL, ${f.direct.count.toLocaleString('en-US')} orders (every second one trades${f.clientIds ? ', each with a new client order id' : ''}); ${f.node}, ${f.cores} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  direct (in process)        ${rate(f.direct).toLocaleString('en-US').padStart(8)} orders/s`);
  console.log(`  from the JetStream log     ${rate(f.fromLog).toLocaleString('en-US').padStart(8)} orders/s  (${ratio}× direct), each seq committed with its effects`);
  console.log(`  CPU ms per 1,000 orders from the log: desk ${c.desk}, PostgreSQL ${c.store}, nats-server ${c.nats} (sum ${perOrder.toFixed(1)})`);
  const alone = rate(f.applyOnly);
  console.log(`  applied alone (not written) ${alone.toLocaleString('en-US').padStart(7)} orders/s  (${(alone / rate(f.fromLog)).toFixed(2)}× from the log, ${(alone / 150_000).toFixed(3)}× the 150,000/s goal); desk CPU ${f.applyOnlyCpu} ms per 1,000`);
  return {
    bench: 'cluster', clientIds: f.clientIds, node: f.node, cores: f.cores, directPerSec: rate(f.direct), fromLogPerSec: rate(f.fromLog), fromLogOverDirect: ratio,
    cpuMsPerThousand: c, applyOnlyPerSec: alone, applyOnlyCpuMsPerThousand: f.applyOnlyCpu,
  };
}

export function clusterOptions(argv: readonly string[]): ClusterOptions {
  const hit = argv.find((x) => x.startsWith('--cluster-commands='));
  const commands = hit ? Number(hit.split('=')[1]) : 100_000;
  if (!Number.isSafeInteger(commands) || commands < 1) throw new Error('--cluster-commands=N: a whole number, at least 1');
  return {
    databaseUrl: process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test',
    servers: process.env['NATS_URL'] || '127.0.0.1:4222',
    commands,
    clientIds: argv.includes('--cluster-client-ids'),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(reportCluster(await clusterBench(clusterOptions(process.argv.slice(2))))));
}
