// Sessions: only the SHA-256 of each token is stored, so a leaked database does not leak live sessions.
//
// Ending sessions is announced in this process (onSessionsEnding), so what holds a session open besides requests
// (the WebSocket hub's authenticated sockets) can stop at once: `ending` before the write runs, `settled` once it
// has run or failed. The signal names what may end (one token hash, or every session of a user id) but not the
// store, so a listener checks its own store before acting. Another process's revocations (the operator CLI working
// on the store) are not announced here: listeners find those by polling `states` (gateway/routes/ws-hub.ts).
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

/** What a revocation may end: one session (by token hash) or every session of a user. */
export type SessionsEnding = { readonly tokenHash: string } | { readonly userId: number };
export type SessionsEndingListener = (what: SessionsEnding, phase: 'ending' | 'settled') => void;

const endingListeners = new Set<SessionsEndingListener>();

/** Tells `listener` about every revocation this process makes, through any store; returns the unsubscribe. */
export function onSessionsEnding(listener: SessionsEndingListener): () => void {
  endingListeners.add(listener);
  return () => endingListeners.delete(listener);
}

function announce(what: SessionsEnding, phase: 'ending' | 'settled'): void {
  for (const listener of endingListeners) {
    try {
      listener(what, phase);
    } catch {
      // A listener's failure is its own; the revocation goes on.
    }
  }
}

/** Runs a revocation between its two announcements (settled also when the write failed: listeners re-check). */
async function announced<T>(what: SessionsEnding, write: () => Promise<T>): Promise<T> {
  announce(what, 'ending');
  try {
    return await write();
  } finally {
    announce(what, 'settled');
  }
}

/** The state of one session as its sign-in check sees it (user columns null when the user is gone). */
export interface SessionState {
  readonly tokenHash: string;
  readonly userId: number;
  readonly expiresAt: number;
  readonly revokedAt: number | null;
  /** Null when the user row no longer exists. */
  readonly frozen: number | null;
}

/** Token hashes per query of `states`: well under every driver's bound on parameters. */
const STATES_CHUNK = 500;

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
      await announced({ tokenHash }, () =>
        db.updateTable('sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute(),
      );
    },
    /** Revokes every session of a user not revoked yet; returns how many that was. */
    async revokeAllForUser(userId: number, now: number): Promise<number> {
      const result = await announced({ userId }, () =>
        db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst(),
      );
      return Number(result.numUpdatedRows);
    },
    /** Revokes every session of a user but one (the one asking, when the password changes or "sign out all others"). */
    async revokeAllForUserExcept(userId: number, keepTokenHash: string, now: number): Promise<number> {
      const result = await announced({ userId }, () =>
        db
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('user_id', '=', userId)
          .where('token_hash', '!=', keepTokenHash)
          .where('revoked_at', 'is', null)
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows);
    },
    /** The current state of each named session that exists (read fresh, a few hundred per query). */
    async states(tokenHashes: readonly string[]): Promise<SessionState[]> {
      const out: SessionState[] = [];
      for (let i = 0; i < tokenHashes.length; i += STATES_CHUNK) {
        const rows = await db
          .selectFrom('sessions')
          .leftJoin('users', 'users.id', 'sessions.user_id')
          .select(['sessions.token_hash', 'sessions.user_id', 'sessions.expires_at', 'sessions.revoked_at', 'users.frozen'])
          .where('sessions.token_hash', 'in', tokenHashes.slice(i, i + STATES_CHUNK))
          .execute();
        for (const r of rows) {
          out.push({
            tokenHash: r.token_hash,
            userId: Number(r.user_id),
            expiresAt: Number(r.expires_at),
            revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
            frozen: r.frozen === null ? null : Number(r.frozen),
          });
        }
      }
      return out;
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
