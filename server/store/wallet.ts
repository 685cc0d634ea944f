// Withdrawals, the address book, the whitelist and the API keys allowed to withdraw (issue 22,
// server/wallet/README.md). Tables: migration 0025_wallet. The rules live in server/wallet/; this file only reads and
// writes, and every change of a withdrawal's status is conditional on the status it comes from (`transition`), so two
// actors racing on one row (a user's cancel and an operator's approval, a request and the reconcile step) can't both
// win: the one whose update found the row in the expected state acts, the other is told it lost.
import { PostgresAdapter, sql, type Generated, type Kysely, type Selectable } from 'kysely';
import { money, moneySum, toAmount, type Money } from './money.ts';
import type { Database } from './schema.ts';

export interface WalletWithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  asset: string;
  network: string;
  address: string;
  amount: Money;
  fee: Money;
  value_usdt: Money;
  status: string;
  reason: string | null;
  client_id: string | null;
  via: string;
  tx_hash: string | null;
  confirmations: number | null;
  created_at: number;
  updated_at: number;
  reviewed_by: string | null;
  reviewed_at: number | null;
  released_at: number | null;
  settled_at: number | null;
}

export interface WalletAddressBookTable {
  id: Generated<number>;
  user_id: number;
  asset: string;
  network: string;
  address: string;
  address_key: string;
  label: string;
  created_at: number;
}

export interface WalletSettingsTable {
  user_id: number;
  whitelist: number;
  whitelist_off_at: number | null;
  updated_at: number;
}

export interface WalletApiKeysTable {
  api_key: string;
  user_id: number;
  updated_at: number;
}

export interface WalletTables {
  wallet_withdrawals: WalletWithdrawalsTable;
  wallet_address_book: WalletAddressBookTable;
  wallet_settings: WalletSettingsTable;
  wallet_api_keys: WalletApiKeysTable;
}

/**
 * applying: the row exists, the spot desk's hold is being asked for (a row left here by a crash is finished by the
 * lifecycle job); applied: the amount is held, waiting for review; approved: the signer will send it; broadcast: its
 * transaction is signed and the held amount has left (settled); confirmed: final on chain; rejected and cancelled:
 * the held amount is returned (released_at once the desk did it).
 */
export type WithdrawalState = 'applying' | 'applied' | 'approved' | 'broadcast' | 'confirmed' | 'rejected' | 'cancelled';
/** Statuses that count toward the daily limit: everything that was not refused, rejected or cancelled. */
export const LIMIT_STATUSES: readonly WithdrawalState[] = ['applying', 'applied', 'approved', 'broadcast', 'confirmed'];
export type WithdrawalVia = 'app' | 'api';

export interface WithdrawalRow {
  readonly id: number;
  readonly user: number;
  readonly asset: string;
  readonly network: string;
  readonly address: string;
  /** Ledger minor units: what leaves the balance (the fee included). */
  readonly amount: bigint;
  readonly fee: bigint;
  readonly valueUsdt: bigint;
  readonly status: WithdrawalState;
  readonly reason: string | null;
  readonly clientId: string | null;
  readonly via: WithdrawalVia;
  readonly txHash: string | null;
  readonly confirmations: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly reviewedBy: string | null;
  readonly reviewedAt: number | null;
  readonly releasedAt: number | null;
  readonly settledAt: number | null;
}

export interface NewWithdrawal {
  readonly user: number;
  readonly asset: string;
  readonly network: string;
  readonly address: string;
  readonly amount: bigint;
  readonly fee: bigint;
  readonly valueUsdt: bigint;
  readonly clientId: string | null;
  readonly via: WithdrawalVia;
  readonly now: number;
}

/** What the signer needs of an approved withdrawal (the interface of issue 22). */
export interface SignerJob {
  readonly id: number;
  readonly user: number;
  readonly asset: string;
  readonly network: 'ETH' | 'BTC';
  readonly address: string;
  /** Ledger minor units: what left the balance; the signer sends amount − fee. */
  readonly amount: bigint;
  readonly fee: bigint;
}

export interface WithdrawalQuery {
  readonly user?: number | undefined;
  readonly asset?: string | undefined;
  readonly network?: string | undefined;
  readonly statuses?: readonly WithdrawalState[] | undefined;
  /** created_at ≥ from and < to (Unix ms). */
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  readonly clientId?: string | undefined;
  readonly ids?: readonly number[] | undefined;
}

export interface AddressBookRow {
  readonly id: number;
  readonly user: number;
  readonly asset: string;
  readonly network: string;
  readonly address: string;
  readonly addressKey: string;
  readonly label: string;
  readonly createdAt: number;
}

export interface WalletSettings {
  /** The whitelist is in force (on, or switched off but not yet taking effect). */
  readonly whitelist: boolean;
  /** A switch-off waiting to take effect at this time (Unix ms), else null. */
  readonly whitelistOffAt: number | null;
}

const STATES: ReadonlySet<string> = new Set<WithdrawalState>(['applying', 'applied', 'approved', 'broadcast', 'confirmed', 'rejected', 'cancelled']);

const num = (v: number | string | bigint | null): number | null => (v === null ? null : Number(v));

type RawWithdrawal = Omit<Selectable<WalletWithdrawalsTable>, 'amount' | 'fee' | 'value_usdt'> & { amount: string; fee: string; value_usdt: string };

function toWithdrawal(r: RawWithdrawal): WithdrawalRow {
  if (!STATES.has(r.status)) throw new Error(`wallet_withdrawals ${r.id} has an unknown status "${r.status}"`);
  return {
    id: Number(r.id), user: Number(r.user_id), asset: r.asset, network: r.network, address: r.address,
    amount: toAmount(r.amount), fee: toAmount(r.fee), valueUsdt: toAmount(r.value_usdt), status: r.status as WithdrawalState,
    reason: r.reason, clientId: r.client_id, via: r.via === 'api' ? 'api' : 'app', txHash: r.tx_hash, confirmations: num(r.confirmations),
    createdAt: Number(r.created_at), updatedAt: Number(r.updated_at), reviewedBy: r.reviewed_by, reviewedAt: num(r.reviewed_at),
    releasedAt: num(r.released_at), settledAt: num(r.settled_at),
  };
}

const toBook = (r: Selectable<WalletAddressBookTable>): AddressBookRow => ({
  id: Number(r.id), user: Number(r.user_id), asset: r.asset, network: r.network, address: r.address, addressKey: r.address_key, label: r.label,
  createdAt: Number(r.created_at),
});

export function createWalletRepo(store: Kysely<Database>) {
  const db = store;
  /** PostgreSQL: row locks. SQLite has one writer (the store's transactions begin immediate), so it needs none. */
  const postgres = store.getExecutor().adapter instanceof PostgresAdapter;

  const withdrawalColumns = [
    'id', 'user_id', 'asset', 'network', 'address', money('amount').as('amount'), money('fee').as('fee'), money('value_usdt').as('value_usdt'),
    'status', 'reason', 'client_id', 'via', 'tx_hash', 'confirmations', 'created_at', 'updated_at', 'reviewed_by', 'reviewed_at', 'released_at',
    'settled_at',
  ] as const;

  const select = () => db.selectFrom('wallet_withdrawals').select(withdrawalColumns);

  function filtered<QB extends { where: (...a: never[]) => QB }>(qb: QB, q: WithdrawalQuery): QB {
    // Kysely's builders are structurally typed per table; a small cast keeps the filter in one place.
    let b = qb as unknown as ReturnType<typeof select>;
    if (q.user !== undefined) b = b.where('user_id', '=', q.user);
    if (q.asset !== undefined) b = b.where('asset', '=', q.asset);
    if (q.network !== undefined) b = b.where('network', '=', q.network);
    if (q.statuses !== undefined) b = b.where('status', 'in', q.statuses.length === 0 ? ['-'] : [...q.statuses]);
    if (q.from !== undefined) b = b.where('created_at', '>=', q.from);
    if (q.to !== undefined) b = b.where('created_at', '<', q.to);
    if (q.clientId !== undefined) b = b.where('client_id', '=', q.clientId);
    if (q.ids !== undefined) b = b.where('id', 'in', q.ids.length === 0 ? [-1] : [...q.ids]);
    return b as unknown as QB;
  }

  return Object.freeze({
    // ---- withdrawals -------------------------------------------------------------------------------------------

    /**
     * Inside a transaction: makes sure the user's settings row exists and locks it until the transaction ends
     * (PostgreSQL: FOR UPDATE; SQLite: the transaction already holds the one write lock), so a user's withdrawal
     * applications pass the daily-limit check and insert their row one after another.
     */
    async lockUser(user: number, now: number): Promise<void> {
      await db
        .insertInto('wallet_settings')
        .values({ user_id: user, whitelist: 0, whitelist_off_at: null, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      const q = db.selectFrom('wallet_settings').select('user_id').where('user_id', '=', user);
      await (postgres ? q.forUpdate() : q).executeTakeFirst();
    },

    /** Σ value_usdt of the user's withdrawals created at or after `since` that count toward the limit. */
    async usedSince(user: number, since: number): Promise<bigint> {
      const row = await db
        .selectFrom('wallet_withdrawals')
        .select(moneySum('value_usdt').as('used'))
        .where('user_id', '=', user)
        .where('created_at', '>=', since)
        .where('status', 'in', [...LIMIT_STATUSES])
        .executeTakeFirst();
      return toAmount(row?.used);
    },

    async insert(w: NewWithdrawal): Promise<number> {
      const row = await db
        .insertInto('wallet_withdrawals')
        .values({
          user_id: w.user, asset: w.asset, network: w.network, address: w.address, amount: w.amount, fee: w.fee, value_usdt: w.valueUsdt,
          status: 'applying', reason: null, client_id: w.clientId, via: w.via, tx_hash: null, confirmations: null, created_at: w.now,
          updated_at: w.now, reviewed_by: null, reviewed_at: null, released_at: null, settled_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async get(id: number): Promise<WithdrawalRow | undefined> {
      const row = await select().where('id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toWithdrawal(row);
    },

    async byClientId(user: number, clientId: string): Promise<WithdrawalRow | undefined> {
      const row = await select().where('user_id', '=', user).where('client_id', '=', clientId).executeTakeFirst();
      return row === undefined ? undefined : toWithdrawal(row);
    },

    /**
     * Moves a withdrawal from one of `from` to `to` with the given fields; false when the row is not (or no longer)
     * in one of `from`: someone else moved it first.
     */
    async transition(
      id: number,
      from: readonly WithdrawalState[],
      to: WithdrawalState,
      now: number,
      set: { reason?: string; reviewedBy?: string; txHash?: string; confirmations?: number; settled?: boolean } = {},
    ): Promise<boolean> {
      const r = await db
        .updateTable('wallet_withdrawals')
        .set({
          status: to,
          updated_at: now,
          ...(set.reason !== undefined ? { reason: set.reason } : {}),
          ...(set.reviewedBy !== undefined ? { reviewed_by: set.reviewedBy, reviewed_at: now } : {}),
          ...(set.txHash !== undefined ? { tx_hash: set.txHash } : {}),
          ...(set.confirmations !== undefined ? { confirmations: set.confirmations } : {}),
          ...(set.settled ? { settled_at: now } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Removes a row still `applying` (its hold was refused: the withdrawal never happened). False if it moved on. */
    async dropApplying(id: number): Promise<boolean> {
      const r = await db.deleteFrom('wallet_withdrawals').where('id', '=', id).where('status', '=', 'applying').executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** The desk returned the held amount of a rejected or cancelled withdrawal. */
    async markReleased(id: number, now: number): Promise<void> {
      await db.updateTable('wallet_withdrawals').set({ released_at: now }).where('id', '=', id).where('released_at', 'is', null).execute();
    },

    /** The signer's confirmations of a broadcast withdrawal, as last read. */
    async setConfirmations(id: number, confirmations: number, now: number): Promise<void> {
      await db
        .updateTable('wallet_withdrawals')
        .set({ confirmations, updated_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('confirmations', 'is', null), eb('confirmations', '!=', confirmations)]))
        .execute();
    },

    /** A page of withdrawals, newest first. */
    async list(q: WithdrawalQuery, offset: number, limit: number): Promise<{ rows: WithdrawalRow[]; total: number }> {
      const rows = await filtered(select(), q).orderBy('id', 'desc').limit(limit).offset(offset).execute();
      const count = await filtered(db.selectFrom('wallet_withdrawals').select(sql<number>`count(*)`.as('n')), q).executeTakeFirstOrThrow();
      return { rows: rows.map(toWithdrawal), total: Number(count.n) };
    },

    /** Withdrawals in the given states (oldest first, at most `limit`), for the lifecycle job. */
    async inStates(statuses: readonly WithdrawalState[], limit: number, q: { createdBefore?: number; unreleased?: boolean } = {}): Promise<WithdrawalRow[]> {
      let b = select().where('status', 'in', [...statuses]);
      if (q.createdBefore !== undefined) b = b.where('created_at', '<', q.createdBefore);
      if (q.unreleased) b = b.where('released_at', 'is', null);
      return (await b.orderBy('id').limit(limit).execute()).map(toWithdrawal);
    },

    /** Approved withdrawals of a network, oldest first: what the signer sends next. */
    async approvedWithdrawals(network: 'ETH' | 'BTC', limit: number): Promise<SignerJob[]> {
      const rows = await select().where('status', '=', 'approved').where('network', '=', network).orderBy('id').limit(limit).execute();
      return rows.map(toWithdrawal).map((w) => ({ id: w.id, user: w.user, asset: w.asset, network, address: w.address, amount: w.amount, fee: w.fee }));
    },

    /** How many withdrawals are in each status (all time). */
    async counts(): Promise<Record<WithdrawalState, number>> {
      const rows = await db.selectFrom('wallet_withdrawals').select(['status', sql<number>`count(*)`.as('n')]).groupBy('status').execute();
      const out: Record<WithdrawalState, number> = { applying: 0, applied: 0, approved: 0, broadcast: 0, confirmed: 0, rejected: 0, cancelled: 0 };
      for (const r of rows) if (STATES.has(r.status)) out[r.status as WithdrawalState] = Number(r.n);
      return out;
    },

    // ---- address book ------------------------------------------------------------------------------------------

    async book(user: number, q: { asset?: string | undefined; network?: string | undefined } = {}): Promise<AddressBookRow[]> {
      let b = db.selectFrom('wallet_address_book').selectAll().where('user_id', '=', user);
      if (q.asset !== undefined) b = b.where('asset', '=', q.asset);
      if (q.network !== undefined) b = b.where('network', '=', q.network);
      return (await b.orderBy('id').execute()).map(toBook);
    },

    async bookCount(user: number): Promise<number> {
      const row = await db.selectFrom('wallet_address_book').select(sql<number>`count(*)`.as('n')).where('user_id', '=', user).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async bookFind(user: number, network: string, addressKey: string): Promise<AddressBookRow | undefined> {
      const row = await db
        .selectFrom('wallet_address_book')
        .selectAll()
        .where('user_id', '=', user)
        .where('network', '=', network)
        .where('address_key', '=', addressKey)
        .executeTakeFirst();
      return row === undefined ? undefined : toBook(row);
    },

    /** Saves an address; a duplicate (user, network, address) throws the store's unique violation. */
    async bookAdd(e: Omit<AddressBookRow, 'id'>): Promise<number> {
      const row = await db
        .insertInto('wallet_address_book')
        .values({ user_id: e.user, asset: e.asset, network: e.network, address: e.address, address_key: e.addressKey, label: e.label, created_at: e.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Removes one of the user's own entries; false for any other id (another user's included). */
    async bookRemove(user: number, id: number): Promise<boolean> {
      const r = await db.deleteFrom('wallet_address_book').where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    // ---- settings ----------------------------------------------------------------------------------------------

    async settings(user: number): Promise<WalletSettings> {
      const row = await db.selectFrom('wallet_settings').selectAll().where('user_id', '=', user).executeTakeFirst();
      return { whitelist: row?.whitelist === 1, whitelistOffAt: num(row?.whitelist_off_at ?? null) };
    },

    /** Sets the whitelist: on (any pending switch-off cancelled), or off from `offAt` on (in force until then). */
    async setWhitelist(user: number, on: boolean, offAt: number | null, now: number): Promise<void> {
      const values = { whitelist: on || offAt !== null ? 1 : 0, whitelist_off_at: on ? null : offAt, updated_at: now };
      await db
        .insertInto('wallet_settings')
        .values({ user_id: user, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },

    // ---- API keys allowed to withdraw --------------------------------------------------------------------------

    async apiWithdrawKeys(user: number): Promise<string[]> {
      return (await db.selectFrom('wallet_api_keys').select('api_key').where('user_id', '=', user).orderBy('api_key').execute()).map((r) => r.api_key);
    },

    async apiKeyCanWithdraw(apiKey: string, user: number): Promise<boolean> {
      const row = await db.selectFrom('wallet_api_keys').select('api_key').where('api_key', '=', apiKey).where('user_id', '=', user).executeTakeFirst();
      return row !== undefined;
    },

    async setApiWithdraw(user: number, apiKey: string, on: boolean, now: number): Promise<void> {
      if (on) {
        await db
          .insertInto('wallet_api_keys')
          .values({ api_key: apiKey, user_id: user, updated_at: now })
          .onConflict((oc) => oc.column('api_key').doNothing())
          .execute();
      } else {
        await db.deleteFrom('wallet_api_keys').where('api_key', '=', apiKey).where('user_id', '=', user).execute();
      }
    },
  });
}

export type WalletRepo = ReturnType<typeof createWalletRepo>;
