// The language a user last signed in with, so a message nobody asked for in that moment (the failed sign-in alert,
// accounts/service.ts) reaches the owner in their language rather than the language of whoever caused it.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function userLocales(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_locales')
        .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
        .addColumn('locale', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
