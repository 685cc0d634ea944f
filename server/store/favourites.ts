// Favourites in the store: each signed-in user's watchlist of market symbols, in their order. The table comes
// from migration 0008_favourites and is added to the Database view with withTables. The list is replaced as a
// whole (call set inside a transaction so a reader never sees half of it).
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface UserFavouritesTable {
  user_id: number;
  symbol: string;
  position: number;
  created_at: number;
}

export function createFavourites(store: Kysely<Database>) {
  const db = store.withTables<{ user_favourites: UserFavouritesTable }>();

  return Object.freeze({
    /** The user's symbols in their order; empty when none. */
    async list(user: number): Promise<string[]> {
      const rows = await db
        .selectFrom('user_favourites')
        .select(['symbol'])
        .where('user_id', '=', user)
        .orderBy('position')
        .orderBy('symbol')
        .execute();
      return rows.map((r) => r.symbol);
    },
    /** Replaces the user's list with `symbols` (distinct, in order); keeps when each was first added. */
    async set(user: number, symbols: readonly string[], now: number): Promise<void> {
      const before = await db.selectFrom('user_favourites').select(['symbol', 'created_at']).where('user_id', '=', user).execute();
      const since = new Map(before.map((r) => [r.symbol, Number(r.created_at)]));
      await db.deleteFrom('user_favourites').where('user_id', '=', user).execute();
      if (symbols.length === 0) return;
      await db
        .insertInto('user_favourites')
        .values(symbols.map((symbol, position) => ({ user_id: user, symbol, position, created_at: since.get(symbol) ?? now })))
        .execute();
    },
  });
}

export type Favourites = ReturnType<typeof createFavourites>;
