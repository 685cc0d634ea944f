// Accounts: users, sessions, verification codes, the notification outbox, operator settings and rate limits.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { startAutoIdAt, withAutoId } from './columns.ts';

export const FIRST_USER_ID = 10_000_001;

export function accounts(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await withAutoId(dialect, db.schema.createTable('users'))
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('phone', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('fund_password_hash', 'text')
        .addColumn('nickname', 'text', (c) => c.notNull())
        .addColumn('invite_code', 'text', (c) => c.notNull().unique())
        .addColumn('referrer_id', 'bigint', (c) => c.references('users.id'))
        .addColumn('real_name_status', 'text', (c) => c.notNull().defaultTo('none'))
        .addColumn('credit_score', 'integer', (c) => c.notNull().defaultTo(100))
        .addColumn('frozen', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('has_recharge', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await startAutoIdAt(db, dialect, 'users', FIRST_USER_ID);
      await db.schema.createIndex('users_referrer_id').on('users').column('referrer_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      // One live code per (channel, account, purpose): a new code replaces the old one.
      await db.schema
        .createTable('verification_codes')
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('consumed_at', 'bigint')
        .addPrimaryKeyConstraint('verification_codes_pk', ['channel', 'account', 'purpose'])
        .execute();

      await withAutoId(dialect, db.schema.createTable('outbox'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('sent_at', 'bigint')
        .execute();

      await db.schema
        .createTable('system_config')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
