// Two indexes of spot_orders narrowed to the rows they serve, so the order path writes fewer index pages per
// commit: the client-id index holds only orders placed with a client id (most orders from the web app have none),
// and the open-orders index (the restart's read of resting orders in time priority) holds only resting orders, so
// an order that closes in the batch it arrives in (a filled taker, an IOC, a refusal after acceptance) never enters
// it, and a closed one leaves it. Both dialects take the same partial-index syntax; the queries that use them state
// the same condition (spot.ts), which is how SQLite and PostgreSQL know the index applies.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function partialOrderIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex('spot_orders_client_id').execute();
      await sql`create unique index spot_orders_client_id on spot_orders (user_id, client_order_id) where client_order_id is not null`.execute(db);
      await db.schema.dropIndex('spot_orders_open').execute();
      await sql`create index spot_orders_open on spot_orders (priority, id) where status in ('new', 'partially_filled')`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('spot_orders_open').execute();
      await db.schema.createIndex('spot_orders_open').on('spot_orders').columns(['status', 'priority']).execute();
      await db.schema.dropIndex('spot_orders_client_id').execute();
      await db.schema.createIndex('spot_orders_client_id').unique().on('spot_orders').columns(['user_id', 'client_order_id']).execute();
    },
  };
}
