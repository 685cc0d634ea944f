// Reserves: the /app API's shared contract for the proof of liabilities (issue 22). Rules: server/reserves/README.md;
// the tree, the proof file and its check: liabilities.ts.
import type { LiabilitiesProof, LiabilitiesRecordEntry } from './liabilities.ts';

/** Refusals of these routes; each has a message in locales/<locale>/server.po. */
export const RESERVES_ERROR_CODES = [
  /** proof: no published snapshot with that id (or none published yet). */
  'reserves.snapshot.unknown',
  /** proof: the signed-in user has no leaf in that snapshot (they held nothing then, or signed up later). */
  'reserves.proof.absent',
] as const;
export type ReservesErrorCode = (typeof RESERVES_ERROR_CODES)[number];

export const RESERVES_API = {
  /** GET, public: ?limit=1..1000 (default 100)&beforeSeq → ReservesSnapshotsReply, the public liabilities record, newest first. */
  snapshots: '/app/reserves/snapshots',
  /** GET, signed in: ?snapshot=ID (default: the newest) → LiabilitiesProof, the user's own and nobody else's. */
  proof: '/app/reserves/proof',
  /** GET, public → ReservesReply: on-chain reserves beside the newest snapshot's liabilities, per asset. */
  reserves: '/app/reserves/reserves',
} as const;

export const RESERVES_SNAPSHOTS_DEFAULT = 100;
export const RESERVES_SNAPSHOTS_MAX = 1000;

export interface ReservesSnapshotsReply {
  /** Newest first; `verifyRecord` takes them oldest first. */
  list: LiabilitiesRecordEntry[];
  /** Older entries exist: ask again with beforeSeq = the last entry's seq. */
  more: boolean;
}

export type ReservesProofReply = LiabilitiesProof;

export interface ReservesNetwork {
  network: string;
  /** Decimal text. */
  amount: string;
  /** How many of the exchange's addresses hold it. */
  addresses: number;
  /** The block the balances were read at (null where the chain has no such notion for this read). */
  block: number | null;
  /** Unix ms. */
  readAt: number;
}

export interface ReservesAsset {
  asset: string;
  /** The newest snapshot's total of users' balances, decimal text; null when it lists no such asset. */
  liabilities: string | null;
  /** On-chain balances over every network, decimal text; null when nothing is read on chain for the asset. */
  reserves: string | null;
  /** reserves / liabilities, 4 decimals rounded down; null when either is missing or the liabilities are zero. */
  ratio: string | null;
  networks: ReservesNetwork[];
}

export interface ReservesReply {
  /** The snapshot the liabilities are from; null before the first. */
  snapshot: { snapshotId: number; ts: number; rootHash: string; seq: number } | null;
  assets: ReservesAsset[];
}
