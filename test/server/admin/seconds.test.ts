// The seconds operator commands against a running in-process server, through its admin channel, and on the store
// with no server: the duration table set and listed (the running desk applies it to the next contract), an exposure
// limit, the house credited once per request id and debited only down to what open contracts need; every change
// audited with the operator and the reason; the ledger verifies. On SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { verifyLedger } from '../../../server/desks/index.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

describeDialects('seconds operator commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-seconds-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice' };
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
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

  it('sets the table, a limit and the house through the running desk, each audited with its reason', async () => {
    const s = server!;
    // The demo rows were seeded at the first start (every USDT market).
    expect(s.desks.seconds.configList().filter((r) => r.market === 'BTCUSDT').map((r) => r.durationS)).toEqual([60, 300, 600, 1800, 3600, 86400]);
    expect(await ok('seconds', 'config', 'set', '--symbol', 'BTCUSDT', '--duration', '60', '--payout', '0.9', '--fee', '0', '--reason', 'promo week')).toBe(
      'BTCUSDT 60 s: payout 0.9, loss 1, min 1000, max 9999999, fee 0, enabled (for contracts placed from now on)',
    );
    expect(s.desks.seconds.configList().find((r) => r.market === 'BTCUSDT' && r.durationS === 60)).toMatchObject({ payoutRatio: '0.9', feeRate: '0' });
    await ok('seconds', 'config', 'set', '--symbol', 'BTCUSDT', '--duration', '86400', '--enabled', 'false', '--reason', 'no day contracts');
    expect(s.desks.seconds.configList().map((r) => `${r.market}:${r.durationS}`)).not.toContain('BTCUSDT:86400');
    expect(await ok('seconds', 'config', 'list', '--symbol', 'BTCUSDT')).toContain('86400 s  payout 0.85  loss 1  min 1000  max 9999999  fee 0.001  disabled');
    // Bad terms change nothing.
    const bad = await admin('seconds', 'config', 'set', '--symbol', 'BTCUSDT', '--duration', '60', '--loss', '1.5', '--reason', 'oops');
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toContain('the loss ratio must be between 0 and 1');
    expect((await admin('seconds', 'config', 'set', '--symbol', 'BTCUSDT', '--duration', '60', '--payout', '0.9'))).toMatchObject({ exitCode: 2 });

    expect(await ok('seconds', 'exposure', 'set', '--symbol', 'BTCUSDT', '--direction', 'up', '--amount', '250000', '--reason', 'risk desk')).toBe('BTCUSDT up: net exposure limit 250000 USDT');
    expect(await ok('seconds', 'exposure', 'list')).toContain('BTCUSDT    up    limit 250000  now 0');

    await ok('seconds', 'house', 'credit', '--amount', '500000', '--reason', 'fund the house', '--request-id', 'house-credit-0001');
    // A repeat of the same request changes nothing.
    expect(await ok('seconds', 'house', 'credit', '--amount', '500000', '--reason', 'fund the house', '--request-id', 'house-credit-0001')).toContain('500000');
    expect(s.desks.seconds.house()).toEqual({ balance: '500000', required: '0', free: '500000' });
    await ok('seconds', 'house', 'debit', '--amount', '100000', '--reason', 'too much');
    expect(await ok('seconds', 'house')).toBe("seconds house: balance 400000 USDT, open contracts' worst case 0 USDT, free 400000 USDT");

    const audit = await s.store.audit.list(20);
    const changes = audit.filter((a) => a.command.startsWith('seconds ') && a.status === 'done');
    expect(changes.map((a) => [a.command, a.reason, a.operator])).toEqual(expect.arrayContaining([
      ['seconds config set', 'promo week', 'alice'],
      ['seconds config set', 'no day contracts', 'alice'],
      ['seconds exposure set', 'risk desk', 'alice'],
      ['seconds house credit', 'fund the house', 'alice'],
      ['seconds house debit', 'too much', 'alice'],
    ]));
    expect(audit.some((a) => a.command === 'seconds config list' || a.command === 'seconds house')).toBe(false);
    const report = await verifyLedger(s.store);
    expect(report.problems).toEqual([]);

    // With no server: the same commands on the store, the config kept for the next start.
    await s.close();
    server = undefined;
    await ok('seconds', 'config', 'set', '--symbol', 'ETHUSDT', '--duration', '120', '--payout', '0.7', '--reason', 'offline change');
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });
    expect(server.desks.seconds.configList().find((r) => r.market === 'ETHUSDT' && r.durationS === 120)).toMatchObject({ payoutRatio: '0.7', lossRatio: '1' });
    expect(server.desks.seconds.house().balance).toBe('400000');
  }, 60_000);
});
