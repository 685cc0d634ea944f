// The spot API on the server as main.ts runs it (startServer's own Trading: desks, market data bridged from the
// bus, the simulated index feed): a trade shows on the coin list, and a market order uses the live index price.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API } from '../../../../server/contract/api.ts';
import { startServer, type ServerHandle } from '../../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../../dialects.ts';
import { PASSWORD } from './harness.ts';

describeDialects('spot API on a started server', (dialect) => {
  let target: Target;
  let server: ServerHandle;
  beforeAll(async () => {
    target = await newTarget(dialect);
    server = await startServer({
      port: 0, host: '127.0.0.1', logger: false, feeds: true, bots: false, staticDir: '/nonexistent-openex-dist',
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.databaseUrl ? { databaseUrl: target.databaseUrl } : {}),
    });
  });
  afterAll(async () => {
    await server?.close();
    await target?.dispose();
  });

  const call = async (method: 'GET' | 'POST', url: string, body?: unknown, ticket?: string) => {
    const r = await server.app.inject({
      method, url,
      headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(ticket ? { ticket } : {}) },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    return r.json();
  };
  const signUp = async (email: string) => {
    await call('POST', API.sendCode, { channel: 'email', account: email, purpose: 'register' });
    const code = (await server.store.outbox.list(100)).find((m) => m.recipient === email)?.body.match(/\b(\d{6})\b/)?.[1];
    const { data } = await call('POST', API.register, { channel: 'email', account: email, code, password: PASSWORD, agree: true });
    const login = await call('POST', API.login, { account: email, password: PASSWORD });
    return { id: data.userId as number, ticket: login.data.token as string };
  };

  it('trades through the app API and prices the coin list from the live market data', async () => {
    const seller = await signUp('live-seller@example.com');
    const buyer = await signUp('live-buyer@example.com');
    await server.desks.spot.adjust({ user: seller.id, asset: 'SOL', amount: '10', action: 'credit', memo: 'test' });
    await server.desks.spot.adjust({ user: buyer.id, asset: 'USDT', amount: '10000', action: 'credit', memo: 'test' });
    const order = { symbol: 'SOLUSDT', type: 'limit', price: '123.45', amount: '2' };
    expect((await call('POST', API.spotPlaceOrder, { ...order, side: 'sell' }, seller.ticket)).code).toBe('success');
    const buy = await call('POST', API.spotPlaceOrder, { ...order, side: 'buy' }, buyer.ticket);
    expect(buy.data.order).toMatchObject({ status: 'completed', tradedQuantity: '2' });
    let price: string | null = null;
    for (let i = 0; i < 50 && price === null; i++) {
      const list = await call('POST', API.coinList, { pageIndex: 1, pageSize: 100 });
      price = list.data.list.find((c: { codeName: string }) => c.codeName === 'SOL/USDT').price;
      if (price === null) await new Promise((r) => setTimeout(r, 20));
    }
    expect(price).toBe('123.45');
    const balances = await call('GET', API.assetBalances, undefined, buyer.ticket);
    expect(balances.data.accounts[0].balances.find((b: { asset: string }) => b.asset === 'SOL')).toMatchObject({ available: '1.998', valueUsdt: '246.6531' });
  });

  it('bounds a market order by the live index price', async () => {
    let index = server.trading.indexPrice('ETHUSDT');
    for (let i = 0; i < 100 && index === null; i++) {
      await new Promise((r) => setTimeout(r, 20));
      index = server.trading.indexPrice('ETHUSDT');
    }
    expect(index).not.toBeNull();
    const price = (Number(index) / 100).toFixed(2); // ETHUSDT's tick is 0.01
    const seller = await signUp('index-seller@example.com');
    const buyer = await signUp('index-buyer@example.com');
    await server.desks.spot.adjust({ user: seller.id, asset: 'ETH', amount: '1', action: 'credit', memo: 'test' });
    await server.desks.spot.adjust({ user: buyer.id, asset: 'USDT', amount: '100', action: 'credit', memo: 'test' });
    expect((await call('POST', API.spotPlaceOrder, { symbol: 'ETHUSDT', side: 'sell', type: 'limit', price, amount: '1' }, seller.ticket)).code).toBe('success');
    const buy = await call('POST', API.spotPlaceOrder, { symbol: 'ETHUSDT', side: 'buy', type: 'market', total: '50' }, buyer.ticket);
    expect(buy.code).toBe('success');
    expect(buy.data.order).toMatchObject({ type: 'market', total: '50', status: 'completed' });
    expect(buy.data.fills[0].price).toBe(String(Number(price)));
  });
});
