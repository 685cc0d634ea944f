// Migration 0036_transfer_client_source on a store that already holds transfers with client ids: they are kept and
// found by user, source wallet and id; the same id may then be stored once per source wallet, never twice from one;
// down and up again round-trip. Both dialects.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateRetrying, schemaMigrator } from '../../../server/store/migrate.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

describeDialects('transfer client id by source wallet, migration 0036', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t.dispose();
  });

  const row = (id: string, from: string, clientId: string | null) => ({
    id, user: 7, clientId, asset: 'USDT', amount: 5_000_000n, from, to: from === 'coin' ? 'contract' : 'coin', status: 'debited' as const, createdAt: 1000, creditedAt: null,
  });

  it('keeps the transfers of before and makes a client id unique per user and source wallet', async () => {
    t = await openStore(dialect);
    const db = t.store.db;
    const migrator = await schemaMigrator(db, dialect);
    expect((await migrateRetrying(() => migrator.migrateTo('0035_perp_order_fees'))).error).toBeUndefined();
    await sql`insert into transfers (id, user_id, client_id, asset, amount, from_wallet, to_wallet, status, created_at, credited_at)
      values ('t-old', 7, 'move-1', 'USDT', 5000000, 'coin', 'contract', 'credited', 900, 950)`.execute(db);
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();

    expect(await t.store.transfers.findByClientId(7, 'coin', 'move-1')).toMatchObject({ id: 't-old', from: 'coin', status: 'credited' });
    expect(await t.store.transfers.findByClientId(7, 'contract', 'move-1')).toBeUndefined();
    // The same id from another wallet is another transfer; from the same wallet, refused by the index.
    await t.store.transfers.insert([row('t-new', 'contract', 'move-1')]);
    expect(await t.store.transfers.findByClientId(7, 'contract', 'move-1')).toMatchObject({ id: 't-new' });
    await expect(t.store.transfers.insert([row('t-again', 'coin', 'move-1')])).rejects.toThrow();
    // Transfers without a client id are never deduplicated.
    await t.store.transfers.insert([row('t-a', 'coin', null), row('t-b', 'coin', null)]);
    // A desk reads only its own wallet's ids when it opens.
    const seen: Record<string, string[]> = { coin: [], contract: [] };
    for (const w of ['coin', 'contract'] as const) expect(await t.store.transfers.eachClientId(w, (k) => seen[w]!.push(k))).toBe(1);
    expect(seen).toEqual({ coin: ['7:move-1'], contract: ['7:move-1'] });

    // Down refuses nothing it can't hold again: with one id per source wallet left, it round-trips.
    await sql`delete from transfers where id = 't-new'`.execute(db);
    expect((await migrateRetrying(() => migrator.migrateTo('0035_perp_order_fees'))).error).toBeUndefined();
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();
    expect(await t.store.transfers.findByClientId(7, 'coin', 'move-1')).toMatchObject({ id: 't-old' });
  });
});
