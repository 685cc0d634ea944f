// End-to-end benchmark: HTTP order placement into the spot desk with durable group commit, all on one machine.
// What one order goes through: POST /app/spot/placeOrder over a keep-alive loopback socket (JSON body, session
// `ticket` header) → Fastify → session check (sessions + users rows and the real-name setting, kept in memory and
// re-read with prepared statements after a change in this process or 1 s) → validation → the spot desk's
// sequencer (matching, funds, ledger postings, records, order state) → the batch's group commit, handed over at
// once and written by the store's SQLite writer thread over its own connection
// (raw prepared statements, WAL, synchronous=FULL: the answer is sent only after the COMMIT's fsync) → the
// reply, then the batch's events on the bus (market data: depth, trades, candles; user topics).
// Threads: the server's main thread (HTTP, sessions, desk, events), the store's writer thread (statements and
// fsync), and the load generator in a worker thread (e2e-load.ts: raw sockets, prebuilt request bytes, one request
// in flight per socket). They share the machine's cores, so the figures are what one box does with its own load
// generator on it. Phases: warm-up and saturation (closed loop, 256 sockets, 16 users), then open loop at fixed
// rates (latency from the scheduled send time, so queueing shows). Measured in the same run: the data directory's
// fsync ceiling (fsync.ts), so the figure is read against what the disk allows at the batch sizes the desk reached,
// and, once the exchange is stopped, the HTTP floor (http-floor.ts): the same load generator and sockets against a
// bare node:http server sending back the exchange's own reply, so the figure is read against what HTTP alone allows.
// Each phase also shows CPU per answered order, the whole process's and split by thread (Linux /proc, threads told
// apart by name: main, the SQLite writer, V8's GC and compiler helpers, the load generator): the figures to
// compare on a machine that is not quiet, since they don't depend on what else runs there.
// Profile with `node --cpu-prof --cpu-prof-dir=/tmp/prof test/bench/run.ts --only=e2e` (the server is the main
// thread: CPU.*.0.001.cpuprofile; the writer and the load generator write their own profiles).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer } from '../../server/server.ts';
import { seedUsers } from '../server/reliability/server-process.ts';
import type { LoadSpec, Phase, PhaseResult } from './e2e-load.ts';
import { fsyncBench, type FsyncFigure } from './fsync.ts';
import { startHttpFloor } from './http-floor.ts';

export const TARGET_ORDERS_PER_SEC = 20_000;
export const TARGET_P99_MS = 10;
export const OPEN_RATE = 5_000;
/** A lower open-loop rate, for the latency the server gives when it is not saturated. */
export const LOW_RATE = 1_000;

/** Where a phase's CPU went, per answered order (µs): the threads are told apart by the names they run under. */
export interface CpuSplit {
  /** The server's request thread: HTTP, sessions, the desk, events. */
  main: number;
  /** The store's SQLite writer thread: statements, WAL writes, fsync. */
  writer: number;
  /** V8's helper threads: concurrent and parallel GC, background compiling. */
  v8: number;
  /** The load generator's worker. */
  load: number;
  /** Everything else in the process (libuv's pool, inspector). */
  other: number;
}

type ThreadKind = keyof CpuSplit;
const THREAD_KIND: Record<string, ThreadKind> = { MainThread: 'main', 'sqlite-writer': 'writer', 'e2e-load': 'load', V8Worker: 'v8', v8: 'v8' };

/** CPU time (user + system, µs) of each of this process's threads by kind, from Linux's /proc; null elsewhere. */
function threadCpuUs(): Record<ThreadKind, number> | null {
  const out: Record<ThreadKind, number> = { main: 0, writer: 0, v8: 0, load: 0, other: 0 };
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      try {
        const name = readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim();
        const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        out[THREAD_KIND[name] ?? 'other'] += ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // ticks of 10 ms (USER_HZ)
      } catch {
        // the thread ended between the listing and the read
      }
    }
    return out;
  } catch {
    return null;
  }
}

const processCpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

export interface E2eOptions {
  users?: number;
  saturationConnections?: number;
  phaseMs?: number;
  dataDir?: string;
}

export type E2ePhase = PhaseResult & { commits: number; batch: number; cpu: CpuSplit | null; processCpuUsPerOrder: number };
/** The HTTP floor's phase: a bare node:http server answering the same requests with the exchange's reply. */
export type FloorPhase = PhaseResult & { cpu: CpuSplit | null; processCpuUsPerOrder: number; replyBytes: number };

export interface E2eFigures {
  fsync: FsyncFigure;
  phases: E2ePhase[];
  saturation: E2ePhase;
  open: E2ePhase;
  low: E2ePhase;
  floor: FloorPhase;
  /** Sockets of the closed-loop phases (saturation and the floor). */
  connections: number;
  cores: number;
}

/** One phase's result with what the server did meanwhile: commits made and CPU per answered order. */
interface Driven {
  result: PhaseResult;
  commits: number;
  cpu: CpuSplit | null;
  processCpuUsPerOrder: number;
}

/** Runs the load generator (a worker thread) through `spec`'s phases, reading commits and CPU at each phase's end. */
async function drive(spec: LoadSpec, commits: () => number): Promise<Driven[]> {
  const commitsAt: number[] = [commits()];
  const threadsAt: Array<Record<ThreadKind, number> | null> = [threadCpuUs()];
  const processAt: number[] = [processCpuUs()];
  const results = await new Promise<PhaseResult[]>((ok, ko) => {
    const worker = new Worker(new URL('./e2e-load.ts', import.meta.url), { name: 'e2e-load', workerData: { e2eLoad: spec } });
    worker.on('message', (m: { type: string; results?: PhaseResult[]; message?: string }) => {
      if (m.type === 'phase') {
        commitsAt.push(commits());
        threadsAt.push(threadCpuUs());
        processAt.push(processCpuUs());
      }
      else if (m.type === 'done') void worker.terminate().then(() => ok(m.results ?? []));
      else if (m.type === 'error') void worker.terminate().then(() => ko(new Error(m.message)));
    });
    worker.once('error', ko);
  });
  return results.map((r, i) => {
    const t0 = threadsAt[i] ?? null;
    const t1 = threadsAt[i + 1] ?? null;
    const perOrder = (us: number) => (r.ok > 0 ? Math.round(us / r.ok) : 0);
    const cpu = t0 === null || t1 === null ? null : {
      main: perOrder(t1.main - t0.main), writer: perOrder(t1.writer - t0.writer), v8: perOrder(t1.v8 - t0.v8),
      load: perOrder(t1.load - t0.load), other: perOrder(t1.other - t0.other),
    };
    return { result: r, commits: (commitsAt[i + 1] ?? 0) - (commitsAt[i] ?? 0), cpu, processCpuUsPerOrder: perOrder((processAt[i + 1] ?? 0) - (processAt[i] ?? 0)) };
  });
}

export async function e2eBench(o: E2eOptions = {}): Promise<E2eFigures> {
  const dataDir = o.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-e2e-'));
  // Backstop: removed again when the process exits, should anything still write there after the run.
  if (o.dataDir === undefined) process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const phaseMs = o.phaseMs ?? 5000;
  const connections = o.saturationConnections ?? 256;
  try {
    const fsync = fsyncBench(dataDir, 2000);
    const users = await seedUsers({ dataDir }, o.users ?? 16, { USDT: '1000000000', BTC: '100000', ETH: '1000000', SOL: '10000000', BNB: '10000000' }, 'e2e');
    const seeded = users.map((u) => ({ ticket: u.ticket }));
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, feeds: false, bots: false, logger: false });
    let phases: E2ePhase[];
    let reply: string;
    try {
      const exchangePhases: Phase[] = [
        { kind: 'closed', name: 'warm-up', connections, ms: 2000 },
        { kind: 'closed', name: 'saturation', connections, ms: phaseMs },
        { kind: 'open', name: `open ${LOW_RATE}/s`, rate: LOW_RATE, ms: phaseMs, connections: 256 },
        { kind: 'open', name: `open ${OPEN_RATE}/s`, rate: OPEN_RATE, ms: phaseMs, connections: 256 },
      ];
      const driven = await drive({ port: server.port, users: seeded, seed: 42, phases: exchangePhases }, () => server.desks.spot.commits);
      phases = driven.map(({ result: r, commits, cpu, processCpuUsPerOrder }) => ({
        ...r, commits, batch: commits > 0 ? Math.round((r.ok / commits) * 10) / 10 : 0, cpu, processCpuUsPerOrder,
      }));
      // The exchange's own answer to one more order, for the HTTP floor to send back.
      const sample = await fetch(`http://127.0.0.1:${server.port}/app/spot/placeOrder`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ticket: users[0]!.ticket },
        body: JSON.stringify({ symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '59990', amount: '0.00512' }),
      });
      reply = await sample.text();
      if (!reply.includes('"code":"success"')) throw new Error(`sample order refused: ${reply}`);
    } finally {
      await server.close();
    }
    // The HTTP floor, same run, with the exchange stopped: the same load generator and sockets against a bare server.
    const floor = await startHttpFloor(reply);
    let floorPhase: FloorPhase;
    try {
      const floorPhases: Phase[] = [{ kind: 'closed', name: 'floor warm-up', connections, ms: 1000 }, { kind: 'closed', name: 'http floor', connections, ms: phaseMs }];
      const f = (await drive({ port: floor.port, users: seeded, seed: 42, phases: floorPhases }, () => 0))[1]!;
      floorPhase = { ...f.result, cpu: f.cpu, processCpuUsPerOrder: f.processCpuUsPerOrder, replyBytes: Buffer.byteLength(reply) };
    } finally {
      await floor.close();
    }
    return { fsync, phases, saturation: phases[1]!, low: phases[2]!, open: phases[3]!, floor: floorPhase, connections, cores: availableParallelism() };
  } finally {
    if (o.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the figures with their ratios; returns the JSON object for the machine-readable line. */
export function reportE2e(f: E2eFigures): Record<string, unknown> {
  const n = (x: number) => x.toLocaleString('en-US');
  const s = f.saturation;
  const op = f.open;
  console.log(`\nend-to-end: HTTP placeOrder → spot desk → group commit (SQLite WAL, synchronous=FULL), ${f.cores} cores shared by server (main thread + SQLite writer thread) and load generator (worker)`);
  console.log(`disk: ${n(f.fsync.perSec)} write+fdatasync/s (${f.fsync.bytes / 1024} KB each; p50 ${f.fsync.p50Ms} ms, p99 ${f.fsync.p99Ms} ms)`);
  console.log(`${'phase'.padEnd(16)}${'orders/s'.padStart(10)}${'ok'.padStart(9)}${'refused'.padStart(9)}${'errors'.padStart(8)}${'commits'.padStart(9)}${'batch'.padStart(7)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}  cpu µs/order: all = main + writer + v8 + load gen + other`);
  for (const p of f.phases) {
    const c = p.cpu;
    const split = c === null ? `${p.processCpuUsPerOrder}` : `${p.processCpuUsPerOrder} = ${c.main} + ${c.writer} + ${c.v8} + ${c.load} + ${c.other}`;
    console.log(`${p.name.padEnd(16)}${n(p.perSec).padStart(10)}${n(p.ok).padStart(9)}${n(p.refused).padStart(9)}${n(p.errors).padStart(8)}${n(p.commits).padStart(9)}${String(p.batch).padStart(7)}${String(p.p50Ms).padStart(9)}${String(p.p99Ms).padStart(9)}${String(p.maxMs).padStart(9)}  ${split}`);
    if (Object.keys(p.codes).length > 0) console.log(`  refusals: ${JSON.stringify(p.codes)}`);
  }
  const ceiling = f.fsync.perSec * s.batch;
  const vsTarget = s.perSec / TARGET_ORDERS_PER_SEC;
  const vsCeiling = ceiling > 0 ? s.perSec / ceiling : 0;
  console.log(`saturation: ${n(s.perSec)} orders/s = ${vsTarget.toFixed(2)}× the ${n(TARGET_ORDERS_PER_SEC)}/s target ${s.perSec >= TARGET_ORDERS_PER_SEC ? 'met' : 'NOT met'}; ` +
    `${(vsCeiling * 100).toFixed(1)}% of the disk's ceiling at the batch reached (${n(f.fsync.perSec)} fsync/s × ${s.batch} orders/commit = ${n(Math.round(ceiling))} orders/s); ${s.commits > 0 ? n(Math.round((s.commits / s.ms) * 1000)) : 0} commits/s = ${((s.commits / s.ms) * 1000 / f.fsync.perSec * 100).toFixed(1)}% of the fsync rate`);
  console.log(`open loop ${n(OPEN_RATE)}/s: achieved ${n(op.perSec)}/s, p50 ${op.p50Ms} ms, p99 ${op.p99Ms} ms = ${(op.p99Ms / TARGET_P99_MS).toFixed(2)}× the ${TARGET_P99_MS} ms limit ${op.p99Ms <= TARGET_P99_MS && op.perSec >= OPEN_RATE * 0.95 ? 'met' : 'NOT met'} (latency from the scheduled send time; most waiting for a socket: ${op.maxQueued})`);
  const fl = f.floor;
  const fc = fl.cpu;
  /** Share of the cores the floor's closed loop keeps busy: one request per socket in flight leaves gaps. */
  const floorUse = Math.min(1, (fl.processCpuUsPerOrder * fl.perSec) / (f.cores * 1e6));
  console.log(`${'http floor'.padEnd(16)}${n(fl.perSec).padStart(10)}${n(fl.ok).padStart(9)}${n(fl.refused).padStart(9)}${n(fl.errors).padStart(8)}${'-'.padStart(9)}${'-'.padStart(7)}${String(fl.p50Ms).padStart(9)}${String(fl.p99Ms).padStart(9)}${String(fl.maxMs).padStart(9)}  ${fc === null ? fl.processCpuUsPerOrder : `${fl.processCpuUsPerOrder} = ${fc.main} + ${fc.writer} + ${fc.v8} + ${fc.load} + ${fc.other}`}`);
  console.log(`http floor: a bare node:http server answering the same requests with the exchange's own ${fl.replyBytes}-byte reply (JSON body parsed, nothing behind it), same load generator and ${n(f.connections)} sockets: ${n(fl.perSec)} req/s at ${fl.processCpuUsPerOrder} µs of CPU each; the exchange reaches ${(s.perSec / Math.max(1, fl.perSec)).toFixed(2)}× of it; the ${n(TARGET_ORDERS_PER_SEC)}/s target is ${(TARGET_ORDERS_PER_SEC / Math.max(1, fl.perSec)).toFixed(2)}× of it and leaves ${Math.round((f.cores * 1e6) / TARGET_ORDERS_PER_SEC - fl.processCpuUsPerOrder)} µs of CPU per order for everything but HTTP with the ${f.cores} cores fully used, ${Math.round((floorUse * f.cores * 1e6) / TARGET_ORDERS_PER_SEC - fl.processCpuUsPerOrder)} µs at the ${Math.round(floorUse * 100)}% of them the floor itself keeps busy, against ${s.processCpuUsPerOrder - fl.processCpuUsPerOrder} µs spent now`);
  const low = f.low;
  console.log(`open loop ${n(LOW_RATE)}/s (below saturation): achieved ${n(low.perSec)}/s, p50 ${low.p50Ms} ms, p99 ${low.p99Ms} ms = ${(low.p99Ms / TARGET_P99_MS).toFixed(2)}× the ${TARGET_P99_MS} ms limit`);
  return {
    bench: 'e2e',
    node: process.version,
    cores: f.cores,
    fsyncPerSec: f.fsync.perSec,
    saturation: {
      ordersPerSec: s.perSec, batch: s.batch, commits: s.commits, p50Ms: s.p50Ms, p99Ms: s.p99Ms, errors: s.errors, refused: s.refused,
      cpuUsPerOrder: s.cpu, processCpuUsPerOrder: s.processCpuUsPerOrder,
    },
    open: { rate: OPEN_RATE, achieved: op.perSec, p50Ms: op.p50Ms, p90Ms: op.p90Ms, p99Ms: op.p99Ms, maxMs: op.maxMs, batch: op.batch, errors: op.errors, refused: op.refused, cpuUsPerOrder: op.cpu },
    low: { rate: LOW_RATE, achieved: low.perSec, p50Ms: low.p50Ms, p99Ms: low.p99Ms, batch: low.batch, errors: low.errors, cpuUsPerOrder: low.cpu },
    httpFloor: { coresBusy: Number(floorUse.toFixed(3)), reqPerSec: fl.perSec, p50Ms: fl.p50Ms, p99Ms: fl.p99Ms, replyBytes: fl.replyBytes, cpuUsPerReq: fl.cpu, processCpuUsPerReq: fl.processCpuUsPerOrder },
    ratios: { saturationOverHttpFloor: Number((s.perSec / Math.max(1, fl.perSec)).toFixed(3)), saturationOverTarget: Number(vsTarget.toFixed(3)), saturationOverFsyncCeiling: Number(vsCeiling.toFixed(4)), p99OverLimit: Number((op.p99Ms / TARGET_P99_MS).toFixed(2)) },
    targets: { ordersPerSec: TARGET_ORDERS_PER_SEC, p99Ms: TARGET_P99_MS, met: s.perSec >= TARGET_ORDERS_PER_SEC && op.p99Ms <= TARGET_P99_MS },
  };
}
