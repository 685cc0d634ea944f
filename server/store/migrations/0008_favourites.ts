// Favourites (spec: the self-selected watchlist): a signed-in user's markets, in the order they chose, kept on
// the server so the list follows them between browsers. Replaced as a whole on every change.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function favourites(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_favourites')
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('symbol', 'text', (c) => c.notNull())
        // 0-based place in the user's list.
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_favourites_pk', ['user_id', 'symbol'])
        .execute();
    },
  };
}
