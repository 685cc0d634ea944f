// The persisted ledger: a desk's journal entries with their lines, the balances they change (applied as deltas, so
// two desks touching one system account never overwrite each other), and what a desk reads back to rebuild.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { arrayLiteral, insertRows, usesDollar } from './bulk.ts';
import { chunks } from './chunks.ts';
import { named } from './prepared.ts';
import { int64, money, moneySum, toAmount } from './money.ts';
import type { Database } from './schema.ts';

export interface JournalLine {
  readonly account: string;
  readonly asset: string;
  readonly amount: bigint;
}

export interface JournalEntry {
  readonly seq: number;
  readonly reason: string;
  readonly ref: string;
  readonly time: number;
  readonly lines: readonly JournalLine[];
}

/** Net change of one user balance over a batch. */
export interface BalanceDelta {
  readonly user: number;
  readonly wallet: string;
  readonly asset: string;
  readonly available: bigint;
  readonly frozen: bigint;
}

/** Net change of one system account over a batch. */
export interface SystemDelta {
  readonly account: string;
  readonly asset: string;
  readonly amount: bigint;
}

export interface LedgerWrites {
  readonly desk: string;
  readonly now: number;
  readonly entries: readonly JournalEntry[];
  readonly balances: readonly BalanceDelta[];
  readonly system: readonly SystemDelta[];
}

export interface UserBalance {
  user: number;
  wallet: string;
  asset: string;
  available: bigint;
  frozen: bigint;
}

export interface SystemBalance {
  account: string;
  asset: string;
  amount: bigint;
}

export function createLedger(db: Kysely<Database>) {
  const userRows = () =>
    db
      .selectFrom('balances')
      .select(['user_id', 'wallet', 'asset', money('available').as('available'), money('frozen').as('frozen')])
      .orderBy('user_id')
      .orderBy('wallet')
      .orderBy('asset');
  const toUser = (r: { user_id: number; wallet: string; asset: string; available: string; frozen: string }): UserBalance => ({
    user: r.user_id,
    wallet: r.wallet,
    asset: r.asset,
    available: toAmount(r.available),
    frozen: toAmount(r.frozen),
  });

  return Object.freeze({
    async write(w: LedgerWrites): Promise<void> {
      await this.writeJournal(w);
      await this.writeBalances(w);
    },

    /** The journal entries and their lines: new rows only (a pipelined commit writes them before its turn). */
    async writeJournal(w: LedgerWrites): Promise<void> {
      await insertRows(db, 'ledger_entries', entryRows(w));
      await insertRows(db, 'ledger_lines', lineRows(w));
    },

    /** The balance deltas, user and system: rows an earlier commit may have changed, so only in this commit's turn. */
    async writeBalances(w: LedgerWrites): Promise<void> {
      const balances = balanceRows(w);
      if (balances.length > 0 && usesDollar(db)) await addBalancesPg(db, balances, w.now);
      // Two steps because both databases check CHECK constraints on an upsert's proposed row before resolving the
      // conflict, so a negative delta can't ride an upsert: make sure the rows exist, then add the deltas.
      else for (const part of chunks(balances)) {
        const zeros = part.map((b) => ({ ...b, available: 0n, frozen: 0n }));
        await db.insertInto('balances').values(zeros).onConflict((oc) => oc.columns(['user_id', 'wallet', 'asset']).doNothing()).execute();
        const values = sql.join(
          part.map((b) => sql`(cast(${b.user_id} as bigint), cast(${b.wallet} as text), cast(${b.asset} as text), cast(${b.available} as bigint), cast(${b.frozen} as bigint))`),
        );
        // VALUES columns are column1… in both databases (SQLite has no alias list for a subquery in FROM).
        const result = await sql`update balances
          set available = balances.available + v.column4, frozen = balances.frozen + v.column5, updated_at = ${w.now}
          from (values ${values}) as v
          where balances.user_id = v.column1 and balances.wallet = v.column2 and balances.asset = v.column3`.execute(db);
        if (Number(result.numAffectedRows) !== part.length) throw new Error(`balance update touched ${result.numAffectedRows} of ${part.length} rows`);
      }
      const system = systemRows(w);
      await insertRows(db, 'system_balances', system, ADD_SYSTEM);
    },

    /** Every user balance of one wallet: what a desk owning that wallet rebuilds from. */
    async walletBalances(wallet: string): Promise<UserBalance[]> {
      return (await userRows().where('wallet', '=', wallet).execute()).map(toUser);
    },

    async userBalances(user: number): Promise<UserBalance[]> {
      return (await userRows().where('user_id', '=', user).execute()).map(toUser);
    },

    async allUserBalances(): Promise<UserBalance[]> {
      return (await userRows().execute()).map(toUser);
    },

    async systemBalances(): Promise<SystemBalance[]> {
      const rows = await db
        .selectFrom('system_balances')
        .select(['account', 'asset', money('amount').as('amount')])
        .orderBy('account')
        .orderBy('asset')
        .execute();
      return rows.map((r) => ({ account: r.account, asset: r.asset, amount: toAmount(r.amount) }));
    },

    /** The last journal sequence number a desk wrote, 0 for none. */
    async lastSeq(desk: string): Promise<number> {
      const row = await db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('desk', '=', desk)
        .executeTakeFirst();
      return Number(row?.seq ?? 0);
    },

    /** Σ of the journal's lines per account and asset: what every balance must equal. */
    async journalTotals(): Promise<SystemBalance[]> {
      const rows = await db
        .selectFrom('ledger_lines')
        .select(['account', 'asset', moneySum('amount').as('amount')])
        .groupBy(['account', 'asset'])
        .orderBy('account')
        .orderBy('asset')
        .execute();
      return rows.map((r) => ({ account: r.account, asset: r.asset, amount: toAmount(r.amount) }));
    },

    /** Entries whose lines do not sum to zero in some asset (there should be none). */
    async unbalancedEntries(limit: number): Promise<Array<{ desk: string; seq: number; asset: string; sum: bigint }>> {
      const rows = await db
        .selectFrom('ledger_lines')
        .select(['desk', 'seq', 'asset', moneySum('amount').as('sum')])
        .groupBy(['desk', 'seq', 'asset'])
        .having(sql<boolean>`sum(amount) <> 0`)
        .orderBy('desk')
        .orderBy('seq')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ desk: r.desk, seq: Number(r.seq), asset: r.asset, sum: toAmount(r.sum) }));
    },

    /** Per desk: number of entries and the sequence range, so gaps show (count ≠ last − first + 1). */
    async entryStats(): Promise<Array<{ desk: string; count: number; first: number; last: number }>> {
      const rows = await db
        .selectFrom('ledger_entries')
        .select((eb) => ['desk', eb.fn.countAll<number>().as('count'), eb.fn.min('seq').as('first'), eb.fn.max('seq').as('last')])
        .groupBy('desk')
        .orderBy('desk')
        .execute();
      return rows.map((r) => ({ desk: r.desk, count: Number(r.count), first: Number(r.first), last: Number(r.last) }));
    },

    /** Lines of one entry, for tests and the operator. */
    async entry(desk: string, seq: number): Promise<{ reason: string; ref: string; time: number; lines: JournalLine[] } | undefined> {
      const head = await db.selectFrom('ledger_entries').selectAll().where('desk', '=', desk).where('seq', '=', seq).executeTakeFirst();
      if (!head) return undefined;
      const lines = await db
        .selectFrom('ledger_lines')
        .select(['account', 'asset', money('amount').as('amount')])
        .where('desk', '=', desk)
        .where('seq', '=', seq)
        .orderBy('line')
        .execute();
      return { reason: head.reason, ref: head.ref, time: head.time, lines: lines.map((l) => ({ ...l, amount: toAmount(l.amount) })) };
    },
  });
}

export type LedgerRepo = ReturnType<typeof createLedger>;

/** System balances' upsert: a system account's delta can be negative and it has no CHECK, so one upsert does. */
export const ADD_SYSTEM = 'on conflict ("account", "asset") do update set "amount" = "system_balances"."amount" + "excluded"."amount", "updated_at" = "excluded"."updated_at"';

/**
 * PostgreSQL: user balance deltas as two data-modifying CTEs, `added` and `fresh`, their parameters from `$o+1`: the
 * five columns as arrays unnested into rows, then the time. The deltas are added to the balances that exist; those the
 * update did not find are inserted with their delta, which the CHECK refuses when negative, as adding it to a zero
 * would. One desk writes a wallet's balances, so none appears between the two. (An insert of zeros before every
 * update and a VALUES list of a parameter per cell cost the database about three times the CPU for the same rows.)
 */
export function balanceCtes(o: number): string {
  const $ = (i: number) => `$${o + i}`;
  const source = `unnest(${$(1)}::bigint[], ${$(2)}::text[], ${$(3)}::text[], ${$(4)}::bigint[], ${$(5)}::bigint[]) as v(user_id, wallet, asset, available, frozen)`;
  return (
    `added as (update balances b set available = b.available + v.available, frozen = b.frozen + v.frozen, updated_at = ${$(6)} from ${source} ` +
    'where b.user_id = v.user_id and b.wallet = v.wallet and b.asset = v.asset returning b.user_id, b.wallet, b.asset), ' +
    `fresh as (insert into balances (user_id, wallet, asset, available, frozen, updated_at) select v.user_id, v.wallet, v.asset, v.available, v.frozen, ${$(6)} ` +
    `from ${source} where not exists (select 1 from added a where a.user_id = v.user_id and a.wallet = v.wallet and a.asset = v.asset) returning 1)`
  );
}

/** balanceCtes' parameters for `rows` (balanceRows) at `now`. */
export const balanceParams = (rows: readonly Readonly<Record<string, unknown>>[], now: number): unknown[] => [
  ...['user_id', 'wallet', 'asset', 'available', 'frozen'].map((c) => arrayLiteral(rows, c)),
  now,
];

/** Throws unless the balance CTEs touched every row they were given. */
export function checkBalancesTouched(added: number, fresh: number, rows: number): void {
  if (added + fresh !== rows) throw new Error(`balance update touched ${added + fresh} of ${rows} rows`);
}

const ADD_BALANCES = named(`with ${balanceCtes(0)} select (select count(*) from added)::int as added, (select count(*) from fresh)::int as fresh`);

async function addBalancesPg(db: Kysely<Database>, rows: readonly Readonly<Record<string, unknown>>[], now: number): Promise<void> {
  const result = await db.executeQuery<{ added: number; fresh: number }>(CompiledQuery.raw(ADD_BALANCES, balanceParams(rows, now)));
  checkBalancesTouched(result.rows[0]?.added ?? 0, result.rows[0]?.fresh ?? 0, rows.length);
}

/** A commit's journal entries as ledger_entries rows (also written by pg-commit.ts). */
export const entryRows = (w: LedgerWrites) => w.entries.map((e) => ({ desk: w.desk, seq: e.seq, reason: e.reason, ref: e.ref, time: e.time }));

/** Their lines as ledger_lines rows. */
export const lineRows = (w: LedgerWrites) =>
  w.entries.flatMap((e) => e.lines.map((l, line) => ({ desk: w.desk, seq: e.seq, line, account: l.account, asset: l.asset, amount: int64(l.amount) })));

/** The user balance deltas as rows of balances' columns. */
export const balanceRows = (w: LedgerWrites) =>
  w.balances.map((b) => ({ user_id: b.user, wallet: b.wallet, asset: b.asset, available: int64(b.available), frozen: int64(b.frozen), updated_at: w.now }));

/** The system account deltas as system_balances rows. */
export const systemRows = (w: LedgerWrites) => w.system.map((s) => ({ account: s.account, asset: s.asset, amount: int64(s.amount), updated_at: w.now }));
