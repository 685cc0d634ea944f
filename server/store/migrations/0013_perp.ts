// Perpetuals: the perp desk's orders (latest state, upserted batch after batch like spot's), positions (one row per
// user and market, latest state), trades (book matches and ADL closes), funding settlements, liquidations and the
// mark prices the liquidations used. Money, quantities and prices are 64-bit integers of minor units (prices in
// quote minor units per whole coin, quantities in base minor units; signed where a sign means something: position
// size, realized P&L, funding rate, insurance flows). Rates are ratios × 10^8.
// perp_liquidations is keyed by a store-assigned id (withAutoId): a liquidation has no natural key of its own (one
// user's position on one market can be liquidated twice in one millisecond by two marks), and the rows are only
// appended and read back by time; the id orders rows of the same millisecond in the order they were written.
// perp_marks holds one row per symbol and millisecond: the last mark of that millisecond (perp.ts upserts it).
// The partial indexes state the same conditions as spot's (migration 0010) and as the queries in perp.ts.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function perp(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('perp_orders')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('client_order_id', 'text')
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('tif', 'text', (c) => c.notNull())
        .addColumn('post_only', 'integer', (c) => c.notNull())
        .addColumn('reduce_only', 'integer', (c) => c.notNull())
        .addColumn('leverage', 'integer', (c) => c.notNull())
        .addColumn('margin_mode', 'text', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('qty', 'bigint', (c) => c.notNull())
        .addColumn('open_qty', 'bigint', (c) => c.notNull())
        .addColumn('filled_qty', 'bigint', (c) => c.notNull())
        .addColumn('filled_quote', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('realized_pnl', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('close_code', 'integer')
        .addColumn('priority', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        // Conditional orders (kind stop, stop_market, take_profit, take_profit_market): the trigger, the price it
        // watches (mark | last), and whether it closes the whole position when it fires.
        .addColumn('trigger_price', 'bigint')
        .addColumn('working_type', 'text')
        .addColumn('close_position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`create unique index perp_orders_client_id on perp_orders (user_id, client_order_id) where client_order_id is not null`.execute(db);
      await sql`create index perp_orders_open on perp_orders (priority, id) where status in ('new', 'partially_filled')`.execute(db);
      // A user's order history, newest first (id breaks ties of one millisecond without a sort).
      await db.schema.createIndex('perp_orders_user_created').on('perp_orders').columns(['user_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('perp_positions')
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('leverage', 'integer', (c) => c.notNull())
        .addColumn('margin_mode', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('cost', 'bigint', (c) => c.notNull())
        .addColumn('margin', 'bigint', (c) => c.notNull())
        .addColumn('order_margin', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('perp_positions_pk', ['user_id', 'symbol'])
        .execute();

      await db.schema
        .createTable('perp_trades')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('trade_no', 'bigint', (c) => c.notNull())
        .addColumn('price', 'bigint', (c) => c.notNull())
        .addColumn('qty', 'bigint', (c) => c.notNull())
        .addColumn('quote', 'bigint', (c) => c.notNull())
        .addColumn('taker_side', 'text', (c) => c.notNull())
        .addColumn('taker_order', 'bigint', (c) => c.notNull())
        .addColumn('maker_order', 'bigint', (c) => c.notNull())
        .addColumn('taker_user', 'bigint', (c) => c.notNull())
        .addColumn('maker_user', 'bigint', (c) => c.notNull())
        .addColumn('taker_fee', 'bigint', (c) => c.notNull())
        .addColumn('maker_fee', 'bigint', (c) => c.notNull())
        .addColumn('taker_pnl', 'bigint', (c) => c.notNull())
        .addColumn('maker_pnl', 'bigint', (c) => c.notNull())
        .addColumn('via', 'text', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('perp_trades_pk', ['symbol', 'trade_no'])
        .execute();
      await db.schema.createIndex('perp_trades_taker_user_time').on('perp_trades').columns(['taker_user', 'time']).execute();
      await db.schema.createIndex('perp_trades_maker_user_time').on('perp_trades').columns(['maker_user', 'time']).execute();
      // A market's trades by time: klines, aggTrades and an order's fills read ranges of it.
      await db.schema.createIndex('perp_trades_symbol_time').on('perp_trades').columns(['symbol', 'time']).execute();
      // The insurance fund's public history: its journal lines, newest first. Partial: only the fund's lines are
      // indexed, so the journal's other writes (every trade's lines) pay nothing for it.
      await sql`create index ledger_lines_insurance on ledger_lines (desk, asset, seq) where account = 'system:insurance'`.execute(db);

      await db.schema
        .createTable('perp_funding')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('rate', 'bigint', (c) => c.notNull())
        .addColumn('mark', 'bigint', (c) => c.notNull())
        .addColumn('insurance', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('perp_funding_pk', ['symbol', 'time'])
        .execute();

      await withAutoId(dialect, db.schema.createTable('perp_liquidations'))
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('margin_mode', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('mark', 'bigint', (c) => c.notNull())
        .addColumn('bankruptcy', 'bigint', (c) => c.notNull())
        .addColumn('fee', 'bigint', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('perp_liquidations_user_time').on('perp_liquidations').columns(['user_id', 'time']).execute();

      await db.schema
        .createTable('perp_marks')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('time', 'bigint', (c) => c.notNull())
        .addColumn('mark', 'bigint', (c) => c.notNull())
        .addColumn('index_price', 'bigint')
        .addColumn('funding_rate', 'bigint')
        .addPrimaryKeyConstraint('perp_marks_pk', ['symbol', 'time'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('ledger_lines_insurance').execute();
      for (const table of ['perp_marks', 'perp_liquidations', 'perp_funding', 'perp_trades', 'perp_positions', 'perp_orders']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
