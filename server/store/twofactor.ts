// Issue 21: the store's side of TOTP secrets and passkeys (tables from migration 0022_twofactor, added to the
// Database view with withTables). Secrets arrive here encrypted; this file never sees one in clear. The replay rule
// is kept by the statements themselves: a time step is accepted only by an update that requires it to be later
// than the last one accepted, so two requests with one code can't both pass, on either dialect.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** What the security centre's overview and safety level read of a user's second factors. */
export interface TwoFactorSummary {
  readonly totpEnabled: boolean;
  readonly passkeys: number;
}

export interface UserTotpTable {
  user_id: number;
  /** The confirmed secret, encrypted; null while TOTP is off. */
  secret: string | null;
  /** The secret of the last setup, encrypted, until it is enabled or replaced. */
  pending_secret: string | null;
  pending_at: number | null;
  enabled_at: number | null;
  /** The last time step (Unix seconds / 30) a code was accepted for; codes of it or earlier are refused. */
  last_step: number | null;
  updated_at: number;
}

export interface PasskeysTable {
  credential_id: string;
  user_id: number;
  public_key: string;
  counter: number;
  /** JSON array of the authenticator's transports ("internal", "usb", "hybrid", ...). */
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export interface WebauthnChallengesTable {
  challenge: string;
  purpose: string;
  user_id: number | null;
  expires_at: number;
}

export interface TotpState {
  readonly secret: string | null;
  readonly pendingSecret: string | null;
  readonly pendingAt: number | null;
  readonly enabledAt: number | null;
  readonly lastStep: number | null;
}

export interface PasskeyRecord {
  readonly credentialId: string;
  readonly userId: number;
  readonly publicKey: string;
  readonly counter: number;
  readonly transports: string[];
  readonly name: string;
  readonly createdAt: number;
  readonly lastUsedAt: number | null;
}

export type ChallengePurpose = 'register' | 'login';

type Tables = { user_totp: UserTotpTable; passkeys: PasskeysTable; webauthn_challenges: WebauthnChallengesTable };

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function transportsOf(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

function toPasskey(row: PasskeysTable): PasskeyRecord {
  return {
    credentialId: row.credential_id,
    userId: num(row.user_id),
    publicKey: row.public_key,
    counter: num(row.counter),
    transports: transportsOf(row.transports),
    name: row.name,
    createdAt: num(row.created_at),
    lastUsedAt: numOrNull(row.last_used_at),
  };
}

export function createTwoFactorRepo(store: Kysely<Database>) {
  const db = store.withTables<Tables>();

  /** The update that accepts `step` for `user`: only when it is later than the last accepted one. */
  const laterStep = (step: number) =>
    db.updateTable('user_totp').where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]));

  return Object.freeze({
    async summary(user: number): Promise<TwoFactorSummary> {
      const totp = await db.selectFrom('user_totp').select('secret').where('user_id', '=', user).executeTakeFirst();
      const keys = await db.selectFrom('passkeys').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user).executeTakeFirstOrThrow();
      return { totpEnabled: (totp?.secret ?? null) !== null, passkeys: num(keys.n) };
    },

    async totp(user: number): Promise<TotpState | null> {
      const row = await db.selectFrom('user_totp').selectAll().where('user_id', '=', user).executeTakeFirst();
      if (!row) return null;
      return {
        secret: row.secret,
        pendingSecret: row.pending_secret,
        pendingAt: numOrNull(row.pending_at),
        enabledAt: numOrNull(row.enabled_at),
        lastStep: numOrNull(row.last_step),
      };
    },

    /** Keeps `secret` (encrypted) as the pending one, replacing any older pending secret; TOTP stays as it is. */
    async setPending(user: number, secret: string, now: number): Promise<void> {
      await db
        .insertInto('user_totp')
        .values({ user_id: user, secret: null, pending_secret: secret, pending_at: now, enabled_at: null, last_step: null, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret, pending_at: now, updated_at: now }))
        .execute();
    },

    /**
     * Turns TOTP on with the pending secret `pending` (as read) at time step `step`. False when the pending secret
     * changed meanwhile, TOTP is on already, or the step is not later than the last accepted one.
     */
    async enable(user: number, pending: string, step: number, now: number): Promise<boolean> {
      const r = await laterStep(step)
        .set({ secret: pending, pending_secret: null, pending_at: null, enabled_at: now, last_step: step, updated_at: now })
        .where('user_id', '=', user)
        .where('pending_secret', '=', pending)
        .where('secret', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Accepts a code of time step `step` while TOTP is on with `secret`: false when the step was used (or TOTP changed). */
    async acceptStep(user: number, secret: string, step: number, now: number): Promise<boolean> {
      const r = await laterStep(step).set({ last_step: step, updated_at: now }).where('user_id', '=', user).where('secret', '=', secret).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Turns TOTP off after a code of `step` for `secret`: false when the step was used (or TOTP changed meanwhile). */
    async disable(user: number, secret: string, step: number, now: number): Promise<boolean> {
      const r = await laterStep(step)
        .set({ secret: null, pending_secret: null, pending_at: null, enabled_at: null, last_step: step, updated_at: now })
        .where('user_id', '=', user)
        .where('secret', '=', secret)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The operator's reset: TOTP off, the pending secret dropped, the last step kept. False when it was off. */
    async reset(user: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('user_totp')
        .set({ secret: null, pending_secret: null, pending_at: null, enabled_at: null, updated_at: now })
        .where('user_id', '=', user)
        .where('secret', 'is not', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** The user's passkeys, oldest first. */
    async passkeys(user: number): Promise<PasskeyRecord[]> {
      const rows = await db.selectFrom('passkeys').selectAll().where('user_id', '=', user).orderBy('created_at').orderBy('credential_id').execute();
      return rows.map(toPasskey);
    },

    async passkey(credentialId: string): Promise<PasskeyRecord | null> {
      const row = await db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
      return row ? toPasskey(row) : null;
    },

    async addPasskey(p: Omit<PasskeyRecord, 'lastUsedAt'>): Promise<void> {
      await db
        .insertInto('passkeys')
        .values({
          credential_id: p.credentialId, user_id: p.userId, public_key: p.publicKey, counter: p.counter,
          transports: JSON.stringify(p.transports), name: p.name, created_at: p.createdAt, last_used_at: null,
        })
        .execute();
    },

    /** Removes one of `user`'s passkeys: false when `user` has none with that id (whoever else might). */
    async removePasskey(user: number, credentialId: string): Promise<boolean> {
      const r = await db.deleteFrom('passkeys').where('user_id', '=', user).where('credential_id', '=', credentialId).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** A sign-in with the passkey: the new counter, if the counter is still the one read (`was`); false otherwise. */
    async usePasskey(credentialId: string, was: number, counter: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: now })
        .where('credential_id', '=', credentialId)
        .where('counter', '=', was)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Keeps a challenge until `expiresAt`; the expired ones go at the same time. */
    async putChallenge(challenge: string, purpose: ChallengePurpose, user: number | null, expiresAt: number, now: number): Promise<void> {
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
      await db.insertInto('webauthn_challenges').values({ challenge, purpose, user_id: user, expires_at: expiresAt }).execute();
    },

    /** Uses a challenge up: true once, when it exists for this purpose (and user) and has not expired. */
    async takeChallenge(challenge: string, purpose: ChallengePurpose, user: number | null, now: number): Promise<boolean> {
      let q = db.deleteFrom('webauthn_challenges').where('challenge', '=', challenge).where('purpose', '=', purpose).where('expires_at', '>', now);
      q = user === null ? q.where('user_id', 'is', null) : q.where('user_id', '=', user);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  });
}

export type TwoFactorRepo = ReturnType<typeof createTwoFactorRepo>;
