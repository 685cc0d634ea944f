// Issue 21: the store's side of identity documents and submissions (real-name verification). Tables from migration
// 0020_identity, added to the Database view with withTables. The photo bytes are files (accounts/kyc/files.ts); a
// row here names its file. Writes that must agree (a submission and the uploads it takes; a review and the user's
// real_name_status) are made by the service inside one store.transaction.
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { Database } from './schema.ts';

export interface IdentityUploadsTable {
  id: Generated<number>;
  /** Random, 32 hex digits: the only id a user sees. */
  public_id: string;
  user_id: number;
  kind: string;
  file: string;
  size: number;
  sha256: string;
  width: number;
  height: number;
  created_at: number;
  submission_id: number | null;
}

export interface IdentitySubmissionsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  doc_type: string;
  doc_number: string;
  country: string;
  front: string;
  back: string | null;
  hand: string;
  status: string;
  reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  reviewer: string | null;
}

export type IdentityUploadRow = Selectable<IdentityUploadsTable>;
export type IdentitySubmissionRow = Selectable<IdentitySubmissionsTable>;
export type NewSubmission = Omit<IdentitySubmissionRow, 'id'>;
export type SubmissionStatus = 'pending' | 'approved' | 'rejected';

export function createIdentityRepo(store: Kysely<Database>) {
  const db = store.withTables<{ identity_uploads: IdentityUploadsTable; identity_submissions: IdentitySubmissionsTable }>();

  return Object.freeze({
    async insertUpload(row: Omit<IdentityUploadRow, 'id'>): Promise<void> {
      await db.insertInto('identity_uploads').values(row).execute();
    },
    findUpload: (publicId: string) => db.selectFrom('identity_uploads').selectAll().where('public_id', '=', publicId).executeTakeFirst(),
    /** The user's uploads not part of a submission, oldest first. */
    looseUploads: (user: number) =>
      db.selectFrom('identity_uploads').selectAll().where('user_id', '=', user).where('submission_id', 'is', null).orderBy('id').execute(),
    /** Uploads of anyone, not part of a submission, made before `before` (expired), at most `limit`. */
    expiredUploads: (before: number, limit: number) =>
      db.selectFrom('identity_uploads').selectAll().where('submission_id', 'is', null).where('created_at', '<', before).orderBy('created_at').limit(limit).execute(),
    async deleteUploads(publicIds: readonly string[]): Promise<void> {
      if (publicIds.length === 0) return;
      await db.deleteFrom('identity_uploads').where('public_id', 'in', publicIds).where('submission_id', 'is', null).execute();
    },
    /** Makes the uploads part of the submission; the number taken (fewer than asked: one was taken meanwhile). */
    async attachUploads(publicIds: readonly string[], user: number, submission: number): Promise<number> {
      const r = await db
        .updateTable('identity_uploads')
        .set({ submission_id: submission })
        .where('public_id', 'in', publicIds)
        .where('user_id', '=', user)
        .where('submission_id', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async countUploads(): Promise<number> {
      const row = await db.selectFrom('identity_uploads').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertSubmission(row: NewSubmission): Promise<number> {
      const r = await db.insertInto('identity_submissions').values(row).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },
    findSubmission: (id: number) => db.selectFrom('identity_submissions').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The user's latest submission (the one their status is), or undefined. */
    latestSubmission: (user: number) =>
      db.selectFrom('identity_submissions').selectAll().where('user_id', '=', user).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    /** Submissions newest first, of one status or all, of one user or all. */
    listSubmissions(filter: { status?: SubmissionStatus | undefined; user?: number | undefined; limit: number }) {
      let q = db.selectFrom('identity_submissions').selectAll();
      if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      if (filter.user !== undefined) q = q.where('user_id', '=', filter.user);
      return q.orderBy('id', 'desc').limit(filter.limit).execute();
    },
    /** Reviews a pending submission; false when it was not pending (reviewed meanwhile). */
    async review(id: number, status: 'approved' | 'rejected', reason: string, reviewer: string, now: number): Promise<boolean> {
      const r = await db
        .updateTable('identity_submissions')
        .set({ status, reason, reviewer, reviewed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async countSubmissions(): Promise<number> {
      const row = await db.selectFrom('identity_submissions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
}

export type IdentityRepo = ReturnType<typeof createIdentityRepo>;
