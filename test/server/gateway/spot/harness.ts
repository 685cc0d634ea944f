// The app with trading, built from its pieces (store, in-process bus, desks, market data fed from the desk's trade
// events, a settable index price) until startServer builds the Trading object itself; driven through app.inject().
import type { FastifyInstance } from 'fastify';
import { argon2Hasher } from '../../../../server/accounts/passwords.ts';
import { createInProcessBus, type Bus } from '../../../../server/bus/index.ts';
import type { Envelope } from '../../../../server/contract/api.ts';
import { createDesks, topics, type DeskEvent, type LocalDesks } from '../../../../server/desks/index.ts';
import { kernelMarket } from '../../../../server/desks/spot/market.ts';
import { buildApp } from '../../../../server/gateway/app.ts';
import type { PerpFundingInfo, Trading } from '../../../../server/gateway/trading.ts';
import { createMessages } from '../../../../server/i18n/messages.ts';
import { parseDecimal, parsePrice, parseQty, type Amount, type Price } from '../../../../server/kernel/index.ts';
import { createCandleStore, MarketData } from '../../../../server/market/index.ts';
import { perpBooks } from '../../../../server/market/bridge.ts';
import { createNotifier } from '../../../../server/notify/notifier.ts';
import type { Store } from '../../../../server/store/index.ts';
import { openStore, testClock, type DialectName } from '../../dialects.ts';

export const PASSWORD = 'Secret12345';

export interface Reply {
  status: number;
  // `any`: each test reads the data of the reply it asked for; the envelope shape itself is typed.
  body: Envelope<any>;
}

export interface SpotHarness {
  app: FastifyInstance;
  store: Store;
  bus: Bus<DeskEvent>;
  desks: LocalDesks;
  /** What the app trades with (a WebSocket hub is built on it). */
  trading: Trading;
  market: MarketData;
  clock: ReturnType<typeof testClock>;
  /** Index prices in ticks by symbol; absent = no index yet. */
  index: Map<string, Price>;
  call(method: 'GET' | 'POST', url: string, options?: { body?: unknown; rawBody?: string; ticket?: string; lang?: string }): Promise<Reply>;
  /** Registers and signs in; returns the ticket and the user id. */
  signUp(email: string): Promise<{ ticket: string; id: number }>;
  credit(user: number, asset: string, amount: string, wallet?: 'coin' | 'contract' | 'earn' | 'seconds' | 'fiat'): Promise<void>;
  dispose(): Promise<void>;
}

export interface SpotHarnessOptions {
  /** The perpetuals' funding the app shows (default none). */
  readonly perpFunding?: ((symbol: string) => PerpFundingInfo | undefined) | undefined;
}

export async function openSpotHarness(dialect: DialectName, o: SpotHarnessOptions = {}): Promise<SpotHarness> {
  const clock = testClock();
  const t = await openStore(dialect, clock.now);
  const store = t.store;
  const bus = createInProcessBus<DeskEvent>({ onError: (e) => { throw e; } });
  const desks = await createDesks({ store, bus, clock: clock.now });
  const markets = (await store.markets.configs('spot')).map(kernelMarket);
  const market = await MarketData.open({ markets, candles: createCandleStore(store.db) });
  // Trades only: the coin list and valuation need last prices, not depth (the live wiring bridges both).
  for (const m of markets) {
    bus.subscribe(topics.trades(m.symbol), (e) => {
      if (e.type !== 'trade') return;
      const price = parsePrice(m, e.price);
      const qty = parseQty(m, e.qty);
      const quote = parseDecimal(e.quote);
      if (!price.ok || !qty.ok || !quote.ok) throw new Error(`bad trade event ${JSON.stringify(e)}`);
      market.onTrade({
        symbol: m.symbol, id: e.tradeId, price: price.value, qty: qty.value, quote: quote.value as Amount,
        base: (BigInt(qty.value) * m.lotSize) as Amount, time: e.time, takerSide: e.takerSide,
      });
    });
  }
  const index = new Map<string, Price>();
  // The perpetuals' books, fed from the perp desk's book events as a gateway's are (update ids the desk's).
  const perp = perpBooks({ bus, desk: desks.perp, onError: (e, symbol) => console.error(`perp market bridge ${symbol}`, e) });
  await perp.bridge.ready;
  const trading: Trading = { desks, bus, market, perpMarket: perp.market, indexPrice: (symbol) => index.get(symbol) ?? null, perpFunding: o.perpFunding ?? (() => undefined) };
  const app = await buildApp({
    store,
    notifier: createNotifier({ outbox: store.outbox, clock: clock.now }),
    messages: createMessages(),
    hasher: argon2Hasher(),
    clock: clock.now,
    sessionTtlMs: 24 * 3_600_000,
    staticDir: '/nonexistent-openex-dist',
    trading,
  });

  const call: SpotHarness['call'] = async (method, url, o = {}) => {
    const payload = o.rawBody ?? (o.body !== undefined ? JSON.stringify(o.body) : undefined);
    const raw = await app.inject({
      method,
      url,
      headers: {
        ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(o.ticket ? { ticket: o.ticket } : {}),
        ...(o.lang ? { lang: o.lang } : {}),
      },
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: raw.statusCode, body: raw.json() };
  };

  const must = (r: Reply, what: string) => {
    if (r.body.code !== 'success') throw new Error(`${what}: ${r.body.code}`);
    return r.body.data;
  };

  return {
    app, store, bus, desks, trading, market, clock, index, call,
    async signUp(email) {
      must(await call('POST', '/app/account/sendCode', { body: { channel: 'email', account: email, purpose: 'register' } }), 'sendCode');
      const mail = (await store.outbox.list(100)).find((m) => m.recipient === email);
      const code = mail?.body.match(/\b(\d{6})\b/)?.[1] ?? '';
      const { userId } = must(await call('POST', '/app/account/register', { body: { channel: 'email', account: email, code, password: PASSWORD, agree: true } }), 'register');
      const { token } = must(await call('POST', '/app/account/login', { body: { account: email, password: PASSWORD } }), 'login');
      return { ticket: token as string, id: userId as number };
    },
    async credit(user, asset, amount, wallet = 'coin') {
      const r = await desks.byWallet[wallet].adjust({ user, asset, amount, action: 'credit', memo: 'test-deposit' });
      if (!r.ok) throw new Error(`credit: ${r.code}`);
    },
    async dispose() {
      await app.close();
      await desks.close();
      await t.dispose();
    },
  };
}
