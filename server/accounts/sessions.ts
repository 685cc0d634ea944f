// Server-side sessions: a random token for the client, its SHA-256 in the store. Sessions expire, slide forward
// when used past half their life, and can be revoked one by one or all at once.
import type { LoginReply } from '../contract/api.ts';
import { fail } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Repositories } from '../store/index.ts';
import type { UserRow } from '../store/users.ts';
import { newSessionToken, sha256 } from './secrets.ts';

export interface Authenticated {
  user: UserRow;
  tokenHash: string;
}

export function createSessionService(store: Repositories, clock: Clock, ttlMs: number) {
  return Object.freeze({
    async issue(userId: number): Promise<LoginReply> {
      const now = clock();
      const token = newSessionToken();
      const expiresAt = now + ttlMs;
      await store.sessions.insert({ token_hash: sha256(token), user_id: userId, created_at: now, expires_at: expiresAt, revoked_at: null });
      return { token, expiresAt };
    },

    /** The user behind a ticket, or the catalogue error a protected call answers. */
    async authenticate(ticket: string | undefined): Promise<Authenticated> {
      if (!ticket) fail('login.user.not.login');
      const now = clock();
      const tokenHash = sha256(ticket);
      const session = await store.sessions.find(tokenHash);
      if (!session || session.revoked_at !== null) fail('login.user.not.login');
      if (session.expires_at <= now) fail('login.session.expired');
      const user = await store.users.findById(session.user_id);
      if (!user) fail('login.user.not.login');
      if (user.frozen) fail('account.frozen');
      // Renew only past half-life, so an active user stays signed in without a write on every request.
      if (session.expires_at - now < ttlMs / 2) await store.sessions.extend(tokenHash, now + ttlMs);
      return { user, tokenHash };
    },

    async revoke(ticket: string | undefined): Promise<void> {
      if (ticket) await store.sessions.revoke(sha256(ticket), clock());
    },

    revokeAll: (userId: number) => store.sessions.revokeAllForUser(userId, clock()),
  });
}

export type SessionService = ReturnType<typeof createSessionService>;
