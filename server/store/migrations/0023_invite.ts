// Issue 21: the tables of invitations and commissions (server/accounts/invite/README.md).
// invite_rates: the operator's commission rates, each row in force from `effective_at` until the next row's
// (parts per million of the invitee's fee; level1 + level2 ≤ 1,000,000). invite_runs: one row per UTC day whose
// commissions are (being) paid: `started` until every payment of the day is journalled, then `done` with the
// totals; the rates the day was paid at are kept on the row. The payments themselves are the spot desk's journal
// entries (reason invite.commission, reference invite:<day>:<inviter>:<level>:<asset>) and the inviters' asset
// records: a partial index finds an entry by its reference, so the desk's exactly-once check is one index probe.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function invite(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await withAutoId(dialect, db.schema.createTable('invite_rates'))
        .addColumn('level1_ppm', 'bigint', (c) => c.notNull())
        .addColumn('level2_ppm', 'bigint', (c) => c.notNull())
        .addColumn('effective_at', 'bigint', (c) => c.notNull())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addCheckConstraint('invite_rates_valid', sql`level1_ppm >= 0 and level2_ppm >= 0 and level1_ppm + level2_ppm <= 1000000`)
        .execute();
      await db.schema.createIndex('invite_rates_effective').on('invite_rates').columns(['effective_at', 'id']).execute();

      await db.schema
        .createTable('invite_runs')
        .addColumn('day', 'bigint', (c) => c.primaryKey())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('level1_ppm', 'bigint', (c) => c.notNull())
        .addColumn('level2_ppm', 'bigint', (c) => c.notNull())
        .addColumn('payments', 'integer', (c) => c.notNull())
        .addColumn('waiting', 'integer', (c) => c.notNull())
        .addColumn('totals', 'text', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addCheckConstraint('invite_runs_state', sql`state in ('started', 'done')`)
        .execute();

      await sql`create index ledger_entries_invite on ledger_entries (desk, ref) where reason = 'invite.commission'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('ledger_entries_invite').execute();
      await db.schema.dropTable('invite_runs').execute();
      await db.schema.dropTable('invite_rates').execute();
    },
  };
}
