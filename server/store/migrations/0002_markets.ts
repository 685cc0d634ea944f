// The market list, seeded with the demo USDT markets. Prices are not stored here: they come from trades
// (a later issue), so a fresh install shows no price rather than an invented one.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const DEMO_BASES = ['BTC', 'ETH', 'SOL', 'BNB', 'XRP', 'DOGE', 'ADA', 'TRX', 'LTC', 'DOT', 'LINK', 'AVAX'];

export function markets(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('markets')
        .addColumn('symbol', 'text', (c) => c.primaryKey())
        .addColumn('base', 'text', (c) => c.notNull())
        .addColumn('quote', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('is_open', 'integer', (c) => c.notNull())
        .addColumn('maintenance', 'integer', (c) => c.notNull())
        .execute();
      await db
        .insertInto('markets')
        .values(
          DEMO_BASES.map((base, index) => ({
            symbol: `${base}USDT`,
            base,
            quote: 'USDT',
            kind: 'spot',
            sort: index + 1,
            is_open: 0,
            maintenance: 0,
          })),
        )
        .execute();
    },
  };
}
