// The double-entry ledger: journal entries and their lines, user and system balances, the users' asset records,
// transfers between wallets, and desk leases. Money columns are bigint (64-bit integers of minor units).
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function ledger(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ledger_entries')
        .addColumn('desk', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_entries_pk', ['desk', 'seq'])
        .execute();

      await db.schema
        .createTable('ledger_lines')
        .addColumn('desk', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('line', 'integer', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_lines_pk', ['desk', 'seq', 'line'])
        .execute();

      // The database refuses a negative user balance even if a desk had a bug: the commit fails, the desk stops.
      await db.schema
        .createTable('balances')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('wallet', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('available', 'bigint', (c) => c.notNull())
        .addColumn('frozen', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('balances_pk', ['user_id', 'wallet', 'asset'])
        .addCheckConstraint('balances_available_not_negative', sql`available >= 0`)
        .addCheckConstraint('balances_frozen_not_negative', sql`frozen >= 0`)
        .execute();
      await db.schema.createIndex('balances_wallet').on('balances').columns(['wallet', 'user_id']).execute();

      await db.schema
        .createTable('system_balances')
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('system_balances_pk', ['account', 'asset'])
        .execute();

      await withAutoId(dialect, db.schema.createTable('asset_records'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('wallet', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('frozen', 'bigint', (c) => c.notNull())
        .addColumn('ref', 'text', (c) => c.notNull())
        .addColumn('desk', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('asset_records_user_time').on('asset_records').columns(['user_id', 'time']).execute();

      await db.schema
        .createTable('transfers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('from_wallet', 'text', (c) => c.notNull())
        .addColumn('to_wallet', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('credited_at', 'bigint')
        .addCheckConstraint('transfers_amount_positive', sql`amount > 0`)
        .execute();
      // NULL client ids are distinct in both databases, so only transfers that carry one are deduplicated.
      await db.schema.createIndex('transfers_client_id').unique().on('transfers').columns(['user_id', 'client_id']).execute();
      await db.schema.createIndex('transfers_status').on('transfers').column('status').execute();

      await db.schema
        .createTable('desk_leases')
        .addColumn('desk', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
