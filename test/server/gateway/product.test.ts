// The market lists and the public system settings.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '../../../server/contract/api.ts';
import { DEMO_BASES } from '../../../server/store/migrations/0002_markets.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness } from '../harness.ts';

describeDialects('products and settings', (dialect) => {
  let h: Harness;
  beforeAll(async () => {
    h = await openHarness(dialect);
  });
  afterAll(async () => h.dispose());

  it('lists products by name', async () => {
    const reply = await h.call('POST', API.productIndexList, { body: { pageIndex: 1, pageSize: 100 } });
    expect(reply.body.code).toBe('success');
    expect(reply.body.data.total).toBe(DEMO_BASES.length);
    expect(reply.body.data.list[0]).toEqual({ name: 'BTC/USDT', symbol: 'BTCUSDT', kind: 'spot' });
    expect(reply.body.data.list.map((p: { name: string }) => p.name)).toEqual(DEMO_BASES.map((b) => `${b}/USDT`));
  });

  it('lists coins open, not under maintenance, and without an invented price', async () => {
    const reply = await h.call('POST', API.coinList, { body: { pageIndex: 2, pageSize: 5 } });
    expect(reply.body.data).toEqual({
      list: DEMO_BASES.slice(5, 10).map((b) => ({ codeName: `${b}/USDT`, price: null, isOpen: 0, maintenance: false })),
      total: 12,
      pageIndex: 2,
      pageSize: 5,
    });
  });

  it('answers a page past the end with an empty list', async () => {
    const reply = await h.call('POST', API.coinList, { body: { pageIndex: 4, pageSize: 5 } });
    expect(reply.body.data).toEqual({ list: [], total: 12, pageIndex: 4, pageSize: 5 });
  });

  it('answers settings with null until the operator sets them', async () => {
    for (const key of ['online_service', 'custom_line', 'custom_whatsapp']) {
      const reply = await h.call('GET', API.systemConfig, { query: { key } });
      expect(reply.body).toEqual({ code: 'success', msg: 'Success', data: { key, value: null } });
    }
    await h.store.config.set('custom_whatsapp', '+6580001234', h.clock.now());
    const set = await h.call('GET', API.systemConfig, { query: { key: 'custom_whatsapp' } });
    expect(set.body.data).toEqual({ key: 'custom_whatsapp', value: '+6580001234' });
  });
});
