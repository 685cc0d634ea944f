// Two indexes of perp_orders narrowed to conditional orders (rows with a trigger), a small part of a user's orders:
// the app's list of a user's conditional orders, newest first, and the conditional orders of one market that fired
// at one moment (desks/perp/fired.ts pairs them with the orders they placed). Without them both read every order
// of the user. The queries state the same condition (store/perp.ts), which is how SQLite and PostgreSQL know the
// index applies.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function perpConditionalIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await sql`create index perp_orders_conditional on perp_orders (user_id, created_at, id) where trigger_price is not null`.execute(db);
      await sql`create index perp_orders_fired on perp_orders (user_id, symbol, closed_at) where trigger_price is not null`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('perp_orders_fired').execute();
      await db.schema.dropIndex('perp_orders_conditional').execute();
    },
  };
}
