// The public index record: append and verify, and every kind of tampering found at the record where it happened.
import { describe, expect, it } from 'vitest';
import {
  appendRecord,
  canonicalRecord,
  GENESIS_HASH,
  verifyChain,
  type Hasher,
  type IndexEntry,
  type IndexRecord,
} from '../../../server/feeds/chain.ts';
import { createIndexRecorder } from '../../../server/feeds/recorder.ts';
import { sha256Hex } from '../../../server/feeds/sha256.ts';
import type { Price } from '../../../server/kernel/index.ts';
import { DEMO_MARKETS } from './markets.ts';

const T0 = Date.UTC(2026, 0, 15);

function chain(hasher: Hasher, n: number, symbol = 'BTCUSDT'): IndexRecord[] {
  const out: IndexRecord[] = [];
  for (let i = 0; i < n; i++) {
    const entry: IndexEntry = { symbol, time: T0 + i * 500, price: `${95_000 + i}.5` };
    out.push(appendRecord(hasher, out.at(-1) ?? null, entry));
  }
  return out;
}

describe('sha256 hasher', () => {
  it('is SHA-256 over UTF-8, lowercase hex', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('index chain', () => {
  // A readable stand-in for the digest: the chain logic must not depend on which hash it is.
  const fake: Hasher = (text) => {
    let h = 0n;
    for (const ch of text) h = (h * 131n + BigInt(ch.codePointAt(0)!)) % 2n ** 256n;
    return h.toString(16).padStart(64, '0');
  };

  it('encodes a record canonically, so anyone can recompute its hash', () => {
    const r = appendRecord(sha256Hex, null, { symbol: 'BTCUSDT', time: T0, price: '95000.5' });
    expect(canonicalRecord(r)).toBe(`["openex.index.v1","BTCUSDT",1,${T0},"95000.5","${GENESIS_HASH}"]`);
    expect(r.hash).toBe(sha256Hex(canonicalRecord(r)));
    expect(r).toMatchObject({ seq: 1, prev: GENESIS_HASH });
  });

  for (const [name, hasher] of [['sha256', sha256Hex], ['fake', fake]] as const) {
    it(`verifies an honest chain and finds each tampering [${name}]`, () => {
      const records = chain(hasher, 6);
      expect(verifyChain(hasher, records)).toEqual({ ok: true });
      expect(records.slice(1).every((r, i) => r.prev === records[i]!.hash && r.seq === i + 2)).toBe(true);

      const edited = records.map((r, i) => (i === 3 ? { ...r, price: '1' } : r));
      expect(verifyChain(hasher, edited)).toEqual({ ok: false, index: 3, problem: 'hash' });

      // Re-hashing the edited record does not help: the next record's link breaks.
      const body = { ...records[3]!, price: '1' };
      const rehashed = records.map((r, i) => (i === 3 ? { ...body, hash: hasher(canonicalRecord(body)) } : r));
      expect(verifyChain(hasher, rehashed)).toEqual({ ok: false, index: 4, problem: 'link' });

      expect(verifyChain(hasher, [...records.slice(0, 2), ...records.slice(3)])).toEqual({ ok: false, index: 2, problem: 'seq' });
      expect(verifyChain(hasher, [records[1]!, records[0]!, ...records.slice(2)])).toEqual({ ok: false, index: 0, problem: 'seq' });
      expect(verifyChain(hasher, records.slice(1))).toEqual({ ok: false, index: 0, problem: 'seq' });
      expect(verifyChain(hasher, records.map((r, i) => (i === 2 ? { ...r, time: r.time - 10_000 } : r)))).toEqual({ ok: false, index: 2, problem: 'time' });
      expect(verifyChain(hasher, records.map((r, i) => (i === 5 ? { ...r, price: '95005.50' } : r)))).toEqual({ ok: false, index: 5, problem: 'price' });
      expect(verifyChain(hasher, records.map((r, i) => (i === 1 ? { ...r, symbol: 'ETHUSDT' } : r)))).toEqual({ ok: false, index: 1, problem: 'symbol' });
    });
  }

  it('verifies a later piece against a trusted anchor', () => {
    const records = chain(sha256Hex, 5);
    expect(verifyChain(sha256Hex, records.slice(2), records[1]!)).toEqual({ ok: true });
    expect(verifyChain(sha256Hex, records.slice(3), records[1]!)).toEqual({ ok: false, index: 0, problem: 'seq' });
  });

  it('refuses to append what would not verify', () => {
    const [first] = chain(sha256Hex, 1);
    expect(() => appendRecord(sha256Hex, first!, { symbol: 'BTCUSDT', time: T0 - 1, price: '1' })).toThrow();
    expect(() => appendRecord(sha256Hex, first!, { symbol: 'ETHUSDT', time: T0, price: '1' })).toThrow();
    for (const price of ['01', '1.50', '0', '-1', '1e3', '']) {
      expect(() => appendRecord(sha256Hex, null, { symbol: 'BTCUSDT', time: T0, price }), price).toThrow(/non-canonical/);
    }
  });
});

describe('index recorder', () => {
  it('chains ticks per market with canonical decimal prices and continues after a restart', () => {
    const markets = DEMO_MARKETS;
    const rec = createIndexRecorder({ hasher: sha256Hex, markets });
    const btc: IndexRecord[] = [];
    const doge: IndexRecord[] = [];
    for (let i = 1; i <= 4; i++) {
      btc.push(rec.record({ symbol: 'BTCUSDT', price: (9_500_000 + i * 50) as Price, time: T0 + i * 500, seq: i }));
      doge.push(rec.record({ symbol: 'DOGEUSDT', price: 15_000 as Price, time: T0 + i * 500, seq: i }));
    }
    expect(btc.map((r) => r.price)).toEqual(['95000.5', '95001', '95001.5', '95002']);
    expect(doge[0]!.price).toBe('0.15');
    expect(verifyChain(sha256Hex, btc)).toEqual({ ok: true });
    expect(verifyChain(sha256Hex, doge)).toEqual({ ok: true });

    const again = createIndexRecorder({ hasher: sha256Hex, markets, resume: [btc.at(-1)!] });
    const next = again.record({ symbol: 'BTCUSDT', price: 9_500_300 as Price, time: T0 + 5_000, seq: 5 });
    expect(verifyChain(sha256Hex, [...btc, next])).toEqual({ ok: true });
    expect(() => again.record({ symbol: 'FOOUSDT', price: 1 as Price, time: T0, seq: 1 })).toThrow(/unknown market/);
  });
});
