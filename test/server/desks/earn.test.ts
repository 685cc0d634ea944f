// The earn desk over a real store with a hand-moved clock: wealth products and mining pools bought from the wealth
// account within their bounds and quota, incomes paid from the treasury on the schedule of contract/earn.ts exactly
// once (across restarts, concurrent runs and a month of downtime), every order's payments adding up to its promised
// total to the unit, early transfer out of a wealth order (principal back, no income), a pool's principal locked,
// a treasury that can't fund a purchase refusing it, and the ledger balanced after every step. A 90-day product and
// a 30-day pool run to their end in well under a second of clock-moving.
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  DAY_MS, earnStartAt, gmt8DayStart, HOUR_MS, paymentOf, periodsOf, totalIncome, unitsOfText, type EarnOrderItem, type EarnProductItem,
} from '../../../server/contract/earn.ts';
import { EarnDesk, fundedPrincipal, TREASURY } from '../../../server/desks/earn/desk.ts';
import { LeaseHeldError } from '../../../server/desks/lease.ts';
import { termsOf } from '../../../server/desks/earn/state.ts';
import { assetRecords } from '../../../server/desks/queries.ts';
import { describeDialects } from '../dialects.ts';
import { openWorld, U1, U2, U3, value, type World } from './world.ts';

const E8 = 100_000_000n;
const units = (text: string): bigint => unitsOfText(text)!;

describeDialects('earn desk', (dialect) => {
  let w: World;
  let wealth30: EarnProductItem;
  let wealth90: EarnProductItem;
  let pool30: EarnProductItem;
  let poolDaily: EarnProductItem;

  const earnBalance = async (user: number, asset = 'USDT') => {
    const b = value(await w.desks.earn.balances(user)).find((x) => x.asset === asset);
    return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
  };
  const fund = async (asset: string, amount: string, id: string) =>
    value(await w.desks.earn.fundTreasury({ action: 'credit', asset, amount, memo: 'test-treasury', requestId: `treasury-${id}` }));
  const make = async (o: Parameters<World['desks']['earn']['createProduct']>[0]) => {
    const r = await w.desks.earn.createProduct(o);
    if (!r.ok) throw new Error(`refused: ${r.code} ${JSON.stringify('data' in r ? r.data : {})}`);
    return r.value;
  };
  const buy = async (user: number, p: EarnProductItem, amount: string, clientId?: string) => {
    const r = await w.desks.earn.purchase({ user, kind: p.kind, productId: p.id, amount, clientId });
    if (!r.ok) throw new Error(`refused: ${r.code}`);
    return r.value.order;
  };
  /** Moves the clock to `t` and pays what is due. */
  const until = async (t: number) => {
    if (t > w.clock.now()) w.clock.advance(t - w.clock.now());
    return w.desks.earn.runDue();
  };

  beforeEach(async () => {
    w = await openWorld(dialect);
    // 2026-03-10 09:30 GMT+8
    const base = Date.UTC(2026, 2, 10, 1, 30);
    if (base > w.clock.now()) w.clock.advance(base - w.clock.now());
    wealth30 = await make({ kind: 'wealth', name: 'USDT 30d', asset: 'USDT', termDays: 30, rate: '0.05', minAmount: '10', maxAmount: '5000', quota: '8000' });
    wealth90 = await make({ kind: 'wealth', name: 'USDT 90d', asset: 'USDT', termDays: 90, rate: '0.0733', minAmount: '1', maxAmount: '100000', quota: '1000000' });
    pool30 = await make({ kind: 'mining', name: 'USDT pool', asset: 'USDT', termDays: 30, rate: '0.00137', minAmount: '100', maxAmount: '100000', quota: '1000000', incomeRelease: 'daily' });
    poolDaily = await make({
      kind: 'mining', name: 'BTC pool', asset: 'BTC', incomeAsset: 'ETH', termDays: 7, rate: '0.0011', minAmount: '0.01', maxAmount: '10', quota: '100',
      incomeRelease: 'daily', rebateType: 'daily',
    });
    await fund('USDT', '100000', 'usdt-1');
    await fund('ETH', '10', 'eth-1');
    await w.credit(U1, 'USDT', '200000', 'earn');
    await w.credit(U2, 'USDT', '200000', 'earn');
    await w.credit(U1, 'BTC', '5', 'earn');
  });
  afterEach(async () => {
    await w.dispose();
  });

  it('pays a 90-day product at maturity and a 30-day pool daily at 01:00 GMT+8, each exactly once across restarts, adding up to the promised totals', async () => {
    const bought = w.clock.now();
    const a = await buy(U1, wealth90, '12345.67891234');
    const m = await buy(U1, pool30, '1000.00000007');
    const d = await buy(U1, poolDaily, '1.23456789');
    const start = gmt8DayStart(bought) + DAY_MS;
    expect(a.startAt).toBe(start);
    expect(new Date(start).toISOString()).toBe('2026-03-10T16:00:00.000Z'); // 00:00 GMT+8 on the 11th
    expect(a.status).toBe('purchasing');
    expect(a.endAt).toBe(start + 90 * DAY_MS);
    expect(a.nextPayoutAt).toBe(start + 90 * DAY_MS);
    expect(m.nextPayoutAt).toBe(start + DAY_MS + HOUR_MS); // first income at 01:00 after the first day
    expect(m.periods).toBe(30);
    // The promised totals: floor(P × rate × days / 365) and floor(P × daily × days).
    expect(units(a.totalIncome)).toBe((units('12345.67891234') * units('0.0733') * 90n) / (E8 * 365n));
    expect(units(m.totalIncome)).toBe((units('1000.00000007') * units('0.00137') * 30n) / E8);
    const before = await earnBalance(U1);
    expect(before.frozen).toBe('13345.67891241');
    // Nothing before the first instant.
    expect((await until(start + DAY_MS + HOUR_MS - 1)).paid).toBe(0);
    // Day by day with a restart every 9 days; a second run at the same instant pays nothing.
    const paidAt = new Map<string, number>();
    for (let day = 1; day <= 91; day++) {
      const r = await until(start + day * DAY_MS + HOUR_MS);
      expect((await w.desks.earn.runDue()).paid).toBe(0);
      if (day <= 7) expect(r.paid).toBe(day <= 30 ? 2 : 0); // pool30 and poolDaily
      if (day % 9 === 0) await w.restart();
      if (day % 30 === 0) await w.check();
      void paidAt;
    }
    await w.check();
    // Every payment row: its instant, and the sums equal the totals to the unit.
    for (const o of [a, m, d]) {
      const kind = o.kind;
      const detail = (await w.desks.earn.order(U1, kind, o.id))!;
      expect(detail.status).toBe('settled');
      expect(detail.periodsPaid).toBe(detail.periods);
      expect(detail.paidIncome).toBe(detail.totalIncome);
      expect(detail.paidPrincipal).toBe(detail.principal);
      const page = value(await w.desks.earn.incomes({ user: U1, kind, orderId: o.id, pageIndex: 1, pageSize: 200 }));
      expect(page.total).toBe(detail.periods);
      let income = 0n;
      let principal = 0n;
      for (const p of page.list) {
        expect(p.paidAt).not.toBeNull();
        const due = paymentOf(termsOf({ ...o, rate: units(o.rate) }), units(o.principal), units(o.totalIncome), o.startAt, p.period);
        expect(p.dueAt).toBe(due.dueAt);
        expect(p.paidAt!).toBeGreaterThanOrEqual(p.dueAt);
        expect(p.income).toBe(textOf(due.income));
        income += units(p.income);
        principal += units(p.principal);
      }
      expect(income).toBe(units(detail.totalIncome));
      expect(principal).toBe(units(detail.principal));
    }
    // Balances: every principal back, every income in.
    const after = await earnBalance(U1);
    expect(after.frozen).toBe('0');
    expect(units(after.available)).toBe(units(before.available) + units('13345.67891241') + units(a.totalIncome) + units(m.totalIncome));
    expect((await earnBalance(U1, 'BTC')).available).toBe('5');
    expect(units((await earnBalance(U1, 'ETH')).available)).toBe(units(d.totalIncome));
    // The treasury paid exactly what it promised, and owes nothing now.
    const treasury = w.desks.earn.treasury();
    expect(treasury.find((t) => t.asset === 'USDT')).toEqual({ asset: 'USDT', balance: textOf(100000n * E8 - units(a.totalIncome) - units(m.totalIncome)), owed: '0', free: textOf(100000n * E8 - units(a.totalIncome) - units(m.totalIncome)) });
    // Records: purchase, 30 mining incomes, maturity income and principal.
    const records = value(await assetRecords(w.store, { user: U1, wallet: 'earn', pageSize: 200 }));
    const types = records.list.map((r) => r.type);
    expect(types.filter((t) => t === 'financial_purchase')).toHaveLength(1);
    expect(types.filter((t) => t === 'financial_income')).toHaveLength(1);
    expect(types.filter((t) => t === 'financial_return')).toHaveLength(1);
    expect(types.filter((t) => t === 'mining_purchase')).toHaveLength(2);
    expect(types.filter((t) => t === 'mining_income')).toHaveLength(30 + 7);
    expect(types.filter((t) => t === 'mining_return')).toHaveLength(1 + 7);
  });

  it('catches up a month of downtime at start, each payment with its own due instant, once', async () => {
    const m = await buy(U2, pool30, '5000');
    await w.desks.close();
    w.clock.advance(40 * DAY_MS);
    w.desks = await w.restart();
    const first = await w.desks.earn.runDue();
    expect(first.paid).toBe(30);
    expect(first.settled).toBe(1);
    expect((await w.desks.earn.runDue()).paid).toBe(0);
    await w.restart();
    expect((await w.desks.earn.runDue()).paid).toBe(0);
    const page = value(await w.desks.earn.incomes({ user: U2, kind: 'mining', orderId: m.id, pageIndex: 1, pageSize: 50 }));
    expect(page.list.map((p) => p.dueAt)).toEqual(Array.from({ length: 30 }, (_, i) => m.startAt + (i + 1) * DAY_MS + HOUR_MS));
    const sum = page.list.reduce((s, p) => s + units(p.income), 0n);
    expect(sum).toBe(units(m.totalIncome));
    await w.check();
  });

  it('refuses bad purchases with their bound and changes nothing', async () => {
    const before = { bal: await earnBalance(U1), treasury: w.desks.earn.treasury(), records: value(await assetRecords(w.store, { user: U1 })).total };
    const refusal = async (r: Promise<{ ok: boolean; code?: string; data?: unknown }>) => {
      const x = (await r) as { ok: boolean; code?: string; data?: Record<string, unknown> };
      expect(x.ok).toBe(false);
      return { code: x.code, data: x.data };
    };
    const p = (productId: number, amount: string, kind: 'wealth' | 'mining' = 'wealth', user = U1) => w.desks.earn.purchase({ user, kind, productId, amount });
    expect(await refusal(p(wealth30.id, '9.99'))).toEqual({ code: 'earn.amount.below.min', data: { min: '10' } });
    expect(await refusal(p(wealth30.id, '5000.00000001'))).toEqual({ code: 'earn.amount.above.max', data: { max: '5000' } });
    expect((await refusal(p(wealth30.id, '0'))).code).toBe('amount.invalid');
    expect((await refusal(p(wealth30.id, '-1'))).code).toBe('amount.invalid');
    expect((await refusal(p(wealth30.id, '1.123456789'))).code).toBe('amount.invalid');
    expect((await refusal(p(wealth30.id, 'abc'))).code).toBe('amount.invalid');
    expect((await refusal(p(999, '100'))).code).toBe('earn.product.not.found');
    expect((await refusal(p(pool30.id, '100', 'wealth'))).code).toBe('earn.product.not.found');
    expect((await refusal(p(wealth30.id, '100', 'wealth', U3))).code).toBe('funds.insufficient');
    expect((await refusal(w.desks.earn.purchase({ user: U1, kind: 'wealth', productId: wealth30.id, amount: '100', clientId: 'bad id!' }))).code).toBe('order.client.id.invalid');
    value(await w.desks.earn.updateProduct(wealth30.id, { status: 'closed' }));
    expect((await refusal(p(wealth30.id, '100'))).code).toBe('earn.product.closed');
    expect(w.desks.earn.products('wealth').map((x) => x.id)).not.toContain(wealth30.id);
    expect(w.desks.earn.products('wealth', { all: true }).map((x) => x.id)).toContain(wealth30.id);
    value(await w.desks.earn.updateProduct(wealth30.id, { status: 'open' }));
    // Redeem: someone else's order, an unknown one, a pool's (locked).
    const mine = await buy(U2, pool30, '100');
    expect((await refusal(w.desks.earn.redeem({ user: U1, kind: 'mining', orderId: mine.id }))).code).toBe('earn.order.not.found');
    expect((await refusal(w.desks.earn.redeem({ user: U2, kind: 'wealth', orderId: mine.id }))).code).toBe('earn.order.not.found');
    expect((await refusal(w.desks.earn.redeem({ user: U2, kind: 'mining', orderId: mine.id }))).code).toBe('earn.mining.locked');
    expect((await refusal(w.desks.earn.redeem({ user: U2, kind: 'wealth', orderId: 12345 }))).code).toBe('earn.order.not.found');
    expect(await earnBalance(U1)).toEqual(before.bal);
    expect(value(await assetRecords(w.store, { user: U1 })).total).toBe(before.records);
    // An operator's unfreeze can't release a pool's locked principal.
    const unfreeze = await w.desks.earn.adjust({ user: U2, asset: 'USDT', amount: '1', action: 'unfreeze', memo: 'try' });
    expect(unfreeze).toEqual({ ok: false, code: 'funds.frozen.insufficient' });
    await w.check();
  });

  it('never oversells a quota or a user maximum under concurrent purchases', async () => {
    // wealth30: quota 8,000, max 5,000 a user. 40 purchases of 300 from two users at once.
    const tries = Array.from({ length: 40 }, (_, i) => w.desks.earn.purchase({ user: i % 2 === 0 ? U1 : U2, kind: 'wealth', productId: wealth30.id, amount: '300' }));
    const replies = await Promise.all(tries);
    const ok = replies.filter((r) => r.ok).length;
    expect(ok).toBe(26); // 8,000 / 300 = 26 (7,800), each user ≤ 16 (4,800)
    const codes = new Set(replies.filter((r) => !r.ok).map((r) => (r as { code: string }).code));
    expect([...codes]).toEqual(['earn.sold.out']);
    const item = w.desks.earn.product(wealth30.id, U1)!;
    expect(item.remaining).toBe('200');
    expect(item.held).toBe('3900');
    await w.check();
  });

  it('runs in one process at a time: a second desk on the same store is refused while the first holds the lease', async () => {
    await expect(EarnDesk.open({ store: w.store, bus: w.bus, clock: w.clock.now, holder: 'another-process' })).rejects.toThrow(LeaseHeldError);
  });

  it('makes one order of 50 identical purchases raced at once, and refuses a huge amount', async () => {
    const same = { user: U1, kind: 'wealth' as const, productId: wealth30.id, amount: '100', clientId: 'race-1' };
    const replies = await Promise.all(Array.from({ length: 50 }, () => w.desks.earn.purchase(same)));
    const ids = new Set(replies.map((r) => (r.ok ? r.value.order.id : -1)));
    expect(ids.size).toBe(1);
    expect(replies.filter((r) => r.ok && !r.value.duplicate)).toHaveLength(1);
    expect((await earnBalance(U1)).frozen).toBe('100');
    const huge = await w.desks.earn.purchase({ user: U1, kind: 'wealth', productId: wealth30.id, amount: '99999999999999999999999' });
    expect(huge.ok).toBe(false);
    expect((await earnBalance(U1)).frozen).toBe('100');
    await w.check();
  });

  it('answers a repeated client id with the first order', async () => {
    const one = await buy(U1, wealth30, '100', 'c-1');
    const again = await w.desks.earn.purchase({ user: U1, kind: 'wealth', productId: wealth30.id, amount: '999', clientId: 'c-1' });
    expect(again.ok && again.value.duplicate).toBe(true);
    expect(again.ok && again.value.order.id).toBe(one.id);
    await w.restart();
    const third = await w.desks.earn.purchase({ user: U1, kind: 'wealth', productId: wealth30.id, amount: '999', clientId: 'c-1' });
    expect(third.ok && third.value.duplicate).toBe(true);
    expect((await earnBalance(U1)).frozen).toBe('100');
  });

  it('transfers a wealth order out early: before the start cancelled, after it redeemed, principal back and no income', async () => {
    const early = await buy(U1, wealth30, '1000');
    const late = await buy(U1, wealth30, '2000');
    const cancelled = value(await w.desks.earn.redeem({ user: U1, kind: 'wealth', orderId: early.id }) as never) as EarnOrderItem;
    expect(cancelled.status).toBe('cancelled');
    await until(late.startAt + 10 * DAY_MS);
    const redeemed = value(await w.desks.earn.redeem({ user: U1, kind: 'wealth', orderId: late.id }) as never) as EarnOrderItem;
    expect(redeemed.status).toBe('redeemed');
    expect(redeemed.paidIncome).toBe('0');
    expect(await earnBalance(U1)).toEqual({ available: '200000', frozen: '0' });
    // The promise is released: the treasury owes nothing, and nothing is paid at the old maturity.
    expect(w.desks.earn.treasury().find((t) => t.asset === 'USDT')!.owed).toBe('0');
    expect((await until(late.endAt + DAY_MS)).paid).toBe(0);
    const records = value(await assetRecords(w.store, { user: U1, wallet: 'earn', types: ['cancel_financial'] }));
    expect(records.total).toBe(2);
    await w.check();
  });

  it('stops purchases the treasury cannot fund, says how much it can, and never lets the operator take promised money', async () => {
    // The USDT treasury holds 100,000. wealth90 at 7.33 % for 90 days: fundedPrincipal says the most it covers.
    const most = fundedPrincipal({ kind: 'wealth', rate: units('0.0733'), termDays: 90 }, 100000n * E8);
    expect(totalIncome({ kind: 'wealth', rate: units('0.0733'), termDays: 90 }, most)).toBeLessThanOrEqual(100000n * E8);
    expect(totalIncome({ kind: 'wealth', rate: units('0.0733'), termDays: 90 }, most + 1n)).toBeGreaterThan(100000n * E8);
    await w.credit(U3, 'USDT', '10000000', 'earn');
    value(await w.desks.earn.updateProduct(wealth90.id, { maxAmount: '10000000', quota: '10000000' }));
    const tooMuch = await w.desks.earn.purchase({ user: U3, kind: 'wealth', productId: wealth90.id, amount: '6000000' });
    expect(tooMuch.ok).toBe(false);
    expect(!tooMuch.ok && tooMuch.code).toBe('earn.treasury.insufficient');
    const order = await buy(U3, wealth90, '500000');
    const owed = units(order.totalIncome);
    const t = w.desks.earn.treasury().find((x) => x.asset === 'USDT')!;
    expect(units(t.owed)).toBe(owed);
    // A debit may take only what is free of promises.
    const greedy = await w.desks.earn.fundTreasury({ action: 'debit', asset: 'USDT', amount: textOf(100000n * E8 - owed + 1n), memo: 'take', requestId: 'take-0001' });
    expect(greedy).toEqual({ ok: false, code: 'funds.insufficient' });
    value(await w.desks.earn.fundTreasury({ action: 'debit', asset: 'USDT', amount: textOf(100000n * E8 - owed), memo: 'take', requestId: 'take-0002' }));
    // Nothing free now: the lists say not funded and purchases are refused, with what is still available (0).
    expect(w.desks.earn.product(wealth90.id)!.funded).toBe(false);
    const refused = await w.desks.earn.purchase({ user: U3, kind: 'wealth', productId: wealth90.id, amount: '1' });
    // (A principal whose income rounds down to nothing needs no funding: 0.00000055 at 7.33 % for 90 days.)
    expect(refused).toEqual({ ok: false, code: 'earn.treasury.insufficient', data: { capacity: textOf(fundedPrincipal({ kind: 'wealth', rate: units('0.0733'), termDays: 90 }, 0n)) } });
    // The promised income is still paid at maturity, from the treasury, to the unit.
    await until(order.endAt + 1);
    expect((await w.desks.earn.order(U3, 'wealth', order.id))!.status).toBe('settled');
    // Every unit the treasury held went to the promised income: empty, owing nothing (an empty coin isn't listed).
    expect(w.desks.earn.treasury().find((x) => x.asset === 'USDT')).toBeUndefined();
    const stored = (await w.store.ledger.systemBalances()).find((b) => b.account === TREASURY && b.asset === 'USDT');
    expect(stored?.amount ?? 0n).toBe(0n);
    await w.check();
  });

  it('validates the operator\'s products', async () => {
    const bad = async (o: Partial<Parameters<World['desks']['earn']['createProduct']>[0]>) => {
      const r = await w.desks.earn.createProduct({ kind: 'wealth', name: 'x', asset: 'USDT', termDays: 30, rate: '0.05', minAmount: '1', maxAmount: '10', quota: '100', ...o });
      expect(r.ok).toBe(false);
      return !r.ok ? r.code : '';
    };
    expect(await bad({ rate: '0' })).toBe('earn.product.invalid');
    expect(await bad({ rate: '11' })).toBe('earn.product.invalid');
    expect(await bad({ termDays: 0 })).toBe('earn.product.invalid');
    expect(await bad({ minAmount: '20' })).toBe('earn.product.invalid');
    expect(await bad({ incomeAsset: 'BTC' })).toBe('earn.product.invalid');
    expect(await bad({ rebateType: 'daily' })).toBe('earn.product.invalid');
    expect(await bad({ name: '' })).toBe('earn.product.invalid');
    expect(await bad({ asset: 'usdt!' })).toBe('earn.product.invalid');
    expect(w.desks.earn.products(null, { all: true })).toHaveLength(4);
    // The operator's request id: a repeat, even after a restart, answers the product it added.
    const add = { kind: 'wealth' as const, name: 'Again', asset: 'USDT', termDays: 14, rate: '0.03', minAmount: '1', maxAmount: '10', quota: '100', requestId: 'req-add-0001' };
    const first = await w.desks.earn.createProduct(add);
    await w.restart();
    const again = await w.desks.earn.createProduct({ ...add, name: 'Other' });
    expect(first.ok && again.ok && again.value.id === first.value.id && again.value.duplicate === true && again.value.name === 'Again').toBe(true);
    expect(w.desks.earn.products(null, { all: true })).toHaveLength(5);
  });

  it('the schedule: start at the next 00:00 GMT+8, even for a purchase at 23:59 or exactly at 00:00', () => {
    const midnight = Date.UTC(2026, 5, 1, 16, 0); // 00:00 GMT+8 on 2 June
    expect(earnStartAt(midnight - 60_000)).toBe(midnight);
    expect(earnStartAt(midnight)).toBe(midnight + DAY_MS);
    expect(periodsOf({ termDays: 30, incomeRelease: 'end', rebateType: 'end' })).toBe(1);
    expect(periodsOf({ termDays: 30, incomeRelease: 'daily', rebateType: 'end' })).toBe(30);
  });
});

function textOf(v: bigint): string {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const frac = (a % E8).toString().padStart(8, '0').replace(/0+$/, '');
  return `${neg ? '-' : ''}${a / E8}${frac ? `.${frac}` : ''}`;
}
