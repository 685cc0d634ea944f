// Migration 0019_spot_strategy on a store that already holds spot orders: they keep everything and have no strategy
// tags and no prevented match id (Binance then leaves strategyId / strategyType and v out), and each market's
// prevented-match numbering starts from nothing. Down and up again round-trips. Both dialects.
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { migrateRetrying, schemaMigrator } from '../../../server/store/migrate.ts';
import { describeDialects, openStore, type TestStore } from '../dialects.ts';

describeDialects('spot strategy migration 0019', (dialect) => {
  let t: TestStore;
  afterEach(async () => {
    await t.dispose();
  });

  it('leaves the orders of before without strategy tags or prevented match ids', async () => {
    t = await openStore(dialect);
    const db = t.store.db;
    const migrator = await schemaMigrator(db, dialect);
    expect((await migrateRetrying(() => migrator.migrateTo('0018_seconds_opening'))).error).toBeUndefined();
    await sql`insert into spot_orders (id, user_id, symbol, client_order_id, side, kind, tif, post_only, stp, price, qty, open_qty, filled_qty, filled_quote, fee, fee_asset, maker_ppm, taker_ppm, status, close_code, created_at, updated_at, closed_at)
      values (5, 10000001, 'BTCUSDT', 'old-1', 'buy', 'limit', 'GTC', 0, 'EXPIRE_TAKER', 5000000000000, 10000000, 0, 0, 0, 0, 'BTC', 1000, 1000, 'expired', 130, 1000, 2000, 2000)`.execute(db);
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();
    expect(await t.store.spot.find(5)).toMatchObject({ id: 5, clientOrderId: 'old-1', status: 'expired', strategyId: null, strategyType: null, preventedMatchId: null });
    expect(await t.store.spot.lastPreventedMatchIds()).toEqual(new Map());
    expect((await migrateRetrying(() => migrator.migrateTo('0018_seconds_opening'))).error).toBeUndefined();
    expect((await migrateRetrying(() => migrator.migrateToLatest())).error).toBeUndefined();
    expect(await t.store.spot.find(5)).toMatchObject({ id: 5, strategyId: null });
  });
});
