// Operator locks and once-only adjustments at the desks: a lock moves available to frozen through the ledger
// (admin_lock records, the ledger verifies), only an unlock releases it (never an unfreeze, never an order's
// release), the locked amounts survive a restart (rebuilt from the journal's lock entries), and an adjustment
// with a request id is applied once however often it comes, in one batch or after a restart.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, value, type World } from '../desks/world.ts';

describeDialects('operator locks and once-only adjustments', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
  });
  afterEach(async () => w.dispose());

  const adjust = (action: 'credit' | 'freeze' | 'unfreeze' | 'lock' | 'unlock', amount: string, wallet: 'coin' | 'earn' = 'coin', user = U1) =>
    w.desks.byWallet[wallet].adjust({ user, asset: 'USDT', amount, action, memo: 'test' });

  it('locks and unlocks through the ledger, and nothing but an unlock releases locked funds', async () => {
    await w.credit(U1, 'USDT', '1000');
    value(await adjust('lock', '300'));
    expect(value(await w.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'USDT', available: '700', frozen: '300' }]);
    // An order takes only available funds and gives back only what it held.
    const order = value(await w.desks.spot.place({ type: 'limit', user: U1, symbol: 'BTCUSDT', side: 'buy', price: '1000', qty: '0.5' }));
    expect(value(await w.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'USDT', available: '200', frozen: '800' }]);
    expect(await adjust('unfreeze', '0.01')).toEqual({ ok: false, code: 'funds.frozen.insufficient' });
    value(await w.desks.spot.cancel({ user: U1, orderId: order.order.orderId }));
    expect(value(await w.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'USDT', available: '700', frozen: '300' }]);
    expect(await adjust('unlock', '300.00000001')).toEqual({ ok: false, code: 'funds.locked.insufficient' });
    expect(await adjust('lock', '700.00000001')).toEqual({ ok: false, code: 'funds.insufficient' });
    value(await adjust('unlock', '100'));
    expect(value(await w.desks.spot.locked(U1))).toEqual([{ asset: 'USDT', locked: '200' }]);
    const records = await w.store.records.page({ user: U1 }, 0, 10);
    expect(records.rows.slice(0, 2).map((r) => [r.type, r.amount, r.frozen])).toEqual([
      ['admin_unlock', 10_000_000_000n, -10_000_000_000n],
      ['cancel_buy', 50_000_000_000n, -50_000_000_000n],
    ]);
    expect(records.rows.find((r) => r.type === 'admin_lock')).toMatchObject({ amount: -30_000_000_000n, frozen: 30_000_000_000n });
    await w.check();
  });

  it('keeps locks across a restart, per wallet and user, from the journal', async () => {
    await w.credit(U1, 'USDT', '100');
    await w.credit(U2, 'USDT', '100');
    await w.credit(U1, 'USDT', '100', 'earn');
    value(await adjust('freeze', '10'));
    value(await adjust('lock', '40'));
    value(await adjust('unlock', '15'));
    value(await adjust('lock', '5', 'earn'));
    value(await adjust('lock', '1', 'coin', U2));
    await w.restart();
    expect(value(await w.desks.spot.locked(U1))).toEqual([{ asset: 'USDT', locked: '25' }]);
    expect(value(await w.desks.spot.locked(U2))).toEqual([{ asset: 'USDT', locked: '1' }]);
    expect(value(await w.desks.earn.locked(U1))).toEqual([{ asset: 'USDT', locked: '5' }]);
    // 35 frozen in the coin wallet, 25 of it locked: the freeze's 10 can be released, not a cent more.
    expect(await adjust('unfreeze', '10.00000001')).toEqual({ ok: false, code: 'funds.frozen.insufficient' });
    value(await adjust('unfreeze', '10'));
    expect(await adjust('unlock', '25.00000001')).toEqual({ ok: false, code: 'funds.locked.insufficient' });
    value(await adjust('unlock', '25'));
    expect(value(await w.desks.spot.locked(U1))).toEqual([]);
    expect(value(await w.desks.spot.balances(U1))).toEqual([{ wallet: 'coin', asset: 'USDT', available: '100', frozen: '0' }]);
    await w.check();
  });

  it('applies an adjustment with a request id once: repeats in the same batch, later, and after a restart', async () => {
    const once = (requestId: string, amount = '5') => w.desks.spot.adjustOnce({ user: U1, asset: 'USDT', amount, action: 'credit', memo: 'goodwill', requestId });
    // Three at once: they share a batch, the first applies and the others see it in memory.
    const same = await Promise.all([once('req-00000001'), once('req-00000001'), once('req-00000001')]);
    expect(same.map((r) => value(r).duplicate)).toEqual([false, true, true]);
    expect(value(same[0]!).ref).toBe('admin:goodwill#req-00000001');
    expect((await w.store.records.page({ user: U1 }, 0, 10)).rows.map((r) => r.ref)).toEqual(['admin:goodwill']); // the user's view: the memo
    expect(value(await once('req-00000001')).duplicate).toBe(true); // from the journal now
    await w.restart();
    const after = value(await once('req-00000001'));
    expect(after).toEqual({ balance: { wallet: 'coin', asset: 'USDT', available: '5', frozen: '0' }, duplicate: true, ref: 'admin:goodwill#req-00000001' });
    expect(value(await once('req-00000002')).balance.available).toBe('10');
    expect(await once('no')).toEqual({ ok: false, code: 'request.id.invalid' });
    expect(await w.desks.spot.adjustOnce({ user: U1, asset: 'USDT', amount: '1', action: 'credit', memo: '\u0000', requestId: 'req-00000003' })).toEqual({ ok: false, code: 'memo.invalid' });
    expect(await w.store.ledger.lastSeq('coin')).toBe(2);
    await w.check();
  });
});
