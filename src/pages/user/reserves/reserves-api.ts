// The proof of liabilities' calls (issue 22): the public record of published roots, the signed-in user's proof file,
// and the on-chain reserves beside the liabilities. Replies are checked here, at the edge; the proof is handed on as
// it came (its whole shape is checked by liabilities.verifyProof, and a malformed one is a failed step, not a crash).
import { api, type CallOptions } from '../../../api/index.ts';
import { isRecord, type Parser } from '../../../api/parse.ts';
import { RESERVES_API, type liabilities, type ReservesAsset, type ReservesReply } from '../../../contract.ts';

const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const str = (v: unknown): v is string => typeof v === 'string';
const strOrNull = (v: unknown): v is string | null => v === null || typeof v === 'string';
const amounts = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every(str);

export const parseRecordEntry: Parser<liabilities.LiabilitiesRecordEntry> = (d) => {
  if (!isRecord(d) || !int(d.seq) || !int(d.snapshotId) || !int(d.ts) || !int(d.leafCount) || !str(d.rootHash) || !str(d.prevHash) || !str(d.hash)) return null;
  if (!Array.isArray(d.assets) || !d.assets.every(str) || !amounts(d.sums)) return null;
  return { seq: d.seq, snapshotId: d.snapshotId, ts: d.ts, assets: d.assets, rootHash: d.rootHash, leafCount: d.leafCount, sums: d.sums, prevHash: d.prevHash, hash: d.hash };
};

export const parseSnapshots: Parser<liabilities.LiabilitiesRecordEntry[]> = (d) => {
  if (!isRecord(d) || !Array.isArray(d.list)) return null;
  const list = d.list.map(parseRecordEntry);
  return list.every((e): e is liabilities.LiabilitiesRecordEntry => e !== null) ? list : null;
};

/** The proof as sent: any JSON object (verifyProof checks the rest). */
export const parseProofFile: Parser<Record<string, unknown>> = (d) => (isRecord(d) ? d : null);

const parseAsset = (d: unknown): ReservesAsset | null => {
  if (!isRecord(d) || !str(d.asset) || !strOrNull(d.liabilities) || !strOrNull(d.reserves) || !strOrNull(d.ratio) || !Array.isArray(d.networks)) return null;
  const networks: ReservesAsset['networks'] = [];
  for (const n of d.networks) {
    if (!isRecord(n) || !str(n.network) || !str(n.amount) || !int(n.addresses) || !(n.block === null || int(n.block)) || !int(n.readAt)) return null;
    networks.push({ network: n.network, amount: n.amount, addresses: n.addresses, block: n.block, readAt: n.readAt });
  }
  return { asset: d.asset, liabilities: d.liabilities, reserves: d.reserves, ratio: d.ratio, networks };
};

export const parseReserves: Parser<ReservesReply> = (d) => {
  if (!isRecord(d) || !Array.isArray(d.assets)) return null;
  const s = d.snapshot;
  let snapshot: ReservesReply['snapshot'] = null;
  if (s !== null) {
    if (!isRecord(s) || !int(s.snapshotId) || !int(s.ts) || !str(s.rootHash) || !int(s.seq)) return null;
    snapshot = { snapshotId: s.snapshotId, ts: s.ts, rootHash: s.rootHash, seq: s.seq };
  }
  const assets = d.assets.map(parseAsset);
  return assets.every((a): a is ReservesAsset => a !== null) ? { snapshot, assets } : null;
};

/** The newest published roots (the public record), newest first. */
export const fetchSnapshots = (limit: number, options?: CallOptions) => api.get(RESERVES_API.snapshots, parseSnapshots, { limit }, options);

/** The signed-in user's proof file for one snapshot. */
export const fetchProof = (snapshotId: number, options?: CallOptions) => api.get(RESERVES_API.proof, parseProofFile, { snapshot: snapshotId }, options);

export const fetchReserves = (options?: CallOptions) => api.get(RESERVES_API.reserves, parseReserves, undefined, options);
