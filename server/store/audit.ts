// The operators' audit trail (admin_audit, migration 0011) and the two journal reads the admin channel needs.
// A state-changing operator command writes its row before it acts (status pending, with the request id the
// operator tool chose) and completes it before the answer (done or failed, with the result); server/admin/
// explains why it is not in the desk's own transaction. A request id seen before is never applied twice: the row
// says what happened, and a balance adjustment's journal entry carries the id in its reference.
import { sql, type Generated, type Kysely, type SelectQueryBuilder } from 'kysely';
import { moneySum, toAmount } from './money.ts';
import type { Database } from './schema.ts';

/** pending: acting (or cut off by a crash); done / failed: answered; interrupted: found pending at a start, never applied. */
export type AuditStatus = 'pending' | 'done' | 'failed' | 'interrupted';
/**
 * Where the command came in: the running server's admin channel, the CLI on the store itself, or the operator
 * console (server/ops/: the signed-in operator's name, through the running server's desks).
 */
export type AuditVia = 'server' | 'store' | 'console';
const VIAS: readonly AuditVia[] = ['server', 'store', 'console'];

export interface AuditEntry {
  id: number;
  requestId: string;
  operator: string;
  command: string;
  /** The command's arguments as JSON text. */
  args: string;
  reason: string;
  via: AuditVia;
  status: AuditStatus;
  /** The outcome as JSON text ({ data, text } or { error }), once answered. */
  result: string | null;
  createdAt: number;
  finishedAt: number | null;
}

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'status' | 'result' | 'finishedAt'>;

/** The console's audit screen: by operator (exact), command (exact, or a prefix ending in a space: `balance `), time. */
export interface AuditFilter {
  readonly operator?: string | undefined;
  readonly command?: string | undefined;
  /** Unix ms, inclusive. */
  readonly from?: number | undefined;
  /** Unix ms, exclusive. */
  readonly to?: number | undefined;
  /** Only rows older than this one (an export walks the log by id, unmoved by rows added meanwhile). */
  readonly beforeId?: number | undefined;
}

/** Operator journal entries (admin.*), as the partial index of migration 0011 states it. */
const ADMIN_ENTRY = sql<boolean>`reason > 'admin.' and reason < 'admin/'`;
/** Lock and unlock entries: the second partial index's range, then the two reasons within it. */
const LOCK_ENTRY = sql<boolean>`reason >= 'admin.lock' and reason <= 'admin.unlock' and reason in ('admin.lock', 'admin.unlock')`;
const PENDING = sql<boolean>`status = 'pending'`;

/** The table of migration 0011, added to the Database view with withTables. */
export interface AdminAuditTable {
  id: Generated<number>;
  request_id: string;
  operator: string;
  command: string;
  args: string;
  reason: string;
  via: string;
  status: string;
  result: string | null;
  created_at: number;
  finished_at: number | null;
}

const STATUSES: readonly AuditStatus[] = ['pending', 'done', 'failed', 'interrupted'];

function toEntry(r: { [K in keyof AdminAuditTable]: K extends 'id' ? number : AdminAuditTable[K] }): AuditEntry {
  const status = STATUSES.find((s) => s === r.status);
  if (status === undefined) throw new Error(`admin_audit row ${r.id} has an unknown status "${r.status}"`);
  return {
    id: Number(r.id),
    requestId: r.request_id,
    operator: r.operator,
    command: r.command,
    args: r.args,
    reason: r.reason,
    via: VIAS.find((v) => v === r.via) ?? 'store',
    status,
    result: r.result,
    // bigint columns: PostgreSQL's driver hands them back as text.
    createdAt: Number(r.created_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
  };
}

export function createAudit(store: Kysely<Database>) {
  const db = store.withTables<{ admin_audit: AdminAuditTable }>();
  const find = async (requestId: string): Promise<AuditEntry | undefined> => {
    const row = await db.selectFrom('admin_audit').selectAll().where('request_id', '=', requestId).executeTakeFirst();
    return row === undefined ? undefined : toEntry(row);
  };
  return Object.freeze({
    find,

    /**
     * Records a command about to act. `created` false: the request id was seen before; `entry` is that row as it
     * stands (the caller replays its outcome, or refuses an id reused for another command).
     */
    async begin(e: NewAuditEntry): Promise<{ created: boolean; entry: AuditEntry }> {
      const inserted = await db
        .insertInto('admin_audit')
        .values({
          request_id: e.requestId, operator: e.operator, command: e.command, args: e.args, reason: e.reason, via: e.via,
          status: 'pending', result: null, created_at: e.createdAt, finished_at: null,
        })
        .onConflict((oc) => oc.column('request_id').doNothing())
        .executeTakeFirst();
      const entry = await find(e.requestId);
      if (entry === undefined) throw new Error(`audit row ${e.requestId} vanished`);
      return { created: Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0, entry };
    },

    /** Takes an interrupted row up again (its command never took effect): pending, run anew. False if it wasn't. */
    async resume(requestId: string, via: AuditVia, at: number): Promise<boolean> {
      const r = await db
        .updateTable('admin_audit')
        .set({ status: 'pending', via, created_at: at, result: null, finished_at: null })
        .where('request_id', '=', requestId)
        .where('status', '=', 'interrupted')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Completes a pending row; false if it was not pending (someone else completed it). */
    async finish(requestId: string, status: Exclude<AuditStatus, 'pending'>, result: string, at: number): Promise<boolean> {
      const r = await db
        .updateTable('admin_audit')
        .set({ status, result, finished_at: at })
        .where('request_id', '=', requestId)
        .where(PENDING)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Newest first. */
    async list(limit: number): Promise<AuditEntry[]> {
      return (await db.selectFrom('admin_audit').selectAll().orderBy('id', 'desc').limit(limit).execute()).map(toEntry);
    },

    /** A page of rows matching `filter`, newest first, and how many match in all (the console's audit screen). */
    async search(filter: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditEntry[]; total: number }> {
      const where = <O>(q: SelectQueryBuilder<{ admin_audit: AdminAuditTable }, 'admin_audit', O>) => {
        let out = q;
        if (filter.operator !== undefined) out = out.where('operator', '=', filter.operator);
        if (filter.command !== undefined) {
          out = filter.command.endsWith(' ')
            ? out.where('command', '>=', filter.command).where('command', '<', `${filter.command.slice(0, -1)}!`)
            : out.where('command', '=', filter.command);
        }
        if (filter.from !== undefined) out = out.where('created_at', '>=', filter.from);
        if (filter.to !== undefined) out = out.where('created_at', '<', filter.to);
        if (filter.beforeId !== undefined) out = out.where('id', '<', filter.beforeId);
        return out;
      };
      const rows = await where(db.selectFrom('admin_audit').selectAll()).orderBy('id', 'desc').offset(offset).limit(limit).execute();
      const total = await where(db.selectFrom('admin_audit').select(sql<number>`count(*)`.as('n'))).executeTakeFirstOrThrow();
      return { rows: rows.map(toEntry), total: Number(total.n) };
    },

    /** Rows still pending: commands a crash cut off (at a start, nothing else can be running them). */
    async pending(): Promise<AuditEntry[]> {
      return (await db.selectFrom('admin_audit').selectAll().where(PENDING).orderBy('id').execute()).map(toEntry);
    },
  });
}

export type AuditRepo = ReturnType<typeof createAudit>;

export interface LockedBalance {
  user: number;
  asset: string;
  amount: bigint;
}

const FROZEN_ACCOUNT = /^user:(\d+):[a-z]+:frozen$/;

export function createAdminLedger(db: Kysely<Database>) {
  return Object.freeze({
    /** Whether a desk journalled an operator adjustment with this reference. */
    async hasEntry(desk: string, ref: string): Promise<boolean> {
      const row = await db
        .selectFrom('ledger_entries')
        .select('seq')
        .where('desk', '=', desk)
        .where('ref', '=', ref)
        .where(ADMIN_ENTRY)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The entry (desk and number) of an operator adjustment by its reference, if journalled. */
    async findEntry(desk: string, ref: string): Promise<{ seq: number; reason: string; time: number } | undefined> {
      const row = await db
        .selectFrom('ledger_entries')
        .select(['seq', 'reason', 'time'])
        .where('desk', '=', desk)
        .where('ref', '=', ref)
        .where(ADMIN_ENTRY)
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : { seq: Number(row.seq), reason: row.reason, time: Number(row.time) };
    },

    /** What operators locked in a wallet and have not unlocked, per user and asset: Σ of the lock entries' frozen lines. */
    async locked(wallet: string): Promise<LockedBalance[]> {
      // The lock entries' numbers from the partial index, then their lines by primary key: a join let SQLite's
      // planner walk every line of the desk instead.
      const rows = await db
        .selectFrom('ledger_lines')
        .select(['account', 'asset', moneySum('amount').as('amount')])
        .where('desk', '=', wallet)
        .where('seq', 'in', db.selectFrom('ledger_entries').select('seq').where('desk', '=', wallet).where(LOCK_ENTRY))
        .groupBy(['account', 'asset'])
        .execute();
      const out: LockedBalance[] = [];
      for (const r of rows) {
        const m = FROZEN_ACCOUNT.exec(r.account);
        const amount = toAmount(r.amount);
        if (m && amount !== 0n) out.push({ user: Number(m[1]), asset: r.asset, amount });
      }
      return out;
    },
  });
}

export type AdminLedger = ReturnType<typeof createAdminLedger>;
