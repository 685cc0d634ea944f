// The outbox: every message the server sends (or, without SMTP, would send) with its delivery status, so the
// operator can list them and a local install can read verification codes without a mail server.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, OutboxTable } from './schema.ts';

export type OutboxRow = Selectable<OutboxTable>;
/** stored: kept here for the operator (no transport); sent: delivered to the transport; failed: transport error. */
export type OutboxStatus = 'stored' | 'sent' | 'failed';

export interface NewOutboxMessage {
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  status: OutboxStatus;
  created_at: number;
}

export function createOutbox(db: Kysely<Database>) {
  return Object.freeze({
    async insert(message: NewOutboxMessage): Promise<number> {
      const row = await db
        .insertInto('outbox')
        .values({ ...message, error: null, sent_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async markSent(id: number, body: string, now: number): Promise<void> {
      await db.updateTable('outbox').set({ status: 'sent', body, sent_at: now, error: null }).where('id', '=', id).execute();
    },
    async markFailed(id: number, error: string): Promise<void> {
      await db.updateTable('outbox').set({ status: 'failed', error }).where('id', '=', id).execute();
    },
    find: (id: number) => db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Newest first. */
    list: (limit: number) => db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute(),
    async count(): Promise<number> {
      const row = await db.selectFrom('outbox').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
}

export type Outbox = ReturnType<typeof createOutbox>;
