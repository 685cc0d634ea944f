// Asset records: each user's history of balance changes with the spec's record types, filtered and paged
// newest first. The desks write them in the same transaction as the journal entry they describe.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { insertRows } from './bulk.ts';
import { int64, money, toAmount } from './money.ts';
import type { Database } from './schema.ts';

export interface NewAssetRecord {
  readonly user: number;
  readonly wallet: string;
  readonly asset: string;
  readonly type: string;
  /** Change of the available part, minor units. */
  readonly amount: bigint;
  /** Change of the frozen part. */
  readonly frozen: bigint;
  readonly ref: string;
  readonly desk: string;
  readonly seq: number;
  readonly time: number;
}

export interface AssetRecord extends NewAssetRecord {
  readonly id: number;
}

export interface RecordFilter {
  readonly user: number;
  readonly types?: readonly string[] | undefined;
  readonly asset?: string | undefined;
  readonly wallet?: string | undefined;
  /** Unix ms, inclusive. */
  readonly from?: number | undefined;
  /** Unix ms, exclusive. */
  readonly to?: number | undefined;
}

export function createRecords(db: Kysely<Database>) {
  const filtered = <O>(q: SelectQueryBuilder<Database, 'asset_records', O>, f: RecordFilter) => {
    let out = q.where('user_id', '=', f.user);
    if (f.types && f.types.length > 0) out = out.where('type', 'in', [...f.types]);
    if (f.asset !== undefined) out = out.where('asset', '=', f.asset);
    if (f.wallet !== undefined) out = out.where('wallet', '=', f.wallet);
    if (f.from !== undefined) out = out.where('time', '>=', f.from);
    if (f.to !== undefined) out = out.where('time', '<', f.to);
    return out;
  };

  return Object.freeze({
    async insert(rows: readonly NewAssetRecord[]): Promise<void> {
      const values = rows.map((r) => ({
        user_id: r.user,
        wallet: r.wallet,
        asset: r.asset,
        type: r.type,
        amount: int64(r.amount),
        frozen: int64(r.frozen),
        ref: r.ref,
        desk: r.desk,
        seq: r.seq,
        time: r.time,
      }));
      await insertRows(db, 'asset_records', values);
    },

    /** Newest first (by id, which follows commit order). */
    async page(filter: RecordFilter, offset: number, limit: number): Promise<{ rows: AssetRecord[]; total: number }> {
      const rows = await filtered(
        db
          .selectFrom('asset_records')
          .select(['id', 'user_id', 'wallet', 'asset', 'type', money('amount').as('amount'), money('frozen').as('frozen'), 'ref', 'desk', 'seq', 'time']),
        filter,
      )
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      const total = await filtered(db.selectFrom('asset_records').select(sql<number>`count(*)`.as('n')), filter).executeTakeFirstOrThrow();
      return {
        rows: rows.map((r) => ({
          id: r.id,
          user: r.user_id,
          wallet: r.wallet,
          asset: r.asset,
          type: r.type,
          amount: toAmount(r.amount),
          frozen: toAmount(r.frozen),
          ref: r.ref,
          desk: r.desk,
          seq: Number(r.seq),
          time: r.time,
        })),
        total: Number(total.n),
      };
    },
  });
}

export type Records = ReturnType<typeof createRecords>;
