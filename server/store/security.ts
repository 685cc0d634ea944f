// Issue 21: the store's side of the security centre (tables from migration 0021_security, added to the Database
// view with withTables): per-user security settings (anti-phishing code, password change time, withdrawal lock),
// the devices behind sessions (public id, User-Agent, address, method, last use) and the login history.
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { Database } from './schema.ts';

export interface UserSecurityTable {
  user_id: number;
  anti_phishing_code: string | null;
  password_changed_at: number | null;
  withdrawal_locked_until: number | null;
  updated_at: number;
}

export interface SessionDevicesTable {
  token_hash: string;
  public_id: string;
  user_id: number;
  user_agent: string;
  address: string;
  method: string;
  created_at: number;
  last_seen_at: number;
}

export interface LoginHistoryTable {
  id: Generated<number>;
  user_id: number;
  at: number;
  address: string;
  user_agent: string;
  method: string;
  result: string;
}

export type UserSecurityRow = Selectable<UserSecurityTable>;
export type LoginHistoryRow = Selectable<LoginHistoryTable>;

/** A session of the devices list: the device row with its session's state. */
export interface DeviceSessionRow {
  readonly tokenHash: string;
  readonly publicId: string;
  readonly userAgent: string;
  readonly address: string;
  readonly method: string;
  readonly createdAt: number;
  readonly lastSeenAt: number;
}

/** Login history rows kept per user (the oldest go first) and the longest any row is kept. */
export const LOGIN_HISTORY_KEEP = 500;
export const LOGIN_HISTORY_MAX_AGE_MS = 180 * 24 * 3_600_000;
/** Devices of ended sessions are remembered this long (the new-device e-mail knows them), then forgotten. */
export const DEVICE_KEEP_MS = 180 * 24 * 3_600_000;

type Tables = { user_security: UserSecurityTable; session_devices: SessionDevicesTable; login_history: LoginHistoryTable };

export function createSecurityRepo(store: Kysely<Database>) {
  const db = store.withTables<Tables>();

  /** Sets some columns of a user's row, creating it when missing. */
  async function upsert(user: number, now: number, values: Partial<Omit<UserSecurityTable, 'user_id' | 'updated_at'>>): Promise<void> {
    await db
      .insertInto('user_security')
      .values({ user_id: user, anti_phishing_code: null, password_changed_at: null, withdrawal_locked_until: null, ...values, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: now }))
      .execute();
  }

  return Object.freeze({
    async get(user: number): Promise<UserSecurityRow | undefined> {
      return db.selectFrom('user_security').selectAll().where('user_id', '=', user).executeTakeFirst();
    },
    setAntiPhishing: (user: number, code: string, now: number) => upsert(user, now, { anti_phishing_code: code }),
    setPasswordChanged: (user: number, now: number) => upsert(user, now, { password_changed_at: now }),

    /** Locks withdrawals until `until` (never shortens a lock already longer). */
    async lockWithdrawals(user: number, until: number, now: number): Promise<void> {
      await db
        .insertInto('user_security')
        .values({ user_id: user, anti_phishing_code: null, password_changed_at: null, withdrawal_locked_until: until, updated_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            withdrawal_locked_until: sql<number>`case when user_security.withdrawal_locked_until > ${until} then user_security.withdrawal_locked_until else ${until} end`,
            updated_at: now,
          }),
        )
        .execute();
    },

    /** The anti-phishing code of the user with this e-mail or phone (the notifier's look-up), or null. */
    async antiPhishingFor(channel: 'email' | 'phone', to: string): Promise<{ userId: number; code: string } | null> {
      const row = await db
        .selectFrom('users')
        .innerJoin('user_security', 'user_security.user_id', 'users.id')
        .select(['users.id', 'user_security.anti_phishing_code'])
        .where(channel === 'email' ? 'users.email' : 'users.phone', '=', to)
        .executeTakeFirst();
      return row?.anti_phishing_code ? { userId: Number(row.id), code: row.anti_phishing_code } : null;
    },

    // Devices behind sessions.
    /** Records a new session's device; forgets the user's devices of ended sessions older than DEVICE_KEEP_MS. */
    async addDevice(row: Selectable<SessionDevicesTable>): Promise<void> {
      await db.insertInto('session_devices').values(row).execute();
      const live = db
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', row.user_id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', row.created_at);
      await db
        .deleteFrom('session_devices')
        .where('user_id', '=', row.user_id)
        .where('created_at', '<', row.created_at - DEVICE_KEEP_MS)
        .where('token_hash', 'not in', live)
        .execute();
    },
    /** Records a use of the session, if the last one recorded is older than `staleBefore`. */
    async touchDevice(tokenHash: string, now: number, staleBefore: number): Promise<void> {
      await db.updateTable('session_devices').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).where('last_seen_at', '<', staleBefore).execute();
    },
    /** The user's live sessions (not revoked, not expired) with their devices, newest first. */
    async liveDevices(user: number, now: number): Promise<DeviceSessionRow[]> {
      const rows = await db
        .selectFrom('session_devices as d')
        .innerJoin('sessions as s', 's.token_hash', 'd.token_hash')
        .select(['d.token_hash', 'd.public_id', 'd.user_agent', 'd.address', 'd.method', 'd.created_at', 'd.last_seen_at'])
        .where('d.user_id', '=', user)
        .where('s.user_id', '=', user)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .orderBy('d.created_at', 'desc')
        .execute();
      return rows.map((r) => ({
        tokenHash: r.token_hash,
        publicId: r.public_id,
        userAgent: r.user_agent,
        address: r.address,
        method: r.method,
        createdAt: Number(r.created_at),
        lastSeenAt: Number(r.last_seen_at),
      }));
    },
    /** Whether the user has signed in before from a device with this User-Agent (for the new-device e-mail). */
    async knownDevice(user: number, userAgent: string): Promise<{ any: boolean; same: boolean }> {
      const any = await db.selectFrom('session_devices').select('token_hash').where('user_id', '=', user).limit(1).executeTakeFirst();
      if (any === undefined) return { any: false, same: false };
      const same = await db.selectFrom('session_devices').select('token_hash').where('user_id', '=', user).where('user_agent', '=', userAgent).limit(1).executeTakeFirst();
      return { any: true, same: same !== undefined };
    },

    // Login history.
    async recordLogin(row: Omit<LoginHistoryRow, 'id'>): Promise<void> {
      await db.insertInto('login_history').values(row).execute();
      // Bounded per user: the newest LOGIN_HISTORY_KEEP rows, none older than LOGIN_HISTORY_MAX_AGE_MS.
      const cutoff = await db
        .selectFrom('login_history')
        .select('id')
        .where('user_id', '=', row.user_id)
        .orderBy('id', 'desc')
        .offset(LOGIN_HISTORY_KEEP)
        .limit(1)
        .executeTakeFirst();
      let purge = db.deleteFrom('login_history').where('user_id', '=', row.user_id);
      purge = cutoff ? purge.where((eb) => eb.or([eb('id', '<=', cutoff.id), eb('at', '<', row.at - LOGIN_HISTORY_MAX_AGE_MS)])) : purge.where('at', '<', row.at - LOGIN_HISTORY_MAX_AGE_MS);
      await purge.execute();
    },
    /** One page of the user's login history, newest first, and the total. */
    async loginHistory(user: number, page: number, pageSize: number): Promise<{ rows: LoginHistoryRow[]; total: number }> {
      const rows = await db
        .selectFrom('login_history')
        .selectAll()
        .where('user_id', '=', user)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const total = await db
        .selectFrom('login_history')
        .select(sql<number>`count(*)`.as('n'))
        .where('user_id', '=', user)
        .executeTakeFirstOrThrow();
      return { rows: rows.map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id), at: Number(r.at) })), total: Number(total.n) };
    },
  });
}

export type SecurityRepo = ReturnType<typeof createSecurityRepo>;
