// Withdrawals through the wallet service and the real spot desk (server/wallet/service.ts, README.md): each refusal
// of the list changes nothing (balances, rows, address book, records); apply → cancel and apply → reject return the
// funds (the reject with its reason and a 'withdrawal_rejected' record); apply → approve → the signer's record →
// settle and confirm; client ids answer the first withdrawal; another user's withdrawal can't be cancelled. On
// SQLite and PostgreSQL; the ledger is verified from the journal after every test.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { AppError } from '../../../server/errors.ts';
import { startWalletJobs } from '../../../server/wallet/jobs.ts';
import { approveWithdrawal, rejectWithdrawal } from '../../../server/wallet/review.ts';
import type { WithdrawInput } from '../../../server/wallet/service.ts';
import { describeDialects } from '../dialects.ts';
import { BTC_ADDR, ETH_ADDR, FUND, messages, openWalletWorld, type WalletWorld } from './world.ts';

const HOUR = 3_600_000;

/** The refusal code of a call that must fail (and the error's data). */
async function refusal(p: Promise<unknown>): Promise<{ code: string; data: unknown }> {
  try {
    await p;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, data: error.data };
    throw error;
  }
  throw new Error('expected a refusal');
}

describeDialects('wallet withdrawals', (dialect) => {
  let world: WalletWorld;
  let alice: number;
  const req = (over: Partial<WithdrawInput> = {}): WithdrawInput => ({
    user: alice, asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '100', proof: { kind: 'secrets', fundPassword: FUND }, ...over,
  });

  beforeEach(async () => {
    world = await openWalletWorld(dialect);
    alice = (await world.user('alice@example.com')).id;
    await world.w.credit(alice, 'USDT', '1000');
    await world.w.credit(alice, 'ETH', '2');
  });
  afterEach(async () => world.dispose());

  it('refuses each rule of the list, in order, and changes nothing', async () => {
    const unverified = (await world.user('unverified@example.com', { verified: false })).id;
    const noFund = (await world.user('nofund@example.com', { fundPassword: false })).id;
    const before = await world.snapshot(alice);
    const cases: Array<[string, Partial<WithdrawInput>, string]> = [
      ['unknown coin', { asset: 'NOPE' }, 'wallet.asset.unknown'],
      ['a coin of the markets with no network', { asset: 'SOL', network: 'SOL' }, 'wallet.network.unknown'],
      ['USDT on Bitcoin', { network: 'BTC' }, 'wallet.network.unknown'],
      ['BTC: deposits only', { asset: 'BTC', network: 'BTC', address: BTC_ADDR, amount: '0.01' }, 'wallet.network.unknown'],
      ['garbage address', { address: 'not an address' }, 'wallet.address.invalid'],
      ['a Bitcoin address on Ethereum', { address: BTC_ADDR }, 'wallet.address.invalid'],
      ['the zero address', { address: `0x${'0'.repeat(40)}` }, 'wallet.address.invalid'],
      ['a wrong checksum', { address: `0x${'aB'.repeat(20)}` }, 'wallet.address.invalid'],
      ['a NUL byte', { address: `${ETH_ADDR}\u0000` }, 'wallet.address.invalid'],
      ['zero', { amount: '0' }, 'wallet.amount.invalid'],
      ['negative', { amount: '-5' }, 'wallet.amount.invalid'],
      ['exponent', { amount: '1e3' }, 'wallet.amount.invalid'],
      ['a huge number', { amount: '9'.repeat(60) }, 'wallet.amount.invalid'],
      ['past 64 bits', { amount: '99999999999999' }, 'wallet.amount.invalid'],
      ['NUL in the amount', { amount: '10\u0000' }, 'wallet.amount.invalid'],
      ['USDT finer than 6 places', { amount: '10.1234567' }, 'wallet.amount.precision'],
      ['finer than the ledger', { asset: 'ETH', amount: '0.123456789' }, 'wallet.amount.precision'],
      ['below the minimum', { amount: '9.99' }, 'wallet.amount.below.min'],
      ['ETH below its minimum', { asset: 'ETH', amount: '0.001' }, 'wallet.amount.below.min'],
      ['not verified', { user: unverified }, 'wallet.identity.required'],
      ['no fund password set', { user: noFund }, 'wallet.fund.password.required'],
      ['fund password not sent', { proof: { kind: 'secrets', fundPassword: '' } }, 'wallet.fund.password.required'],
      ['wrong fund password', { proof: { kind: 'secrets', fundPassword: 'wrong-one' } }, 'wallet.fund.password.wrong'],
      ['over the daily limit (100,000 USDT: verified + e-mail)', { asset: 'ETH', amount: '34' }, 'wallet.limit.exceeded'],
      ['more than the balance', { amount: '1000.000001' }, 'funds.insufficient'],
      ['a malformed client id', { clientId: 'bad id\u0000' }, 'request.invalid'],
    ];
    for (const [why, over, code] of cases) {
      expect((await refusal(world.service.apply(req(over)))).code, why).toBe(code);
    }
    expect(await world.snapshot(alice)).toEqual(before);
    expect((await refusal(world.service.apply(req({ amount: '9.99' })))).data).toEqual({ min: '10', fee: '1' });
    expect((await refusal(world.service.apply(req({ asset: 'ETH', amount: '34' })))).data).toEqual({ limit: '100000', used: '0' });
  });

  it('asks for a fresh TOTP code when TOTP is on', async () => {
    const bob = await world.user('bob@example.com', { totp: true });
    await world.w.credit(bob.id, 'USDT', '500');
    const before = await world.snapshot(bob.id);
    const mine = (o: Partial<WithdrawInput>) => req({ user: bob.id, ...o });
    expect((await refusal(world.service.apply(mine({})))).code).toBe('wallet.totp.required');
    expect((await refusal(world.service.apply(mine({ proof: { kind: 'secrets', fundPassword: FUND, totpCode: '000000' } })))).code).toBe('wallet.totp.wrong');
    expect(await world.snapshot(bob.id)).toEqual(before);
    const code = await bob.code();
    const ok = await world.service.apply(mine({ proof: { kind: 'secrets', fundPassword: FUND, totpCode: code } }));
    expect(ok.status).toBe('applied');
    // The same code again: used up.
    expect((await refusal(world.service.apply(mine({ proof: { kind: 'secrets', fundPassword: FUND, totpCode: code } })))).code).toBe('wallet.totp.wrong');
    // The limit grew with the authenticator: 50,000 + 50,000 (e-mail) + 100,000.
    expect((await world.service.limits(bob.id)).daily).toBe('200000');
  });

  it('is locked for 24 h after a security change', async () => {
    const now = world.w.clock.now();
    await world.store.security.lockWithdrawals(alice, now + 24 * HOUR, now);
    const before = await world.snapshot(alice);
    expect(await refusal(world.service.apply(req()))).toEqual({ code: 'wallet.security.locked', data: { until: now + 24 * HOUR } });
    expect(await world.snapshot(alice)).toEqual(before);
    expect((await world.service.limits(alice)).lockedUntil).toBe(now + 24 * HOUR);
    world.w.clock.advance(24 * HOUR - 1);
    expect((await refusal(world.service.apply(req()))).code).toBe('wallet.security.locked');
    world.w.clock.advance(1);
    expect((await world.service.apply(req())).status).toBe('applied');
  });

  it('holds the amount; the user cancels while applied and gets it back', async () => {
    await world.store.security.setAntiPhishing(alice, 'Tulip_77', world.w.clock.now());
    const item = await world.service.apply(req({ amount: '250.5' }));
    expect(item).toMatchObject({ asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '250.5', fee: '1', received: '249.5', status: 'applied', reason: null, txHash: null });
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '749.5', frozen: '250.5' });
    // The user was told, with the amount and address.
    const mail = (await world.store.outbox.list(10)).find((m) => m.subject.includes('250.5 USDT'));
    expect(mail?.body).toContain(ETH_ADDR);
    // Through the anti-phishing notifier: the user's code opens it.
    expect(mail?.body).toMatch(/^.*Tulip_77/);
    const cancelled = await world.service.cancel(alice, item.id);
    expect(cancelled.status).toBe('cancelled');
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    expect((await world.store.wallet.get(item.id))!.releasedAt).not.toBeNull();
    // Cancelled once: again is refused, and the balance stays.
    expect((await refusal(world.service.cancel(alice, item.id))).code).toBe('wallet.withdrawal.not.cancellable');
    const types = (await world.store.records.page({ user: alice, asset: 'USDT' }, 0, 100)).rows.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['withdrawal', 'withdrawal_cancelled']));
    // Nothing left for the lifecycle to do.
    expect(await world.step()).toMatchObject({ held: [], dropped: [], released: [], settled: [] });
  });

  it("another user's withdrawal can't be cancelled or read: it answers as a missing one", async () => {
    const item = await world.service.apply(req());
    const mallory = (await world.user('mallory@example.com')).id;
    expect((await refusal(world.service.cancel(mallory, item.id))).code).toBe('wallet.withdrawal.not.found');
    expect((await refusal(world.service.cancel(mallory, 999_999))).code).toBe('wallet.withdrawal.not.found');
    expect((await refusal(world.service.get(mallory, item.id))).code).toBe('wallet.withdrawal.not.found');
    expect((await world.store.wallet.get(item.id))!.status).toBe('applied');
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '900', frozen: '100' });
  });

  it('an operator rejects with a reason: the funds come back with a withdrawal_rejected record, the user is told', async () => {
    const item = await world.service.apply(req({ amount: '300' }));
    const deps = { store: world.store, clock: world.w.clock.now, notifier: { send: async (m: { to: string; subject: string; text: string }) => { sent.push(m); return { outboxId: 0, status: 'stored' as const }; }, close: () => undefined }, messages };
    const sent: Array<{ to: string; subject: string; text: string }> = [];
    const done = await rejectWithdrawal(deps, world.w.desks.spot, item.id, 'alice-operator', 'Address flagged by compliance');
    expect(done).toMatchObject({ already: false, notified: true, row: { status: 'rejected', reason: 'Address flagged by compliance', reviewedBy: 'alice-operator' } });
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    const records = (await world.store.records.page({ user: alice, asset: 'USDT' }, 0, 100)).rows;
    expect(records.map((r) => r.type)).toContain('withdrawal_rejected');
    expect(sent[0]?.text).toContain('Address flagged by compliance');
    expect((await world.service.get(alice, item.id))).toMatchObject({ status: 'rejected', reason: 'Address flagged by compliance' });
    // Again: nothing more happens (no second release, no second e-mail); approving it is refused; cancelling too.
    expect(await rejectWithdrawal(deps, world.w.desks.spot, item.id, 'alice-operator', 'again')).toMatchObject({ already: true, notified: false });
    await expect(approveWithdrawal(deps, item.id, 'bob-operator')).rejects.toThrow(/only an applied one/);
    expect((await refusal(world.service.cancel(alice, item.id))).code).toBe('wallet.withdrawal.not.cancellable');
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    expect(sent).toHaveLength(1);
  });

  it('apply → approve → the signer signs → settled (broadcast) → confirmed, once', async () => {
    const item = await world.service.apply(req({ asset: 'ETH', amount: '0.5' }));
    const deps = { store: world.store, clock: world.w.clock.now, notifier: { send: async () => ({ outboxId: 0, status: 'stored' as const }), close: () => undefined }, messages };
    expect((await approveWithdrawal(deps, item.id, 'op')).row.status).toBe('approved');
    // The user can't cancel it any more.
    expect((await refusal(world.service.cancel(alice, item.id))).code).toBe('wallet.withdrawal.not.cancellable');
    expect(await world.store.wallet.approvedWithdrawals('ETH', 10)).toEqual([{ id: item.id, user: alice, asset: 'ETH', network: 'ETH', address: ETH_ADDR, amount: 50_000_000n, fee: 100_000n }]);
    // Before the signer has a transaction nothing moves.
    expect((await world.step()).settled).toEqual([]);
    const hash = `0x${'5e'.repeat(32)}`;
    const now = world.w.clock.now();
    await world.store.db.insertInto('signer_txs').values({
      withdrawal_id: item.id, network: 'ETH', chain_id: 31337, asset: 'ETH', from_address: `0x${'11'.repeat(20)}`, recipient: ETH_ADDR, amount: '499000000000000000',
      nonce: 0, to_address: ETH_ADDR, value: '499000000000000000', data: '0x', gas: '21000', max_fee_per_gas: '1', max_priority_fee_per_gas: '1', raw: '0x02', hash,
      status: 'signed', confirmations: 0, block_number: null, error: null, created_at: now, signed_at: now, broadcast_at: null, updated_at: now,
    }).execute();
    expect((await world.step()).settled).toEqual([item.id]);
    expect(await world.service.get(alice, item.id)).toMatchObject({ status: 'broadcast', txHash: hash, confirmations: 0 });
    // The held 0.5 left: 1.5 available, nothing frozen; the journal balances (checked at dispose).
    expect(await world.balance(alice, 'ETH')).toEqual({ available: '1.5', frozen: '0' });
    const mail = (await world.store.outbox.list(10)).find((m) => m.body.includes(hash));
    expect(mail?.subject).toContain('0.499 ETH');
    // Again: nothing settles twice.
    expect((await world.step()).settled).toEqual([]);
    await world.store.db.updateTable('signer_txs').set({ status: 'broadcast', confirmations: 5 }).where('withdrawal_id', '=', item.id).execute();
    await world.step();
    expect((await world.service.get(alice, item.id)).confirmations).toBe(5);
    await world.store.db.updateTable('signer_txs').set({ status: 'confirmed', confirmations: 12 }).where('withdrawal_id', '=', item.id).execute();
    expect((await world.step()).confirmed).toEqual([item.id]);
    expect(await world.service.get(alice, item.id)).toMatchObject({ status: 'confirmed', confirmations: 12 });
    expect(await world.balance(alice, 'ETH')).toEqual({ available: '1.5', frozen: '0' });
    const fee = await world.store.invites.systemBalance('system:fee-income', 'ETH');
    expect(fee).toBe(100_000n);
  });

  it('an approved withdrawal the signer gave up on (failed, nothing sent) can be rejected; one in flight cannot', async () => {
    const deps = { store: world.store, clock: world.w.clock.now, notifier: { send: async () => ({ outboxId: 0, status: 'stored' as const }), close: () => undefined }, messages };
    const a = await world.service.apply(req({ amount: '100' }));
    const b = await world.service.apply(req({ amount: '200' }));
    await approveWithdrawal(deps, a.id, 'op');
    await approveWithdrawal(deps, b.id, 'op');
    // a: no signer record yet (it may be being signed): refused. b: refused before signing: rejectable.
    await expect(rejectWithdrawal(deps, world.w.desks.spot, a.id, 'op', 'x')).rejects.toThrow(/signer has not given up/);
    const now = world.w.clock.now();
    await world.store.db.insertInto('signer_txs').values({
      withdrawal_id: b.id, network: 'ETH', chain_id: 31337, asset: 'USDT', from_address: `0x${'11'.repeat(20)}`, recipient: ETH_ADDR, amount: '199000000',
      nonce: null, to_address: null, value: null, data: null, gas: null, max_fee_per_gas: null, max_priority_fee_per_gas: null, raw: null, hash: null,
      status: 'failed', confirmations: 0, block_number: null, error: 'recipient refused', created_at: now, signed_at: null, broadcast_at: null, updated_at: now,
    }).execute();
    expect((await world.step()).stuck).toEqual([b.id]);
    const done = await rejectWithdrawal(deps, world.w.desks.spot, b.id, 'op', 'the chain refused the address');
    expect(done.row).toMatchObject({ status: 'rejected', reason: 'the chain refused the address' });
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '900', frozen: '100' });
  });

  it('a client id answers the first withdrawal; the amount is held once', async () => {
    const first = await world.service.apply(req({ clientId: 'bot-0001', amount: '100' }));
    const again = await world.service.apply(req({ clientId: 'bot-0001', amount: '100' }));
    expect(again).toEqual(first);
    const other = await world.service.apply(req({ clientId: 'bot-0002', amount: '100' }));
    expect(other.id).not.toBe(first.id);
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '800', frozen: '200' });
    // Another user's same client id is theirs.
    const bob = (await world.user('bob2@example.com')).id;
    await world.w.credit(bob, 'USDT', '100');
    expect((await world.service.apply(req({ user: bob, clientId: 'bot-0001', amount: '100' }))).id).not.toBe(first.id);
  });

  it('the lifecycle finishes an application a crash cut off: held once, or dropped when the balance is short', async () => {
    const now = world.w.clock.now();
    const row = (amount: bigint) => ({ user: alice, asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount, fee: 100_000_000n, valueUsdt: amount, clientId: null, via: 'app' as const, now });
    // Crashed before the hold; crashed after the hold, before the row moved; one the balance can't cover.
    const before = await world.store.wallet.insert(row(10_000_000_000n));
    const after = await world.store.wallet.insert(row(20_000_000_000n));
    const held = await world.w.desks.spot.withdrawHold({ id: after, user: alice, asset: 'USDT', amount: '200' });
    expect(held.ok).toBe(true);
    const short = await world.store.wallet.insert(row(900_000_000_000n));
    // Within the grace period nothing is touched (the request may still be running).
    expect(await world.step()).toMatchObject({ held: [], dropped: [] });
    world.w.clock.advance(10_001);
    const report = await world.step();
    expect(report.held.sort()).toEqual([before, after].sort());
    expect(report.dropped).toEqual([short]);
    expect(await world.store.wallet.get(short)).toBeUndefined();
    expect((await world.store.wallet.get(after))!.status).toBe('applied');
    // 100 + 200 held, each once.
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '700', frozen: '300' });
    expect(await world.step()).toMatchObject({ held: [], dropped: [] });
  });

  it('the lifecycle finishes a release a crash cut off', async () => {
    const item = await world.service.apply(req({ amount: '100' }));
    // The row moved to cancelled, then the process died before the desk's release.
    expect(await world.store.wallet.transition(item.id, ['applied'], 'cancelled', world.w.clock.now())).toBe(true);
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '900', frozen: '100' });
    expect((await world.step()).released).toEqual([item.id]);
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    expect((await world.step()).released).toEqual([]);
  });

  it('the job runs a pass at start and on each tick, and stops', async () => {
    const item = await world.service.apply(req({ amount: '100' }));
    await world.store.wallet.transition(item.id, ['applied'], 'cancelled', world.w.clock.now());
    const jobs = startWalletJobs({
      store: world.store, clock: world.w.clock.now, desks: { spot: world.w.desks.spot }, messages,
      notifier: { send: async () => ({ outboxId: 0, status: 'stored' as const }), close: () => undefined }, pollMs: 60_000,
    });
    expect((await jobs.tick())?.released).toEqual([]); // the start's pass released it already
    expect(await world.balance(alice, 'USDT')).toEqual({ available: '1000', frozen: '0' });
    await jobs.stop();
    expect(await jobs.tick()).toBeNull();
  });

  it('throttles withdrawal attempts per user', async () => {
    const limited = world.other();
    // 30 attempts an hour, whatever their outcome.
    for (let i = 0; i < 30; i++) expect((await refusal(limited.apply(req({ amount: '1' })))).code).toBe('wallet.amount.below.min');
    const r = await refusal(limited.apply(req()));
    expect(r.code).toBe('wallet.withdraw.throttled');
    expect(r.data).toEqual({ retryAfter: 3600 });
    world.w.clock.advance(HOUR);
    expect((await limited.apply(req())).status).toBe('applied');
  });
});
