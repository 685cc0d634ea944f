// The public price record and the settlement of seconds contracts, as anyone recomputes them: the record entry's
// canonical encoding and hash, the chain check, the entry a contract must open on (the first after its acceptance,
// at most SECONDS_OPEN_WAIT_MS later, else it is refunded) and settle on, and its payout. The
// server's desk settles with these functions and the verifier (`npm run verify -- seconds`, the browser's proof
// link) checks with the same ones, so a settlement either matches to the last unit or is reported.
//
// Canonical encoding of an entry (UTF-8): `${seq}|${market}|${ts}|${price}|${sources}|${prevHash}`, where seq is the
// market's entry number from 1 without gaps, ts Unix milliseconds, price the canonical decimal text (no sign, no
// leading zeros, no trailing fraction zeros, at most 8 decimals: "50010.5"), sources free text without "|", and
// prevHash the previous entry's hash of the same market (64 zeros for seq 1). hash = lowercase hex SHA-256 of it.
//
// Amounts are bigint minor units (10^-8 USDT) inside, decimal text outside. Rounding favours neither side silently:
// a win's gain and a loss's remainder are rounded down to the minor unit (the house never pays a fraction it does
// not owe, and the rounding is part of the rule anyone recomputes); the fee is rounded up.
import { SECONDS_OPEN_WAIT_MS, type PriceRecordEntry, type SecondsContractItem, type SecondsDirection, type SecondsOutcome } from './seconds.ts';

export const GENESIS_HASH = '0'.repeat(64);
const E8 = 100_000_000n;
const DECIMAL = /^(0|[1-9]\d*)(?:\.(\d{1,8}))?$/;

/** Non-negative decimal text (at most 8 decimals) as minor units; null when it is not one. */
export function unitsOf(text: string): bigint | null {
  const m = DECIMAL.exec(text);
  if (!m) return null;
  return BigInt(m[1]!) * E8 + BigInt((m[2] ?? '').padEnd(8, '0'));
}

/** Minor units as canonical decimal text (no trailing zeros): 5_001_050_000_000n → "50010.5". */
export function unitsText(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / E8;
  const fraction = (abs % E8).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Whether `text` is a price as the record writes it (canonical, positive). */
export function isCanonicalPrice(text: string): boolean {
  const u = unitsOf(text);
  return u !== null && u > 0n && unitsText(u) === text;
}

export function priceRecordCanonical(e: Omit<PriceRecordEntry, 'hash'>): string {
  return `${e.seq}|${e.market}|${e.ts}|${e.price}|${e.sources}|${e.prevHash}`;
}

const hex = (bytes: ArrayBuffer): string => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** Lowercase hex SHA-256 of the UTF-8 text (WebCrypto: the same in Node and the browser). */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The hash an entry must carry. */
export const priceRecordHash = (e: Omit<PriceRecordEntry, 'hash'>): Promise<string> => sha256Hex(priceRecordCanonical(e));

export interface Mismatch {
  /** What is wrong, for a person: the entry or contract and the rule it breaks. */
  readonly what: string;
  readonly market: string;
  readonly seq?: number;
  readonly contractId?: string;
}

export interface ChainCheck {
  readonly checked: number;
  readonly mismatches: Mismatch[];
}

/**
 * Checks one market's entries in order: each hash is its entry's, each prevHash the previous entry's hash (the first
 * against `before`, the entry preceding the range, or the genesis when seq is 1), seqs consecutive, times not going
 * back, prices canonical, sources without "|".
 */
export async function verifyChain(entries: readonly PriceRecordEntry[], before: PriceRecordEntry | null = null): Promise<ChainCheck> {
  const mismatches: Mismatch[] = [];
  let prev = before;
  for (const e of entries) {
    const at = { market: e.market, seq: e.seq };
    if (prev !== null && e.market !== prev.market) mismatches.push({ ...at, what: `entry ${e.seq} is of ${e.market}, not ${prev.market}` });
    if (prev !== null && e.seq !== prev.seq + 1) mismatches.push({ ...at, what: `entry ${e.seq} follows entry ${prev.seq}` });
    if (prev === null && e.seq === 1 && e.prevHash !== GENESIS_HASH) mismatches.push({ ...at, what: 'the first entry does not start from the genesis hash' });
    if (prev !== null && e.prevHash !== prev.hash) mismatches.push({ ...at, what: `entry ${e.seq} does not link to entry ${prev.seq}'s hash` });
    if (prev !== null && e.ts < prev.ts) mismatches.push({ ...at, what: `entry ${e.seq} is older than entry ${prev.seq}` });
    if (!isCanonicalPrice(e.price)) mismatches.push({ ...at, what: `entry ${e.seq}'s price "${e.price}" is not a canonical positive decimal` });
    if (e.sources.includes('|')) mismatches.push({ ...at, what: `entry ${e.seq}'s sources contain "|"` });
    const { hash, ...rest } = e;
    if ((await priceRecordHash(rest)) !== hash) mismatches.push({ ...at, what: `entry ${e.seq}'s hash is not the hash of its contents` });
    prev = e;
  }
  return { checked: entries.length, mismatches };
}

/** The last entry at or before `ts` (entries of one market in seq order); null when none is. */
export function entryAtOrBefore(entries: readonly PriceRecordEntry[], ts: number): PriceRecordEntry | null {
  const after = firstAfter(entries, ts);
  return after === 0 ? null : entries[after - 1]!;
}

/** The index of the first entry with a time after `ts` (entries.length when none is): a binary search. */
function firstAfter(entries: readonly PriceRecordEntry[], ts: number): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (entries[mid]!.ts <= ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first entry with a time after `ts` (entries of one market in seq order); null when none is. */
export function entryAfter(entries: readonly PriceRecordEntry[], ts: number): PriceRecordEntry | null {
  return entries[firstAfter(entries, ts)] ?? null;
}

/**
 * The entry a contract accepted at `acceptedTs` opens on: the first after it, when at most SECONDS_OPEN_WAIT_MS
 * later; null when the record has none in that window (the contract is refunded). The entries must reach past the
 * window's end (or the record's known end) for null to mean none.
 */
export function openEntry(entries: readonly PriceRecordEntry[], acceptedTs: number): PriceRecordEntry | null {
  const e = entryAfter(entries, acceptedTs);
  return e !== null && e.ts <= acceptedTs + SECONDS_OPEN_WAIT_MS ? e : null;
}

/** Up wins when the settle price is above the open price, down when below; equal is a tie. */
export function outcomeOf(direction: SecondsDirection, openPrice: bigint, settlePrice: bigint): SecondsOutcome {
  if (settlePrice === openPrice) return 'tie';
  return (settlePrice > openPrice) === (direction === 'up') ? 'win' : 'loss';
}

/** The fee charged at opening: ⌈stake × feeRate⌉ minor units. Ratios are decimal fractions at most 8 places. */
export function feeOf(stake: bigint, feeRate: bigint): bigint {
  const n = stake * feeRate;
  return n % E8 === 0n ? n / E8 : n / E8 + 1n;
}

/**
 * What returns to the seconds account at settlement: a win stake + ⌊stake × payout⌋, a loss stake − ⌈stake × loss⌉
 * (so ⌊stake × (1 − loss)⌋), a tie the stake. Ratios as minor units of 1 (0.8 → 80_000_000n).
 */
export function payoutOf(outcome: SecondsOutcome, stake: bigint, payoutRatio: bigint, lossRatio: bigint): bigint {
  if (outcome === 'tie') return stake;
  if (outcome === 'win') return stake + (stake * payoutRatio) / E8;
  const taken = stake * lossRatio;
  return stake - (taken % E8 === 0n ? taken / E8 : taken / E8 + 1n);
}

export interface Settlement {
  readonly outcome: SecondsOutcome;
  readonly payout: bigint;
}

/** A contract's settlement from its terms and the two prices. */
export function settle(direction: SecondsDirection, stake: bigint, payoutRatio: bigint, lossRatio: bigint, openPrice: bigint, settlePrice: bigint): Settlement {
  const outcome = outcomeOf(direction, openPrice, settlePrice);
  return { outcome, payout: payoutOf(outcome, stake, payoutRatio, lossRatio) };
}

/**
 * Recomputes settled and refunded contracts against their markets' records (entries of each market in seq order,
 * covering every contract's acceptance through its delivery, or through its acceptance + SECONDS_OPEN_WAIT_MS for a
 * refunded one). A settled contract's open entry must be the record's first after acceptedTs, at most
 * SECONDS_OPEN_WAIT_MS later, with openTs its time (a contract with no acceptedTs, of before that rule: the last at
 * or before openTs); its settle entry the last at or before deliveryTs (their seq, hash and price as the contract
 * states); deliveryTs = openTs + duration; and the outcome, payout and profit must follow from them. A refunded
 * contract must have had no entry in that window. Other contracts are skipped (not counted).
 */
export function verifySettlements(contracts: readonly SecondsContractItem[], records: ReadonlyMap<string, readonly PriceRecordEntry[]>): ChainCheck {
  const mismatches: Mismatch[] = [];
  let checked = 0;
  for (const c of contracts) {
    if (c.status !== 'settled' && c.status !== 'refunded') continue;
    checked++;
    const bad = (what: string) => mismatches.push({ market: c.market, contractId: c.id, what: `contract ${c.id}: ${what}` });
    const entries = records.get(c.market) ?? [];
    if (c.status === 'refunded') {
      const missed = c.acceptedTs === null ? null : openEntry(entries, c.acceptedTs);
      if (c.acceptedTs === null) bad('refunded without an acceptance time');
      else if (missed !== null) bad(`refunded, but the record's entry ${missed.seq} at ${missed.ts} came within ${SECONDS_OPEN_WAIT_MS} ms of its acceptance at ${c.acceptedTs}`);
      if (c.payout !== null || c.outcome !== null) bad('refunded with an outcome or payout');
      continue;
    }
    if (c.openTs === null) {
      bad('settled without an open time');
      continue;
    }
    if (c.deliveryTs !== c.openTs + c.durationS * 1000) bad(`delivery ${c.deliveryTs} is not open ${c.openTs} + ${c.durationS} s`);
    const open = c.acceptedTs === null ? entryAtOrBefore(entries, c.openTs) : openEntry(entries, c.acceptedTs);
    const close = entryAtOrBefore(entries, c.deliveryTs);
    if (open === null || close === null) {
      bad(c.acceptedTs === null
        ? 'the record has no entry at or before its open or delivery time'
        : `the record has no entry within ${SECONDS_OPEN_WAIT_MS} ms after its acceptance at ${c.acceptedTs}, or none at or before its delivery`);
      continue;
    }
    if (c.acceptedTs !== null && c.openTs !== open.ts) bad(`opened at ${c.openTs}; the record's first entry after its acceptance at ${c.acceptedTs} is at ${open.ts}`);
    if (c.openRecordSeq !== open.seq || c.openRecordHash !== open.hash || c.openPrice !== open.price)
      bad(`opened on entry ${c.openRecordSeq} at ${c.openPrice}; the record's entry to open on is ${open.seq} at ${open.price}`);
    if (c.settleRecordSeq !== close.seq || c.settleRecordHash !== close.hash || c.settlePrice !== close.price)
      bad(`settled on entry ${c.settleRecordSeq} at ${c.settlePrice}; the record's entry at delivery is ${close.seq} at ${close.price}`);
    const stake = unitsOf(c.amount);
    const fee = unitsOf(c.fee);
    const payoutRatio = unitsOf(c.payoutRatio);
    const lossRatio = unitsOf(c.lossRatio);
    const openPrice = unitsOf(open.price);
    const settlePrice = unitsOf(close.price);
    if (stake === null || fee === null || payoutRatio === null || lossRatio === null || openPrice === null || settlePrice === null) {
      bad('an amount, ratio or price is not a decimal');
      continue;
    }
    const s = settle(c.direction, stake, payoutRatio, lossRatio, openPrice, settlePrice);
    if (c.outcome !== s.outcome) bad(`outcome ${c.outcome}, the record gives ${s.outcome}`);
    if (c.payout !== unitsText(s.payout)) bad(`payout ${c.payout}, the record gives ${unitsText(s.payout)}`);
    if (c.profit !== unitsText(s.payout - stake - fee)) bad(`profit ${c.profit}, the record gives ${unitsText(s.payout - stake - fee)}`);
  }
  return { checked, mismatches };
}
