// Issue 25: the operator console's accounts (server/ops/, store/ops.ts). Operators are not users: their own table,
// their own sessions, reached only on the console's listener (OPS_PORT).
// - `operators`: name (the audit log's `operator`), argon2 password hash, TOTP secret (sealed like the users'
//   authenticator secrets), `totp_step` the last accepted time step (a code is accepted once), `role` admin |
//   support | reviewer | editor, `disabled` 0/1.
// - `ops_sessions`: a signed-in console: the SHA-256 of its token (never the token), expiry, revocation.
// - `ops_approvals`: the four-eyes rule. A credit or a withdrawal over the threshold is a pending request (command,
//   arguments, reason, who asked); a different operator approves (then it runs, with `request_id` as the audit's
//   request id, so it runs once) or rejects it.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function ops(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await withAutoId(dialect, db.schema.createTable('operators'))
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('totp_secret', 'text', (c) => c.notNull())
        .addColumn('totp_step', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('last_login_at', 'bigint')
        .execute();

      await withAutoId(dialect, db.schema.createTable('ops_sessions'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('operator_id', 'bigint', (c) => c.notNull().references('operators.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('ip', 'text')
        .execute();
      await sql`create index ops_sessions_operator on ops_sessions (operator_id, id)`.execute(db);

      await withAutoId(dialect, db.schema.createTable('ops_approvals'))
        .addColumn('command', 'text', (c) => c.notNull())
        .addColumn('args', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('requested_by', 'text', (c) => c.notNull())
        .addColumn('requested_at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('decided_by', 'text')
        .addColumn('decided_at', 'bigint')
        .addColumn('decision_reason', 'text')
        .addColumn('request_id', 'text', (c) => c.notNull().unique())
        .addColumn('outcome', 'text')
        .execute();
      await sql`create index ops_approvals_status on ops_approvals (status, id)`.execute(db);
    },
    async down(db: Kysely<any>) {
      for (const table of ['ops_approvals', 'ops_sessions', 'operators']) await db.schema.dropTable(table).execute();
    },
  };
}
