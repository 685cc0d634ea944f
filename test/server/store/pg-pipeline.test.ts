// A desk's pipelined commits on PostgreSQL (store/desk-writes.ts writeDeskRepos with `after`): the next commit writes
// its new rows on its own connection while the previous one is still in flight, then applies its changes on top of
// the previous commit's and commits after it; when the previous one fails, it rolls back, and so does every later one
// handed over behind it.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { DeskWrites } from '../../../server/store/desk-writes.ts';
import type { SpotOrder } from '../../../server/store/spot.ts';
import { describePostgres, openStore, type TestStore } from '../dialects.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const USER = 7;

const order = (status: SpotOrder['status'], filled: bigint): SpotOrder => ({
  id: 1, user: USER, symbol: 'BTCUSDT', clientOrderId: null, side: 'buy', kind: 'limit', tif: 'gtc', postOnly: false, stp: 'none',
  price: 6_000_000_000_000n, bound: null, qty: 100_000n, quoteQty: null, openQty: 100_000n - filled, filledQty: filled, filledQuote: 0n,
  fee: 0n, feeAsset: 'BTC', makerPpm: 1000, takerPpm: 1000, status, closeCode: null, priority: status === 'filled' ? null : 1,
  createdAt: NOW, updatedAt: NOW, closedAt: status === 'filled' ? NOW : null, condition: null, stopPrice: null, trailingBips: null,
  trailPrice: null, held: null, triggeredAt: null, listId: null, strategyId: null, strategyType: null, preventedMatchId: null,
});

/** One commit of the coin desk: a journal entry `seq` moving `amount` USDT into the user's available, and the order as given. */
const batch = (seq: number, amount: bigint, o: SpotOrder | null, events: NonNullable<DeskWrites['spot']>['events'] = []): DeskWrites => ({
  lease: { desk: 'coin', holder: 'test', now: NOW, ttlMs: 60_000 },
  ledger: {
    desk: 'coin', now: NOW,
    entries: [{ seq, reason: 'admin.credit', ref: `admin:pipeline#${seq}`, time: NOW, lines: [
      { account: 'system:external', asset: 'USDT', amount: -amount },
      { account: `user:${USER}:coin:available`, asset: 'USDT', amount },
    ] }],
    balances: [{ user: USER, wallet: 'coin', asset: 'USDT', available: amount, frozen: 0n }],
    system: [{ account: 'system:external', asset: 'USDT', amount: -amount }],
  },
  records: [{ user: USER, wallet: 'coin', asset: 'USDT', type: 'admin_credit', amount, frozen: 0n, ref: 'admin:pipeline', desk: 'coin', seq, time: NOW }],
  transfersOut: [], transfersIn: [],
  spot: { orders: o === null ? [] : [o], trades: [], events },
  perp: null,
  log: { desk: 'coin', seq: seq * 1024 + 1 },
});

describePostgres('a desk\'s pipelined commits on PostgreSQL', () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openStore('postgres');
    expect(await t.store.leases.acquire('coin', 'test', NOW, 60_000)).toBe(true);
  });
  afterEach(async () => t.dispose());

  const entries = async () => (await t.store.db.selectFrom('ledger_entries').select('seq').orderBy('seq').execute()).map((r) => r.seq);
  const available = async () => (await t.store.ledger.userBalances(USER)).find((b) => b.asset === 'USDT')?.available ?? 0n;

  it('commits the second after the first, its changes on top of the first\'s (a row the first inserted, updated by the second)', async () => {
    expect(t.store.deskCommitsInFlight).toBe(2);
    // The first inserts the balance row and the order; the second, handed over before the first is known committed,
    // fills that order and moves the balance again: without waiting, it would find neither row.
    const first = t.store.commitDesk(batch(1, 500n, order('new', 0n)));
    const firstDone = first.then(() => true, () => false);
    const second = t.store.commitDesk(batch(2, 250n, order('filled', 100_000n)), firstDone);
    await Promise.all([first, second]);
    expect(await entries()).toEqual([1, 2]);
    expect(await available()).toBe(750n);
    expect((await t.store.spot.find(1))?.status).toBe('filled');
    expect(await t.store.leases.logPosition('coin')).toBe(2 * 1024 + 1);
    // Ten in a row, each after the one before: every one written, the position the last one's.
    let after: Promise<boolean> = Promise.resolve(true);
    const all: Array<Promise<void>> = [];
    for (let seq = 3; seq <= 12; seq++) {
      const p = t.store.commitDesk(batch(seq, 1n, null), after);
      after = p.then(() => true, () => false);
      all.push(p);
    }
    await Promise.all(all);
    expect(await entries()).toEqual([...Array(12).keys()].map((i) => i + 1));
    // The rows the database numbers are numbered in the commits' order (the account centre lists by them).
    expect((await t.store.db.selectFrom('asset_records').select('seq').orderBy('id').execute()).map((r) => r.seq)).toEqual(await entries());
    expect(await available()).toBe(760n);
    expect(await t.store.leases.logPosition('coin')).toBe(12 * 1024 + 1);
  });

  it('rolls back a commit handed over behind one that fails, and every one behind it, new rows included', async () => {
    await t.store.commitDesk(batch(1, 100n, null));
    // The first of the three fails in its transaction (an order event with a null type in a NOT NULL column).
    const bad = { orderId: 1, type: null as unknown as string, status: 'new' as const, openQty: 0n, filledQty: 0n, code: null, time: NOW };
    const first = t.store.commitDesk(batch(2, 10n, order('new', 0n), [bad]));
    const second = t.store.commitDesk(batch(3, 20n, null), first.then(() => true, () => false));
    const third = t.store.commitDesk(batch(4, 30n, null), second.then(() => true, () => false));
    await expect(first).rejects.toThrow();
    await expect(second).rejects.toThrow(/an earlier commit of the coin desk failed/);
    await expect(third).rejects.toThrow(/an earlier commit of the coin desk failed/);
    expect(await entries()).toEqual([1]);
    expect(await available()).toBe(100n);
    expect(await t.store.spot.find(1)).toBeUndefined();
    expect(await t.store.leases.logPosition('coin')).toBe(1 * 1024 + 1);
  });

  it('writes nothing of a commit whose desk lost its lease, however its predecessor ended', async () => {
    await t.store.commitDesk(batch(1, 100n, null));
    expect(await t.store.leases.acquire('coin', 'other', NOW + 120_000, 60_000)).toBe(true);
    const first = t.store.commitDesk(batch(2, 10n, null));
    const second = t.store.commitDesk(batch(3, 20n, null), first.then(() => true, () => false));
    await expect(first).rejects.toThrow(/lease/);
    await expect(second).rejects.toThrow(/an earlier commit/);
    expect(await entries()).toEqual([1]);
  });
});
