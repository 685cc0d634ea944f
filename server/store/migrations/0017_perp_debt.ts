// A cross account's debt and an order's held open loss (issue 27). `perp_positions.owed`: the part of a realized
// cross loss (or funding) the account's cash could not pay, booked on the holding that incurred it (an account owes
// the sum; `system:perp-receivable` is minus the sum over all). `perp_orders.open_loss`: the open loss the order
// holds with its entrust margin, for its whole quantity (a multiple of its lots). Old rows owe and hold nothing.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function perpDebt(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('perp_positions').addColumn('owed', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('perp_orders').addColumn('open_loss', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('perp_orders').dropColumn('open_loss').execute();
      await db.schema.alterTable('perp_positions').dropColumn('owed').execute();
    },
  };
}
