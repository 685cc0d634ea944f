// The proof of liabilities' shared rules (issue 22; server/reserves/README.md): a Merkle-sum tree of every user's
// balances, OKX's shape with BitMEX's hardening. The server builds the tree with these functions and the browser
// (/myassets "Verify my balance") and `npm run verify -- liabilities` check a proof with the same ones, so a proof
// either verifies to the last unit or says where it fails. No imports: it runs in the browser and in Node alike
// (SHA-256 from WebCrypto, `globalThis.crypto.subtle`; the server's builder takes a synchronous hasher instead).
//
// What is hashed (UTF-8 text, lowercase hex SHA-256; `amounts` is the canonical JSON of a list of amounts in the
// snapshot's asset order, e.g. {"BTC":"150000000","USDT":"0"}: every asset of the snapshot, none other, amounts as
// non-negative integers of minor units, 10^-8 of a coin, in decimal text without leading zeros):
//   leaf = sha256("L|" + nonce + "|" + snapshotId + "|" + amounts(balances))
//   node = sha256("N|" + left.hash + "|" + amounts(left.sums) + "|" + right.hash + "|" + amounts(right.sums))
//   node.sums = left.sums + right.sums, per asset
// A node commits to both children's sums (not only to their total), which blocks the known attack on Maxwell's
// original tree (a parent hiding a negative child). The nonce (128 bits, per user and per snapshot) is shown to that
// user alone: without it nobody can test guessed balances against a leaf. Leaves are shuffled and the tree is padded
// to a power of two with zero leaves, each with its own nonce, so positions and the leaf count say little about
// the users. A proof carries the user's leaf (nonce, balances), the sibling of each level from the leaf up (its
// side, hash and sums) and the root; the verifier recomputes the leaf, folds the path checking every sibling's sums
// are non-negative, and compares the result with the root published in the public liabilities record.
//
// The public liabilities record is a hash chain like the price record's (seconds-record.ts): entry seq from 1,
//   hash = sha256(seq|snapshotId|ts|rootHash|leafCount|amounts(sums)|prevHash), prevHash of the first 64 zeros.

export const PROOF_VERSION = 1;
export const GENESIS_HASH = '0'.repeat(64);
/** A tree never has more levels than this (2^40 leaves): a path longer than it is not a proof. */
export const MAX_DEPTH = 40;

const ASSET = /^[A-Z0-9]{1,16}$/;
const UNITS = /^(0|-?[1-9]\d{0,30})$/;
const HEX64 = /^[0-9a-f]{64}$/;
const NONCE = /^[0-9a-f]{32}$/;

/** asset → amount, integer minor units (10^-8 of a coin) in decimal text. */
export type Amounts = Record<string, string>;

/** One level of a proof's path: the sibling of the node on the way up, `side` where the sibling sits. */
export interface PathStep {
  side: 'L' | 'R';
  hash: string;
  sums: Amounts;
}

export interface LiabilitiesRoot {
  hash: string;
  sums: Amounts;
  /** A power of two: the users' leaves and the padding. */
  leafCount: number;
}

/** What a user downloads and keeps: enough to recompute their leaf and the root. */
export interface LiabilitiesProof {
  version: typeof PROOF_VERSION;
  snapshotId: number;
  /** The snapshot's assets, in the order every `amounts` text lists them. */
  assets: string[];
  leaf: { nonce: string; balances: Amounts };
  /** From the leaf's sibling up to the root's children. */
  path: PathStep[];
  root: LiabilitiesRoot;
}

/** A root as the public record publishes it. */
export interface PublishedRoot extends LiabilitiesRoot {
  snapshotId: number;
}

/** One entry of the public liabilities record (newest first in /app/reserves/snapshots). */
export interface LiabilitiesRecordEntry {
  seq: number;
  snapshotId: number;
  /** When the snapshot was taken, Unix ms. */
  ts: number;
  assets: string[];
  rootHash: string;
  leafCount: number;
  /** The per-asset totals of every user's balances. */
  sums: Amounts;
  prevHash: string;
  hash: string;
}

/** Where a check stopped: the proof's shape, the leaf, a level of the path, the root, the published root. */
export type VerifyStep = 'format' | 'leaf' | 'path' | 'root' | 'published';

export type VerifyFailure =
  | 'format'
  | 'leaf.negative'
  | 'sibling.negative'
  | 'path.length'
  | 'root.hash'
  | 'root.sums'
  | 'published.snapshot'
  | 'published.hash'
  | 'published.sums'
  | 'published.leafCount';

export type VerifyResult =
  | {
      ok: true;
      root: LiabilitiesRoot;
      leafHash: string;
      /** The leaf's position in the tree (0 = leftmost), as the path's sides give it. */
      leafIndex: number;
    }
  | {
      ok: false;
      reason: VerifyFailure;
      step: VerifyStep;
      /** For a level of the path: which (0 = the leaf's sibling). */
      level?: number;
      /** What is wrong, in English, for a log or the command line. */
      detail: string;
    };

// ---- encoding ----

/** The canonical JSON of amounts in the snapshot's asset order: {"BTC":"1","USDT":"0"}. */
export function amountsText(assets: readonly string[], values: readonly bigint[]): string {
  let out = '{';
  for (let i = 0; i < assets.length; i++) out += `${i === 0 ? '' : ','}"${assets[i]}":"${values[i]!.toString()}"`;
  return `${out}}`;
}

export const leafPreimage = (nonce: string, snapshotId: number, assets: readonly string[], balances: readonly bigint[]): string =>
  `L|${nonce}|${snapshotId}|${amountsText(assets, balances)}`;

export interface SumNode {
  readonly hash: string;
  readonly sums: readonly bigint[];
}

export const nodePreimage = (assets: readonly string[], left: SumNode, right: SumNode): string =>
  `N|${left.hash}|${amountsText(assets, left.sums)}|${right.hash}|${amountsText(assets, right.sums)}`;

export const recordPreimage = (e: Omit<LiabilitiesRecordEntry, 'hash'>): string =>
  `${e.seq}|${e.snapshotId}|${e.ts}|${e.rootHash}|${e.leafCount}|${amountsText(e.assets, e.assets.map((a) => BigInt(e.sums[a] ?? '0')))}|${e.prevHash}`;

const hex = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** Lowercase hex SHA-256 of the UTF-8 text (WebCrypto: the same in Node and the browser). */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

export const leafHash = (nonce: string, snapshotId: number, assets: readonly string[], balances: readonly bigint[]): Promise<string> =>
  sha256Hex(leafPreimage(nonce, snapshotId, assets, balances));

export const nodeHash = (assets: readonly string[], left: SumNode, right: SumNode): Promise<string> => sha256Hex(nodePreimage(assets, left, right));

export const recordHash = (e: Omit<LiabilitiesRecordEntry, 'hash'>): Promise<string> => sha256Hex(recordPreimage(e));

/** Minor units → the amounts object of a proof or record. */
export function amountsOf(assets: readonly string[], values: readonly bigint[]): Amounts {
  const out: Amounts = {};
  assets.forEach((a, i) => (out[a] = values[i]!.toString()));
  return out;
}

// ---- verification ----

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The amounts of `v` in `assets` order, or a reason; signs are kept (the callers decide what a negative means). */
function readAmounts(v: unknown, assets: readonly string[], what: string): bigint[] | string {
  if (!isRecord(v)) return `${what} is not an object of amounts`;
  const keys = Object.keys(v);
  if (keys.length !== assets.length || !assets.every((a) => Object.hasOwn(v, a))) return `${what} must list exactly the snapshot's assets (${assets.join(', ')})`;
  const out: bigint[] = [];
  for (const a of assets) {
    const text = v[a];
    if (typeof text !== 'string' || !UNITS.test(text)) return `${what}.${a} is not an integer amount of minor units`;
    out.push(BigInt(text));
  }
  return out;
}

const isPowerOfTwo = (n: number) => Number.isSafeInteger(n) && n >= 1 && (n & (n - 1)) === 0 && n <= 2 ** MAX_DEPTH;
const log2 = (n: number) => Math.round(Math.log2(n));

interface ParsedProof {
  snapshotId: number;
  assets: string[];
  nonce: string;
  balances: bigint[];
  path: Array<{ side: 'L' | 'R'; hash: string; sums: bigint[] }>;
  root: { hash: string; sums: bigint[]; leafCount: number };
}

function parseProof(p: unknown): ParsedProof | string {
  if (!isRecord(p)) return 'the proof is not a JSON object';
  if (p['version'] !== PROOF_VERSION) return `version must be ${PROOF_VERSION}`;
  const snapshotId = p['snapshotId'];
  if (typeof snapshotId !== 'number' || !Number.isSafeInteger(snapshotId) || snapshotId < 1) return 'snapshotId must be a positive integer';
  const assets = p['assets'];
  if (!Array.isArray(assets) || !assets.every((a): a is string => typeof a === 'string' && ASSET.test(a))) return 'assets must be a list of asset codes (A-Z, 0-9)';
  if (new Set(assets).size !== assets.length) return 'assets must not repeat';
  const leaf = p['leaf'];
  if (!isRecord(leaf)) return 'leaf is missing';
  if (typeof leaf['nonce'] !== 'string' || !NONCE.test(leaf['nonce'])) return 'leaf.nonce must be 32 lowercase hex digits';
  const balances = readAmounts(leaf['balances'], assets, 'leaf.balances');
  if (typeof balances === 'string') return balances;
  const rawPath = p['path'];
  if (!Array.isArray(rawPath) || rawPath.length > MAX_DEPTH) return `path must be a list of at most ${MAX_DEPTH} levels`;
  const path: ParsedProof['path'] = [];
  for (let i = 0; i < rawPath.length; i++) {
    const s: unknown = rawPath[i];
    if (!isRecord(s)) return `path[${i}] is not an object`;
    if (s['side'] !== 'L' && s['side'] !== 'R') return `path[${i}].side must be "L" or "R"`;
    if (typeof s['hash'] !== 'string' || !HEX64.test(s['hash'])) return `path[${i}].hash must be 64 lowercase hex digits`;
    const sums = readAmounts(s['sums'], assets, `path[${i}].sums`);
    if (typeof sums === 'string') return sums;
    path.push({ side: s['side'], hash: s['hash'], sums });
  }
  const root = p['root'];
  if (!isRecord(root)) return 'root is missing';
  if (typeof root['hash'] !== 'string' || !HEX64.test(root['hash'])) return 'root.hash must be 64 lowercase hex digits';
  const leafCount = root['leafCount'];
  if (typeof leafCount !== 'number' || !isPowerOfTwo(leafCount)) return 'root.leafCount must be a power of two';
  const rootSums = readAmounts(root['sums'], assets, 'root.sums');
  if (typeof rootSums === 'string') return rootSums;
  return { snapshotId, assets, nonce: leaf['nonce'], balances, path, root: { hash: root['hash'], sums: rootSums, leafCount } };
}

const equal = (a: readonly bigint[], b: readonly bigint[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Checks a proof: its shape; the leaf, recomputed from the user's own nonce and balances (none negative); every
 * level of the path (each sibling's sums non-negative, the parent's hash and sums recomputed); the result against
 * the proof's root (hash, sums, and a path as long as the tree is deep); and, when given, against the root the
 * public record published for the snapshot (fetched separately: the proof's own root proves nothing on its own).
 */
export async function verifyProof(proof: unknown, published?: PublishedRoot | LiabilitiesRoot): Promise<VerifyResult> {
  const p = parseProof(proof);
  if (typeof p === 'string') return { ok: false, reason: 'format', step: 'format', detail: p };
  const fail = (reason: VerifyFailure, step: VerifyStep, detail: string, level?: number): VerifyResult =>
    level === undefined ? { ok: false, reason, step, detail } : { ok: false, reason, step, level, detail };
  const negative = p.assets.find((_, i) => p.balances[i]! < 0n);
  if (negative !== undefined) return fail('leaf.negative', 'leaf', `the leaf's ${negative} balance is negative`);
  const leaf = await leafHash(p.nonce, p.snapshotId, p.assets, p.balances);
  let node: SumNode = { hash: leaf, sums: p.balances };
  let index = 0;
  for (let level = 0; level < p.path.length; level++) {
    const s = p.path[level]!;
    const bad = p.assets.find((_, i) => s.sums[i]! < 0n);
    if (bad !== undefined) return fail('sibling.negative', 'path', `the sibling at level ${level} has a negative ${bad} sum`, level);
    const sibling: SumNode = { hash: s.hash, sums: s.sums };
    const [left, right] = s.side === 'L' ? [sibling, node] : [node, sibling];
    if (s.side === 'L') index += 2 ** level;
    node = { hash: await nodeHash(p.assets, left, right), sums: left.sums.map((x, i) => x + right.sums[i]!) };
  }
  if (p.path.length !== log2(p.root.leafCount)) {
    return fail('path.length', 'root', `a tree of ${p.root.leafCount} leaves has ${log2(p.root.leafCount)} levels; the path has ${p.path.length}`);
  }
  if (node.hash !== p.root.hash) return fail('root.hash', 'root', `the path leads to ${node.hash}, not to the proof's root ${p.root.hash}`);
  if (!equal(node.sums, p.root.sums)) return fail('root.sums', 'root', `the path's sums ${amountsText(p.assets, node.sums)} are not the root's ${amountsText(p.assets, p.root.sums)}`);
  const root: LiabilitiesRoot = { hash: node.hash, sums: amountsOf(p.assets, node.sums), leafCount: p.root.leafCount };
  if (published !== undefined) {
    if ('snapshotId' in published && published.snapshotId !== p.snapshotId) {
      return fail('published.snapshot', 'published', `the published root is of snapshot ${published.snapshotId}, the proof of snapshot ${p.snapshotId}`);
    }
    if (published.hash !== node.hash) return fail('published.hash', 'published', `the published root is ${published.hash}; the proof leads to ${node.hash}`);
    const sums = readAmounts(published.sums, p.assets, 'the published sums');
    if (typeof sums === 'string' || !equal(sums, node.sums)) return fail('published.sums', 'published', "the published totals are not the proof's");
    if (published.leafCount !== p.root.leafCount) return fail('published.leafCount', 'published', `the published tree has ${published.leafCount} leaves, the proof's ${p.root.leafCount}`);
  }
  return { ok: true, root, leafHash: leaf, leafIndex: index };
}

/** The root a record entry publishes. */
export const publishedRoot = (e: LiabilitiesRecordEntry): PublishedRoot => ({ snapshotId: e.snapshotId, hash: e.rootHash, sums: e.sums, leafCount: e.leafCount });

/**
 * Checks a piece of the public liabilities record, oldest first: each hash is its entry's, each prevHash the previous
 * entry's hash (the first against `before`, or the genesis when its seq is 1), seqs consecutive, snapshot ids and
 * times rising. Returns what is wrong, empty when nothing is.
 */
export async function verifyRecord(entries: readonly LiabilitiesRecordEntry[], before: LiabilitiesRecordEntry | null = null): Promise<string[]> {
  const problems: string[] = [];
  let prev = before;
  for (const e of entries) {
    if (prev === null && e.seq === 1 && e.prevHash !== GENESIS_HASH) problems.push('entry 1 does not start from the genesis hash');
    if (prev !== null) {
      if (e.seq !== prev.seq + 1) problems.push(`entry ${e.seq} follows entry ${prev.seq}`);
      if (e.prevHash !== prev.hash) problems.push(`entry ${e.seq} does not link to entry ${prev.seq}'s hash`);
      if (e.snapshotId <= prev.snapshotId) problems.push(`entry ${e.seq}'s snapshot ${e.snapshotId} is not after ${prev.snapshotId}`);
      if (e.ts < prev.ts) problems.push(`entry ${e.seq} is older than entry ${prev.seq}`);
    }
    if (!e.assets.every((a) => ASSET.test(a)) || Object.keys(e.sums).length !== e.assets.length || !e.assets.every((a) => typeof e.sums[a] === 'string' && /^(0|[1-9]\d*)$/.test(e.sums[a]!))) {
      problems.push(`entry ${e.seq}'s totals are not non-negative amounts of its assets`);
    } else if (!isPowerOfTwo(e.leafCount)) {
      problems.push(`entry ${e.seq}'s leaf count ${e.leafCount} is not a power of two`);
    } else {
      const { hash, ...rest } = e;
      if ((await recordHash(rest)) !== hash) problems.push(`entry ${e.seq}'s hash is not the hash of its contents`);
    }
    prev = e;
  }
  return problems;
}

// ---- building (the server) ----

/** Lowercase hex SHA-256 of UTF-8 text, synchronously (the server passes node:crypto's; 2 million hashes a tree). */
export type SyncHasher = (text: string) => string;

/** The tree's leaf count for `users` users: the next power of two (at least 1). */
export function paddedLeafCount(users: number): number {
  let n = 1;
  while (n < users) n *= 2;
  return n;
}

export const depthOf = (leafCount: number): number => log2(leafCount);

/** A leaf's nonce: 128 bits from the snapshot's secret seed and the leaf's position (fixed-length input). */
export const leafNonce = (hash: SyncHasher, seed: string, index: number): string => hash(`nonce|${seed}|${index.toString(16).padStart(12, '0')}`).slice(0, 32);

/**
 * The leaves' order: position → slot (a slot below the user count is that user, in the order the users were read;
 * the rest are padding). A Fisher–Yates shuffle driven by SHA-256 of the secret seed in counter mode, without
 * modulo bias: nobody without the seed can tell one user's position from another's.
 */
export function shuffledOrder(hash: SyncHasher, seed: string, leafCount: number): Uint32Array {
  const order = new Uint32Array(leafCount);
  for (let i = 0; i < leafCount; i++) order[i] = i;
  let block: string = '';
  let used = 8;
  let counter = 0;
  const next = (): number => {
    if (used === 8) {
      block = hash(`shuffle|${seed}|${(counter++).toString(16).padStart(12, '0')}`);
      used = 0;
    }
    return Number.parseInt(block.slice(8 * used++, 8 * used), 16);
  };
  for (let i = leafCount - 1; i > 0; i--) {
    const range = i + 1;
    const limit = Math.floor(0x1_0000_0000 / range) * range;
    let r = next();
    while (r >= limit) r = next();
    const j = r % range;
    const t = order[i]!;
    order[i] = order[j]!;
    order[j] = t;
  }
  return order;
}

/** A leaf's node; a negative balance is refused (the snapshot job reports such a user and leaves the asset at 0). */
export function leafNode(hash: SyncHasher, nonce: string, snapshotId: number, assets: readonly string[], balances: readonly bigint[]): SumNode {
  if (balances.length !== assets.length) throw new RangeError(`a leaf needs ${assets.length} balances, not ${balances.length}`);
  for (let i = 0; i < balances.length; i++) if (balances[i]! < 0n) throw new RangeError(`negative ${assets[i]} balance in a leaf`);
  return { hash: hash(leafPreimage(nonce, snapshotId, assets, balances)), sums: balances };
}

export function parentNode(hash: SyncHasher, assets: readonly string[], left: SumNode, right: SumNode): SumNode {
  return { hash: hash(nodePreimage(assets, left, right)), sums: left.sums.map((x, i) => x + right.sums[i]!) };
}

/**
 * Builds a tree from its leaves pushed in order, keeping one pending node per level (memory grows with the depth,
 * not the leaf count). `onNode` sees every node as it completes: level 0 = the leaves, `index` its position in the
 * level. After a power-of-two count of leaves, `root()` is the tree's root.
 */
export function createFolder(hash: SyncHasher, assets: readonly string[], onNode?: (level: number, index: number, node: SumNode) => void) {
  const pending: Array<SumNode | undefined> = [];
  let count = 0;
  return {
    push(leaf: SumNode): void {
      let node = leaf;
      let level = 0;
      let index = count++;
      onNode?.(0, index, node);
      while (pending[level] !== undefined) {
        node = parentNode(hash, assets, pending[level]!, node);
        pending[level] = undefined;
        level++;
        index >>= 1;
        onNode?.(level, index, node);
      }
      pending[level] = node;
    },
    root(): SumNode {
      if (count === 0 || (count & (count - 1)) !== 0) throw new RangeError(`a tree needs a power-of-two number of leaves, not ${count}`);
      return pending[log2(count)]!;
    },
  };
}
