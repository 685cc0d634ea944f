// The demo on a cluster (issue 26), on PostgreSQL and the machine's NATS JetStream: every desk in a process of its own,
// a jobs process started with --demo and a gateway in this process. On a fresh store the active jobs process seeds
// what `npm start` seeds (the demo's articles, seconds durations, the seconds house, earn products and treasury) and
// runs the market-maker bots over the desks' remote faces: the public API through the gateway shows their quotes in
// BTCUSDT's spot book and in a perpetual's, and trades. The active jobs process is SIGKILLed with a standby waiting:
// the standby starts the bots and trading goes on, and its seeding adds nothing (the rows the seeding writes are
// counted before and after). The ledger verifies once everything stopped.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVENTORY_MEMO, MAKER_EMAIL } from '../../../server/bots/account.ts';
import { TAKER_EMAIL } from '../../../server/bots/index.ts';
import { startGateway, type GatewayHandle } from '../../../server/cluster/gateway.ts';
import type { DemoSeeded } from '../../../server/cluster/jobs.ts';
import { adminRef } from '../../../server/desks/index.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { newTarget, PG_SKIP_REASON, PG_URL, type Target } from '../dialects.ts';
import { ledgerProblems, startClusterProcess, stopClusterProcesses, tearDownCluster, type ClusterProcess } from './processes.ts';

const DESKS = ['coin', 'contract', 'earn', 'fiat', 'seconds'] as const;

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

interface Level {
  bids: Array<[string, string]>;
  asks: Array<[string, string]>;
}
interface Trade {
  id: number;
  time: number;
}

cluster('the demo on a cluster: seeding and bots in the active jobs process', (servers) => {
  let target: Target;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  const prefix = uniquePrefix('demo');
  const children: ClusterProcess[] = [];
  let gateway: GatewayHandle | undefined;

  /** A jobs process with --demo, and what its 'active' line says the seeding added. */
  const jobs = () => {
    const p = startClusterProcess('jobs-main.ts', [`--prefix=${prefix}`, '--demo'], 'active', env);
    const seeded = new Promise<DemoSeeded | null>((resolve) => {
      createInterface({ input: p.child.stdout! }).on('line', (line) => {
        try {
          const msg = JSON.parse(line) as { event?: string; demo?: { seeded: DemoSeeded | null } | null };
          if (msg.event === 'active') resolve(msg.demo?.seeded ?? null);
        } catch {
          // not a JSON line
        }
      });
    });
    children.push(p);
    return { p, seeded };
  };

  beforeAll(async () => {
    target = await newTarget('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'openex-demo-'));
    env = { ...process.env, DATABASE_URL: target.databaseUrl!, NATS_URL: servers, DATA_DIR: dataDir };
    delete env['ADMIN_SOCKET'];
    delete env['ADMIN_TOKEN'];
    delete env['OPS_PORT'];
    delete env['DEMO'];
    delete env['SEED'];
    const desks = DESKS.map((d) => startClusterProcess('desk-main.ts', [`--desk=${d}`, `--prefix=${prefix}`], 'caught-up', env));
    children.push(...desks);
    await Promise.all(desks.map((p) => p.ready));
  }, 120_000);

  afterAll(() => tearDownCluster({ gateways: gateway ? [gateway] : [], processes: children, servers, prefix, target, dataDir }));

  /** The rows the demo's seeding writes, and the bots' accounts and inventory credits. */
  const seededRows = async () => {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const count = async (query: string, values: unknown[] = []) => Number((await client.query<{ n: string }>(query, values)).rows[0]!.n);
      return {
        articles: await count('select count(*) as n from content_articles where seed_key is not null'),
        secondsDurations: await count('select count(*) as n from seconds_config'),
        earnProducts: await count('select count(*) as n from earn_products'),
        houseAndTreasury: await count('select count(*) as n from ledger_entries where ref = $1 or ref like $2', [adminRef('demo-house-fund', 'demo-house-fund-1'), `${adminRef('demo-treasury', 'demo-treasury-')}%`]),
        botUsers: await count('select count(*) as n from users where email in ($1, $2)', [MAKER_EMAIL, TAKER_EMAIL]),
      };
    } finally {
      await client.end();
    }
  };
  /**
   * The bots' inventory credits (each the first time a market of the asset is visited, so more may come later) per
   * account and asset: `twice` lists any credited more than once.
   */
  const inventory = async () => {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ account: string; asset: string; n: string }>(
        `select l.account, l.asset, count(*) as n from ledger_entries e join ledger_lines l on l.desk = e.desk and l.seq = e.seq
         where e.ref like $1 and l.account like 'user:%' group by l.account, l.asset`,
        [`${adminRef(INVENTORY_MEMO)}#%`],
      );
      return { credited: rows.length, twice: rows.filter((r) => Number(r.n) > 1).map((r) => `${r.account} ${r.asset}`) };
    } finally {
      await client.end();
    }
  };

  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${gateway!.url}${path}`);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const quoted = async (path: string) => {
    const d = await get<Level>(path);
    return d.bids.length > 0 && d.asks.length > 0;
  };
  const lastTrade = async (): Promise<Trade | undefined> => (await get<Trade[]>('/api/v3/trades?symbol=BTCUSDT&limit=1'))[0];

  it('seeds a fresh store once and runs the bots in the active jobs process, and in the standby after a SIGKILL', { timeout: 240_000 }, async () => {
    const first = jobs();
    await first.p.ready;
    // A fresh store: the first active process seeded every part.
    const seeded = await first.seeded;
    expect(seeded).not.toBeNull();
    expect(seeded!.content).toBeGreaterThan(0);
    expect(seeded!.secondsDurations).toBeGreaterThan(0);
    expect(seeded!.earnProducts).toBeGreaterThan(0);
    expect(seeded!.houseFunded).toBe(true);
    expect([...seeded!.treasuryFunded].sort()).toEqual(['BTC', 'ETH', 'USDT']);
    gateway = await startGateway({ databaseUrl: target.databaseUrl!, natsUrl: servers, prefix, dataDir, name: 'gw-demo', startTimeoutMs: 30_000 });

    // The bots' quotes rest in BTCUSDT's spot book and in its perpetual's, and BTCUSDT trades: all through the gateway.
    await expect.poll(() => quoted('/api/v3/depth?symbol=BTCUSDT&limit=5'), { timeout: 60_000, interval: 500 }).toBe(true);
    await expect.poll(() => quoted('/fapi/v1/depth?symbol=BTCUSDT&limit=5'), { timeout: 60_000, interval: 500 }).toBe(true);
    await expect.poll(lastTrade, { timeout: 60_000, interval: 500 }).toBeDefined();

    const before = await seededRows();
    expect(before.articles).toBe(seeded!.content);
    expect(before.secondsDurations).toBe(seeded!.secondsDurations);
    expect(before.earnProducts).toBe(seeded!.earnProducts);
    expect(before.houseAndTreasury).toBe(4);
    expect(before.botUsers).toBe(2);
    const funded = await inventory();
    expect(funded.credited).toBeGreaterThan(0);

    // A standby waits; the active process dies. The standby takes the lease, seeds nothing and starts the bots.
    const second = jobs();
    await second.p.waiting;
    const killedAt = Date.now();
    first.p.child.kill('SIGKILL');
    await first.p.exited;
    const takeover = await second.p.ready;
    expect(takeover.at).toBeGreaterThanOrEqual(killedAt);
    expect(await second.seeded).toEqual({ content: 0, secondsDurations: 0, houseFunded: false, earnProducts: 0, treasuryFunded: [] });
    // A trade made after the takeover: the new process's bots trade.
    await expect.poll(async () => (await lastTrade())?.time ?? 0, { timeout: 60_000, interval: 500 }).toBeGreaterThan(takeover.at);
    expect(await quoted('/api/v3/depth?symbol=BTCUSDT&limit=5')).toBe(true);
    expect(await quoted('/fapi/v1/depth?symbol=BTCUSDT&limit=5')).toBe(true);
    // Nothing the seeding writes was written twice, and the new bots credited no inventory the old ones had.
    expect(await seededRows()).toEqual(before);
    const after = await inventory();
    expect(after.twice).toEqual([]);
    expect(after.credited).toBeGreaterThanOrEqual(funded.credited);

    // The jobs first, so the bots' last calls are answered by the desks; then the desks.
    await gateway.close();
    gateway = undefined;
    await stopClusterProcesses([second.p]);
    expect(second.p.child.exitCode).toBe(0); // closed on SIGTERM: the bots stopped and the jobs closed in time
    await stopClusterProcesses(children);
    expect(await ledgerProblems(target.databaseUrl!)).toEqual([]);
  });
});
