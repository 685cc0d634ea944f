// Issue 22: liabilities snapshots (server/store/reserves.ts, server/reserves/README.md).
// reserves_snapshots: one row per snapshot, `building` from the moment its id is taken (the leaves commit to it)
// until it is `published` (or `failed`); the secret seed its nonces and shuffle come from never leaves the server.
// reserves_record: the public liabilities record, a hash chain (seq from 1) of the published roots.
// reserves_blobs: what answers a user's proof later, compact: the leaves of each chunk of the tree, the user → leaf
// index in blocks of users, and the nodes of the levels from a chunk's root up.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function reserves(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await withAutoId(dialect, db.schema.createTable('reserves_snapshots'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('cause', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text', (c) => c.unique())
        .addColumn('operator', 'text')
        .addColumn('reason', 'text')
        .addColumn('taken_at', 'bigint', (c) => c.notNull())
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('assets', 'text', (c) => c.notNull())
        .addColumn('totals', 'text', (c) => c.notNull())
        .addColumn('user_count', 'bigint', (c) => c.notNull())
        .addColumn('leaf_count', 'bigint', (c) => c.notNull())
        .addColumn('chunk_level', 'integer', (c) => c.notNull())
        .addColumn('root_hash', 'text')
        .addColumn('negatives', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('published_at', 'bigint')
        .addCheckConstraint('reserves_snapshots_status', sql`status in ('building', 'published', 'failed')`)
        .addCheckConstraint('reserves_snapshots_cause', sql`cause in ('daily', 'operator')`)
        .execute();
      await db.schema.createIndex('reserves_snapshots_taken').on('reserves_snapshots').columns(['taken_at']).execute();

      await db.schema
        .createTable('reserves_record')
        .addColumn('seq', 'bigint', (c) => c.primaryKey())
        .addColumn('snapshot_id', 'bigint', (c) => c.notNull().unique())
        .addColumn('ts', 'bigint', (c) => c.notNull())
        .addColumn('assets', 'text', (c) => c.notNull())
        .addColumn('root_hash', 'text', (c) => c.notNull())
        .addColumn('leaf_count', 'bigint', (c) => c.notNull())
        .addColumn('sums', 'text', (c) => c.notNull())
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('reserves_blobs')
        .addColumn('snapshot_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('part', 'bigint', (c) => c.notNull())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addPrimaryKeyConstraint('reserves_blobs_pk', ['snapshot_id', 'kind', 'part'])
        .addCheckConstraint('reserves_blobs_kind', sql`kind in ('leaves', 'users', 'level')`)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('reserves_blobs').execute();
      await db.schema.dropTable('reserves_record').execute();
      await db.schema.dropTable('reserves_snapshots').execute();
    },
  };
}
