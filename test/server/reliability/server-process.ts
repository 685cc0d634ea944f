// The exchange as a real child process (`node server/main.ts`), for tests where the process must really die
// (SIGKILL) and for the end-to-end benchmark, where the server must not share an event loop with the load
// generator. Loopback only; stdio goes to a log file so no pipe can hold the child up; every wait is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes } from 'node:crypto';
import { runAdmin } from '../../../server/cli/admin.ts';
import { createStore } from '../../../server/store/index.ts';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where the child's data lives: a SQLite directory, or a PostgreSQL URL (with its own schema) plus a directory. */
export interface Where {
  dataDir: string;
  databaseUrl?: string | undefined;
}

export interface ServerProcess {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  readonly logFile: string;
  /** Resolves with the exit code or signal once the process is gone. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** For a failure's message: whether the process is still running, and the end of its log. */
  describe(): string;
}

/** Below Linux's ephemeral range (32768–60999), which the OS hands to every port-0 listener and client socket. */
const SPAWN_PORTS: readonly [number, number] = [20_000, 32_000];

function bindable(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const s = createServer();
    s.once('error', () => ok(false));
    s.listen(port, '127.0.0.1', () => s.close(() => ok(true)));
  });
}

/**
 * A free loopback port for a child server to take, drawn at random below the ephemeral range: between this check
 * and the child's bind, no port-0 listener and no client connection of a parallel test can be given it (as an
 * OS-assigned port could: the child would fail to bind, or another test's server would answer there; the suspected
 * cause of two unexplained ECONNREFUSED failures on CI).
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const port = SPAWN_PORTS[0] + Math.floor(Math.random() * (SPAWN_PORTS[1] - SPAWN_PORTS[0]));
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port in ${SPAWN_PORTS.join('–')}`);
}

export interface SpawnOptions {
  /** Extra node flags (e.g. --cpu-prof). */
  nodeArgs?: string[];
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  logName?: string;
}

/**
 * Starts `node server/main.ts` on a free loopback port with bots, the simulated feed and custody off (custody's local
 * chain listens on one fixed port, which parallel servers would fight over; custody has crash tests of its own);
 * waits until it answers.
 */
export async function spawnServer(where: Where, o: SpawnOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const logFile = join(where.dataDir, o.logName ?? `server-${port}.log`);
  const fd = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: where.dataDir, BOTS: 'false', FEEDS: 'false', CUSTODY: 'off', LOG_LEVEL: 'warn', ...o.env };
  delete env['DATABASE_URL'];
  delete env['NODE_OPTIONS'];
  delete env['VITEST'];
  if (where.databaseUrl) env['DATABASE_URL'] = where.databaseUrl;
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), join(REPO, 'server/main.ts')], { cwd: REPO, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (o.readyTimeoutMs ?? 30_000);
  for (;;) {
    if (gone) throw new Error(`the server exited before answering; log:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    try {
      const r = await fetch(`${url}/api/v3/ping`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within the timeout; log:\n${readFileSync(logFile, 'utf8').slice(-4000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url, port, child, logFile, exited,
    describe: () => `the server on port ${port} (pid ${child.pid}) ${gone ? `had exited (${child.exitCode ?? child.signalCode})` : 'was running'}; its log ends:\n${readFileSync(logFile, 'utf8').slice(-3000)}`,
    async kill(signal) {
      if (!gone) child.kill(signal);
      const timer = setTimeout(() => { if (!gone) child.kill('SIGKILL'); }, 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

export interface SeededUser {
  id: number;
  email: string;
  /** A session ticket (its hash stored), for the `ticket` header. */
  ticket: string;
}

/**
 * Creates `count` users with the operator CLI, credits each `credits` in the coin wallet through the desk
 * (`balance credit`), and stores a session for each. Run while no server holds the desks' leases.
 */
export async function seedUsers(where: Where, count: number, credits: Record<string, string>, prefix = 'load'): Promise<SeededUser[]> {
  const at = { dataDir: where.dataDir, databaseUrl: where.databaseUrl };
  const users: SeededUser[] = [];
  for (let i = 0; i < count; i++) {
    const email = `${prefix}${i}@example.com`;
    const made = await runAdmin(['user', 'create', '--email', email, '--password', 'Secret12345', '--verified'], at);
    if (made.exitCode !== 0) throw new Error(`user create: ${made.output}`);
    for (const [asset, amount] of Object.entries(credits)) {
      const credited = await runAdmin(['balance', 'credit', '--email', email, '--asset', asset, '--amount', amount, '--memo', 'seed', '--reason', 'test seed'], at);
      if (credited.exitCode !== 0) throw new Error(`balance credit: ${credited.output}`);
    }
    users.push({ id: 0, email, ticket: randomBytes(32).toString('base64url') });
  }
  const store = await createStore({ dataDir: where.dataDir, databaseUrl: where.databaseUrl });
  try {
    const now = Date.now();
    for (const u of users) {
      const row = await store.users.findByEmail(u.email);
      if (!row) throw new Error(`no user ${u.email}`);
      u.id = row.id;
      const tokenHash = createHash('sha256').update(u.ticket).digest('hex');
      await store.sessions.insert({ token_hash: tokenHash, user_id: row.id, created_at: now, expires_at: now + 7 * 24 * 3_600_000, revoked_at: null });
    }
  } finally {
    await store.close();
  }
  return users;
}
