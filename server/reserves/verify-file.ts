// `npm run verify -- liabilities proof.json [--root root.json]` (server/cli/verify.ts): checks a saved proof with
// the very module the browser runs (contract/liabilities.ts verifyProof), and, given the published root, against it.
// root.json may be what /app/reserves/snapshots answers (the envelope or its data: the record entries are checked
// as a chain too, and the proof's snapshot is looked up in them), one record entry (its hash is checked), or a bare
// root {snapshotId, hash, sums, leafCount}. Exit 0: the proof holds; 1: it does not (the reason is printed);
// 2: a file is missing or is not what it should be.
import { readFile } from 'node:fs/promises';
import {
  publishedRoot, recordHash, verifyProof, verifyRecord, type LiabilitiesRecordEntry, type PublishedRoot,
} from '../contract/liabilities.ts';

export const LIABILITIES_USAGE = 'usage: npm run verify -- liabilities proof.json [--root root.json]   (root.json: /app/reserves/snapshots as saved, one of its entries, or {snapshotId, hash, sums, leafCount})';

export interface FileCheck {
  readonly exitCode: 0 | 1 | 2;
  readonly lines: string[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isEntry = (v: unknown): v is LiabilitiesRecordEntry =>
  isRecord(v) && typeof v['seq'] === 'number' && typeof v['snapshotId'] === 'number' && typeof v['rootHash'] === 'string' && typeof v['hash'] === 'string' &&
  typeof v['prevHash'] === 'string' && typeof v['ts'] === 'number' && typeof v['leafCount'] === 'number' && Array.isArray(v['assets']) && isRecord(v['sums']);

async function readJson(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    throw new Error(`cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${path} is not JSON`);
  }
}

/** The published root for `snapshotId` out of what a root file holds, and what was checked to get it. */
async function rootFrom(json: unknown, snapshotId: number | null, path: string): Promise<{ root: PublishedRoot; notes: string[] } | string> {
  const data = isRecord(json) && isRecord(json['data']) ? json['data'] : json;
  if (isRecord(data) && Array.isArray(data['list'])) {
    const list: unknown[] = data['list'];
    if (!list.every(isEntry)) return `${path}: its list is not of liabilities record entries`;
    const oldestFirst = [...list].sort((a, b) => a.seq - b.seq);
    const problems = await verifyRecord(oldestFirst, null);
    if (problems.length > 0) return `${path}: the record does not check: ${problems.join('; ')}`;
    const entry = oldestFirst.find((e) => e.snapshotId === snapshotId);
    if (entry === undefined) return `${path}: no entry for snapshot ${snapshotId ?? '?'} (ask /app/reserves/snapshots with beforeSeq for older ones)`;
    const first = oldestFirst[0]!;
    return {
      root: publishedRoot(entry),
      notes: [`record: ${oldestFirst.length} entr${oldestFirst.length === 1 ? 'y' : 'ies'} #${first.seq}…#${oldestFirst.at(-1)!.seq} check as a hash chain${first.seq === 1 ? ' from the genesis' : ''}`,
        `published: snapshot ${entry.snapshotId} in record entry #${entry.seq} (hash ${entry.hash})`],
    };
  }
  if (isEntry(data)) {
    const { hash, ...rest } = data;
    if ((await recordHash(rest)) !== hash) return `${path}: the record entry's hash is not the hash of its contents`;
    return { root: publishedRoot(data), notes: [`published: snapshot ${data.snapshotId} in record entry #${data.seq} (its hash checks)`] };
  }
  if (isRecord(data) && typeof data['hash'] === 'string' && isRecord(data['sums']) && typeof data['leafCount'] === 'number') {
    const id = typeof data['snapshotId'] === 'number' ? data['snapshotId'] : snapshotId ?? 0;
    return { root: { snapshotId: id, hash: data['hash'], sums: data['sums'] as Record<string, string>, leafCount: data['leafCount'] }, notes: [`published: root ${data['hash']}`] };
  }
  return `${path}: neither /app/reserves/snapshots' reply, a record entry, nor a root {hash, sums, leafCount}`;
}

export async function verifyLiabilitiesFiles(proofPath: string, rootPath?: string): Promise<FileCheck> {
  let proof: unknown;
  let published: { root: PublishedRoot; notes: string[] } | undefined;
  try {
    proof = await readJson(proofPath);
    if (rootPath !== undefined) {
      const id = isRecord(proof) && typeof proof['snapshotId'] === 'number' ? proof['snapshotId'] : null;
      const found = await rootFrom(await readJson(rootPath), id, rootPath);
      if (typeof found === 'string') return { exitCode: 2, lines: [found] };
      published = found;
    }
  } catch (error) {
    return { exitCode: 2, lines: [error instanceof Error ? error.message : String(error)] };
  }
  const result = await verifyProof(proof, published?.root);
  if (!result.ok) {
    const where = result.level === undefined ? result.step : `${result.step}, level ${result.level}`;
    return { exitCode: 1, lines: [`NOT VERIFIED (${result.reason} at ${where}): ${result.detail}`] };
  }
  const p = proof as { snapshotId: number; path: unknown[]; assets: string[] };
  const lines = [
    `snapshot ${p.snapshotId}: your leaf ${result.leafHash} (position ${result.leafIndex} of ${result.root.leafCount})`,
    `${p.path.length} level(s) folded; every sibling's sums are non-negative`,
    `root ${result.root.hash}, totals ${p.assets.map((a) => `${a} ${result.root.sums[a]}`).join(', ') || 'none'} (minor units, 10^-8)`,
  ];
  if (published === undefined) lines.push('no --root given: compare the root hash above with the one published at /app/reserves/snapshots');
  else lines.push(...published.notes, 'VERIFIED: your balances are in the published liabilities');
  return { exitCode: 0, lines };
}
