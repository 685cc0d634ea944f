// The signer's logic against Hardhat's simulated network in-process (EDR), with withdrawals approved through the
// wallet's own repository: ETH and USDT arrive at the destination to the unit; consecutive nonces; confirmed at 12
// confirmations, failed (and never retried) when reverted; refusals use no nonce; a restart after a "crash" at each
// step sends exactly one transaction with the recorded hash; a dropped transaction is sent again byte for byte; a
// nonce taken by another transaction fails for an operator; a signer without the lease writes nothing.
import { encodeAbiParameters, keccak256, pad } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { HotKey } from '../../../../server/chain/keys.ts';
import { classifyBroadcastError, errorText } from '../../../../server/chain/signer/evm.ts';
import { EvmSigner, type CrashPoint, type EvmSignerOptions } from '../../../../server/chain/signer/signer.ts';
import { LeaseLostError } from '../../../../server/store/leases.ts';
import { describeDialects, openStore, testClock, type TestStore } from '../../dialects.ts';
import { approvedWithdrawal, coins, deployUsdt, ETHER, mintUsdt, openEdr, transactionsFrom, usdtBalance, type TestChain } from './chain.ts';

const DEST = '0x000000000000000000000000000000000000dEaD' as const;
const DEST2 = '0x1111111111111111111111111111111111111111' as const;

class Crash extends Error {}

describeDialects('EVM withdrawal signer (EDR in-process)', (dialect) => {
  let t: TestStore;
  let chain: TestChain;
  let key: HotKey;
  let clock: ReturnType<typeof testClock>;
  let lines: string[];
  let signers: EvmSigner[];

  beforeEach(async () => {
    clock = testClock();
    t = await openStore(dialect, clock.now);
    chain = await openEdr();
    const privateKey = generatePrivateKey();
    key = { privateKey, address: privateKeyToAccount(privateKey).address };
    await chain.test.setBalance({ address: key.address, value: 100n * ETHER });
    lines = [];
    signers = [];
  }, 60_000);
  afterEach(async () => {
    for (const s of signers) s.lease.stopKeepAlive();
    await chain.close();
    await t.dispose();
  });

  async function startSigner(over: Partial<EvmSignerOptions> = {}): Promise<EvmSigner> {
    const s = new EvmSigner({
      store: t.store, client: chain.client, key, chainId: 31337, assets: [{ asset: 'ETH', chainDecimals: 18, contract: null }],
      confirmations: 12, jobs: (n) => t.store.wallet.approvedWithdrawals('ETH', n), clock: clock.now, log: (l) => lines.push(l), ...over,
    });
    signers.push(s);
    expect(await s.start()).toBe(true);
    return s;
  }

  /** The "crashed" signer stops renewing (it is dead); its lease runs out on the clock; a new one takes over. */
  async function restart(dead: EvmSigner, over: Partial<EvmSignerOptions> = {}): Promise<EvmSigner> {
    dead.lease.stopKeepAlive();
    clock.advance(31_000);
    return startSigner(over);
  }

  it('sends ETH amount − fee to the destination, confirmed at 12 confirmations', async () => {
    const id = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('0.5'), fee: coins('0.001') });
    const s = await startSigner();
    const before = await chain.client.getBalance({ address: DEST });
    expect(await s.tick()).toMatchObject({ prepared: 1, signed: 1, broadcast: 1 });
    expect((await chain.client.getBalance({ address: DEST })) - before).toBe(499n * 10n ** 15n);
    const [tx] = await transactionsFrom(chain.client, key.address);
    const [rec] = await t.store.signer.txsFor([id]);
    expect(rec).toMatchObject({ withdrawalId: id, network: 'ETH', txHash: tx!.hash, nonce: 0, status: 'broadcast' });
    await s.tick();
    expect((await t.store.signer.row(id))?.confirmations).toBe(1);
    await chain.test.mine({ blocks: 10 });
    await s.tick();
    expect((await t.store.signer.txsFor([id]))[0]).toMatchObject({ status: 'broadcast', confirmations: 11 });
    await chain.test.mine({ blocks: 1 });
    expect(await s.tick()).toMatchObject({ confirmed: 1, prepared: 0 });
    expect((await t.store.signer.txsFor([id]))[0]).toMatchObject({ status: 'confirmed', confirmations: 12 });
    // Still approved in the wallet (its lifecycle job is not running here): never sent twice.
    await s.tick();
    expect(await transactionsFrom(chain.client, key.address)).toHaveLength(1);
  });

  it('two withdrawals: one nonce sequence, consecutive nonces, both arrive', async () => {
    const a = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('1'), fee: coins('0.001') });
    const b = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST2, amount: coins('2'), fee: coins('0.001') });
    const s = await startSigner();
    const d1 = await chain.client.getBalance({ address: DEST });
    const d2 = await chain.client.getBalance({ address: DEST2 });
    await s.tick();
    const txs = await transactionsFrom(chain.client, key.address);
    expect(txs.map((x) => x.nonce)).toEqual([0, 1]);
    const rows = await t.store.signer.txsFor([a, b]);
    expect(rows.map((r) => [r.withdrawalId, r.nonce, r.txHash])).toEqual([[a, 0, txs[0]!.hash], [b, 1, txs[1]!.hash]]);
    expect((await chain.client.getBalance({ address: DEST })) - d1).toBe(999n * 10n ** 15n);
    expect((await chain.client.getBalance({ address: DEST2 })) - d2).toBe(1999n * 10n ** 15n);
    expect(await chain.client.getTransactionCount({ address: key.address })).toBe(2);
  });

  it('USDT: an ERC-20 transfer to the token contract; the destination gets exactly amount − fee', async () => {
    const token = await deployUsdt(chain);
    await mintUsdt(chain, token, key.address, 1_000n * 10n ** 6n);
    const id = await approvedWithdrawal(t.store, { asset: 'USDT', address: DEST, amount: coins('25.5'), fee: coins('1') });
    const s = await startSigner({ assets: [{ asset: 'ETH', chainDecimals: 18, contract: null }, { asset: 'USDT', chainDecimals: 6, contract: token }] });
    await s.tick();
    expect(await usdtBalance(chain, token, DEST)).toBe(24_500_000n);
    const row = await t.store.signer.row(id);
    expect(row?.fields?.to).toBe(token.toLowerCase());
    expect(row?.fields?.value).toBe(0n);
    expect(row?.amount).toBe(24_500_000n);
    const receipt = await chain.client.getTransactionReceipt({ hash: row!.hash! });
    expect(receipt.status).toBe('success');
    expect(receipt.to?.toLowerCase()).toBe(token.toLowerCase());
  });

  it('waits (no row) while USDT is not set up or the hot wallet cannot pay, then sends', async () => {
    const id = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('500'), fee: coins('0.001') });
    const u = await approvedWithdrawal(t.store, { asset: 'USDT', address: DEST, amount: coins('20'), fee: coins('1') });
    const s = await startSigner();
    expect(await s.tick()).toMatchObject({ waiting: 2, prepared: 0 });
    expect(await t.store.signer.known([id, u])).toEqual(new Set());
    await chain.test.setBalance({ address: key.address, value: 1000n * ETHER });
    expect(await s.tick()).toMatchObject({ prepared: 1, broadcast: 1, waiting: 1 });
    expect((await t.store.signer.row(id))?.fields?.nonce).toBe(0);
  });

  it('refuses what the chain cannot take, without using a nonce', async () => {
    const token = await deployUsdt(chain);
    await mintUsdt(chain, token, key.address, 1_000n * 10n ** 6n);
    const bad = await approvedWithdrawal(t.store, { asset: 'ETH', address: 'not-an-address', amount: coins('1'), fee: coins('0.001') });
    const fine = await approvedWithdrawal(t.store, { asset: 'USDT', address: DEST, amount: coins('10.12345678'), fee: coins('1') });
    const ok = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('1'), fee: coins('0.001') });
    const s = await startSigner({ assets: [{ asset: 'ETH', chainDecimals: 18, contract: null }, { asset: 'USDT', chainDecimals: 6, contract: token }] });
    expect(await s.tick()).toMatchObject({ refused: 2, prepared: 1 });
    const rows = await t.store.signer.txsFor([bad, fine, ok]);
    expect(rows.map((r) => [r.withdrawalId, r.status, r.nonce, r.txHash])).toEqual([
      [bad, 'failed', null, ''], [fine, 'failed', null, ''], [ok, 'broadcast', 0, expect.stringMatching(/^0x[0-9a-f]{64}$/)],
    ]);
    expect(rows[0]!.error).toMatch(/not an Ethereum address/);
    expect(rows[1]!.error).toMatch(/finer than USDT's 6 decimals/);
    expect(await transactionsFrom(chain.client, key.address)).toHaveLength(1);
  });

  it('withdrawals left approved with a failed row never starve the ones behind them', async () => {
    const bad = [];
    for (let i = 0; i < 3; i++) bad.push(await approvedWithdrawal(t.store, { asset: 'ETH', address: `bad-${i}`, amount: coins('1'), fee: coins('0.001') }));
    const ok = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('1'), fee: coins('0.001') });
    const s = await startSigner({ batch: 2 });
    expect(await s.tick()).toMatchObject({ refused: 2, prepared: 0 });
    expect(await s.tick()).toMatchObject({ refused: 1, prepared: 1 });
    expect((await t.store.signer.row(ok))?.status).toBe('broadcast');
    expect((await t.store.signer.txsFor(bad)).map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);
  });

  for (const point of ['after-prepare', 'after-sign', 'after-record', 'after-broadcast'] as const satisfies readonly CrashPoint[]) {
    it(`a crash ${point} and a restart send exactly one transaction, the one recorded`, async () => {
      const id = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('3'), fee: coins('0.001') });
      const before = await chain.client.getBalance({ address: DEST });
      const dead = await startSigner({
        crash: (p) => {
          if (p === point) throw new Crash(p);
        },
      });
      await expect(dead.tick()).rejects.toThrow(Crash);
      const signedBeforeCrash = lines.join('\n').match(/signed: nonce 0, hash (0x[0-9a-f]{64})/)?.[1];
      // Nothing leaves before its signature is recorded.
      expect(await transactionsFrom(chain.client, key.address)).toHaveLength(point === 'after-broadcast' ? 1 : 0);
      const s = await restart(dead);
      await s.tick();
      await s.tick();
      const txs = await transactionsFrom(chain.client, key.address);
      expect(txs).toHaveLength(1);
      const row = await t.store.signer.row(id);
      expect(row?.hash).toBe(txs[0]!.hash);
      expect(row?.fields?.nonce).toBe(0);
      expect(row?.status).toBe('broadcast');
      if (point !== 'after-prepare') expect(signedBeforeCrash).toBe(txs[0]!.hash);
      expect((await chain.client.getBalance({ address: DEST })) - before).toBe(2999n * 10n ** 15n);
      expect(await chain.client.getTransactionCount({ address: key.address })).toBe(1);
    });
  }

  it('a reverted transfer is failed at 12 confirmations and never retried with a new nonce', async () => {
    const token = await deployUsdt(chain);
    await mintUsdt(chain, token, key.address, 100n * 10n ** 6n);
    const id = await approvedWithdrawal(t.store, { asset: 'USDT', address: DEST, amount: coins('51'), fee: coins('1') });
    const s = await startSigner({ assets: [{ asset: 'USDT', chainDecimals: 6, contract: token }] });
    await chain.test.setAutomine(false);
    await s.tick();
    expect((await t.store.signer.row(id))?.status).toBe('broadcast');
    // While it waits in the mempool, the hot wallet's tokens vanish (OpenZeppelin's _balances is slot 0).
    const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key.address, 0n]));
    await chain.test.setStorageAt({ address: token, index: slot, value: pad('0x0') });
    await chain.test.mine({ blocks: 1 });
    await chain.test.setAutomine(true);
    await s.tick();
    expect((await t.store.signer.row(id))?.status).toBe('broadcast');
    await chain.test.mine({ blocks: 11 });
    expect(await s.tick()).toMatchObject({ failed: 1 });
    const [rec] = await t.store.signer.txsFor([id]);
    expect(rec).toMatchObject({ status: 'failed', confirmations: 12, nonce: 0 });
    expect(rec!.error).toMatch(/reverted/);
    expect(lines.join('\n')).toMatch(/FAILED, an operator must act/);
    await chain.test.mine({ blocks: 3 });
    await s.tick();
    await s.tick();
    expect(await chain.client.getTransactionCount({ address: key.address })).toBe(1);
    expect(await usdtBalance(chain, token, DEST)).toBe(0n);
  });

  it('a transaction the node dropped is sent again, byte for byte', async () => {
    const id = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('1'), fee: coins('0.001') });
    const s = await startSigner();
    await chain.test.setAutomine(false);
    await s.tick();
    const row = await t.store.signer.row(id);
    expect(row?.status).toBe('broadcast');
    await chain.test.dropTransaction({ hash: row!.hash! });
    await expect(chain.client.getTransaction({ hash: row!.hash! })).rejects.toThrow();
    await s.tick();
    expect(lines.join('\n')).toMatch(/sent the same bytes again/);
    await chain.test.mine({ blocks: 1 });
    const txs = await transactionsFrom(chain.client, key.address);
    expect(txs.map((x) => x.hash)).toEqual([row!.hash]);
  });

  it("a nonce taken by another transaction fails the withdrawal for an operator (the node's own answers)", async () => {
    const id = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('1'), fee: coins('0.001') });
    const dead = await startSigner({
      crash: (p) => {
        if (p === 'after-record') throw new Crash(p);
      },
    });
    await expect(dead.tick()).rejects.toThrow(Crash);
    const row = await t.store.signer.row(id);
    // Someone uses the hot key elsewhere, with the same nonce.
    const other = await chain.client.sendRawTransaction({
      serializedTransaction: await privateKeyToAccount(key.privateKey).signTransaction({
        type: 'eip1559', chainId: 31337, nonce: 0, to: DEST2, value: 1n, gas: 21000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n,
      }),
    });
    const s = await restart(dead);
    // Not failed while the block that used the nonce could still be reorganised away.
    expect(await s.tick()).toMatchObject({ failed: 0, broadcast: 0 });
    expect(await t.store.signer.row(id)).toMatchObject({ status: 'signed', error: expect.stringMatching(/not final yet/) });
    await chain.test.mine({ blocks: 10 });
    expect(await s.tick()).toMatchObject({ failed: 0 });
    await chain.test.mine({ blocks: 1 });
    expect(await s.tick()).toMatchObject({ failed: 1 });
    const [rec] = await t.store.signer.txsFor([id]);
    expect(rec).toMatchObject({ status: 'failed', txHash: row!.hash });
    expect(rec!.error).toMatch(/nonce 0 was used by another transaction/);
    expect((await transactionsFrom(chain.client, key.address)).map((x) => x.hash)).toEqual([other]);
  });

  it("reads the node's refusals right: the same bytes twice, and a used nonce", async () => {
    await chain.test.setAutomine(false);
    const account = privateKeyToAccount(key.privateKey);
    const raw = await account.signTransaction({
      type: 'eip1559', chainId: 31337, nonce: 0, to: DEST, value: 1n, gas: 21000n, maxFeePerGas: 10n ** 10n, maxPriorityFeePerGas: 10n ** 9n,
    });
    await chain.client.sendRawTransaction({ serializedTransaction: raw });
    const again = await chain.client.sendRawTransaction({ serializedTransaction: raw }).then(() => 'accepted', (e: unknown) => errorText(e));
    // Hardhat answers "Known transaction: 0x…"; geth says "already known".
    expect(again).toMatch(/known transaction/i);
    expect(classifyBroadcastError(again)).toBe('known');
    await chain.test.mine({ blocks: 1 });
    const stale = await chain.client.sendRawTransaction({ serializedTransaction: raw }).then(() => 'accepted', (e: unknown) => errorText(e));
    expect(classifyBroadcastError(stale)).toBe('nonce-used');
    expect(classifyBroadcastError('replacement transaction underpriced')).toBe('retry');
    expect(classifyBroadcastError('already known')).toBe('known');
    expect(classifyBroadcastError('insufficient funds for gas * price + value')).toBe('retry');
  });

  it('one signer at a time: a second waits for the lease, and one that lost it writes nothing', async () => {
    const first = await startSigner();
    const second = new EvmSigner({
      store: t.store, client: chain.client, key, chainId: 31337, assets: [{ asset: 'ETH', chainDecimals: 18, contract: null }],
      jobs: (n) => t.store.wallet.approvedWithdrawals('ETH', n), clock: clock.now, log: (l) => lines.push(l),
    });
    signers.push(second);
    expect((await second.lease.tryAcquire()).ok).toBe(false);
    // Another process takes the lease from under the first (it stalled past its expiry, say).
    await t.store.db.updateTable('desk_leases').set({ holder: 'elsewhere:1:1:x' }).where('desk', '=', 'signer:ETH').execute();
    const id = await approvedWithdrawal(t.store, { asset: 'ETH', address: DEST, amount: coins('1'), fee: coins('0.001') });
    await expect(first.tick()).rejects.toThrow(LeaseLostError);
    expect(await t.store.signer.row(id)).toBeUndefined();
    expect(await t.store.signer.nextNonce('ETH', 31337, key.address)).toBeUndefined();
    expect(await chain.client.getTransactionCount({ address: key.address })).toBe(0);
  });
});

