// The contract app API's test harness: the spot routes' app (spot/harness.ts) with a settable funding source, a
// WebSocket hub and a listening socket, on one dialect; and the calls and checks the contract tests share (a refusal
// answers its catalogue key in the user's language, English and Simplified Chinese here, and changes nothing).
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { API, PRODUCT_NAME } from '../../../server/contract/api.ts';
import type { ErrorCode } from '../../../server/contract/errors.ts';
import type { Locale } from '../../../server/contract/locales.ts';
import { attachWsHub, createWsHub, type WsHub } from '../../../server/gateway/routes/ws-hub.ts';
import type { PerpFundingInfo } from '../../../server/gateway/trading.ts';
import { createMessages } from '../../../server/i18n/messages.ts';
import type { DialectName } from '../dialects.ts';
import { openSpotHarness, type Reply } from './spot/harness.ts';

export const E8 = 100_000_000n;
export const usdt = (n: number) => BigInt(Math.round(n * 100)) * (E8 / 100n);
export const messages = createMessages();

export type { Reply };
export interface User {
  ticket: string;
  id: number;
}

export async function openHarness(dialect: DialectName) {
  const funding = new Map<string, PerpFundingInfo>();
  const s = await openSpotHarness(dialect, { perpFunding: (symbol) => funding.get(symbol) });
  const hub: WsHub = createWsHub({ trading: s.trading, store: s.store, clock: s.clock.now, sessionTtlMs: 24 * 3_600_000 });
  attachWsHub(s.app, hub);
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const address = s.app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    app: s.app, store: s.store, desks: s.desks, bus: s.bus, clock: s.clock, index: s.index, funding, call: s.call, signUp: s.signUp,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    fund: (user: number, amount: string) => s.credit(user, 'USDT', amount, 'contract'),
    async mark(symbol: string, price: number) {
      const r = await s.desks.perp.mark({ symbol, mark: usdt(price), index: usdt(price), fundingRate: null });
      if (!r.ok) throw new Error(`mark: ${r.code}`);
    },
    async dispose() {
      hub.close();
      await s.dispose();
    },
  };
}
export type Harness = Awaited<ReturnType<typeof openHarness>>;

export interface SuiteState {
  h: Harness;
  /** Two users funded with 10,000 USDT in their contract wallets, new for each test. */
  maker: User;
  taker: User;
  /** The test's number in the suite (for unique e-mail addresses). */
  n: number;
}

/**
 * A suite's hooks: the harness for the suite (`setUp` once), for each test `eachTest` then a new maker and taker
 * (`use` receives them), and after each test their pending and waiting orders cancelled: positions may stay.
 */
export function contractHooks(
  dialect: DialectName,
  o: { prefix: string; setUp?: (h: Harness) => Promise<void>; eachTest?: (h: Harness) => Promise<void> },
  use: (s: SuiteState) => void,
): void {
  let h: Harness;
  let n = 0;
  let users: User[] = [];
  beforeAll(async () => {
    h = await openHarness(dialect);
    await o.setUp?.(h);
  });
  afterAll(async () => h.dispose());
  beforeEach(async () => {
    n++;
    await o.eachTest?.(h);
    const maker = await h.signUp(`${o.prefix}maker${n}@example.com`);
    const taker = await h.signUp(`${o.prefix}taker${n}@example.com`);
    users = [maker, taker];
    for (const u of users) await h.fund(u.id, '10000');
    use({ h, maker, taker, n });
  });
  afterEach(async () => {
    for (const u of users) await h.desks.perp.cancelAll({ user: u.id });
  });
}

/** The calls and checks of a suite whose harness `get` answers (opened in beforeAll). */
export function contractCalls(get: () => Harness) {
  const post = (url: string, who: User | null, body?: unknown, lang?: string) =>
    get().call('POST', url, { body, ...(who ? { ticket: who.ticket } : {}), ...(lang ? { lang } : {}) });
  const place = (who: User, body: object, lang?: string) => post(API.contractPlaceOrder, who, body, lang);
  const limit = (who: User, side: 'buy' | 'sell', price: string, amount: string, extra: object = {}) =>
    place(who, { symbol: 'BTCUSDT', side, type: 'limit', price, amount, ...extra });
  const ok = (r: Reply) => {
    expect(r.body.code, JSON.stringify(r.body)).toBe('success');
    return r.body.data;
  };
  const positions = async (who: User) => ok(await get().call('GET', API.contractPositions, { ticket: who.ticket }));
  const contractWallet = async (who: User) => {
    const r = ok(await get().call('GET', API.assetBalances, { ticket: who.ticket }));
    return r.accounts.find((a: { account: string }) => a.account === 'contract').balances;
  };
  /** What a refusal may not change: the user's positions and account, settings, contract balances, pending and waiting orders. */
  const state = async (who: User) => {
    const { account, ...rest } = await positions(who);
    return {
      ...rest,
      account: { ...account, time: 0 },
      wallet: await contractWallet(who),
      pending: ok(await post(API.contractOrderList, who, { active: 1 })).total,
      waiting: ok(await post(API.contractConditionalList, who, { active: 1 })).list,
    };
  };
  const LANGS: Locale[] = ['en', 'zh-CN'];
  /** Sends a request once per language: each answers `code` with its message in that language, and nothing changes. */
  const refuses = async (who: User, send: (lang: Locale) => Promise<Reply>, code: ErrorCode, data: Record<string, unknown> | null = null) => {
    const before = await state(who);
    for (const lang of LANGS) {
      const r = await send(lang);
      expect(r.body.code, JSON.stringify(r.body)).toBe(code);
      expect(r.body.msg).toBe(messages.t(lang, code, { product: PRODUCT_NAME, ...data }));
      expect(r.body.data).toEqual(data);
    }
    expect(await state(who)).toEqual(before);
  };
  return { post, place, limit, ok, positions, contractWallet, state, refuses, LANGS };
}
