// The wealth and mining operator commands against a running in-process server, through its admin channel, and on the
// store with no server: products listed, added and changed (the running desk lists them at once; terms never
// change), the treasury credited once per request id and debited only down to the incomes it has promised, users'
// orders listed, a run of the payments due; every change audited with the operator and the reason, reads not; the
// ledger verifies. On SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import type { EarnProductItem } from '../../../server/contract/earn.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

describeDialects('earn operator commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;
  const start = () =>
    startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist'), earnPollMs: 0 });

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-earn-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice' };
    server = await start();
  }, 30_000);
  afterEach(async () => {
    await server?.close();
    await target.dispose();
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = (...argv: string[]) => runAdmin(argv, where);
  const ok = async (...argv: string[]) => {
    const r = await admin(...argv);
    expect(r.exitCode, r.output).toBe(0);
    return r.output;
  };
  const json = async (...argv: string[]) => JSON.parse(await ok(...argv, '--json'));

  it('manages products, the treasury and payments through the running desk, each change audited with its reason', async () => {
    const s = server!;
    // The demo's products and pools were added at the first start.
    const listed = await ok('earn', 'product', 'list');
    expect(listed).toMatch(/^7 open product\(s\) and pool\(s\):/);
    expect(listed).toContain('"USDT 7-day fixed"');
    expect(listed).toContain('annual 2.5%');
    expect(listed).toContain('daily 0.02% (annual 7.3%)');
    const pools: EarnProductItem[] = await json('earn', 'product', 'list', '--kind', 'mining');
    expect(pools.map((p) => p.name)).toEqual(['USDT pool 30 days', 'ETH pool 15 days', 'BTC pool 60 days']);
    // Nothing funds them yet: the demo's treasury is main.ts's.
    expect(pools.every((p) => !p.funded)).toBe(true);
    expect(await ok('earn', 'treasury')).toBe('earn treasury: empty (nothing credited, nothing owed)');

    // Add a product; bad arguments are usage errors (exit 2), bad terms the desk's refusal (exit 1): nothing added.
    const added: EarnProductItem = await json(
      'earn', 'product', 'add', '--kind', 'wealth', '--name', 'Promo 14 days', '--asset', 'usdt', '--term', '14', '--rate', '0.08', '--min', '100', '--max', '1000',
      '--quota', '50000', '--sort', '1', '--reason', 'spring promotion',
    );
    expect(added).toMatchObject({ kind: 'wealth', name: 'Promo 14 days', asset: 'USDT', termDays: 14, rate: '0.08', status: 'open', sortOrder: 1, funded: false });
    expect(s.desks.earn.products('wealth')[0]!.id).toBe(added.id);
    expect(await admin('earn', 'product', 'add', '--kind', 'wealth', '--name', 'X', '--asset', 'USDT', '--term', '14', '--rate', '0.08', '--min', '100', '--max', '1000', '--quota', '50000'))
      .toMatchObject({ exitCode: 2, output: expect.stringContaining('--reason is required') });
    expect(await admin('earn', 'product', 'add', '--kind', 'savings', '--name', 'X', '--asset', 'USDT', '--term', '14', '--rate', '0.08', '--min', '1', '--max', '2', '--quota', '3', '--reason', 'r'))
      .toMatchObject({ exitCode: 2, output: expect.stringContaining('--kind must be wealth or mining') });
    expect(await admin('earn', 'product', 'add', '--kind', 'wealth', '--name', 'X', '--asset', 'USDT', '--term', '14', '--rate', '8%', '--min', '1', '--max', '2', '--quota', '3', '--reason', 'r'))
      .toMatchObject({ exitCode: 2, output: expect.stringContaining('--rate must be a decimal') });
    expect(await admin('earn', 'product', 'add', '--kind', 'wealth', '--name', 'X', '--asset', 'USDT', '--term', '14', '--rate', '0.08', '--min', '100', '--max', '10', '--quota', '1000', '--reason', 'oops'))
      .toMatchObject({ exitCode: 1, output: expect.stringContaining('maximum must be at least the minimum') });
    expect(await admin('earn', 'product', 'add', '--kind', 'wealth', '--name', 'X', '--asset', 'ZZZ', '--term', '14', '--rate', '0.08', '--min', '1', '--max', '10', '--quota', '1000', '--reason', 'oops'))
      .toMatchObject({ exitCode: 1, output: expect.stringContaining('unknown asset ZZZ') });
    expect(s.desks.earn.products(null, { all: true })).toHaveLength(8);

    // Change it: bounds and status; its terms can't change.
    expect(await ok('earn', 'product', 'set', '--id', String(added.id), '--max', '2000', '--status', 'closed', '--reason', 'promo over')).toMatch(
      new RegExp(`^changed maxAmount, status of product #${added.id}:\\n  #${added.id} +wealth closed "Promo 14 days"`),
    );
    expect(s.desks.earn.product(added.id)).toMatchObject({ maxAmount: '2000', status: 'closed' });
    expect(s.desks.earn.products('wealth').map((p) => p.id)).not.toContain(added.id);
    expect(await admin('earn', 'product', 'set', '--id', String(added.id), '--rate', '0.5', '--reason', 'r'))
      .toMatchObject({ exitCode: 2, output: expect.stringContaining("a product's rate never changes") });
    expect(await admin('earn', 'product', 'set', '--id', '999', '--status', 'open', '--reason', 'r')).toMatchObject({ exitCode: 1, output: 'error: no product #999' });
    expect(await admin('earn', 'product', 'set', '--id', String(added.id), '--reason', 'r')).toMatchObject({ exitCode: 2 });
    expect(await ok('earn', 'product', 'list', '--kind', 'wealth', '--all')).toContain('closed "Promo 14 days"');

    // The treasury: credited once per request id.
    await ok('earn', 'treasury', 'credit', '--asset', 'USDT', '--amount', '100000', '--reason', 'fund the incomes', '--request-id', 'earn-credit-0001');
    expect(await admin('earn', 'treasury', 'credit', '--asset', 'USDT', '--amount', '100000', '--reason', 'fund the incomes', '--request-id', 'earn-credit-0001')).toMatchObject({
      exitCode: 0, output: 'earn treasury credited 100000 USDT: balance 100000 USDT, owed 0, free 100000', log: [expect.stringContaining('nothing was done again')],
    });
    expect(s.desks.earn.treasury()).toEqual([{ asset: 'USDT', balance: '100000', owed: '0', free: '100000' }]);

    // A user buys (the wealth account credited by the balance command), and the treasury now owes the income.
    await ok('user', 'create', '--email', 'earner@example.com', '--password', 'Earner12345');
    await ok('balance', 'credit', '--email', 'earner@example.com', '--asset', 'USDT', '--amount', '5000', '--account', 'earn', '--reason', 'test deposit');
    const user = (await s.store.users.findByEmail('earner@example.com'))!;
    const usdt7 = s.desks.earn.products('wealth').find((p) => p.name === 'USDT 7-day fixed')!;
    const bought = await s.desks.earn.purchase({ user: user.id, kind: 'wealth', productId: usdt7.id, amount: '3650' });
    if (!bought.ok) throw new Error(bought.code);
    // 3650 × 2.5 % × 7 / 365 = 1.75
    expect(bought.value.order.totalIncome).toBe('1.75');
    expect(await ok('earn', 'treasury')).toBe('earn treasury (free = balance − incomes owed):\n  USDT     balance 100000  owed 1.75  free 99998.25');
    // A debit may take only what no income needs.
    expect(await admin('earn', 'treasury', 'debit', '--asset', 'USDT', '--amount', '99999', '--reason', 'too much'))
      .toMatchObject({ exitCode: 1, output: 'error: refused: the treasury must keep the incomes it has promised; 99998.25 USDT is free' });
    expect(await ok('earn', 'treasury', 'debit', '--asset', 'USDT', '--amount', '90000', '--reason', 'take some back'))
      .toBe('earn treasury debited 90000 USDT: balance 10000 USDT, owed 1.75, free 9998.25');
    expect(await admin('earn', 'treasury', 'credit', '--asset', 'USDT', '--amount', '0', '--reason', 'r')).toMatchObject({ exitCode: 2 });

    // Orders: the user's, and every user's active ones.
    const mine = await ok('earn', 'orders', '--email', 'earner@example.com');
    expect(mine).toMatch(new RegExp(`^1 order\\(s\\) of user ${user.id} \\(earner@example.com\\):\\n  #${bought.value.order.id} +wealth purchasing +#${usdt7.id} "USDT 7-day fixed"  3650 USDT  income 0/1.75 USDT`));
    expect((await json('earn', 'orders', '--email', 'earner@example.com', '--kind', 'mining')).total).toBe(0);
    expect(await ok('earn', 'orders', '--email', 'earner@example.com', '--status', 'ended')).toBe(`no ended orders of user ${user.id} (earner@example.com)`);
    expect(await ok('earn', 'orders')).toMatch(new RegExp(`^1 active order\\(s\\) of all users:\\n  #${bought.value.order.id} +user ${user.id} +wealth`));
    expect(await ok('earn', 'orders', '--status', 'ended')).toBe('no ended orders');
    expect(await ok('earn', 'orders', '--status', 'all')).toMatch(new RegExp(`^1 order\\(s\\) of all users:\\n  #${bought.value.order.id} +user ${user.id} +wealth`));
    expect(await admin('earn', 'orders', '--email', 'nobody@example.com')).toMatchObject({ exitCode: 1, output: 'error: no user with e-mail nobody@example.com' });

    // A run pays what is due (nothing yet: the order starts earning at the next 00:00 GMT+8).
    expect(await ok('earn', 'run', '--reason', 'catch up')).toMatch(/^paid 0 payment\(s\), 0 order\(s\) ended; the next payment is due at 20\d\d-/);
    expect(await admin('earn', 'run')).toMatchObject({ exitCode: 2 });

    const audit = await s.store.audit.list(50);
    const changes = audit.filter((a) => a.command.startsWith('earn ') && a.status === 'done');
    expect(changes.map((a) => [a.command, a.reason, a.operator])).toEqual(expect.arrayContaining([
      ['earn product add', 'spring promotion', 'alice'],
      ['earn product set', 'promo over', 'alice'],
      ['earn treasury credit', 'fund the incomes', 'alice'],
      ['earn treasury debit', 'take some back', 'alice'],
      ['earn run', 'catch up', 'alice'],
    ]));
    expect(changes).toHaveLength(5);
    expect(audit.filter((a) => a.command.startsWith('earn ') && a.status === 'failed').map((a) => a.command)).toEqual(expect.arrayContaining(['earn product add', 'earn treasury debit']));
    expect(audit.some((a) => ['earn product list', 'earn treasury', 'earn orders'].includes(a.command))).toBe(false);
    expect((await verifyLedger(s.store)).problems).toEqual([]);

    // With no server: the same commands on the store, under the desk's lease, kept for the next start.
    await s.close();
    server = undefined;
    await ok('earn', 'treasury', 'credit', '--asset', 'USDT', '--amount', '500', '--reason', 'offline top-up', '--request-id', 'earn-credit-0002');
    // The same request again: its recorded outcome, nothing done again.
    expect(await admin('earn', 'treasury', 'credit', '--asset', 'USDT', '--amount', '500', '--reason', 'offline top-up', '--request-id', 'earn-credit-0002')).toMatchObject({
      exitCode: 0, output: 'earn treasury credited 500 USDT: balance 10500 USDT, owed 1.75, free 10498.25', log: [expect.stringContaining('nothing was done again')],
    });
    await ok('earn', 'product', 'set', '--id', String(added.id), '--status', 'open', '--reason', 'promo back');
    expect(await ok('earn', 'treasury')).toContain('USDT     balance 10500  owed 1.75  free 10498.25');
    expect(await ok('earn', 'orders', '--email', 'earner@example.com')).toContain('"USDT 7-day fixed"  3650 USDT');
    expect(await ok('earn', 'run', '--reason', 'offline run')).toMatch(/^paid 0 payment\(s\)/);
    server = await start();
    expect(server.desks.earn.treasury()).toEqual([{ asset: 'USDT', balance: '10500', owed: '1.75', free: '10498.25' }]);
    expect(server.desks.earn.product(added.id)?.status).toBe('open');
    expect((await server.store.audit.list(50)).filter((a) => a.via === 'store' && a.command.startsWith('earn ')).map((a) => a.command)).toEqual(
      expect.arrayContaining(['earn treasury credit', 'earn product set', 'earn run']),
    );
    expect((await verifyLedger(server.store)).problems).toEqual([]);
  }, 90_000);
});
