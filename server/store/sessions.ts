// Sessions: only the SHA-256 of each token is stored, so a leaked database does not leak live sessions.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SessionsTable } from './schema.ts';
import { rawSqlite } from './sqlite.ts';
import type { UserRow } from './users.ts';

export type SessionRow = Selectable<SessionsTable>;

export interface SessionWithUser {
  session: SessionRow;
  /** Undefined when the session names a user that no longer exists. */
  user: UserRow | undefined;
}

type Lookup = (tokenHash: string) => SessionWithUser | undefined;
/** Per SQLite connection: the session look-up of every signed-in request as two prepared statements. */
const lookups = new WeakMap<object, Lookup>();

function sqliteLookup(db: Kysely<Database>): Lookup | undefined {
  const raw = rawSqlite(db);
  if (raw === undefined) return undefined;
  let lookup = lookups.get(raw);
  if (lookup === undefined) {
    const session = raw.prepare('select * from "sessions" where "token_hash" = ?');
    const user = raw.prepare('select * from "users" where "id" = ?');
    lookup = (tokenHash) => {
      const s = session.get(tokenHash) as SessionRow | undefined;
      return s === undefined ? undefined : { session: s, user: user.get(s.user_id) as UserRow | undefined };
    };
    lookups.set(raw, lookup);
  }
  return lookup;
}

export function createSessions(db: Kysely<Database>) {
  return Object.freeze({
    /** A session and its user, the same rows `find` and `users.findById` answer. */
    async findWithUser(tokenHash: string): Promise<SessionWithUser | undefined> {
      const fast = sqliteLookup(db);
      if (fast !== undefined) return fast(tokenHash);
      const session = await db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
      if (session === undefined) return undefined;
      return { session, user: await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst() };
    },
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
