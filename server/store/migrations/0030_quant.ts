// Quantitative bots (issue 24, server/desks/spot/bots.ts). quant_bots: each bot's latest state, upserted by id batch
// after batch by the spot desk in the same transaction as the orders, trades and journal entries that changed it, so
// a bot's pocket and counters always agree with its orders after a crash. `state` is the bot's memory as JSON
// (bigints as decimal text): its configuration, pocket, counters, stages and which open order sits at which level.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function quant(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('quant_bots')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('state', 'text', (c) => c.notNull())
        .execute();
      await sql`create unique index quant_bots_client_id on quant_bots (user_id, client_id) where client_id is not null`.execute(db);
      await db.schema.createIndex('quant_bots_user').on('quant_bots').columns(['user_id', 'id']).execute();
      await sql`create index quant_bots_running on quant_bots (id) where status = 'running'`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('quant_bots').execute();
    },
  };
}
