// The app with the trading side built by hand (store, in-process bus, desks, market data fed from the desks'
// events, fixed index prices), a user maker, an API-key maker and a signer. Built by hand rather than through
// startServer so tests control the clock and the index prices; server.test.ts runs the real server once.
import { createHmac } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { argon2Hasher } from '../../../server/accounts/passwords.ts';
import { createUser } from '../../../server/accounts/identity.ts';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { systemClock, type Clock } from '../../../server/clock.ts';
import { createDesks, type DeskEvent, type LocalDesks } from '../../../server/desks/index.ts';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { buildApp } from '../../../server/gateway/app.ts';
import { createApiKeys, loadMasterKey, type ApiKeyOptions } from '../../../server/gateway/binance/keys.ts';
import type { Trading } from '../../../server/gateway/trading.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import { parsePrice, parseQty, type Price } from '../../../server/kernel/index.ts';
import { createCandleStore, MarketData } from '../../../server/market/index.ts';
import { perpBooks } from '../../../server/market/bridge.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import type { Store } from '../../../server/store/index.ts';
import { openStore, testClock, type DialectName, type TestStore } from '../dialects.ts';

// Before buildApp: the Binance routes read their master key from here (no DATA_DIR file written by tests).
process.env['API_KEY_SECRET'] ??= 'test-master-key-for-binance-api-keys-0123456789';

/** Index prices in ticks (0.01 USDT): BTC 50 000, ETH 3 000; the other markets have none. */
export const INDEX: Readonly<Record<string, number>> = { BTCUSDT: 5_000_000, ETHUSDT: 300_000 };

export interface Key {
  apiKey: string;
  secret: string;
}

export interface BinanceHarness {
  app: FastifyInstance;
  store: Store;
  desks: LocalDesks;
  trading: Trading;
  clock: { now: Clock; advance(ms: number): void };
  t: TestStore;
  user(email: string): Promise<number>;
  key(user: number, options: ApiKeyOptions): Promise<Key>;
  credit(user: number, asset: string, amount: string): Promise<void>;
  /** A public call; `query` as sent. */
  get(path: string, query?: string): Promise<Res>;
  /** A signed call: timestamp added unless present, signature over query + body. */
  signed(method: 'GET' | 'POST' | 'DELETE', path: string, key: Key, params: string, o?: SignOptions): Promise<Res>;
  /** Balances and open orders of a user, to show that a refused request changed nothing. */
  state(user: number): Promise<unknown>;
  dispose(): Promise<void>;
}

export interface SignOptions {
  /** Put the parameters in a form body instead of the query string. */
  body?: boolean;
  /** Replace the computed signature. */
  signature?: string;
  address?: string;
  headers?: Record<string, string>;
  /** Another Binance prefix than /api/v3 (e.g. /sapi/v1). */
  prefix?: string;
}

export interface Res {
  status: number;
  // `any`: each test reads the payload of the endpoint it called.
  body: any;
  raw: LightMyRequestResponse;
}

/** Points every API URL of a ccxt exchange at this server (`address`): the only change from a Binance bot. */
export function pointAt(ex: { urls: Record<string, unknown> }, address: string): void {
  const api = ex.urls['api'] as Record<string, string>;
  for (const name of Object.keys(api)) api[name] = api[name]!.replace(/^https:\/\/[^/]+/, address);
}

export const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export async function openBinance(dialect: DialectName, options: { systemTime?: boolean } = {}): Promise<BinanceHarness> {
  const test = testClock();
  const clock = options.systemTime ? { now: systemClock, advance: () => undefined } : test;
  const t = await openStore(dialect, clock.now);
  const store = t.store;
  const bus = createInProcessBus<DeskEvent>({ onError: (e) => { throw e; } });
  const desks = await createDesks({ store, bus, clock: clock.now });
  const markets = (await store.markets.configs('spot')).map(kernelMarket);
  const market = await MarketData.open({ markets, candles: createCandleStore(store.db) });
  const bySymbol = new Map(markets.map((m) => [m.symbol, m]));
  // The market bridge: book levels and trades from the desk's events, in the kernel's units.
  bus.subscribe('spot.*.book', (e) => {
    if (e.type !== 'book') return;
    const m = bySymbol.get(e.symbol)!;
    const change = (side: 'buy' | 'sell') => ([p, q]: [string, string]) => {
      const price = parsePrice(m, p);
      const qty = parseQty(m, q);
      if (!price.ok || !qty.ok) throw new Error(`bad level ${p} ${q}`);
      return { symbol: e.symbol, side, price: price.value, qty: qty.value };
    };
    market.onLevels([...e.bids.map(change('buy')), ...e.asks.map(change('sell'))]);
  });
  bus.subscribe('spot.*.trade', (e) => {
    if (e.type !== 'trade') return;
    const m = bySymbol.get(e.symbol)!;
    const price = parsePrice(m, e.price);
    const qty = parseQty(m, e.qty);
    if (!price.ok || !qty.ok) throw new Error('bad trade');
    const quote = BigInt(price.value) * BigInt(qty.value) * m.quotePerTickLot;
    market.onTrade({ symbol: e.symbol, id: e.tradeId, price: price.value, qty: qty.value, quote: quote as never, base: (BigInt(qty.value) * m.lotSize) as never, time: e.time, takerSide: e.takerSide });
  });
  // The perpetuals' books, fed from the perp desk's book events as a gateway's are (update ids the desk's).
  const perp = perpBooks({ bus, desk: desks.perp, onError: (e, symbol) => console.error(`perp market bridge ${symbol}`, e) });
  await perp.bridge.ready;
  const trading: Trading = { desks, bus, market, perpMarket: perp.market, indexPrice: (s) => (INDEX[s] === undefined ? null : (INDEX[s] as Price)), perpFunding: () => undefined };
  const app = await buildApp({
    store,
    notifier: createNotifier({ outbox: store.outbox, clock: clock.now }),
    messages: createMessages(),
    hasher: argon2Hasher(),
    clock: clock.now,
    sessionTtlMs: 3_600_000,
    staticDir: '/nonexistent-openex-dist',
    trading,
  });
  const keys = createApiKeys({ store, clock: clock.now, master: loadMasterKey() });

  const inject = async (method: 'GET' | 'POST' | 'DELETE', url: string, o: { body?: string; headers?: Record<string, string>; address?: string } = {}) => {
    const raw = await app.inject({
      method,
      url,
      headers: { ...(o.body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...o.headers },
      ...(o.body !== undefined ? { payload: o.body } : {}),
      ...(o.address ? { remoteAddress: o.address } : {}),
    });
    return { status: raw.statusCode, body: raw.body === '' ? null : raw.json(), raw };
  };

  // Each signed call gets its own timestamp inside the window: with a clock that stands still, two equal calls
  // would otherwise be the same signed text, which the server rightly refuses as a replay.
  let nth = 0;
  const stamp = () => clock.now() - (nth++ % 4000);

  return {
    app, store, desks, trading, clock, t,
    user: (email) => store.transaction((tx) => createUser(tx, { email, phone: null, passwordHash: 'x', referrerId: null, now: clock.now() })),
    key: (user, o) => keys.create(user, o),
    async credit(user, asset, amount) {
      const r = await desks.spot.adjust({ user, asset, amount, action: 'credit', memo: 'test deposit' });
      if (!r.ok) throw new Error(r.code);
    },
    get: (path, query) => inject('GET', `/api/v3${path}${query ? `?${query}` : ''}`),
    signed(method, path, key, params, o = {}) {
      const withTime = /(^|&)timestamp=/.test(params) ? params : `${params}${params ? '&' : ''}timestamp=${stamp()}`;
      const signed = `${withTime}&signature=${o.signature ?? sign(key.secret, withTime)}`;
      const headers = { 'x-mbx-apikey': key.apiKey, ...o.headers };
      const prefix = o.prefix ?? '/api/v3';
      if (o.body) return inject(method, `${prefix}${path}`, { body: signed, headers, address: o.address });
      return inject(method, `${prefix}${path}?${signed}`, { headers, address: o.address });
    },
    async state(user) {
      const balances = await desks.spot.balances(user);
      const open = await desks.spot.openOrders(user);
      return { balances, open, orders: (await store.spot.listOrders({ user }, 0, 100)).total };
    },
    async dispose() {
      await app.close();
      await desks.close();
      await bus.close();
      await t.dispose();
    },
  };
}
