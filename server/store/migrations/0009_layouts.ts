// Saved layouts: a signed-in user's panel arrangement per screen (the spot terminal's dock), kept as the JSON text
// the web app sent, so the layout follows the user to another browser. One row per user and screen.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function layouts(): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_layouts')
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('screen', 'text', (c) => c.notNull())
        .addColumn('layout', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_layouts_pk', ['user_id', 'screen'])
        .execute();
    },
  };
}
