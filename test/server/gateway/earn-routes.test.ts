// /app/earn/* (wealth products) and /app/mining/* (mining pools) over the app with a real earn desk, its clock moved
// by hand: the lists are public and fill `held` for a signed-in user; every refusal answers its code with the message
// in the user's language (the bound and the coin named) and changes nothing (balances, orders, the products'
// remaining quota); a purchase shows in the orders, its detail and its schedule, reaches `earn` on /ws, is paid on
// its days and ends with its principal back; a repeat with the same clientId answers the first order; a wealth order
// transfers out early, a pool's can't.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PRODUCT_NAME } from '../../../server/contract/api.ts';
import {
  DAY_MS, EARN_PATHS, EARN_TOPIC, HOUR_MS, MINING_PATHS, earnStartAt, type EarnEvent, type EarnIncomeItem, type EarnOrderItem, type EarnProductItem,
} from '../../../server/contract/earn.ts';
import type { ServerErrorCode } from '../../../server/contract/errors.ts';
import type { EarnProductCreate } from '../../../server/desks/earn/api.ts';
import { REQUIRE_REAL_NAME_KEY } from '../../../server/gateway/routes/spot/guard.ts';
import { describeDialects } from '../dialects.ts';
import { messages, openHarness, type Harness, type Reply, type User } from './contract-harness.ts';

describeDialects('earn and mining API', (dialect) => {
  let h: Harness;
  let alice: User;
  let bob: User;
  const ids: Record<'usdt' | 'tiny' | 'closed' | 'eth' | 'pool', number> = { usdt: 0, tiny: 0, closed: 0, eth: 0, pool: 0 };

  const create = async (p: EarnProductCreate) => {
    const r = await h.desks.earn.createProduct(p);
    if (!r.ok) throw new Error(`createProduct: ${r.code} ${JSON.stringify('data' in r ? r.data : null)}`);
    return r.value.id;
  };

  beforeAll(async () => {
    h = await openHarness(dialect);
    ids.usdt = await create({ kind: 'wealth', name: 'USDT 10 days', asset: 'USDT', termDays: 10, rate: '0.0365', minAmount: '100', maxAmount: '5000', quota: '1000000' });
    ids.tiny = await create({ kind: 'wealth', name: 'USDT tiny', asset: 'USDT', termDays: 7, rate: '0.05', minAmount: '10', maxAmount: '5000', quota: '1000' });
    ids.closed = await create({ kind: 'wealth', name: 'USDT closed', asset: 'USDT', termDays: 7, rate: '0.05', minAmount: '10', maxAmount: '5000', quota: '100000', status: 'closed' });
    ids.eth = await create({ kind: 'wealth', name: 'ETH year', asset: 'ETH', termDays: 365, rate: '0.1', minAmount: '0.01', maxAmount: '100', quota: '100' });
    ids.pool = await create({ kind: 'mining', name: 'USDT pool', asset: 'USDT', termDays: 5, rate: '0.001', minAmount: '100', maxAmount: '10000', quota: '100000', incomeRelease: 'daily' });
    for (const [asset, amount] of [['USDT', '100000'], ['ETH', '0.01']] as const) {
      const r = await h.desks.earn.fundTreasury({ action: 'credit', asset, amount, memo: 'test-treasury', requestId: `earn-api-${asset}` });
      expect(r.ok).toBe(true);
    }
    alice = await h.signUp('earn-alice@example.com');
    bob = await h.signUp('earn-bob@example.com');
    for (const [who, amount] of [[alice, '20000'], [bob, '50']] as const) {
      const r = await h.desks.earn.adjust({ user: who.id, asset: 'USDT', amount, action: 'credit', memo: 'test' });
      expect(r.ok).toBe(true);
    }
  });
  afterAll(async () => h.dispose());

  const ok = (r: Reply) => {
    expect(r.body.code, JSON.stringify(r.body)).toBe('success');
    return r.body.data;
  };
  const get = (url: string, query: Record<string, string> = {}, who: User | null = alice, lang?: string) =>
    h.call('GET', `${url}?${new URLSearchParams(query)}`, { ...(who ? { ticket: who.ticket } : {}), ...(lang ? { lang } : {}) });
  const post = (url: string, body: unknown, lang?: string, who: User | null = alice) =>
    h.call('POST', url, { body, ...(who ? { ticket: who.ticket } : {}), ...(lang ? { lang } : {}) });
  const balances = async (who: User) => {
    const r = await h.desks.earn.balances(who.id);
    if (!r.ok) throw new Error(r.code);
    return r.value;
  };
  const usdt = async (who: User) => (await balances(who)).find((b) => b.asset === 'USDT') ?? { available: '0', frozen: '0' };
  /** What a refusal may not change: the user's balances and orders, and every product's remaining quota. */
  const state = async (who: User) => ({
    balances: await balances(who),
    wealth: ok(await get(EARN_PATHS.orders, {}, who)).total,
    mining: ok(await get(MINING_PATHS.orders, {}, who)).total,
    products: [...ok(await get(EARN_PATHS.products, { all: '1' }, null)).list, ...ok(await get(MINING_PATHS.projects, { all: '1' }, null)).list]
      .map((p: EarnProductItem) => [p.id, p.remaining, p.capacity]),
    treasury: h.desks.earn.treasury(),
  });
  const refuses = async (send: (lang: string) => Promise<Reply>, code: ServerErrorCode, data: Record<string, unknown> | null = null, who: User = alice) => {
    const before = await state(who);
    for (const lang of ['en', 'zh-CN', 'ja']) {
      const r = await send(lang);
      expect(r.body.code, JSON.stringify(r.body)).toBe(code);
      expect(r.body.msg).toBe(messages.t(lang as 'en', code, { product: PRODUCT_NAME, ...data }));
      expect(r.body.data).toEqual(data);
    }
    expect(await state(who)).toEqual(before);
  };
  /** Moves the clock on in steps short enough for alice's session to renew on her request after each (24 h sessions). */
  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= 11 * HOUR_MS) {
      h.clock.advance(Math.min(11 * HOUR_MS, left));
      ok(await get(EARN_PATHS.orders));
    }
    return h.desks.earn.runDue();
  };
  const product = async (id: number, who: User | null = null): Promise<EarnProductItem> => {
    const all: EarnProductItem[] = [...ok(await get(EARN_PATHS.products, { all: '1' }, who)).list, ...ok(await get(MINING_PATHS.projects, { all: '1' }, who)).list];
    return all.find((p) => p.id === id)!;
  };

  it('lists products and pools publicly, each in its own list, with the signed-in user\'s holding', async () => {
    const wealth: EarnProductItem[] = ok(await get(EARN_PATHS.products, {}, null)).list;
    expect(wealth.map((p) => p.id)).toEqual([ids.usdt, ids.tiny, ids.eth]);
    expect(wealth[0]).toMatchObject({
      kind: 'wealth', name: 'USDT 10 days', asset: 'USDT', incomeAsset: 'USDT', termDays: 10, rate: '0.0365', annualRate: '0.0365', minAmount: '100',
      maxAmount: '5000', quota: '1000000', remaining: '1000000', status: 'open', funded: true, held: null, incomeRelease: 'end', rebateType: 'end',
    });
    // --all: closed ones too; mining pools in their own list.
    expect(ok(await get(EARN_PATHS.products, { all: '1' }, null)).list.map((p: EarnProductItem) => p.id)).toContain(ids.closed);
    const pools: EarnProductItem[] = ok(await get(MINING_PATHS.projects, {}, null)).list;
    expect(pools.map((p) => [p.id, p.kind, p.dailyRate, p.monthlyRate, p.annualRate])).toEqual([[ids.pool, 'mining', '0.001', '0.03', '0.365']]);
    // Signed in: what the user holds in each (0 before any purchase); a ticket that no longer signs in is anonymous.
    expect(ok(await get(EARN_PATHS.products)).list.every((p: EarnProductItem) => p.held === '0')).toBe(true);
    expect(ok(await h.call('GET', EARN_PATHS.products, { ticket: 'not-a-ticket' })).list.every((p: EarnProductItem) => p.held === null)).toBe(true);
    expect((await get(EARN_PATHS.products, { all: 'yes' }, null)).body.code).toBe('request.invalid');
  });

  it('refuses bad purchases with a clear message in the user language and changes nothing', async () => {
    const buy = (productId: unknown, amount: unknown, path: string = EARN_PATHS.purchase) => (lang: string) => post(path, { productId, amount }, lang);
    await refuses(buy(ids.usdt, '99.99'), 'earn.amount.below.min', { min: '100', asset: 'USDT' });
    await refuses(buy(ids.usdt, '5000.01'), 'earn.amount.above.max', { max: '5000', asset: 'USDT' });
    await refuses(buy(ids.tiny, '1500'), 'earn.sold.out', { remaining: '1000', asset: 'USDT' });
    await refuses(buy(ids.closed, '100'), 'earn.product.closed');
    const eth = await product(ids.eth);
    expect(eth.funded).toBe(true);
    await refuses(buy(ids.eth, '1'), 'earn.treasury.insufficient', { capacity: eth.capacity, asset: 'ETH' });
    expect(Number(eth.capacity)).toBeLessThan(1);
    await refuses((lang) => post(EARN_PATHS.purchase, { productId: ids.tiny, amount: '60' }, lang, bob), 'funds.insufficient', null, bob);
    // Ids: unknown, of the other list (a pool bought as a wealth product and the reverse), malformed.
    await refuses(buy(999, '100'), 'earn.product.not.found');
    await refuses(buy(ids.pool, '100'), 'earn.product.not.found');
    await refuses(buy(ids.usdt, '100', MINING_PATHS.purchase), 'earn.product.not.found');
    for (const bad of [0, -1, 1.5, '0', '01', 'abc', '1e3', null]) await refuses(buy(bad, '100'), 'request.invalid');
    await refuses((lang) => post(EARN_PATHS.purchase, { amount: '100' }, lang), 'validate.required');
    await refuses((lang) => post(EARN_PATHS.purchase, { productId: ids.usdt, amount: '100', extra: 1 }, lang), 'request.invalid');
    // Amounts: not a number, too precise, zero or negative, absurdly large, not text.
    await refuses(buy(ids.usdt, 'abc'), 'number.format');
    await refuses(buy(ids.usdt, '1,000'), 'number.format');
    await refuses(buy(ids.usdt, '100.123456789'), 'number.too.precise');
    await refuses(buy(ids.usdt, '0'), 'number.not.positive');
    await refuses(buy(ids.usdt, '-100'), 'number.not.positive');
    await refuses(buy(ids.usdt, '1'.repeat(39)), 'number.too.large');
    await refuses(buy(ids.usdt, 100), 'request.invalid');
    // No session; a session whose user must verify their real name first (the operator's rule).
    await refuses((lang) => post(EARN_PATHS.purchase, { productId: ids.usdt, amount: '100' }, lang, null), 'login.user.not.login');
    await h.store.config.set(REQUIRE_REAL_NAME_KEY, '1', h.clock.now());
    try {
      await refuses(buy(ids.usdt, '100'), 'account.not.authenticated');
    } finally {
      await h.store.config.set(REQUIRE_REAL_NAME_KEY, '0', h.clock.now());
    }
    // A frozen account: no session to buy with (and the list is public: it shows no holding).
    const carol = await h.signUp('earn-carol@example.com');
    expect((await h.desks.earn.adjust({ user: carol.id, asset: 'USDT', amount: '1000', action: 'credit', memo: 'test' })).ok).toBe(true);
    await h.store.users.setFrozen(carol.id, true, h.clock.now());
    const r = await post(EARN_PATHS.purchase, { productId: ids.usdt, amount: '100' }, 'zh-TW', carol);
    expect(r.body).toMatchObject({ code: 'account.frozen', msg: messages.t('zh-TW', 'account.frozen', { product: PRODUCT_NAME }) });
    expect(await balances(carol)).toMatchObject([{ asset: 'USDT', available: '1000', frozen: '0' }]);
    expect(await h.desks.earn.orders({ user: carol.id, kind: 'wealth', status: 'all', pageIndex: 1, pageSize: 20 })).toMatchObject({ ok: true, value: { total: 0 } });
    expect(ok(await get(EARN_PATHS.products, {}, carol)).list.every((p: EarnProductItem) => p.held === null)).toBe(true);
    // The zh-CN message names the bound and the coin.
    expect(messages.t('zh-CN', 'earn.amount.below.min', { min: '100', asset: 'USDT' })).toBe('金额不能低于 100 USDT。');
  });

  it('refuses bad reads: ids, pages and other users\' orders', async () => {
    for (const path of [EARN_PATHS.orders, MINING_PATHS.orders]) {
      await refuses((lang) => get(path, { pageSize: '15' }, alice, lang), 'page.size.invalid');
      await refuses((lang) => get(path, { pageIndex: '0' }, alice, lang), 'validate.page.invalid');
      await refuses((lang) => get(path, { status: 'open' }, alice, lang), 'request.invalid');
      await refuses((lang) => get(path, {}, null, lang), 'login.user.not.login');
    }
    for (const path of [EARN_PATHS.orderDetail, MINING_PATHS.orderDetail, EARN_PATHS.incomes, MINING_PATHS.incomes]) {
      await refuses((lang) => get(path, { orderId: '999' }, alice, lang), 'earn.order.not.found');
      await refuses((lang) => get(path, { orderId: 'x' }, alice, lang), 'request.invalid');
      await refuses((lang) => get(path, { orderId: '1'.repeat(17) }, alice, lang), 'request.invalid');
      await refuses((lang) => get(path, {}, alice, lang), 'validate.required');
    }
    await refuses((lang) => post(EARN_PATHS.redeem, { orderId: 999 }, lang), 'earn.order.not.found');
    await refuses((lang) => post(EARN_PATHS.redeem, { orderId: 'x' }, lang), 'request.invalid');
  });

  it('buys, tells the socket, pays on schedule, settles, and transfers a wealth order out early', async () => {
    // The socket's `earn` topic is private: refused before auth.
    const ws = new WebSocket(h.wsUrl);
    const frames: Array<{ op: string; id?: number; code?: string; topic?: string; data?: EarnEvent }> = [];
    ws.addEventListener('message', (m) => frames.push(JSON.parse(String(m.data))));
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    ws.send(JSON.stringify({ op: 'subscribe', id: 1, topics: [EARN_TOPIC] }));
    await expect.poll(() => frames.find((f) => f.id === 1)?.code).toBe('login.user.not.login');
    ws.send(JSON.stringify({ op: 'auth', id: 2, ticket: alice.ticket }));
    ws.send(JSON.stringify({ op: 'subscribe', id: 3, topics: [EARN_TOPIC] }));
    await expect.poll(() => frames.some((f) => f.op === 'ack' && f.id === 3)).toBe(true);
    const events = (id: number) => frames.filter((f) => f.topic === EARN_TOPIC && f.data?.order.id === id).map((f) => f.data!);

    const now = h.clock.now();
    const startAt = earnStartAt(now);
    const bought = ok(await post(EARN_PATHS.purchase, { productId: ids.usdt, amount: '1000', clientId: 'earn-a' }));
    const a: EarnOrderItem = bought.order;
    expect(bought.duplicate).toBe(false);
    expect(a).toMatchObject({
      kind: 'wealth', productId: ids.usdt, name: 'USDT 10 days', principal: '1000', totalIncome: '1', paidIncome: '0', status: 'purchasing', periods: 1,
      purchasedAt: now, startAt, endAt: startAt + 10 * DAY_MS, returnAt: startAt + 10 * DAY_MS, nextPayoutAt: startAt + 10 * DAY_MS, clientId: 'earn-a',
    });
    expect(await usdt(alice)).toMatchObject({ available: '19000', frozen: '1000' });
    // The same clientId again: the first order, nothing new.
    const again = ok(await post(EARN_PATHS.purchase, { productId: ids.usdt, amount: '1000', clientId: 'earn-a' }));
    expect(again).toEqual({ order: a, duplicate: true });
    expect(await usdt(alice)).toMatchObject({ available: '19000', frozen: '1000' });
    await expect.poll(() => events(a.id).length).toBe(1);
    expect(events(a.id)[0]).toEqual({ type: 'earn', order: a });

    // The lists: held and remaining; the orders, the detail and the schedule.
    expect(await product(ids.usdt, alice)).toMatchObject({ held: '1000', remaining: '999000' });
    expect((await product(ids.usdt)).held).toBeNull();
    expect(ok(await get(EARN_PATHS.orders, { status: 'active' }))).toEqual({ list: [a], total: 1, pageIndex: 1, pageSize: 20 });
    expect(ok(await get(EARN_PATHS.orders, { status: 'ended' })).total).toBe(0);
    expect(ok(await get(MINING_PATHS.orders)).total).toBe(0);
    expect(ok(await get(EARN_PATHS.orderDetail, { orderId: String(a.id) }))).toEqual({ order: a, schedulePeriods: 1 });
    expect(ok(await get(EARN_PATHS.incomes, { orderId: String(a.id) })).list).toEqual([
      { period: 1, dueAt: startAt + 10 * DAY_MS, paidAt: null, income: '1', principal: '1000', incomeAsset: 'USDT', asset: 'USDT' },
    ]);
    // Another user's order, or an order of the other kind, is nobody's to them.
    await refuses((lang) => get(EARN_PATHS.orderDetail, { orderId: String(a.id) }, bob, lang), 'earn.order.not.found', null, bob);
    await refuses((lang) => get(EARN_PATHS.incomes, { orderId: String(a.id) }, bob, lang), 'earn.order.not.found', null, bob);
    await refuses((lang) => post(EARN_PATHS.redeem, { orderId: a.id }, lang, bob), 'earn.order.not.found', null, bob);
    await refuses((lang) => get(MINING_PATHS.orderDetail, { orderId: String(a.id) }, alice, lang), 'earn.order.not.found');
    await refuses((lang) => get(MINING_PATHS.incomes, { orderId: String(a.id) }, alice, lang), 'earn.order.not.found');
    // Over the user's bound now: what is still allowed is named.
    await refuses((lang) => post(EARN_PATHS.purchase, { productId: ids.usdt, amount: '4500' }, lang), 'earn.amount.above.max', { max: '4000', asset: 'USDT' });

    // A pool: paid daily at 01:00 after each day, the principal locked to the end.
    const pool: EarnOrderItem = ok(await post(MINING_PATHS.purchase, { productId: String(ids.pool), amount: '1000' })).order;
    expect(pool).toMatchObject({ kind: 'mining', totalIncome: '5', periods: 5, nextPayoutAt: startAt + DAY_MS + HOUR_MS, returnAt: startAt + 5 * DAY_MS + HOUR_MS });
    const schedule: EarnIncomeItem[] = ok(await get(MINING_PATHS.incomes, { orderId: String(pool.id), pageSize: '10' })).list;
    expect(schedule.map((p) => [p.period, p.dueAt - startAt, p.income, p.principal, p.paidAt])).toEqual([
      [1, DAY_MS + HOUR_MS, '1', '0', null], [2, 2 * DAY_MS + HOUR_MS, '1', '0', null], [3, 3 * DAY_MS + HOUR_MS, '1', '0', null],
      [4, 4 * DAY_MS + HOUR_MS, '1', '0', null], [5, 5 * DAY_MS + HOUR_MS, '1', '1000', null],
    ]);
    expect(ok(await get(MINING_PATHS.incomes, { orderId: String(pool.id), pageIndex: '2', pageSize: '10' }))).toEqual({ list: [], total: 5, pageIndex: 2, pageSize: 10 });
    // No early way out of a pool, asked from the wealth path or with its id as text.
    await refuses((lang) => post(EARN_PATHS.redeem, { orderId: pool.id }, lang), 'earn.mining.locked', { returnAt: pool.returnAt });
    await refuses((lang) => post(EARN_PATHS.redeem, { orderId: String(pool.id) }, lang), 'earn.mining.locked', { returnAt: pool.returnAt });

    // A wealth order transferred out before it starts earning: cancelled, principal back, no income.
    const b: EarnOrderItem = ok(await post(EARN_PATHS.purchase, { productId: ids.usdt, amount: '500' })).order;
    const cancelled: EarnOrderItem = ok(await post(EARN_PATHS.redeem, { orderId: b.id }));
    expect(cancelled).toMatchObject({ id: b.id, status: 'cancelled', paidIncome: '0', paidPrincipal: '500' });
    await refuses((lang) => post(EARN_PATHS.redeem, { orderId: b.id }, lang), 'earn.order.not.found');
    expect(await usdt(alice)).toMatchObject({ available: '18000', frozen: '2000' });

    // A day and an hour into the term: the pool's first income, on the socket too.
    const first = await pass(startAt + DAY_MS + HOUR_MS - now);
    expect(first).toMatchObject({ paid: 1, settled: 0 });
    const paid1: EarnIncomeItem[] = ok(await get(MINING_PATHS.incomes, { orderId: String(pool.id) })).list;
    expect(paid1[0]).toMatchObject({ period: 1, income: '1', paidAt: h.clock.now() });
    expect(paid1[1]!.paidAt).toBeNull();
    expect(ok(await get(MINING_PATHS.orderDetail, { orderId: String(pool.id) })).order).toMatchObject({ status: 'in_progress', paidIncome: '1', periodsPaid: 1 });
    await expect.poll(() => events(pool.id).map((e) => e.order.periodsPaid)).toEqual([0, 1]);
    expect(await usdt(alice)).toMatchObject({ available: '18001', frozen: '2000' });

    // Past the end of both: everything paid, principal back, both ended.
    expect(await pass(10 * DAY_MS)).toMatchObject({ paid: 5, settled: 2, nextDueAt: null });
    expect(ok(await get(EARN_PATHS.orderDetail, { orderId: String(a.id) })).order).toMatchObject({ status: 'settled', paidIncome: '1', paidPrincipal: '1000', nextPayoutAt: null });
    expect(ok(await get(MINING_PATHS.orderDetail, { orderId: String(pool.id) })).order).toMatchObject({ status: 'settled', paidIncome: '5', paidPrincipal: '1000', periodsPaid: 5 });
    expect(await usdt(alice)).toMatchObject({ available: '20006', frozen: '0' });
    await expect.poll(() => events(a.id).at(-1)?.order.status).toBe('settled');
    await expect.poll(() => events(pool.id).at(-1)?.order.status).toBe('settled');
    const ended = ok(await get(EARN_PATHS.orders, { status: 'ended', pageSize: '10' }));
    expect(ended.list.map((o: EarnOrderItem) => [o.id, o.status])).toEqual([[b.id, 'cancelled'], [a.id, 'settled']]);
    expect(ok(await get(EARN_PATHS.orders, { status: 'active' })).total).toBe(0);
    expect(await product(ids.usdt, alice)).toMatchObject({ held: '0', remaining: '1000000' });
    ws.close();
  });
});
