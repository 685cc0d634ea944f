// store.chain on both dialects: deposit addresses assigned once per user and network, with distinct indexes under
// concurrent first asks; deposits keyed on (network, tx hash, index), listed per user with filters and pages; an
// orphaned deposit mined again comes back under its key; the latest reserve reading per asset.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { depositAddress } from '../../../server/chain/index.ts';
import { btcDeriver, ethDeriver } from '../../../server/chain/derive.ts';
import type { NewDeposit } from '../../../server/store/chain.ts';
import { describeDialects, openStore, testClock, type TestStore } from '../dialects.ts';
import { BTC_VPUB, ETH_XPUB } from './vectors.ts';

const eth = ethDeriver(ETH_XPUB);
const btc = btcDeriver(BTC_VPUB, 'testnet');

describeDialects('store.chain', (dialect) => {
  let t: TestStore;
  const clock = testClock();
  // One store for the file (migrating one takes seconds); each test starts with the chain tables empty.
  beforeAll(async () => {
    t = await openStore(dialect, clock.now);
  });
  afterAll(async () => t?.dispose());
  beforeEach(async () => {
    for (const table of ['chain_address_counters', 'chain_addresses', 'chain_deposits', 'chain_blocks', 'chain_cursors', 'chain_reserves'] as const) {
      await t.store.db.deleteFrom(table).execute();
    }
  });

  it('assigns one address per user and network, never the same index twice, under concurrent first asks', async () => {
    const users = Array.from({ length: 12 }, (_, i) => 10_000_001 + i);
    // Every user asks three times at once, on both networks.
    const asks = users.flatMap((u) => [0, 1, 2].flatMap(() => [
      depositAddress(t.store, clock.now, u, 'ETH', eth).then((a) => ({ u, n: 'ETH', a })),
      depositAddress(t.store, clock.now, u, 'BTC', btc).then((a) => ({ u, n: 'BTC', a })),
    ]));
    const answers = await Promise.all(asks);
    for (const network of ['ETH', 'BTC'] as const) {
      const byUser = new Map<number, Set<string>>();
      for (const x of answers.filter((x) => x.n === network)) byUser.set(x.u, (byUser.get(x.u) ?? new Set()).add(x.a));
      for (const set of byUser.values()) expect(set.size).toBe(1);
      const rows = await t.store.chain.addressesAfter(network, 0);
      expect(rows).toHaveLength(users.length);
      expect(rows.map((r) => r.index).sort((a, b) => a - b)).toEqual(users.map((_, i) => i));
      const derive = network === 'ETH' ? eth : btc;
      for (const r of rows) expect(r.address).toBe(derive.address(r.index));
      for (const r of rows) expect([...byUser.get(r.user)!][0]).toBe(r.address);
    }
    // Later asks answer the same address.
    expect(await depositAddress(t.store, clock.now, users[3]!, 'ETH', eth)).toBe((await t.store.chain.addressOf(users[3]!, 'ETH'))!.address);
    expect(await t.store.chain.addressesAfter('ETH', 0)).toHaveLength(users.length);
  });

  const deposit = (over: Partial<NewDeposit>): NewDeposit => ({
    user: 10_000_001, asset: 'ETH', network: 'ETH', chainId: 31337, txHash: `0x${'a'.repeat(64)}`, index: -1, address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    amount: 100_000_000n, chainAmount: 10n ** 18n, required: 12, status: 'pending', ...over,
  });
  const block = (height: number, fork = 'a') => ({ height, hash: `0x${fork}${String(height).padStart(63, '0')}`, parentHash: `0x${fork}${String(height - 1).padStart(63, '0')}` });

  it('keys deposits on (network, tx, index); confirmations, due credits, orphaning and revival', async () => {
    const s = t.store;
    await s.transaction((r) => r.chain.recordBlock('ETH', block(10), [deposit({}), deposit({ asset: 'USDT', index: 0, amount: 5_000_000n, status: 'below_min' })], 64, 1));
    await s.transaction((r) => r.chain.recordBlock('ETH', block(11), [deposit({ user: 10_000_002, txHash: `0x${'b'.repeat(64)}` })], 64, 2));
    // The same key seen again (a replayed block): nothing changes.
    await expect(s.transaction((r) => r.chain.recordBlock('ETH', block(12), [deposit({ amount: 1n })], 64, 3))).resolves.toBeUndefined();
    expect((await s.chain.allDeposits('ETH')).map((d) => [d.amount, d.status])).toEqual([[100_000_000n, 'pending'], [5_000_000n, 'below_min'], [100_000_000n, 'pending']]);
    await s.chain.updateConfirmations('ETH', 20);
    expect((await s.chain.allDeposits('ETH')).map((d) => d.confirmations)).toEqual([11, 11, 10]);
    expect(await s.chain.dueCredits('ETH', 20, 10)).toEqual([]);
    await s.chain.updateConfirmations('ETH', 30);
    const due = await s.chain.dueCredits('ETH', 21, 10);
    expect(due.map((d) => [d.txHash, d.blockNumber])).toEqual([[`0x${'a'.repeat(64)}`, 10]]);
    expect(await s.chain.markCredited(due[0]!.id, 99)).toBe(true);
    expect(await s.chain.markCredited(due[0]!.id, 100)).toBe(false);
    // Blocks above 10 leave the chain: the pending deposit of block 11 is orphaned; block 10's stay.
    const orphaned = await s.transaction((r) => r.chain.orphanAbove('ETH', 10));
    expect(orphaned.map((d) => [d.user, d.status])).toEqual([[10_000_002, 'orphaned']]);
    expect((await s.chain.tip('ETH'))?.height).toBe(10);
    // Mined again in block 11 of the other fork: the same row, pending again.
    await s.transaction((r) => r.chain.recordBlock('ETH', block(11, 'c'), [deposit({ user: 10_000_002, txHash: `0x${'b'.repeat(64)}` })], 64, 4));
    const all = await s.chain.allDeposits('ETH');
    expect(all.map((d) => [d.id, d.status, d.confirmations])).toEqual([[all[0]!.id, 'credited', 12], [all[1]!.id, 'below_min', 12], [all[2]!.id, 'pending', 1]]);
    expect(all[0]).toMatchObject({ creditedAt: 99, createdAt: 1 });
    // Blocks at or below height − keep are forgotten.
    await s.transaction((r) => r.chain.recordBlock('ETH', block(80, 'c'), [], 64, 5));
    expect(await s.chain.lowest('ETH')).toBe(80);
    // A new genesis: what was not final is orphaned, the blocks are forgotten.
    expect(await s.transaction((r) => r.chain.setGenesis('ETH', '0xg1', 6))).toEqual([]);
    const reset = await s.transaction((r) => r.chain.setGenesis('ETH', '0xg2', 7));
    expect(reset.map((d) => d.status).sort()).toEqual(['credited', 'orphaned', 'orphaned']);
    expect((await s.chain.allDeposits('ETH')).map((d) => d.status)).toEqual(['credited', 'orphaned', 'orphaned']);
    expect(await s.chain.tip('ETH')).toBeNull();
    expect(await s.chain.genesis('ETH')).toBe('0xg2');
  });

  it('lists a user\'s deposits newest first, by asset and status, in pages', async () => {
    const s = t.store;
    const rows = Array.from({ length: 7 }, (_, i) => deposit({ txHash: `0x${String(i).repeat(64)}`, asset: i % 2 ? 'USDT' : 'ETH', status: i === 6 ? 'below_min' : 'pending' }));
    await s.transaction((r) => r.chain.recordBlock('ETH', block(5), [...rows, deposit({ user: 10_000_009, txHash: `0x${'f'.repeat(64)}` })], 64, 1));
    const page1 = await s.chain.deposits({ user: 10_000_001, pageIndex: 1, pageSize: 3 });
    expect(page1.total).toBe(7);
    expect(page1.list.map((d) => d.txHash[2])).toEqual(['6', '5', '4']);
    const page3 = await s.chain.deposits({ user: 10_000_001, pageIndex: 3, pageSize: 3 });
    expect(page3.list.map((d) => d.txHash[2])).toEqual(['0']);
    expect((await s.chain.deposits({ user: 10_000_001, asset: 'USDT', pageIndex: 1, pageSize: 10 })).total).toBe(3);
    expect((await s.chain.deposits({ user: 10_000_001, status: 'below_min', pageIndex: 1, pageSize: 10 })).list.map((d) => d.asset)).toEqual(['ETH']);
    expect((await s.chain.deposits({ user: 10_000_003, pageIndex: 1, pageSize: 10 }))).toEqual({ list: [], total: 0 });
    expect(await s.chain.fundedAddresses('ETH')).toEqual(['0x9858EfFD232B4033E47d90003D41EC34EcaEda94']);
  });

  it('keeps the latest reserve reading per asset and network', async () => {
    const s = t.store;
    await s.chain.recordReserves([{ asset: 'ETH', network: 'ETH', amount: 5n, addresses: 1, block: 10, readAt: 1 }, { asset: 'BTC', network: 'BTC', amount: 7n, addresses: 2, block: 3, readAt: 1 }]);
    await s.chain.recordReserves([{ asset: 'ETH', network: 'ETH', amount: 2n ** 62n, addresses: 3, block: 11, readAt: 2 }]);
    expect(await s.chain.latestReserves()).toEqual([
      { asset: 'BTC', network: 'BTC', amount: 7n, addresses: 2, block: 3, readAt: 1 },
      { asset: 'ETH', network: 'ETH', amount: 2n ** 62n, addresses: 3, block: 11, readAt: 2 },
    ]);
  });
});
