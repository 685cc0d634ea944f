// A market's latest price-record entry: the head read once per run, then each `priceRecord@X` entry. Entries only
// advance (a higher seq), so the head read landing after a newer event changes nothing.
import type { PriceRecordEntry } from '../contract.ts';

export function applyRecordEntry(held: PriceRecordEntry | null, next: PriceRecordEntry, market: string): PriceRecordEntry | null {
  if (next.market !== market) return held;
  return held === null || next.seq > held.seq ? next : held;
}

export function applyRecordHead(held: PriceRecordEntry | null, list: readonly PriceRecordEntry[], market: string): PriceRecordEntry | null {
  let out = held;
  for (const e of list) out = applyRecordEntry(out, e, market);
  return out;
}
