// The operators' ways in on a cluster (issue 26), on PostgreSQL and the machine's NATS JetStream: every desk in a
// process of its own, two jobs processes (one active, one standby) and a gateway in this process. The active jobs
// process opens the operator console and the admin channel over the desks' remote faces. An operator made with the
// CLI signs in to the console over HTTP, credits a user and closes a market: the user sees the money and has an order
// refused through the gateway. The admin CLI reopens the market through the channel's socket, and the user's order
// is taken. The active jobs process is SIGKILLed: the standby opens the console on the same port and the socket at
// the same path, the operator's session goes on there, and a second credit reaches the user. The audit log says
// which way each command came.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../../../server/cli/admin.ts';
import { runOperatorCommand } from '../../../server/cli/operator-commands.ts';
import { startGateway, type GatewayHandle } from '../../../server/cluster/gateway.ts';
import { API } from '../../../server/contract/api.ts';
import { OPS_PATHS, OPS_REQUEST_HEADER, OPS_SESSION_COOKIE, type OpsHealth } from '../../../server/contract/ops.ts';
import { createStore } from '../../../server/store/index.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { newTarget, PG_SKIP_REASON, PG_URL, type Target } from '../dialects.ts';
import { freePort, seedUsers, type SeededUser } from '../reliability/server-process.ts';
import { startClusterProcess, tearDownCluster, type ClusterProcess } from './processes.ts';

const DESKS = ['coin', 'contract', 'earn', 'fiat', 'seconds'] as const;

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

interface OpsBody {
  code: string;
  msg: string;
  // Each call reads the data of the reply it asked for.
  data: unknown;
}

cluster('the operator console and admin channel on a cluster', (servers) => {
  let target: Target;
  let dataDir: string;
  let opsPort: number;
  const prefix = uniquePrefix('ops');
  const children: ClusterProcess[] = [];
  let gateway: GatewayHandle | undefined;
  let user: SeededUser;
  let env: NodeJS.ProcessEnv;
  let requestSeq = 0;
  const requestId = () => `cc-${process.pid}-${Date.now()}-${++requestSeq}`;

  const jobs = () => startClusterProcess('jobs-main.ts', [`--prefix=${prefix}`, `--ops-port=${opsPort}`], 'active', env);

  beforeAll(async () => {
    target = await newTarget('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'openex-cc-'));
    // Seeded before the desks start: the CLI opens the desks itself when no server runs.
    const at = { dataDir, databaseUrl: target.databaseUrl };
    [user] = (await seedUsers(at, 1, { USDT: '1000' }, 'cc')) as [SeededUser];
    env = { ...process.env, DATABASE_URL: target.databaseUrl!, NATS_URL: servers, DATA_DIR: dataDir };
    delete env['ADMIN_SOCKET'];
    delete env['ADMIN_TOKEN'];
    delete env['OPS_HOST'];
    opsPort = await freePort();
    const desks = DESKS.map((d) => startClusterProcess('desk-main.ts', [`--desk=${d}`, `--prefix=${prefix}`], 'caught-up', env));
    children.push(...desks);
    await Promise.all(desks.map((p) => p.ready));
    gateway = await startGateway({ databaseUrl: target.databaseUrl!, natsUrl: servers, prefix, dataDir, name: 'gw-cc', startTimeoutMs: 30_000 });
  }, 120_000);

  afterAll(() => tearDownCluster({ gateways: gateway ? [gateway] : [], processes: children, servers, prefix, target, dataDir }));

  /** The console's API over HTTP, as its page calls it (a POST carries the x-ops-request header). */
  const ops = async (base: string, method: 'GET' | 'POST', path: string, o: { cookie?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(method === 'POST' ? { [OPS_REQUEST_HEADER]: '1' } : {}),
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(o.cookie === undefined ? {} : { cookie: `${OPS_SESSION_COOKIE}=${o.cookie}` }),
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    });
    return { status: res.status, body: (await res.json()) as OpsBody, setCookie: res.headers.get('set-cookie') ?? '' };
  };
  const command = async (base: string, cookie: string, name: string, args: Record<string, string>, reason: string) => {
    const r = await ops(base, 'POST', OPS_PATHS.command, { cookie, body: { command: name, args, reason, requestId: requestId() } });
    expect(r.body.code, JSON.stringify(r.body)).toBe('success');
    return r.body.data as { text: string };
  };

  /** The user's API through the gateway. */
  const app = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${gateway!.url}${path}`, {
      method,
      headers: { ticket: user.ticket, 'accept-language': 'en', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { code: string; msg?: string; data?: Record<string, unknown> };
  };
  const usdt = async () => {
    const r = await app('GET', API.assetBalances);
    const accounts = (r.data as { accounts: Array<{ account: string; balances: Array<{ asset: string; available: string; frozen: string }> }> }).accounts;
    return accounts.find((a) => a.account === 'coin')?.balances.find((b) => b.asset === 'USDT');
  };
  let orders = 0;
  const buy = () => app('POST', API.spotPlaceOrder, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', amount: '0.01', clientOrderId: `cc-order-${++orders}` });

  it('runs the console and the admin channel in the active jobs process, and in the standby after a SIGKILL', { timeout: 120_000 }, async () => {
    // The first jobs process takes the lease and opens both; the second waits as a standby and opens neither.
    const first = jobs();
    children.push(first);
    const active = await first.ready;
    const opsUrl = `http://127.0.0.1:${opsPort}`;
    expect(active.opsUrl).toBe(opsUrl);
    expect(active.adminSocket).toBe(join(dataDir, 'admin.sock'));
    const second = jobs();
    children.push(second);

    // An operator made with the CLI, as the owner would, signs in with the password and the authenticator's code.
    const made = await runOperatorCommand(['operator', 'add', '--name', 'alice', '--role', 'admin', '--reason', 'test setup', '--json'], { dataDir, databaseUrl: target.databaseUrl, operator: 'root' });
    expect(made.exitCode, made.output).toBe(0);
    const alice = JSON.parse(made.output) as { password: string; totpSecret: string };
    const login = await ops(opsUrl, 'POST', OPS_PATHS.login, { body: { name: 'alice', password: alice.password, totp: await generate({ secret: alice.totpSecret, epoch: Math.floor(Date.now() / 1000) }) } });
    expect(login.body.code, JSON.stringify(login.body)).toBe('success');
    const cookie = new RegExp(`${OPS_SESSION_COOKIE}=([^;]+)`).exec(login.setCookie)?.[1];
    if (cookie === undefined) throw new Error(`no session cookie in ${login.setCookie}`);

    // The health page reads the jobs' own price record.
    await expect
      .poll(async () => ((await ops(opsUrl, 'GET', OPS_PATHS.health, { cookie })).body.data as OpsHealth).priceRecord.head, { timeout: 20_000 })
      .not.toBeNull();

    // A credit from the console goes through the spot desk's process: the user sees it through the gateway.
    expect(await usdt()).toMatchObject({ available: '1000' });
    await command(opsUrl, cookie, 'balance credit', { email: user.email, asset: 'USDT', amount: '250' }, 'ticket 1: goodwill');
    expect(await usdt()).toMatchObject({ available: '1250' });

    // A market closed from the console refuses the user's order.
    await command(opsUrl, cookie, 'market close', { symbol: 'BTCUSDT' }, 'incident 7');
    const refused = await buy();
    expect(refused.code, JSON.stringify(refused)).toBe('currency.not.open');
    expect(await usdt()).toMatchObject({ available: '1250', frozen: '0' });

    // The admin CLI reopens it through the channel's socket (not on the store: the desk's process holds its lease).
    const reopened = await runAdmin(['market', 'open', 'BTCUSDT', '--reason', 'incident 7 over', '--verbose'], { dataDir, databaseUrl: target.databaseUrl });
    expect(reopened.exitCode, reopened.output).toBe(0);
    expect(reopened.log?.join('\n')).toContain(`through its admin channel ${join(dataDir, 'admin.sock')}`);
    // The gateway's copy of the market's status follows within its refresh (1 s).
    await expect.poll(async () => (await buy()).code, { timeout: 10_000 }).toBe('success');
    const afterOrder = await usdt();
    expect(Number(afterOrder?.frozen)).toBeGreaterThanOrEqual(10);
    expect(Number(afterOrder?.available) + Number(afterOrder?.frozen)).toBe(1250);

    // The active jobs process dies: the standby takes the lease, opens the console on the same port and the socket
    // at the same path; the operator's session (in the store) goes on there.
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    await first.exited;
    const takeover = await second.ready;
    expect(takeover.at).toBeGreaterThanOrEqual(killedAt);
    expect(takeover.opsUrl).toBe(opsUrl);
    expect(takeover.adminSocket).toBe(join(dataDir, 'admin.sock'));
    await command(opsUrl, cookie, 'balance credit', { email: user.email, asset: 'USDT', amount: '50' }, 'ticket 2: goodwill');
    expect(await usdt()).toMatchObject({ available: String(Number(afterOrder?.available) + 50), frozen: afterOrder?.frozen });
    const listed = await runAdmin(['market', 'list', '--verbose'], { dataDir, databaseUrl: target.databaseUrl });
    expect(listed.exitCode, listed.output).toBe(0);
    expect(listed.log?.join('\n')).toContain('through its admin channel');

    // The audit log says which way each command came: the console's with the operator's name, the CLI's by the server.
    const store = await createStore({ databaseUrl: target.databaseUrl });
    try {
      const rows = (await store.audit.list(50)).reverse().filter((r) => ['balance credit', 'market close', 'market open'].includes(r.command) && r.reason !== 'test seed');
      expect(rows.map((r) => [r.command, r.operator, r.via, r.status])).toEqual([
        ['balance credit', 'alice', 'console', 'done'],
        ['market close', 'alice', 'console', 'done'],
        ['market open', expect.any(String), 'server', 'done'],
        ['balance credit', 'alice', 'console', 'done'],
      ]);
    } finally {
      await store.close();
    }
  });
});
