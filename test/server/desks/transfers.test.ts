// Transfers between a user's wallets (debit into transit on one desk, relayed by it to another, credited there once),
// completion of a half-done transfer at start-up, and the asset records they leave, filtered and paged.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { relayedTransfer, transferId } from '../../../server/desks/funds.ts';
import { assetRecords } from '../../../server/desks/queries.ts';
import { describeDialects } from '../dialects.ts';
import { heldCommits, openWorld, U1, U2, value, type World } from './world.ts';

it('names a transfer from its source wallet and debit: a version 5 UUID, the same for the same debit, another for any other', () => {
  const id = transferId('coin', 42);
  expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(transferId('coin', 42)).toBe(id);
  const others = new Set([id, transferId('coin', 43), transferId('contract', 42), transferId('coin', 420), transferId('coin4', 2)]);
  expect(others.size).toBe(5);
});

describeDialects('transfers and records', (dialect) => {
  let w: World;
  beforeEach(async () => {
    w = await openWorld(dialect);
    await w.credit(U1, 'USDT', '1000');
  });
  afterEach(async () => w.dispose());

  const balances = async (user: number) => {
    const all = [];
    for (const desk of Object.values(w.desks.byWallet)) all.push(...value(await desk.balances(user)));
    return all.map((b) => `${b.wallet} ${b.asset} ${b.available}/${b.frozen}`);
  };

  it('moves funds between wallets through transit, in both directions', async () => {
    const t = value(await w.desks.transfers.transfer({ user: U1, asset: 'USDT', amount: '250.5', from: 'coin', to: 'contract' }));
    expect(t).toMatchObject({ user: U1, asset: 'USDT', amount: '250.5', from: 'coin', to: 'contract', status: 'credited' });
    // Named from its debit on the coin desk's journal.
    const debit = await w.store.db.selectFrom('ledger_entries').select('seq').where('ref', '=', `transfer:${t.transferId}`).where('reason', '=', 'transfer.debit').executeTakeFirstOrThrow();
    expect(t.transferId).toBe(transferId('coin', debit.seq));
    await w.check();
    value(await w.desks.transfers.transfer({ user: U1, asset: 'USDT', amount: '50', from: 'contract', to: 'earn' }));
    await w.check();
    expect(await balances(U1)).toEqual(['coin USDT 749.5/0', 'contract USDT 200.5/0', 'earn USDT 50/0']);
    expect(await w.store.transfers.pending()).toEqual([]);
  });

  it('keeps every desk committing when many transfers cross in both directions at once', async () => {
    await w.credit(U1, 'USDT', '1000', 'contract');
    await w.credit(U2, 'USDT', '1000', 'earn');
    const wallets = ['coin', 'contract', 'earn'] as const;
    const moves = Array.from({ length: 60 }, (_, i) => {
      const from = wallets[i % 3]!;
      const to = wallets[(i + 1 + (i % 2)) % 3]!;
      return w.desks.transfers.transfer({ user: i % 2 ? U1 : U2, asset: 'USDT', amount: '1.5', from, to });
    });
    const credits = [U1, U2].map((u) => w.desks.contract.adjust({ user: u, asset: 'USDT', amount: '1', action: 'credit', memo: 'concurrent' }));
    const results = await Promise.all([...moves, ...credits]);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.code)).every((c) => c === 'funds.insufficient')).toBe(true);
    expect(Object.values(w.desks.byWallet).some((d) => d.stopped)).toBe(false);
    expect(await w.store.transfers.pending()).toEqual([]);
    await w.check();
  });

  it('refuses what it can\'t do, with codes, and moves nothing', async () => {
    const t = (over: object) => w.desks.transfers.transfer({ user: U1, asset: 'USDT', amount: '1', from: 'coin', to: 'fiat', ...over });
    expect(await t({ amount: '1000.01' })).toEqual({ ok: false, code: 'funds.insufficient' });
    expect(await t({ to: 'coin' })).toEqual({ ok: false, code: 'transfer.same.wallet' });
    expect(await t({ to: 'margin' })).toEqual({ ok: false, code: 'wallet.invalid' });
    expect(await t({ amount: '0' })).toEqual({ ok: false, code: 'amount.invalid' });
    expect(await t({ amount: '1e3' })).toEqual({ ok: false, code: 'decimal.format' });
    expect(await t({ asset: 'usdt' })).toEqual({ ok: false, code: 'asset.invalid' });
    expect(await t({ clientId: '' })).toEqual({ ok: false, code: 'transfer.client.id.invalid' });
    expect(await balances(U1)).toEqual(['coin USDT 1000/0']);
    await w.check();
  });

  it('is idempotent by client id: a repeat, even concurrent or after a restart, answers the first transfer', async () => {
    const req = { user: U1, asset: 'USDT', amount: '100', from: 'coin', to: 'seconds', clientId: 'move-1' };
    const [a, b] = await Promise.all([w.desks.transfers.transfer(req), w.desks.transfers.transfer(req)]);
    expect(value(b).transferId).toBe(value(a).transferId);
    await w.restart();
    const c = value(await w.desks.transfers.transfer({ ...req, amount: '999' }));
    expect(c).toMatchObject({ transferId: value(a).transferId, amount: '100', status: 'credited' });
    expect(await balances(U1)).toEqual(['coin USDT 900/0', 'seconds USDT 100/0']);
    // The same client id of another user is another transfer.
    await w.credit(U2, 'USDT', '5');
    expect(value(await w.desks.transfers.transfer({ ...req, user: U2, amount: '5' })).transferId).not.toBe(c.transferId);
    await w.check();
  });

  it('keys a client id by its source wallet: the same id sent from two wallets at once is two transfers, and no desk stops', async () => {
    await w.credit(U1, 'USDT', '1000', 'contract');
    // Each source desk knows only its own transfers: the same id from another wallet is another transfer (before, both
    // desks took it as new and the second commit broke the store's unique index, which stopped that desk for everyone).
    const req = { user: U1, asset: 'USDT', amount: '10', clientId: 'both-ways' };
    const [a, b] = await Promise.all([
      w.desks.transfers.transfer({ ...req, from: 'coin', to: 'contract' }),
      w.desks.transfers.transfer({ ...req, amount: '7', from: 'contract', to: 'coin' }),
    ]);
    expect(value(a)).toMatchObject({ from: 'coin', to: 'contract', amount: '10', status: 'credited' });
    expect(value(b)).toMatchObject({ from: 'contract', to: 'coin', amount: '7', status: 'credited' });
    expect(value(b).transferId).not.toBe(value(a).transferId);
    expect(Object.values(w.desks.byWallet).some((d) => d.stopped)).toBe(false);
    // A repeat from either source answers that source's transfer, before and after a restart.
    for (let round = 0; round < 2; round++) {
      expect(value(await w.desks.transfers.transfer({ ...req, amount: '1', from: 'coin', to: 'contract' })).transferId).toBe(value(a).transferId);
      expect(value(await w.desks.transfers.transfer({ ...req, amount: '1', from: 'contract', to: 'coin' })).transferId).toBe(value(b).transferId);
      if (round === 0) await w.restart();
    }
    expect(await balances(U1)).toEqual(['coin USDT 997/0', 'contract USDT 1003/0']);
    // A race of 50 identical requests from each wallet at once: one transfer each way, every answer the same.
    const race = await Promise.all(Array.from({ length: 100 }, (_, i) =>
      w.desks.transfers.transfer({ ...req, clientId: 'race', amount: '2', ...(i % 2 ? { from: 'contract', to: 'coin' } : { from: 'coin', to: 'contract' }) })));
    expect(new Set(race.filter((_, i) => i % 2 === 0).map((r) => value(r).transferId)).size).toBe(1);
    expect(new Set(race.filter((_, i) => i % 2 === 1).map((r) => value(r).transferId)).size).toBe(1);
    expect(Object.values(w.desks.byWallet).some((d) => d.stopped)).toBe(false);
    expect(await balances(U1)).toEqual(['coin USDT 997/0', 'contract USDT 1003/0']);
    await w.check();
  });

  it('writes a credit and the balances it changed at the time of the commands, not of their commit', async () => {
    const { store, gate } = heldCommits(w.store);
    await w.restart({ store });
    w.desks.spot.relayTo(null); // the debit's relay is sent below, by hand, at a chosen time
    const out = value(await w.desks.spot.transferOut({ user: U1, asset: 'USDT', amount: '40', to: 'contract' }));
    // A batch of the contract desk in flight, held: the credit applies at t1 into the next batch, which is handed to
    // the store only when the first one committed, at t2.
    gate.held = true;
    const first = w.desks.perp.adjust({ user: U2, asset: 'USDT', amount: '5', action: 'credit', memo: 'held' });
    w.clock.advance(1_000);
    const t1 = w.clock.now();
    const credit = w.desks.perp.creditTransfer(relayedTransfer(out));
    await new Promise((ok) => setTimeout(ok, 100)); // its look-up of the row done, it applied (and waits)
    w.clock.advance(1_000);
    gate.release();
    value(await first);
    const done = value(await credit);
    expect(done.creditedAt).toBe(t1);
    expect(value(await w.desks.perp.transferIn(out.id))).toMatchObject({ status: 'credited', creditedAt: t1 });
    expect((await w.store.transfers.find(out.id))?.creditedAt).toBe(t1);
    const row = await w.store.db.selectFrom('balances').select('updated_at').where('user_id', '=', U1).where('wallet', '=', 'contract').executeTakeFirstOrThrow();
    expect(Number(row.updated_at)).toBe(t1);
    await w.check();
  });

  it('completes at start-up a transfer a crash left debited, exactly once', async () => {
    // The source desk commits the debit; the process dies before its relay reaches the destination.
    w.desks.spot.relayTo(null);
    const half = value(await w.desks.spot.transferOut({ user: U1, asset: 'USDT', amount: '300', to: 'fiat' }));
    expect(half.status).toBe('debited');
    expect(await balances(U1)).toEqual(['coin USDT 700/0']);
    await w.check(); // transit:coin holds exactly the pending 300
    expect((await w.store.ledger.systemBalances()).find((s) => s.account === 'transit:coin')?.amount).toBe(300n * 10n ** 8n);
    // Asking the destination credits nothing: only the source desk's relay does. It answers the transfer debited.
    expect(value(await w.desks.fiat.transferIn(half.id))).toMatchObject({ status: 'debited', creditedAt: null });
    expect(await balances(U1)).toEqual(['coin USDT 700/0']);
    await w.restart();
    expect(await balances(U1)).toEqual(['coin USDT 700/0', 'fiat USDT 300/0']);
    expect(await w.store.transfers.find(half.id)).toMatchObject({ status: 'credited' });
    // A late duplicate of the relay, or of the ask, pays nothing more.
    expect(value(await w.desks.fiat.creditTransfer(relayedTransfer(half))).status).toBe('credited');
    expect(value(await w.desks.fiat.transferIn(half.id)).status).toBe('credited');
    expect(value(await w.desks.spot.relayTransfer(half.id)).status).toBe('credited');
    expect(await w.desks.contract.transferIn(half.id)).toEqual({ ok: false, code: 'wallet.invalid' });
    expect(await w.desks.fiat.transferIn('no-such-transfer')).toEqual({ ok: false, code: 'transfer.not.found' });
    expect(await w.desks.fiat.relayTransfer(half.id)).toEqual({ ok: false, code: 'transfer.not.found' }); // not fiat's debit
    await w.restart();
    expect(await balances(U1)).toEqual(['coin USDT 700/0', 'fiat USDT 300/0']);
    expect((await w.store.ledger.systemBalances()).find((s) => s.account === 'transit:coin')?.amount ?? 0n).toBe(0n);
    await w.check();
  });

  it('credits only the debit its source desk wrote: a relay that differs from it, or of no debit, is refused and moves nothing', async () => {
    w.desks.spot.relayTo(null);
    const out = value(await w.desks.spot.transferOut({ user: U1, asset: 'USDT', amount: '100', to: 'earn' }));
    const relay = relayedTransfer(out);
    const forged = [
      { ...relay, amount: '100000000000' }, // 1000 USDT for a debit of 100
      { ...relay, user: U2 },
      { ...relay, asset: 'BTC' },
      { ...relay, from: 'contract' },
      { ...relay, id: '00000000-0000-5000-8000-000000000000' }, // no such debit
    ];
    for (const f of forged) expect(await w.desks.earn.creditTransfer(f)).toEqual({ ok: false, code: 'transfer.not.found' });
    const malformed = [null, 'x', { ...relay, amount: '-5' }, { ...relay, amount: '1.5' }, { ...relay, from: 'earn' }, { ...relay, user: 0 }, { ...relay, createdAt: -1 }];
    for (const m of malformed) expect(await w.desks.earn.creditTransfer(m)).toEqual({ ok: false, code: 'transfer.not.found' });
    expect(await w.desks.contract.creditTransfer(relay)).toEqual({ ok: false, code: 'wallet.invalid' });
    expect(await balances(U1)).toEqual(['coin USDT 900/0']);
    await w.check();
    // The real relay, twice at once: paid once.
    const [a, b] = await Promise.all([w.desks.earn.creditTransfer(relay), w.desks.earn.creditTransfer(relay)]);
    expect([value(a).status, value(b).status]).toEqual(['credited', 'credited']);
    expect(await balances(U1)).toEqual(['coin USDT 900/0', 'earn USDT 100/0']);
    expect(Object.values(w.desks.byWallet).some((d) => d.stopped)).toBe(false);
    await w.check();
  });

  it('lets the operator debit, freeze and unfreeze, but never unfreeze what orders hold', async () => {
    const adjust = (action: 'debit' | 'freeze' | 'unfreeze', amount: string) =>
      w.desks.spot.adjust({ user: U1, asset: 'USDT', amount, action, memo: 'review 42' });
    expect(await adjust('debit', '2000')).toEqual({ ok: false, code: 'funds.insufficient' });
    value(await adjust('debit', '100'));
    value(await adjust('freeze', '200'));
    value(await w.desks.spot.place({ type: 'limit', user: U1, symbol: 'BTCUSDT', side: 'buy', price: '50000', qty: '0.01' })); // holds 500
    expect(await adjust('unfreeze', '201')).toEqual({ ok: false, code: 'funds.frozen.insufficient' });
    expect(value(await adjust('unfreeze', '200'))).toEqual({ wallet: 'coin', asset: 'USDT', available: '400', frozen: '500' });
    await w.check();
  });

  it('filters records by type, asset, wallet and time, newest first, in the spec\'s page sizes', async () => {
    await w.credit(U1, 'BTC', '1');
    w.clock.advance(60_000);
    const noon = w.clock.now();
    value(await w.desks.transfers.transfer({ user: U1, asset: 'USDT', amount: '10', from: 'coin', to: 'contract' }));
    w.clock.advance(60_000);
    value(await w.desks.transfers.transfer({ user: U1, asset: 'BTC', amount: '0.5', from: 'coin', to: 'earn' }));
    const list = async (q: object) => value(await assetRecords(w.store, { user: U1, ...q })).list.map((r) => `${r.type} ${r.wallet} ${r.asset} ${r.amount}`);
    expect(await list({})).toEqual([
      'transfer_in earn BTC 0.5',
      'transfer_out coin BTC -0.5',
      'transfer_in contract USDT 10',
      'transfer_out coin USDT -10',
      'admin_credit coin BTC 1',
      'admin_credit coin USDT 1000',
    ]);
    expect(await list({ types: ['transfer_in'] })).toEqual(['transfer_in earn BTC 0.5', 'transfer_in contract USDT 10']);
    expect(await list({ asset: 'USDT', wallet: 'coin' })).toEqual(['transfer_out coin USDT -10', 'admin_credit coin USDT 1000']);
    expect(await list({ from: noon, to: noon + 1 })).toEqual(['transfer_in contract USDT 10', 'transfer_out coin USDT -10']);
    expect(value(await assetRecords(w.store, { user: U1, pageSize: 10, pageIndex: 2 }))).toMatchObject({ list: [], total: 6, pageIndex: 2, pageSize: 10 });
    expect(value(await assetRecords(w.store, { user: U1 })).pageSize).toBe(20);
    expect(await assetRecords(w.store, { user: U1, pageSize: 15 })).toEqual({ ok: false, code: 'page.invalid' });
    expect(await assetRecords(w.store, { user: U1, types: ['bonus'] })).toEqual({ ok: false, code: 'record.type.invalid' });
  });
});
