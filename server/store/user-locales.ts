// The language each user last signed in with (table from migration 0012_user_locales, added to the Database view
// with withTables): messages sent to a user who did not just ask for them are written in it.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface UserLocalesTable {
  user_id: number;
  locale: string;
  updated_at: number;
}

export function createUserLocales(store: Kysely<Database>) {
  const db = store.withTables<{ user_locales: UserLocalesTable }>();

  return Object.freeze({
    /** The user's language as last recorded, or null. */
    async get(user: number): Promise<string | null> {
      const row = await db.selectFrom('user_locales').select('locale').where('user_id', '=', user).executeTakeFirst();
      return row?.locale ?? null;
    },
    async set(user: number, locale: string, now: number): Promise<void> {
      await db
        .insertInto('user_locales')
        .values({ user_id: user, locale, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ locale, updated_at: now }))
        .execute();
    },
  });
}

export type UserLocales = ReturnType<typeof createUserLocales>;
