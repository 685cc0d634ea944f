// Fee levels (spec §9): the operator's rate table, one row per daily recompute (with the table it used, and when
// its levels took effect) and each trading user's trailing volume and level in that recompute. Users without a
// row in a recompute traded nothing in its window: level 0. Also an index on trade time, which the 30-day volume
// query scans by. And API-key labels (users name their keys; the key table itself predates labels).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function feeLevels(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('fee_table')
        .addColumn('level', 'integer', (c) => c.primaryKey())
        // BTC-equivalent minor units (10^-8 BTC).
        .addColumn('min_volume', 'bigint', (c) => c.notNull())
        .addColumn('maker_ppm', 'integer', (c) => c.notNull())
        .addColumn('taker_ppm', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('fee_level_runs')
        // The 00:00 GMT+8 instant the run stands for; its window is the 30 days before.
        .addColumn('recompute_at', 'bigint', (c) => c.primaryKey())
        .addColumn('computed_at', 'bigint', (c) => c.notNull())
        // The rate table the levels were picked from (JSON), so the rates in force never change under a level.
        .addColumn('fee_table', 'text', (c) => c.notNull())
        .addColumn('users', 'integer', (c) => c.notNull())
        .addColumn('applied_at', 'bigint')
        .execute();
      await db.schema
        .createTable('fee_level_users')
        .addColumn('recompute_at', 'bigint', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('volume', 'bigint', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('fee_level_users_pk', ['recompute_at', 'user_id'])
        .execute();
      await db.schema.createIndex('fee_levels_spot_trades_time').on('spot_trades').column('time').execute();
      await db.schema
        .createTable('api_key_labels')
        .addColumn('key_id', 'text', (c) => c.primaryKey().references('api_keys.id'))
        .addColumn('label', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
