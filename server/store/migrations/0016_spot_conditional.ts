// Spot conditional orders (Binance's STOP_LOSS, TAKE_PROFIT and their _LIMIT forms, trailing or not) and OCO lists.
// A conditional order is a spot_orders row from placement: `condition` set, `triggered_at` null while it waits
// (status new, nothing on the book, its funds in `held`), then the same row works as its limit or market order.
// `trail_price` is a trailing order's best price since it started tracking, stored each time it moves so a restart
// resumes from it. spot_order_lists: an OCO's own row (its legs name it in list_id), for its client id and status.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const COLUMNS: ReadonlyArray<readonly [string, 'text' | 'bigint' | 'integer']> = [
  ['condition', 'text'],
  ['stop_price', 'bigint'],
  ['trailing_bips', 'integer'],
  ['trail_price', 'bigint'],
  ['held', 'bigint'],
  ['triggered_at', 'bigint'],
  ['list_id', 'bigint'],
];

export function spotConditional(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time. All nullable: old rows are plain orders.
      for (const [name, type] of COLUMNS) await db.schema.alterTable('spot_orders').addColumn(name, type).execute();
      await db.schema
        .createTable('spot_order_lists')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('client_list_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('spot_order_lists_client').on('spot_order_lists').columns(['user_id', 'client_list_id']).execute();
      await db.schema.createIndex('spot_order_lists_user').on('spot_order_lists').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('spot_orders_list').on('spot_orders').columns(['list_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('spot_orders_list').execute();
      await db.schema.dropTable('spot_order_lists').execute();
      for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('spot_orders').dropColumn(name).execute();
    },
  };
}
