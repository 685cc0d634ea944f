// Issue 26: where each desk stands in the command log (server/bus/command-log.ts). In a cluster a desk applies the
// commands of its JetStream subjects in stream order and commits `seq` here in the same transaction as their effects,
// so after a crash or a takeover it resumes right after the last command whose effects are in the store: a command
// is applied once, never twice, never skipped. The embedded server never writes a row.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export function deskLog(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('desk_log_positions')
        .addColumn('desk', 'text', (c) => c.primaryKey())
        .addColumn('seq', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('desk_log_positions').execute();
    },
  };
}
