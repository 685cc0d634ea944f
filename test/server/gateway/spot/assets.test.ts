// Balances per account with USDT totals, transfers between accounts (idempotent by client id) and their records,
// and asset records filtered by type, asset, account and time.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { API } from '../../../../server/contract/api.ts';
import type { Price } from '../../../../server/kernel/index.ts';
import { describeDialects } from '../../dialects.ts';
import { openSpotHarness, type SpotHarness } from './harness.ts';

describeDialects('assets API', (dialect) => {
  // One app per dialect; each test has a user of its own, so balances and records start from the same credits.
  let h: SpotHarness;
  let me: { ticket: string; id: number };
  let n = 0;
  beforeAll(async () => {
    h = await openSpotHarness(dialect);
  });
  afterAll(async () => h.dispose());
  beforeEach(async () => {
    me = await h.signUp(`holder${++n}@example.com`);
    await h.credit(me.id, 'USDT', '1000');
    await h.credit(me.id, 'BTC', '0.5');
    await h.credit(me.id, 'ETH', '2', 'contract');
  });

  const post = (url: string, body: unknown, lang?: string) => h.call('POST', url, { ticket: me.ticket, body, ...(lang ? { lang } : {}) });
  const balances = async () => (await h.call('GET', API.assetBalances, { ticket: me.ticket })).body.data;

  it('totals every account in USDT, leaving unpriced assets out and naming them', async () => {
    let data = await balances();
    expect(data.accounts.map((a: { account: string }) => a.account)).toEqual(['coin', 'contract', 'earn', 'seconds', 'fiat']);
    expect(data).toMatchObject({ totalUsdt: '1000', unpriced: ['BTC', 'ETH'] });
    h.index.set('BTCUSDT', 6_000_000 as Price);
    h.index.set('ETHUSDT', 300_000 as Price);
    data = await balances();
    expect(data.accounts[0]).toEqual({
      account: 'coin',
      totalUsdt: '31000',
      balances: [
        { asset: 'BTC', available: '0.5', frozen: '0', total: '0.5', valueUsdt: '30000' },
        { asset: 'USDT', available: '1000', frozen: '0', total: '1000', valueUsdt: '1000' },
      ],
    });
    expect(data.accounts[1]).toMatchObject({ account: 'contract', totalUsdt: '6000' });
    expect(data).toMatchObject({ totalUsdt: '37000', unpriced: [] });
    h.index.clear();
  });

  it('transfers once per client id and records it', async () => {
    const body = { asset: 'USDT', amount: '250.5', from: 'coin', to: 'earn', clientId: 'tr-1' };
    const first = await post(API.assetTransfer, body);
    expect(first.body.data).toMatchObject({ asset: 'USDT', amount: '250.5', from: 'coin', to: 'earn', status: 'credited', clientId: 'tr-1' });
    const again = await post(API.assetTransfer, body);
    expect(again.body.data.transferId).toBe(first.body.data.transferId);
    const data = await balances();
    expect(data.accounts[0].balances[1]).toMatchObject({ asset: 'USDT', available: '749.5' });
    expect(data.accounts[2].balances).toEqual([{ asset: 'USDT', available: '250.5', frozen: '0', total: '250.5', valueUsdt: '250.5' }]);
    const records = await post(API.assetTransferRecords, { pageIndex: 1, pageSize: 10 });
    expect(records.body.data).toMatchObject({ total: 1, pageIndex: 1, pageSize: 10 });
    expect(records.body.data.list[0].transferId).toBe(first.body.data.transferId);
  });

  it.each([
    [{ from: 'coin', to: 'coin' }, 'transfer.same.account'],
    [{ amount: '5000' }, 'funds.insufficient'],
    [{ amount: '0' }, 'number.not.positive'],
    [{ amount: '-3' }, 'number.not.positive'],
    [{ amount: '1.000000001' }, 'number.too.precise'],
    [{ to: 'savings' }, 'request.invalid'],
    [{ clientId: 'has space' }, 'request.invalid'],
    [{ clientId: undefined }, 'validate.required'],
  ])('refuses a transfer with %j as %s and moves nothing', async (over, code) => {
    const before = await balances();
    const r = await post(API.assetTransfer, { asset: 'USDT', amount: '10', from: 'coin', to: 'contract', clientId: 'x-1', ...over });
    expect(r.body.code).toBe(code);
    expect(await balances()).toEqual(before);
    expect((await post(API.assetTransferRecords, {})).body.data.total).toBe(0);
  });

  it('filters asset records by type, asset, account and time, paged', async () => {
    h.clock.advance(60_000);
    const mid = h.clock.now();
    await post(API.assetTransfer, { asset: 'USDT', amount: '1', from: 'coin', to: 'contract', clientId: 'a' });
    await post(API.assetTransfer, { asset: 'BTC', amount: '0.1', from: 'coin', to: 'contract', clientId: 'b' });
    await post(API.spotPlaceOrder, { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '100', amount: '0.1' });
    const all = await post(API.assetRecords, {});
    expect(all.body.data.total).toBe(3 + 4 + 1);
    const types = (body: object) => post(API.assetRecords, body).then((r) => r.body.data.list.map((x: { type: string; asset: string; account: string }) => `${x.type}:${x.asset}:${x.account}`));
    expect(await types({ type: 'transfer_in' })).toEqual(['transfer_in:BTC:contract', 'transfer_in:USDT:contract']);
    expect(await types({ type: ['transfer_out', 'buy_coin'], asset: 'USDT' })).toEqual(['buy_coin:USDT:coin', 'transfer_out:USDT:coin']);
    expect(await types({ account: 'contract', startTime: mid })).toEqual(['transfer_in:BTC:contract', 'transfer_in:USDT:contract']);
    expect(await types({ endTime: mid })).toEqual(['admin_credit:ETH:contract', 'admin_credit:BTC:coin', 'admin_credit:USDT:coin']);
    const page2 = await post(API.assetRecords, { pageIndex: 2, pageSize: 10 });
    expect(page2.body.data).toMatchObject({ total: 8, pageIndex: 2, list: [] });
    const record = all.body.data.list[0];
    expect(record).toMatchObject({ type: 'buy_coin', asset: 'USDT', amount: '-10', frozen: '10' });
    expect((await post(API.assetRecords, { type: 'nonsense' })).body.code).toBe('request.invalid');
    expect((await post(API.assetRecords, { startTime: 5, endTime: 4 })).body.code).toBe('request.invalid');
  });
});
