// The Binance API in the real server (startServer: live market bridge and simulated index feed), over HTTP:
// a market order is bounded by the feed's index price, and the public book follows the desk through the bridge.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser } from '../../../server/accounts/identity.ts';
import { createApiKeys, loadMasterKey } from '../../../server/gateway/binance/keys.ts';
import { startServer, type ServerHandle } from '../../../server/server.ts';
import { describeDialects, newTarget, type Target } from '../dialects.ts';
// For its API_KEY_SECRET: the server and this test must share the master key, and no file is written.
import './harness.ts';

describeDialects('binance api in the running server', (dialect) => {
  let server: ServerHandle;
  let target: Target;
  let key: { apiKey: string; secret: string };

  beforeAll(async () => {
    target = await newTarget(dialect);
    server = await startServer({ port: 0, host: '127.0.0.1', dataDir: target.dataDir, databaseUrl: target.databaseUrl, logger: false, feeds: true, bots: false });
    const store = server.store;
    const user = await store.transaction((tx) => createUser(tx, { email: 'live@example.com', phone: null, passwordHash: 'x', referrerId: null, now: Date.now() }));
    const credited = await server.desks.spot.adjust({ user, asset: 'USDT', amount: '100000', action: 'credit', memo: 'test' });
    expect(credited.ok).toBe(true);
    key = await createApiKeys({ store, clock: Date.now, master: loadMasterKey() }).create(user, { trade: true });
  });
  afterAll(async () => {
    await server?.close();
    await target?.dispose();
  });

  const signed = async (method: string, path: string, params: string) => {
    const text = `${params}&timestamp=${Date.now()}`;
    const res = await fetch(`${server.url}/api/v3${path}?${text}&signature=${createHmac('sha256', key.secret).update(text).digest('hex')}`, {
      method,
      headers: { 'X-MBX-APIKEY': key.apiKey },
    });
    return { status: res.status, body: await res.json() };
  };

  it('rests a limit order near the index price and shows it in the public book', async () => {
    // The feed records its first index price shortly after start.
    let index = server.trading.indexPrice('BTCUSDT');
    for (let i = 0; i < 100 && index === null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      index = server.trading.indexPrice('BTCUSDT');
    }
    expect(index).not.toBeNull();
    const price = ((index! - 100_000) / 100).toFixed(2); // 1000 USDT under the index, on the 0.01 grid
    const placed = await signed('POST', '/order', `symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=${price}&quantity=0.01`);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.status).toBe('NEW');
    const depth = await (await fetch(`${server.url}/api/v3/depth?symbol=BTCUSDT&limit=5`)).json();
    expect(depth.bids[0]).toEqual([Number(price).toFixed(8), '0.01000000']);
    // With an empty ask side a market buy finds nothing within the band: it expires unfilled, funds released.
    const market = await signed('POST', '/order', 'symbol=BTCUSDT&side=BUY&type=MARKET&quoteOrderQty=100');
    expect(market.body).toMatchObject({ status: 'EXPIRED', executedQty: '0.00000000' });
    const account = await signed('GET', '/account', 'omitZeroBalances=true');
    expect(account.body.balances).toEqual([{ asset: 'USDT', free: (100000 - Number(price) * 0.01).toFixed(8), locked: (Number(price) * 0.01).toFixed(8) }]);
  });
});
