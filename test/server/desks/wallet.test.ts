// The spot desk's wallet commands (server/desks/spot/wallet.ts): deposits credited once per reference, withdrawal
// holds released or settled exactly once, held funds out of an operator's unfreeze, all of it across restarts.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { assetRecords } from '../../../server/desks/queries.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from './world.ts';

describeDialects('spot desk wallet commands', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
  });
  afterEach(async () => w.dispose());

  const coin = async (user: number, asset = 'USDT') => {
    const b = value(await w.desks.spot.balances(user)).find((x) => x.asset === asset);
    return b === undefined ? '0/0' : `${b.available}/${b.frozen}`;
  };
  const types = async (user: number) => value(await assetRecords(w.store, { user, pageIndex: 1, pageSize: 50 })).list.map((r) => r.type).sort();
  const REF = 'deposit:ETH:0xaaaabbbbccccdddd:3';

  it('credits a deposit once per reference, concurrently, after a restart, and says so', async () => {
    const req = { user: U1, asset: 'USDT', amount: '125.5', ref: REF };
    const [a, b, c] = await Promise.all([w.desks.spot.deposit(req), w.desks.spot.deposit(req), w.desks.spot.deposit(req)]);
    expect([a, b, c].map((r) => value(r).duplicate).sort()).toEqual([false, true, true]);
    expect(value(a).balance).toMatchObject({ available: '125.5', frozen: '0' });
    await w.restart();
    const d = value(await w.desks.spot.deposit({ ...req, amount: '999' }));
    expect(d).toMatchObject({ duplicate: true, ref: REF });
    expect(await coin(U1)).toBe('125.5/0');
    // Another index of the same transaction is another deposit.
    value(await w.desks.spot.deposit({ ...req, ref: 'deposit:ETH:0xaaaabbbbccccdddd:4', amount: '1' }));
    expect(await coin(U1)).toBe('126.5/0');
    expect(await types(U1)).toEqual(['deposit', 'deposit']);
    await w.check();
  });

  it('refuses malformed deposits and changes nothing', async () => {
    const d = (over: object) => w.desks.spot.deposit({ user: U1, asset: 'USDT', amount: '1', ref: REF, ...over });
    expect(await d({ ref: 'deposit:ETH:x' })).toEqual({ ok: false, code: 'deposit.ref.invalid' });
    expect(await d({ ref: 'admin:x#12345678' })).toEqual({ ok: false, code: 'deposit.ref.invalid' });
    expect(await d({ ref: `deposit:ETH:0xaaaa\u0000bbbb:1` })).toEqual({ ok: false, code: 'deposit.ref.invalid' });
    expect(await d({ amount: '0' })).toEqual({ ok: false, code: 'amount.invalid' });
    expect(await d({ amount: '-1' })).toMatchObject({ ok: false });
    expect(await d({ amount: '0.000000001' })).toMatchObject({ ok: false });
    expect(await d({ user: 0 })).toEqual({ ok: false, code: 'user.invalid' });
    expect(await d({ asset: 'usdt' })).toEqual({ ok: false, code: 'asset.invalid' });
    expect(await coin(U1)).toBe('0/0');
    // The refused reference is still free.
    expect(value(await d({})).duplicate).toBe(false);
    await w.check();
  });

  it('holds a withdrawal once, refuses one the balance does not cover, and never lets two races both pass', async () => {
    await w.credit(U1, 'USDT', '100');
    const holds = await Promise.all(Array.from({ length: 20 }, (_, i) => w.desks.spot.withdrawHold({ id: i + 1, user: U1, asset: 'USDT', amount: '30' })));
    expect(holds.filter((r) => r.ok)).toHaveLength(3);
    expect(holds.filter((r) => !r.ok).every((r) => !r.ok && r.code === 'funds.insufficient')).toBe(true);
    expect(await coin(U1)).toBe('10/90');
    const first = holds.findIndex((r) => r.ok) + 1;
    expect(value(await w.desks.spot.withdrawHold({ id: first, user: U1, asset: 'USDT', amount: '30' })).duplicate).toBe(true);
    expect(await coin(U1)).toBe('10/90');
    await w.check();
  });

  it('releases a hold once (rejected or cancelled, each with its record) and settles another once, fee to the fee income', async () => {
    await w.credit(U1, 'USDT', '100');
    value(await w.desks.spot.withdrawHold({ id: 7, user: U1, asset: 'USDT', amount: '40' }));
    value(await w.desks.spot.withdrawHold({ id: 8, user: U1, asset: 'USDT', amount: '50' }));
    value(await w.desks.spot.withdrawHold({ id: 9, user: U1, asset: 'USDT', amount: '10' }));
    expect(await coin(U1)).toBe('0/100');
    const [r1, r2] = await Promise.all([w.desks.spot.withdrawRelease({ id: 7, why: 'rejected' }), w.desks.spot.withdrawRelease({ id: 7, why: 'rejected' })]);
    expect([value(r1).duplicate, value(r2).duplicate].sort()).toEqual([false, true]);
    expect(await coin(U1)).toBe('40/60');
    // A released hold can't be settled; a settled one can't be released.
    expect(await w.desks.spot.withdrawSettle({ id: 7, fee: '1' })).toEqual({ ok: false, code: 'withdrawal.not.held' });
    expect(await w.desks.spot.withdrawSettle({ id: 8, fee: '50.00000001' })).toEqual({ ok: false, code: 'amount.invalid' });
    expect(await w.desks.spot.withdrawSettle({ id: 8, fee: '-1' })).toEqual({ ok: false, code: 'amount.invalid' });
    const s = value(await w.desks.spot.withdrawSettle({ id: 8, fee: '1.5' }));
    expect(s).toMatchObject({ duplicate: false, ref: 'withdraw:8', balance: { available: '40', frozen: '10' } });
    expect(await w.desks.spot.withdrawRelease({ id: 8, why: 'cancelled' })).toEqual({ ok: false, code: 'withdrawal.not.held' });
    value(await w.desks.spot.withdrawRelease({ id: 9, why: 'cancelled' }));
    expect(await coin(U1)).toBe('50/0');
    expect(await w.desks.spot.withdrawRelease({ id: 99, why: 'cancelled' })).toEqual({ ok: false, code: 'withdrawal.not.held' });
    expect(await w.desks.spot.withdrawRelease({ id: 0, why: 'cancelled' })).toEqual({ ok: false, code: 'withdrawal.id.invalid' });
    expect(await w.desks.spot.withdrawRelease({ id: 9, why: 'lost' as 'cancelled' })).toEqual({ ok: false, code: 'action.invalid' });
    expect(await types(U1)).toEqual(['admin_credit', 'withdrawal', 'withdrawal', 'withdrawal', 'withdrawal', 'withdrawal_cancelled', 'withdrawal_rejected']);
    const fee = await w.store.ledger.systemBalances();
    expect(fee.find((b) => b.account === 'system:fee-income' && b.asset === 'USDT')?.amount).toBe(150_000_000n);
    await w.check();
    // After a restart, repeats answer duplicate with the user's balance; the other close is still refused.
    await w.restart();
    expect(value(await w.desks.spot.withdrawSettle({ id: 8, fee: '1.5' }))).toMatchObject({ duplicate: true, balance: { available: '50', frozen: '0' } });
    expect(value(await w.desks.spot.withdrawRelease({ id: 7, why: 'rejected' })).duplicate).toBe(true);
    expect(await w.desks.spot.withdrawSettle({ id: 9, fee: '0' })).toEqual({ ok: false, code: 'withdrawal.not.held' });
    expect(value(await w.desks.spot.withdrawHold({ id: 9, user: U1, asset: 'USDT', amount: '10' })).duplicate).toBe(true);
    expect(await coin(U1)).toBe('50/0');
    await w.check();
  });

  it('rebuilds open holds at start: an operator unfreeze cannot release them, and they settle after the restart', async () => {
    await w.credit(U1, 'BTC', '2', 'coin');
    await w.credit(U2, 'BTC', '1', 'coin');
    value(await w.desks.spot.withdrawHold({ id: 21, user: U1, asset: 'BTC', amount: '1.5' }));
    value(await w.desks.spot.adjust({ user: U1, asset: 'BTC', amount: '0.25', action: 'freeze', memo: 'review' }));
    await w.restart();
    expect(await coin(U1, 'BTC')).toBe('0.25/1.75');
    expect(await w.desks.spot.adjust({ user: U1, asset: 'BTC', amount: '0.5', action: 'unfreeze', memo: 'review' })).toEqual({ ok: false, code: 'funds.frozen.insufficient' });
    value(await w.desks.spot.adjust({ user: U1, asset: 'BTC', amount: '0.25', action: 'unfreeze', memo: 'review' }));
    value(await w.desks.spot.withdrawSettle({ id: 21, fee: '0.0002' }));
    expect(await coin(U1, 'BTC')).toBe('0.5/0');
    // Another user's hold with the same asset is untouched by all of it.
    value(await w.desks.spot.withdrawHold({ id: 22, user: U2, asset: 'BTC', amount: '1' }));
    await w.restart();
    expect(await coin(U2, 'BTC')).toBe('0/1');
    expect(value(await w.desks.spot.withdrawRelease({ id: 22, why: 'rejected' })).balance).toMatchObject({ available: '1', frozen: '0' });
    await w.check();
  });
});
