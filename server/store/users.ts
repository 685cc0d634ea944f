// Users: identity, credentials (hashes only) and the flags the app shows.
import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Channel } from '../contract/api.ts';
import type { Database, UsersTable } from './schema.ts';

export type UserRow = Selectable<UsersTable>;
export type NewUser = Omit<Insertable<UsersTable>, 'id'>;

export interface ReferralCounts {
  level1: number;
  level2: number;
}

export function createUsers(db: Kysely<Database>) {
  const byColumn = (column: 'email' | 'phone' | 'invite_code', value: string) =>
    db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirst();

  return Object.freeze({
    async insert(user: NewUser): Promise<number> {
      const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    findById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string) => byColumn('email', email),
    findByPhone: (phone: string) => byColumn('phone', phone),
    /** `account` must already be normalized (normalizeAccount). */
    findByAccount: (channel: Channel, account: string) => byColumn(channel === 'email' ? 'email' : 'phone', account),
    findByInviteCode: (code: string) => byColumn('invite_code', code),

    async setPassword(id: number, passwordHash: string, now: number): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
    },
    async setFundPassword(id: number, fundPasswordHash: string, now: number): Promise<void> {
      await db.updateTable('users').set({ fund_password_hash: fundPasswordHash, updated_at: now }).where('id', '=', id).execute();
    },
    /** Binds (or changes) the e-mail or phone; `account` normalized. A taken address violates the unique index. */
    async setAccount(id: number, channel: Channel, account: string, now: number): Promise<void> {
      const set = channel === 'email' ? { email: account, updated_at: now } : { phone: account, updated_at: now };
      await db.updateTable('users').set(set).where('id', '=', id).execute();
    },
    async setFrozen(id: number, frozen: boolean, now: number): Promise<void> {
      await db.updateTable('users').set({ frozen: frozen ? 1 : 0, updated_at: now }).where('id', '=', id).execute();
    },
    async setHasRecharge(id: number, now: number): Promise<void> {
      await db.updateTable('users').set({ has_recharge: 1, updated_at: now }).where('id', '=', id).execute();
    },
    async setRealNameStatus(id: number, status: string, now: number): Promise<void> {
      await db.updateTable('users').set({ real_name_status: status, updated_at: now }).where('id', '=', id).execute();
    },

    /** Level 1: users this user invited; level 2: users those invited. */
    async countReferrals(id: number): Promise<ReferralCounts> {
      const level1 = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('referrer_id', '=', id)
        .executeTakeFirstOrThrow();
      const level2 = await db
        .selectFrom('users as u2')
        .innerJoin('users as u1', 'u1.id', 'u2.referrer_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('u1.referrer_id', '=', id)
        .executeTakeFirstOrThrow();
      return { level1: Number(level1.n), level2: Number(level2.n) };
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
}

export type Users = ReturnType<typeof createUsers>;
