// Saved layouts in the store: one JSON text per user and screen (table from migration 0009_layouts, added to the
// Database view with withTables). Saving replaces the row; the web app checks the text when it reads it back.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface UserLayoutsTable {
  user_id: number;
  screen: string;
  layout: string;
  updated_at: number;
}

export interface StoredLayout {
  layout: string;
  updatedAt: number;
}

export function createLayouts(store: Kysely<Database>) {
  const db = store.withTables<{ user_layouts: UserLayoutsTable }>();

  return Object.freeze({
    /** The user's layout of `screen`, or null when none is kept. */
    async get(user: number, screen: string): Promise<StoredLayout | null> {
      const row = await db
        .selectFrom('user_layouts')
        .select(['layout', 'updated_at'])
        .where('user_id', '=', user)
        .where('screen', '=', screen)
        .executeTakeFirst();
      return row ? { layout: row.layout, updatedAt: Number(row.updated_at) } : null;
    },
    /** Keeps `layout` as the user's layout of `screen`, replacing any before it. */
    async save(user: number, screen: string, layout: string, now: number): Promise<void> {
      await db
        .insertInto('user_layouts')
        .values({ user_id: user, screen, layout, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'screen']).doUpdateSet({ layout, updated_at: now }))
        .execute();
    },
    /** Forgets the user's layout of `screen` (back to the default everywhere). */
    async remove(user: number, screen: string): Promise<void> {
      await db.deleteFrom('user_layouts').where('user_id', '=', user).where('screen', '=', screen).execute();
    },
  });
}

export type Layouts = ReturnType<typeof createLayouts>;
