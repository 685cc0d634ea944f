// A test store with migration 0004_market_data applied on top of the registered set, the way the store's own
// migrator will once it is registered (by name, so it is not applied twice when it already is).
import { migrateRetrying, schemaMigrator } from '../../../server/store/migrate.ts';
import { migrations } from '../../../server/store/migrations/index.ts';
import { marketData } from '../../../server/store/migrations/0004_market_data.ts';
import { openStore, type DialectName, type TestStore } from '../dialects.ts';

export async function openMarketStore(dialect: DialectName): Promise<TestStore> {
  const t = await openStore(dialect);
  const migrator = await schemaMigrator(t.store.db, dialect, {
    getMigrations: async () => ({ ...migrations(dialect), '0004_market_data': marketData() }),
  });
  const { error } = await migrateRetrying(() => migrator.migrateToLatest());
  if (error) {
    await t.dispose();
    throw error;
  }
  return t;
}
