// Migration 0034_desk_log_calls on a store whose desks wrote positions one call per entry: a position `seq` (entry
// seq applied) becomes the same place in the form of several calls per entry, `(seq + 1) × 1024`, where a desk resumes
// at the entry after it, skipping nothing; down and up again round-trips. Both dialects.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { resumeAt } from '../../../server/cluster/protocol.ts';
import { migrateRetrying, schemaMigrator } from '../../../server/store/migrate.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

describeDialects('desk log positions migration 0034', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t.dispose();
  });

  it('turns a position of whole entries into the entry after it, nothing skipped', async () => {
    t = await openStore(dialect);
    const db = t.store.db;
    const migrator = await schemaMigrator(db, dialect);
    expect((await migrateRetrying(() => migrator.migrateTo('0033_desk_log'))).error).toBeUndefined();
    await sql`insert into desk_log_positions (desk, seq, updated_at) values ('coin', 41, 1), ('earn', 0, 1)`.execute(db);
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();
    expect(resumeAt(await t.store.leases.logPosition('coin'))).toEqual({ seq: 42, done: 0 });
    expect(resumeAt(await t.store.leases.logPosition('earn'))).toEqual({ seq: 1, done: 0 });
    expect((await migrateRetrying(() => migrator.migrateTo('0033_desk_log'))).error).toBeUndefined();
    expect(await t.store.leases.logPosition('coin')).toBe(41);
    expect(await t.store.leases.logPosition('earn')).toBe(0);
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();
    expect(resumeAt(await t.store.leases.logPosition('coin'))).toEqual({ seq: 42, done: 0 });
  });
});
