// Sessions: only the SHA-256 of each token is stored, so a leaked database does not leak live sessions.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SessionsTable } from './schema.ts';

export type SessionRow = Selectable<SessionsTable>;

export function createSessions(db: Kysely<Database>) {
  return Object.freeze({
    async insert(session: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(session).execute();
    },
    find: (tokenHash: string) =>
      db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst(),
    async extend(tokenHash: string, expiresAt: number): Promise<void> {
      await db.updateTable('sessions').set({ expires_at: expiresAt }).where('token_hash', '=', tokenHash).execute();
    },
    async revoke(tokenHash: string, now: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Revokes every session of a user not revoked yet; returns how many that was. */
    async revokeAllForUser(userId: number, now: number): Promise<number> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async countLive(userId: number, now: number): Promise<number> {
      const row = await db
        .selectFrom('sessions')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async count(): Promise<number> {
      const row = await db.selectFrom('sessions').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
}

export type Sessions = ReturnType<typeof createSessions>;
