// The perpetuals' operator commands against a running in-process server, through its admin channel: the insurance
// fund funded from outside exactly once per request id (audited, journalled external → system:insurance, in the
// running desk's memory at once), `perp insurance` showing it; `perp positions` answered from the running perp
// desk after two users trade, and the same figures from the store once the server is gone; `perp marks` from the
// store. And what a start does with a contribution a crash left pending. On SQLite and
// PostgreSQL.
import { outboxNotifier } from '../../../server/cli/channel-commands.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createUser } from '../../../server/accounts/identity.ts';
import { createAdminExecutor, serverDesks } from '../../../server/admin/commands.ts';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { verifyLedger, type Reply } from '../../../server/desks/index.ts';
import { formatDecimal, type Rate } from '../../../server/kernel/index.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { openWorld, U1 } from '../desks/world.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
import { exchange, request, socketOf } from './wire.ts';

const E8 = 100_000_000n;
const usdt = (n: number) => BigInt(n) * E8;
const R = ['--reason', 'ticket 9: top up the fund'];
const LONG = 'long@example.com';
const SHORT = 'short@example.com';

function value<T>(reply: Reply<T>): T {
  if (!reply.ok) throw new Error(`refused: ${reply.code}`);
  return reply.value;
}

describeDialects('perp operator commands on a running server', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-perp-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice' };
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
  }, 30_000);
  afterEach(async () => {
    await server?.close();
    await target.dispose();
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const admin = (...argv: string[]) => runAdmin(argv, where);
  /** Through the server's channel (the first --verbose line says so). */
  const ok = async (...argv: string[]) => {
    const r = await admin(...argv, '--verbose');
    expect(r.exitCode, r.output).toBe(0);
    expect(r.log?.[0], 'went through the server').toMatch(/^admin: done by the server through its admin channel /);
    return r;
  };
  const running = () => {
    if (server === undefined) throw new Error('no server');
    return server;
  };

  it('funds the insurance fund once per request id, audited and journalled, and perp insurance shows it', async () => {
    const fund = ['perp', 'insurance', 'fund', '--amount', '1000', '--request-id', 'ins-2026-0001', ...R];
    const first = await ok(...fund);
    expect(first.output).toMatch(/^insurance fund credited 1000 USDT from outside \(journal entry contract#\d+\): balance 1000 USDT$/);
    // In the running desk's memory at once (no restart).
    expect(await running().desks.perp.insurance()).toBe(usdt(1000));
    const again = await ok(...fund);
    expect(again.output).toBe(first.output);
    expect(again.log).toContain('admin: request ins-2026-0001 was answered before; this is its recorded outcome, nothing was done again');
    expect(await running().desks.perp.insurance()).toBe(usdt(1000));

    // A client that sends and hangs up before the answer: the contribution still completes; a repeat applies nothing.
    const lost = request({ dataDir, databaseUrl: target.databaseUrl }, 'perp insurance fund', { amount: '250', memo: 'q1 reserve' }, { id: 'ins-2026-0002', reason: 'test' });
    expect(await exchange(socketOf({ dataDir }), `${JSON.stringify(lost)}\n`, { hangUp: true })).toBe('');
    const retried = await admin('perp', 'insurance', 'fund', '--amount', '250', '--memo', 'q1 reserve', '--request-id', 'ins-2026-0002', '--operator', 'tester', '--reason', 'test');
    expect(retried.exitCode, retried.output).toBe(0);
    expect(await running().desks.perp.insurance()).toBe(usdt(1250));

    // Journal: one entry per request id, external → system:insurance, reason admin.insurance.
    const store = running().store;
    const entries = await store.db.selectFrom('ledger_entries').select(['desk', 'seq', 'reason', 'ref']).where('reason', '=', 'admin.insurance').orderBy('seq').execute();
    expect(entries.map((e) => `${e.desk} ${e.reason} ${e.ref}`)).toEqual([
      'contract admin.insurance admin:operator insurance#ins-2026-0001',
      'contract admin.insurance admin:q1 reserve#ins-2026-0002',
    ]);
    expect((await store.ledger.entry('contract', Number(entries[0]!.seq)))?.lines).toEqual([
      { account: 'system:external', asset: 'USDT', amount: -usdt(1000) },
      { account: 'system:insurance', asset: 'USDT', amount: usdt(1000) },
    ]);
    expect((await verifyLedger(store)).problems).toEqual([]);
    await running().desks.perp.checkInvariants();

    // The audit trail: one row per request id, done, through the server.
    const audit = JSON.parse((await admin('audit', 'list', '--json')).output) as Array<{ requestId: string; operator: string; command: string; via: string; status: string; reason: string; args: unknown }>;
    expect(audit.map((a) => [a.requestId, a.command, a.status, a.via, a.operator])).toEqual([
      ['ins-2026-0002', 'perp insurance fund', 'done', 'server', 'tester'],
      ['ins-2026-0001', 'perp insurance fund', 'done', 'server', 'alice'],
    ]);
    expect(audit[1]).toMatchObject({ reason: 'ticket 9: top up the fund', args: { amount: '1000' } });
    expect((await admin('audit', 'list', '--limit', '1')).output).toContain('perp insurance fund --amount 250 --memo "q1 reserve"');

    // perp insurance: the balance from the ledger and the movements, newest first.
    const shown = await admin('perp', 'insurance');
    expect(shown.exitCode).toBe(0);
    const lines = shown.output.split('\n');
    expect(lines[0]).toBe('insurance fund: 1250 USDT (2 movement(s) in the journal)');
    expect(lines[2]).toMatch(/^ {2}contract#\d+ .+admin\.insurance +\+250 +→ 1250 +admin:q1 reserve#ins-2026-0002$/);
    expect(lines[3]).toMatch(/^ {2}contract#\d+ .+admin\.insurance +\+1000 +→ 1000 +admin:operator insurance#ins-2026-0001$/);
    const data = JSON.parse((await admin('perp', 'insurance', '--limit', '1', '--json')).output) as { asset: string; balance: string; movements: number; latest: Array<{ amount: string; balance: string }> };
    expect(data).toMatchObject({ asset: 'USDT', balance: '1250', movements: 2, latest: [{ amount: '250', balance: '1250' }] });

    // Usage errors are caught before anything is sent; a refusal is audited as failed; nothing else moved.
    expect(await admin('perp', 'insurance', 'fund', '--amount', '5')).toMatchObject({ exitCode: 2, output: expect.stringMatching(/--reason is required/) });
    expect(await admin('perp', 'insurance', 'fund', ...R)).toMatchObject({ exitCode: 2, output: 'error: --amount is required' });
    expect(await admin('perp', 'insurance', 'fund', '--amount', '0', ...R)).toMatchObject({ exitCode: 1, output: 'error: refused: amount.invalid' });
    expect(await admin('perp', 'insurance', 'fnud', '--amount', '5', ...R)).toMatchObject({ exitCode: 2, output: expect.stringMatching(/^error: unknown command "perp insurance fnud"; to contribute to the fund: perp insurance fund/) });
    expect(await running().desks.perp.insurance()).toBe(usdt(1250));
    expect((await store.audit.list(1))[0]).toMatchObject({ command: 'perp insurance fund', status: 'failed' });
    expect((await verifyLedger(store)).problems).toEqual([]);
  });

  it('shows open positions from the running desk after two users trade, and the same from the store without it', async () => {
    // The long's cross wallet is small enough for a liquidation price; the short's isolated margin has its own.
    for (const [email, amount] of [[LONG, '1000'], [SHORT, '10000']] as const) {
      expect((await admin('user', 'create', '--email', email, '--password', 'Secret12345', '--verified')).exitCode).toBe(0);
      await ok('balance', 'credit', '--email', email, '--asset', 'USDT', '--amount', amount, '--account', 'contract', ...R);
    }
    const s = running();
    const long = (await s.store.users.findByEmail(LONG))!.id;
    const short = (await s.store.users.findByEmail(SHORT))!.id;
    const perp = s.desks.perp;
    value(await perp.mark({ symbol: 'BTCUSDT', mark: usdt(50_000), index: usdt(50_000), fundingRate: null }));
    value(await perp.setLeverage({ user: long, symbol: 'BTCUSDT', leverage: 10 }));
    value(await perp.setMarginMode({ user: short, symbol: 'BTCUSDT', mode: 'isolated' }));
    value(await perp.setLeverage({ user: short, symbol: 'BTCUSDT', leverage: 5 }));
    value(await perp.place({ user: short, symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', qty: '0.1' }));
    value(await perp.place({ user: long, symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '50000', qty: '0.1' }));
    await new Promise((r) => setTimeout(r, 2)); // marks are kept one per millisecond
    value(await perp.mark({ symbol: 'BTCUSDT', mark: usdt(49_000), index: usdt(49_100), fundingRate: 10_000n as Rate }));

    const viaServer = JSON.parse((await ok('perp', 'positions', '--json')).output) as Array<Record<string, unknown>>;
    const liq = async (user: number) => {
      const p = (await perp.positions(user)).find((x) => x.symbol === 'BTCUSDT')!;
      expect(p.liquidationPrice).toBeGreaterThan(0n);
      return p.liquidationPrice === null || p.liquidationPrice <= 0n ? null : formatDecimal(p.liquidationPrice, 8, true);
    };
    expect(viaServer).toEqual([
      {
        userId: long, email: LONG, symbol: 'BTCUSDT', side: 'long', size: '0.1', entryPrice: '50000', leverage: 10, marginMode: 'cross', margin: '500',
        orderMargin: '0', markPrice: '49000', unrealizedPnl: '-100', maintenanceMargin: '19.6', liquidationPrice: await liq(long), adl: expect.any(Number),
      },
      {
        userId: short, email: SHORT, symbol: 'BTCUSDT', side: 'short', size: '0.1', entryPrice: '50000', leverage: 5, marginMode: 'isolated', margin: '1000',
        orderMargin: '0', markPrice: '49000', unrealizedPnl: '100', maintenanceMargin: '19.6', liquidationPrice: await liq(short), adl: expect.any(Number),
      },
    ]);
    const text = (await ok('perp', 'positions', '--email', LONG)).output.split('\n');
    expect(text).toEqual([
      `1 open position(s) of user ${long} (${LONG})`,
      `  user ${long} (${LONG})  BTCUSDT  long 0.1  entry 50000  10x cross  margin 500  liq. ${await liq(long)}  uPnL -100  at mark 49000`,
    ]);
    expect((await ok('perp', 'positions', '--symbol', 'ethusdt')).output).toBe('no open positions in ETHUSDT');
    expect(await admin('perp', 'positions', '--symbol', 'NOPEUSDT')).toMatchObject({ exitCode: 1, output: 'error: no perpetual market NOPEUSDT' });
    expect(await admin('perp', 'positions', '--email', 'nobody@example.com')).toMatchObject({ exitCode: 1, output: 'error: no user with e-mail nobody@example.com' });
    // A read: no audit row.
    expect((await s.store.audit.list(10)).map((a) => a.command)).not.toContain('perp positions');

    // Marks, from the store (funding: test/server/cli/perp.test.ts).
    const marks = JSON.parse((await admin('perp', 'marks', '--symbol', 'BTCUSDT', '--json')).output) as Array<{ mark: string; index: string | null; fundingRate: string | null }>;
    expect(marks[0]).toMatchObject({ mark: '49000', index: '49100', fundingRate: '0.0001' });
    expect((await admin('perp', 'marks', '--symbol', 'BTCUSDT', '--limit', '1')).output).toMatch(/^BTCUSDT: 1 recorded mark\(s\), newest first\n {2}.+mark 49000 +index 49100 +funding 0\.01%$/);
    expect(await admin('perp', 'marks')).toMatchObject({ exitCode: 2, output: expect.stringMatching(/^error: --symbol is required/) });

    // The server stops: the same read, from the store (the desk's memory rebuilt from it, at the last recorded mark).
    await s.close();
    server = undefined;
    const fromStore = await admin('perp', 'positions', '--json', '--verbose');
    expect(fromStore.exitCode, fromStore.output).toBe(0);
    expect(fromStore.log).toEqual([expect.stringMatching(/working on the store directly$/)]);
    expect(JSON.parse(fromStore.output)).toEqual(viaServer);
    expect((await admin('perp', 'positions', '--email', LONG)).output.split('\n')).toEqual(text);
  });
});

describeDialects('perp operator commands: what a start does with a contribution a stop left pending', (dialect) => {
  it('settles a journalled contribution as done and an unjournalled one as interrupted; a repeat runs it once', async () => {
    const w = await openWorld(dialect);
    try {
      const id = await w.store.transaction((tx) => createUser(tx, { email: 'u1@example.com', phone: null, passwordHash: 'x', referrerId: null, now: w.clock.now() }));
      expect(id).toBe(U1);
      const executor = createAdminExecutor({ store: w.store, clock: w.clock.now, desks: serverDesks(w.desks, w.store), ...outboxNotifier(w.store) });
      const pending = (requestId: string, args: Record<string, string>) =>
        w.store.audit.begin({ requestId, operator: 'op', command: 'perp insurance fund', args: JSON.stringify(args), reason: 'drill', via: 'server', createdAt: w.clock.now() });
      await pending('fund-applied-1', { amount: '40', memo: 'drill' });
      const applied = value(await w.desks.perp.fundInsurance({ amount: '40', memo: 'drill', requestId: 'fund-applied-1' }));
      expect(applied).toMatchObject({ asset: 'USDT', balance: '40', duplicate: false, ref: 'admin:drill#fund-applied-1' });
      await pending('fund-lost-1', { amount: '2' });

      expect(await executor.reconcile()).toBe(2);
      const done = await w.store.audit.find('fund-applied-1');
      expect(done?.status).toBe('done');
      expect(JSON.parse(done?.result ?? '{}')).toMatchObject({ data: { recovered: true, desk: 'contract', seq: applied.seq } });
      expect((await w.store.audit.find('fund-lost-1'))?.status).toBe('interrupted');

      const run = (requestId: string, args: Record<string, string>) => executor.execute({ id: requestId, operator: 'op', command: 'perp insurance fund', args, reason: 'drill' });
      expect(await run('fund-applied-1', { amount: '40', memo: 'drill' })).toMatchObject({ replayed: true });
      expect(await run('fund-lost-1', { amount: '2' })).toMatchObject({ replayed: false, data: { balance: '42' } });
      expect(await run('fund-lost-1', { amount: '2' })).toMatchObject({ replayed: true });
      // The desk itself refuses a journalled id too, even after a restart (its memory of pending ones is gone).
      await w.restart();
      expect(value(await w.desks.perp.fundInsurance({ amount: '40', memo: 'drill', requestId: 'fund-applied-1' }))).toMatchObject({ duplicate: true, balance: '42', seq: null });
      // Two at once with one id: applied once.
      const both = await Promise.all([1, 2].map(() => w.desks.perp.fundInsurance({ amount: '3', memo: 'twice', requestId: 'fund-twice-1' })));
      expect(both.map((r) => value(r).duplicate).sort()).toEqual([false, true]);
      expect(await w.desks.perp.insurance()).toBe(usdt(45));
      expect(await w.desks.perp.fundInsurance({ amount: '1', memo: 'x', requestId: 'short' })).toEqual({ ok: false, code: 'request.id.invalid' });
      expect(await w.desks.perp.fundInsurance({ amount: '0', memo: 'x', requestId: 'fund-zero-1' })).toEqual({ ok: false, code: 'amount.invalid' });
      expect(await w.desks.perp.fundInsurance({ amount: '-1', memo: 'x', requestId: 'fund-negative-1' })).toEqual({ ok: false, code: 'decimal.negative' });
      expect(await w.desks.perp.insurance()).toBe(usdt(45));
      await w.check();
      await w.desks.perp.checkInvariants();
    } finally {
      await w.dispose();
    }
  });
});
