// Spot trading: each market's trading rules (tick, lot, quantity and notional bounds, price band) with sensible
// values for the twelve demo USDT markets, and the spot desk's orders, trades and order history.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

const COIN = 100_000_000n;

/**
 * [base, tick (quote minor units per coin), lot (base minor units), max quantity in coins]. Every tick × lot is a
 * multiple of 10^8 (the kernel needs it so trades never round); ticks are ~0.01% or finer of a typical price.
 */
const RULES: ReadonlyArray<readonly [string, bigint, bigint, bigint]> = [
  ['BTC', 1_000_000n, 1_000n, 9_000n], // 0.01 USDT, 0.00001 BTC
  ['ETH', 1_000_000n, 10_000n, 100_000n], // 0.01, 0.0001
  ['SOL', 1_000_000n, 100_000n, 1_000_000n], // 0.01, 0.001
  ['BNB', 1_000_000n, 100_000n, 100_000n], // 0.01, 0.001
  ['XRP', 10_000n, 10_000_000n, 50_000_000n], // 0.0001, 0.1
  ['DOGE', 1_000n, COIN, 500_000_000n], // 0.00001, 1
  ['ADA', 10_000n, 10_000_000n, 50_000_000n], // 0.0001, 0.1
  ['TRX', 1_000n, COIN, 500_000_000n], // 0.00001, 1
  ['LTC', 1_000_000n, 100_000n, 100_000n], // 0.01, 0.001
  ['DOT', 100_000n, 1_000_000n, 1_000_000n], // 0.001, 0.01
  ['LINK', 100_000n, 1_000_000n, 1_000_000n], // 0.001, 0.01
  ['AVAX', 1_000_000n, 1_000_000n, 1_000_000n], // 0.01, 0.01
];

export const DEMO_MIN_NOTIONAL = 5n * COIN; // 5 USDT
export const DEMO_MAX_NOTIONAL = 100_000_000n * COIN; // 100 million USDT
export const DEMO_PRICE_BAND_BPS = 500; // 5%

const MONEY_COLUMNS = ['tick_size', 'lot_size', 'min_qty', 'max_qty', 'min_notional', 'max_notional'] as const;

export function spot(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      // One column per statement: SQLite's ALTER TABLE adds one at a time.
      for (const column of MONEY_COLUMNS) {
        await db.schema.alterTable('markets').addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      }
      await db.schema.alterTable('markets').addColumn('price_band_bps', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      for (const [base, tick, lot, maxCoins] of RULES) {
        await db
          .updateTable('markets')
          .set({
            tick_size: tick,
            lot_size: lot,
            min_qty: lot,
            max_qty: maxCoins * COIN,
            min_notional: DEMO_MIN_NOTIONAL,
            max_notional: DEMO_MAX_NOTIONAL,
            price_band_bps: DEMO_PRICE_BAND_BPS,
          })
          .where('symbol', '=', `${base}USDT`)
          .execute();
      }

      await db.schema
        .createTable('spot_orders')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('client_order_id', 'text')
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('tif', 'text', (c) => c.notNull())
        .addColumn('post_only', 'integer', (c) => c.notNull())
        .addColumn('stp', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint')
        .addColumn('bound', 'bigint')
        .addColumn('qty', 'bigint')
        .addColumn('quote_qty', 'bigint')
        .addColumn('open_qty', 'bigint', (c) => c.notNull())
        .addColumn('filled_qty', 'bigint', (c) => c.notNull())
        .addColumn('filled_quote', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('fee_asset', 'text', (c) => c.notNull())
        .addColumn('maker_ppm', 'integer', (c) => c.notNull())
        .addColumn('taker_ppm', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('close_code', 'integer')
        .addColumn('priority', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .execute();
      await db.schema.createIndex('spot_orders_client_id').unique().on('spot_orders').columns(['user_id', 'client_order_id']).execute();
      await db.schema.createIndex('spot_orders_user').on('spot_orders').columns(['user_id', 'status', 'id']).execute();
      await db.schema.createIndex('spot_orders_open').on('spot_orders').columns(['status', 'priority']).execute();

      await db.schema
        .createTable('spot_trades')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('trade_no', 'bigint', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('qty', 'bigint', (c) => c.notNull())
        .addColumn('quote', 'bigint', (c) => c.notNull())
        .addColumn('taker_order', 'bigint', (c) => c.notNull())
        .addColumn('maker_order', 'bigint', (c) => c.notNull())
        .addColumn('taker_user', 'bigint', (c) => c.notNull())
        .addColumn('maker_user', 'bigint', (c) => c.notNull())
        .addColumn('taker_side', 'text', (c) => c.notNull())
        .addColumn('taker_fee', 'bigint', (c) => c.notNull())
        .addColumn('taker_fee_asset', 'text', (c) => c.notNull())
        .addColumn('maker_fee', 'bigint', (c) => c.notNull())
        .addColumn('maker_fee_asset', 'text', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('spot_trades_pk', ['symbol', 'trade_no'])
        .execute();
      await db.schema.createIndex('spot_trades_taker_order').on('spot_trades').column('taker_order').execute();
      await db.schema.createIndex('spot_trades_maker_order').on('spot_trades').column('maker_order').execute();

      await withAutoId(dialect, db.schema.createTable('spot_order_events'))
        .addColumn('order_id', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('open_qty', 'bigint', (c) => c.notNull())
        .addColumn('filled_qty', 'bigint', (c) => c.notNull())
        .addColumn('code', 'integer')
        .addColumn('time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('spot_order_events_order').on('spot_order_events').column('order_id').execute();
    },
  };
}
