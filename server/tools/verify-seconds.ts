// The seconds verifier: downloads the public price record and the settled and refunded contracts of a time range
// through the public API (no account, no database), checks each market's hash chain with secondsRecord.verifyChain
// and recomputes every contract with secondsRecord.verifySettlements, the same functions the desk settled with: the
// open entry (the first after the contract's acceptance, at most SECONDS_OPEN_WAIT_MS later), the settle entry, the
// payout; a refund only when the record had no entry in that window. Runs anywhere fetch does (the CLI below; the
// browser's proof link uses the same contract module).
import { secondsRecord } from '../contract/index.ts';
import { SECONDS_OPEN_WAIT_MS, SECONDS_PATHS, type PriceRecordEntry, type SecondsContractItem } from '../contract/seconds.ts';
import type { Mismatch } from '../contract/seconds-record.ts';

/** One record or settlements call covers at most an hour (the server's bound). */
const SPAN_MS = 3_600_000;

export interface VerifyReport {
  readonly entries: number;
  readonly contracts: number;
  readonly mismatches: readonly Mismatch[];
}

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

async function getJson<T>(base: string, path: string, query: Record<string, string>, fetcher: typeof fetch): Promise<T> {
  const url = `${base.replace(/\/$/, '')}${path}?${new URLSearchParams(query)}`;
  const response = await fetcher(url);
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 'success') throw new Error(`${path}: ${body.code} (${body.msg})`);
  return body.data;
}

/** [from, to] in pieces of at most SPAN_MS. */
function pieces(from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let a = from; a <= to; a += SPAN_MS + 1) out.push([a, Math.min(to, a + SPAN_MS)]);
  return out;
}

/**
 * Verifies [from, to]: every settled or refunded contract delivered in it (a refunded one by the delivery it had at
 * acceptance), against the record of its market from a minute before its acceptance (or open time) through its
 * delivery (a refunded one: through its acceptance + SECONDS_OPEN_WAIT_MS); every record entry downloaded is
 * chain-checked (the first against the one before it, fetched too when the range does not start at seq 1).
 */
export async function verifySeconds(o: { url: string; from: number; to: number; fetcher?: typeof fetch }): Promise<VerifyReport> {
  const fetcher = o.fetcher ?? fetch;
  const contracts: SecondsContractItem[] = [];
  for (const [a, b] of pieces(o.from, o.to)) {
    let afterId = '0';
    for (;;) {
      const page = await getJson<{ list: SecondsContractItem[]; more?: boolean }>(o.url, SECONDS_PATHS.settlements, { from: String(a), to: String(b), afterId }, fetcher);
      contracts.push(...page.list);
      if (page.more !== true || page.list.length === 0) break;
      afterId = page.list.at(-1)!.id;
    }
  }
  // Each market's record over [earliest acceptance or open − a minute, latest delivery or refund deadline] (and at
  // least the range asked).
  const spans = new Map<string, { from: number; to: number }>();
  for (const c of contracts) {
    const s = spans.get(c.market) ?? { from: o.from, to: o.to };
    const start = Math.min(c.acceptedTs ?? Infinity, c.openTs ?? Infinity, c.deliveryTs - c.durationS * 1000);
    const end = Math.max(c.deliveryTs, c.acceptedTs === null ? 0 : c.acceptedTs + SECONDS_OPEN_WAIT_MS);
    spans.set(c.market, { from: Math.min(s.from, start - 60_000), to: Math.max(s.to, end) });
  }
  const heads = await getJson<{ list: PriceRecordEntry[] }>(o.url, SECONDS_PATHS.priceRecordHead, {}, fetcher);
  for (const h of heads.list) if (!spans.has(h.market)) spans.set(h.market, { from: o.from, to: o.to });
  const records = new Map<string, PriceRecordEntry[]>();
  const mismatches: Mismatch[] = [];
  let entries = 0;
  for (const [market, span] of spans) {
    const list: PriceRecordEntry[] = [];
    for (const [a, b] of pieces(span.from, span.to)) {
      list.push(...(await getJson<{ list: PriceRecordEntry[] }>(o.url, SECONDS_PATHS.priceRecordRange, { market, from: String(a), to: String(b) }, fetcher)).list);
    }
    records.set(market, list);
    if (list.length === 0) continue;
    // The entry before the first: the chain must continue it (seq 1 continues the genesis).
    let before: PriceRecordEntry | null = null;
    if (list[0]!.seq > 1) {
      const prior = await getJson<{ list: PriceRecordEntry[] }>(o.url, SECONDS_PATHS.priceRecordRange, { market, from: String(Math.max(0, list[0]!.ts - SPAN_MS)), to: String(list[0]!.ts) }, fetcher);
      before = prior.list.find((e) => e.seq === list[0]!.seq - 1) ?? null;
      if (before === null) mismatches.push({ market, seq: list[0]!.seq, what: `entry ${list[0]!.seq - 1}, before the range, is missing from the record` });
    }
    const chain = await secondsRecord.verifyChain(list, before);
    entries += chain.checked;
    mismatches.push(...chain.mismatches);
  }
  const settled = secondsRecord.verifySettlements(contracts, records);
  mismatches.push(...settled.mismatches);
  return { entries, contracts: settled.checked, mismatches };
}

/** Report lines as the CLI prints them. */
export function reportLines(r: VerifyReport): string[] {
  return [`${r.entries} entries checked, ${r.contracts} contracts checked, ${r.mismatches.length} mismatches`, ...r.mismatches.map((m) => `  ${m.market}: ${m.what}`)];
}
