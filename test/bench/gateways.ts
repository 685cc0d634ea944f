// The cluster end to end (`npm run bench -- --only=gateways`; issue 26): the e2e bench's HTTP order load
// (e2e-load.ts: /app/spot/placeOrder, 16 users, keep-alive sockets, closed loop) against, in the same run and each on
// a fresh PostgreSQL database of this machine's loopback server (DATABASE_URL, else postgres://postgres@127.0.0.1:5432)
// and loopback NATS (NATS_URL, else 127.0.0.1:4222):
//  - the embedded server on PostgreSQL (one process: gateway and desks), the peer;
//  - a cluster with 1 gateway, then with 2: gateway processes (gateway-main.ts) and one process per desk
//    (desk-main.ts); the sockets spread over the gateways.
// Reported: answered orders/s of each, their ratio to the single process, and the CPU each role spent per answered
// order (gateways, the spot desk's process, PostgreSQL, nats-server), read from /proc, from which the README projects
// 16 and 64 cores. Stops by itself: fixed phases. Options: --gateways-ms=N (the measured phase, default 10,000),
// --gateways-cpu-prof=DIR (each cluster process writes a V8 CPU profile there when it stops).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { createCommandLog } from '../../server/bus/index.ts';
import { startServer } from '../../server/server.ts';
import { seedUsers } from '../server/reliability/server-process.ts';
import type { LoadSpec, Phase, PhaseResult } from './e2e-load.ts';

const REPO = join(import.meta.dirname, '../..');
const DESKS = ['coin', 'contract', 'earn', 'fiat', 'seconds'] as const;
const TICKS = 100;
const CONNECTIONS = 256;
const BALANCES = { USDT: '1000000000', BTC: '100000', ETH: '1000000', SOL: '10000000', BNB: '10000000' };

export interface GatewaysOptions {
  databaseUrl: string;
  servers: string;
  phaseMs: number;
  /** Where each cluster process writes its V8 CPU profile (--gateways-cpu-prof=DIR), to see where its CPU goes. */
  cpuProfDir?: string | undefined;
}

interface Measured {
  perSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** CPU ms per 1,000 answered orders, by role. */
  cpu: Record<string, number>;
}

export interface GatewaysFigures {
  node: string;
  cores: number;
  single: Measured;
  cluster: Record<'1' | '2', Measured>;
}

function loopback(url: string, what: string): void {
  const host = url.includes('://') ? new URL(url).hostname : url.replace(/:\d+$/, '');
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`gateways bench: ${what} ${url} is not a loopback address`);
}

function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
  } catch {
    return 0;
  }
}

/** Every process whose command name is `name` (PostgreSQL's backends, nats-server). */
function pidsOf(name: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === name) out.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU ms by role now; a role's pids are read again each time (PostgreSQL starts a backend per connection). */
function cpuByRole(roles: Record<string, () => number[]>): Record<string, Map<number, number>> {
  const out: Record<string, Map<number, number>> = {};
  for (const [role, pids] of Object.entries(roles)) out[role] = new Map(pids().map((pid) => [pid, cpuMsOf(pid)]));
  return out;
}

async function withDatabase<T>(base: string, work: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_gw_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The load through `ports`: a warm-up, then the measured phase, with each role's CPU over the measured phase. */
async function measure(ports: number[], users: Array<{ ticket: string }>, phaseMs: number, roles: Record<string, () => number[]>): Promise<Measured> {
  const phases: Phase[] = [
    { kind: 'closed', name: 'warm-up', connections: CONNECTIONS, ms: 2_000 },
    { kind: 'closed', name: 'measured', connections: CONNECTIONS, ms: phaseMs },
  ];
  const spec: LoadSpec = { port: ports[0]!, ports, users, seed: 42, phases };
  const marks: Array<Record<string, Map<number, number>>> = [];
  const results = await new Promise<PhaseResult[]>((ok, ko) => {
    const worker = new Worker(new URL('./e2e-load.ts', import.meta.url), { name: 'gateways-load', workerData: { e2eLoad: spec } });
    marks.push(cpuByRole(roles));
    worker.on('message', (m: { type: string; results?: PhaseResult[]; message?: string }) => {
      if (m.type === 'phase') marks.push(cpuByRole(roles));
      else if (m.type === 'done') void worker.terminate().then(() => ok(m.results ?? []));
      else if (m.type === 'error') void worker.terminate().then(() => ko(new Error(m.message)));
    });
    worker.once('error', ko);
  });
  const r = results[1]!;
  const before = marks[1]!;
  const after = marks[2]!;
  const cpu: Record<string, number> = {};
  for (const role of Object.keys(roles)) {
    let ms = 0;
    for (const [pid, t] of after[role]!) ms += t - (before[role]!.get(pid) ?? 0);
    cpu[role] = r.ok > 0 ? Number(((ms / r.ok) * 1000).toFixed(1)) : 0;
  }
  return { perSec: r.perSec, p50Ms: r.p50Ms, p99Ms: r.p99Ms, errors: r.errors + r.refused, cpu };
}

interface Child {
  readonly child: ChildProcess;
  readonly ready: Promise<{ url?: string }>;
}

function startRole(script: string, args: string[], readyEvent: string, env: NodeJS.ProcessEnv, cpuProfDir?: string): Child {
  const profile = cpuProfDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, `--cpu-prof-name=${script.replace('-main.ts', '')}-${args.map((a) => a.replace(/^--|[^A-Za-z0-9=]/g, '')).join('-')}.cpuprofile`];
  const child = spawn(process.execPath, [...profile, join(REPO, 'server/cluster', script), ...args], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise<{ url?: string }>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const msg = JSON.parse(line) as { event?: string; url?: string; error?: string };
        if (msg.event === readyEvent) resolve({ url: msg.url });
        if (msg.event === 'failed') reject(new Error(`${script}: ${msg.error}`));
      } catch {
        // not one of its JSON lines
      }
    });
    child.once('exit', (code) => reject(new Error(`${script} ${args.join(' ')} exited (${code})`)));
  });
  ready.catch(() => undefined);
  return { child, ready };
}

export async function gatewaysBench(o: GatewaysOptions): Promise<GatewaysFigures> {
  loopback(o.databaseUrl, 'DATABASE_URL');
  for (const s of o.servers.split(',')) loopback(s, 'NATS_URL');
  const store = { postgres: () => pidsOf('postgres'), nats: () => pidsOf('nats-server') };

  const single = await withDatabase(o.databaseUrl, async (url) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-gw-'));
    try {
      const users = (await seedUsers({ dataDir, databaseUrl: url }, 16, BALANCES, 'gwb')).map((u) => ({ ticket: u.ticket }));
      const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: url, feeds: false, bots: false, logger: false, admin: false });
      try {
        return await measure([server.port], users, o.phaseMs, { server: () => [process.pid], ...store });
      } finally {
        await server.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const cluster = {} as Record<'1' | '2', Measured>;
  for (const count of [1, 2] as const) {
    cluster[String(count) as '1' | '2'] = await withDatabase(o.databaseUrl, async (url) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'openex-bench-gw-'));
      const prefix = `bgw${process.pid}${randomBytes(3).toString('hex')}`;
      const env = { ...process.env, DATABASE_URL: url, NATS_URL: o.servers, DATA_DIR: dataDir };
      const children: Child[] = [];
      try {
        const users = (await seedUsers({ dataDir, databaseUrl: url }, 16, BALANCES, 'gwb')).map((u) => ({ ticket: u.ticket }));
        const desks = DESKS.map((d) => startRole('desk-main.ts', [`--desk=${d}`, `--prefix=${prefix}`], 'caught-up', env, o.cpuProfDir));
        children.push(...desks);
        await Promise.all(desks.map((d) => d.ready));
        const gateways = Array.from({ length: count }, (_, i) => startRole('gateway-main.ts', ['--port=0', '--host=127.0.0.1', `--prefix=${prefix}`, `--name=bgw${i}`], 'listening', env, o.cpuProfDir));
        children.push(...gateways);
        const ports = (await Promise.all(gateways.map((g) => g.ready))).map((r) => Number(new URL(r.url!).port));
        return await measure(ports, users, o.phaseMs, {
          gateways: () => gateways.map((g) => g.child.pid!),
          desk: () => [desks[0]!.child.pid!],
          ...store,
        });
      } finally {
        for (const c of children) c.child.kill('SIGTERM');
        await Promise.all(children.map((c) => (c.child.exitCode !== null || c.child.signalCode !== null ? undefined : new Promise((done) => c.child.once('exit', done)))));
        const log = await createCommandLog({ servers: o.servers, prefix });
        await log.destroy();
        await log.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
  return { node: process.version, cores: os.cpus().length, single, cluster };
}

export function reportGateways(f: GatewaysFigures): Record<string, unknown> {
  const line = (name: string, m: Measured) => {
    const ratio = (m.perSec / f.single.perSec).toFixed(2);
    const cpu = Object.entries(m.cpu).map(([k, v]) => `${k} ${v}`).join(', ');
    console.log(`  ${name.padEnd(26)} ${Math.round(m.perSec).toLocaleString('en-US').padStart(7)} orders/s (${ratio}× one process), p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, ${m.errors} errors; CPU ms per 1,000: ${cpu}`);
  };
  console.log(`\ngateways: ${CONNECTIONS} keep-alive sockets, 16 users, /app/spot/placeOrder, PostgreSQL; ${f.node}, ${f.cores} cores, load ${os.loadavg()[0]!.toFixed(1)}`);
  line('one process (embedded)', f.single);
  line('cluster, 1 gateway', f.cluster['1']);
  line('cluster, 2 gateways', f.cluster['2']);
  // The projection: the desk's own CPU per order bounds one market's desk; gateways, the store and NATS scale out.
  const c2 = f.cluster['2'].cpu;
  const total = Object.values(c2).reduce((a, b) => a + b, 0);
  const at = (cores: number) => Math.round((cores * 1_000_000) / total);
  const deskBound = c2['desk']! > 0 ? Math.round(1_000_000 / c2['desk']!) : Infinity;
  console.log(`  projection from the 2-gateway CPU (${total.toFixed(1)} ms per 1,000 orders): 16 cores ${at(16).toLocaleString('en-US')}/s, 64 cores ${at(64).toLocaleString('en-US')}/s; one spot desk's process bounds its markets at ${deskBound.toLocaleString('en-US')}/s`);
  return { bench: 'gateways', node: f.node, cores: f.cores, single: f.single, cluster: f.cluster, projection: { cpuMsPerThousand: total, at16: at(16), at64: at(64), deskBound } };
}

export function gatewaysOptions(argv: readonly string[]): GatewaysOptions {
  const hit = argv.find((x) => x.startsWith('--gateways-ms='));
  const phaseMs = hit ? Number(hit.split('=')[1]) : 10_000;
  if (!Number.isSafeInteger(phaseMs) || phaseMs < 1000) throw new Error('--gateways-ms=N: at least 1000');
  const prof = argv.find((x) => x.startsWith('--gateways-cpu-prof='));
  return {
    cpuProfDir: prof ? prof.slice('--gateways-cpu-prof='.length) : undefined,
    databaseUrl: process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test',
    servers: process.env['NATS_URL'] || '127.0.0.1:4222',
    phaseMs,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify(reportGateways(await gatewaysBench(gatewaysOptions(process.argv.slice(2))))));
}
