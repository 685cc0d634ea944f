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
  /** The operator console's port (OPS_PORT): its own checked-free port, not PORT+1 (see spawnServer). */
  readonly opsPort: number;
  readonly child: ChildProcess;
  readonly logFile: string;
  /** Resolves with the exit code or signal once the process is gone. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** For a failure's message: whether the process is still running, and the end of its log. */
  describe(): string;
  /**
   * `fetch(url + path)`. A request that gets no answer (refused, reset) fails with an error naming it and saying
   * whether the process had exited (waiting up to a second for its exit to be reported) with the end of its log: the
   * server is up once spawnServer returns, so a refused connection means it died, and the log says why.
   */
  fetch(path: string, init?: RequestInit): Promise<Response>;
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
 * and the child's bind, no port-0 listener and no client connection of a parallel test can be given it, as an
 * OS-assigned port could. Not the whole cure for CI's ECONNREFUSED failures: see spawnServer. (A port-0 listener
 * gets an odd port and a client socket an even one, so the console's PORT+1 of those days was a port the suite's
 * client sockets, TIME_WAIT ones for 60 s after, kept taking; and this range is not only ours either: a machine's
 * own services listen in it, such as RabbitMQ's 127.0.0.1:25672 here.)
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

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/** How often a start that lost a port race (EADDRINUSE on a port we drew) is made again on fresh ports. */
const PORT_RACE_RETRIES = 3;

class StartFailed extends Error {
  override name = 'StartFailed';
  /** The message without the log. */
  readonly summary: string;
  readonly portRace: boolean;
  constructor(summary: string, log: string, portRace: boolean) {
    super(`${summary}; log:\n${log}`);
    this.summary = summary;
    this.portRace = portRace;
  }
}

/**
 * Starts `node server/main.ts` on a free loopback port with bots, the simulated feed and custody off (custody's local
 * chain listens on one fixed port, which parallel servers would fight over; custody has crash tests of its own);
 * waits until its start is complete, not only until it answers.
 *
 * startServer used to listen on PORT early and go on starting after that (the jobs, the admin socket, last the
 * operator console on OPS_PORT, by default PORT+1, which nobody checked): a step that failed then closed the listener
 * and the process exited, a moment after it answered. A wait for the ping alone returned such a server, and the
 * test's next request failed with a bare `fetch failed: ECONNREFUSED` one start's time into the test (a start returns
 * 4 s in alone; crash-earn's two, 11 s and 28 s in beside three busy loops): the signature of CI's crash-earn and
 * crash-seconds failures. startServer now listens on PORT last (server-listen.test.ts); the console still gets a
 * checked-free port of its own, and the server counts as started once both answer. A start that fails, before or
 * after it answered, fails here with its log; one whose port was taken between our check and its bind (EADDRINUSE
 * on one of the two ports drawn for it) is made again on fresh ports.
 */
export async function spawnServer(where: Where, o: SpawnOptions = {}): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(where, o, attempt);
    } catch (error) {
      if (!(error instanceof StartFailed && error.portRace && attempt <= PORT_RACE_RETRIES)) throw error;
      console.warn(`spawnServer: ${error.summary}: EADDRINUSE on a port drawn for it, taken since the check; starting again`);
    }
  }
}

async function startOnce(where: Where, o: SpawnOptions, attempt: number): Promise<ServerProcess> {
  const port = await freePort();
  let opsPort = await freePort();
  while (opsPort === port) opsPort = await freePort();
  const base = o.logName ?? `server-${port}.log`;
  const logFile = join(where.dataDir, attempt === 1 ? base : base.replace(/(\.log)?$/, `-${attempt}.log`));
  const fd = openSync(logFile, 'a');
  const env: NodeJS.ProcessEnv = {
    ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: where.dataDir, BOTS: 'false', FEEDS: 'false', CUSTODY: 'off', LOG_LEVEL: 'warn', ...o.env,
    // Last, whatever o.env says: the start is known complete when the console answers on this port.
    OPS_PORT: String(opsPort),
  };
  delete env['DATABASE_URL'];
  delete env['NODE_OPTIONS'];
  delete env['VITEST'];
  if (where.databaseUrl) env['DATABASE_URL'] = where.databaseUrl;
  const child = spawn(process.execPath, [...(o.nodeArgs ?? []), join(REPO, 'server/main.ts')], { cwd: REPO, env, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  let exit: Exit | null = null;
  const exited = new Promise<Exit>((ok) => child.once('exit', (code, signal) => ok({ code, signal })));
  void exited.then((e) => (exit = e));
  const url = `http://127.0.0.1:${port}`;
  const opsUrl = `http://127.0.0.1:${opsPort}`;
  const logTail = (n: number) => readFileSync(logFile, 'utf8').slice(-n);
  const exitText = (e: Exit) => `exit code ${e.code ?? '-'}, signal ${e.signal ?? '-'}`;
  /** Any HTTP answer from the operator console (it wants a session: 401 is an answer) means it listens. */
  const answers = async (target: string, ok: (r: Response) => boolean) => {
    try {
      const r = await fetch(target, { signal: AbortSignal.timeout(1000) });
      await r.arrayBuffer();
      return ok(r);
    } catch {
      return false; // not listening yet (or too slow to answer within the second: asked again)
    }
  };
  // Generous (a start takes 4 s alone, up to 28 s beside three busy loops on two cores): only a hang should end here.
  const deadline = Date.now() + (o.readyTimeoutMs ?? 60_000);
  let pinged = false;
  for (;;) {
    if (exit !== null) {
      const log = logTail(4000);
      // Our check found both ports free: something (a parallel test's server) took one before the child bound it.
      const race = new RegExp(`EADDRINUSE[^\\n]*:(${port}|${opsPort})\\b`).test(log);
      throw new StartFailed(`the server (port ${port}, console ${opsPort}) exited (${exitText(exit)}) before it had started${pinged ? ', after it answered a ping' : ''}`, log, race);
    }
    pinged ||= await answers(`${url}/api/v3/ping`, (r) => r.ok);
    // Both answered and the child still runs (an exit while we asked is reported above, next round): started.
    if (pinged && (await answers(`${opsUrl}/ops/api/me`, () => true)) && exit === null) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`the server (port ${port}, console ${opsPort}) had not started within the timeout (${pinged ? 'it answered a ping; the console did not' : 'no ping answered'}); log:\n${logTail(4000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const describe = () =>
    `the server on port ${port} (pid ${child.pid}) ${exit === null ? 'was running' : `had exited (${exitText(exit)})`}; its log ends:\n${logTail(3000)}`;
  return {
    url, port, opsPort, child, logFile, exited, describe,
    async kill(signal) {
      if (exit === null) child.kill(signal);
      const timer = setTimeout(() => { if (exit === null) child.kill('SIGKILL'); }, 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    async fetch(path, init) {
      try {
        return await fetch(`${url}${path}`, init);
      } catch (error) {
        // The exit event can come a moment after the refused connection: give it a second to say the process died.
        if (exit === null) await Promise.race([exited, new Promise((r) => setTimeout(r, 1000))]);
        const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        throw new Error(`${init?.method ?? 'GET'} ${path} got no answer (${String(error)}${cause}); ${describe()}`, { cause: error });
      }
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
