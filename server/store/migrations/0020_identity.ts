// Issue 21: the tables of identity documents (real-name verification; store/identity.ts).
// - `identity_uploads`: one row per photo a user uploaded and the server re-encoded (the bytes are a file under
//   DATA_DIR/identity/, named by `file`, random). `public_id` is random too (128 bits, hex): what the user's page and
//   the submission name, unguessable; `id` only orders uploads. `submission_id` is null until a submission takes the
//   photo; such rows expire.
// - `identity_submissions`: one row per submission, kept (history) when a later one follows a rejection. `status`
//   pending | approved | rejected; `reason`, `reviewed_at`, `reviewer` are the operator's review.
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../schema.ts';
import { withAutoId } from './columns.ts';

export function identity(dialect: Dialect): Migration {
  return {
    // Kysely<any>: a migration sees the schema of its own time, not today's Database type.
    async up(db: Kysely<any>) {
      await withAutoId(dialect, db.schema.createTable('identity_submissions'))
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('doc_number', 'text', (c) => c.notNull())
        .addColumn('country', 'text', (c) => c.notNull())
        .addColumn('front', 'text', (c) => c.notNull())
        .addColumn('back', 'text')
        .addColumn('hand', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('submitted_at', 'bigint', (c) => c.notNull())
        .addColumn('reviewed_at', 'bigint')
        .addColumn('reviewer', 'text')
        .execute();
      await sql`create index identity_submissions_user on identity_submissions (user_id, id)`.execute(db);
      await sql`create index identity_submissions_status on identity_submissions (status, id)`.execute(db);

      await withAutoId(dialect, db.schema.createTable('identity_uploads'))
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('file', 'text', (c) => c.notNull().unique())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('submission_id', 'bigint')
        .execute();
      await sql`create index identity_uploads_user on identity_uploads (user_id, id)`.execute(db);
      await sql`create index identity_uploads_loose on identity_uploads (created_at) where submission_id is null`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('identity_uploads').execute();
      await db.schema.dropTable('identity_submissions').execute();
    },
  };
}
