// Binance's capital endpoints under /sapi/v1 (gateway/binance/wallet.ts) over the wallet of /app/wallet: getall
// answers the chain's networks, fees and minimums; deposit/address and deposit/hisrec in Binance's shapes and status
// numbers; withdraw/apply only for a key its owner allowed to withdraw (restricted to IP addresses), with every
// wallet rule answered by Binance's -4xxx codes and nothing changed; withdraw/history with its status numbers.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { approveWithdrawal } from '../../../server/wallet/review.ts';
import { describeDialects } from '../dialects.ts';
import { openWalletApp, type Key, type WalletApp } from '../wallet/app.ts';
import { BTC_ADDR, ETH_ADDR, ETH_ADDR2, FUND, messages } from '../wallet/world.ts';

const IP = '10.1.2.3';

describeDialects('binance capital endpoints', (dialect) => {
  let h: WalletApp;
  let alice: { id: number; ticket: string };
  let open: Key;
  let pinned: Key;

  beforeAll(async () => {
    h = await openWalletApp(dialect);
    alice = await h.user('alice@example.com');
    await h.credit(alice.id, 'USDT', '1000');
    open = await h.key(alice.id, { trade: true });
    pinned = await h.key(alice.id, { trade: false, ips: [IP] });
  });
  afterAll(() => h?.dispose());

  const get = (path: string, params = '', key = pinned) => h.signed('GET', path, key, params, { address: IP });
  const post = (path: string, params: string, key = pinned) => h.signed('POST', path, key, params, { address: IP, body: true });

  it('getall answers the chain networks with their rules', async () => {
    const coins = (await get('/capital/config/getall')).body as Array<{ coin: string; depositAllEnable: boolean; withdrawAllEnable: boolean; networkList: Array<Record<string, unknown>> }>;
    const usdt = coins.find((c) => c.coin === 'USDT')!;
    expect(usdt).toMatchObject({ depositAllEnable: true, withdrawAllEnable: true });
    expect(usdt.networkList).toEqual([expect.objectContaining({
      network: 'ETH', coin: 'USDT', name: 'Ethereum local test chain (ERC20)', isDefault: true, depositEnable: true, withdrawEnable: true, depositDesc: '', withdrawDesc: '',
      withdrawFee: '1', withdrawMin: '10', withdrawIntegerMultiple: '0.000001', depositDust: '0.001', minConfirm: 12, contractAddress: `0x${'12'.repeat(20)}`,
    })]);
    expect(coins.find((c) => c.coin === 'ETH')!.networkList).toEqual([expect.objectContaining({ withdrawFee: '0.001', withdrawMin: '0.01', withdrawIntegerMultiple: '0.00000001' })]);
    expect(coins.find((c) => c.coin === 'BTC')).toMatchObject({ depositAllEnable: true, withdrawAllEnable: false, networkList: [expect.objectContaining({ depositEnable: true, withdrawEnable: false, minConfirm: 6 })] });
    expect(coins.find((c) => c.coin === 'SOL')).toMatchObject({ depositAllEnable: false, networkList: [expect.objectContaining({ depositEnable: false, withdrawFee: '0', withdrawMin: '0' })] });
  });

  it('deposit/address: the user address of a coin', async () => {
    const r = await get('/capital/deposit/address', 'coin=USDT&network=ETH');
    expect(r).toMatchObject({ status: 200, body: { coin: 'USDT', tag: '', url: '', address: expect.stringMatching(/^0x[0-9a-f]{40}$/) } });
    expect((await get('/capital/deposit/address', 'coin=usdt')).body.address).toBe(r.body.address);
    expect((await get('/capital/deposit/address', 'coin=SOL')).body).toMatchObject({ code: -4019 });
    expect((await get('/capital/deposit/address', 'coin=NOPE')).body).toMatchObject({ code: -4018 });
    expect((await get('/capital/deposit/address', '')).body).toMatchObject({ code: -1102 });
    expect((await get('/capital/deposit/address', 'coin=USDT&foo=1')).body).toMatchObject({ code: -1104 });
    expect((await get('/capital/deposit/address', 'coin=US%00DT')).body).toMatchObject({ code: -1100 });
  });

  it('deposit/hisrec: Binance fields and status numbers, the last 90 days', async () => {
    const now = h.clock.now();
    const row = (n: number, status: string, created: number) => ({
      user_id: alice.id, network: 'ETH', chain_id: 31337, asset: 'USDT', tx_hash: `0x${String(n).padStart(64, 'a')}`, idx: 0, address: ETH_ADDR,
      amount: 1_234_500_000n, chain_amount: '12345000', block_number: 100 + n, block_hash: `0x${'1'.repeat(64)}`, confirmations: status === 'pending' ? 4 : 12,
      required: 12, status, created_at: created, credited_at: status === 'credited' ? created + 1000 : null,
    });
    await h.store.db.insertInto('chain_deposits').values([
      row(1, 'credited', now - 1000), row(2, 'pending', now - 500), row(3, 'below_min', now - 400), row(4, 'orphaned', now - 300), row(5, 'credited', now - 100 * 86_400_000),
    ]).execute();
    const list = (await get('/capital/deposit/hisrec')).body as Array<Record<string, unknown>>;
    expect(list.map((d) => d['status'])).toEqual([2, 7, 0, 1]);
    expect(list[3]).toEqual({
      id: expect.any(String), amount: '12.345', coin: 'USDT', network: 'ETH', status: 1, address: ETH_ADDR, addressTag: '', txId: `0x${'1'.padStart(64, 'a')}`,
      insertTime: now - 1000, completeTime: now, transferType: 0, confirmTimes: '12/12', unlockConfirm: 0, walletType: 0,
    });
    expect(list[2]).toMatchObject({ confirmTimes: '4/12' });
    expect(((await get('/capital/deposit/hisrec', 'status=0')).body as unknown[]).length).toBe(1);
    expect(((await get('/capital/deposit/hisrec', `startTime=${now - 101 * 86_400_000}&endTime=${now - 99 * 86_400_000}`)).body as unknown[]).length).toBe(1);
    expect((await get('/capital/deposit/hisrec', `startTime=0&endTime=${now}`)).body).toMatchObject({ code: -4047 });
    expect(((await get('/capital/deposit/hisrec', 'coin=BTC')).body as unknown[]).length).toBe(0);
    expect(((await get('/capital/deposit/hisrec', 'limit=2&offset=1')).body as Array<{ status: number }>).map((d) => d.status)).toEqual([7, 0]);
    expect((await get('/capital/deposit/hisrec', 'limit=5000')).body).toMatchObject({ code: -1130 });
    // A timestamp from the far future: refused by the signature step (-1021), nothing read.
    expect((await h.signed('GET', '/capital/deposit/hisrec', pinned, `timestamp=${now + 10 ** 12}`, { address: IP })).body).toMatchObject({ code: -1021 });
  });

  it('withdraw/apply needs a key allowed to withdraw; then the wallet rules answer in Binance codes', async () => {
    const apply = 'coin=USDT&network=ETH&address=' + ETH_ADDR + '&amount=100';
    const balances = async () => (await h.desks.spot.balances(alice.id));
    const before = await balances();
    expect(await post('/capital/withdraw/apply', apply)).toMatchObject({ status: 401, body: { code: -2015 } });
    expect(await h.signed('POST', '/capital/withdraw/apply', open, apply, { body: true })).toMatchObject({ status: 401, body: { code: -2015 } });
    // The owner allows the pinned key (the open one can't be).
    expect((await h.call('POST', '/app/wallet/apiKeys/set', { ticket: alice.ticket, body: { apiKey: pinned.apiKey, enabled: true, fundPassword: FUND } })).body.code).toBe('success');
    expect((await h.call('POST', '/app/wallet/apiKeys/set', { ticket: alice.ticket, body: { apiKey: open.apiKey, enabled: true, fundPassword: FUND } })).body.code).toBe('wallet.api.key.ip.required');
    // From another address the pinned key isn't even accepted.
    expect(await h.signed('POST', '/capital/withdraw/apply', pinned, apply, { body: true, address: '10.9.9.9' })).toMatchObject({ status: 401, body: { code: -2015 } });
    const cases: Array<[string, number]> = [
      ['coin=USDT&network=ETH&address=0x123&amount=100', -4033],
      [`coin=USDT&network=ETH&address=${BTC_ADDR}&amount=100`, -4033],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}&amount=5`, -4022],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}&amount=10.1234567`, -4021],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}&amount=5000`, -4026],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}&amount=abc`, -1100],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}&amount=${'9'.repeat(80)}`, -1100],
      [`coin=BTC&network=BTC&address=${BTC_ADDR}&amount=1`, -4019],
      [`coin=NOPE&address=${ETH_ADDR}&amount=1`, -4018],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}&amount=100&addressTag=7`, -4008],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}&amount=100&walletType=1`, -4006],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}%00&amount=100`, -4033],
      [`coin=USDT&network=ETH&amount=100`, -1102],
      [`coin=USDT&network=ETH&address=${ETH_ADDR}&amount=100&bogus=1`, -1104],
    ];
    for (const [params, code] of cases) expect((await post('/capital/withdraw/apply', params)).body, params).toMatchObject({ code });
    expect(await balances()).toEqual(before);
    expect((await h.store.wallet.list({ user: alice.id }, 0, 10)).total).toBe(0);

    const ok = await post('/capital/withdraw/apply', `${apply}&withdrawOrderId=bot-7&name=My%20Ledger`);
    expect(ok).toMatchObject({ status: 200, body: { id: expect.stringMatching(/^\d+$/) } });
    // The same withdrawOrderId answers the same withdrawal; the address was saved under its name.
    expect((await post('/capital/withdraw/apply', `${apply}&withdrawOrderId=bot-7`)).body).toEqual(ok.body);
    expect(await h.store.wallet.book(alice.id)).toMatchObject([{ address: ETH_ADDR, label: 'My Ledger' }]);
    expect((await balances()).ok && (await balances())).toMatchObject({ value: [{ asset: 'USDT', available: '900', frozen: '100' }] });
    // Locked after a security change: -4016; not verified: -4015.
    const now = h.clock.now();
    await h.store.security.lockWithdrawals(alice.id, now + 86_400_000, now);
    expect((await post('/capital/withdraw/apply', apply)).body).toMatchObject({ code: -4016 });
    h.clock.advance(86_400_000);
    await h.store.db.updateTable('users').set({ real_name_status: 'none' }).where('id', '=', alice.id).execute();
    expect((await post('/capital/withdraw/apply', apply)).body).toMatchObject({ code: -4015 });
    await h.store.db.updateTable('users').set({ real_name_status: 'certified' }).where('id', '=', alice.id).execute();
  });

  it('withdraw/history: Binance fields and status numbers', async () => {
    const second = await post('/capital/withdraw/apply', `coin=USDT&network=ETH&address=${ETH_ADDR2}&amount=20.5`);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const list = (await get('/capital/withdraw/history')).body as Array<Record<string, unknown>>;
    expect(list).toHaveLength(2);
    expect(list[0]).toEqual({
      id: second.body.id, amount: '19.5', transactionFee: '1', coin: 'USDT', status: 2, address: ETH_ADDR2, txId: '', applyTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      network: 'ETH', transferType: 0, info: '', confirmNo: 0, walletType: 0, txKey: '',
    });
    expect(list[1]).toMatchObject({ amount: '99', transactionFee: '1', status: 2, withdrawOrderId: 'bot-7' });
    const deps = { store: h.store, clock: h.clock.now, notifier: { send: async () => ({ outboxId: 0, status: 'stored' as const }), close: () => undefined }, messages };
    await approveWithdrawal(deps, Number(second.body.id), 'op');
    expect(((await get('/capital/withdraw/history', 'status=4')).body as Array<{ id: string }>).map((w) => w.id)).toEqual([second.body.id]);
    expect(((await get('/capital/withdraw/history', 'withdrawOrderId=bot-7')).body as unknown[]).length).toBe(1);
    expect(((await get('/capital/withdraw/history', `idList=${second.body.id}`)).body as unknown[]).length).toBe(1);
    expect((await get('/capital/withdraw/history', 'idList=1,x')).body).toMatchObject({ code: -1100 });
    expect((await get('/capital/withdraw/history', 'withdrawOrderId=a%00b')).body).toMatchObject({ code: -1100 });
    expect((await get('/capital/withdraw/history', `startTime=${Number.MAX_SAFE_INTEGER}`)).body).toEqual([]);
    expect((await get('/capital/withdraw/history', 'startTime=99999999999999999999')).body).toMatchObject({ code: -1100 });
    expect(((await get('/capital/deposit/hisrec', 'txId=a%00b')).body as unknown[]).length).toBe(0);
    expect(((await get('/capital/withdraw/history', 'coin=ETH')).body as unknown[]).length).toBe(0);
  });
});
