// The quantitative bots' operator commands against a running in-process server, through its admin channel: the
// bots listed (every user's, one user's, by status), an operator's stop (orders cancelled, the base sold, the money
// back, audited with the reason), the minimum investments set and in effect at once; bad arguments change nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import type { QuantBotView } from '../../../server/contract/quant.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

describeDialects('quant operator commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;
  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-quant-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice' };
    server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist'), earnPollMs: 0, quantPollMs: 0,
    });
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

  it('lists bots, stops one for the user with its money back, and sets the minimums, each change audited', async () => {
    const s = server!;
    await ok('user', 'create', '--email', 'quant-op@example.com', '--password', 'Passw0rd-quant', '--verified');
    await ok('user', 'create', '--email', 'quant-mm@example.com', '--password', 'Passw0rd-quant', '--verified');
    const user = (await s.store.users.findByEmail('quant-op@example.com'))!.id;
    const mm = (await s.store.users.findByEmail('quant-mm@example.com'))!.id;
    await ok('balance', 'credit', '--email', 'quant-op@example.com', '--asset', 'USDT', '--amount', '2000', '--reason', 'test');
    await ok('balance', 'credit', '--email', 'quant-mm@example.com', '--asset', 'USDT', '--amount', '1000000', '--reason', 'test');
    await ok('balance', 'credit', '--email', 'quant-mm@example.com', '--asset', 'BTC', '--amount', '10', '--reason', 'test');
    const place = async (side: 'buy' | 'sell', price: string, qty: string) => {
      const r = await s.desks.spot.place({ type: 'limit', user: mm, symbol: 'BTCUSDT', side, price, qty, stp: 'NONE' });
      expect(r.ok).toBe(true);
    };
    await place('sell', '60000', '0.01');
    await place('buy', '60000', '0.01');
    await place('sell', '60010', '1');
    await place('buy', '59990', '1');
    const started = await s.desks.spot.startBot({ user, kind: 'grid', symbol: 'BTCUSDT', investment: '1000', grid: { lower: '59000', upper: '61000', grids: 4, mode: 'arithmetic' } });
    if (!started.ok) throw new Error(started.code);
    const bot = started.value;

    expect(await ok('quant', 'list')).toMatch(new RegExp(`^1 running bot\\(s\\)\\n  #${bot.id} +grid +running +BTCUSDT +quant-op@example.com .*orders 4`));
    const listed = JSON.parse(await ok('quant', 'list', '--email', 'quant-op@example.com', '--status', 'all', '--json')) as { total: number; bots: QuantBotView[] };
    expect(listed.total).toBe(1);
    expect(listed.bots[0]).toMatchObject({ id: bot.id, openOrders: 4, investment: '1000' });
    expect((await admin('quant', 'list', '--status', 'sideways')).exitCode).toBe(2);

    // A stop needs a reason; with one, the desk stops it (selling its base into the 59 990 bid) and audits it.
    expect((await admin('quant', 'stop', '--id', String(bot.id))).exitCode).toBe(2);
    expect((await admin('quant', 'stop', '--id', '999999', '--reason', 'nope')).exitCode).toBe(1);
    const stopped = await ok('quant', 'stop', '--id', String(bot.id), '--sell-base', '--reason', 'user asked support');
    expect(stopped).toMatch(/^stopped\n/);
    expect(stopped).toContain('(operator)');
    const after = await s.desks.spot.bot(bot.id);
    expect(after.ok && after.value).toMatchObject({ status: 'ended', endReason: 'operator', pocketBase: '0', pocketQuote: '0' });
    const balances = await s.desks.spot.balances(user);
    if (!balances.ok) throw new Error(balances.code);
    expect(balances.value.find((b) => b.asset === 'USDT')?.frozen).toBe('0');
    expect(balances.value.find((b) => b.asset === 'BTC')?.frozen ?? '0').toBe('0');
    expect((await admin('quant', 'stop', '--id', String(bot.id), '--reason', 'again')).exitCode).toBe(1);
    const audit = await ok('audit', 'list');
    expect(audit).toContain('quant stop');
    expect(audit).toContain('user asked support');

    // The minimums: shown, set (in effect for the next start at once), refused when malformed.
    expect(await ok('quant', 'config')).toBe('minimum investments (quote coin): robot 10 (default), grid 20 (default)');
    expect((await admin('quant', 'config', 'set', '--kind', 'grid', '--min', 'lots', '--reason', 'x')).exitCode).toBe(2);
    await ok('quant', 'config', 'set', '--kind', 'grid', '--min', '1500', '--reason', 'fewer tiny grids');
    expect(s.desks.spot.quantMinimums().grid).toBe('1500');
    const refused = await s.desks.spot.startBot({ user, kind: 'grid', symbol: 'BTCUSDT', investment: '1000', grid: { lower: '59000', upper: '61000', grids: 4, mode: 'arithmetic' } });
    expect(refused).toEqual({ ok: false, code: 'quant.investment.below.min' });
    expect((await verifyLedger(s.store)).problems).toEqual([]);
  });
});
