// The public index record: one hash chain per market. Each record carries the hash of the one before it, so a
// published chain can't be edited, reordered or pruned in the middle without every later hash changing. Anyone can
// re-hash it: sha256 of the UTF-8 JSON array ["openex.index.v1", symbol, seq, time, price, prev], lowercase hex.

/** The hashing step, kept apart so the chain logic can be tested with any function and the digest on its own. */
export type Hasher = (text: string) => string;

export const CHAIN_VERSION = 'openex.index.v1';
/** The `prev` of a chain's first record. */
export const GENESIS_HASH = '0'.repeat(64);

export interface IndexEntry {
  readonly symbol: string;
  /** Unix milliseconds. */
  readonly time: number;
  /** Decimal text in canonical form: no leading zeros, no trailing fractional zeros ("95000", "0.15"). */
  readonly price: string;
}

export interface IndexRecord extends IndexEntry {
  /** 1 for a chain's first record, +1 per record. */
  readonly seq: number;
  readonly prev: string;
  readonly hash: string;
}

const CANONICAL_PRICE = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;
const HEX64 = /^[0-9a-f]{64}$/;

export function canonicalRecord(r: Omit<IndexRecord, 'hash'>): string {
  return JSON.stringify([CHAIN_VERSION, r.symbol, r.seq, r.time, r.price, r.prev]);
}

export function hashRecord(hasher: Hasher, r: Omit<IndexRecord, 'hash'>): string {
  return hasher(canonicalRecord(r));
}

/** The record that follows `prev` (null: start a chain). Throws on an entry that would not verify. */
export function appendRecord(hasher: Hasher, prev: IndexRecord | null, entry: IndexEntry): IndexRecord {
  if (!CANONICAL_PRICE.test(entry.price) || /^0(\.0*)?$/.test(entry.price)) throw new RangeError(`non-canonical price: ${entry.price}`);
  if (!Number.isSafeInteger(entry.time) || entry.time < 0) throw new RangeError(`bad time: ${entry.time}`);
  if (prev !== null && (prev.symbol !== entry.symbol || entry.time < prev.time)) {
    throw new RangeError(`${entry.symbol}: entry does not follow ${prev.symbol}#${prev.seq}`);
  }
  const body = { symbol: entry.symbol, time: entry.time, price: entry.price, seq: prev === null ? 1 : prev.seq + 1, prev: prev?.hash ?? GENESIS_HASH };
  return { ...body, hash: hashRecord(hasher, body) };
}

export type ChainProblem = 'hash' | 'link' | 'seq' | 'symbol' | 'time' | 'price';
export type ChainCheck = { readonly ok: true } | { readonly ok: false; readonly index: number; readonly problem: ChainProblem };

/**
 * Checks `records` as a continuous piece of one chain. With `anchor` (a record already trusted, e.g. the last
 * one verified before) the piece must continue it; without, it must start at the genesis.
 */
export function verifyChain(hasher: Hasher, records: readonly IndexRecord[], anchor: IndexRecord | null = null): ChainCheck {
  let prev = anchor;
  for (let index = 0; index < records.length; index++) {
    const r = records[index]!;
    const problem = check(hasher, r, prev, prev === null ? records[0]!.symbol : prev.symbol);
    if (problem !== null) return { ok: false, index, problem };
    prev = r;
  }
  return { ok: true };
}

function check(hasher: Hasher, r: IndexRecord, prev: IndexRecord | null, symbol: string): ChainProblem | null {
  if (r.symbol !== symbol) return 'symbol';
  if (r.seq !== (prev === null ? 1 : prev.seq + 1)) return 'seq';
  if (r.prev !== (prev === null ? GENESIS_HASH : prev.hash)) return 'link';
  if (!Number.isSafeInteger(r.time) || r.time < 0 || (prev !== null && r.time < prev.time)) return 'time';
  if (!CANONICAL_PRICE.test(r.price) || /^0(\.0*)?$/.test(r.price)) return 'price';
  if (!HEX64.test(r.hash) || r.hash !== hashRecord(hasher, r)) return 'hash';
  return null;
}
