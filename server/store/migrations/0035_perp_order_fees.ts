// The fee rates each perpetual order was accepted with (`perp_orders.maker_ppm`, `taker_ppm`: parts per million, as
// spot_orders'): a resting order rebuilt after a restart pays, and is margined at, the rates it was placed with, not
// whatever the desk would charge its user now. Fixed when the order is accepted; never changed by its later states.
// Rows written before have none (null): the rebuild takes their user's current rates then (desks/perp/desk.ts
// rebuildPerp).
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function perpOrderFees(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds one at a time.
      await db.schema.alterTable('perp_orders').addColumn('maker_ppm', 'integer').execute();
      await db.schema.alterTable('perp_orders').addColumn('taker_ppm', 'integer').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('perp_orders').dropColumn('taker_ppm').execute();
      await db.schema.alterTable('perp_orders').dropColumn('maker_ppm').execute();
    },
  };
}
