// Issue 25: the feedback inbox in the store (migration 0031_content): users' messages with the operator's reply, and
// their screenshots (the bytes are files under DATA_DIR/feedback/, content/feedback-files.ts; a row names its file).
// A message with a client id is stored once per user and id (a unique index); a screenshot belongs to one message.
import { sql, type Generated, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  client_id: string | null;
  topic: string;
  body: string;
  contact: string | null;
  screenshot: string | null;
  locale: string;
  status: string;
  created_at: number;
  reply: string | null;
  replied_at: number | null;
  replied_by: string | null;
}

interface UploadsTable {
  id: Generated<number>;
  public_id: string;
  user_id: number;
  file: string;
  size: number;
  width: number;
  height: number;
  created_at: number;
  feedback_id: number | null;
}

interface FeedbackDb {
  feedback: FeedbackTable;
  feedback_uploads: UploadsTable;
  users: Database['users'];
}

export interface FeedbackRecord {
  readonly id: number;
  readonly userId: number;
  readonly clientId: string | null;
  readonly topic: string;
  readonly body: string;
  readonly contact: string | null;
  readonly screenshot: string | null;
  readonly locale: string;
  readonly status: string;
  readonly createdAt: number;
  readonly reply: string | null;
  readonly repliedAt: number | null;
  readonly repliedBy: string | null;
}

/** An inbox row: the message with its sender's account (e-mail, else phone). */
export interface InboxRecord extends FeedbackRecord {
  readonly account: string;
}

export interface UploadRecord {
  readonly publicId: string;
  readonly userId: number;
  readonly file: string;
  readonly size: number;
  readonly width: number;
  readonly height: number;
  readonly createdAt: number;
  readonly feedbackId: number | null;
}

export type NewFeedback = Omit<FeedbackRecord, 'id' | 'status' | 'reply' | 'repliedAt' | 'repliedBy'>;

type FeedbackRow = Omit<FeedbackTable, 'id'> & { id: number };
type UploadRow = Omit<UploadsTable, 'id'> & { id: number };

const record = (r: FeedbackRow): FeedbackRecord => ({
  id: Number(r.id),
  userId: Number(r.user_id),
  clientId: r.client_id,
  topic: r.topic,
  body: r.body,
  contact: r.contact,
  screenshot: r.screenshot,
  locale: r.locale,
  status: r.status,
  createdAt: Number(r.created_at),
  reply: r.reply,
  repliedAt: r.replied_at === null ? null : Number(r.replied_at),
  repliedBy: r.replied_by,
});

const upload = (r: UploadRow): UploadRecord => ({
  publicId: r.public_id,
  userId: Number(r.user_id),
  file: r.file,
  size: Number(r.size),
  width: Number(r.width),
  height: Number(r.height),
  createdAt: Number(r.created_at),
  feedbackId: r.feedback_id === null ? null : Number(r.feedback_id),
});

export function createFeedbackRepo(store: Kysely<Database>) {
  // The Database type lists the ids as plain numbers; inserts leave them to the database.
  const db = store as unknown as Kysely<FeedbackDb>;

  return Object.freeze({
    /** Stores a message (status open); its id. Two with the same user and client id: the unique index refuses the second. */
    async insert(f: NewFeedback): Promise<number> {
      const r = await db
        .insertInto('feedback')
        .values({
          user_id: f.userId, client_id: f.clientId, topic: f.topic, body: f.body, contact: f.contact, screenshot: f.screenshot, locale: f.locale,
          status: 'open', created_at: f.createdAt, reply: null, replied_at: null, replied_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },
    async find(id: number): Promise<FeedbackRecord | undefined> {
      const r = await db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : record(r);
    },
    async byClientId(user: number, clientId: string): Promise<FeedbackRecord | undefined> {
      const r = await db.selectFrom('feedback').selectAll().where('user_id', '=', user).where('client_id', '=', clientId).executeTakeFirst();
      return r === undefined ? undefined : record(r);
    },
    /** A user's messages, newest first. */
    async byUser(user: number, offset: number, limit: number): Promise<{ rows: FeedbackRecord[]; total: number }> {
      const counted = await db.selectFrom('feedback').select(sql<number>`count(*)`.as('n')).where('user_id', '=', user).executeTakeFirstOrThrow();
      const rows = await db.selectFrom('feedback').selectAll().where('user_id', '=', user).orderBy('id', 'desc').offset(offset).limit(limit).execute();
      return { rows: rows.map(record), total: Number(counted.n) };
    },
    /** Messages since `since` by one user (the submit rate). */
    async countSince(user: number, since: number): Promise<number> {
      const r = await db.selectFrom('feedback').select(sql<number>`count(*)`.as('n')).where('user_id', '=', user).where('created_at', '>=', since).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** The inbox: messages of a status (or all), newest first, with the sender's account. */
    async inbox(status: string | undefined, offset: number, limit: number): Promise<{ rows: InboxRecord[]; total: number }> {
      let counted = db.selectFrom('feedback').select(sql<number>`count(*)`.as('n'));
      let q = db.selectFrom('feedback').leftJoin('users', 'users.id', 'feedback.user_id').selectAll('feedback').select(['users.email', 'users.phone']);
      if (status !== undefined) {
        counted = counted.where('status', '=', status);
        q = q.where('feedback.status', '=', status);
      }
      const total = Number((await counted.executeTakeFirstOrThrow()).n);
      const rows = await q.orderBy('feedback.id', 'desc').offset(offset).limit(limit).execute();
      return { rows: rows.map((r) => ({ ...record(r), account: r.email ?? r.phone ?? `user ${r.user_id}` })), total };
    },
    /** The operator's answer (a later one replaces it); false when the message is gone or closed. */
    async reply(id: number, text: string, by: string, at: number): Promise<boolean> {
      const r = await db
        .updateTable('feedback')
        .set({ reply: text, replied_by: by, replied_at: at, status: 'replied' })
        .where('id', '=', id)
        .where('status', '!=', 'closed')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Closes a message; false when it is gone or closed already. */
    async close(id: number): Promise<boolean> {
      const r = await db.updateTable('feedback').set({ status: 'closed' }).where('id', '=', id).where('status', '!=', 'closed').executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    // ---- screenshots ----

    async insertUpload(u: Omit<UploadRecord, 'feedbackId'>): Promise<void> {
      await db
        .insertInto('feedback_uploads')
        .values({ public_id: u.publicId, user_id: u.userId, file: u.file, size: u.size, width: u.width, height: u.height, created_at: u.createdAt, feedback_id: null })
        .execute();
    },
    async findUpload(publicId: string): Promise<UploadRecord | undefined> {
      const r = await db.selectFrom('feedback_uploads').selectAll().where('public_id', '=', publicId).executeTakeFirst();
      return r === undefined ? undefined : upload(r);
    },
    /** The user's screenshots not (yet) part of a message, oldest first. */
    async looseUploads(user: number): Promise<UploadRecord[]> {
      const rows = await db.selectFrom('feedback_uploads').selectAll().where('user_id', '=', user).where('feedback_id', 'is', null).orderBy('id').execute();
      return rows.map(upload);
    },
    /** Anyone's screenshots never sent with a message, made before `before`, at most `limit`. */
    async expiredUploads(before: number, limit: number): Promise<UploadRecord[]> {
      const rows = await db.selectFrom('feedback_uploads').selectAll().where('feedback_id', 'is', null).where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
      return rows.map(upload);
    },
    async deleteUploads(publicIds: readonly string[]): Promise<void> {
      if (publicIds.length === 0) return;
      await db.deleteFrom('feedback_uploads').where('public_id', 'in', [...publicIds]).where('feedback_id', 'is', null).execute();
    },
    /** Makes a user's loose screenshot part of a message; false when it is not theirs or taken already. */
    async attachUpload(publicId: string, user: number, feedbackId: number): Promise<boolean> {
      const r = await db
        .updateTable('feedback_uploads')
        .set({ feedback_id: feedbackId })
        .where('public_id', '=', publicId)
        .where('user_id', '=', user)
        .where('feedback_id', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async countUploads(): Promise<number> {
      const r = await db.selectFrom('feedback_uploads').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async count(): Promise<number> {
      const r = await db.selectFrom('feedback').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
  });
}

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
