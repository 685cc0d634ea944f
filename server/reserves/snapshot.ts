// A liabilities snapshot (server/reserves/README.md): every user's balances per asset, summed over the five wallets
// (available + frozen) plus their transfers between wallets still in transit, read on one consistent store
// snapshot; built into the Merkle-sum tree of contract/liabilities.ts; kept compactly for the users' proofs; its
// root appended to the public liabilities record.
//
// Order of work: the id is taken first (a `building` row: every leaf commits to it); the balances are read in one
// store.snapshot, in pages of whole users, into flat typed arrays (ids and amounts, a few tens of MB for a million
// users); the store's connection is then free again while the tree is built leaf by leaf in the shuffled order,
// each chunk of 2^CHUNK_LEVEL leaves written as one blob, the nodes from the chunks' roots up kept as one blob per
// level; the root is published with the record entry in one transaction. A failure marks the row failed and
// publishes nothing. Snapshots in one process run one at a time (the daily job and the operator's command).
//
// Negative sums: a user's balances can't be negative (the database refuses it), and nothing else enters a leaf, so
// there is none; should one ever appear, the tree's rule (no negative leaf) stands: the asset is left at zero in that
// user's leaf (the published totals then overstate the liabilities, never understate them) and the user, asset and
// amount are reported to the operator and kept with the snapshot.
import { hash as oneShot, randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import {
  amountsOf, createFolder, depthOf, leafNode, leafNonce, paddedLeafCount, recordHash, shuffledOrder, type LiabilitiesRecordEntry, type SumNode, type SyncHasher,
} from '../contract/liabilities.ts';
import type { Store } from '../store/index.ts';
import type { BlobRow, NegativeSum, SnapshotCause, SnapshotRow } from '../store/reserves.ts';
import { ByteWriter } from './codec.ts';

/** Leaves per stored chunk: 2^10 = 1,024 (a proof rebuilds one chunk: about 3,000 hashes). */
export const CHUNK_LEVEL = 10;
/** Users per block of the user → leaf index. */
export const USERS_BLOCK = 4096;
/** Balance rows per read page. */
export const READ_ROWS = 20_000;
/** Blob bytes written per transaction. */
const WRITE_BYTES = 4 * 1024 * 1024;

/** node:crypto's one-shot hash: half the cost of a createHash object per call, and a tree makes 3 million. */
export const sha256Sync: SyncHasher = (text) => oneShot('sha256', text, 'hex');

export interface SnapshotOptions {
  readonly store: Store;
  readonly clock: Clock;
  readonly cause: SnapshotCause;
  /** The operator's request id: the same id again answers the snapshot it made. */
  readonly requestId?: string | undefined;
  readonly operator?: string | undefined;
  readonly reason?: string | undefined;
  /** Tests only: a fixed seed (hex) instead of 32 random bytes. */
  readonly seed?: string | undefined;
  /** Tests only: smaller chunks, so small trees have several. */
  readonly chunkLevel?: number | undefined;
}

export interface SnapshotReport {
  readonly snapshotId: number;
  readonly seq: number;
  readonly takenAt: number;
  readonly assets: readonly string[];
  /** asset → minor units (text). */
  readonly totals: Record<string, string>;
  readonly userCount: number;
  readonly leafCount: number;
  readonly rootHash: string;
  readonly recordHash: string;
  readonly negatives: readonly NegativeSum[];
  /** An earlier run of the same request made it: nothing was done now. */
  readonly duplicate: boolean;
  readonly ms: { read: number; build: number; total: number };
}

/** Snapshots in progress per store: one at a time in a process. */
const running = new WeakMap<Store, Promise<unknown>>();

export function takeSnapshot(o: SnapshotOptions): Promise<SnapshotReport> {
  const before = running.get(o.store) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => snapshotNow(o));
  running.set(o.store, run);
  return run;
}

/** Users read: ids in order, and per user one amount per asset (row-major), growing as they come. */
class Columns {
  ids = new Float64Array(1024);
  amounts: BigInt64Array;
  count = 0;
  readonly width: number;
  constructor(width: number) {
    this.width = width;
    this.amounts = new BigInt64Array(1024 * Math.max(1, width));
  }
  add(user: number, values: readonly bigint[]): void {
    if (this.count === this.ids.length) {
      const ids = new Float64Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
      const amounts = new BigInt64Array(this.amounts.length * 2);
      amounts.set(this.amounts);
      this.amounts = amounts;
    }
    this.ids[this.count] = user;
    this.amounts.set(values, this.count * this.width);
    this.count++;
  }
}

interface ReadResult {
  readonly assets: string[];
  readonly columns: Columns;
  readonly negatives: NegativeSum[];
}

/** Every user's sums, on one consistent snapshot of the store. */
async function readBalances(store: Store): Promise<ReadResult> {
  return store.snapshot(async (repos) => {
    const assets = await repos.reserves.assetsHeld();
    const column = new Map(assets.map((a, i) => [a, i]));
    // Merged into the users' sums in user order below: sorted here, whatever order the read gave.
    const transit = [...(await repos.reserves.inTransit())].sort((a, b) => a.user - b.user);
    const columns = new Columns(assets.length);
    const negatives: NegativeSum[] = [];
    let t = 0;
    let user = -1;
    let values: bigint[] = new Array<bigint>(assets.length).fill(0n);
    const flush = () => {
      if (user < 0) return;
      let any = false;
      for (let i = 0; i < values.length; i++) {
        if (values[i]! < 0n) {
          negatives.push({ user, asset: assets[i]!, amount: values[i]!.toString() });
          values[i] = 0n;
        }
        if (values[i]! > 0n) any = true;
      }
      if (any) columns.add(user, values);
      user = -1;
      values = new Array<bigint>(assets.length).fill(0n);
    };
    const add = (u: number, asset: string, amount: bigint) => {
      if (u !== user) {
        flush();
        user = u;
      }
      const i = column.get(asset);
      if (i === undefined) throw new Error(`asset ${asset} appeared during the snapshot`);
      values[i] = values[i]! + amount;
    };
    // Transfers in transit merge into the users' sums in user order (a user with money only in transit counts too).
    const transitUpTo = (u: number) => {
      while (t < transit.length && transit[t]!.user <= u) {
        const x = transit[t++]!;
        add(x.user, x.asset, x.amount);
      }
    };
    for (let after = 0; ; ) {
      const page = await repos.reserves.userTotals(after, READ_ROWS);
      for (const r of page.totals) {
        transitUpTo(r.user);
        add(r.user, r.asset, r.amount);
      }
      if (page.next === null) break;
      after = page.next;
    }
    transitUpTo(Number.MAX_SAFE_INTEGER);
    flush();
    return { assets, columns, negatives };
  });
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function reportOf(row: SnapshotRow, entry: LiabilitiesRecordEntry, duplicate: boolean, ms: SnapshotReport['ms']): SnapshotReport {
  return {
    snapshotId: row.id, seq: entry.seq, takenAt: row.takenAt, assets: row.assets, totals: row.totals, userCount: row.userCount, leafCount: row.leafCount,
    rootHash: row.rootHash ?? entry.rootHash, recordHash: entry.hash, negatives: row.negatives, duplicate, ms,
  };
}

async function snapshotNow(o: SnapshotOptions): Promise<SnapshotReport> {
  const { store, clock } = o;
  const started = performance.now();
  if (o.requestId !== undefined) {
    const earlier = await store.reserves.byRequestId(o.requestId);
    if (earlier !== undefined && earlier.status === 'published') {
      const entry = await store.reserves.recordOf(earlier.id);
      if (entry === undefined) throw new Error(`snapshot ${earlier.id} is published without its record entry`);
      return reportOf(earlier, entry, true, { read: 0, build: 0, total: 0 });
    }
    // Failed, or cut off by a crash (one process runs one at a time): the request runs again under a new id.
    if (earlier !== undefined) await store.reserves.abandon(earlier.id, earlier.error ?? 'interrupted');
  }
  const seed = o.seed ?? hex(randomBytes(32));
  const takenAt = clock();
  const id = await store.reserves.begin({
    cause: o.cause, requestId: o.requestId ?? null, operator: o.operator ?? null, reason: o.reason ?? null, takenAt, seed, createdAt: takenAt,
  });
  try {
    const read = await readBalances(store);
    const readMs = performance.now() - started;
    const built = await build(store, id, seed, read, o.chunkLevel ?? CHUNK_LEVEL);
    const buildMs = performance.now() - started - readMs;
    const entry = await publish(store, id, takenAt, built, clock);
    const row = await store.reserves.byId(id);
    if (row === undefined) throw new Error(`snapshot ${id} vanished`);
    return reportOf(row, entry, false, { read: readMs, build: buildMs, total: performance.now() - started });
  } catch (error) {
    await store.reserves.fail(id, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    throw error;
  }
}

interface Built {
  readonly assets: string[];
  readonly totals: Record<string, string>;
  readonly userCount: number;
  readonly leafCount: number;
  readonly chunkLevel: number;
  readonly root: SumNode;
  readonly negatives: NegativeSum[];
}

async function build(store: Store, id: number, seed: string, read: ReadResult, maxChunkLevel: number): Promise<Built> {
  const hash = sha256Sync;
  const { columns, negatives } = read;
  const n = columns.count;
  const width = columns.width;
  // The tree lists the assets someone holds now; an asset every user holds none of is left out.
  const totalsAll = new Array<bigint>(width).fill(0n);
  for (let u = 0; u < n; u++) for (let a = 0; a < width; a++) totalsAll[a] = totalsAll[a]! + columns.amounts[u * width + a]!;
  const keep = read.assets.map((_, a) => a).filter((a) => totalsAll[a]! > 0n);
  const assets = keep.map((a) => read.assets[a]!);
  const totals = amountsOf(assets, keep.map((a) => totalsAll[a]!));

  const leafCount = paddedLeafCount(n);
  const depth = depthOf(leafCount);
  const chunkLevel = Math.min(maxChunkLevel, depth);
  const chunkSize = 2 ** chunkLevel;
  const order = shuffledOrder(hash, seed, leafCount);

  let pending: BlobRow[] = [];
  let pendingBytes = 0;
  const put = async (row: BlobRow) => {
    pending.push(row);
    pendingBytes += row.data.length;
    if (pendingBytes >= WRITE_BYTES) await flush();
  };
  const flush = async () => {
    const rows = pending;
    pending = [];
    pendingBytes = 0;
    if (rows.length > 0) await store.transaction((repos) => repos.reserves.putBlobs(rows));
  };

  // user → leaf index, in blocks of users in id order.
  const leafOf = new Uint32Array(n);
  for (let pos = 0; pos < leafCount; pos++) {
    const slot = order[pos]!;
    if (slot < n) leafOf[slot] = pos;
  }
  const users = new ByteWriter();
  for (let first = 0; first < n; first += USERS_BLOCK) {
    const end = Math.min(n, first + USERS_BLOCK);
    users.uint(end - first);
    let prev = 0;
    for (let u = first; u < end; u++) {
      const user = columns.ids[u]!;
      users.uint(user - prev);
      users.uint(leafOf[u]!);
      prev = user;
    }
    await put({ snapshotId: id, kind: 'users', part: columns.ids[first]!, data: users.take() });
  }

  // The levels from the chunks' roots up, each one blob.
  const levels: ByteWriter[] = [];
  for (let l = chunkLevel; l <= depth; l++) levels.push(new ByteWriter());
  const folder = createFolder(hash, assets, (level, _index, node) => {
    if (level < chunkLevel) return;
    const w = levels[level - chunkLevel]!;
    w.hash(node.hash);
    for (const s of node.sums) w.u64(s);
  });
  const zeros: bigint[] = new Array<bigint>(assets.length).fill(0n);
  const chunk = new ByteWriter();
  for (let pos = 0; pos < leafCount; pos++) {
    const slot = order[pos]!;
    let user = 0;
    let balances = zeros;
    if (slot < n) {
      user = columns.ids[slot]!;
      balances = keep.map((a) => columns.amounts[slot * width + a]!);
      chunk.uint(user);
      for (const b of balances) chunk.big(b);
    } else {
      chunk.uint(0);
    }
    folder.push(leafNode(hash, leafNonce(hash, seed, pos), id, assets, balances));
    if ((pos + 1) % chunkSize === 0) {
      await put({ snapshotId: id, kind: 'leaves', part: (pos + 1) / chunkSize - 1, data: chunk.take() });
      // Hashing is the CPU-bound part: let the server answer requests between chunks.
      await yieldToLoop();
    }
  }
  for (let l = chunkLevel; l <= depth; l++) await put({ snapshotId: id, kind: 'level', part: l, data: levels[l - chunkLevel]!.take() });
  await flush();
  return { assets, totals, userCount: n, leafCount, chunkLevel, root: folder.root(), negatives };
}

async function publish(store: Store, id: number, takenAt: number, b: Built, clock: Clock): Promise<LiabilitiesRecordEntry> {
  return store.transaction(async (repos) => {
    const head = await repos.reserves.recordHead();
    if (head !== undefined && (head.snapshotId > id || head.ts > takenAt)) {
      throw new Error(`snapshot ${head.snapshotId}, taken later, was published first; this one is dropped (take a new one)`);
    }
    const body = {
      seq: (head?.seq ?? 0) + 1, snapshotId: id, ts: takenAt, assets: b.assets, rootHash: b.root.hash, leafCount: b.leafCount, sums: b.totals,
      prevHash: head?.hash ?? '0'.repeat(64),
    };
    const entry: LiabilitiesRecordEntry = { ...body, hash: await recordHash(body) };
    await repos.reserves.publish(
      id,
      { assets: b.assets, totals: b.totals, userCount: b.userCount, leafCount: b.leafCount, chunkLevel: b.chunkLevel, rootHash: b.root.hash, negatives: b.negatives },
      entry,
      clock(),
    );
    return entry;
  });
}
