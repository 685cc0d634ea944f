// The jobs process of a cluster (issue 26): `node server/cluster/jobs-main.ts`, with DATABASE_URL, NATS_URL and
// optional CLUSTER_PREFIX. The jobs run once in the cluster: a process runs them only while it holds the `jobs` lease
// (desk_leases, 2 s, renewed every third of it); a second process waits as a standby and takes over when the lease
// is released, expires, or its holder died on this host. A process that can't renew the lease stops at once.
//
// The active process also opens the operators' ways in, over the desks' remote faces, so a cluster has one of each
// and a new active process opens them after a failover: the admin channel (ADMIN_SOCKET, default DATA_DIR/admin.sock,
// its token ADMIN_TOKEN or DATA_DIR/admin.token, as `npm start` opens it) and, when `--ops-port` or OPS_PORT gives a
// port, the operator console on OPS_HOST (default 127.0.0.1; OPS_PORT=off: none). A standby is given the same port and
// listens on it only once it is active. DATA_DIR (default ./data) also holds the key that seals the operators' TOTP
// secrets, unless API_KEY_SECRET is set: the same as the CLI's that made the operators.
// `--demo` (or DEMO=1) adds the demo of `npm start` to the jobs: the first-start seeding on a fresh store (the demo's
// articles, seconds durations, seconds house, earn products and treasury; a store already seeded gets nothing twice)
// and the market-maker bots, quoting and trading every spot market and perpetual through the desks' faces (SEED, as
// for `npm start`, seeds them and the index). Not the 7-day history `npm start` replays first (jobs.ts).
// One JSON line per step on stdout: standby, active (with the console's URL, the socket's path, and with --demo what
// its seeding added: `seeded`, null when it failed, as an 'error' line said), stopped.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { argon2Hasher } from '../accounts/passwords.ts';
import { adminSettingsFromEnv, startAdminChannel, type AdminChannel } from '../admin/index.ts';
import { createCommandLog, createNatsBus } from '../bus/index.ts';
import { systemClock } from '../clock.ts';
import { ConfigError, loadLiveConfig, loadOpsConfig } from '../config.ts';
import { REQUEST_TIMEOUT_MS } from '../contract/api.ts';
import type { DeskEvent } from '../desks/events.ts';
import { holderIsDead, newHolderId } from '../desks/lease.ts';
import { createMessages } from '../i18n/messages.ts';
import { withAntiPhishing } from '../notify/anti-phishing.ts';
import { createNotifier } from '../notify/notifier.ts';
import { buildOpsApp } from '../ops/app.ts';
import { DEFAULT_STATIC_DIR } from '../paths.ts';
import { createStore } from '../store/index.ts';
import { connectDesks } from './desk-client.ts';
import { CLUSTER_LEASE_TTL_MS, STANDBY_POLL_MS } from './desks.ts';
import { closeOnSignal, exitFailed, runMain, say } from './process-main.ts';
import { startClusterJobs } from './jobs.ts';
import { openRemoteDesks, watchingDesks } from './remote-desks.ts';

const LEASE = 'jobs';
const ANY_HOST = new Set(['0.0.0.0', '::', '127.0.0.1', 'localhost', '::1']);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A bot's log fields as JSON can carry them (an error as its message). */
const fieldsOf = (obj: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, v instanceof Error ? v.message : v]));

/** DEMO as config.ts reads a flag: 1/true or 0/false, unset is off. */
function demoFromEnv(raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new ConfigError(`DEMO must be true or false, got "${value}"`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { prefix: { type: 'string' }, 'ops-port': { type: 'string' }, 'ops-host': { type: 'string' }, demo: { type: 'boolean' } } });
  const natsUrl = process.env.NATS_URL;
  const databaseUrl = process.env.DATABASE_URL;
  if (!natsUrl || !databaseUrl) throw new Error('the jobs process needs NATS_URL and DATABASE_URL');
  const prefix = values.prefix ?? process.env.CLUSTER_PREFIX ?? 'ex';
  const ttl = Number(process.env.DESK_LEASE_TTL_MS ?? CLUSTER_LEASE_TTL_MS);
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  // Read and checked before the lease, so a wrong setting fails at start rather than at a failover. The console is
  // off unless a port is given (a jobs process started by hand or by a test opens none by surprise); with one, it is
  // read as `npm start` reads it (config.ts loadOpsConfig: a number or `off`, never the gateways' PORT when that is
  // set; this process has no public port of its own, so an unset PORT is none rather than 8080).
  const opsEnv = {
    ...process.env,
    PORT: process.env.PORT?.trim() ? process.env.PORT : '0',
    ...(values['ops-port'] === undefined ? {} : { OPS_PORT: values['ops-port'] }),
    ...(values['ops-host'] === undefined ? {} : { OPS_HOST: values['ops-host'] }),
  };
  const ops = opsEnv.OPS_PORT?.trim() ? loadOpsConfig(opsEnv) : null;
  const adminSettings = adminSettingsFromEnv(process.env);
  const demo = values.demo === true || demoFromEnv(process.env.DEMO);
  const { seed } = loadLiveConfig(process.env);
  const store = await createStore({ databaseUrl });
  const holder = newHolderId('jobs-');
  say('standby', { holder });
  const take = async () => {
    const current = await store.leases.find(LEASE);
    const takeOver = current && holderIsDead(current.holder) ? current.holder : undefined;
    return store.leases.acquire(LEASE, holder, Date.now(), ttl, takeOver);
  };
  while (!(await take())) await new Promise((done) => setTimeout(done, STANDBY_POLL_MS));

  const events = await createNatsBus<DeskEvent>({ servers: natsUrl, prefix: `${prefix}.ev`, name: `jobs-${process.pid}` });
  const log = await createCommandLog({ servers: natsUrl, prefix, name: `jobs-log-${process.pid}` });
  const client = connectDesks({ log, prefix, gateway: `jobs_${process.pid}` });
  // As a gateway's: a user topic this process listens to is one the desks are told to build (interest.ts).
  const bus = watchingDesks(events, client);
  const desks = await openRemoteDesks(client, store);
  const onError = (error: unknown, what: string) => say('error', { what, error: messageOf(error) });
  // Renewed every third of the lease; a renewal refused (another process has it) ends this one before it can act twice.
  const renew = setInterval(() => {
    store.leases.acquire(LEASE, holder, Date.now(), ttl).then(
      (held) => {
        if (held) return;
        exitFailed('stopped', { reason: 'the jobs lease was taken' });
      },
      (error: unknown) => onError(error, 'lease renewal'),
    );
  }, Math.max(10, Math.floor(ttl / 3)));
  const jobs = await startClusterJobs({
    store, bus, desks, clock: systemClock, onError, seed, commandLog: log,
    // How often the desks' logs are trimmed below what each committed (log-retention.ts; default a minute).
    logTrimMs: process.env.LOG_TRIM_MS === undefined ? undefined : Math.max(100, Number(process.env.LOG_TRIM_MS) || 60_000),
    demo: demo
      ? {
          log: {
            info: (message) => say('info', { what: 'demo', message }),
            warn: (obj, message) => say('warning', { what: 'demo', message, ...fieldsOf(obj) }),
            error: (obj, message) => say('error', { what: 'demo', error: message, ...fieldsOf(obj) }),
          },
        }
      : undefined,
  });

  // What the operators' commands tell users goes to the outbox, as from a gateway.
  const notifier = createNotifier({ outbox: store.outbox, clock: systemClock, onError: (error) => onError(error, 'message delivery') });
  const messages = createMessages();
  // Neither the channel nor the console is worth the jobs (marks, funding, liquidations): one that can't open is said
  // on an 'error' line and the jobs go on without it.
  let admin: AdminChannel | null = null;
  try {
    admin = await startAdminChannel({
      store, clock: systemClock, desks, notifier: withAntiPhishing(notifier, store), messages, dataDir, databaseUrl, settings: adminSettings,
      log: {
        info: (message) => say('info', { what: 'admin channel', message }),
        warn: (message) => say('warning', { what: 'admin channel', message }),
        error: (message) => say('error', { what: 'admin channel', error: message }),
      },
    });
  } catch (error) {
    onError(error, 'admin channel');
  }
  let opsApp: FastifyInstance | null = null;
  let opsUrl: string | null = null;
  if (ops !== null) {
    const app = await buildOpsApp({
      store, clock: systemClock, messages, hasher: argon2Hasher(), desks, notifier: withAntiPhishing(notifier, store), dataDir,
      staticDir: DEFAULT_STATIC_DIR, logger: process.env.LOG_LEVEL !== undefined,
      trustProxy: false,
      priceRecord: () => jobs.priceRecord,
    });
    app.server.requestTimeout = REQUEST_TIMEOUT_MS;
    app.server.headersTimeout = REQUEST_TIMEOUT_MS;
    try {
      await app.listen({ port: ops.port, host: ops.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : ops.port;
      opsUrl = `http://${ANY_HOST.has(ops.host) ? '127.0.0.1' : ops.host.includes(':') ? `[${ops.host}]` : ops.host}:${port}`;
      opsApp = app;
    } catch (error) {
      onError(error, `operator console on ${ops.host}:${ops.port}`);
      await app.close().catch(() => undefined);
    }
  }
  say('active', { holder, markets: jobs.markets.length, opsUrl, adminSocket: admin?.socketPath ?? null, demo: demo ? { seeded: jobs.demo } : null });
  closeOnSignal(async () => {
    // The operators' ways in first: the commands in progress finish while the desks and the lease are still held.
    await admin?.close();
    await opsApp?.close();
    clearInterval(renew);
    await jobs.stop();
    notifier.close();
    await store.leases.release(LEASE, holder);
    await desks.close();
    await client.close();
    await bus.close();
    await log.close();
    await store.close();
  });
}

runMain(main);
