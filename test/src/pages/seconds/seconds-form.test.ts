// The seconds form's rules and the proof link's check, against the same settlement module the desk uses.
import { describe, expect, it } from 'vitest';
import { secondsRecord, type PriceRecordEntry, type SecondsConfigItem, type SecondsContractItem } from '../../../../src/contract.ts';
import { allOf, boundsOf, percentOf, quoteOf, startOf, validateSeconds } from '../../../../src/pages/seconds/seconds-form.ts';
import { proveSettlement, type ProofSources } from '../../../../src/pages/seconds/proof.ts';

const row: SecondsConfigItem = { market: 'BTCUSDT', durationS: 60, payoutRatio: '0.8', lossRatio: '1', minAmount: '2000', maxAmount: '50000', feeRate: '0.001', enabled: true };
const base = { row, available: '100000', start: null, now: Date.parse('2026-06-01T00:00:00Z') };

describe('seconds form', () => {
  it('narrows the spec bounds by the row and words each refusal', () => {
    expect(boundsOf(row)).toEqual({ min: '2000', max: '50000' });
    expect(boundsOf({ ...row, minAmount: '10', maxAmount: '0' })).toEqual({ min: '1000', max: '9999999' });
    expect(validateSeconds({ ...base, amount: '1999.99' })).toEqual({ code: 'amount.below.min', min: '2000' });
    expect(validateSeconds({ ...base, amount: '50000.01' })).toEqual({ code: 'amount.above.max', max: '50000' });
    expect(validateSeconds({ ...base, amount: 'abc' })).toEqual({ code: 'amount.format' });
    expect(validateSeconds({ ...base, amount: '-5' })).toEqual({ code: 'amount.format' });
    expect(validateSeconds({ ...base, amount: '2000', row: null })).toEqual({ code: 'duration.missing' });
    expect(validateSeconds({ ...base, amount: '2000', row: { ...row, enabled: false } })).toEqual({ code: 'duration.disabled' });
    // The fee counts: 2000 + 2 is more than 2001.
    expect(validateSeconds({ ...base, amount: '2000', available: '2001' })).toEqual({ code: 'balance.insufficient' });
    expect(validateSeconds({ ...base, amount: '2000', available: '2002' })).toBeNull();
    expect(validateSeconds({ ...base, amount: '2000', start: '2020-01-01T00:00' })).toEqual({ code: 'start.in.past' });
    expect(validateSeconds({ ...base, amount: '2000', start: 'tomorrow' })).toEqual({ code: 'start.format' });
    expect(validateSeconds({ ...base, amount: '2000', start: '2999-01-01T00:00:00' })).toBeNull();
    expect(startOf('2999-01-01T00:00')).toBeGreaterThan(0);
  });

  it('quotes a win and a loss by the settlement rule, and "all" fits the fee', () => {
    expect(percentOf('0.8')).toBe('80');
    expect(percentOf('0.825')).toBe('82.5');
    expect(quoteOf('2000', row)).toEqual({ fee: '2', winProfit: '1598', lossProfit: '-2002' });
    expect(allOf('10010', row)).toBe('10000');
    expect(allOf('10009.99', row)).toBe('9999');
    expect(allOf('999999', row)).toBe('50000');
    expect(allOf('1500', row)).toBeNull();
  });
});

// A real record: entries hashed with the shared module, a contract settled on it by the shared rule.
async function chain(n: number, startTs: number): Promise<PriceRecordEntry[]> {
  const out: PriceRecordEntry[] = [];
  let prevHash = secondsRecord.GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const body = { seq, market: 'BTCUSDT', ts: startTs + seq * 1000, price: String(50000 + ((seq * 7) % 13)), sources: `ext:${seq}`, prevHash };
    const hash = await secondsRecord.priceRecordHash(body);
    out.push({ ...body, hash });
    prevHash = hash;
  }
  return out;
}

function settled(entries: readonly PriceRecordEntry[], openTs: number): SecondsContractItem {
  const open = secondsRecord.entryAtOrBefore(entries, openTs)!;
  const deliveryTs = openTs + 60_000;
  const close = secondsRecord.entryAtOrBefore(entries, deliveryTs)!;
  const stake = secondsRecord.unitsOf('1000')!;
  const fee = secondsRecord.feeOf(stake, secondsRecord.unitsOf('0.001')!);
  const s = secondsRecord.settle('up', stake, secondsRecord.unitsOf('0.8')!, secondsRecord.unitsOf('1')!, secondsRecord.unitsOf(open.price)!, secondsRecord.unitsOf(close.price)!);
  return {
    id: 'c1', market: 'BTCUSDT', direction: 'up', durationS: 60, amount: '1000', fee: secondsRecord.unitsText(fee), payoutRatio: '0.8', lossRatio: '1',
    scheduledTs: null, openTs, deliveryTs, openPrice: open.price, settlePrice: close.price, openRecordSeq: open.seq, openRecordHash: open.hash,
    settleRecordSeq: close.seq, settleRecordHash: close.hash, outcome: s.outcome, payout: secondsRecord.unitsText(s.payout),
    profit: secondsRecord.unitsText(s.payout - stake - fee), status: 'settled', createdTs: openTs, settledTs: deliveryTs + 100,
    // Opened on the entry at or before openTs: the rule of contracts without an acceptance time.
    acceptedTs: null, reason: null,
  };
}

const sourcesOf = (entries: readonly PriceRecordEntry[], published: readonly SecondsContractItem[]): ProofSources => ({
  range: async (_m, from, to) => entries.filter((e) => e.ts >= from && e.ts <= to),
  settlements: async (from, to) => published.filter((c) => c.deliveryTs >= from && c.deliveryTs <= to),
});

describe('proof link', () => {
  it('checks the chain and recomputes the settlement: 0 mismatches on an honest record', async () => {
    const entries = await chain(120, 0);
    const c = settled(entries, 30_500);
    const r = await proveSettlement(c, sourcesOf(entries, [c]), new AbortController().signal);
    expect(r.mismatches).toEqual([]);
    expect(r.entries).toBeGreaterThan(60);
    expect(r.contracts).toBe(2);
    expect(r.open?.seq).toBe(c.openRecordSeq);
    expect(r.settle?.hash).toBe(c.settleRecordHash);
  });

  it('reports a tampered entry, a wrong payout and a contract missing from the published list', async () => {
    const entries = await chain(120, 0);
    const c = settled(entries, 30_500);
    const tampered = entries.map((e) => (e.seq === 50 ? { ...e, price: '1' } : e));
    const a = await proveSettlement(c, sourcesOf(tampered, [c]), new AbortController().signal);
    expect(a.mismatches.some((m) => m.seq === 50)).toBe(true);
    const rich = { ...c, payout: '99999' };
    const b = await proveSettlement(rich, sourcesOf(entries, [c]), new AbortController().signal);
    expect(b.mismatches.length).toBeGreaterThan(0);
    const d = await proveSettlement(c, sourcesOf(entries, []), new AbortController().signal);
    expect(d.mismatches.map((m) => m.what).join()).toContain('not in the published settlements');
  });
});
