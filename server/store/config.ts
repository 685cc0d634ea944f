// Operator settings by key (customer-service links and the like), set with the admin CLI.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export function createConfig(db: Kysely<Database>) {
  return Object.freeze({
    async get(key: string): Promise<string | null> {
      const row = await db.selectFrom('system_config').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value ?? null;
    },
    async set(key: string, value: string, now: number): Promise<void> {
      await db
        .insertInto('system_config')
        .values({ key, value, updated_at: now })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: now }))
        .execute();
    },
    async remove(key: string): Promise<boolean> {
      const result = await db.deleteFrom('system_config').where('key', '=', key).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  });
}

export type ConfigRepo = ReturnType<typeof createConfig>;
