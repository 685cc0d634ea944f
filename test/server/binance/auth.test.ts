// Signed-request security: API key, signature, timestamp window, replays, permissions and address lists. Every
// refusal answers Binance's code and status and leaves the caller's balances and orders as they were.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiKeys, loadMasterKey } from '../../../server/gateway/binance/keys.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, sign, type BinanceHarness, type Key } from './harness.ts';

const ORDER = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=49000&quantity=0.01';

describeDialects('binance signed requests', (dialect) => {
  let h: BinanceHarness;
  let user: number;
  let trade: Key;
  let read: Key;
  let pinned: Key;

  beforeAll(async () => {
    h = await openBinance(dialect);
    user = await h.user('keys@example.com');
    await h.credit(user, 'USDT', '10000');
    trade = await h.key(user, { trade: true });
    read = await h.key(user, { trade: false });
    pinned = await h.key(user, { trade: true, ips: ['10.0.0.7'] });
  });
  afterAll(() => h?.dispose());

  const refused = async (r: Promise<{ status: number; body: unknown }>, status: number, code: number) => {
    const before = await h.state(user);
    const res = await r;
    expect(res.body).toEqual({ code, msg: expect.any(String) });
    expect(res.status).toBe(status);
    expect(await h.state(user)).toEqual(before);
  };

  it('a signed order in the query string or in a form body', async () => {
    expect((await h.signed('POST', '/order', trade, ORDER)).status).toBe(200);
    const body = await h.signed('POST', '/order', trade, `${ORDER}&newClientOrderId=in-body`, { body: true });
    expect(body.body).toMatchObject({ clientOrderId: 'in-body', status: 'NEW' });
    // Parameters split across query and body: the signature covers the query followed by the body.
    const now = h.clock.now() - 1;
    const query = 'symbol=BTCUSDT&side=BUY';
    const form = `type=LIMIT&timeInForce=GTC&price=49000&quantity=0.01&timestamp=${now}`;
    const split = await h.app.inject({
      method: 'POST',
      url: `/api/v3/order?${query}`,
      headers: { 'x-mbx-apikey': trade.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${form}&signature=${sign(trade.secret, query + form)}`,
    });
    expect(split.statusCode, split.body).toBe(200);
  });

  it('missing, malformed and unknown keys', async () => {
    await refused(h.app.inject({ method: 'GET', url: `/api/v3/account?timestamp=${h.clock.now()}&signature=${'0'.repeat(64)}` }).then((r) => ({ status: r.statusCode, body: r.json() })), 401, -1002);
    await refused(h.signed('POST', '/order', { apiKey: 'short', secret: trade.secret }, ORDER), 401, -2014);
    await refused(h.signed('POST', '/order', { apiKey: 'A'.repeat(64), secret: trade.secret }, ORDER), 401, -2015);
  });

  it('wrong signature, wrong secret, tampered parameters', async () => {
    await refused(h.signed('POST', '/order', trade, ORDER, { signature: 'f'.repeat(64) }), 400, -1022);
    await refused(h.signed('POST', '/order', trade, ORDER, { signature: 'not-hex' }), 400, -1022);
    await refused(h.signed('POST', '/order', { apiKey: trade.apiKey, secret: read.secret }, ORDER), 400, -1022);
    const stamp = `${ORDER}&timestamp=${h.clock.now()}`;
    const url = `/api/v3/order?${stamp.replace('quantity=0.01', 'quantity=0.02')}&signature=${sign(trade.secret, stamp)}`;
    await refused(h.app.inject({ method: 'POST', url, headers: { 'x-mbx-apikey': trade.apiKey } }).then((r) => ({ status: r.statusCode, body: r.json() })), 400, -1022);
    await refused(h.signed('POST', '/order', trade, `${ORDER}&timestamp=abc`), 400, -1100);
    const noStamp = `/api/v3/order?${ORDER}&signature=${sign(trade.secret, ORDER)}`;
    await refused(h.app.inject({ method: 'POST', url: noStamp, headers: { 'x-mbx-apikey': trade.apiKey } }).then((r) => ({ status: r.statusCode, body: r.json() })), 400, -1102);
  });

  it('timestamps outside the window, and replays inside it', async () => {
    const now = h.clock.now();
    await refused(h.signed('POST', '/order', trade, `${ORDER}&timestamp=${now - 5001}`), 400, -1021);
    await refused(h.signed('POST', '/order', trade, `${ORDER}&timestamp=${now - 20_000}&recvWindow=10000`), 400, -1021);
    await refused(h.signed('POST', '/order', trade, `${ORDER}&timestamp=${now + 1001}`), 400, -1021);
    await refused(h.signed('POST', '/order', trade, `${ORDER}&timestamp=${now}&recvWindow=60001`), 400, -1131);
    expect((await h.signed('POST', '/order', trade, `${ORDER}&timestamp=${now - 20_000}&recvWindow=30000`)).status).toBe(200);
    const once = `${ORDER}&timestamp=${now - 7}`;
    expect((await h.signed('POST', '/order', trade, once)).status).toBe(200);
    await refused(h.signed('POST', '/order', trade, once), 400, -1022);
    // Once the window has passed, the stale timestamp is what refuses it.
    h.clock.advance(6000);
    await refused(h.signed('POST', '/order', trade, once), 400, -1021);
  });

  it('read-only keys read but may not trade; address lists; revoked keys', async () => {
    expect((await h.signed('GET', '/account', read, '')).body).toMatchObject({ canTrade: false, accountType: 'SPOT' });
    expect((await h.signed('GET', '/openOrders', read, '')).status).toBe(200);
    await refused(h.signed('POST', '/order', read, ORDER), 401, -2015);
    await refused(h.signed('DELETE', '/openOrders', read, 'symbol=BTCUSDT'), 401, -2015);
    await refused(h.signed('POST', '/order', pinned, ORDER, { address: '10.0.0.8' }), 401, -2015);
    await refused(h.signed('GET', '/account', pinned, '', { address: '10.0.0.8' }), 401, -2015);
    expect((await h.signed('POST', '/order', pinned, ORDER, { address: '10.0.0.7' })).status).toBe(200);
    const temp = await h.key(user, { trade: true });
    expect((await h.signed('GET', '/account', temp, '')).status).toBe(200);
    const keys = createApiKeys({ store: h.store, clock: h.clock.now, master: loadMasterKey() });
    expect(await keys.revoke(user, temp.apiKey)).toBe(true);
    expect(await keys.revoke(user, temp.apiKey)).toBe(false);
    await refused(h.signed('GET', '/account', temp, ''), 401, -2015);
    expect((await keys.list(user)).map((k) => k.apiKey)).toContain(temp.apiKey);
    expect(JSON.stringify(await keys.list(user))).not.toContain(temp.secret);
  });

  it('a frozen user is refused, and the secret is stored encrypted', async () => {
    await h.store.users.setFrozen(user, true, h.clock.now());
    await refused(h.signed('GET', '/account', trade, ''), 401, -2015);
    await h.store.users.setFrozen(user, false, h.clock.now());
    const row = await h.store.apiKeys.findActive(trade.apiKey);
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(trade.secret);
  });
});
