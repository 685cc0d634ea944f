// The EVM deposit watcher against a real EVM (Hardhat's EDR in-process) and the real spot desk, on both dialects:
// ETH and USDT deposits to derived addresses are credited exactly once at N confirmations and not before, also when
// the watcher restarts; a reorganisation before N orphans a deposit and credits nothing (and the same transaction
// mined again is credited once, under the same key); below the minimum is recorded and never credited; a chain with
// another genesis orphans what was not final.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { evmSource } from '../../../server/chain/evm-watcher.ts';
import type { ChainSource } from '../../../server/chain/watcher.ts';
import { describeDialects } from '../dialects.ts';
import { openEdr, type Edr } from './evm.ts';
import { expectOnce, openChainWorld, type ChainWorld } from './world.ts';

describeDialects('EVM deposit watcher on EDR', (dialect) => {
  // One store, desk and chain for the file (they take seconds to open); each test starts from the chain as
  // deployed (evm_revert), with the chain tables emptied and users of its own.
  let cw: ChainWorld;
  let edr: Edr;
  let source: ChainSource;
  let deployed: string;
  let U1: number, U2: number, U3: number;
  beforeAll(async () => {
    [cw, edr] = await Promise.all([openChainWorld(dialect), openEdr()]);
    source = evmSource({ client: edr.client, chainId: 31337, usdt: edr.usdt });
    deployed = await edr.snapshot();
  }, 60_000);
  beforeEach(async () => {
    await edr.revert(deployed);
    deployed = await edr.snapshot();
    await cw.reset();
    [U1, U2, U3] = cw.users(3) as [number, number, number];
  });
  afterAll(async () => {
    await edr?.close();
    await cw?.dispose();
  });

  const statuses = async () => (await cw.store.chain.allDeposits('ETH')).map((d) => `${d.asset} ${d.status} ${d.confirmations}/${d.required}`);

  it('credits ETH and USDT once at 12 confirmations, not before, across watcher restarts', async () => {
    const a1 = await cw.address(U1);
    const a2 = await cw.address(U2);
    expect(a1).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    let watcher = cw.watcher(source);
    await watcher.poll();
    const ethTx = await edr.sendEth(a1, parseEther('1.5'));
    const usdtTx = await edr.sendUsdt(a2, parseUnits('250.5', 6));
    await edr.sendUsdt(a1, parseUnits('3', 6), 2);
    // Not ours: nothing recorded.
    await edr.sendEth(edr.accounts[5]!, parseEther('1'));
    const first = await watcher.poll();
    expect(first.found).toBe(3);
    expect(await statuses()).toEqual(['ETH pending 4/12', 'USDT pending 3/12', 'USDT pending 2/12']);
    await edr.mine(8);
    await watcher.poll();
    // Blocks: 1 the deploy, 2–5 mints, the watcher starts at 5; the sends are 6, 7, 8, 9; 8 more: the tip is 17.
    expect(await statuses()).toEqual(['ETH credited 12/12', 'USDT pending 11/12', 'USDT pending 10/12']);
    // At 12 confirmations the ETH deposit is due: credited in that poll already.
    expect(cw.credits.map((c) => c.ref)).toEqual([`deposit:ETH:${ethTx}:-1`]);
    expect(await cw.balance(U1, 'ETH')).toBe('1.5');
    expect(await cw.balance(U2, 'USDT')).toBe('0');
    // A restart: a new watcher over the same store.
    watcher = cw.watcher(source);
    await edr.mine(1);
    await watcher.poll();
    expect(await cw.balance(U2, 'USDT')).toBe('250.5');
    expect(await cw.balance(U1, 'USDT')).toBe('0');
    watcher = cw.watcher(source);
    await edr.mine(1);
    await watcher.poll();
    await watcher.poll();
    expect(await cw.balance(U1, 'USDT')).toBe('3');
    await edr.mine(20);
    await watcher.poll();
    await cw.watcher(source).poll();
    expect(cw.credits.map((c) => c.ref)).toEqual([`deposit:ETH:${ethTx}:-1`, `deposit:ETH:${usdtTx}:0`, expect.stringMatching(/^deposit:ETH:0x[0-9a-f]{64}:0$/)]);
    expect(await cw.balance(U1, 'ETH')).toBe('1.5');
    const journal = await expectOnce(cw);
    expect(journal.size).toBe(3);
    const list = (await cw.store.chain.deposits({ user: U1, pageIndex: 1, pageSize: 10 })).list;
    expect(list.map((d) => [d.asset, d.amount, d.status, d.index, d.confirmations, d.required])).toEqual([
      ['USDT', 300_000_000n, 'credited', 0, 12, 12],
      ['ETH', 150_000_000n, 'credited', -1, 12, 12],
    ]);
    expect(list[1]!.txHash).toBe(ethTx.toLowerCase());
    expect(list[1]!.creditedAt).toBe(cw.w.clock.now());
    expect(cw.errors).toEqual([]);
  });

  it('orphans a deposit reorganised away before 12 confirmations and credits nothing; mined again, credits it once', async () => {
    const a1 = await cw.address(U1);
    const watcher = cw.watcher(source);
    await watcher.poll();
    // A depositor with a key of its own, so the very same signed transaction can be mined again after the reorg.
    const payer = privateKeyToAccount(generatePrivateKey());
    await edr.provider.request({ method: 'hardhat_setBalance', params: [payer.address, `0x${parseEther('10').toString(16)}`] } as never);
    const raw = await payer.signTransaction({
      chainId: 31337, nonce: 0, to: a1 as `0x${string}`, value: parseEther('2'), gas: 21_000n, maxFeePerGas: parseUnits('10', 9), maxPriorityFeePerGas: 1n, type: 'eip1559',
    });
    const snap = await edr.snapshot();
    const hash = await edr.client.request({ method: 'eth_sendRawTransaction', params: [raw] });
    const usdtTx = await edr.sendUsdt(a1, parseUnits('40', 6));
    await edr.mine(3);
    await watcher.poll();
    expect(await statuses()).toEqual(['ETH pending 5/12', 'USDT pending 4/12']);
    const before = await cw.store.chain.allDeposits('ETH');
    // The reorg: back to before the deposits, then a longer chain without them.
    await edr.revert(snap);
    await edr.mine(20);
    const report = await watcher.poll();
    expect(report.orphaned).toBe(2);
    expect(await statuses()).toEqual(['ETH orphaned 5/12', 'USDT orphaned 4/12']);
    await edr.mine(20);
    await watcher.poll();
    expect(cw.credits).toEqual([]);
    expect(await cw.balance(U1, 'ETH')).toBe('0');
    expect(await cw.balance(U1, 'USDT')).toBe('0');
    // The same transaction mined again, in another block: the same deposit (its key), pending again, then credited once.
    expect(await edr.client.request({ method: 'eth_sendRawTransaction', params: [raw] })).toBe(hash);
    await watcher.poll();
    const revived = await cw.store.chain.allDeposits('ETH');
    expect(revived.map((d) => `${d.asset} ${d.status} ${d.id}`)).toEqual([`ETH pending ${before[0]!.id}`, `USDT orphaned ${before[1]!.id}`]);
    await edr.mine(11);
    await watcher.poll();
    await edr.mine(5);
    await watcher.poll();
    expect(cw.credits.map((c) => c.ref)).toEqual([`deposit:ETH:${hash}:-1`]);
    expect(usdtTx).not.toBe(hash);
    expect(await cw.balance(U1, 'ETH')).toBe('2');
    await expectOnce(cw);
  });

  it('a reorganisation deeper than the blocks kept orphans, reads the window again, and finds the deposit mined again', async () => {
    const a1 = await cw.address(U1);
    // 100 confirmations: the watcher keeps 116 blocks.
    const watcher = cw.watcher(source, 100);
    await watcher.poll();
    const payer = privateKeyToAccount(generatePrivateKey());
    await edr.provider.request({ method: 'hardhat_setBalance', params: [payer.address, `0x${parseEther('10').toString(16)}`] } as never);
    const raw = await payer.signTransaction({
      chainId: 31337, nonce: 0, to: a1 as `0x${string}`, value: parseEther('3'), gas: 21_000n, maxFeePerGas: parseUnits('10', 9), maxPriorityFeePerGas: 1n, type: 'eip1559',
    });
    const fork = await edr.snapshot();
    await edr.mine(30);
    const hash = await edr.client.request({ method: 'eth_sendRawTransaction', params: [raw] });
    await edr.mine(90);
    await watcher.poll();
    expect(await statuses()).toEqual(['ETH pending 91/100']);
    // Another history from below the oldest kept block: no common ancestor in the window. (Later timestamps, or
    // EDR would mine the very same empty blocks again.)
    await edr.revert(fork);
    await edr.provider.request({ method: 'evm_increaseTime', params: [3600] } as never);
    await edr.mine(40);
    expect(await edr.client.request({ method: 'eth_sendRawTransaction', params: [raw] })).toBe(hash);
    await edr.mine(89);
    await watcher.poll();
    expect(cw.errors).toEqual([expect.stringMatching(/deeper than the 116 blocks kept/)]);
    expect(await statuses()).toEqual(['ETH pending 90/100']);
    await edr.mine(10);
    await watcher.poll();
    expect(cw.credits.map((c) => c.ref)).toEqual([`deposit:ETH:${hash}:-1`]);
  }, 60_000);

  it('records deposits below the minimum (0.001) and never credits them; truncates ETH beyond 8 decimals', async () => {
    const a1 = await cw.address(U1);
    const a3 = await cw.address(U3);
    const watcher = cw.watcher(source);
    await watcher.poll();
    await edr.sendEth(a1, parseEther('0.000999999999999999'));
    await edr.sendUsdt(a1, parseUnits('0.000999', 6));
    // 0.001000009… ETH: credited as 0.00100000, the rest stays on chain.
    const dust = await edr.sendEth(a3, parseEther('0.001000009999999999'));
    await edr.mine(15);
    await watcher.poll();
    await watcher.poll();
    const rows = await cw.store.chain.allDeposits('ETH');
    expect(rows.map((d) => `${d.asset} ${d.amount} ${d.status} ${d.confirmations}/${d.required}`)).toEqual([
      'ETH 99999 below_min 12/12',
      'USDT 99900 below_min 12/12',
      'ETH 100000 credited 12/12',
    ]);
    expect(cw.credits).toEqual([{ user: U3, asset: 'ETH', amount: '0.00100000', ref: `deposit:ETH:${dust}:-1` }]);
    expect(await cw.balance(U1, 'ETH')).toBe('0');
    expect(await cw.balance(U3, 'ETH')).toBe('0.001');
  });

  it('leaves a deposit pending while the desk refuses it and credits it on a later poll', async () => {
    const a2 = await cw.address(U2);
    const watcher = cw.watcher(source);
    await watcher.poll();
    await edr.sendUsdt(a2, parseUnits('12', 6));
    await edr.mine(12);
    cw.refuseNext(1);
    await watcher.poll();
    expect(await statuses()).toEqual(['USDT pending 12/12']);
    expect(cw.errors).toEqual([expect.stringContaining('test.refused')]);
    await watcher.poll();
    expect(await statuses()).toEqual(['USDT credited 12/12']);
    expect(cw.credits).toHaveLength(2);
    expect(await cw.balance(U2, 'USDT')).toBe('12');
  });

  it('a chain with another genesis (the local chain restarted) orphans what was not final and follows the new one', async () => {
    const a1 = await cw.address(U1);
    const watcher = cw.watcher(source);
    await watcher.poll();
    await edr.sendEth(a1, parseEther('1'));
    await edr.mine(15);
    await watcher.poll();
    await edr.sendEth(a1, parseEther('2'));
    await watcher.poll();
    expect(await statuses()).toEqual(['ETH credited 12/12', 'ETH pending 1/12']);
    // Another chain: a fresh EDR whose history differs from the first block on.
    const other = await openEdr();
    try {
      await other.mine(3);
      const moved = cw.watcher(evmSource({ client: other.client, chainId: 31337, usdt: other.usdt }));
      await moved.poll();
      expect(await statuses()).toEqual(['ETH credited 12/12', 'ETH orphaned 1/12']);
      await other.sendEth(a1, parseEther('0.25'));
      await other.mine(12);
      await moved.poll();
      expect(await statuses()).toEqual(['ETH credited 12/12', 'ETH orphaned 1/12', 'ETH credited 12/12']);
      expect(await cw.balance(U1, 'ETH')).toBe('1.25');
    } finally {
      await other.close();
    }
  });
});
