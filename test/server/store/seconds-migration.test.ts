// Migration 0018_seconds_opening on a store that already holds seconds contracts: open ones (pending, holding) keep
// counting in the house's exposure (reserved_ts = their creation), a timed order not started opens by the new rule
// (accepted_ts = its start), a cancelled one is the user's, settled ones opened by the old rule (no accepted_ts).
// Both dialects.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateRetrying, schemaMigrator } from '../../../server/store/migrate.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

describeDialects('seconds migration 0018', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t.dispose();
  });

  it('marks the open contracts of before as reserved and the cancelled ones as the user’s', async () => {
    t = await openStore(dialect);
    const db = t.store.db;
    const migrator = await schemaMigrator(db, dialect);
    // Back to the schema of before, with contracts as that code wrote them.
    expect((await migrateRetrying(() => migrator.migrateTo('0017_perp_debt'))).error).toBeUndefined();
    const row = (id: number, status: string, createdAt: number) =>
      sql`insert into seconds_contracts (id, user_id, client_id, market, direction, duration_s, amount, fee, payout_ratio, loss_ratio, scheduled_ts, open_ts, delivery_ts, status, created_at)
          values (${id}, 10000001, null, 'BTCUSDT', 'up', 60, 100000000000, 100000000, 80000000, 100000000, ${status === 'pending' ? createdAt + 3_600_000 : null}, ${status === 'pending' ? null : createdAt}, ${createdAt + 60_000}, ${status}, ${createdAt})`.execute(db);
    await row(1, 'pending', 1_000);
    await row(2, 'holding', 2_000);
    await row(3, 'cancelled', 3_000);
    await row(4, 'settled', 4_000);
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();
    const got = await Promise.all([1, 2, 3, 4].map(async (id) => (await t.store.seconds.byId(id))!));
    expect(got.map((c) => [c.id, c.status, c.reservedTs, c.acceptedTs, c.endReason])).toEqual([
      [1, 'pending', 1_000, 3_601_000, null],
      [2, 'holding', 2_000, null, null],
      [3, 'cancelled', null, null, 'user'],
      [4, 'settled', null, null, null],
    ]);
    expect((await t.store.seconds.open()).map((c) => c.id)).toEqual([1, 2]);
  });
});
