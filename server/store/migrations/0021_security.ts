// Issue 21: the tables of the security centre (store/security.ts). Kept beside `users` and `sessions` rather than
// as new columns of theirs, so every other writer of those tables (sign-up, the operator's tools, tests) goes on
// unchanged:
// - `user_security`: one row per user who changed something here: the anti-phishing code, when the login password
//   last changed, and until when withdrawals are locked (24 h after a password, TOTP or fund-password change).
// - `session_devices`: one row per session started since: its public id (what the devices list and revoke name; not
//   the token hash, which stays a secret of the store), the device (User-Agent), address, method and last use.
// - `login_history`: sign-ins on an account, successful or not (bounded per user by the repository).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function security(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_security')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
        .addColumn('anti_phishing_code', 'text')
        .addColumn('password_changed_at', 'bigint')
        .addColumn('withdrawal_locked_until', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('session_devices')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('session_devices_user').on('session_devices').columns(['user_id', 'created_at']).execute();
      await withAutoId(dialect, db.schema.createTable('login_history'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('result', 'text', (c) => c.notNull())
        .execute();
      await sql`create index login_history_user on login_history (user_id, id)`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('login_history').execute();
      await db.schema.dropTable('session_devices').execute();
      await db.schema.dropTable('user_security').execute();
    },
  };
}
