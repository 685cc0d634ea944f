// Binance's strategyId and strategyType (issue 20): a bot tags an order with them when it places it, and every reply
// and executionReport about that order carries them back (j, J). Stored with the order, nullable: an order placed
// without them (every order before this migration) has none, and Binance then leaves the fields out.
// prevented_match_id: the number of the self-trade prevention that expired the order (Binance's preventedMatchId, an
// executionReport's v), increasing per market; the desk takes the next after its market's largest when it restarts.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

const COLUMNS = ['strategy_id', 'strategy_type', 'prevented_match_id'] as const;

export function spotStrategy(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      for (const name of COLUMNS) await db.schema.alterTable('spot_orders').addColumn(name, 'bigint').execute();
      // The desk's start reads each market's largest number: a partial index holds only the few expired orders, so
      // that read does not scan every order ever placed.
      await db.schema
        .createIndex('spot_orders_prevented_match')
        .on('spot_orders')
        .columns(['symbol', 'prevented_match_id'])
        .where(sql.ref('prevented_match_id'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('spot_orders_prevented_match').execute();
      for (const name of [...COLUMNS].reverse()) await db.schema.alterTable('spot_orders').dropColumn(name).execute();
    },
  };
}
