// Rate limits: new orders per key per 10 s answer -1015 (429) past the limit and place nothing; request weight
// per address is counted in Binance's header; windows restart on their boundary.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ORDERS_PER_10S, Windows } from '../../../server/gateway/binance/limits.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness, type Key } from './harness.ts';

describeDialects('binance rate limits', (dialect) => {
  let h: BinanceHarness;
  let user: number;
  let key: Key;
  beforeAll(async () => {
    h = await openBinance(dialect);
    user = await h.user('busy@example.com');
    await h.credit(user, 'USDT', '100000');
    key = await h.key(user, { trade: true });
  });
  afterAll(() => h?.dispose());

  it('refuses the order past the limit, and takes orders again in the next window', async () => {
    // Start at a window boundary so all the orders below fall in one window.
    h.clock.advance(10_000 - (h.clock.now() % 10_000));
    const order = 'symbol=BTCUSDT&side=BUY&type=LIMIT&timeInForce=GTC&price=1000&quantity=0.01';
    for (let i = 1; i <= ORDERS_PER_10S; i++) {
      const r = await h.signed('POST', '/order', key, order);
      expect(r.status).toBe(200);
      expect(r.raw.headers['x-mbx-order-count-10s']).toBe(String(i));
    }
    const before = await h.state(user);
    const over = await h.signed('POST', '/order', key, order);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ code: -1015, msg: expect.stringContaining('Too many new orders') });
    expect(await h.state(user)).toEqual(before);
    // Reads are not orders.
    expect((await h.signed('GET', '/openOrders', key, 'symbol=BTCUSDT')).body).toHaveLength(ORDERS_PER_10S);
    h.clock.advance(10_000);
    expect((await h.signed('POST', '/order', key, order)).status).toBe(200);
    expect(Number((await h.get('/ping')).raw.headers['x-mbx-used-weight-1m'])).toBeGreaterThan(ORDERS_PER_10S);
  });
});

it('fixed windows count per key and start over at the boundary', () => {
  const w = new Windows(1000);
  expect(w.add('a', 1, 5000)).toBe(1);
  expect(w.add('a', 2, 5999)).toBe(3);
  expect(w.add('b', 1, 5999)).toBe(1);
  expect(w.add('a', 1, 6000)).toBe(1);
});
