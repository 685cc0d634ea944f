// The real ccxt binance class against this server's capital endpoints (only the API URLs point here): its
// currencies carry the chain's networks, fees and limits; fetchDepositAddress, fetchDeposits, withdraw and
// fetchWithdrawals parse our replies into the unified shapes a Binance bot expects, status by status.
import ccxt from 'ccxt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { lifecycleStep } from '../../../server/wallet/jobs.ts';
import { approveWithdrawal } from '../../../server/wallet/review.ts';
import { describeDialects } from '../dialects.ts';
import { openWalletApp, type WalletApp } from '../wallet/app.ts';
import { ETH_ADDR, FUND, messages } from '../wallet/world.ts';
import { pointAt } from './harness.ts';

describeDialects('ccxt binance deposits and withdrawals', (dialect) => {
  let h: WalletApp;
  let ex: InstanceType<typeof ccxt.binance>;
  let alice: { id: number; ticket: string };
  const notifier = { send: async () => ({ outboxId: 0, status: 'stored' as const }), close: () => undefined };

  beforeAll(async () => {
    h = await openWalletApp(dialect, { systemTime: true });
    alice = await h.user('bot-owner@example.com');
    await h.credit(alice.id, 'USDT', '1000');
    // Binance's rule: only a key restricted to addresses may withdraw, and only once its owner allowed it.
    const key = await h.key(alice.id, { trade: true, ips: ['127.0.0.1'] });
    const allowed = await h.call('POST', '/app/wallet/apiKeys/set', { ticket: alice.ticket, body: { apiKey: key.apiKey, enabled: true, fundPassword: FUND } });
    expect(allowed.body.code).toBe('success');
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    ex = new ccxt.binance({ apiKey: key.apiKey, secret: key.secret });
    pointAt(ex, address);
    await ex.loadMarkets();
  }, 60_000);
  afterAll(() => h?.dispose());

  it('loads the networks with their fees and limits', () => {
    const usdt = ex.currencies['USDT']!;
    expect(usdt).toMatchObject({ deposit: true, withdraw: true });
    expect(usdt.networks['ERC20']).toMatchObject({
      id: 'ETH', deposit: true, withdraw: true, fee: 1, precision: 0.000001, limits: { withdraw: { min: 10 }, deposit: { min: 0.001 } },
    });
    expect(ex.currencies['BTC']!.networks['BTC']).toMatchObject({ deposit: true, withdraw: false, fee: 0.0002 });
    expect(ex.currencies['SOL']!.networks['SOL']).toMatchObject({ deposit: false, withdraw: false });
  });

  it('fetchDepositAddress', async () => {
    const a = await ex.fetchDepositAddress('USDT', { network: 'ERC20' });
    expect(a).toMatchObject({ currency: 'USDT', address: expect.stringMatching(/^0x[0-9a-f]{40}$/), tag: undefined });
    expect((await ex.fetchDepositAddress('USDT')).address).toBe(a.address);
    await expect(ex.fetchDepositAddress('SOL')).rejects.toThrow(/not automatic/);
  });

  it('fetchDeposits', async () => {
    const now = Date.now();
    const deposit = (n: number, status: string) => ({
      user_id: alice.id, network: 'ETH', chain_id: 31337, asset: 'USDT', tx_hash: `0x${String(n).repeat(64)}`, idx: 0, address: ETH_ADDR, amount: 1_234_500_000n,
      chain_amount: '12345000', block_number: n, block_hash: `0x${'1'.repeat(64)}`, confirmations: status === 'pending' ? 3 : 12, required: 12, status,
      created_at: now - n * 1000, credited_at: status === 'credited' ? now : null,
    });
    await h.store.db.insertInto('chain_deposits').values([deposit(1, 'credited'), deposit(2, 'pending')]).execute();
    const list = await ex.fetchDeposits('USDT');
    expect(list.map((d) => [d.type, d.amount, d.status, d.currency, d.network, d.txid, d.internal])).toEqual([
      ['deposit', 12.345, 'pending', 'USDT', 'ERC20', `0x${'2'.repeat(64)}`, false],
      ['deposit', 12.345, 'ok', 'USDT', 'ERC20', `0x${'1'.repeat(64)}`, false],
    ]);
    expect(list[1]!.timestamp).toBe(now - 1000);
    expect(await ex.fetchDeposits('BTC')).toEqual([]);
  });

  it('withdraw, then fetchWithdrawals through its states', async () => {
    const w = await ex.withdraw('USDT', 50, ETH_ADDR, undefined, { network: 'ERC20' });
    expect(w.id).toMatch(/^\d+$/);
    const id = Number(w.id);
    const balance = await ex.fetchBalance();
    expect(balance['USDT']).toMatchObject({ free: 950, used: 50, total: 1000 });
    const pending = await ex.fetchWithdrawals('USDT');
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ id: w.id, type: 'withdrawal', amount: 49, fee: { currency: 'USDT', cost: 1 }, status: 'pending', address: ETH_ADDR, network: 'ERC20', currency: 'USDT' });
    expect(Math.abs(pending[0]!.timestamp! - Date.now())).toBeLessThan(5_000);

    await approveWithdrawal({ store: h.store, clock: h.clock.now, notifier, messages }, id, 'op');
    const hash = `0x${'ab'.repeat(32)}`;
    const now = Date.now();
    await h.store.db.insertInto('signer_txs').values({
      withdrawal_id: id, network: 'ETH', chain_id: 31337, asset: 'USDT', from_address: `0x${'11'.repeat(20)}`, recipient: ETH_ADDR, amount: '49000000', nonce: 0,
      to_address: `0x${'12'.repeat(20)}`, value: '0', data: '0x', gas: '60000', max_fee_per_gas: '1', max_priority_fee_per_gas: '1', raw: '0x02', hash,
      status: 'confirmed', confirmations: 12, block_number: 10, error: null, created_at: now, signed_at: now, broadcast_at: now, updated_at: now,
    }).execute();
    await lifecycleStep({ store: h.store, clock: h.clock.now, desks: { spot: h.desks.spot }, notifier, messages });
    const done = await ex.fetchWithdrawals('USDT');
    expect(done[0]).toMatchObject({ id: w.id, status: 'ok', txid: hash, amount: 49 });
    expect((await ex.fetchBalance())['USDT']).toMatchObject({ free: 950, used: 0, total: 950 });
    // A second withdrawal the user cancels shows as canceled.
    const second = await ex.withdraw('USDT', 20, ETH_ADDR, undefined, { network: 'ERC20' });
    expect((await h.call('POST', '/app/wallet/cancelWithdrawal', { ticket: alice.ticket, body: { id: Number(second.id) } })).body.code).toBe('success');
    const all = await ex.fetchWithdrawals('USDT');
    // By id: ccxt orders them by applyTime, which Binance gives to the second, so two in one second tie.
    expect(all.map((x) => [x.id, x.status]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual([[w.id, 'ok'], [second.id, 'canceled']]);
    // Below the minimum: ccxt raises Binance's error as an exception.
    await expect(ex.withdraw('USDT', 5, ETH_ADDR, undefined, { network: 'ERC20' })).rejects.toThrow(ccxt.BadRequest);
    await expect(ex.withdraw('USDT', 5000, ETH_ADDR, undefined, { network: 'ERC20' })).rejects.toThrow(ccxt.InsufficientFunds);
  });
});
