// The price record's chain and the seconds contracts' settlement rule, as the verifier recomputes them.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SECONDS_OPEN_WAIT_MS, type PriceRecordEntry, type SecondsContractItem } from '../../../server/contract/seconds.ts';
import {
  entryAfter, entryAtOrBefore, feeOf, GENESIS_HASH, payoutOf, priceRecordCanonical, priceRecordHash, settle, unitsOf, unitsText, verifyChain, verifySettlements,
} from '../../../server/contract/seconds-record.ts';

async function chain(market: string, prices: readonly string[], t0 = 1_700_000_000_000): Promise<PriceRecordEntry[]> {
  const out: PriceRecordEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [i, price] of prices.entries()) {
    const e = { seq: i + 1, market, ts: t0 + i * 1000, price, sources: `ext:${price},mid:${price}`, prevHash };
    const hash = await priceRecordHash(e);
    out.push({ ...e, hash });
    prevHash = hash;
  }
  return out;
}

describe('price record', () => {
  it('hashes the documented canonical text with SHA-256', async () => {
    const e = { seq: 1, market: 'BTCUSDT', ts: 1_700_000_000_000, price: '50010.5', sources: 'ext:50010.5', prevHash: GENESIS_HASH };
    expect(priceRecordCanonical(e)).toBe(`1|BTCUSDT|1700000000000|50010.5|ext:50010.5|${GENESIS_HASH}`);
    expect(await priceRecordHash(e)).toBe(createHash('sha256').update(priceRecordCanonical(e)).digest('hex'));
  });

  it('accepts an intact chain and catches a changed price, a broken link, a gap and a non-canonical price', async () => {
    const entries = await chain('BTCUSDT', ['50000', '50001.5', '49999.25', '50002', '50002']);
    expect(await verifyChain(entries)).toEqual({ checked: 5, mismatches: [] });
    // A range checked on its own links to the entry before it.
    expect((await verifyChain(entries.slice(2), entries[1]!)).mismatches).toEqual([]);
    expect((await verifyChain(entries.slice(2), entries[0]!)).mismatches.length).toBeGreaterThan(0);

    const tampered = entries.map((e) => ({ ...e }));
    tampered[2] = { ...tampered[2]!, price: '49000' };
    const found = (await verifyChain(tampered)).mismatches;
    expect(found.map((m) => m.seq)).toEqual([3]);
    expect(found[0]!.what).toMatch(/hash/);

    // Re-hashing the changed entry breaks the next link instead.
    const rehashed = entries.map((e) => ({ ...e }));
    const { hash: _h, ...rest } = { ...rehashed[2]!, price: '49000' };
    rehashed[2] = { ...rest, hash: await priceRecordHash(rest) };
    expect((await verifyChain(rehashed)).mismatches.map((m) => m.seq)).toEqual([4]);

    expect((await verifyChain([entries[0]!, entries[2]!])).mismatches.some((m) => /follows/.test(m.what))).toBe(true);
    const padded = await chain('BTCUSDT', ['50000.50']);
    expect((await verifyChain(padded)).mismatches[0]!.what).toMatch(/canonical/);
  });

  it('finds the last entry at or before an instant', async () => {
    const entries = await chain('ETHUSDT', ['1', '2', '3'], 1000);
    expect(entryAtOrBefore(entries, 999)).toBeNull();
    expect(entryAtOrBefore(entries, 1000)?.seq).toBe(1);
    expect(entryAtOrBefore(entries, 1999)?.seq).toBe(1);
    expect(entryAtOrBefore(entries, 2000)?.seq).toBe(2);
    expect(entryAtOrBefore(entries, 99_999)?.seq).toBe(3);
  });
});

describe('settlement', () => {
  const u = (t: string) => unitsOf(t)!;
  it('pays a win stake × (1 + payout), returns a loss stake × (1 − loss), refunds a tie', () => {
    expect(settle('up', u('1000'), u('0.8'), u('1'), u('100'), u('101'))).toEqual({ outcome: 'win', payout: u('1800') });
    expect(settle('up', u('1000'), u('0.8'), u('1'), u('100'), u('99'))).toEqual({ outcome: 'loss', payout: 0n });
    expect(settle('down', u('1000'), u('0.8'), u('0.9'), u('100'), u('101'))).toEqual({ outcome: 'loss', payout: u('100') });
    expect(settle('down', u('1000'), u('0.85'), u('1'), u('100'), u('99.99'))).toEqual({ outcome: 'win', payout: u('1850') });
    expect(settle('down', u('1234.5'), u('0.85'), u('1'), u('100'), u('100'))).toEqual({ outcome: 'tie', payout: u('1234.5') });
  });

  it('rounds a gain and a remainder down, a fee up, to the minor unit', () => {
    expect(payoutOf('win', 1n, u('0.8'), u('1'))).toBe(1n);
    expect(payoutOf('loss', 3n, u('0.5'), u('0.5'))).toBe(1n);
    expect(feeOf(3n, u('0.5'))).toBe(2n);
    expect(feeOf(u('1000'), u('0.001'))).toBe(u('1'));
    expect(unitsText(u('50010.50000000'))).toBe('50010.5');
  });

  it('recomputes settled contracts from the record and reports a payout or a price that does not follow', async () => {
    const entries = await chain('BTCUSDT', ['100', '100.5', '101', '99', '100.5'], 0);
    const contract = (over: Partial<SecondsContractItem>): SecondsContractItem => ({
      id: 'c1', market: 'BTCUSDT', direction: 'up', durationS: 2, amount: '1000', fee: '1', payoutRatio: '0.8', lossRatio: '1',
      scheduledTs: null, openTs: 1500, deliveryTs: 3500, openPrice: '100.5', settlePrice: '99', openRecordSeq: 2, openRecordHash: entries[1]!.hash,
      settleRecordSeq: 4, settleRecordHash: entries[3]!.hash, outcome: 'loss', payout: '0', profit: '-1001', status: 'settled', createdTs: 1500, settledTs: 3600,
      acceptedTs: null, reason: null, ...over,
    });
    const records = new Map([['BTCUSDT', entries]]);
    const win = contract({ id: 'c2', direction: 'down', outcome: 'win', payout: '1800', profit: '799' });
    expect(verifySettlements([contract({}), win, contract({ id: 'c3', status: 'holding' })], records)).toEqual({ checked: 2, mismatches: [] });

    const found = verifySettlements([contract({ payout: '1800', outcome: 'win', profit: '799' }), contract({ id: 'c4', settlePrice: '101', settleRecordSeq: 3, settleRecordHash: entries[2]!.hash })], records);
    expect(found.checked).toBe(2);
    expect(found.mismatches.map((m) => m.contractId)).toEqual(['c1', 'c1', 'c1', 'c4']);
    expect(found.mismatches[3]!.what).toMatch(/entry at delivery is 4 at 99/);
  });

  it('opens a contract of the new rule on the first entry after its acceptance, within the bound, and checks a refund', async () => {
    // Entries at 0, 1000, 2000, 3000 and 4000.
    const entries = [...(await chain('BTCUSDT', ['100', '100.5', '101', '99', '100.5'], 0))];
    const records = new Map([['BTCUSDT', entries]]);
    expect(entryAfter(entries, 1000)?.seq).toBe(3);
    expect(entryAfter(entries, 999)?.seq).toBe(2);
    expect(entryAfter(entries, 4000)).toBeNull();
    const base: SecondsContractItem = {
      id: 'n1', market: 'BTCUSDT', direction: 'up', durationS: 2, amount: '1000', fee: '1', payoutRatio: '0.8', lossRatio: '1',
      scheduledTs: null, acceptedTs: 600, openTs: 1000, deliveryTs: 3000, openPrice: '100.5', settlePrice: '99', openRecordSeq: 2, openRecordHash: entries[1]!.hash,
      settleRecordSeq: 4, settleRecordHash: entries[3]!.hash, outcome: 'loss', payout: '0', profit: '-1001', status: 'settled', reason: null, createdTs: 600, settledTs: 3100,
    };
    expect(verifySettlements([base], records)).toEqual({ checked: 1, mismatches: [] });
    // Opening on the entry at or before acceptance (the one anyone could see when placing) is a mismatch.
    const early = { ...base, openTs: 0, deliveryTs: 2000, openPrice: '100', openRecordSeq: 1, openRecordHash: entries[0]!.hash, settlePrice: '101', settleRecordSeq: 3, settleRecordHash: entries[2]!.hash, outcome: 'win' as const, payout: '1800', profit: '799' };
    expect(verifySettlements([early], records).mismatches.map((m) => m.what).join('; ')).toMatch(/first entry after its acceptance at 600 is at 1000/);
    // Refunded: right when no entry came within SECONDS_OPEN_WAIT_MS (accepted at 4000: none until the record ends).
    const refunded = { ...base, id: 'n2', status: 'refunded' as const, reason: 'no.price' as const, acceptedTs: 4000, openTs: null, openPrice: null, openRecordSeq: null, openRecordHash: null, settlePrice: null, settleRecordSeq: null, settleRecordHash: null, outcome: null, payout: null, profit: null };
    expect(verifySettlements([refunded], records)).toEqual({ checked: 1, mismatches: [] });
    expect(verifySettlements([{ ...refunded, acceptedTs: 3500 }], records).mismatches[0]!.what).toMatch(/refunded, but the record's entry 5/);
    expect(SECONDS_OPEN_WAIT_MS).toBe(5_000);
  });
});
