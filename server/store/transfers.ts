// Transfers between a user's wallets. The source desk inserts the row (status debited) in the transaction that
// takes the funds; the destination desk marks it credited in the transaction that pays them out, exactly once.
import { sql, type Kysely, type Selectable } from 'kysely';
import { chunks } from './chunks.ts';
import { eachClientId } from './client-ids.ts';
import { int64, money, moneySum, toAmount } from './money.ts';
import type { Database, TransfersTable } from './schema.ts';

export type TransferStatus = 'debited' | 'credited';

export interface Transfer {
  readonly id: string;
  readonly user: number;
  readonly clientId: string | null;
  readonly asset: string;
  readonly amount: bigint;
  readonly from: string;
  readonly to: string;
  readonly status: TransferStatus;
  readonly createdAt: number;
  readonly creditedAt: number | null;
}

type Row = Omit<Selectable<TransfersTable>, 'amount'> & { amount: string };

const toTransfer = (r: Row): Transfer => ({
  id: r.id,
  user: r.user_id,
  clientId: r.client_id,
  asset: r.asset,
  amount: toAmount(r.amount),
  from: r.from_wallet,
  to: r.to_wallet,
  status: r.status === 'credited' ? 'credited' : 'debited',
  createdAt: r.created_at,
  creditedAt: r.credited_at,
});

export function createTransfers(db: Kysely<Database>) {
  const rows = () =>
    db
      .selectFrom('transfers')
      .select(['id', 'user_id', 'client_id', 'asset', money('amount').as('amount'), 'from_wallet', 'to_wallet', 'status', 'created_at', 'credited_at']);

  return Object.freeze({
    async insert(transfers: readonly Transfer[]): Promise<void> {
      const values = transfers.map((t) => ({
        id: t.id,
        user_id: t.user,
        client_id: t.clientId,
        asset: t.asset,
        amount: int64(t.amount),
        from_wallet: t.from,
        to_wallet: t.to,
        status: t.status,
        created_at: t.createdAt,
        credited_at: t.creditedAt,
      }));
      for (const part of chunks(values)) await db.insertInto('transfers').values(part).execute();
    },

    /** Marks a debited transfer credited; throws unless it was debited, so a credit can never be paid twice. */
    async markCredited(id: string, now: number): Promise<void> {
      const result = await db
        .updateTable('transfers')
        .set({ status: 'credited', credited_at: now })
        .where('id', '=', id)
        .where('status', '=', 'debited')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new Error(`transfer ${id} is not awaiting its credit`);
    },

    find: async (id: string) => {
      const row = await rows().where('id', '=', id).executeTakeFirst();
      return row ? toTransfer(row) : undefined;
    },
    /** The transfer a user sent from wallet `from` with this client id (unique per user and source wallet). */
    findByClientId: async (user: number, from: string, clientId: string) => {
      const row = await rows().where('from_wallet', '=', from).where('user_id', '=', user).where('client_id', '=', clientId).executeTakeFirst();
      return row ? toTransfer(row) : undefined;
    },
    /** Every `user:clientId` of the transfers sent from `from`, for that desk's filter of stored ids; returns how many. */
    eachClientId: (from: string, visit: (key: string) => void) => eachClientId(db, { table: 'transfers', column: 'client_id', wallet: from }, visit),
    /** Transfers whose source has debited but whose destination has not credited yet, oldest first. */
    pending: async () => (await rows().where('status', '=', 'debited').orderBy('created_at').orderBy('id').execute()).map(toTransfer),
    /** Σ of pending amounts per source wallet and asset: what each transit account must hold. */
    async inTransit(): Promise<Array<{ from: string; asset: string; amount: bigint }>> {
      const list = await db
        .selectFrom('transfers')
        .select(['from_wallet', 'asset', moneySum('amount').as('amount')])
        .where('status', '=', 'debited')
        .groupBy(['from_wallet', 'asset'])
        .execute();
      return list.map((r) => ({ from: r.from_wallet, asset: r.asset, amount: toAmount(r.amount) }));
    },
    async count(user: number): Promise<number> {
      const row = await db.selectFrom('transfers').select(sql<number>`count(*)`.as('n')).where('user_id', '=', user).executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** A user's transfers, newest first. */
    list: async (user: number, offset: number, limit: number) =>
      (await rows().where('user_id', '=', user).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute()).map(toTransfer),
  });
}

export type Transfers = ReturnType<typeof createTransfers>;
