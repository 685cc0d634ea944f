// /app/wallet/* through the whole app (buildApp with trading and the test chain): envelopes in the request's
// language, signed in except `assets`, each route acting on the caller's own rows only; malformed input (NUL bytes,
// huge numbers, wrong types, extra fields, broken JSON) answers request.invalid (or the field's own refusal) and
// changes nothing; coins without automatic deposits say "contact customer service"; without custody every deposit
// and withdrawal network is unknown. On SQLite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { WALLET_API } from '../../../server/contract/wallet.ts';
import { describeDialects } from '../dialects.ts';
import { openWalletApp, type WalletApp } from './app.ts';
import { ETH_ADDR, FUND } from './world.ts';

describeDialects('wallet routes', (dialect) => {
  let h: WalletApp;
  let alice: { id: number; ticket: string };

  beforeEach(async () => {
    h = await openWalletApp(dialect);
    alice = await h.user('alice@example.com');
    await h.credit(alice.id, 'USDT', '1000');
  });
  afterEach(async () => h.dispose());

  const state = async (user: number) => ({
    balances: await h.desks.spot.balances(user),
    withdrawals: (await h.store.wallet.list({ user }, 0, 100)).rows,
    book: await h.store.wallet.book(user),
    settings: await h.store.wallet.settings(user),
  });

  it('lists every coin with its networks, publicly', async () => {
    const r = await h.call('GET', WALLET_API.assets);
    expect(r.body.code).toBe('success');
    const assets = r.body.data as Array<{ asset: string; autoDeposit: boolean; networks: Array<Record<string, unknown>> }>;
    expect(assets.find((a) => a.asset === 'USDT')).toEqual({
      asset: 'USDT', name: 'TetherUS', autoDeposit: true,
      networks: [{
        network: 'ETH', name: 'Ethereum local test chain (ERC20)', chainId: 31337, confirmations: 12, depositEnabled: true, withdrawEnabled: true,
        minDeposit: '0.001', withdrawFee: '1', withdrawMin: '10', withdrawDecimals: 6, contract: `0x${'12'.repeat(20)}`,
      }],
    });
    expect(assets.find((a) => a.asset === 'BTC')?.networks).toEqual([expect.objectContaining({ network: 'BTC', depositEnabled: true, withdrawEnabled: false })]);
    expect(assets.find((a) => a.asset === 'SOL')).toEqual({ asset: 'SOL', name: 'Solana', autoDeposit: false, networks: [] });
    expect((await h.call('GET', WALLET_API.assets, { query: { x: '1' } })).body.code).toBe('request.invalid');
  });

  it('needs a session everywhere else', async () => {
    for (const [method, url, body] of [
      ['GET', WALLET_API.depositAddress + '?asset=USDT', undefined], ['GET', WALLET_API.deposits, undefined], ['GET', WALLET_API.withdrawals, undefined],
      ['GET', WALLET_API.addressBook, undefined], ['GET', WALLET_API.whitelist, undefined], ['GET', WALLET_API.limits, undefined], ['GET', WALLET_API.apiKeys, undefined],
      ['POST', WALLET_API.withdraw, { asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '10', fundPassword: FUND }],
      ['POST', WALLET_API.cancelWithdrawal, { id: 1 }],
    ] as const) {
      expect((await h.call(method, url, { body })).body.code, url).toBe('login.user.not.login');
    }
  });

  it('gives a deposit address per user and network, the same every time; other coins say contact customer service', async () => {
    const a = (await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'usdt' } })).body;
    expect(a).toMatchObject({ code: 'success', data: { asset: 'USDT', network: 'ETH', networkName: 'Ethereum local test chain (ERC20)', minDeposit: '0.001', confirmations: 12 } });
    expect(a.data.uri).toBe(`ethereum:0x${'12'.repeat(20)}@31337/transfer?address=${a.data.address}`);
    expect((await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'USDT', network: 'ETH' } })).body.data).toEqual(a.data);
    expect((await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'BTC' } })).body.data).toMatchObject({ network: 'BTC', uri: expect.stringMatching(/^bitcoin:bcrt1/) });
    const manual = (await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'SOL' }, headers: { lang: 'zh-CN' } })).body;
    expect(manual).toEqual({ code: 'wallet.deposit.manual', msg: '该币种不支持自动充值，请联系客服。', data: null });
    expect((await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'NOPE' } })).body.code).toBe('wallet.asset.unknown');
    expect((await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'USDT', network: 'BTC' } })).body.code).toBe('wallet.network.unknown');
    expect((await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'US\u0000DT' } })).body.code).toBe('request.invalid');
  });

  it("lists the user's own deposits", async () => {
    const bob = await h.user('bob@example.com');
    const now = h.clock.now();
    const row = (user: number, status: string, confirmations: number) => ({
      user_id: user, network: 'ETH', chain_id: 31337, asset: 'USDT', tx_hash: `0x${String(user).padStart(64, '0')}`, idx: confirmations, address: ETH_ADDR,
      amount: 2_500_000_000n, chain_amount: '25000000', block_number: 100, block_hash: `0x${'1'.repeat(64)}`, confirmations, required: 12, status,
      created_at: now, credited_at: status === 'credited' ? now : null,
    });
    await h.store.db.insertInto('chain_deposits').values([row(alice.id, 'pending', 3), row(alice.id, 'credited', 12), row(bob.id, 'credited', 12)]).execute();
    const page = (await h.call('GET', WALLET_API.deposits, { ticket: alice.ticket })).body.data;
    expect(page).toMatchObject({ total: 2, pageIndex: 1, pageSize: 20 });
    expect(page.list[0]).toMatchObject({ asset: 'USDT', network: 'ETH', amount: '25', status: 'credited', confirmations: 12, required: 12, creditedAt: now });
    expect(page.list[1]).toMatchObject({ status: 'pending', confirmations: 3, creditedAt: null });
    expect((await h.call('GET', WALLET_API.deposits, { ticket: alice.ticket, query: { status: 'pending' } })).body.data.total).toBe(1);
    expect((await h.call('GET', WALLET_API.deposits, { ticket: alice.ticket, query: { status: 'nope' } })).body.code).toBe('request.invalid');
    expect((await h.call('GET', WALLET_API.deposits, { ticket: alice.ticket, query: { pageSize: '7' } })).body.code).toBe('page.size.invalid');
  });

  it('withdraws, lists and cancels; refusals in the request language change nothing', async () => {
    const before = await state(alice.id);
    const refused = (await h.call('POST', WALLET_API.withdraw, {
      ticket: alice.ticket, headers: { lang: 'ja' }, body: { asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '5', fundPassword: FUND },
    })).body;
    expect(refused).toEqual({ code: 'wallet.amount.below.min', msg: '最小出金額は 10 です（ネットワーク手数料 1 は数量から差し引かれます）。', data: { min: '10', fee: '1' } });
    expect((await h.call('POST', WALLET_API.withdraw, { ticket: alice.ticket, body: { asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '50', fundPassword: 'nope' } })).body.code).toBe('wallet.fund.password.wrong');
    expect(await state(alice.id)).toEqual(before);

    const done = (await h.call('POST', WALLET_API.withdraw, { ticket: alice.ticket, body: { asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '50', fundPassword: FUND, clientId: 'web-1' } })).body;
    expect(done).toMatchObject({ code: 'success', data: { asset: 'USDT', amount: '50', fee: '1', received: '49', status: 'applied' } });
    const list = (await h.call('GET', WALLET_API.withdrawals, { ticket: alice.ticket, query: { status: 'applied' } })).body.data;
    expect(list).toMatchObject({ total: 1, list: [{ id: done.data.id, status: 'applied' }] });
    const bob = await h.user('bob@example.com');
    expect((await h.call('POST', WALLET_API.cancelWithdrawal, { ticket: bob.ticket, body: { id: done.data.id } })).body.code).toBe('wallet.withdrawal.not.found');
    expect((await h.call('GET', WALLET_API.withdrawals, { ticket: bob.ticket })).body.data.total).toBe(0);
    const cancelled = (await h.call('POST', WALLET_API.cancelWithdrawal, { ticket: alice.ticket, body: { id: done.data.id } })).body;
    expect(cancelled).toMatchObject({ code: 'success', data: { status: 'cancelled' } });
    expect((await h.desks.spot.balances(alice.id)).ok && (await h.desks.spot.balances(alice.id))).toMatchObject({ value: [{ asset: 'USDT', available: '1000', frozen: '0' }] });
    expect((await h.call('GET', WALLET_API.limits, { ticket: alice.ticket })).body.data).toEqual({
      daily: '100000', used: '0', remaining: '100000', verified: true, bindings: 1, lockedUntil: null, totpRequired: false, fundPasswordSet: true,
    });
  });

  it('refuses malformed input cleanly and changes nothing', async () => {
    const before = await state(alice.id);
    const good = { asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '50', fundPassword: FUND };
    const bodies: Array<[string, unknown, string]> = [
      ['NUL in the asset', { ...good, asset: 'US\u0000DT' }, 'request.invalid'],
      ['NUL in the address', { ...good, address: `${ETH_ADDR}\u0000` }, 'wallet.address.invalid'],
      ['NUL in the amount', { ...good, amount: '5\u00000' }, 'wallet.amount.invalid'],
      ['NUL in the client id', { ...good, clientId: 'a\u0000b' }, 'request.invalid'],
      ['NUL in the fund password', { ...good, fundPassword: `${FUND}\u0000` }, 'wallet.fund.password.wrong'],
      ['a huge number', { ...good, amount: '9'.repeat(90) }, 'wallet.amount.invalid'],
      ['a longer one', { ...good, amount: '9'.repeat(5000) }, 'request.invalid'],
      ['a number, not text', { ...good, amount: 50 }, 'request.invalid'],
      ['an array', { ...good, address: [ETH_ADDR] }, 'request.invalid'],
      ['null', { ...good, fundPassword: null }, 'request.invalid'],
      ['an extra field', { ...good, user: 1 }, 'request.invalid'],
      ['missing fields', { asset: 'USDT' }, 'validate.required'],
      ['not an object', [good], 'request.invalid'],
    ];
    for (const [why, body, code] of bodies) {
      expect((await h.call('POST', WALLET_API.withdraw, { ticket: alice.ticket, body })).body.code, why).toBe(code);
    }
    expect((await h.call('POST', WALLET_API.withdraw, { ticket: alice.ticket, rawBody: '{"asset":' })).body.code).toBe('request.invalid');
    for (const id of [0, -1, 1.5, 1e300, '1', null]) {
      expect((await h.call('POST', WALLET_API.cancelWithdrawal, { ticket: alice.ticket, body: { id } })).body.code, String(id)).toBe('request.invalid');
    }
    expect((await h.call('POST', WALLET_API.cancelWithdrawal, { ticket: alice.ticket, body: { id: Number.MAX_SAFE_INTEGER } })).body.code).toBe('wallet.withdrawal.not.found');
    expect((await h.call('POST', WALLET_API.addressBookAdd, { ticket: alice.ticket, body: { asset: 'USDT', network: 'ETH', address: ETH_ADDR, label: 'x'.repeat(500) } })).body.code).toBe('request.invalid');
    expect((await h.call('POST', WALLET_API.addressBookAdd, { ticket: alice.ticket, body: { asset: 'USDT', network: 'ETH', address: ETH_ADDR, label: 'a\u0000' } })).body.code).toBe('wallet.label.invalid');
    expect((await h.call('POST', WALLET_API.whitelistSet, { ticket: alice.ticket, body: { enabled: 'yes', fundPassword: FUND } })).body.code).toBe('request.invalid');
    expect((await h.call('GET', WALLET_API.withdrawals, { ticket: alice.ticket, query: { pageIndex: '99999999' } })).body.code).toBe('request.invalid');
    expect(await state(alice.id)).toEqual(before);
  });

  it('address book, whitelist and API keys for the signed-in user', async () => {
    const added = (await h.call('POST', WALLET_API.addressBookAdd, { ticket: alice.ticket, body: { asset: 'usdt', network: 'eth', address: ETH_ADDR, label: 'Ledger' } })).body;
    expect(added).toMatchObject({ code: 'success', data: { asset: 'USDT', network: 'ETH', address: ETH_ADDR, label: 'Ledger' } });
    expect((await h.call('GET', WALLET_API.addressBook, { ticket: alice.ticket, query: { asset: 'USDT' } })).body.data).toHaveLength(1);
    expect((await h.call('GET', WALLET_API.addressBook, { ticket: alice.ticket, query: { asset: 'ETH' } })).body.data).toHaveLength(0);
    const bob = await h.user('bob@example.com');
    expect((await h.call('POST', WALLET_API.addressBookRemove, { ticket: bob.ticket, body: { id: added.data.id } })).body.code).toBe('wallet.address.book.not.found');
    expect((await h.call('POST', WALLET_API.whitelistSet, { ticket: alice.ticket, body: { enabled: true, fundPassword: FUND } })).body.data).toEqual({ enabled: true, offAt: null });
    expect((await h.call('GET', WALLET_API.whitelist, { ticket: bob.ticket })).body.data).toEqual({ enabled: false, offAt: null });
    expect((await h.call('POST', WALLET_API.addressBookRemove, { ticket: alice.ticket, body: { id: added.data.id } })).body).toMatchObject({ code: 'success', data: null });

    const open = await h.key(alice.id, { trade: true });
    const pinned = await h.key(alice.id, { trade: true, ips: ['127.0.0.1'] });
    const bobs = await h.key(bob.id, { trade: true, ips: ['127.0.0.1'] });
    const set = (apiKey: string, enabled: boolean, fundPassword = FUND) => h.call('POST', WALLET_API.apiKeysSet, { ticket: alice.ticket, body: { apiKey, enabled, fundPassword } });
    expect((await set(open.apiKey, true)).body.code).toBe('wallet.api.key.ip.required');
    expect((await set(bobs.apiKey, true)).body.code).toBe('wallet.api.key.not.found');
    expect((await set(pinned.apiKey, true, 'wrong')).body.code).toBe('wallet.fund.password.wrong');
    expect((await set(pinned.apiKey, true)).body.data).toEqual({ apiKey: pinned.apiKey, ipRestricted: true, withdraw: true });
    const keys = (await h.call('GET', WALLET_API.apiKeys, { ticket: alice.ticket })).body.data as Array<{ apiKey: string; withdraw: boolean }>;
    expect(keys.map((k) => [k.apiKey, k.withdraw]).sort()).toEqual([[open.apiKey, false], [pinned.apiKey, true]].sort());
  });

  it('answers 429 with Retry-After past the withdrawal attempts', async () => {
    const body = { asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '1', fundPassword: FUND };
    for (let i = 0; i < 30; i++) await h.call('POST', WALLET_API.withdraw, { ticket: alice.ticket, body });
    const r = await h.call('POST', WALLET_API.withdraw, { ticket: alice.ticket, body });
    expect(r.status).toBe(429);
    expect(r.raw.headers['retry-after']).toBe('3600');
    expect(r.body).toMatchObject({ code: 'wallet.withdraw.throttled', msg: 'Too many withdrawal attempts. Please try again in 3600 seconds.' });
  });
});

describeDialects('wallet routes without custody', (dialect) => {
  let h: WalletApp;
  beforeEach(async () => {
    h = await openWalletApp(dialect, { chain: false });
  });
  afterEach(async () => h.dispose());

  it('has no deposit or withdrawal network', async () => {
    const alice = await h.user('alice@example.com');
    await h.credit(alice.id, 'USDT', '100');
    const assets = (await h.call('GET', WALLET_API.assets)).body.data as Array<{ asset: string; autoDeposit: boolean; networks: unknown[] }>;
    expect(assets.every((a) => !a.autoDeposit && a.networks.length === 0)).toBe(true);
    expect((await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'USDT' } })).body.code).toBe('wallet.network.unknown');
    expect((await h.call('GET', WALLET_API.depositAddress, { ticket: alice.ticket, query: { asset: 'SOL' } })).body.code).toBe('wallet.deposit.manual');
    const w = await h.call('POST', WALLET_API.withdraw, { ticket: alice.ticket, body: { asset: 'USDT', network: 'ETH', address: ETH_ADDR, amount: '50', fundPassword: FUND } });
    expect(w.body.code).toBe('wallet.network.unknown');
    expect((await h.call('POST', WALLET_API.addressBookAdd, { ticket: alice.ticket, body: { asset: 'USDT', network: 'ETH', address: ETH_ADDR, label: 'x' } })).body.code).toBe('wallet.network.unknown');
  });
});
