// The seconds desk-wide settings through the operator channel (issue 20): the timed orders' horizon and the per-user
// cap, read and set on the running server's desk (in effect for the next timed order) and on the store with no
// server (kept for the next start), each change audited with its reason; a bad value changes nothing.
// Needs the two commands and their arguments in server/admin/protocol.ts and server/cli/admin.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

describeDialects('seconds settings commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;
  const start = () => startServer({ port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist') });

  beforeEach(async () => {
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-seconds-settings-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'bob' };
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

  it('shows and sets the horizon and the per-user cap, audited, on the running desk and on the store', async () => {
    expect(await ok('seconds', 'settings')).toBe('seconds settings: timed orders start at most 86400 s ahead; a user may hold 20 timed orders not started, 10000000 USDT of stakes in all');
    expect(await ok('seconds', 'settings', 'set', '--horizon', '3600', '--orders', '5', '--amount', '50000', '--reason', 'tighter timed orders')).toBe(
      'seconds settings: timed orders start at most 3600 s ahead; a user may hold 5 timed orders not started, 50000 USDT of stakes in all (for timed orders scheduled from now on)',
    );
    expect(server!.desks.seconds.settings()).toEqual({ horizonS: 3600, userOrders: 5, userAmount: '50000' });
    // Bad values: refused, nothing changes; no reason: a usage error.
    expect(await admin('seconds', 'settings', 'set', '--horizon', '10', '--reason', 'oops')).toMatchObject({ exitCode: 1, output: expect.stringContaining('the horizon must be 60 to 2592000 seconds') });
    expect(await admin('seconds', 'settings', 'set', '--orders', '-3', '--reason', 'oops')).toMatchObject({ exitCode: 2 });
    expect(await admin('seconds', 'settings', 'set', '--horizon', '7200')).toMatchObject({ exitCode: 2 });
    expect(await admin('seconds', 'settings', 'set', '--reason', 'nothing')).toMatchObject({ exitCode: 2 });
    expect(server!.desks.seconds.settings()).toEqual({ horizonS: 3600, userOrders: 5, userAmount: '50000' });
    const audit = await server!.store.audit.list(20);
    expect(audit.filter((a) => a.command.startsWith('seconds settings') && a.status === 'done').map((a) => [a.command, a.reason, a.operator])).toEqual([
      ['seconds settings set', 'tighter timed orders', 'bob'],
    ]);
    // With no server: on the store, kept for the next start; the exposure limits are not touched.
    await server!.close();
    server = undefined;
    await ok('seconds', 'settings', 'set', '--horizon', '7200', '--reason', 'offline change');
    server = await start();
    expect(server.desks.seconds.settings()).toEqual({ horizonS: 7200, userOrders: 5, userAmount: '50000' });
    expect(server.desks.seconds.limitList()).toEqual([]);
  }, 60_000);
});
