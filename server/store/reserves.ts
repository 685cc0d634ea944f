// Liabilities snapshots and their Merkle-sum trees (issue 22, server/reserves/README.md). Migration 0027_reserves.
// The store's side only: the snapshot rows, the public record's entries, the compact blobs a proof is answered from,
// and the two reads of users' balances a snapshot sums (always inside store.snapshot, so they agree).
import { sql, type Generated, type Kysely, type Selectable } from 'kysely';
import type { LiabilitiesRecordEntry } from '../contract/liabilities.ts';
import { toAmount } from './money.ts';
import type { Database } from './schema.ts';

export interface ReservesSnapshotsTable {
  id: Generated<number>;
  /** building → published | failed. */
  status: string;
  /** daily (the job at 00:00 UTC) or operator (`reserves snapshot`). */
  cause: string;
  /** The operator's request id: a repeated command answers the same snapshot. */
  request_id: string | null;
  operator: string | null;
  reason: string | null;
  /** When the balances were read (clock), Unix ms. */
  taken_at: number;
  /** Secret, hex: the nonces and the shuffle come from it. Never in a reply. */
  seed: string;
  /** JSON: the assets in the tree's order. */
  assets: string;
  /** JSON: asset → total minor units (text). */
  totals: string;
  user_count: number;
  leaf_count: number;
  /** Leaves per stored chunk = 2^chunk_level. */
  chunk_level: number;
  root_hash: string | null;
  /** JSON: [{ user, asset, amount }] sums below zero, reported and left at zero in the leaf. */
  negatives: string;
  error: string | null;
  created_at: number;
  published_at: number | null;
}

export interface ReservesRecordTable {
  seq: number;
  snapshot_id: number;
  ts: number;
  assets: string;
  root_hash: string;
  leaf_count: number;
  /** JSON: asset → total minor units, in the assets' order. */
  sums: string;
  prev_hash: string;
  hash: string;
}

export type BlobKind = 'leaves' | 'users' | 'level';

export interface ReservesBlobsTable {
  snapshot_id: number;
  kind: string;
  /** leaves: the chunk's index; users: the block's first user id; level: the level. */
  part: number;
  data: Uint8Array;
}

export interface ReservesTables {
  reserves_snapshots: ReservesSnapshotsTable;
  reserves_record: ReservesRecordTable;
  reserves_blobs: ReservesBlobsTable;
}

export type SnapshotStatus = 'building' | 'published' | 'failed';
export type SnapshotCause = 'daily' | 'operator';

export interface NegativeSum {
  readonly user: number;
  readonly asset: string;
  /** Minor units, below zero. */
  readonly amount: string;
}

export interface SnapshotRow {
  readonly id: number;
  readonly status: SnapshotStatus;
  readonly cause: SnapshotCause;
  readonly requestId: string | null;
  readonly operator: string | null;
  readonly reason: string | null;
  readonly takenAt: number;
  readonly seed: string;
  readonly assets: string[];
  readonly totals: Record<string, string>;
  readonly userCount: number;
  readonly leafCount: number;
  readonly chunkLevel: number;
  readonly rootHash: string | null;
  readonly negatives: NegativeSum[];
  readonly error: string | null;
  readonly createdAt: number;
  readonly publishedAt: number | null;
}

export interface NewSnapshot {
  readonly cause: SnapshotCause;
  readonly requestId: string | null;
  readonly operator: string | null;
  readonly reason: string | null;
  readonly takenAt: number;
  readonly seed: string;
  readonly createdAt: number;
}

export interface BuiltSnapshot {
  readonly assets: readonly string[];
  readonly totals: Record<string, string>;
  readonly userCount: number;
  readonly leafCount: number;
  readonly chunkLevel: number;
  readonly rootHash: string;
  readonly negatives: readonly NegativeSum[];
}

export interface BlobRow {
  readonly snapshotId: number;
  readonly kind: BlobKind;
  readonly part: number;
  readonly data: Uint8Array;
}

/** One user's sum in one asset over every wallet, available + frozen (minor units). */
export interface UserAssetTotal {
  readonly user: number;
  readonly asset: string;
  readonly amount: bigint;
}

export interface ReservesRepo {
  begin(s: NewSnapshot): Promise<number>;
  byId(id: number): Promise<SnapshotRow | undefined>;
  byRequestId(requestId: string): Promise<SnapshotRow | undefined>;
  /** Newest first, every status (the operator's view). */
  list(limit: number): Promise<SnapshotRow[]>;
  /** When the newest published snapshot was taken; null before the first. */
  lastPublishedAt(): Promise<number | null>;
  putBlobs(rows: readonly BlobRow[]): Promise<void>;
  blob(snapshotId: number, kind: BlobKind, part: number): Promise<Uint8Array | undefined>;
  /**
   * Slices of level blobs in one query: for each wanted level, `bytes` bytes from `offset` (0-based). A level that is
   * not stored is missing from the answer.
   */
  levelSlices(snapshotId: number, wanted: ReadonlyArray<{ level: number; offset: number }>, bytes: number): Promise<Map<number, Uint8Array>>;
  /** The users block that holds `user` if any does: the one with the greatest first user ≤ user. */
  usersBlock(snapshotId: number, user: number): Promise<Uint8Array | undefined>;
  /** Marks a built snapshot published and appends its record entry (call inside store.transaction). */
  publish(id: number, built: BuiltSnapshot, entry: LiabilitiesRecordEntry, at: number): Promise<void>;
  fail(id: number, error: string): Promise<void>;
  /** A snapshot left building by a crash (or failed): failed, and its request id free for the request's rerun. */
  abandon(id: number, error: string): Promise<void>;
  /** The record's newest entry. */
  recordHead(): Promise<LiabilitiesRecordEntry | undefined>;
  /** Newest first; `beforeSeq` for the older ones. */
  record(limit: number, beforeSeq?: number): Promise<LiabilitiesRecordEntry[]>;
  recordOf(snapshotId: number): Promise<LiabilitiesRecordEntry | undefined>;
  /** Every asset users hold or have in transit between wallets, however much. */
  assetsHeld(): Promise<string[]>;
  /**
   * Users' sums per asset (available + frozen over every wallet), in user and asset order, for the users after
   * `after`: about `rows` balance rows' worth, whole users only. `next` is the last user read, null at the end.
   */
  userTotals(after: number, rows: number): Promise<{ totals: UserAssetTotal[]; next: number | null }>;
  /** Transfers between a user's wallets debited and not yet credited: the user's money in transit. */
  inTransit(): Promise<UserAssetTotal[]>;
}

const json = <T>(text: string): T => JSON.parse(text) as T;

function toSnapshot(r: Selectable<ReservesSnapshotsTable>): SnapshotRow {
  return {
    id: Number(r.id),
    status: r.status as SnapshotStatus,
    cause: r.cause as SnapshotCause,
    requestId: r.request_id,
    operator: r.operator,
    reason: r.reason,
    takenAt: Number(r.taken_at),
    seed: r.seed,
    assets: json<string[]>(r.assets),
    totals: json<Record<string, string>>(r.totals),
    userCount: Number(r.user_count),
    leafCount: Number(r.leaf_count),
    chunkLevel: Number(r.chunk_level),
    rootHash: r.root_hash,
    negatives: json<NegativeSum[]>(r.negatives),
    error: r.error,
    createdAt: Number(r.created_at),
    publishedAt: r.published_at === null ? null : Number(r.published_at),
  };
}

function toEntry(r: ReservesRecordTable): LiabilitiesRecordEntry {
  return {
    seq: Number(r.seq),
    snapshotId: Number(r.snapshot_id),
    ts: Number(r.ts),
    assets: json<string[]>(r.assets),
    rootHash: r.root_hash,
    leafCount: Number(r.leaf_count),
    sums: json<Record<string, string>>(r.sums),
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}

const asBytes = (data: Uint8Array): Uint8Array => new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

export function createReservesRepo(db: Kysely<Database>): ReservesRepo {
  const snapshots = () => db.selectFrom('reserves_snapshots').selectAll();
  const repo: ReservesRepo = {
    async begin(s: NewSnapshot): Promise<number> {
      const row = await db
        .insertInto('reserves_snapshots')
        .values({
          status: 'building', cause: s.cause, request_id: s.requestId, operator: s.operator, reason: s.reason, taken_at: s.takenAt, seed: s.seed,
          assets: '[]', totals: '{}', user_count: 0, leaf_count: 0, chunk_level: 0, root_hash: null, negatives: '[]', error: null,
          created_at: s.createdAt, published_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async byId(id) {
      const r = await snapshots().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : toSnapshot(r);
    },

    async byRequestId(requestId) {
      const r = await snapshots().where('request_id', '=', requestId).executeTakeFirst();
      return r === undefined ? undefined : toSnapshot(r);
    },

    async list(limit) {
      return (await snapshots().orderBy('id', 'desc').limit(limit).execute()).map(toSnapshot);
    },

    async lastPublishedAt() {
      const r = await db
        .selectFrom('reserves_snapshots')
        .select((eb) => eb.fn.max('taken_at').as('at'))
        .where('status', '=', 'published')
        .executeTakeFirst();
      return r?.at === null || r?.at === undefined ? null : Number(r.at);
    },

    async putBlobs(rows) {
      if (rows.length === 0) return;
      await db
        .insertInto('reserves_blobs')
        .values(rows.map((r) => ({ snapshot_id: r.snapshotId, kind: r.kind, part: r.part, data: r.data })))
        .execute();
    },

    async blob(snapshotId, kind, part) {
      const r = await db
        .selectFrom('reserves_blobs')
        .select('data')
        .where('snapshot_id', '=', snapshotId)
        .where('kind', '=', kind)
        .where('part', '=', part)
        .executeTakeFirst();
      return r === undefined ? undefined : asBytes(r.data);
    },

    async levelSlices(snapshotId, wanted, bytes) {
      if (wanted.length === 0) return new Map();
      for (const w of wanted) if (!Number.isSafeInteger(w.level) || !Number.isSafeInteger(w.offset) || w.offset < 0) throw new RangeError('bad level slice');
      // substr counts from 1 on both databases (on a blob and on bytea alike); literals, so both type them as integers.
      const start = sql.join(wanted.map((w) => sql`when ${sql.lit(w.level)} then ${sql.lit(w.offset + 1)}`), sql` `);
      const rows = await db
        .selectFrom('reserves_blobs')
        .select(['part', sql<Uint8Array>`substr(data, case part ${start} end, ${sql.lit(bytes)})`.as('slice')])
        .where('snapshot_id', '=', snapshotId)
        .where('kind', '=', 'level')
        .where('part', 'in', wanted.map((w) => w.level))
        .execute();
      return new Map(rows.map((r) => [Number(r.part), asBytes(r.slice)]));
    },

    async usersBlock(snapshotId, user) {
      const r = await db
        .selectFrom('reserves_blobs')
        .select('data')
        .where('snapshot_id', '=', snapshotId)
        .where('kind', '=', 'users')
        .where('part', '<=', user)
        .orderBy('part', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r === undefined ? undefined : asBytes(r.data);
    },

    async publish(id, built, entry, at) {
      await db
        .insertInto('reserves_record')
        .values({
          seq: entry.seq, snapshot_id: entry.snapshotId, ts: entry.ts, assets: JSON.stringify(entry.assets), root_hash: entry.rootHash,
          leaf_count: entry.leafCount, sums: JSON.stringify(entry.sums), prev_hash: entry.prevHash, hash: entry.hash,
        })
        .execute();
      const done = await db
        .updateTable('reserves_snapshots')
        .set({
          status: 'published', assets: JSON.stringify(built.assets), totals: JSON.stringify(built.totals), user_count: built.userCount,
          leaf_count: built.leafCount, chunk_level: built.chunkLevel, root_hash: built.rootHash, negatives: JSON.stringify(built.negatives), published_at: at,
        })
        .where('id', '=', id)
        .where('status', '=', 'building')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new Error(`snapshot ${id} is not being built`);
    },

    async fail(id, error) {
      await db.updateTable('reserves_snapshots').set({ status: 'failed', error: error.slice(0, 2000) }).where('id', '=', id).where('status', '=', 'building').execute();
    },

    async abandon(id, error) {
      await db.updateTable('reserves_snapshots').set({ status: 'failed', error, request_id: null }).where('id', '=', id).where('status', '<>', 'published').execute();
    },

    async recordHead() {
      const r = await db.selectFrom('reserves_record').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirst();
      return r === undefined ? undefined : toEntry(r);
    },

    async record(limit, beforeSeq) {
      let q = db.selectFrom('reserves_record').selectAll().orderBy('seq', 'desc').limit(limit);
      if (beforeSeq !== undefined) q = q.where('seq', '<', beforeSeq);
      return (await q.execute()).map(toEntry);
    },

    async recordOf(snapshotId) {
      const r = await db.selectFrom('reserves_record').selectAll().where('snapshot_id', '=', snapshotId).executeTakeFirst();
      return r === undefined ? undefined : toEntry(r);
    },

    async assetsHeld() {
      const rows = await sql<{ asset: string }>`select asset from balances union select asset from transfers where status = 'debited' order by asset`.execute(db);
      return rows.rows.map((r) => r.asset);
    },

    async userTotals(after, rows) {
      // The user of the rows-th balance row after `after` bounds the page, so a page is whole users read by the
      // primary key's range (never an offset into a growing result).
      const bound = await db
        .selectFrom('balances')
        .select('user_id')
        .where('user_id', '>', after)
        .orderBy('user_id')
        .limit(1)
        .offset(Math.max(0, rows - 1))
        .executeTakeFirst();
      let q = db
        .selectFrom('balances')
        .select(['user_id', 'asset', sql<string>`cast(sum(available) + sum(frozen) as text)`.as('amount')])
        .where('user_id', '>', after)
        .groupBy(['user_id', 'asset'])
        .orderBy('user_id')
        .orderBy('asset');
      if (bound !== undefined) q = q.where('user_id', '<=', Number(bound.user_id));
      const found = await q.execute();
      const totals = found.map((r) => ({ user: Number(r.user_id), asset: r.asset, amount: toAmount(r.amount) }));
      return { totals, next: bound === undefined ? null : Number(bound.user_id) };
    },

    async inTransit() {
      const rows = await db
        .selectFrom('transfers')
        .select(['user_id', 'asset', sql<string>`cast(sum(amount) as text)`.as('amount')])
        .where('status', '=', 'debited')
        .groupBy(['user_id', 'asset'])
        .orderBy('user_id')
        .orderBy('asset')
        .execute();
      return rows.map((r) => ({ user: Number(r.user_id), asset: r.asset, amount: toAmount(r.amount) }));
    },
  };
  return Object.freeze(repo);
}
