// Issue 25: the console's store (tables of migration 0032, ops-tables.ts): operators, their console sessions and the
// four-eyes approvals, plus the reads of the console's user screens that no other repository has (a search over
// users, a user's sessions with their devices). Both dialects; bigint columns come back as text from PostgreSQL's
// driver, hence the Number() on every read.
//
// Writes that must be atomic are single conditional statements: a TOTP step is accepted only if it is later than
// the last one (two sign-ins racing with one code: one wins), a failed sign-in counts and locks in one update, an
// approval is decided only while pending (a repeated or racing decision changes nothing).
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database } from './schema.ts';
import type { OpsTables } from './ops-tables.ts';
import type { SessionDevicesTable } from './security.ts';

export interface OperatorRow {
  readonly id: number;
  readonly name: string;
  readonly passwordHash: string;
  /** Sealed (AES-GCM, ops/totp.ts), never the secret itself. */
  readonly totpSecret: string;
  readonly totpStep: number;
  readonly role: string;
  readonly disabled: boolean;
  readonly failedLogins: number;
  readonly lockedUntil: number;
  readonly createdAt: number;
  readonly createdBy: string;
  readonly lastLoginAt: number | null;
}

export interface OpsSessionWithOperator {
  readonly id: number;
  readonly tokenHash: string;
  readonly expiresAt: number;
  readonly lastSeenAt: number;
  readonly operator: OperatorRow;
}

export interface ApprovalRow {
  readonly id: number;
  readonly command: string;
  /** The command's arguments as JSON text. */
  readonly args: string;
  readonly reason: string;
  readonly summary: string;
  readonly requestedBy: string;
  readonly requestedAt: number;
  readonly status: string;
  readonly decidedBy: string | null;
  readonly decidedAt: number | null;
  readonly decisionReason: string | null;
  readonly requestId: string;
  readonly outcome: string | null;
}

export interface UserSearchRow {
  readonly id: number;
  readonly email: string | null;
  readonly phone: string | null;
  readonly nickname: string;
  readonly inviteCode: string;
  readonly realNameStatus: string;
  readonly frozen: boolean;
  readonly createdAt: number;
}

export interface UserSessionRow {
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly lastSeenAt: number | null;
  readonly address: string | null;
  readonly userAgent: string | null;
}

const num = (v: unknown): number => Number(v);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type OperatorSelect = Selectable<OpsTables['operators']>;
const toOperator = (r: OperatorSelect): OperatorRow => ({
  id: num(r.id), name: r.name, passwordHash: r.password_hash, totpSecret: r.totp_secret, totpStep: num(r.totp_step), role: r.role,
  disabled: num(r.disabled) !== 0, failedLogins: num(r.failed_logins), lockedUntil: num(r.locked_until), createdAt: num(r.created_at),
  createdBy: r.created_by, lastLoginAt: numOrNull(r.last_login_at),
});

type ApprovalSelect = Selectable<OpsTables['ops_approvals']>;
const toApproval = (r: ApprovalSelect): ApprovalRow => ({
  id: num(r.id), command: r.command, args: r.args, reason: r.reason, summary: r.summary, requestedBy: r.requested_by, requestedAt: num(r.requested_at),
  status: r.status, decidedBy: r.decided_by, decidedAt: numOrNull(r.decided_at), decisionReason: r.decision_reason, requestId: r.request_id, outcome: r.outcome,
});

/** `%`, `_` and the escape character itself, escaped for a LIKE pattern with ESCAPE '\'. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createOpsRepo(store: Kysely<Database>) {
  const db = store.withTables<{ session_devices: SessionDevicesTable }>();
  const operators = () => db.selectFrom('operators').selectAll();
  const approvals = () => db.selectFrom('ops_approvals').selectAll();

  return Object.freeze({
    // ---- operators ----
    async insertOperator(o: { name: string; passwordHash: string; totpSecret: string; role: string; createdAt: number; createdBy: string }): Promise<number> {
      const row = await db
        .insertInto('operators')
        .values({
          name: o.name, password_hash: o.passwordHash, totp_secret: o.totpSecret, totp_step: 0, role: o.role, disabled: 0, failed_logins: 0,
          locked_until: 0, created_at: o.createdAt, created_by: o.createdBy, last_login_at: null,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      return num(row.id);
    },
    async operatorByName(name: string): Promise<OperatorRow | undefined> {
      const r = await operators().where('name', '=', name).executeTakeFirst();
      return r === undefined ? undefined : toOperator(r);
    },
    async operatorById(id: number): Promise<OperatorRow | undefined> {
      const r = await operators().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : toOperator(r);
    },
    async listOperators(): Promise<OperatorRow[]> {
      return (await operators().orderBy('name').execute()).map(toOperator);
    },
    async setRole(name: string, role: string): Promise<boolean> {
      const r = await db.updateTable('operators').set({ role }).where('name', '=', name).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Disabling also clears the failure count and lock, so enabling starts afresh. */
    async setDisabled(name: string, disabled: boolean): Promise<boolean> {
      const r = await db.updateTable('operators').set({ disabled: disabled ? 1 : 0, failed_logins: 0, locked_until: 0 }).where('name', '=', name).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** New password and TOTP secret (the step starts over), no failures, no lock. */
    async resetCredentials(name: string, passwordHash: string, totpSecret: string): Promise<boolean> {
      const r = await db
        .updateTable('operators')
        .set({ password_hash: passwordHash, totp_secret: totpSecret, totp_step: 0, failed_logins: 0, locked_until: 0 })
        .where('name', '=', name)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /**
     * A successful sign-in: uses the TOTP step up (only if later than the last accepted one, and only for the secret
     * that was checked), clears failures. False: the step was used meanwhile (or the secret changed): refuse.
     */
    async acceptLogin(id: number, totpSecret: string, step: number, now: number): Promise<boolean> {
      const r = await db
        .updateTable('operators')
        .set({ totp_step: step, failed_logins: 0, locked_until: 0, last_login_at: now })
        .where('id', '=', id)
        .where('totp_secret', '=', totpSecret)
        .where('totp_step', '<', step)
        .where('disabled', '=', 0)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** Counts a failed sign-in; the `max`-th in a row locks the account until now + lockMs. Returns the row after. */
    async recordFailure(id: number, now: number, max: number, lockMs: number): Promise<OperatorRow | undefined> {
      await db
        .updateTable('operators')
        .set({
          failed_logins: sql`failed_logins + 1`,
          locked_until: sql`case when failed_logins + 1 >= ${max} then ${now + lockMs} else locked_until end`,
        } as never)
        .where('id', '=', id)
        .execute();
      const r = await operators().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : toOperator(r);
    },
    /** A lock that has run out starts the count over (a locked operator gets `max` fresh tries afterwards). */
    async clearExpiredLock(id: number, now: number): Promise<void> {
      await db.updateTable('operators').set({ failed_logins: 0, locked_until: 0 }).where('id', '=', id).where('locked_until', '>', 0).where('locked_until', '<=', now).execute();
    },

    // ---- console sessions ----
    async insertSession(s: { tokenHash: string; operatorId: number; createdAt: number; expiresAt: number; ip: string | null }): Promise<void> {
      await db
        .insertInto('ops_sessions')
        .values({ token_hash: s.tokenHash, operator_id: s.operatorId, created_at: s.createdAt, expires_at: s.expiresAt, last_seen_at: s.createdAt, revoked_at: null, ip: s.ip } as never)
        .execute();
    },
    /** A live session (not revoked, not expired) with its operator; the operator may be disabled (the caller refuses). */
    async liveSession(tokenHash: string, now: number): Promise<OpsSessionWithOperator | undefined> {
      const s = await db
        .selectFrom('ops_sessions')
        .select(['id', 'token_hash', 'operator_id', 'expires_at', 'last_seen_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (s === undefined) return undefined;
      const o = await operators().where('id', '=', s.operator_id).executeTakeFirst();
      if (o === undefined) return undefined;
      return { id: num(s.id), tokenHash: s.token_hash, expiresAt: num(s.expires_at), lastSeenAt: num(s.last_seen_at), operator: toOperator(o) };
    },
    async touchSession(id: number, now: number): Promise<void> {
      await db.updateTable('ops_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
    },
    async revokeSession(tokenHash: string, now: number): Promise<void> {
      await db.updateTable('ops_sessions').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).execute();
    },
    /** Ends every live session of an operator; returns how many. */
    async revokeSessions(operatorId: number, now: number): Promise<number> {
      const r = await db.updateTable('ops_sessions').set({ revoked_at: now }).where('operator_id', '=', operatorId).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    async liveSessionCount(operatorId: number, now: number): Promise<number> {
      const r = await db
        .selectFrom('ops_sessions')
        .select(sql<number>`count(*)`.as('n'))
        .where('operator_id', '=', operatorId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return num(r.n);
    },

    // ---- four-eyes approvals ----
    /** A pending approval; `created` false when one with this request id exists (returned as it stands). */
    async insertApproval(a: { command: string; args: string; reason: string; summary: string; requestedBy: string; requestedAt: number; requestId: string }): Promise<{ created: boolean; row: ApprovalRow }> {
      const r = await db
        .insertInto('ops_approvals')
        .values({
          command: a.command, args: a.args, reason: a.reason, summary: a.summary, requested_by: a.requestedBy, requested_at: a.requestedAt, status: 'pending',
          decided_by: null, decided_at: null, decision_reason: null, request_id: a.requestId, outcome: null,
        } as never)
        .onConflict((oc) => oc.column('request_id').doNothing())
        .executeTakeFirst();
      const row = await approvals().where('request_id', '=', a.requestId).executeTakeFirst();
      if (row === undefined) throw new Error(`approval ${a.requestId} vanished`);
      return { created: Number(r.numInsertedOrUpdatedRows ?? 0n) > 0, row: toApproval(row) };
    },
    async approval(id: number): Promise<ApprovalRow | undefined> {
      const r = await approvals().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : toApproval(r);
    },
    async approvalByRequestId(requestId: string): Promise<ApprovalRow | undefined> {
      const r = await approvals().where('request_id', '=', requestId).executeTakeFirst();
      return r === undefined ? undefined : toApproval(r);
    },
    /** Newest first. */
    async approvals(status: string | null, limit: number): Promise<ApprovalRow[]> {
      let q = approvals();
      if (status !== null) q = q.where('status', '=', status);
      return (await q.orderBy('id', 'desc').limit(limit).execute()).map(toApproval);
    },
    /** Decides a pending approval (approved or rejected); false when it was not pending any more. */
    async decide(id: number, status: 'approved' | 'rejected', by: string, reason: string, now: number): Promise<boolean> {
      const r = await db
        .updateTable('ops_approvals')
        .set({ status, decided_by: by, decided_at: now, decision_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** What running an approved request came to: its answer (status stays approved) or its failure (status failed). */
    async settle(id: number, ok: boolean, outcome: string): Promise<void> {
      await db.updateTable('ops_approvals').set({ status: ok ? 'approved' : 'failed', outcome }).where('id', '=', id).where('status', '=', 'approved').execute();
    },

    // ---- the console's user screens ----
    /** Users by id (exact), or e-mail, phone, nickname or invite code containing `q`; newest first. */
    async searchUsers(q: string, offset: number, limit: number): Promise<{ rows: UserSearchRow[]; total: number }> {
      const text = q.trim();
      const pattern = `%${likeEscape(text.toLowerCase())}%`;
      const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
      const match = sql<boolean>`(${id === null ? sql`false` : sql`id = ${id}`}
        or lower(coalesce(email, '')) like ${pattern} escape '\\'
        or coalesce(phone, '') like ${pattern} escape '\\'
        or lower(nickname) like ${pattern} escape '\\'
        or lower(invite_code) like ${pattern} escape '\\')`;
      const filtered = <O>(base: SelectQueryBuilder<Database, 'users', O>) => (text === '' ? base : base.where(match));
      const rows = await filtered(store.selectFrom('users'))
        .select(['id', 'email', 'phone', 'nickname', 'invite_code', 'real_name_status', 'frozen', 'created_at'])
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const total = await filtered(store.selectFrom('users')).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return {
        rows: rows.map((r) => ({
          id: num(r.id), email: r.email, phone: r.phone, nickname: r.nickname, inviteCode: r.invite_code, realNameStatus: r.real_name_status,
          frozen: num(r.frozen) !== 0, createdAt: num(r.created_at),
        })),
        total: num(total.n),
      };
    },
    /** A user's live sessions with their devices (where recorded), newest first. */
    async userSessions(user: number, now: number, limit: number): Promise<UserSessionRow[]> {
      const rows = await db
        .selectFrom('sessions as s')
        .leftJoin('session_devices as d', 'd.token_hash', 's.token_hash')
        .select(['s.created_at', 's.expires_at', 'd.last_seen_at', 'd.address', 'd.user_agent'])
        .where('s.user_id', '=', user)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .orderBy('s.created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        createdAt: num(r.created_at), expiresAt: num(r.expires_at), lastSeenAt: numOrNull(r.last_seen_at), address: r.address ?? null, userAgent: r.user_agent ?? null,
      }));
    },
    /** The user's last successful sign-in (login history), or null. */
    async lastLogin(user: number): Promise<number | null> {
      const r = await db
        .withTables<{ login_history: { user_id: number; at: number; result: string } }>()
        .selectFrom('login_history')
        .select((eb) => eb.fn.max('at').as('at'))
        .where('user_id', '=', user)
        .where('result', '=', 'success')
        .executeTakeFirst();
      return numOrNull(r?.at ?? null);
    },
  });
}

export type OpsRepo = ReturnType<typeof createOpsRepo>;
