// The liabilities operator commands against a running in-process server, through its admin channel, and on the
// store with no server: `reserves snapshot` needs a reason, is audited with it and its operator, answers the same
// snapshot when its request id comes again; `reserves list` shows the snapshots and one in detail; malformed
// arguments are refused before anything runs. SQLite and PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runAdmin, type AdminOptions } from '../../../server/cli/admin.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { createStore } from '../../../server/store/index.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';

describeDialects('reserves operator commands', (dialect) => {
  let target: Target;
  let dataDir: string;
  let server: ServerHandle | undefined;
  let where: AdminOptions;
  let now = Date.UTC(2026, 0, 15, 12);

  beforeEach(async () => {
    now = Date.UTC(2026, 0, 15, 12);
    target = await newTarget(dialect);
    dataDir = target.dataDir ?? mkdtempSync(join(tmpdir(), 'openex-admin-reserves-'));
    where = { dataDir, databaseUrl: target.databaseUrl, operator: 'alice', clock: () => now };
    server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, databaseUrl: target.databaseUrl, feeds: false, bots: false, logger: false, staticDir: join(dataDir, 'no-dist'), clock: () => now,
    });
  }, 30_000);
  afterEach(async () => {
    await server?.close();
    await target.dispose();
    if (target.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  const ok = async (...argv: string[]) => {
    const r = await runAdmin(argv, where);
    expect(r.exitCode, r.output).toBe(0);
    return r.output;
  };

  it('takes, audits and lists snapshots through the running server, and on the store without one', async () => {
    const s = server!;
    for (const [user, asset, amount] of [[10_000_101, 'USDT', '1500'], [10_000_102, 'BTC', '0.75'], [10_000_102, 'USDT', '20']] as const) {
      expect((await s.desks.spot.adjust({ user, asset, amount, action: 'credit', memo: 'test' })).ok).toBe(true);
    }
    // Refused before anything runs: no reason, a stray argument, a bad limit or id.
    expect((await runAdmin(['reserves', 'snapshot'], where)).exitCode).toBe(2);
    expect((await runAdmin(['reserves', 'snapshot', '--reason', 'x', '--limit', '3'], where)).exitCode).toBe(2);
    expect((await runAdmin(['reserves', 'list', '--limit', '0'], where)).exitCode).toBe(2);
    expect((await runAdmin(['reserves', 'list', '--id', 'abc'], where)).exitCode).toBe(2);
    // (A server wired with the daily job may have taken the day's snapshot at start: count from what is there.)
    const before = (await s.store.reserves.list(100)).length;

    const taken = await ok('reserves', 'snapshot', '--reason', 'quarterly audit', '--request-id', 'reserves-req-0001');
    expect(taken).toMatch(/^snapshot #\d+ published as record entry #\d+ in [\d.]+ s/);
    expect(taken).toContain('2 user(s) in 2 leaves');
    expect(taken).toContain('totals: 0.75 BTC, 1520 USDT');
    const id = Number(/^snapshot #(\d+)/.exec(taken)![1]);
    const row = (await s.store.reserves.byId(id))!;
    expect(row).toMatchObject({ status: 'published', cause: 'operator', operator: 'alice', reason: 'quarterly audit', requestId: 'reserves-req-0001' });
    const audit = (await s.store.audit.list(20)).filter((r) => r.command === 'reserves snapshot');
    expect(audit.map((r) => [r.status, r.reason, r.operator, r.via])).toEqual([['done', 'quarterly audit', 'alice', 'server']]);

    // The same request again: the same snapshot, none taken.
    const again = await runAdmin(['reserves', 'snapshot', '--reason', 'quarterly audit', '--request-id', 'reserves-req-0001'], where);
    expect(again.exitCode).toBe(0);
    expect(again.output).toContain(`snapshot #${id} published`);
    expect((await s.store.reserves.list(100)).length).toBe(before + 1);

    const listed = await ok('reserves', 'list');
    expect(listed).toMatch(/^\d+ snapshot\(s\), newest first:/);
    expect(listed).toContain(`#${id}  2026-01-15T12:00:00.000Z  published operator         2 users`);
    const detail = await ok('reserves', 'list', '--id', String(id));
    expect(detail).toContain(`snapshot #${id} (published, operator by alice: quarterly audit)`);
    expect(detail).toContain(`root ${row.rootHash}`);
    expect(detail).toMatch(/record entry #\d+: hash [0-9a-f]{64}/);
    expect(detail).not.toContain(row.seed);
    const json = JSON.parse((await runAdmin(['reserves', 'list', '--id', String(id), '--json'], where)).output) as Record<string, unknown>;
    expect(JSON.stringify(json)).not.toContain(row.seed);
    expect((await runAdmin(['reserves', 'list', '--id', '99999'], where)).exitCode).toBe(1);

    // No server: on the store directly, the same way.
    await s.close();
    server = undefined;
    now += 3_600_000;
    const direct = await ok('reserves', 'snapshot', '--reason', 'server down');
    const second = Number(/^snapshot #(\d+)/.exec(direct)![1]);
    expect(second).toBeGreaterThan(id);
    const store = await createStore({ dataDir, databaseUrl: target.databaseUrl });
    try {
      const record = await store.reserves.record(10);
      expect(record[0]).toMatchObject({ snapshotId: second, ts: now });
      expect((await store.audit.list(20)).find((r) => r.command === 'reserves snapshot' && r.reason === 'server down')).toMatchObject({ status: 'done', via: 'store' });
    } finally {
      await store.close();
    }
  }, 60_000);
});
