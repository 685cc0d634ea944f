// Market data that must survive a restart: candles (closed and live bars). Prices are ticks of the market (safe
// integers); volumes are decimal text of minor units because a month of quote volume can pass 2^63 minor units,
// and PostgreSQL's int8 is read back as a JavaScript number, exact only to 2^53.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function marketData(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('candles')
        .addColumn('symbol', 'text', (c) => c.notNull())
        // Not "interval": that is a PostgreSQL keyword, a trap for anyone querying by hand.
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('open_time', 'bigint', (c) => c.notNull())
        .addColumn('close_time', 'bigint', (c) => c.notNull())
        .addColumn('open', 'bigint', (c) => c.notNull())
        .addColumn('high', 'bigint', (c) => c.notNull())
        .addColumn('low', 'bigint', (c) => c.notNull())
        .addColumn('close', 'bigint', (c) => c.notNull())
        .addColumn('volume', 'text', (c) => c.notNull())
        .addColumn('quote_volume', 'text', (c) => c.notNull())
        .addColumn('taker_buy_volume', 'text', (c) => c.notNull())
        .addColumn('taker_buy_quote_volume', 'text', (c) => c.notNull())
        .addColumn('trade_count', 'bigint', (c) => c.notNull())
        .addColumn('first_trade_id', 'bigint', (c) => c.notNull())
        .addColumn('last_trade_id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('candles_pk', ['symbol', 'period', 'open_time'])
        .execute();
    },
  };
}
