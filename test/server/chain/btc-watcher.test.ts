// The Bitcoin deposit watcher against a local Esplora-compatible API (esplora.ts) serving real transactions signed
// with @scure/btc-signer on regtest, and the real spot desk, on both dialects. The one part of custody tested
// without a real node (there is no bitcoind here): README.md says so.
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { btcSource } from '../../../server/chain/btc-watcher.ts';
import type { ChainSource } from '../../../server/chain/watcher.ts';
import { describeDialects } from '../dialects.ts';
import { FakeEsplora, Payer } from './esplora.ts';
import { openChainWorld, expectOnce, type ChainWorld } from './world.ts';

const SAT = 1n;
const BTC = 100_000_000n * SAT;
/** An address nobody watches, for miners' rewards. */
const NOBODY = 'bcrt1qwr800dljx445jttpqd6mpf6f2yytl8ftegs9hd';

describeDialects('Bitcoin deposit watcher on a local Esplora', (dialect) => {
  let cw: ChainWorld;
  let esplora: FakeEsplora;
  let payer: Payer;
  let source: ChainSource;
  let U1: number, U2: number;
  // One store and desk for the file; each test gets a chain of its own, emptied chain tables and its own users.
  beforeAll(async () => {
    cw = await openChainWorld(dialect, 'regtest');
  }, 60_000);
  afterAll(async () => cw?.dispose());
  beforeEach(async () => {
    await cw.reset();
    [U1, U2] = cw.users(2) as [number, number];
    esplora = new FakeEsplora('regtest');
    payer = new Payer(esplora.net);
    esplora.mine(NOBODY);
    const funding = esplora.mine(payer.pay.address!);
    payer.receive(funding.txs[0]!.id, 0, 50n * BTC);
    // Coinbase coins are spendable after 100 blocks.
    esplora.mineEmpty(100, NOBODY);
    source = btcSource({ baseUrl: await esplora.listen(), network: 'regtest' });
  }, 30_000);
  afterEach(async () => esplora.close());

  const rows = async () => (await cw.store.chain.allDeposits('BTC')).map((d) => `${d.index} ${d.amount} ${d.status} ${d.confirmations}/${d.required}`);

  it('credits each output to a deposit address once at 12 confirmations; below the minimum recorded only', async () => {
    const a1 = await cw.address(U1, 'BTC');
    const a2 = await cw.address(U2, 'BTC');
    expect(a1).toBe('bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk');
    let watcher = cw.watcher(source);
    await watcher.poll();
    const tx = payer.send([[a1, BTC / 2n], [a2, 50_000n], [a1, BTC / 100n]]);
    esplora.mine(NOBODY, [tx]);
    // A miner paying a deposit address: coinbase outputs are not deposits.
    esplora.mine(a1);
    await watcher.poll();
    expect(await rows()).toEqual(['0 50000000 pending 2/12', '1 50000 below_min 2/12', '2 1000000 pending 2/12']);
    esplora.mineEmpty(9, NOBODY);
    await watcher.poll();
    expect(cw.credits).toEqual([]);
    expect(await rows()).toEqual(['0 50000000 pending 11/12', '1 50000 below_min 11/12', '2 1000000 pending 11/12']);
    esplora.mineEmpty(1, NOBODY);
    watcher = cw.watcher(source);
    await watcher.poll();
    expect(cw.credits.map((c) => [c.ref, c.amount])).toEqual([
      [`deposit:BTC:${tx.id}:0`, '0.50000000'],
      [`deposit:BTC:${tx.id}:2`, '0.01000000'],
    ]);
    expect(await rows()).toEqual(['0 50000000 credited 12/12', '1 50000 below_min 12/12', '2 1000000 credited 12/12']);
    esplora.mineEmpty(5, NOBODY);
    await watcher.poll();
    await cw.watcher(source).poll();
    expect(cw.credits).toHaveLength(2);
    expect(await cw.balance(U1, 'BTC')).toBe('0.51');
    expect(await cw.balance(U2, 'BTC')).toBe('0');
    await expectOnce(cw);
    // Reserves: the confirmed balances of the addresses that received coins (the below-minimum output and the
    // miner's 50 BTC too: coins at a deposit address are the exchange's, credited or not).
    expect((await cw.store.chain.latestReserves()).find((r) => r.asset === 'BTC')).toMatchObject({ network: 'BTC', amount: 50n * BTC + 51_050_000n, addresses: 2 });
    expect(cw.errors).toEqual([]);
  });

  it('a reorganisation before 12 confirmations orphans the deposit and credits nothing; mined again, credits it once', async () => {
    const a2 = await cw.address(U2, 'BTC');
    const watcher = cw.watcher(source);
    await watcher.poll();
    const tx = payer.send([[a2, BTC / 5n]]);
    const forkAt = esplora.height + 1;
    esplora.mine(NOBODY, [tx]);
    esplora.mineEmpty(3, NOBODY);
    await watcher.poll();
    expect(await rows()).toEqual(['0 20000000 pending 4/12']);
    esplora.reorg(forkAt);
    esplora.mineEmpty(6, NOBODY);
    const report = await watcher.poll();
    expect(report.orphaned).toBe(1);
    expect(await rows()).toEqual(['0 20000000 orphaned 4/12']);
    esplora.mineEmpty(12, NOBODY);
    await watcher.poll();
    expect(cw.credits).toEqual([]);
    // Back in a block of the new chain: the same deposit, credited once at 12.
    esplora.mine(NOBODY, [tx]);
    await watcher.poll();
    expect(await rows()).toEqual(['0 20000000 pending 1/12']);
    esplora.mineEmpty(11, NOBODY);
    await watcher.poll();
    await watcher.poll();
    expect(cw.credits.map((c) => c.ref)).toEqual([`deposit:BTC:${tx.id}:0`]);
    expect(await cw.balance(U2, 'BTC')).toBe('0.2');
    await expectOnce(cw);
  });

  it('reads blocks of more than one page of transactions', async () => {
    const a1 = await cw.address(U1, 'BTC');
    const watcher = cw.watcher(source);
    await watcher.poll();
    const txs = Array.from({ length: 30 }, (_, i) => payer.send([[i % 2 === 0 ? a1 : NOBODY, 200_000n + BigInt(i)]]));
    esplora.mine(NOBODY, txs);
    esplora.mineEmpty(11, NOBODY);
    await watcher.poll();
    // 15 deposits of 0.002…: the 31 transactions span two pages.
    expect(cw.credits).toHaveLength(15);
    expect(await cw.balance(U1, 'BTC')).toBe('0.0300021');
  });
});
