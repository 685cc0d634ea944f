// The processes of a cluster, started by a test (server/cluster/*-main.ts): each prints one JSON line per step, and
// `ready` resolves at the step asked for (a desk's 'active' or 'caught-up', a gateway's 'listening', the jobs'
// 'active') with its time and, for a gateway, its url (for the jobs, the console's url and the admin socket's path it
// opened, or null); it rejects when the process fails or ends before it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createCommandLog } from '../../../server/bus/index.ts';
import type { DeskClient } from '../../../server/cluster/desk-client.ts';
import { DeskUnavailableError, verifyLedger, type Reply } from '../../../server/desks/index.ts';
import { createStore } from '../../../server/store/index.ts';

const REPO = join(import.meta.dirname, '../../..');

/** What the ready line says: its time, a gateway's url, the active jobs process's console url and admin socket. */
export interface ReadyLine {
  at: number;
  url?: string | undefined;
  opsUrl?: string | null | undefined;
  adminSocket?: string | null | undefined;
}

export interface ClusterProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<ReadyLine>;
  /** Resolves once a desk or jobs process waits as a standby (started, connected, watching the lease). */
  readonly waiting: Promise<void>;
  readonly exited: Promise<void>;
  /** What the process wrote to stderr so far (started with `captureStderr`; otherwise it goes to the test's own). */
  stderr(): string;
}

export function startClusterProcess(
  script: 'desk-main.ts' | 'gateway-main.ts' | 'jobs-main.ts',
  args: readonly string[],
  readyEvent: string,
  env: NodeJS.ProcessEnv,
  o: { readonly captureStderr?: boolean | undefined } = {},
): ClusterProcess {
  const child = spawn(process.execPath, [join(REPO, 'server/cluster', script), ...args], { cwd: REPO, env, stdio: ['ignore', 'pipe', o.captureStderr ? 'pipe' : 'inherit'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let standing: () => void = () => undefined;
  // Rejects, as `ready` does, when the process ends before it stands by: a test waiting on it then fails at once.
  const waiting = new Promise<void>((resolve, reject) => {
    standing = resolve;
    void exited.then(() => reject(new Error(`${script} ${args.join(' ')} ended (${child.exitCode ?? child.signalCode}) before standing by`)));
  });
  waiting.catch(() => undefined);
  const ready = new Promise<ReadyLine>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let msg: { event?: string; at?: number; url?: string; error?: string; opsUrl?: string | null; adminSocket?: string | null };
      try {
        msg = JSON.parse(line) as typeof msg;
      } catch {
        return;
      }
      if (msg.event === 'standby') standing();
      if (msg.event === readyEvent) resolve({ at: msg.at ?? Date.now(), url: msg.url, opsUrl: msg.opsUrl, adminSocket: msg.adminSocket });
      if (msg.event === 'failed') reject(new Error(`${script} ${args.join(' ')}: ${msg.error}`));
    });
    void exited.then(() => reject(new Error(`${script} ${args.join(' ')} ended (${child.exitCode ?? child.signalCode})`)));
  });
  ready.catch(() => undefined);
  return { child, ready, waiting, exited, stderr: () => stderr };
}

/**
 * `p`, or a failure naming `step` once `ms` have passed: a process that never reaches a step fails the test there,
 * with what it was waiting for, instead of at the test's own timeout with nothing said.
 */
export function within<T>(ms: number, step: string, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${step}: not done in ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/**
 * A starter of one cluster's processes: each gets `--prefix=<prefix>` and the environment `env()` gives at its start
 * (read then: a test's store and data folder exist only once its set-up ran), and is kept in `procs` while it runs.
 */
export function clusterStarter(prefix: string, procs: Set<ClusterProcess>, env: () => NodeJS.ProcessEnv) {
  return (script: 'desk-main.ts' | 'gateway-main.ts' | 'jobs-main.ts', args: readonly string[], readyEvent: string): ClusterProcess => {
    const p = startClusterProcess(script, [`--prefix=${prefix}`, ...args], readyEvent, env());
    procs.add(p);
    void p.exited.then(() => procs.delete(p));
    return p;
  };
}

/** Stops them all (SIGTERM, then SIGKILL after 5 s) and waits until they are gone. */
export async function stopClusterProcesses(list: Iterable<ClusterProcess>): Promise<void> {
  const all = [...list];
  for (const p of all) p.child.kill('SIGTERM');
  const forced = setTimeout(() => {
    for (const p of all) p.child.kill('SIGKILL');
  }, 5_000);
  await Promise.all(all.map((p) => p.exited));
  clearTimeout(forced);
}

/** What a cluster test leaves behind: its in-process gateways, its processes, its log, its schema and data folder. */
export interface ClusterLeftovers {
  readonly gateways?: Iterable<{ close(): Promise<void> }> | undefined;
  readonly processes: Iterable<ClusterProcess>;
  readonly servers: string;
  readonly prefix: string;
  readonly store?: { close(): Promise<void> } | undefined;
  readonly target?: { dispose(): Promise<void> } | undefined;
  readonly dataDir?: string | undefined;
}

/** Closes the gateways, stops the processes, deletes the cluster's command log, then the store, schema and folder. */
export async function tearDownCluster(o: ClusterLeftovers): Promise<void> {
  for (const g of o.gateways ?? []) await g.close().catch(() => undefined);
  await stopClusterProcesses(o.processes);
  const log = await createCommandLog({ servers: o.servers, prefix: o.prefix });
  await log.destroy();
  await o.store?.close();
  await o.target?.dispose();
  if (o.dataDir !== undefined) rmSync(o.dataDir, { recursive: true, force: true });
}

/** The ledger of the cluster's store, verified from a store of the test's own (every desk stopped or not). */
export async function ledgerProblems(databaseUrl: string): Promise<readonly unknown[]> {
  const store = await createStore({ databaseUrl });
  try {
    return (await verifyLedger(store)).problems;
  } finally {
    await store.close();
  }
}

/** A signed Binance call with an API key; undefined when no answer came (the gateway died or refused the connection). */
export async function signedCall(base: string, key: { apiKey: string; secret: string }, method: 'GET' | 'POST', path: string, params: Record<string, string>) {
  const text = new URLSearchParams({ ...params, timestamp: String(Date.now()), recvWindow: '60000' }).toString();
  const body = `${text}&signature=${createHmac('sha256', key.secret).update(text).digest('hex')}`;
  try {
    const res = await fetch(method === 'POST' ? `${base}${path}` : `${base}${path}?${body}`, {
      method,
      headers: { 'x-mbx-apikey': key.apiKey, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    return { status: res.status, body: (await res.json()) as { orderId?: number; code?: number; msg?: string } };
  } catch {
    return undefined;
  }
}

/**
 * A desk's commands sent as a client under failover sends them: a call with no answer in time (its desk died with it)
 * is sent again. `stats.kills` is the test's count of kills, bumped by the test at each; a call answered after a kill
 * that happened while it waited counts as spanned (the standby applied it from the log, or had it).
 */
export function retryingCalls(client: DeskClient, desk: string) {
  const stats = { kills: 0, retries: 0, spanned: 0 };
  const call = async <T>(method: string, args: unknown[]): Promise<T> => {
    for (;;) {
      try {
        const killsBefore = stats.kills;
        const answer = (await client.command(desk, method, args)) as T;
        if (stats.kills > killsBefore) stats.spanned++;
        return answer;
      } catch (error) {
        if (!(error instanceof DeskUnavailableError)) throw error;
        stats.retries++;
      }
    }
  };
  return { call, stats };
}

/** A desk's reply's value; a refusal fails the test. */
export function ok<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`refused: ${reply.code}`);
  return reply.value;
}
