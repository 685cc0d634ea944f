// Wealth products and mining pools (issue 23, server/desks/earn/). earn_products: the operator's products and pools
// (rates × 10^8, amounts in units of 10^-8). earn_orders: each order's latest state, upserted by id batch after batch
// (like seconds_contracts); the desk's rebuild reads the active ones. earn_payments: one row per payment made, keyed
// by (order, period) so a payment can exist once; written in the same transaction as its journal entry
// (reference earn:<order>:<period>), which is what makes it exactly once.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function earn(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('earn_products')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('income_asset', 'text', (c) => c.notNull())
        .addColumn('term_days', 'integer', (c) => c.notNull())
        .addColumn('rate', 'bigint', (c) => c.notNull())
        .addColumn('min_amount', 'bigint', (c) => c.notNull())
        .addColumn('max_amount', 'bigint', (c) => c.notNull())
        .addColumn('quota', 'bigint', (c) => c.notNull())
        .addColumn('income_release', 'text', (c) => c.notNull())
        .addColumn('rebate_type', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('request_id', 'text')
        .execute();
      // The operator's request id: a repeated `earn product add` (a lost answer, a crash) adds nothing more.
      await sql`create unique index earn_products_request_id on earn_products (request_id) where request_id is not null`.execute(db);
      await db.schema
        .createTable('earn_orders')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('product_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('asset', 'text', (c) => c.notNull())
        .addColumn('income_asset', 'text', (c) => c.notNull())
        .addColumn('principal', 'bigint', (c) => c.notNull())
        .addColumn('rate', 'bigint', (c) => c.notNull())
        .addColumn('term_days', 'integer', (c) => c.notNull())
        .addColumn('income_release', 'text', (c) => c.notNull())
        .addColumn('rebate_type', 'text', (c) => c.notNull())
        .addColumn('total_income', 'bigint', (c) => c.notNull())
        .addColumn('paid_income', 'bigint', (c) => c.notNull())
        .addColumn('paid_principal', 'bigint', (c) => c.notNull())
        .addColumn('periods_paid', 'integer', (c) => c.notNull())
        .addColumn('periods', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('purchased_at', 'bigint', (c) => c.notNull())
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .execute();
      await sql`create unique index earn_orders_client_id on earn_orders (user_id, client_id) where client_id is not null`.execute(db);
      await db.schema.createIndex('earn_orders_user').on('earn_orders').columns(['user_id', 'kind', 'id']).execute();
      await sql`create index earn_orders_active on earn_orders (id) where status = 'in_progress'`.execute(db);
      await db.schema
        .createTable('earn_payments')
        .addColumn('order_id', 'bigint', (c) => c.notNull())
        .addColumn('period', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'bigint', (c) => c.notNull())
        .addColumn('due_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint', (c) => c.notNull())
        .addColumn('income', 'bigint', (c) => c.notNull())
        .addColumn('principal', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('earn_payments_pk', ['order_id', 'period'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('earn_payments').execute();
      await db.schema.dropTable('earn_orders').execute();
      await db.schema.dropTable('earn_products').execute();
    },
  };
}
