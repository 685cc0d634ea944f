// API keys for the Binance-compatible API. The public key id is the primary key (looked up on every signed
// request); the HMAC secret is stored encrypted (see server/gateway/binance/keys.ts), never in the clear.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function apiKeys(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('can_trade', 'integer', (c) => c.notNull())
        // Comma-separated allowed client addresses; empty = any address.
        .addColumn('ips', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();
    },
  };
}
