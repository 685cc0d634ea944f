// Binance's Simple Earn (Locked) endpoints for the wealth products (server/gateway/binance/earn.ts), called by the real
// ccxt `binance` class through its implicit /sapi methods against a listening server whose clock the test moves:
// the products listed as projects (pools and closed products not), subscriptions from spot (a transfer into the
// wealth account), from the wealth account and from both (the split in the record), refusals as Binance's -6xxx codes
// mapped to ccxt's exception types with nothing changed (what was moved from spot goes back), positions, the incomes
// paid on their days as rewards records, an early redemption (principal back, no income), the account's valuation,
// and Binance's key and signature rules.
import ccxt from 'ccxt';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, partOf, totalIncome, unitsOfText, textOfUnits } from '../../../server/contract/earn.ts';
import type { EarnProductCreate } from '../../../server/desks/earn/api.ts';
import { REQUIRE_REAL_NAME_KEY } from '../../../server/gateway/routes/spot/guard.ts';
import { openBinance, pointAt, type BinanceHarness, type Key } from '../binance/harness.ts';
import { describeDialects } from '../dialects.ts';

const units = (t: string) => unitsOfText(t)!;

interface Project {
  projectId: string;
  detail: { asset: string; rewardAsset: string; duration: number; renewable: boolean; isSoldOut: boolean; apr: string; status: string; subscriptionStartTime: number };
  quota: { totalPersonalQuota: string; minimum: string };
}
interface Position {
  positionId: number;
  projectId: string;
  asset: string;
  amount: string;
  purchaseTime: string;
  duration: string;
  accrualDays: string;
  rewardAsset: string;
  APY: string;
  rewardAmt: string;
  nextPay: string;
  nextPayDate: string;
  payPeriod: string;
  redeemAmountEarly: string;
  rewardsEndDate: string;
  deliverDate: string;
  status: string;
}

describeDialects('binance simple earn (locked) through ccxt', (dialect) => {
  let h: BinanceHarness;
  let ex: InstanceType<typeof ccxt.binance>;
  let readOnly: InstanceType<typeof ccxt.binance>;
  let user: number;
  let key: Key;
  const ids = { ten: 0, daily: 0, btc: 0, pool: 0, closed: 0 };
  let nth = 0;

  const create = async (p: EarnProductCreate) => {
    const r = await h.desks.earn.createProduct(p);
    if (!r.ok) throw new Error(`createProduct: ${r.code}`);
    return r.value.id;
  };
  /** ccxt signs with its own clock less `timeDifference`: follow the test's clock, a distinct timestamp each call. */
  const sync = (...clients: Array<InstanceType<typeof ccxt.binance>>) => {
    for (const c of clients) c.options['timeDifference'] = Date.now() - h.clock.now() + (nth++ % 1000);
  };
  /** One of ccxt's implicit methods (sapiGetSimpleEarnLockedList…), by name. */
  const api = <T>(method: string, params: Record<string, string> = {}, client = ex): Promise<T> => {
    sync(client);
    return (client as unknown as Record<string, (p: Record<string, string>) => Promise<T>>)[method]!(params);
  };
  const spotUsdt = async () => {
    const r = await h.desks.spot.balances(user);
    if (!r.ok) throw new Error(r.code);
    return r.value.find((b) => b.asset === 'USDT')?.available ?? '0';
  };
  const wealth = async (asset = 'USDT') => {
    const r = await h.desks.earn.balances(user);
    if (!r.ok) throw new Error(r.code);
    const b = r.value.find((x) => x.asset === asset);
    return { available: b?.available ?? '0', frozen: b?.frozen ?? '0' };
  };

  beforeAll(async () => {
    h = await openBinance(dialect);
    ids.ten = await create({ kind: 'wealth', name: 'USDT 10 days', asset: 'USDT', termDays: 10, rate: '0.0365', minAmount: '10', maxAmount: '5000', quota: '100000' });
    ids.daily = await create({ kind: 'wealth', name: 'USDT 5 days daily', asset: 'USDT', termDays: 5, rate: '0.073', minAmount: '1', maxAmount: '1000', quota: '10000', incomeRelease: 'daily' });
    ids.btc = await create({ kind: 'wealth', name: 'BTC 30 days', asset: 'BTC', termDays: 30, rate: '0.02', minAmount: '0.001', maxAmount: '1', quota: '10' });
    ids.pool = await create({ kind: 'mining', name: 'USDT pool', asset: 'USDT', termDays: 5, rate: '0.001', minAmount: '10', maxAmount: '1000', quota: '10000', incomeRelease: 'daily' });
    ids.closed = await create({ kind: 'wealth', name: 'closed', asset: 'USDT', termDays: 7, rate: '0.05', minAmount: '10', maxAmount: '1000', quota: '10000', status: 'closed' });
    for (const [asset, amount] of [['USDT', '100000'], ['BTC', '1']] as const) {
      const r = await h.desks.earn.fundTreasury({ action: 'credit', asset, amount, memo: 'test-treasury', requestId: `sapi-earn-${asset}` });
      expect(r.ok).toBe(true);
    }
    user = await h.user('earn-bot@example.com');
    await h.credit(user, 'USDT', '10000');
    expect((await h.desks.earn.adjust({ user, asset: 'USDT', amount: '2000', action: 'credit', memo: 'test' })).ok).toBe(true);
    key = await h.key(user, { trade: true });
    const viewKey = await h.key(user, { trade: false });
    const address = await h.app.listen({ host: '127.0.0.1', port: 0 });
    const client = (k: Key) => {
      const c = new ccxt.binance({ apiKey: k.apiKey, secret: k.secret, enableRateLimit: false, options: { adjustForTimeDifference: false, fetchCurrencies: false } });
      pointAt(c, address);
      return c;
    };
    ex = client(key);
    readOnly = client(viewKey);
  });
  afterAll(() => h?.dispose());

  it('lists the open wealth products as locked projects, by asset and page; pools and closed products are not listed', async () => {
    const all = await api<{ rows: Project[]; total: number }>('sapiGetSimpleEarnLockedList', {});
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.projectId)).toEqual([ids.ten, ids.daily, ids.btc].map(String));
    expect(all.rows[0]).toEqual({
      projectId: String(ids.ten),
      detail: { asset: 'USDT', rewardAsset: 'USDT', duration: 10, renewable: false, isSoldOut: false, apr: '0.0365', status: 'PURCHASING', subscriptionStartTime: h.clock.now() },
      quota: { totalPersonalQuota: '5000', minimum: '10' },
    });
    const btc = await api<{ rows: Project[]; total: number }>('sapiGetSimpleEarnLockedList', { asset: 'BTC' });
    expect([btc.total, btc.rows.map((r) => r.projectId)]).toEqual([1, [String(ids.btc)]]);
    const page2 = await api<{ rows: Project[]; total: number }>('sapiGetSimpleEarnLockedList', { size: '2', current: '2' });
    expect([page2.total, page2.rows.map((r) => r.projectId)]).toEqual([3, [String(ids.btc)]]);
  });

  it('subscribes from spot (moved into the wealth account), from the wealth account, and from both; the records say which', async () => {
    const spot0 = units(await spotUsdt());
    const fromSpot = await api<{ purchaseId: number; positionId: string; success: boolean }>('sapiPostSimpleEarnLockedSubscribe', { projectId: String(ids.ten), amount: '1000' });
    expect(fromSpot).toEqual({ purchaseId: expect.any(Number), positionId: String(fromSpot.purchaseId), success: true });
    expect(units(await spotUsdt())).toBe(spot0 - units('1000'));
    expect(await wealth()).toEqual({ available: '2000', frozen: '1000' });
    const fromFund = await api<{ purchaseId: number }>('sapiPostSimpleEarnLockedSubscribe', { projectId: String(ids.ten), amount: '500', sourceAccount: 'FUND' });
    expect(await wealth()).toEqual({ available: '1500', frozen: '1500' });
    // ALL: the wealth account's 1,500 and 300 more from spot.
    const fromBoth = await api<{ purchaseId: number }>('sapiPostSimpleEarnLockedSubscribe', { projectId: String(ids.ten), amount: '1800', sourceAccount: 'ALL', autoSubscribe: 'false' });
    expect(await wealth()).toEqual({ available: '0', frozen: '3300' });
    expect(units(await spotUsdt())).toBe(spot0 - units('1300'));
    const records = await api<{ rows: Array<Record<string, unknown>>; total: number }>('sapiGetSimpleEarnLockedHistorySubscriptionRecord', {});
    expect(records.total).toBe(3);
    expect(records.rows).toEqual([
      {
        positionId: fromBoth.purchaseId, purchaseId: String(fromBoth.purchaseId), projectId: String(ids.ten), time: h.clock.now(), asset: 'USDT', amount: '1800',
        lockPeriod: '10', type: 'NORMAL', sourceAccount: 'SPOTANDFUNDING', amtFromSpot: '300', amtFromFunding: '1500', status: 'SUCCESS',
      },
      expect.objectContaining({ positionId: fromFund.purchaseId, amount: '500', sourceAccount: 'FUNDING' }),
      expect.objectContaining({ positionId: fromSpot.purchaseId, amount: '1000', sourceAccount: 'SPOT' }),
    ]);
    const one = await api<{ rows: Array<{ positionId: number }> }>('sapiGetSimpleEarnLockedHistorySubscriptionRecord', { purchaseId: String(fromFund.purchaseId) });
    expect(one.rows.map((r) => r.positionId)).toEqual([fromFund.purchaseId]);
    // A window before the purchases finds none.
    const before = await api<{ total: number }>('sapiGetSimpleEarnLockedHistorySubscriptionRecord', { endTime: String(h.clock.now() - 1) });
    expect(before.total).toBe(0);
  });

  it('refuses with Binance\'s Simple Earn codes as ccxt\'s exception types, and changes nothing', async () => {
    const state = async () => ({ spot: await spotUsdt(), wealth: await wealth(), positions: (await api<{ total: number }>('sapiGetSimpleEarnLockedPosition', {})).total });
    const before = await state();
    // ccxt picks its per-host table of Binance's codes by the URL (https://api.binance.com/…): pointed at this server
    // it raises ExchangeError with Binance's code and message for the -6xxx ones; its table says the type a bot on
    // Binance's own host gets, which is what each code is chosen for.
    const spotTable = (ex.exceptions as unknown as { spot: { exact: Record<string, unknown> } }).spot.exact;
    const refused = async (params: Record<string, string>, type: typeof ccxt.BaseError, code: string, client = ex) => {
      const error = await api('sapiPostSimpleEarnLockedSubscribe', params, client).then(() => null, (e: unknown) => e);
      expect(error, JSON.stringify(params)).toBeInstanceOf(code.startsWith('-6') ? ccxt.ExchangeError : type);
      expect(String((error as Error).message)).toContain(`"code":${code}`);
      if (code.startsWith('-6')) expect(spotTable[code], code).toBe(type);
    };
    await refused({ projectId: String(ids.ten), amount: '9.99' }, ccxt.BadRequest, '-6005'); // below the minimum (moved from spot and back)
    await refused({ projectId: String(ids.ten), amount: '1800' }, ccxt.OperationRejected, '-6011'); // 3,300 held of 5,000
    await refused({ projectId: String(ids.btc), amount: '0.5' }, ccxt.InsufficientFunds, '-6012'); // no BTC anywhere
    await refused({ projectId: String(ids.pool), amount: '100' }, ccxt.BadRequest, '-6020'); // a pool is no locked product
    await refused({ projectId: String(ids.closed), amount: '100' }, ccxt.BadRequest, '-6004');
    await refused({ projectId: '999', amount: '100' }, ccxt.BadRequest, '-6020');
    await refused({ projectId: String(ids.ten), amount: '100', autoSubscribe: 'true' }, ccxt.BadRequest, '-6016');
    await refused({ projectId: String(ids.ten), amount: '100', redeemTo: 'FLEXIBLE' }, ccxt.BadRequest, '-6016');
    await refused({ projectId: String(ids.ten), amount: '100', sourceAccount: 'MARGIN' }, ccxt.BadRequest, '-1100');
    await refused({ projectId: String(ids.ten), amount: '1.123456789' }, ccxt.BadRequest, '-1111');
    await refused({ projectId: String(ids.ten), amount: '100' }, ccxt.AuthenticationError, '-2015', readOnly); // a read-only key
    // The operator requires identity verification: refused until the user is verified.
    await h.store.config.set(REQUIRE_REAL_NAME_KEY, '1', h.clock.now());
    await refused({ projectId: String(ids.ten), amount: '100' }, ccxt.PermissionDenied, '-6017');
    await h.store.config.set(REQUIRE_REAL_NAME_KEY, '0', h.clock.now());
    expect(await state()).toEqual(before);
  });

  it('shows positions, pays daily incomes on their days as rewards records, and redeems early with the principal only', async () => {
    const bought = h.clock.now();
    const daily = await api<{ purchaseId: number }>('sapiPostSimpleEarnLockedSubscribe', { projectId: String(ids.daily), amount: '600', sourceAccount: 'SPOT' });
    const positions = await api<{ rows: Position[]; total: number }>('sapiGetSimpleEarnLockedPosition', {});
    expect(positions.total).toBe(4);
    const p = positions.rows.find((r) => r.positionId === daily.purchaseId)!;
    const start = Date.UTC(2026, 0, 15, 16, 0); // 00:00 GMT+8 after the purchase
    const total = totalIncome({ kind: 'wealth', rate: units('0.073'), termDays: 5 }, units('600'));
    expect(p).toMatchObject({
      projectId: String(ids.daily), asset: 'USDT', amount: '600', purchaseTime: String(bought), duration: '5', accrualDays: '0', rewardAsset: 'USDT', APY: '0.073',
      rewardAmt: '0', nextPay: textOfUnits(partOf(total, 1, 5)), nextPayDate: String(start + DAY_MS), payPeriod: '1', redeemAmountEarly: '600',
      rewardsEndDate: String(start + 5 * DAY_MS), deliverDate: String(start + 5 * DAY_MS), status: 'HOLDING',
    });
    const filtered = await api<{ rows: Position[] }>('sapiGetSimpleEarnLockedPosition', { positionId: String(daily.purchaseId) });
    expect(filtered.rows.map((r) => r.positionId)).toEqual([daily.purchaseId]);
    expect((await api<{ total: number }>('sapiGetSimpleEarnLockedPosition', { asset: 'BTC' })).total).toBe(0);

    // Three days pass: three daily incomes, each its part of the total, paid at 00:00 GMT+8.
    h.clock.advance(start + 3 * DAY_MS + HOUR_MS - h.clock.now());
    expect((await h.desks.earn.runDue()).paid).toBe(3);
    const rewards = await api<{ rows: Array<Record<string, unknown>>; total: number }>('sapiGetSimpleEarnLockedHistoryRewardsRecord', { positionId: String(daily.purchaseId) });
    expect(rewards.total).toBe(3);
    expect(rewards.rows).toEqual([3, 2, 1].map((k) => ({
      positionId: daily.purchaseId, time: h.clock.now(), asset: 'USDT', lockPeriod: '5', amount: textOfUnits(partOf(total, k, 5)), type: 'Locked Rewards',
    })));
    const paid = partOf(total, 1, 5) + partOf(total, 2, 5) + partOf(total, 3, 5);
    const after = (await api<{ rows: Position[] }>('sapiGetSimpleEarnLockedPosition', { positionId: String(daily.purchaseId) })).rows[0]!;
    expect([after.accrualDays, after.rewardAmt, after.nextPay, after.nextPayDate]).toEqual(['3', textOfUnits(paid), textOfUnits(partOf(total, 4, 5)), String(start + 4 * DAY_MS)]);

    // Early redemption: the principal back to the wealth account, the incomes already paid kept, no more.
    const w0 = await wealth();
    const redeemed = await api<{ redeemId: number; success: boolean }>('sapiPostSimpleEarnLockedRedeem', { positionId: String(daily.purchaseId) });
    expect(redeemed).toEqual({ redeemId: daily.purchaseId, success: true });
    const w1 = await wealth();
    expect([units(w1.available) - units(w0.available), units(w0.frozen) - units(w1.frozen)]).toEqual([units('600'), units('600')]);
    expect((await api<{ rows: Position[] }>('sapiGetSimpleEarnLockedPosition', { positionId: String(daily.purchaseId) })).rows).toEqual([]);
    const again = await api('sapiPostSimpleEarnLockedRedeem', { positionId: String(daily.purchaseId) }).then(() => null, (e: unknown) => e);
    expect(String((again as Error).message)).toContain('"code":-6008'); // OperationRejected on Binance's host
    const foreign = await api('sapiPostSimpleEarnLockedRedeem', { positionId: '987654' }).then(() => null, (e: unknown) => e);
    expect(String((foreign as Error).message)).toContain('"code":-6003'); // PermissionDenied there
  });

  it('values the locked principal in USDT and BTC, and pays the 10-day products at maturity as rewards', async () => {
    const account = await api<Record<string, string>>('sapiGetSimpleEarnAccount', {});
    // 3,300 USDT locked in the 10-day product; BTC at its index price, 50,000.
    expect(account).toEqual({
      totalAmountInBTC: '0.06600000', totalAmountInUSDT: '3300.00000000', totalFlexibleAmountInBTC: '0.00000000', totalFlexibleAmountInUSDT: '0.00000000',
      totalLockedInBTC: '0.06600000', totalLockedInUSDT: '3300.00000000',
    });
    const start = Date.UTC(2026, 0, 15, 16, 0);
    h.clock.advance(start + 10 * DAY_MS + HOUR_MS - h.clock.now());
    expect((await h.desks.earn.runDue()).paid).toBe(3);
    expect((await api<{ total: number }>('sapiGetSimpleEarnLockedPosition', {})).total).toBe(0);
    const rewards = await api<{ rows: Array<{ positionId: number; amount: string; time: number }>; total: number }>('sapiGetSimpleEarnLockedHistoryRewardsRecord', { size: '100' });
    const terms = { kind: 'wealth' as const, rate: units('0.0365'), termDays: 10 };
    const matured = rewards.rows.filter((r) => r.time === h.clock.now());
    expect(matured.map((r) => r.amount).sort()).toEqual(['1000', '500', '1800'].map((a) => textOfUnits(totalIncome(terms, units(a)))).sort());
    expect(rewards.total).toBe(3 + 3); // the daily product's three before its redemption, and these three
    expect(await wealth()).toMatchObject({ frozen: '0' });
    expect(await api<Record<string, string>>('sapiGetSimpleEarnAccount', {})).toMatchObject({ totalLockedInUSDT: '0.00000000', totalAmountInBTC: '0.00000000' });
  });

  it('keeps Binance\'s key and signature rules: USER_DATA needs a signature, TRADE a trading key, no unknown parameters', async () => {
    const plain = await h.app.inject({ method: 'GET', url: '/sapi/v1/simple-earn/locked/list' });
    expect([plain.statusCode, plain.json().code]).toEqual([401, -1002]);
    const unsigned = await h.app.inject({ method: 'GET', url: '/sapi/v1/simple-earn/account', headers: { 'x-mbx-apikey': key.apiKey } });
    expect(unsigned.json().code).toBe(-1102);
    expect((await h.signed('GET', '/simple-earn/locked/list', key, 'nope=1', { prefix: '/sapi/v1' })).body.code).toBe(-1104);
    expect((await h.signed('GET', '/simple-earn/locked/list', key, 'size=101', { prefix: '/sapi/v1' })).body.code).toBe(-1130);
    expect((await h.signed('GET', '/simple-earn/locked/history/rewardsRecord', key, `startTime=0&endTime=${100 * DAY_MS}`, { prefix: '/sapi/v1' })).body.code).toBe(-1127);
    const form = await h.signed('POST', '/simple-earn/locked/subscribe', key, `projectId=${ids.ten}`, { prefix: '/sapi/v1', body: true });
    expect(form.body).toEqual({ code: -1102, msg: "Mandatory parameter 'amount' was not sent, was empty/null, or malformed." });
  });
});
