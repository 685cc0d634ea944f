// A user's trade history (app API, Binance myTrades) filters spot_trades by taker or maker: one index per side,
// with time, so the per-user query doesn't scan every trade of the exchange.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function tradeUserIndexes(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema.createIndex('spot_trades_taker_user_time').on('spot_trades').columns(['taker_user', 'time']).execute();
      await db.schema.createIndex('spot_trades_maker_user_time').on('spot_trades').columns(['maker_user', 'time']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('spot_trades_maker_user_time').execute();
      await db.schema.dropIndex('spot_trades_taker_user_time').execute();
    },
  };
}
