// ccxt.pro's `binance` class with its DEFAULT options, as a spot bot written for Binance constructs it, against a
// listening app wired as server.ts wires it: only the URLs change (every REST host is this server's, the spot stream
// base ws://HOST/stream/ws, the WebSocket API ws://HOST/ws-api/v3). With default options ccxt.pro 4.5.84 takes spot's
// private data from the WebSocket API, not from a listen key: watchOrders, watchBalance and watchMyTrades send
// userDataStream.subscribe.signature (HMAC over the sorted params) and read executionReport, outboundAccountPosition
// and balanceUpdate wrapped in {subscriptionId, event}; createOrderWs, cancelOrderWs, fetchOrderWs, fetchOpenOrdersWs
// and fetchBalanceWs call order.place, order.cancel, order.status, openOrders.status and account.status there. The
// test follows one order placed, partly filled, filled, and another cancelled, and a transfer into the coin wallet,
// and compares what the watchers end with to what ccxt's REST calls read.
import ccxt from 'ccxt';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spotUserStreamRoutes, type SpotStreams } from '../../../server/gateway/binance/sstream-user.ts';
import { wsApiOf, type WsApi } from '../../../server/gateway/binance/ws-api.ts';
import { describeDialects } from '../dialects.ts';
import { openBinance, type BinanceHarness } from './harness.ts';

const BTC = 'BTC/USDT';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeDialects('ccxt.pro binance (spot) private streams with default options', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.pro.binance>;
  let api: WsApi;
  let hub: SpotStreams;
  let bot: number;
  let lp: number;

  const lpSells = async (qty: string) => {
    const r = await h.desks.spot.place({ type: 'market', user: lp, symbol: 'BTCUSDT', side: 'sell', by: 'base', qty, reference: '50000' });
    expect(r.ok, JSON.stringify(r)).toBe(true);
  };

  beforeAll(async () => {
    h = await openBinance(dialect, { systemTime: true });
    hub = spotUserStreamRoutes(h.app, { trading: h.trading, store: h.store, clock: h.clock.now });
    api = wsApiOf(h.app)!;
    bot = await h.user('spot-pro-private-bot@example.com');
    lp = await h.user('spot-pro-private-lp@example.com');
    await h.credit(bot, 'USDT', '100000');
    await h.credit(lp, 'BTC', '100');
    const key = await h.key(bot, { trade: true });
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const host = `127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    ex = new ccxt.pro.binance({ apiKey: key.apiKey, secret: key.secret });
    const urls = ex.urls['api'] as Record<string, unknown>;
    for (const [name, url] of Object.entries(urls)) if (typeof url === 'string') urls[name] = url.replace(/^https:\/\/[^/]+/, `http://${host}`);
    const ws = urls['ws'] as Record<string, unknown>;
    ws['spot'] = `ws://${host}/stream/ws`;
    ws['ws-api'] = { ...(ws['ws-api'] as Record<string, string>), spot: `ws://${host}/ws-api/v3` };
    await ex.loadHttpProxyAgent();
    await ex.loadMarkets();
  });
  afterAll(async () => {
    await ex?.close();
    await h?.dispose();
  });

  it('watchOrders, watchMyTrades and watchBalance follow an order placed, partly filled, filled and another cancelled, and a transfer in', async () => {
    // Every balance message ccxt's own handler takes is noted (then handled as it would be).
    const balanceEvents: Array<Record<string, unknown>> = [];
    const handlers = ex as unknown as { handleBalance: (client: unknown, message: Record<string, unknown>) => unknown };
    const handleBalance = handlers.handleBalance.bind(ex);
    handlers.handleBalance = (client, message) => {
      balanceEvents.push(message['e'] === 'balanceUpdate' ? { e: message['e'], a: message['a'], d: message['d'] } : { e: message['e'] });
      return handleBalance(client, message);
    };
    // A bot's first calls: the watchers subscribe (once, through the WebSocket API) and wait for updates. Each watch
    // below is started before the command whose events it waits for (it resolves on the next one).
    let orders = ex.watchOrders(BTC);
    let trades = ex.watchMyTrades(BTC);
    let balance = ex.watchBalance();
    for (let i = 0; i < 100 && api.subscriptions === 0; i++) await sleep(20);
    expect(api.subscriptions).toBe(1);

    const placed = await ex.createOrderWs(BTC, 'limit', 'buy', 0.01, 49_900);
    const placedId = String(placed.id);
    expect(placed).toMatchObject({ symbol: BTC, type: 'limit', side: 'buy', amount: 0.01, price: 49_900, status: 'open', filled: 0 });
    let seen = (await orders).find((o) => o.id === placed.id);
    expect(seen).toMatchObject({ status: 'open', filled: 0, amount: 0.01, price: 49_900, clientOrderId: placed.clientOrderId, timestamp: placed.timestamp });
    let cash = await balance;
    expect(cash['USDT']).toMatchObject({ free: 100_000 - 499, used: 499, total: 100_000 });

    // Partly filled by another account's market sell.
    orders = ex.watchOrders(BTC);
    balance = ex.watchBalance();
    await lpSells('0.004');
    seen = (await orders).find((o) => o.id === placed.id);
    expect(seen).toMatchObject({ status: 'open', filled: 0.004, cost: 199.6 });
    const [first] = await trades;
    expect(first).toMatchObject({ symbol: BTC, order: placed.id, side: 'buy', price: 49_900, amount: 0.004, cost: 199.6, takerOrMaker: 'maker' });
    cash = await balance;
    expect(cash['USDT']).toMatchObject({ free: 100_000 - 499, used: 499 - 199.6 });
    expect(cash['BTC']!.free).toBeCloseTo(0.004 - first!.fee!.cost!, 8);

    // Filled.
    orders = ex.watchOrders(BTC);
    trades = ex.watchMyTrades(BTC);
    await lpSells('0.006');
    seen = (await orders).find((o) => o.id === placed.id);
    expect(seen).toMatchObject({ status: 'closed', filled: 0.01, cost: 499, remaining: 0 });
    const [second] = await trades;
    expect(second).toMatchObject({ order: placed.id, amount: 0.006, price: 49_900, takerOrMaker: 'maker' });
    const rest = await ex.fetchMyTrades(BTC);
    expect(rest.map((t) => t.id)).toEqual([first!.id, second!.id]);
    for (const [t, r] of [[first!, rest[0]!], [second!, rest[1]!]] as const) {
      expect(t).toMatchObject({ id: r.id, order: r.order, price: r.price, amount: r.amount, cost: r.cost, takerOrMaker: r.takerOrMaker, fee: r.fee, timestamp: r.timestamp });
    }
    expect(seen).toMatchObject({ status: (await ex.fetchOrder(placedId, BTC)).status });

    // Another order, cancelled through the WebSocket API.
    orders = ex.watchOrders(BTC);
    const resting = await ex.createOrderWs(BTC, 'limit', 'buy', 0.02, 48_000);
    const restingId = String(resting.id);
    expect((await orders).find((o) => o.id === resting.id)).toMatchObject({ status: 'open', amount: 0.02 });
    expect(await ex.fetchOrderWs(restingId, BTC)).toMatchObject({ id: resting.id, status: 'open', amount: 0.02, price: 48_000 });
    expect((await ex.fetchOpenOrdersWs(BTC)).map((o) => o.id)).toEqual([resting.id]);
    orders = ex.watchOrders(BTC);
    const canceled = await ex.cancelOrderWs(restingId, BTC);
    expect(canceled).toMatchObject({ id: resting.id, status: 'canceled' });
    seen = (await orders).find((o) => o.id === resting.id);
    const restOrder = await ex.fetchOrder(restingId, BTC);
    expect(seen).toMatchObject({ status: 'canceled', filled: restOrder.filled, amount: restOrder.amount, price: restOrder.price, clientOrderId: restOrder.clientOrderId });
    expect(restOrder.status).toBe('canceled');

    // A transfer into the coin wallet: balanceUpdate (ccxt adds its delta to the free amount it holds), then the position.
    const funded = await h.desks.contract.adjust({ user: bot, asset: 'USDT', amount: '250', action: 'credit', memo: 'ccxt.pro test' });
    expect(funded.ok).toBe(true);
    balance = ex.watchBalance();
    const moved = await h.desks.transfers.transfer({ user: bot, asset: 'USDT', amount: '250', from: 'contract', to: 'coin' });
    expect(moved.ok).toBe(true);
    cash = await balance;
    // ccxt resolved the watcher on the balanceUpdate (its balance object then took the position that followed too).
    expect(balanceEvents.slice(-2)).toEqual([{ e: 'balanceUpdate', a: 'USDT', d: '250.00000000' }, { e: 'outboundAccountPosition' }]);
    const viaRest = await ex.fetchBalance();
    expect(viaRest['USDT']).toMatchObject({ free: 100_000 - 499 + 250, used: 0 });
    expect(cash['USDT']!.free).toBe(viaRest['USDT']!.free);
    expect(cash['BTC']).toMatchObject({ free: viaRest['BTC']!.free, used: viaRest['BTC']!.used });
    // fetchBalanceWs asks account.status, which answers what GET /api/v3/account does (ccxt 4.5.84 then parses the
    // spot answer as a futures one, without a type, and shows no currencies: its own doing, the same on Binance).
    const wsBalance = await ex.fetchBalanceWs();
    expect(wsBalance.info).toEqual(viaRest.info);

    // What ccxt.pro used by default: one subscription for all three watchers, the order methods, and no listen key.
    expect(api.subscriptions).toBe(1);
    expect(Object.fromEntries(api.calls)).toEqual({
      'userDataStream.subscribe.signature': 1, 'order.place': 2, 'order.status': 1, 'openOrders.status': 1, 'order.cancel': 1, 'account.status': 1,
    });
    expect(hub.keys.size).toBe(0);
  }, 60_000);
});
