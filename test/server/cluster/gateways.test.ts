// Two gateways and the desk processes of a cluster (issue 26), on PostgreSQL and the machine's NATS JetStream: every
// desk runs in a process of its own (`server/cluster/desk-main.ts`), and the two gateways (`server/cluster/gateway.ts`,
// in this process) hold no desk. A user's order through one gateway is the same order when repeated through the
// other; the other user's crossing order through the second trades with it; both gateways show the trade in their
// market data (events over NATS) and the same balances; a transfer between wallets moves money between two desk
// processes; the jobs process's index and marks reach both gateways; a seconds contract opens and settles on the
// jobs' price record; the ledger verifies.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startGateway, type GatewayHandle } from '../../../server/cluster/gateway.ts';
import { API } from '../../../server/contract/api.ts';
import { SECONDS_PATHS } from '../../../server/contract/seconds.ts';
import { createCommandLog } from '../../../server/bus/index.ts';
import { describeCluster, uniquePrefix } from '../bus/nats-env.ts';
import { newTarget, PG_SKIP_REASON, PG_URL, type Target } from '../dialects.ts';
import { runAdmin } from '../../../server/cli/admin.ts';
import { runVerify } from '../../../server/cli/verify.ts';
import { seedUsers, type SeededUser } from '../reliability/server-process.ts';
import { ledgerProblems, startClusterProcess, tearDownCluster, type ClusterProcess } from './processes.ts';

const DESKS = ['coin', 'contract', 'earn', 'fiat', 'seconds'] as const;

const cluster = (title: string, body: (servers: string) => void) => describeCluster(title, PG_URL, PG_SKIP_REASON, body);

cluster('two gateways over desk processes', (servers) => {
  let target: Target;
  let dataDir: string;
  const prefix = uniquePrefix('gw');
  const children: ClusterProcess[] = [];
  const gateways: GatewayHandle[] = [];
  let users: SeededUser[];

  /** A desk's process, or (null) the jobs process, ready once it serves. */
  const startDesk = async (desk: string | null) => {
    // The jobs trim the desks' logs every second here (a minute by default), so every step below runs over it.
    const env = { ...process.env, DATABASE_URL: target.databaseUrl!, NATS_URL: servers, DATA_DIR: dataDir, LOG_TRIM_MS: '1000' };
    const p = desk === null ? startClusterProcess('jobs-main.ts', [`--prefix=${prefix}`], 'active', env) : startClusterProcess('desk-main.ts', [`--desk=${desk}`, `--prefix=${prefix}`], 'caught-up', env);
    children.push(p);
    await p.ready;
  };

  beforeAll(async () => {
    target = await newTarget('postgres');
    dataDir = mkdtempSync(join(tmpdir(), 'openex-gateways-'));
    // Seeded before the desks start: the CLI opens the desks itself when no server runs.
    const at = { dataDir, databaseUrl: target.databaseUrl };
    users = await seedUsers(at, 2, { USDT: '100000', BTC: '10' }, 'gw');
    // Seconds contracts of 2 s on BTCUSDT, a house to pay them, and a stake in the first user's seconds account.
    for (const argv of [
      ['seconds', 'house', 'credit', '--amount', '1000000', '--reason', 'test house'],
      ['seconds', 'config', 'set', '--symbol', 'BTCUSDT', '--duration', '2', '--payout', '0.8', '--fee', '0.001', '--reason', 'test duration'],
      ['balance', 'credit', '--email', 'gw0@example.com', '--asset', 'USDT', '--amount', '5000', '--account', 'seconds', '--reason', 'test seed'],
    ]) {
      const r = await runAdmin(argv, at);
      if (r.exitCode !== 0) throw new Error(`${argv.join(' ')}: ${r.output}`);
    }
    await Promise.all([...DESKS.map((d) => startDesk(d)), startDesk(null)]);
    for (const name of ['gw-a', 'gw-b']) {
      gateways.push(await startGateway({ databaseUrl: target.databaseUrl!, natsUrl: servers, prefix, dataDir, name, startTimeoutMs: 30_000 }));
    }
  }, 120_000);

  afterAll(() => tearDownCluster({ gateways, processes: children, servers, prefix, target, dataDir }));

  const call = async (g: GatewayHandle, user: SeededUser, method: 'GET' | 'POST', path: string, body?: unknown, lang = 'en') => {
    const res = await fetch(`${g.url}${path}`, {
      method,
      headers: { ticket: user.ticket, 'accept-language': lang, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { code: string; msg?: string; data?: Record<string, unknown> } };
  };
  const usdt = async (g: GatewayHandle, user: SeededUser, account: string) => {
    const r = await call(g, user, 'GET', API.assetBalances);
    const accounts = (r.body.data as { accounts: Array<{ account: string; balances: Array<{ asset: string; available: string; frozen: string }> }> }).accounts;
    return accounts.find((a) => a.account === account)?.balances.find((b) => b.asset === 'USDT');
  };

  it('serves one exchange through either gateway: orders once, trades, market data, balances, transfers', { timeout: 90_000 }, async () => {
    const startedAt = Date.now();
    const [a, b] = gateways as [GatewayHandle, GatewayHandle];
    const [buyer, seller] = users as [SeededUser, SeededUser];
    const order = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', amount: '0.1', clientOrderId: 'gw-order-1' };
    const first = await call(a, buyer, 'POST', API.spotPlaceOrder, order);
    expect(first.body.code, JSON.stringify(first.body)).toBe('success');
    // The same client order id through the other gateway: the same order, nothing new.
    const again = await call(b, buyer, 'POST', API.spotPlaceOrder, order);
    expect(again.body.code).toBe('success');
    const orderNo = (first.body.data as { order: { orderNo: number } }).order.orderNo;
    expect((again.body.data as { order: { orderNo: number } }).order.orderNo).toBe(orderNo);
    expect(await usdt(b, buyer, 'coin')).toMatchObject({ available: '95000', frozen: '5000' });

    // Both gateways' books show the bid (their market data follows the desk's events over NATS).
    for (const g of gateways) {
      await expect.poll(async () => ((await (await fetch(`${g.url}/api/v3/depth?symbol=BTCUSDT&limit=5`)).json()) as { bids: string[][] }).bids[0]?.map(Number), { timeout: 10_000 }).toEqual([50000, 0.1]);
    }
    // The seller crosses it through the other gateway: a trade, seen by both.
    const sold = await call(b, seller, 'POST', API.spotPlaceOrder, { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', amount: '0.1', clientOrderId: 'gw-order-2' });
    expect((sold.body.data as { order: { status: string } }).order.status).toBe('completed');
    for (const g of gateways) {
      await expect.poll(async () => ((await (await fetch(`${g.url}/api/v3/trades?symbol=BTCUSDT&limit=1`)).json()) as Array<{ price: string }>).map((t) => Number(t.price)), { timeout: 10_000 }).toEqual([50000]);
    }
    expect(await usdt(a, seller, 'coin')).toMatchObject({ available: '104995' });

    // A transfer between wallets: a command to the spot desk's process, then one to the contract desk's.
    const moved = await call(a, buyer, 'POST', API.assetTransfer, { asset: 'USDT', amount: '1000', from: 'coin', to: 'contract', clientId: 'gw-transfer-1' });
    expect(moved.body.code, JSON.stringify(moved.body)).toBe('success');
    expect(await usdt(b, buyer, 'contract')).toMatchObject({ available: '1000' });

    // The jobs process records the index and marks the perpetuals: both gateways show them.
    for (const g of gateways) {
      await expect
        .poll(async () => {
          const p = (await (await fetch(`${g.url}/fapi/v1/premiumIndex?symbol=BTCUSDT`)).json()) as { markPrice: string; indexPrice: string };
          return [Number(p.markPrice) > 0, Number(p.indexPrice) > 0];
        }, { timeout: 20_000 })
        .toEqual([true, true]);
      // The contract markets' funding (the predicted rate and its countdown) comes from the jobs' marks too.
      await expect
        .poll(async () => {
          const list = ((await (await fetch(`${g.url}${API.contractMarkets}`)).json()) as { data: { list: Array<{ symbol: string; fundingRate: string | null; nextFundingTime: number | null }> } }).data.list;
          const btc = list.find((m) => m.symbol === 'BTCUSDT');
          return btc?.fundingRate !== null && btc?.fundingRate !== undefined && (btc.nextFundingTime ?? 0) > Date.now();
        }, { timeout: 20_000 })
        .toBe(true);
    }

    // A seconds contract through one gateway opens and settles on the jobs' price record (each round sent into the
    // seconds desk's log with its deliveries), and the other gateway shows it settled, with the record entries it used.
    const placed = await call(a, buyer, 'POST', SECONDS_PATHS.place, { market: 'BTCUSDT', direction: 'up', durationS: 2, amount: '1000', clientId: 'gw-sec-1' });
    expect(placed.body.code, JSON.stringify(placed.body)).toBe('success');
    const id = (placed.body.data as { id: string }).id;
    await expect
      .poll(async () => {
        const d = (await call(b, buyer, 'GET', `${SECONDS_PATHS.detail}?id=${id}`)).body.data as { outcome: string | null; openRecordSeq: number | null; settleRecordSeq: number | null } | undefined;
        return d?.outcome !== null && d?.outcome !== undefined && d.openRecordSeq !== null && d.settleRecordSeq !== null;
      }, { timeout: 20_000 })
      .toBe(true);
    // Anyone recomputes it from the public record through either gateway (npm run verify).
    const lines: string[] = [];
    expect(await runVerify(['seconds', '--from', String(startedAt), '--to', String(Date.now()), '--url', a.url], (l) => lines.push(l)), lines.join('\n')).toBe(0);
    expect(lines.join('\n')).toMatch(/1 contract/);
    // Bad input is refused in the user's language and changes nothing.
    const zh = await call(b, buyer, 'POST', SECONDS_PATHS.place, { market: 'BTCUSDT', direction: 'up', durationS: 7, amount: '10' }, 'zh-CN');
    expect(zh.body.code).not.toBe('success');
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);

    expect(await ledgerProblems(target.databaseUrl!)).toEqual([]);
    // The logs were trimmed below what each desk committed while all this ran.
    const log = await createCommandLog({ servers, prefix, name: 'gateways-test-log' });
    try {
      await expect.poll(() => log.trimmedBefore('coin', 'all'), { timeout: 10_000 }).toBeGreaterThan(1);
      await expect.poll(() => log.trimmedBefore('seconds', 'all'), { timeout: 10_000 }).toBeGreaterThan(1);
    } finally {
      await log.close();
    }
  });
});
