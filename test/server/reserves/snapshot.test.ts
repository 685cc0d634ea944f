// A liabilities snapshot over the real desks (server/reserves/snapshot.ts, proof.ts, job.ts): users with money in
// every wallet, some of it frozen by an open order, some in transit between wallets, one user back to nothing. The
// snapshot's totals equal the journal's per-asset sums over the users' accounts and the transit accounts (computed
// here from the journal, independently of the balances the snapshot reads); each user's proof carries that user's
// own sums and verifies, with the browser's verifier, against the root in the public record; a user with nothing is
// absent. A negative sum (which the database can't hold, so it is injected here) is reported and left at zero. The
// daily job takes one snapshot per UTC day, an operator's counting as the day's; an operator's second one the same
// day is a new snapshot (new id, nonces, shuffle) beside the first; the same request id answers the same snapshot.
// On SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { publishedRoot, verifyProof, verifyRecord, type LiabilitiesProof } from '../../../server/contract/liabilities.ts';
import { startReservesJob } from '../../../server/reserves/job.ts';
import { userProof } from '../../../server/reserves/proof.ts';
import { takeSnapshot } from '../../../server/reserves/snapshot.ts';
import type { Repositories, Store } from '../../../server/store/index.ts';
import { openWorld, U1, U2, U3, value, type World } from '../desks/world.ts';
import { describeDialects } from '../dialects.ts';

const U4 = 10_000_004;
const U5 = 10_000_005;
const E8 = 100_000_000n;
const DAY = 86_400_000;

/** Per asset, Σ of the journal's lines over every user account and transit account: what users are owed. */
async function journalUserTotals(store: Store): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (const t of await store.ledger.journalTotals()) {
    if (!t.account.startsWith('user:') && !t.account.startsWith('transit:')) continue;
    out.set(t.asset, (out.get(t.asset) ?? 0n) + t.amount);
  }
  for (const [asset, amount] of out) if (amount === 0n) out.delete(asset);
  return out;
}

/** One user's sums per asset from the balances table and their transfers in transit. */
async function userSums(store: Store, user: number): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  for (const b of await store.ledger.userBalances(user)) out.set(b.asset, (out.get(b.asset) ?? 0n) + b.available + b.frozen);
  for (const t of await store.reserves.inTransit()) if (t.user === user) out.set(t.asset, (out.get(t.asset) ?? 0n) + t.amount);
  return out;
}

describeDialects('liabilities snapshots', (dialect) => {
  let w: World;

  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.credit(U1, 'USDT', '1000.5');
    await w.credit(U1, 'BTC', '2.25');
    await w.credit(U1, 'USDT', '300', 'contract');
    await w.credit(U1, 'USDT', '40', 'seconds');
    await w.credit(U1, 'USDT', '7', 'earn');
    await w.credit(U1, 'USDT', '0.00000001', 'fiat');
    await w.credit(U2, 'USDT', '50000');
    await w.credit(U2, 'ETH', '3');
    // Frozen by an open order: still the user's.
    value(await w.desks.spot.place({ type: 'limit', user: U2, symbol: 'BTCUSDT', side: 'buy', price: '20000', qty: '1' }));
    await w.credit(U3, 'BTC', '0.5');
    // In transit: debited from coin, not yet credited to contract (a crash between the two halves).
    value(await w.desks.byWallet.coin.transferOut({ user: U3, asset: 'BTC', amount: '0.2', to: 'contract' }));
    // A completed transfer: all of it in the contract wallet now.
    await w.credit(U4, 'USDT', '10');
    value(await w.desks.transfers.transfer({ user: U4, asset: 'USDT', amount: '10', from: 'coin', to: 'contract' }));
    // Back to nothing: not in the tree.
    await w.credit(U5, 'ETH', '1');
    value(await w.desks.byWallet.coin.adjust({ user: U5, asset: 'ETH', amount: '1', action: 'debit', memo: 'test' }));
  }, 60_000);
  afterEach(async () => w.dispose());

  it("totals equal the ledger's per-asset user totals, and every user's proof verifies against the public record", async () => {
    const report = await takeSnapshot({ store: w.store, clock: w.clock.now, cause: 'operator', chunkLevel: 1 });
    const expected = await journalUserTotals(w.store);
    expect(expected.get('BTC')).toBe(275_000_000n); // 2.25 + 0.5 (0.2 of it in transit)
    expect(Object.fromEntries(Object.entries(report.totals).map(([a, v]) => [a, BigInt(v)]))).toEqual(Object.fromEntries(expected));
    expect(report.assets).toEqual([...expected.keys()].sort());
    expect(report).toMatchObject({ userCount: 4, leafCount: 4, negatives: [], duplicate: false, seq: 1 });

    const head = (await w.store.reserves.record(10)).reverse();
    expect(await verifyRecord(head)).toEqual([]);
    const entry = head.at(-1)!;
    expect(entry).toMatchObject({ seq: 1, snapshotId: report.snapshotId, rootHash: report.rootHash, leafCount: 4, sums: report.totals, ts: w.clock.now() });

    const positions = new Set<number>();
    for (const user of [U1, U2, U3, U4]) {
      const answer = await userProof(w.store, user);
      if (!answer.ok) throw new Error(answer.code);
      const proof: LiabilitiesProof = answer.proof;
      const mine = await userSums(w.store, user);
      expect(Object.fromEntries(Object.entries(proof.leaf.balances).filter(([, v]) => v !== '0').map(([a, v]) => [a, BigInt(v)]))).toEqual(Object.fromEntries(mine));
      const result = await verifyProof(proof, publishedRoot(entry));
      expect(result, `user ${user}`).toMatchObject({ ok: true, root: { hash: report.rootHash } });
      if (result.ok) positions.add(result.leafIndex);
      // The same proof by id: identical.
      expect(await userProof(w.store, user, report.snapshotId)).toEqual(answer);
    }
    expect(positions.size).toBe(4);
    expect((await userProof(w.store, U3)).ok && (await userProof(w.store, U3))).toMatchObject({ proof: { leaf: { balances: { BTC: String(50_000_000n) } } } });
    expect(await userProof(w.store, U5)).toEqual({ ok: false, code: 'reserves.proof.absent' });
    expect(await userProof(w.store, 99_999_999)).toEqual({ ok: false, code: 'reserves.proof.absent' });
    expect(await userProof(w.store, U1, report.snapshotId + 1)).toEqual({ ok: false, code: 'reserves.snapshot.unknown' });
    // The seed never shows: the nonces are per leaf and differ from user to user.
    const nonces = await Promise.all([U1, U2].map(async (u) => ((await userProof(w.store, u)) as { proof: LiabilitiesProof }).proof.leaf.nonce));
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(JSON.stringify(await userProof(w.store, U1))).not.toContain((await w.store.reserves.byId(report.snapshotId))!.seed);
  });

  it('answers every leaf of a larger tree from its stored chunks and levels, and refuses damaged storage', async () => {
    for (let i = 0; i < 37; i++) await w.credit(20_000_000 + i, i % 2 === 0 ? 'USDT' : 'BTC', `${i + 1}.5`);
    const report = await takeSnapshot({ store: w.store, clock: w.clock.now, cause: 'operator', chunkLevel: 3 });
    expect(report).toMatchObject({ userCount: 41, leafCount: 64 });
    const entry = (await w.store.reserves.recordOf(report.snapshotId))!;
    for (let i = 0; i < 37; i++) {
      const answer = await userProof(w.store, 20_000_000 + i);
      if (!answer.ok) throw new Error(answer.code);
      expect(answer.proof.path).toHaveLength(6);
      expect(answer.proof.leaf.balances[i % 2 === 0 ? 'USDT' : 'BTC']).toBe(String(BigInt(i + 1) * E8 + E8 / 2n));
      expect((await verifyProof(answer.proof, publishedRoot(entry))).ok).toBe(true);
    }
    // A level blob changed under the snapshot (a bit of every node's hash, or only of a sum): the proof is refused
    // with an error, never answered wrong.
    const blob = (await w.store.reserves.blob(report.snapshotId, 'level', 4))!;
    const size = 32 + 8 * report.assets.length;
    expect(blob.length).toBe(4 * size);
    const damaged = new Uint8Array(blob);
    for (let at = size - 1; at < damaged.length; at += size) damaged[at] = damaged[at]! ^ 1;
    await w.store.db.updateTable('reserves_blobs').set({ data: damaged }).where('snapshot_id', '=', report.snapshotId).where('kind', '=', 'level').where('part', '=', 4).execute();
    await expect(userProof(w.store, 20_000_000)).rejects.toThrow(/does not rebuild|stored levels/);
  });

  it('reports a negative sum and leaves that asset at zero in the leaf (the totals overstate, never understate)', async () => {
    // The database refuses negative balances, so the sum is made negative under the snapshot's read.
    const store = w.store;
    const withNegative: Store = {
      ...store,
      snapshot: (work) =>
        store.snapshot((repos) => {
          const reserves = { ...repos.reserves, inTransit: async () => [...(await repos.reserves.inTransit()), { user: U1, asset: 'USDT', amount: -1_400n * E8 }] };
          return work({ ...repos, reserves } as Repositories);
        }),
    };
    const report = await takeSnapshot({ store: withNegative, clock: w.clock.now, cause: 'operator' });
    expect(report.negatives).toEqual([{ user: U1, asset: 'USDT', amount: String(1_347_50000001n - 1_400n * E8) }]);
    // U1's leaf: USDT at zero, BTC as held; the proof verifies (no negative anywhere in the tree).
    const answer = await userProof(store, U1);
    if (!answer.ok) throw new Error(answer.code);
    expect(answer.proof.leaf.balances).toMatchObject({ USDT: '0', BTC: String(225n * E8 / 100n) });
    expect((await verifyProof(answer.proof, publishedRoot((await store.reserves.recordOf(report.snapshotId))!))).ok).toBe(true);
    const expected = await journalUserTotals(store);
    expect(BigInt(report.totals['USDT']!)).toBe(expected.get('USDT')! - 1_347_50000001n);
    expect((await store.reserves.byId(report.snapshotId))!.negatives).toEqual(report.negatives);
  });

  it('takes one daily snapshot per UTC day; an operator snapshot the same day is another one beside it', async () => {
    const job = startReservesJob({ store: w.store, clock: w.clock.now, pollMs: 0 });
    try {
      // 12:00 on a day without a snapshot: the day's is taken at once.
      const first = await job.tick();
      expect(first).toMatchObject({ seq: 1, userCount: 4 });
      expect((await w.store.reserves.byId(first!.snapshotId))!.cause).toBe('daily');
      w.clock.advance(6 * 3_600_000);
      expect(await job.tick()).toBeNull();

      // The operator, the same day: a new snapshot, with new nonces and another shuffle, both in the record.
      const second = await takeSnapshot({ store: w.store, clock: w.clock.now, cause: 'operator', requestId: 'request-0001', operator: 'alice', reason: 'audit' });
      expect(second).toMatchObject({ seq: 2, snapshotId: first!.snapshotId + 1, totals: first!.totals, duplicate: false });
      expect(second.rootHash).not.toBe(first!.rootHash);
      const p1 = (await userProof(w.store, U1, first!.snapshotId)) as { proof: LiabilitiesProof };
      const p2 = (await userProof(w.store, U1, second.snapshotId)) as { proof: LiabilitiesProof };
      expect(p2.proof.leaf.balances).toEqual(p1.proof.leaf.balances);
      expect(p2.proof.leaf.nonce).not.toBe(p1.proof.leaf.nonce);
      for (const [p, id] of [[p1, first!.snapshotId], [p2, second.snapshotId]] as const) {
        expect((await verifyProof(p.proof, publishedRoot((await w.store.reserves.recordOf(id))!))).ok).toBe(true);
      }
      // The newest is what a proof without an id answers.
      expect(await userProof(w.store, U1)).toEqual(p2);
      // The same request again: the same snapshot, nothing new.
      const again = await takeSnapshot({ store: w.store, clock: w.clock.now, cause: 'operator', requestId: 'request-0001', operator: 'alice', reason: 'audit' });
      expect(again).toMatchObject({ snapshotId: second.snapshotId, seq: 2, rootHash: second.rootHash, duplicate: true });
      expect(await job.tick()).toBeNull();

      // Past midnight: the next day's.
      w.clock.advance(DAY - 6 * 3_600_000 - 12 * 3_600_000 + 5_000);
      const third = await job.tick();
      expect(third).toMatchObject({ seq: 3, takenAt: Date.UTC(2026, 0, 16, 0, 0, 5) });
      w.clock.advance(600_000);
      expect(await job.tick()).toBeNull();
      // The day after, the operator first: that is the day's, the job takes none.
      w.clock.advance(DAY);
      await takeSnapshot({ store: w.store, clock: w.clock.now, cause: 'operator' });
      w.clock.advance(1_000);
      expect(await job.tick()).toBeNull();
      const record = (await w.store.reserves.record(100)).reverse();
      expect(record.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
      expect(await verifyRecord(record)).toEqual([]);
    } finally {
      await job.stop();
    }
  });

  it('publishes nothing when a snapshot fails, and the job tries again later', async () => {
    const store = w.store;
    let broken = true;
    const failing: Store = {
      ...store,
      snapshot: (work) => (broken ? Promise.reject(new Error('disk on fire')) : store.snapshot(work)),
    };
    const errors: unknown[] = [];
    const job = startReservesJob({ store: failing, clock: w.clock.now, pollMs: 0, retryMs: 60_000, onError: (e) => errors.push(e) });
    try {
      expect(await job.tick()).toBeNull();
      expect(errors).toHaveLength(1);
      expect(await store.reserves.record(10)).toEqual([]);
      expect((await store.reserves.list(10)).map((s) => [s.status, s.error])).toEqual([['failed', 'disk on fire']]);
      broken = false;
      w.clock.advance(30_000);
      expect(await job.tick()).toBeNull(); // not yet: a minute after the failure
      w.clock.advance(30_000);
      expect(await job.tick()).toMatchObject({ seq: 1 });
    } finally {
      await job.stop();
    }
  });
});
