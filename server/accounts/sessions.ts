// Server-side sessions: a random token for the client, its SHA-256 in the store. Sessions expire, slide forward
// when used past half their life, and can be revoked one by one or all at once. The check every signed-in request
// makes reads the session and user rows from memory when it can: a change made in this process (sign-out,
// revocation, freezing, any write to sessions or users through any store) shows on the next request; one made by
// another process (the operator CLI as its own process) within AUTH_CACHE_MS (1 s, store/auth-revision.ts).
import type { LoginReply } from '../contract/api.ts';
import { fail } from '../errors.ts';
import type { Clock } from '../clock.ts';
import { AUTH_CACHE_MS, authRevision, sharedRead } from '../store/auth-revision.ts';
import type { Repositories } from '../store/index.ts';
import type { SessionWithUser } from '../store/sessions.ts';
import type { UserRow } from '../store/users.ts';
import { randomBytes } from 'node:crypto';
import { newSessionToken, sha256 } from './secrets.ts';

export interface Authenticated {
  user: UserRow;
  tokenHash: string;
}

/** Hashes of recently seen tickets: the same ticket comes with every request of a client (a pure memo, no trust). */
const hashes = new Map<string, string>();
const MAX_HASHES = 50_000;

function ticketHash(ticket: string): string {
  let hash = hashes.get(ticket);
  if (hash === undefined) {
    if (hashes.size >= MAX_HASHES) hashes.clear();
    hash = sha256(ticket);
    hashes.set(ticket, hash);
  }
  return hash;
}

/** What the devices list shows of a session (issue 21): recorded when it starts. */
export interface SessionDevice {
  readonly userAgent: string;
  readonly address: string;
  readonly method: 'password' | 'passkey';
}

/** A session's last use is written at most this often (the devices list's "last seen"). */
export const LAST_SEEN_EVERY_MS = 60_000;

interface Cached {
  readonly found: SessionWithUser | undefined;
  readonly revision: number;
  /** performance.now() when read: real time, whatever clock the service runs on. */
  readonly at: number;
}

export function createSessionService(store: Repositories, clock: Clock, ttlMs: number) {
  // The session and user rows by token hash, as last read: valid while nothing in this process wrote sessions, users
  // or settings since (authRevision) and for AUTH_CACHE_MS at most (changes by other processes). Expiry is still
  // checked against the clock on every request. Per service, so each store (and each test harness) has its own.
  const cache = new Map<string, Cached>();
  // Reads in flight by token hash, shared by a session's requests that find its entry expired together (sharedRead).
  const reading = new Map<string, { revision: number; value: Promise<SessionWithUser | undefined> }>();
  const read = async (tokenHash: string, revision: number, now: number): Promise<SessionWithUser | undefined> => {
    const found = await store.sessions.findWithUser(tokenHash);
    if (cache.size >= MAX_HASHES) cache.clear();
    // Kept only if no write touched these tables while reading (the revision moves on every such write).
    if (authRevision() === revision) cache.set(tokenHash, { found, revision, at: now });
    else cache.delete(tokenHash);
    return found;
  };
  const lookUp = (tokenHash: string): Promise<SessionWithUser | undefined> => {
    const revision = authRevision();
    const now = performance.now();
    const hit = cache.get(tokenHash);
    if (hit !== undefined && hit.revision === revision && now - hit.at < AUTH_CACHE_MS) return Promise.resolve(hit.found);
    return sharedRead(reading, tokenHash, () => read(tokenHash, revision, now));
  };

  // When each session's last use was last written (clock ms), so a busy session writes it once a minute at most.
  const seen = new Map<string, number>();
  const touch = async (tokenHash: string, now: number): Promise<void> => {
    const last = seen.get(tokenHash);
    if (last !== undefined && now - last < LAST_SEEN_EVERY_MS) return;
    if (seen.size >= MAX_HASHES) seen.clear();
    seen.set(tokenHash, now);
    await store.security.touchDevice(tokenHash, now, now - LAST_SEEN_EVERY_MS);
  };

  return Object.freeze({
    /**
     * Starts a session. With `device`, the devices list gets a row for it under a public id of its own (random, not
     * the token hash: the list and revoke name sessions by it, and the hash stays a secret of the store).
     */
    async issue(userId: number, device?: SessionDevice): Promise<LoginReply & { tokenHash: string }> {
      const now = clock();
      const token = newSessionToken();
      const tokenHash = sha256(token);
      const expiresAt = now + ttlMs;
      await store.sessions.insert({ token_hash: tokenHash, user_id: userId, created_at: now, expires_at: expiresAt, revoked_at: null });
      if (device) {
        await store.security.addDevice({
          token_hash: tokenHash,
          public_id: randomBytes(12).toString('base64url'),
          user_id: userId,
          user_agent: device.userAgent,
          address: device.address,
          method: device.method,
          created_at: now,
          last_seen_at: now,
        });
        seen.set(tokenHash, now);
      }
      return { token, expiresAt, tokenHash };
    },

    /** The user behind a ticket, or the catalogue error a protected call answers. */
    async authenticate(ticket: string | undefined): Promise<Authenticated> {
      if (!ticket) fail('login.user.not.login');
      const now = clock();
      const tokenHash = ticketHash(ticket);
      const found = await lookUp(tokenHash);
      const session = found?.session;
      if (!session || session.revoked_at !== null) fail('login.user.not.login');
      if (session.expires_at <= now) fail('login.session.expired');
      const user = found?.user;
      if (!user) fail('login.user.not.login');
      if (user.frozen) fail('account.frozen');
      // Renew only past half-life, so an active user stays signed in without a write on every request.
      if (session.expires_at - now < ttlMs / 2) await store.sessions.extend(tokenHash, now + ttlMs);
      await touch(tokenHash, now);
      return { user, tokenHash };
    },

    async revoke(ticket: string | undefined): Promise<void> {
      if (ticket) await store.sessions.revoke(sha256(ticket), clock());
    },

    revokeAll: (userId: number) => store.sessions.revokeAllForUser(userId, clock()),
  });
}

export type SessionService = ReturnType<typeof createSessionService>;
