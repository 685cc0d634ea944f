// /app/quant/* over the app with the real spot desk: the strategies and the backtest are public; a start needs a
// session and the fund password (a wrong one answers security.fund.wrong in the user's language and changes
// nothing); a grid's orders are ordinary spot orders tagged with its id; list and detail show it with its fills; a
// stop gives the money back; every refusal answers its code and leaves the balances as they were.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { argon2Hasher } from '../../../server/accounts/passwords.ts';
import { QUANT_PATHS, QUANT_STRATEGY_TYPE, QUANT_TOPIC, type QuantBacktestResult, type QuantBotDetail, type QuantBotView } from '../../../server/contract/quant.ts';
import { describeDialects } from '../dialects.ts';
import { openHarness, type Harness, type Reply, type User } from './contract-harness.ts';

const FUND = 'fund-Secret-9';

describeDialects('quant API', (dialect) => {
  let h: Harness;
  let alice: User;
  let mm: User;

  beforeAll(async () => {
    h = await openHarness(dialect);
    alice = await h.signUp('quant-alice@example.com');
    mm = await h.signUp('quant-mm@example.com');
    await h.store.users.setFundPassword(alice.id, await argon2Hasher().hash(FUND), h.clock.now());
    for (const [who, asset, amount] of [[alice, 'USDT', '3000'], [mm, 'USDT', '1000000'], [mm, 'BTC', '20']] as const) {
      const r = await h.desks.spot.adjust({ user: who.id, asset, amount, action: 'credit', memo: 'test' });
      expect(r.ok).toBe(true);
    }
  });
  afterAll(async () => h.dispose());

  const ok = <T>(r: Reply): T => {
    expect(r.body.code, JSON.stringify(r.body)).toBe('success');
    return r.body.data as T;
  };
  const get = (url: string, query: Record<string, string> = {}, who: User | null = alice) =>
    h.call('GET', `${url}?${new URLSearchParams(query)}`, who ? { ticket: who.ticket } : {});
  const post = (url: string, body: unknown, who: User | null = alice, lang?: string) =>
    h.call('POST', url, { body, ...(who ? { ticket: who.ticket } : {}), ...(lang ? { lang } : {}) });
  const place = async (who: User, side: 'buy' | 'sell', price: string, qty: string) => {
    const r = await h.desks.spot.place({ type: 'limit', user: who.id, symbol: 'BTCUSDT', side, price, qty, stp: 'NONE' });
    if (!r.ok) throw new Error(r.code);
  };
  const usdt = async () => {
    const r = await h.desks.spot.balances(alice.id);
    if (!r.ok) throw new Error(r.code);
    return r.value.find((b) => b.asset === 'USDT');
  };
  const grid = { kind: 'grid', symbol: 'BTCUSDT', investment: '500', lower: '59000', upper: '61000', grids: 4, mode: 'arithmetic', fundPassword: FUND };

  it('lists the strategies publicly, and refuses a backtest without history', async () => {
    const s = ok<{ list: Array<{ kind: string; minInvestment: string }> }>(await get(QUANT_PATHS.strategies, {}, null));
    expect(s.list.map((x) => [x.kind, x.minInvestment])).toEqual([['robot', '10'], ['grid', '20']]);
    const r = await post(QUANT_PATHS.backtest, { symbol: 'BTCUSDT', investment: '500', lower: '59000', upper: '61000', grids: 4, mode: 'arithmetic' }, null);
    expect(r.body.code).toBe('quant.backtest.no.history');
  });

  it('refuses a wrong fund password and bad input in the user language, changing nothing', async () => {
    await place(mm, 'sell', '60000', '0.01');
    await place(mm, 'buy', '60000', '0.01'); // the last price: 60 000
    const before = await usdt();
    const wrong = await post(QUANT_PATHS.start, { ...grid, fundPassword: 'nope-nope-1' }, alice, 'zh-CN');
    expect(wrong.body.code).toBe('security.fund.wrong');
    expect(wrong.body.msg).toMatch(/[\u4e00-\u9fff]/);
    for (const [body, code] of [
      [{ ...grid, investment: '5' }, 'quant.investment.below.min'],
      [{ ...grid, investment: 'abc' }, 'quant.investment.invalid'],
      [{ ...grid, investment: '99999' }, 'funds.insufficient'],
      [{ ...grid, lower: '61000', upper: '62000' }, 'quant.grid.price.outside'],
      [{ ...grid, grids: 500 }, 'quant.grid.count.invalid'],
      [{ ...grid, fundPassword: '' }, 'quant.fund.password.required'],
      [{ ...grid, symbol: 'NOPEUSDT' }, 'market.unknown'],
    ] as const) {
      const r = await post(QUANT_PATHS.start, body, alice, 'th');
      expect(r.body.code, JSON.stringify(body)).toBe(code);
      expect(r.body.msg).toMatch(/[\u0e00-\u0e7f]/);
    }
    expect(await usdt()).toEqual(before);
    expect((await post(QUANT_PATHS.start, grid, null)).body.code).toBe('login.user.not.login');
  });

  it('starts a grid whose orders are ordinary tagged spot orders, shows it, backtests, and stops it', async () => {
    // The socket's `quant` topic is private: refused before auth, then each change of the user's bots.
    const ws = new WebSocket(h.wsUrl);
    const frames: Array<{ op: string; id?: number; code?: string; topic?: string; data?: { type: string; bot: QuantBotView } }> = [];
    ws.addEventListener('message', (m) => frames.push(JSON.parse(String(m.data))));
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    ws.send(JSON.stringify({ op: 'subscribe', id: 1, topics: [QUANT_TOPIC] }));
    await expect.poll(() => frames.find((f) => f.id === 1)?.code).toBe('login.user.not.login');
    ws.send(JSON.stringify({ op: 'auth', id: 2, ticket: alice.ticket }));
    ws.send(JSON.stringify({ op: 'subscribe', id: 3, topics: [QUANT_TOPIC] }));
    await expect.poll(() => frames.some((f) => f.op === 'ack' && f.id === 3)).toBe(true);
    const events = () => frames.filter((f) => f.topic === QUANT_TOPIC).map((f) => f.data!);
    await place(mm, 'sell', '60010', '1');
    const bot = ok<QuantBotView>(await post(QUANT_PATHS.start, { ...grid, clientId: 'route-grid-1' }));
    expect(bot).toMatchObject({ kind: 'grid', status: 'running', openOrders: 4, symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT' });
    // A repeat with the same clientId answers the same bot.
    expect(ok<QuantBotView>(await post(QUANT_PATHS.start, { ...grid, clientId: 'route-grid-1' })).id).toBe(bot.id);
    const open = await h.desks.spot.openOrders(alice.id, 'BTCUSDT');
    if (!open.ok) throw new Error(open.code);
    expect(open.value.filter((o) => o.strategyId === bot.id && o.strategyType === QUANT_STRATEGY_TYPE)).toHaveLength(4);
    // The maker sells into the bot's 59 500 buy: it fills and the bot places a sell one grid up.
    await place(mm, 'sell', '59500', '1');
    // The socket told of the start and of the fill (the bot with its new order).
    await expect.poll(() => events().at(-1)?.bot.fills).toBe(2);
    expect(events().at(-1)!.bot).toMatchObject({ id: bot.id, openOrders: 4 });
    expect(events().every((e) => e.type === 'quant' && e.bot.id === bot.id)).toBe(true);
    const detail = ok<QuantBotDetail>(await get(QUANT_PATHS.detail, { botId: String(bot.id) }));
    expect(detail.orders.map((o) => [o.side, o.price, o.level]).sort()).toEqual([['buy', '59000', 0], ['sell', '60000', 2], ['sell', '60500', 3], ['sell', '61000', 4]]);
    expect(detail.trades.map((t) => [t.side, t.price])).toEqual([['buy', '59500'], ['buy', '60010']]);
    expect(detail.bot.fills).toBe(2);
    const list = ok<{ list: QuantBotView[]; total: number }>(await get(QUANT_PATHS.list, { kind: 'grid' }));
    expect(list.total).toBe(1);
    expect(list.list[0]).toMatchObject({ id: bot.id, status: 'running', openOrders: 4 });
    // Someone else's bot is not found to them.
    expect((await get(QUANT_PATHS.detail, { botId: String(bot.id) }, mm)).body.code).toBe('quant.bot.not.found');
    expect((await post(QUANT_PATHS.stop, { botId: bot.id }, mm)).body.code).toBe('quant.bot.not.found');
    // The backtest replays the recorded 1m bars of what just traded.
    const bt = ok<QuantBacktestResult>(await post(QUANT_PATHS.backtest, { symbol: 'BTCUSDT', investment: '500', lower: '59000', upper: '61000', grids: 4, mode: 'arithmetic', days: 1 }, null));
    expect(bt.bars).toBeGreaterThan(0);
    expect(bt.levels).toEqual(['59000', '59500', '60000', '60500', '61000']);
    // Stop: orders gone, funds back.
    const stopped = ok<QuantBotView>(await post(QUANT_PATHS.stop, { botId: String(bot.id) }));
    expect(stopped).toMatchObject({ status: 'ended', endReason: 'user', openOrders: 0 });
    expect((await usdt())?.frozen).toBe('0');
    expect((await post(QUANT_PATHS.stop, { botId: bot.id })).body.code).toBe('quant.bot.ended');
    const ended = ok<{ list: QuantBotView[] }>(await get(QUANT_PATHS.list, { status: 'ended' }));
    expect(ended.list[0]).toMatchObject({ id: bot.id, status: 'ended', returnedQuote: stopped.returnedQuote });
    await expect.poll(() => events().at(-1)?.bot.status).toBe('ended');
    ws.close();
  });
});
