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

/** A record as a page lists it: with the market it belongs to, or null. */
export interface ListedRecord extends AssetRecord {
  readonly symbol: string | null;
}

// ---- markets of records -------------------------------------------------------------------------------------
// A record names its market in its reference (a trade's, a funding payment's, ...) or names an order whose row has
// the market. Records carry no market column: these are read from what they already have.

/** The reference kinds that name their market right after the kind: `<kind><SYMBOL>:…`. */
const MARKET_REF_KINDS = ['trade:', 'perp:trade:', 'perp:funding:', 'perp:liquidation:', 'perp:margin:', 'perp:leverage:'] as const;
const MARKET_REF = /^(?:trade|perp:(?:trade|funding|liquidation|margin|leverage)):([A-Z0-9]+):/;

/** The reference kinds that name an order (or a seconds contract), with the table that has its market. */
const ORDER_REFS = [
  { prefix: 'order:', table: 'spot_orders', column: 'symbol' },
  { prefix: 'perp:order:', table: 'perp_orders', column: 'symbol' },
  { prefix: 'seconds:', table: 'seconds_contracts', column: 'market' },
] as const;

/** The market a reference names itself (`trade:BTCUSDT:3`, `perp:funding:BTCUSDT:<time>`, …), or null. */
export const refSymbol = (ref: string): string | null => MARKET_REF.exec(ref)?.[1] ?? null;

/** The order a reference names (`perp:order:12` → perp_orders 12), or null. */
function refOrder(ref: string): { readonly table: (typeof ORDER_REFS)[number]; readonly id: number } | null {
  for (const table of ORDER_REFS) {
    if (!ref.startsWith(table.prefix)) continue;
    const id = ref.slice(table.prefix.length);
    // `order:` is also the start of nothing else; a perp order's reference is matched by its own longer prefix.
    return /^\d{1,15}$/.test(id) ? { table, id: Number(id) } : null;
  }
  return null;
}

const SYMBOL = /^[A-Z0-9]{1,32}$/;

export interface RecordFilter {
  readonly user: number;
  readonly types?: readonly string[] | undefined;
  readonly asset?: string | undefined;
  readonly wallet?: string | undefined;
  /**
   * A market (upper-case letters and digits): the records whose reference names it, and those of the user's
   * orders (spot and perpetual) and seconds contracts in it.
   */
  readonly market?: string | undefined;
  /** Unix ms, inclusive. */
  readonly from?: number | undefined;
  /** Unix ms, exclusive. */
  readonly to?: number | undefined;
}

const filtered = <O>(q: SelectQueryBuilder<Database, 'asset_records', O>, f: RecordFilter) => {
  let out = q.where('user_id', '=', f.user);
  if (f.types && f.types.length > 0) out = out.where('type', 'in', [...f.types]);
  if (f.asset !== undefined) out = out.where('asset', '=', f.asset);
  if (f.wallet !== undefined) out = out.where('wallet', '=', f.wallet);
  if (f.market !== undefined) {
    const market = f.market;
    // Checked here too: the symbol goes into LIKE patterns, where `_` and `%` would match more than it.
    if (!SYMBOL.test(market)) throw new RangeError(`not a market symbol: ${market}`);
    out = out.where((eb) =>
      eb.or([
        ...MARKET_REF_KINDS.map((kind) => eb('ref', 'like', `${kind}${market}:%`)),
        // An order's records: its reference is among those of the user's orders in the market (one read of the
        // user's orders, by the tables' user indexes, not one per record).
        ...ORDER_REFS.map(({ prefix, table, column }) =>
          eb(
            'ref',
            'in',
            eb
              .selectFrom(table)
              .select(sql<string>`${prefix} || cast(${sql.ref('id')} as text)`.as('ref'))
              .where('user_id', '=', f.user)
              .where(sql.ref(column), '=', market),
          ),
        ),
      ]),
    );
  }
  if (f.from !== undefined) out = out.where('time', '>=', f.from);
  if (f.to !== undefined) out = out.where('time', '<', f.to);
  return out;
};

/**
 * The two queries of a page, newest first: by time, then id (commit order) among records of the same instant.
 * Both are answered from the (user_id, time) index, whose entries carry the row id (SQLite's rowid; PostgreSQL
 * sorts only the ties of one instant), so neither sorts the user's whole history. The page's ids are picked first
 * and only those rows are read (a deferred join), so the rows an offset skips are never fetched from the table:
 * the last page of 100,000 records costs about what the first does. Filters by type, coin or account read each
 * candidate row, as they must. Exported for the query-plan test.
 */
export function recordPageQueries(db: Kysely<Database>, filter: RecordFilter, offset: number, limit: number) {
  const ids = filtered(db.selectFrom('asset_records').select('id'), filter)
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset);
  const rows = db
    .selectFrom('asset_records')
    .select(['id', 'user_id', 'wallet', 'asset', 'type', money('amount').as('amount'), money('frozen').as('frozen'), 'ref', 'desk', 'seq', 'time'])
    .where('id', 'in', ids)
    .orderBy('time', 'desc')
    .orderBy('id', 'desc');
  const count = filtered(db.selectFrom('asset_records').select(sql<number>`count(*)`.as('n')), filter);
  return { ids, rows, count };
}

export function createRecords(db: Kysely<Database>) {
  return Object.freeze({
    async insert(rows: readonly NewAssetRecord[]): Promise<void> {
      await insertRows(db, 'asset_records', recordRows(rows));
    },

    /** Newest first (see recordPageQueries), each with its market (one read per order table the page refers to). */
    async page(filter: RecordFilter, offset: number, limit: number): Promise<{ rows: ListedRecord[]; total: number }> {
      const q = recordPageQueries(db, filter, offset, limit);
      const rows = await q.rows.execute();
      const total = await q.count.executeTakeFirstOrThrow();
      const orderMarkets = new Map<string, string>();
      for (const table of ORDER_REFS) {
        const ids = [...new Set(rows.map((r) => refOrder(r.ref)).filter((o) => o?.table === table).map((o) => o!.id))];
        if (ids.length === 0) continue;
        const found = await db
          .selectFrom(table.table)
          .select(['id', sql<string>`${sql.ref(table.column)}`.as('market')])
          .where('id', 'in', ids)
          .where('user_id', '=', filter.user)
          .execute();
        for (const o of found) orderMarkets.set(`${table.prefix}${Number(o.id)}`, o.market);
      }
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
          symbol: refSymbol(r.ref) ?? orderMarkets.get(r.ref) ?? null,
        })),
        total: Number(total.n),
      };
    },

    /**
     * A user's records in one wallet whose reference starts with one of `prefixes` (letters, digits, `:` and `.`
     * only), from `from` on (Unix ms, inclusive): the first `limit` by time, read in the (user_id, time) index's
     * order (no sort of the user's history), answered in journal order (seq, then id), which a record's time need
     * not follow (a funding entry carries the time of the period it settles).
     */
    async byRefPrefix(q: { readonly user: number; readonly wallet: string; readonly prefixes: readonly string[]; readonly from: number; readonly limit: number }): Promise<AssetRecord[]> {
      if (q.prefixes.length === 0) return [];
      for (const p of q.prefixes) if (!/^[A-Za-z0-9:.]+$/.test(p)) throw new RangeError(`not a reference prefix: ${p}`);
      const rows = await db
        .selectFrom('asset_records')
        .select(['id', 'user_id', 'wallet', 'asset', 'type', money('amount').as('amount'), money('frozen').as('frozen'), 'ref', 'desk', 'seq', 'time'])
        .where('user_id', '=', q.user)
        .where('time', '>=', q.from)
        .where('wallet', '=', q.wallet)
        .where((eb) => eb.or(q.prefixes.map((p) => eb('ref', 'like', `${p}%`))))
        .orderBy('time')
        .orderBy('id')
        .limit(q.limit)
        .execute();
      rows.sort((a, b) => Number(a.seq) - Number(b.seq) || Number(a.id) - Number(b.id));
      return rows.map((r) => ({
        id: Number(r.id), user: Number(r.user_id), wallet: r.wallet, asset: r.asset, type: r.type, amount: toAmount(r.amount), frozen: toAmount(r.frozen),
        ref: r.ref, desk: r.desk, seq: Number(r.seq), time: Number(r.time),
      }));
    },
  });
}

export type Records = ReturnType<typeof createRecords>;

/** Asset records as asset_records rows (also written by pg-commit.ts). */
export const recordRows = (rows: readonly NewAssetRecord[]) =>
  rows.map((r) => ({
    user_id: r.user, wallet: r.wallet, asset: r.asset, type: r.type, amount: int64(r.amount), frozen: int64(r.frozen), ref: r.ref, desk: r.desk, seq: r.seq,
    time: r.time,
  }));
