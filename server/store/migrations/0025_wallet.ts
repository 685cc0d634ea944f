// Issue 22: withdrawals, the address book and the per-user wallet settings (server/store/wallet.ts,
// server/wallet/README.md).
// - wallet_withdrawals: one row per withdrawal from its application on. Amounts (amount: what leaves the balance,
//   the fee included; fee; value_usdt: the amount's USDT equivalent when applied, for the daily limit) are 64-bit
//   integers of ledger minor units (10^-8). A client id is unique per user (a repeat answers the first). released_at
//   and settled_at say the spot desk has returned or paid out the held amount, so the lifecycle job can finish a
//   release or a settlement a crash cut off, and never do either twice.
// - wallet_address_book: saved addresses, unique per user, network and address (address_key: the address as
//   compared: lower case for Ethereum and bech32, as written for base58).
// - wallet_settings: the whitelist switch (whitelist_off_at: when a switch-off takes effect) and the row a user's
//   withdrawal applications lock, one after another, so two can't both pass the daily limit.
// - wallet_api_keys: which API keys the user allowed to withdraw (Binance's "Enable Withdrawals").
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export const WITHDRAWAL_STATUSES = ['applying', 'applied', 'approved', 'broadcast', 'confirmed', 'rejected', 'cancelled'] as const;

export function wallet(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      const statuses = sql.join(WITHDRAWAL_STATUSES.map((s) => sql.lit(s)));
      await withAutoId(dialect, db.schema.createTable('wallet_withdrawals'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('value_usdt', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('client_id', 'text')
        .addColumn('via', 'text', (c) => c.notNull())
        .addColumn('tx_hash', 'text')
        .addColumn('confirmations', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('reviewed_by', 'text')
        .addColumn('reviewed_at', 'bigint')
        .addColumn('released_at', 'bigint')
        .addColumn('settled_at', 'bigint')
        .addCheckConstraint('wallet_withdrawals_status', sql`status in (${statuses})`)
        .addCheckConstraint('wallet_withdrawals_amounts', sql`amount > 0 and fee >= 0 and fee < amount and value_usdt >= 0`)
        .addCheckConstraint('wallet_withdrawals_via', sql`via in ('app', 'api')`)
        .addUniqueConstraint('wallet_withdrawals_client', ['user_id', 'client_id'])
        .execute();
      await db.schema.createIndex('wallet_withdrawals_user').on('wallet_withdrawals').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('wallet_withdrawals_status').on('wallet_withdrawals').columns(['status', 'network', 'id']).execute();

      await withAutoId(dialect, db.schema.createTable('wallet_address_book'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('address_key', 'text', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('wallet_address_book_unique', ['user_id', 'network', 'address_key'])
        .execute();

      await db.schema
        .createTable('wallet_settings')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey())
        .addColumn('whitelist', 'integer', (c) => c.notNull())
        .addColumn('whitelist_off_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('wallet_api_keys')
        .addColumn('api_key', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('wallet_api_keys').execute();
      await db.schema.dropTable('wallet_settings').execute();
      await db.schema.dropTable('wallet_address_book').execute();
      await db.schema.dropTable('wallet_withdrawals').execute();
    },
  };
}
