// The operators' audit trail and what the admin channel needs of the journal (server/admin/, store/audit.ts).
// `admin_audit`: one row per state-changing operator command (who, when, what, why, the outcome), keyed by the
// request id the operator tool sends, so a repeated request is recognised instead of applied twice. Two partial
// indexes of ledger_entries hold only operator entries, so finding an adjustment by its reference (which carries
// the request id) and summing a wallet's locks cost the number of operator entries, not the size of the journal;
// trading entries never enter them. Their conditions are ranges on purpose: SQLite evaluates a partial index's
// condition on every insert, and an IN list costs it an ephemeral table each time (1.2 µs per journal entry in a
// micro-benchmark, the order path's hottest insert), a range two comparisons (no measurable cost). Both dialects
// take the same partial-index syntax; the queries state the same conditions (store/audit.ts).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function adminAudit(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await withAutoId(dialect, db.schema.createTable('admin_audit'))
        .addColumn('request_id', 'text', (c) => c.notNull().unique())
        .addColumn('operator', 'text', (c) => c.notNull())
        .addColumn('command', 'text', (c) => c.notNull())
        .addColumn('args', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('via', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      await sql`create index admin_audit_pending on admin_audit (id) where status = 'pending'`.execute(db);
      // Every operator entry (admin.credit … admin.unlock), by its reference.
      await sql`create index ledger_entries_admin on ledger_entries (desk, ref) where reason > 'admin.' and reason < 'admin/'`.execute(db);
      // admin.lock, admin.unfreeze, admin.unlock (the range between the first and the last), by reason.
      await sql`create index ledger_entries_admin_lock on ledger_entries (desk, reason, seq) where reason >= 'admin.lock' and reason <= 'admin.unlock'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('ledger_entries_admin_lock').execute();
      await db.schema.dropIndex('ledger_entries_admin').execute();
      await db.schema.dropTable('admin_audit').execute();
    },
  };
}
