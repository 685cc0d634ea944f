// Issue 21: the store's side of invitations: who invited whom (users.referrer_id, two levels), the operator's
// commission rates, the daily commission runs, and the reads of the payments (the spot desk's journal entries of
// reason invite.commission and the inviters' invite_commission asset records). Tables: migration 0023_invite.
import { sql, type Generated, type Kysely } from 'kysely';
import { money, toAmount } from './money.ts';
import type { Database } from './schema.ts';

export interface InviteRatesTable {
  id: Generated<number>;
  level1_ppm: number;
  level2_ppm: number;
  effective_at: number;
  operator: string;
  reason: string;
  created_at: number;
}

export interface InviteRunsTable {
  day: number;
  state: string;
  level1_ppm: number;
  level2_ppm: number;
  payments: number;
  waiting: number;
  totals: string;
  started_at: number;
  finished_at: number | null;
}

/** Rates in parts per million of the fee (200000 = 20%). */
export interface InviteRates {
  readonly level1Ppm: number;
  readonly level2Ppm: number;
  /** Unix ms from which they apply; 0 for the built-in default. */
  readonly effectiveAt: number;
}

export interface RateChange extends InviteRates {
  readonly id: number;
  readonly operator: string;
  readonly reason: string;
  readonly createdAt: number;
}

export type RunState = 'started' | 'done';

export interface InviteRun {
  /** The UTC day's first instant, Unix ms. */
  readonly day: number;
  readonly state: RunState;
  readonly level1Ppm: number;
  readonly level2Ppm: number;
  /** Payments the day has (journalled, or refused until the fee income has the asset). */
  readonly payments: number;
  /** Of those, how many wait for the fee income. */
  readonly waiting: number;
  /** JSON: [{ level, asset, amount }] with amounts as minor-unit integer text. */
  readonly totals: string;
  readonly startedAt: number;
  readonly finishedAt: number | null;
}

/** The journal's fee lines of an invitee, with who gets a share (level 1 always, level 2 when there is one). */
export interface InviteeFee {
  readonly id: number;
  readonly user: number;
  readonly level1: number;
  readonly level2: number | null;
  readonly asset: string;
  readonly type: string;
  /** The record's amount: negative = paid, positive = given back (a refunded seconds fee). */
  readonly amount: bigint;
  readonly time: number;
}

/** One commission payment as journalled (the spot desk's entry). */
export interface CommissionPayment {
  readonly seq: number;
  readonly ref: string;
  readonly user: number;
  readonly asset: string;
  readonly amount: bigint;
  readonly time: number;
}

export interface Referral {
  readonly email: string | null;
  readonly phone: string | null;
  readonly createdAt: number;
}

/** The journal reason of a commission payment (the migration's partial index names it too). */
export const COMMISSION_REASON = 'invite.commission';
/** Fee record types a commission is a share of (spot, perpetual open/close, seconds); funding and liquidation are not. */
export const COMMISSION_FEE_TYPES = ['fee', 'open_long_fee', 'open_short_fee', 'close_long_fee', 'close_short_fee', 'seconds_fee'] as const;

const PAGE = 5000;

function toRun(r: InviteRunsTable): InviteRun {
  if (r.state !== 'started' && r.state !== 'done') throw new Error(`invite_runs ${r.day} has an unknown state "${r.state}"`);
  return {
    day: Number(r.day), state: r.state, level1Ppm: Number(r.level1_ppm), level2Ppm: Number(r.level2_ppm), payments: Number(r.payments),
    waiting: Number(r.waiting), totals: r.totals, startedAt: Number(r.started_at), finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  };
}

export function createInvitesRepo(store: Kysely<Database>) {
  const db = store.withTables<{ invite_rates: InviteRatesTable; invite_runs: InviteRunsTable }>();

  const referrals = (user: number, level: 1 | 2) =>
    level === 1
      ? db.selectFrom('users as u').where('u.referrer_id', '=', user)
      : db.selectFrom('users as u').innerJoin('users as p', 'p.id', 'u.referrer_id').where('p.referrer_id', '=', user);

  return Object.freeze({
    /** The rates in force at `at`: the latest change effective at or before it, or null (none set yet). */
    async ratesAt(at: number): Promise<InviteRates | null> {
      const row = await db
        .selectFrom('invite_rates')
        .select(['level1_ppm', 'level2_ppm', 'effective_at'])
        .where('effective_at', '<=', at)
        .orderBy('effective_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? null : { level1Ppm: Number(row.level1_ppm), level2Ppm: Number(row.level2_ppm), effectiveAt: Number(row.effective_at) };
    },

    async setRates(change: Omit<RateChange, 'id'>): Promise<number> {
      const row = await db
        .insertInto('invite_rates')
        .values({
          level1_ppm: change.level1Ppm, level2_ppm: change.level2Ppm, effective_at: change.effectiveAt,
          operator: change.operator, reason: change.reason, created_at: change.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The latest rate changes, newest first. */
    async rateHistory(limit: number): Promise<RateChange[]> {
      const rows = await db.selectFrom('invite_rates').selectAll().orderBy('effective_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map((r) => ({
        id: Number(r.id), level1Ppm: Number(r.level1_ppm), level2Ppm: Number(r.level2_ppm), effectiveAt: Number(r.effective_at),
        operator: r.operator, reason: r.reason, createdAt: Number(r.created_at),
      }));
    },

    async runs(): Promise<InviteRun[]> {
      return (await db.selectFrom('invite_runs').selectAll().orderBy('day').execute()).map(toRun);
    },

    async run(day: number): Promise<InviteRun | undefined> {
      const row = await db.selectFrom('invite_runs').selectAll().where('day', '=', day).executeTakeFirst();
      return row === undefined ? undefined : toRun(row);
    },

    /** Opens a day's run with the rates it pays at; a day already opened keeps its row (and its rates). */
    async startRun(day: number, rates: InviteRates, now: number): Promise<InviteRun> {
      await db
        .insertInto('invite_runs')
        .values({ day, state: 'started', level1_ppm: rates.level1Ppm, level2_ppm: rates.level2Ppm, payments: 0, waiting: 0, totals: '[]', started_at: now, finished_at: null })
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
      const row = await db.selectFrom('invite_runs').selectAll().where('day', '=', day).executeTakeFirstOrThrow();
      return toRun(row);
    },

    /** Records a pass over a day: done when nothing waits, else still started (retried by the next run). */
    async recordRun(day: number, figures: { payments: number; waiting: number; totals: string }, now: number): Promise<void> {
      const done = figures.waiting === 0;
      await db
        .updateTable('invite_runs')
        .set({ state: done ? 'done' : 'started', payments: figures.payments, waiting: figures.waiting, totals: figures.totals, finished_at: done ? now : null })
        .where('day', '=', day)
        .where('state', '=', 'started')
        .execute();
    },

    /** When the first invitee signed up (no invitee fee can be older), or null when nobody was invited yet. */
    async firstInviteeSignup(): Promise<number | null> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.min('created_at').as('first'))
        .where('referrer_id', 'is not', null)
        .executeTakeFirst();
      return row?.first === null || row?.first === undefined ? null : Number(row.first);
    },

    /** Every fee record of an invitee with time in [from, to), with the invitee's inviter and the inviter's inviter. */
    async inviteeFees(from: number, to: number): Promise<InviteeFee[]> {
      const out: InviteeFee[] = [];
      for (let after = 0; ; ) {
        const rows = await db
          .selectFrom('asset_records as r')
          .innerJoin('users as u', 'u.id', 'r.user_id')
          .leftJoin('users as p', 'p.id', 'u.referrer_id')
          .select(['r.id', 'r.user_id', 'u.referrer_id', 'p.referrer_id as level2', 'r.asset', 'r.type', money('r.amount').as('amount'), 'r.time'])
          .where('u.referrer_id', 'is not', null)
          .where('r.type', 'in', [...COMMISSION_FEE_TYPES])
          .where('r.time', '>=', from)
          .where('r.time', '<', to)
          .where('r.id', '>', after)
          .orderBy('r.id')
          .limit(PAGE)
          .execute();
        for (const r of rows) {
          out.push({
            id: Number(r.id), user: Number(r.user_id), level1: Number(r.referrer_id), level2: r.level2 === null ? null : Number(r.level2),
            asset: r.asset, type: r.type, amount: toAmount(r.amount), time: Number(r.time),
          });
        }
        if (rows.length < PAGE) return out;
        after = Number(rows[rows.length - 1]!.id);
      }
    },

    /** Whether the spot desk has journalled the commission payment with this reference. */
    async hasPayment(ref: string): Promise<boolean> {
      const row = await db
        .selectFrom('ledger_entries')
        .select('seq')
        .where('desk', '=', 'coin')
        .where('ref', '=', ref)
        .where(sql<boolean>`reason = 'invite.commission'`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A system account's committed balance in one asset (0 when it never held it). */
    async systemBalance(account: string, asset: string): Promise<bigint> {
      const row = await db
        .selectFrom('system_balances')
        .select(money('amount').as('amount'))
        .where('account', '=', account)
        .where('asset', '=', asset)
        .executeTakeFirst();
      return toAmount(row?.amount);
    },

    /**
     * Journalled commission payments whose reference starts with `prefix` (`invite:` for all, `invite:2026-01-02:`
     * for a day), each with the user line that received it, in journal order.
     */
    async payments(prefix: string): Promise<CommissionPayment[]> {
      // The prefix goes into a LIKE pattern: only the characters a reference is made of (no _ or %).
      if (!/^invite:[0-9:-]*$/.test(prefix)) throw new RangeError(`not a commission reference prefix: ${prefix}`);
      const rows = await db
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_lines as l', (j) => j.onRef('l.desk', '=', 'e.desk').onRef('l.seq', '=', 'e.seq'))
        .select(['e.seq', 'e.ref', 'e.time', 'l.account', 'l.asset', money('l.amount').as('amount')])
        .where('e.desk', '=', 'coin')
        .where(sql<boolean>`e.reason = 'invite.commission'`)
        .where('e.ref', 'like', `${prefix}%`)
        .where('l.account', 'like', 'user:%')
        .orderBy('e.seq')
        .execute();
      return rows.map((r) => ({
        seq: Number(r.seq), ref: r.ref, user: Number(r.account.split(':')[1]), asset: r.asset, amount: toAmount(r.amount), time: Number(r.time),
      }));
    },

    /** What a user has earned in commissions, per asset (Σ of their invite_commission records). */
    async earned(user: number): Promise<Array<{ asset: string; amount: bigint }>> {
      const rows = await db
        .selectFrom('asset_records')
        .select(['asset', sql<string>`cast(sum(amount) as text)`.as('amount')])
        .where('user_id', '=', user)
        .where('type', '=', 'invite_commission')
        .groupBy('asset')
        .orderBy('asset')
        .execute();
      return rows.map((r) => ({ asset: r.asset, amount: toAmount(r.amount) }));
    },

    /** The users `user` invited (level 1) or their invitees (level 2), newest first. */
    async referrals(user: number, level: 1 | 2, offset: number, limit: number): Promise<{ rows: Referral[]; total: number }> {
      const rows = await referrals(user, level)
        .select(['u.email', 'u.phone', 'u.created_at'])
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await referrals(user, level).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return { rows: rows.map((r) => ({ email: r.email, phone: r.phone, createdAt: Number(r.created_at) })), total: Number(count.n) };
    },
  });
}

export type InvitesRepo = ReturnType<typeof createInvitesRepo>;
