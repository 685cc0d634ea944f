// A user's proof file for one snapshot (server/reserves/README.md, "Storage and answering a proof"): the user's leaf
// index from the users blocks, their chunk of leaves rebuilt (nonces from the snapshot's seed: about 3,000 hashes),
// the path inside the chunk from that, and above it from the stored levels. Every rebuilt chunk root is checked against the
// stored one and the whole path folded again up to the published root, so damaged storage answers an error, never
// a wrong proof.
import {
  amountsOf, createFolder, depthOf, leafNode, leafNonce, parentNode, PROOF_VERSION, type LiabilitiesProof, type PathStep, type SumNode,
} from '../contract/liabilities.ts';
import type { ReservesErrorCode } from '../contract/reserves.ts';
import type { Store } from '../store/index.ts';
import { decodeLeaves, findInUsersBlock, levelNode, nodeBytes } from './codec.ts';
import { sha256Sync } from './snapshot.ts';

export type ProofAnswer = { readonly ok: true; readonly proof: LiabilitiesProof } | { readonly ok: false; readonly code: ReservesErrorCode };

/** The proof of `user` in snapshot `snapshotId` (the newest published when undefined). */
export async function userProof(store: Store, user: number, snapshotId?: number): Promise<ProofAnswer> {
  const id = snapshotId ?? (await store.reserves.recordHead())?.snapshotId;
  if (id === undefined) return { ok: false, code: 'reserves.snapshot.unknown' };
  const row = await store.reserves.byId(id);
  if (row === undefined || row.status !== 'published' || row.rootHash === null) return { ok: false, code: 'reserves.snapshot.unknown' };
  const block = await store.reserves.usersBlock(id, user);
  const index = block === undefined ? undefined : findInUsersBlock(block, user);
  if (index === undefined) return { ok: false, code: 'reserves.proof.absent' };

  const hash = sha256Sync;
  const assets = row.assets;
  const depth = depthOf(row.leafCount);
  const size = 2 ** row.chunkLevel;
  const chunk = Math.floor(index / size);
  const data = await store.reserves.blob(id, 'leaves', chunk);
  if (data === undefined) throw new Error(`snapshot ${id}: leaves chunk ${chunk} is missing`);
  const leaves = decodeLeaves(data, assets.length, size);
  const local = index - chunk * size;
  const mine = leaves[local]!;
  if (mine.user !== user) throw new Error(`snapshot ${id}: leaf ${index} is not user ${user}'s`);

  const inChunk: SumNode[][] = [];
  const folder = createFolder(hash, assets, (level, i, node) => {
    (inChunk[level] ??= [])[i] = node;
  });
  leaves.forEach((leaf, k) => folder.push(leafNode(hash, leafNonce(hash, row.seed, chunk * size + k), id, assets, leaf.balances)));
  const path: PathStep[] = [];
  const step = (level: number, sibling: SumNode): void => {
    path.push({ side: ((index >> level) & 1) === 1 ? 'L' : 'R', hash: sibling.hash, sums: amountsOf(assets, sibling.sums) });
  };
  for (let level = 0; level < row.chunkLevel; level++) step(level, inChunk[level]![(local >> level) ^ 1]!);

  // One query for the stored nodes the proof needs: at each level from the chunks' roots up, the pair holding the
  // user's node and its sibling (at the chunk level the user's node is the chunk's root), and the root.
  const nodeSize = nodeBytes(assets.length);
  const pairs = new Map<number, number>();
  for (let level = row.chunkLevel; level <= depth; level++) pairs.set(level, Math.floor(index / 2 ** level) & ~1);
  const slices = await store.reserves.levelSlices(id, [...pairs].map(([level, first]) => ({ level, offset: first * nodeSize })), 2 * nodeSize);
  const stored = (level: number, at: number) => {
    const slice = slices.get(level);
    if (slice === undefined) throw new Error(`snapshot ${id}: level ${level} is missing`);
    return levelNode(slice, assets.length, at - pairs.get(level)!);
  };
  if (stored(row.chunkLevel, chunk).hash !== folder.root().hash) throw new Error(`snapshot ${id}: chunk ${chunk} does not rebuild to its stored root`);
  for (let level = row.chunkLevel; level < depth; level++) step(level, stored(level, (index >> level) ^ 1));
  const root = stored(depth, 0);
  // The whole path folded once more here: a damaged sibling anywhere is an error now, not a proof that fails later.
  let node: SumNode = inChunk[0]![local]!;
  path.forEach((s, level) => {
    const sibling = { hash: s.hash, sums: assets.map((a) => BigInt(s.sums[a]!)) };
    node = ((index >> level) & 1) === 1 ? parentNode(hash, assets, sibling, node) : parentNode(hash, assets, node, sibling);
  });
  if (root.hash !== row.rootHash || node.hash !== row.rootHash) throw new Error(`snapshot ${id}: the stored levels do not lead to the published root`);
  return {
    ok: true,
    proof: {
      version: PROOF_VERSION,
      snapshotId: id,
      assets: [...assets],
      leaf: { nonce: leafNonce(hash, row.seed, index), balances: amountsOf(assets, mine.balances) },
      path,
      root: { hash: root.hash, sums: amountsOf(assets, root.sums), leafCount: row.leafCount },
    },
  };
}
