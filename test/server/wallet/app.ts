// The whole app (buildApp) with trading (desks, market data, fixed index prices: ETH 3,000 and BTC 50,000 USDT) and
// the test chain (world.ts testChain: the chain helper's rules and address checks, no node), driven through
// app.inject() or listening on loopback for ccxt. Users are made directly in the store (verified or not, with a
// fund password or not) and signed in through the app; passwords use the plain test hasher.
import { createHmac } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createUser } from '../../../server/accounts/identity.ts';
import { createInProcessBus } from '../../../server/bus/index.ts';
import { systemClock, type Clock } from '../../../server/clock.ts';
import { createDesks, type DeskEvent, type LocalDesks } from '../../../server/desks/index.ts';
import { kernelMarket } from '../../../server/desks/spot/market.ts';
import { buildApp } from '../../../server/gateway/app.ts';
import { createApiKeys, loadMasterKey, type ApiKeyOptions } from '../../../server/gateway/binance/keys.ts';
import type { Trading } from '../../../server/gateway/trading.ts';
import type { Price } from '../../../server/kernel/index.ts';
import { createCandleStore, MarketData } from '../../../server/market/index.ts';
import { perpBooks } from '../../../server/market/bridge.ts';
import { createNotifier } from '../../../server/notify/notifier.ts';
import type { Store } from '../../../server/store/index.ts';
import type { WalletChain } from '../../../server/wallet/ports.ts';
import { openStore, testClock, type DialectName, type TestStore } from '../dialects.ts';
import { FUND, messages, plainHasher, testChain } from './world.ts';

process.env['API_KEY_SECRET'] ??= 'test-master-key-for-binance-api-keys-0123456789';

const INDEX: Readonly<Record<string, number>> = { BTCUSDT: 5_000_000, ETHUSDT: 300_000 };
export const LOGIN_PASSWORD = 'Login-pass-123';

export interface Key {
  apiKey: string;
  secret: string;
}

export interface Res {
  status: number;
  // `any`: each test reads the payload of the endpoint it called.
  body: any;
  raw: LightMyRequestResponse;
}

export interface WalletApp {
  app: FastifyInstance;
  store: Store;
  desks: LocalDesks;
  clock: { now: Clock; advance(ms: number): void };
  t: TestStore;
  chain: WalletChain | undefined;
  /** A user (verified with a fund password unless told otherwise) and a session ticket. */
  user(email: string, o?: { verified?: boolean; fundPassword?: boolean }): Promise<{ id: number; ticket: string }>;
  credit(user: number, asset: string, amount: string): Promise<void>;
  /** An /app call (JSON body). */
  call(method: 'GET' | 'POST', url: string, o?: { body?: unknown; rawBody?: string; ticket?: string; query?: Record<string, string>; headers?: Record<string, string> }): Promise<Res>;
  key(user: number, o: ApiKeyOptions): Promise<Key>;
  /** A signed /sapi/v1 call: timestamp added unless present. */
  signed(method: 'GET' | 'POST', path: string, key: Key, params: string, o?: { address?: string; body?: boolean }): Promise<Res>;
  dispose(): Promise<void>;
}

const sign = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

export async function openWalletApp(dialect: DialectName, o: { systemTime?: boolean; chain?: boolean } = {}): Promise<WalletApp> {
  const test = testClock();
  const clock = o.systemTime ? { now: systemClock, advance: () => undefined } : test;
  const t = await openStore(dialect, clock.now);
  const store = t.store;
  const bus = createInProcessBus<DeskEvent>({ onError: (e) => { throw e; } });
  const desks = await createDesks({ store, bus, clock: clock.now });
  const markets = (await store.markets.configs('spot')).map(kernelMarket);
  const market = await MarketData.open({ markets, candles: createCandleStore(store.db) });
  // The perpetuals' books, fed from the perp desk's book events as a gateway's are (update ids the desk's).
  const perp = perpBooks({ bus, desk: desks.perp, onError: (e, symbol) => console.error(`perp market bridge ${symbol}`, e) });
  await perp.bridge.ready;
  const trading: Trading = { desks, bus, market, perpMarket: perp.market, indexPrice: (s) => (INDEX[s] === undefined ? null : (INDEX[s] as Price)), perpFunding: () => undefined };
  const chain = o.chain === false ? undefined : testChain();
  const app = await buildApp({
    store, notifier: createNotifier({ outbox: store.outbox, clock: clock.now }), messages, hasher: plainHasher, clock: clock.now, sessionTtlMs: 3_600_000,
    staticDir: '/nonexistent-openex-dist', trading, chain,
  });
  const keys = createApiKeys({ store, clock: clock.now, master: loadMasterKey() });

  const call: WalletApp['call'] = async (method, url, c = {}) => {
    const payload = c.rawBody ?? (c.body !== undefined ? JSON.stringify(c.body) : undefined);
    const raw = await app.inject({
      method, url,
      headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...(c.ticket ? { ticket: c.ticket } : {}), ...c.headers },
      ...(c.query ? { query: c.query } : {}),
      ...(payload !== undefined ? { payload } : {}),
    });
    return { status: raw.statusCode, body: raw.json(), raw };
  };

  let nth = 0;
  const stamp = () => clock.now() - (nth++ % 4000);

  return {
    app, store, desks, clock, t, chain, call,
    async user(email, u = {}) {
      const now = clock.now();
      const id = await store.transaction((tx) =>
        createUser(tx, { email, phone: null, passwordHash: `plain:${LOGIN_PASSWORD}`, referrerId: null, now, realNameStatus: u.verified === false ? 'none' : 'certified' }),
      );
      if (u.fundPassword !== false) await store.users.setFundPassword(id, `plain:${FUND}`, now);
      const login = await call('POST', '/app/account/login', { body: { account: email, password: LOGIN_PASSWORD } });
      if (login.body.code !== 'success') throw new Error(`login: ${login.body.code}`);
      return { id, ticket: login.body.data.token as string };
    },
    async credit(user, asset, amount) {
      const r = await desks.spot.adjust({ user, asset, amount, action: 'credit', memo: 'test deposit' });
      if (!r.ok) throw new Error(r.code);
    },
    key: (user, k) => keys.create(user, k),
    async signed(method, path, key, params, s = {}) {
      const withTime = /(^|&)timestamp=/.test(params) ? params : `${params}${params ? '&' : ''}timestamp=${stamp()}`;
      const text = `${withTime}&signature=${sign(key.secret, withTime)}`;
      const url = s.body ? `/sapi/v1${path}` : `/sapi/v1${path}?${text}`;
      const raw = await app.inject({
        method, url, headers: { 'x-mbx-apikey': key.apiKey, ...(s.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(s.body ? { payload: text } : {}), ...(s.address ? { remoteAddress: s.address } : {}),
      });
      return { status: raw.statusCode, body: raw.body === '' ? null : raw.json(), raw };
    },
    async dispose() {
      await app.close();
      await desks.close();
      await bus.close();
      await t.dispose();
    },
  };
}
