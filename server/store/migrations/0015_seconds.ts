// Seconds contracts and the public price record. price_record: one hash chain per market (seq from 1 without gaps,
// the entry's canonical text and hash as contract/seconds-record.ts defines them), only appended, read by range of
// time. seconds_contracts: each contract's latest state (upserted by id batch after batch, like perp_orders), money
// in minor units (10^-8 USDT), ratios × 10^8, prices as the record's decimal text (the verifier compares text).
// seconds_config: the operator's table per market and duration; seconds_limits: the house's net exposure limit per
// market and direction.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function seconds(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('price_record')
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('price', 'text', (c) => c.notNull())
        .addColumn('sources', 'text', (c) => c.notNull())
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('price_record_pk', ['market', 'seq'])
        .execute();
      await db.schema.createIndex('price_record_market_ts').on('price_record').columns(['market', 'ts']).execute();

      await db.schema
        .createTable('seconds_contracts')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('duration_s', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('payout_ratio', 'bigint', (c) => c.notNull())
        .addColumn('loss_ratio', 'bigint', (c) => c.notNull())
        .addColumn('scheduled_ts', 'bigint')
        .addColumn('open_ts', 'bigint')
        .addColumn('delivery_ts', 'bigint', (c) => c.notNull())
        .addColumn('open_price', 'text')
        .addColumn('settle_price', 'text')
        .addColumn('open_record_seq', 'bigint')
        .addColumn('open_record_hash', 'text')
        .addColumn('settle_record_seq', 'bigint')
        .addColumn('settle_record_hash', 'text')
        .addColumn('outcome', 'text')
        .addColumn('payout', 'bigint')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('settled_at', 'bigint')
        .execute();
      await sql`create unique index seconds_contracts_client_id on seconds_contracts (user_id, client_id) where client_id is not null`.execute(db);
      await db.schema.createIndex('seconds_contracts_user').on('seconds_contracts').columns(['user_id', 'status', 'id']).execute();
      // The verifier's read (settled, by delivery time) and the rebuild's (open ones).
      await db.schema.createIndex('seconds_contracts_delivery').on('seconds_contracts').columns(['status', 'delivery_ts']).execute();

      await db.schema
        .createTable('seconds_config')
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('duration_s', 'integer', (c) => c.notNull())
        .addColumn('payout_ratio', 'bigint', (c) => c.notNull())
        .addColumn('loss_ratio', 'bigint', (c) => c.notNull())
        .addColumn('min_amount', 'bigint', (c) => c.notNull())
        .addColumn('max_amount', 'bigint', (c) => c.notNull())
        .addColumn('fee_rate', 'bigint', (c) => c.notNull())
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('seconds_config_pk', ['market', 'duration_s'])
        .execute();
      await db.schema
        .createTable('seconds_limits')
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('direction', 'text', (c) => c.notNull())
        .addColumn('max_exposure', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('seconds_limits_pk', ['market', 'direction'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('seconds_limits').execute();
      await db.schema.dropTable('seconds_config').execute();
      await db.schema.dropTable('seconds_contracts').execute();
      await db.schema.dropTable('price_record').execute();
    },
  };
}
