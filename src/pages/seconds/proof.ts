// The history row's proof: the same verification module the server settles with (secondsRecord), run in the
// browser on what anyone can download: the market's record around the contract (checked as a hash chain) and the
// contract's public settlement data, recomputed entry by entry. Nothing here trusts the user's own copy: the open
// and settle entries shown are the record's, found by time (the open entry: the first after the contract's
// acceptance, at most SECONDS_OPEN_WAIT_MS later; a refunded contract: the record had none then).
import { SECONDS_OPEN_WAIT_MS, secondsRecord, type PriceRecordEntry, type SecondsContractItem } from '../../contract.ts';

export interface ProofSources {
  range(market: string, from: number, to: number, signal: AbortSignal): Promise<readonly PriceRecordEntry[]>;
  settlements(from: number, to: number, signal: AbortSignal): Promise<readonly SecondsContractItem[]>;
}

export interface ProofResult {
  /** Record entries whose hash and link were checked. */
  readonly entries: number;
  /** Contracts recomputed (the public copy and the user's). */
  readonly contracts: number;
  readonly mismatches: readonly secondsRecord.Mismatch[];
  /** The record's entries to open on (the first after acceptance) and at delivery (null when the record has none). */
  readonly open: PriceRecordEntry | null;
  readonly settle: PriceRecordEntry | null;
  /** The contract as the public settlements list has it (null when it is not there: a mismatch). */
  readonly published: SecondsContractItem | null;
}

/** Record read before the acceptance (or open) time, so the entry before it is in the range. */
export const PROOF_LEAD_MS = 15_000;
/** One request's span; longer contracts are read in consecutive spans. */
export const PROOF_SPAN_MS = 5 * 60_000;

async function readRecord(src: ProofSources, market: string, from: number, to: number, signal: AbortSignal): Promise<PriceRecordEntry[]> {
  const out: PriceRecordEntry[] = [];
  for (let start = from; start <= to; start += PROOF_SPAN_MS + 1) {
    const part = await src.range(market, start, Math.min(to, start + PROOF_SPAN_MS), signal);
    for (const e of part) if (out.length === 0 || e.seq > out[out.length - 1]!.seq) out.push(e);
  }
  return out;
}

export async function proveSettlement(contract: SecondsContractItem, src: ProofSources, signal: AbortSignal): Promise<ProofResult> {
  const openTs = contract.openTs ?? contract.deliveryTs - contract.durationS * 1000;
  const from = Math.min(openTs, contract.acceptedTs ?? openTs);
  const refunded = contract.status === 'refunded';
  const to = refunded && contract.acceptedTs !== null ? contract.acceptedTs + SECONDS_OPEN_WAIT_MS : contract.deliveryTs;
  const entries = await readRecord(src, contract.market, from - PROOF_LEAD_MS, to, signal);
  const published = (await src.settlements(contract.deliveryTs, contract.deliveryTs, signal)).find((c) => c.id === contract.id) ?? null;
  const chain = await secondsRecord.verifyChain(entries);
  const records = new Map([[contract.market, entries]]);
  const mine = secondsRecord.verifySettlements([contract], records);
  const mismatches: secondsRecord.Mismatch[] = [...chain.mismatches, ...mine.mismatches];
  let contracts = mine.checked;
  if (published === null) {
    mismatches.push({ market: contract.market, contractId: contract.id, what: `contract ${contract.id} is not in the published settlements` });
  } else {
    const pub = secondsRecord.verifySettlements([published], records);
    contracts += pub.checked;
    mismatches.push(...pub.mismatches);
    for (const key of ['status', 'amount', 'direction', 'acceptedTs', 'openTs', 'openPrice', 'settlePrice', 'payout', 'profit', 'openRecordHash', 'settleRecordHash'] as const) {
      if (published[key] !== contract[key]) mismatches.push({ market: contract.market, contractId: contract.id, what: `${key}: published ${String(published[key])}, yours ${String(contract[key])}` });
    }
  }
  return {
    entries: chain.checked,
    contracts,
    mismatches,
    open: contract.acceptedTs === null ? secondsRecord.entryAtOrBefore(entries, openTs) : secondsRecord.openEntry(entries, contract.acceptedTs),
    settle: refunded ? null : secondsRecord.entryAtOrBefore(entries, contract.deliveryTs),
    published,
  };
}
