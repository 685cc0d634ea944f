// Migration 0035_perp_order_fees on a store that already holds perp orders: they keep everything and have no fee
// rates (null: the desk's rebuild takes their user's current ones), new rows keep theirs; down and up again
// round-trips. Both dialects.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateRetrying, schemaMigrator } from '../../../server/store/migrate.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';
import { commit, EMPTY, NOW, order } from './perp-fixtures.ts';

describeDialects('perp order fees migration 0035', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t.dispose();
  });

  it('leaves the orders of before without fee rates and keeps those of new orders', async () => {
    t = await openStore(dialect);
    const db = t.store.db;
    const migrator = await schemaMigrator(db, dialect);
    expect((await migrateRetrying(() => migrator.migrateTo('0034_desk_log_calls'))).error).toBeUndefined();
    await sql`insert into perp_orders (id, user_id, symbol, client_order_id, side, kind, origin, tif, post_only, reduce_only, leverage, margin_mode, price, qty, open_qty, filled_qty, filled_quote, fee, realized_pnl, status, close_code, priority, created_at, updated_at, closed_at, trigger_price, working_type, close_position, open_loss)
      values (5, 7, 'BTCUSDT', 'old-1', 'buy', 'limit', 'user', 'GTC', 0, 0, 20, 'cross', 6000000000000, 100000, 100000, 0, 0, 0, 0, 'new', null, 5, 1000, 1000, null, null, null, 0, 0)`.execute(db);
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();
    expect(await t.store.perp.openOrders()).toEqual([expect.objectContaining({ id: 5, clientOrderId: 'old-1', openQty: 100_000n, makerPpm: null, takerPpm: null })]);

    expect(await t.store.leases.acquire('perp', 'test', NOW, 600_000)).toBe(true);
    await t.store.commitDesk(commit(1, { ...EMPTY, orders: [order(6, { makerPpm: 40, takerPpm: 250 })] }));
    expect((await t.store.perp.order(7, 6))?.makerPpm).toBe(40);
    expect((await t.store.perp.order(7, 6))?.takerPpm).toBe(250);

    expect((await migrateRetrying(() => migrator.migrateTo('0034_desk_log_calls'))).error).toBeUndefined();
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();
    expect((await t.store.perp.openOrders()).map((o) => [o.id, o.makerPpm, o.takerPpm])).toEqual([[5, null, null], [6, null, null]]);
  });
});
