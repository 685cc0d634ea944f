// The signer's store: nonces handed out once each, in order, per (network, chain, address); one row per withdrawal;
// the signed fields kept exactly (wei beyond 64 bits included); state moves only forward; txsFor shows what the
// wallet's lifecycle job may act on. On SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { PrepareInput } from '../../../../server/store/signer.ts';
import { describeDialects, openStore, type TestStore } from '../../dialects.ts';

const HOT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const;
const TO = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' as const;

const input = (withdrawalId: number, over: Partial<PrepareInput> = {}): PrepareInput => ({
  withdrawalId, network: 'ETH', chainId: 31337, asset: 'ETH', from: HOT, recipient: TO, amount: 123n * 10n ** 18n, chainNonce: 5, now: 1000,
  tx: { to: TO, value: 123n * 10n ** 18n, data: '0x', gas: 21000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n },
  ...over,
});

describeDialects('signer store', (dialect) => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openStore(dialect);
  });
  afterEach(async () => t.dispose());

  it("starts at the chain's nonce, then counts on its own; other chains and addresses have their own counters", async () => {
    const s = t.store;
    const a = await s.transaction((r) => r.signer.prepare(input(1, { chainNonce: 5 })));
    // The chain's count is only used for the first nonce: later ones come from the store, whatever is passed.
    const b = await s.transaction((r) => r.signer.prepare(input(2, { chainNonce: 0 })));
    const c = await s.transaction((r) => r.signer.prepare(input(3, { chainId: 1, chainNonce: 0 })));
    expect([a.fields?.nonce, b.fields?.nonce, c.fields?.nonce]).toEqual([5, 6, 0]);
    expect(await s.signer.nextNonce('ETH', 31337, HOT)).toBe(7);
    expect(a.fields).toEqual({ chainId: 31337, nonce: 5, ...input(1).tx, to: TO.toLowerCase() });
    expect(a.amount).toBe(123n * 10n ** 18n);
    expect(a.status).toBe('prepared');
  });

  it('one row per withdrawal: a second prepare fails and rolls back its nonce', async () => {
    const s = t.store;
    await s.transaction((r) => r.signer.prepare(input(1)));
    await expect(s.transaction((r) => r.signer.prepare(input(1)))).rejects.toThrow();
    expect(await s.signer.nextNonce('ETH', 31337, HOT)).toBe(6);
    const next = await s.transaction((r) => r.signer.prepare(input(2)));
    expect(next.fields?.nonce).toBe(6);
  });

  it('moves forward only, and txsFor shows rows once signed', async () => {
    const s = t.store;
    const row = await s.transaction((r) => r.signer.prepare(input(7)));
    expect(await s.signer.txsFor([7])).toEqual([]);
    const hash = `0x${'ab'.repeat(32)}` as const;
    await s.signer.recordSigned(row.id, '0x02f8', hash, 2000);
    await expect(s.signer.recordSigned(row.id, '0x02f9', hash, 2001)).rejects.toThrow(/not prepared/);
    expect(await s.signer.txsFor([7, 8])).toEqual([
      { withdrawalId: 7, network: 'ETH', txHash: hash, nonce: 5, status: 'signed', confirmations: 0, error: null, updatedAt: 2000 },
    ]);
    await s.signer.recordBroadcast(row.id, 3000);
    await s.signer.recordConfirmations(row.id, 3, 10, 3100);
    expect((await s.signer.row(7))?.confirmations).toBe(3);
    await s.signer.recordConfirmed(row.id, 12, 10, 4000);
    await expect(s.signer.recordFailed(row.id, 'late', 5000)).rejects.toThrow();
    const done = await s.signer.row(7);
    expect(done).toMatchObject({ status: 'confirmed', confirmations: 12, blockNumber: 10, raw: '0x02f8', hash, signedAt: 2000, broadcastAt: 3000 });
    expect(await s.signer.open('ETH', 10)).toEqual([]);
  });

  it('a refused withdrawal is failed with no nonce and no hash, and uses up no nonce', async () => {
    const s = t.store;
    await s.signer.refuse({ withdrawalId: 9, network: 'ETH', chainId: 31337, asset: 'USDT', from: HOT, recipient: 'nope', amount: 0n, error: 'refused: bad', now: 10 });
    expect(await s.signer.txsFor([9])).toEqual([
      { withdrawalId: 9, network: 'ETH', txHash: '', nonce: null, status: 'failed', confirmations: 0, error: 'refused: bad', updatedAt: 10 },
    ]);
    const row = await s.transaction((r) => r.signer.prepare(input(10)));
    expect(row.fields?.nonce).toBe(5);
    expect([...(await s.signer.known([9, 10, 11]))].sort((a, b) => a - b)).toEqual([9, 10]);
  });

  it('no two rows can hold the same nonce of one address, even written around the counter', async () => {
    const s = t.store;
    await s.transaction((r) => r.signer.prepare(input(1)));
    // A counter reset by hand (as an operator's mistake would): the unique nonce still refuses the row.
    await s.db.updateTable('signer_nonces').set({ next_nonce: 5 }).execute();
    await expect(s.transaction((r) => r.signer.prepare(input(2)))).rejects.toThrow();
    expect(await s.signer.row(2)).toBeUndefined();
  });

  it('open lists unfinished rows lowest nonce first', async () => {
    const s = t.store;
    const rows = [];
    for (const id of [3, 1, 2]) rows.push(await s.transaction((r) => r.signer.prepare(input(id))));
    await s.signer.recordSigned(rows[0]!.id, '0x01', `0x${'01'.repeat(32)}`, 1);
    await s.signer.recordBroadcast(rows[0]!.id, 2);
    await s.signer.recordConfirmed(rows[0]!.id, 12, 1, 3);
    expect((await s.signer.open('ETH', 10)).map((r) => [r.withdrawalId, r.fields?.nonce])).toEqual([[1, 6], [2, 7]]);
  });
});
