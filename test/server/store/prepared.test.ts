// Named statements on PostgreSQL (store/prepared.ts): the desks' commit statements are parsed once per connection and
// then run by name, a change of the table under them (a migration adding a column) still writes, and a text nobody
// registered stays unnamed.
import { sql } from 'kysely';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { insertRows } from '../../../server/store/bulk.ts';
import { describePostgres, openStore, type TestStore } from '../dialects.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

describePostgres('named statements on PostgreSQL', () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openStore('postgres');
  });
  afterEach(async () => t.dispose());

  /** This connection's prepared statements whose text starts with `prefix`. */
  const preparedOn = async (db: TestStore['store']['db'], prefix: string) =>
    (await sql<{ name: string }>`select name from pg_prepared_statements where statement like ${`${prefix}%`}`.execute(db)).rows.map((r) => r.name);

  it("runs a desk commit's writes as named statements, each parsed once per connection", async () => {
    const entry = (seq: number) => ({ desk: 'coin', seq, reason: 'test', ref: `t:${seq}`, time: NOW });
    const names = await t.store.db.transaction().execute(async (trx) => {
      await insertRows(trx, 'ledger_entries', [entry(1), entry(2)]);
      await insertRows(trx, 'ledger_entries', [entry(3)]);
      await t.store.leases.acquire('coin', 'holder-1', NOW, 60_000);
      return {
        entries: await preparedOn(trx, 'insert into "ledger_entries"'),
        anything: await preparedOn(trx, 'select name from pg_prepared_statements'),
      };
    });
    expect(names.entries).toHaveLength(1);
    expect(names.anything).toEqual([]);
    expect((await t.store.ledger.entry('coin', 3))?.ref).toBe('t:3');
    // Balances, the lease and the log position, in a desk's commit.
    await t.store.commitDesk({
      lease: { desk: 'coin', holder: 'holder-1', now: NOW, ttlMs: 60_000 },
      ledger: { desk: 'coin', now: NOW, entries: [], balances: [{ user: 7, wallet: 'coin', asset: 'USDT', available: 5n, frozen: 0n }], system: [] },
      records: [], transfersOut: [], transfersIn: [], spot: null, perp: null, log: { desk: 'coin', seq: 9 },
    });
    await t.store.commitDesk({
      lease: { desk: 'coin', holder: 'holder-1', now: NOW + 1, ttlMs: 60_000 },
      ledger: { desk: 'coin', now: NOW + 1, entries: [], balances: [{ user: 7, wallet: 'coin', asset: 'USDT', available: -2n, frozen: 2n }], system: [] },
      records: [], transfersOut: [], transfersIn: [], spot: null, perp: null, log: { desk: 'coin', seq: 10 },
    });
    expect(await t.store.ledger.userBalances(7)).toMatchObject([{ available: 3n, frozen: 2n }]);
    expect(await t.store.leases.logPosition('coin')).toBe(10);
  });

  it('writes on through a named insert after its table gains a column', async () => {
    const entry = (seq: number) => ({ desk: 'coin', seq, reason: 'test', ref: `t:${seq}`, time: NOW });
    await t.store.db.connection().execute(async (db) => {
      await insertRows(db, 'ledger_entries', [entry(1)]);
      await sql`alter table ledger_entries add column note text`.execute(db);
      await insertRows(db, 'ledger_entries', [entry(2)]);
    });
    expect((await t.store.ledger.entry('coin', 2))?.ref).toBe('t:2');
  });
});
