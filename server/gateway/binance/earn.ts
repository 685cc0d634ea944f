// Binance's Simple Earn (Locked) endpoints under /sapi/v1 for the wealth products (issue 23; server/desks/earn/),
// in Binance's shapes, over the earn desk's own calls (desks/earn/api.ts):
// - GET simple-earn/locked/list (USER_DATA): the wealth products on sale, a "project" each;
// - POST simple-earn/locked/subscribe (TRADE): a purchase;
// - GET simple-earn/locked/position (USER_DATA): the caller's orders still earning, a "position" each;
// - POST simple-earn/locked/redeem (TRADE): an early transfer out: the principal back, no income (the app's rule);
// - GET simple-earn/locked/history/subscriptionRecord and …/rewardsRecord (USER_DATA): purchases and paid incomes;
// - GET simple-earn/account (USER_DATA): the locked principal valued in USDT and BTC (no flexible products here).
// Mining pools have no Binance counterpart and are not listed. Ids: a project is a product (projectId = the product's
// id as text), a position and its purchase are an order (positionId = purchaseId = the order's id).
//
// Where the money comes from and goes. A purchase locks the principal in the wealth (earn) account, as in the app;
// Binance's sourceAccount says where it is taken from: SPOT (Binance's default) moves the amount from the spot (coin)
// wallet into the wealth account first, by the app's transfer between wallets; FUND takes it from the wealth account
// as it is; ALL takes what the wealth account holds and moves only the rest from spot. A purchase the desk refuses
// after such a move moves it back. Principal and incomes come back to the wealth account (the app's rule; Binance's
// redeemTo and renewal, autoSubscribe=true, are not offered and are refused rather than ignored). The purchase's
// client id (sapi-<source>-<random>) records its source for the subscription record.
//
// Errors: Binance's Simple Earn codes (-6xxx, which ccxt maps to its exception types) for the desk's refusals.
import { randomBytes } from 'node:crypto';
import {
  DAY_MS, paymentOf, textOfUnits, unitsOfText, type EarnIncomeItem, type EarnOrderItem, type EarnProductItem, type EarnTerms,
} from '../../contract/earn.ts';
import type { EarnReply } from '../../desks/earn/api.ts';
import type { EarnFace } from '../../desks/faces.ts';
import type { Clock } from '../../clock.ts';
import { SCALE } from '../../kernel/index.ts';
import type { Store } from '../../store/index.ts';
import { REQUIRE_REAL_NAME_KEY } from '../routes/spot/guard.ts';
import { usdtPrice, valueAt } from '../routes/spot/valuation.ts';
import type { Trading } from '../trading.ts';
import { BinanceError, errors } from './errors.ts';
import type { SignedRoute } from './orders.ts';
import type { Params } from './params.ts';

const sapiError = (code: number, msg: string) => new BinanceError(code, msg);
const projectMissing = () => sapiError(-6020, 'Project not exists');
const positionMissing = () => sapiError(-6003, "Product not exist or you don't have permission");

/** Binance's history window: at most 3 months; 30 days by default. */
const MAX_WINDOW_MS = 90 * DAY_MS;
const DEFAULT_WINDOW_MS = 30 * DAY_MS;
/** The desk's largest page of orders and incomes. */
const DESK_PAGE = 200;
const ID = /^[1-9][0-9]{0,14}$/;
const COIN = /^[A-Za-z0-9]{1,16}$/;

type Source = 'SPOT' | 'FUND' | 'ALL';
const SOURCES: readonly Source[] = ['SPOT', 'FUND', 'ALL'];
/** The request's names → the record's (Binance names them differently in each). */
const RECORD_SOURCE: Readonly<Record<Source, string>> = { SPOT: 'SPOT', FUND: 'FUNDING', ALL: 'SPOTANDFUNDING' };
const CLIENT_PREFIX: Readonly<Record<Source, string>> = { SPOT: 'sapi-spot-', FUND: 'sapi-fund-', ALL: 'sapi-all-' };

const coinOf = (p: Params, name = 'asset') => {
  const coin = p.text(name);
  if (coin !== undefined && !COIN.test(coin)) throw errors.illegalText(name);
  return coin?.toUpperCase();
};
const idOf = (p: Params, name: string): number | undefined => {
  const text = p.text(name);
  if (text === undefined) return undefined;
  if (!ID.test(text)) throw errors.illegalText(name);
  return Number(text);
};
const units = (text: string): bigint => unitsOfText(text) ?? 0n;
const pageOf = (p: Params, maxCurrent = 1_000_000) => ({ current: p.int('current', 1, maxCurrent, 1)!, size: p.int('size', 1, 100, 10)! });
const slice = <T>(rows: readonly T[], page: { current: number; size: number }) => ({
  rows: rows.slice((page.current - 1) * page.size, page.current * page.size),
  total: rows.length,
});

/** [from, to] of a history query, Binance's rules: ≤ 3 months; none: the last 30 days; one end: 30 days from it. */
function windowOf(p: Params, now: number): { from: number; to: number } {
  const start = p.int('startTime', 0, Number.MAX_SAFE_INTEGER);
  const end = p.int('endTime', 0, Number.MAX_SAFE_INTEGER);
  const to = end ?? (start === undefined ? now : Math.min(start + DEFAULT_WINDOW_MS, Number.MAX_SAFE_INTEGER));
  const from = start ?? Math.max(0, to - DEFAULT_WINDOW_MS);
  if (to < from || to - from > MAX_WINDOW_MS) throw sapiError(-1127, 'More than 3 months between startTime and endTime.');
  return { from, to };
}

/** The desk's refusal of a purchase or a redemption, in Binance's Simple Earn words. */
function earnRefusal(reply: EarnReply<unknown>): BinanceError {
  if (reply.ok) return errors.unknown();
  const data = 'data' in reply ? reply.data : {};
  switch (reply.code) {
    case 'earn.product.not.found':
      return projectMissing();
    case 'earn.product.closed':
      return sapiError(-6004, 'Product not in purchase status');
    case 'earn.amount.below.min':
      return sapiError(-6005, `Smaller than min purchase limit (${String(data['min'] ?? '')}).`);
    case 'earn.amount.above.max':
      return sapiError(-6011, `Exceeding the maximum num allowed to purchase per user (${String(data['max'] ?? '')} left).`);
    case 'earn.sold.out':
      return sapiError(-6014, `Exceed up-limit allowed to purchased (${String(data['remaining'] ?? '')} left).`);
    case 'earn.treasury.insufficient':
      return sapiError(-6014, `Exceed up-limit allowed to purchased (${String(data['capacity'] ?? '')} left).`);
    case 'funds.insufficient':
      return sapiError(-6012, 'Balance not enough');
    case 'amount.invalid':
      return errors.illegal('amount');
    case 'earn.order.not.found':
      return positionMissing();
    case 'earn.order.ended':
    case 'earn.mining.locked':
      return sapiError(-6008, 'Product not in redeem status');
    case 'desk.stopped':
    case 'desk.closed':
    case 'service.unavailable':
      return errors.unavailable();
    default:
      return sapiError(-6016, `Parameter error (${reply.code}).`);
  }
}

const termsOf = (o: EarnOrderItem): EarnTerms => ({ kind: o.kind, rate: units(o.rate), termDays: o.termDays, incomeRelease: o.incomeRelease, rebateType: o.rebateType });

/** A product as Binance lists a locked project. */
function projectRow(x: EarnProductItem) {
  const soldOut = units(x.capacity) < units(x.minAmount);
  return {
    projectId: String(x.id),
    detail: {
      asset: x.asset, rewardAsset: x.incomeAsset, duration: x.termDays, renewable: false, isSoldOut: soldOut, apr: x.annualRate,
      status: 'PURCHASING', subscriptionStartTime: x.createdAt,
    },
    quota: { totalPersonalQuota: x.maxAmount, minimum: x.minAmount },
  };
}

/** An order still earning, as Binance shows a locked position. */
function positionRow(o: EarnOrderItem, now: number) {
  const next = o.periodsPaid < o.periods ? paymentOf(termsOf(o), units(o.principal), units(o.totalIncome), o.startAt, o.periodsPaid + 1) : null;
  const accrual = Math.max(0, Math.min(o.termDays, Math.floor((now - o.startAt) / DAY_MS)));
  return {
    positionId: o.id, projectId: String(o.productId), asset: o.asset, amount: o.principal, purchaseTime: String(o.purchasedAt), duration: String(o.termDays),
    accrualDays: String(accrual), rewardAsset: o.incomeAsset, APY: o.rate, rewardAmt: o.paidIncome, nextPay: textOfUnits(next?.income ?? 0n),
    nextPayDate: String(o.nextPayoutAt ?? o.returnAt), payPeriod: o.incomeRelease === 'daily' ? '1' : String(o.termDays),
    redeemAmountEarly: textOfUnits(units(o.principal) - units(o.paidPrincipal)), rewardsEndDate: String(o.endAt), deliverDate: String(o.returnAt),
    redeemPeriod: '0', redeemingAmt: '0', canRedeemEarly: true, canFastRedemption: false, autoSubscribe: false, type: 'NORMAL', status: 'HOLDING',
    canReStake: false,
  };
}

export interface EarnRouteDeps {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
}

export function earnRoutes(signed: SignedRoute, deps: EarnRouteDeps): void {
  const { trading, store, clock } = deps;
  const earn = (): EarnFace => trading.desks.earn;

  /** Every wealth order of the user in a status, newest first (a user holds few: the desk's pages, read to the end). */
  const ordersOf = async (user: number, status: 'active' | 'all'): Promise<EarnOrderItem[]> => {
    const out: EarnOrderItem[] = [];
    for (let pageIndex = 1; ; pageIndex++) {
      const page = await earn().orders({ user, kind: 'wealth', status, pageIndex, pageSize: DESK_PAGE });
      if (!page.ok) throw errors.unknown();
      out.push(...page.value.list);
      if (page.value.list.length < DESK_PAGE || out.length >= page.value.total) return out;
    }
  };

  /** The payments of an order made so far, in period order. */
  const paidOf = async (user: number, o: EarnOrderItem): Promise<EarnIncomeItem[]> => {
    const out: EarnIncomeItem[] = [];
    for (let pageIndex = 1; (pageIndex - 1) * DESK_PAGE < o.periodsPaid; pageIndex++) {
      const page = await earn().incomes({ user, kind: 'wealth', orderId: o.id, pageIndex, pageSize: DESK_PAGE });
      if (!page.ok) throw errors.unknown();
      out.push(...page.value.list.filter((x) => x.paidAt !== null));
      if (page.value.list.length < DESK_PAGE) break;
    }
    return out;
  };

  /** The operator may require identity verification to trade; a purchase is trading (the app's rule). */
  const checkMayTrade = async (user: number) => {
    if ((await store.users.findById(user))?.real_name_status === 'certified') return;
    if ((await store.config.get(REQUIRE_REAL_NAME_KEY)) === '1') throw sapiError(-6017, 'Identity verification is required to subscribe: complete it in the app first.');
  };

  /** Moves `amount` of `asset` between the user's spot (coin) and wealth (earn) wallets; false when spot can't pay. */
  const move = async (user: number, asset: string, amount: bigint, from: 'coin' | 'earn', clientId: string): Promise<boolean> => {
    const r = await trading.desks.transfers.transfer({ user, asset, amount: textOfUnits(amount), from, to: from === 'coin' ? 'earn' : 'coin', clientId });
    if (r.ok) return true;
    if (r.code === 'funds.insufficient') return false;
    throw r.code === 'desk.stopped' || r.code === 'desk.closed' ? errors.unavailable() : sapiError(-6016, `Parameter error (${r.code}).`);
  };

  signed('GET', '/simple-earn/locked/list', false, async (p, caller) => {
    const asset = coinOf(p);
    const page = pageOf(p);
    p.done();
    const list = (await earn().products('wealth', { user: caller.user })).filter((x) => asset === undefined || x.asset === asset);
    const { rows, total } = slice(list, page);
    return { rows: rows.map(projectRow), total };
  });

  signed('POST', '/simple-earn/locked/subscribe', true, async (p, caller) => {
    const projectText = p.required('projectId');
    if (!ID.test(projectText)) throw projectMissing();
    const amountText = p.requiredDecimal('amount');
    const auto = p.text('autoSubscribe');
    if (auto !== undefined && auto !== 'true' && auto !== 'false') throw errors.illegalText('autoSubscribe');
    const source = p.choice('sourceAccount', SOURCES, () => errors.illegalText('sourceAccount'), 'SPOT');
    const redeemTo = p.text('redeemTo');
    p.done();
    if (auto === 'true') throw sapiError(-6016, 'Parameter error: autoSubscribe=true is not offered here (a locked product is not renewed at its end).');
    if (redeemTo !== undefined) throw sapiError(-6016, 'Parameter error: redeemTo is not offered here (principal and rewards return to the wealth account).');
    const amount = units(amountText);
    if (amount <= 0n) throw errors.illegal('amount');
    const product = await earn().product(Number(projectText), caller.user);
    if (product === undefined || product.kind !== 'wealth') throw projectMissing();
    if (product.status !== 'open') throw sapiError(-6004, 'Product not in purchase status');
    await checkMayTrade(caller.user);
    const clientId = `${CLIENT_PREFIX[source]}${randomBytes(9).toString('hex')}`;
    // What comes from spot: all of it (SPOT), none (FUND), or what the wealth account lacks (ALL).
    let fromSpot = 0n;
    if (source === 'SPOT') fromSpot = amount;
    if (source === 'ALL') {
      const held = await trading.desks.earn.balances(caller.user);
      if (!held.ok) throw errors.unavailable();
      const available = units(held.value.find((b) => b.asset === product.asset)?.available ?? '0');
      fromSpot = available >= amount ? 0n : amount - available;
    }
    if (fromSpot > 0n && !(await move(caller.user, product.asset, fromSpot, 'coin', clientId))) throw sapiError(-6012, 'Balance not enough');
    const reply = await earn().purchase({ user: caller.user, kind: 'wealth', productId: product.id, amount: amountText, clientId });
    if (!reply.ok) {
      // Refused: what was moved for it goes back to spot (it stays in the wealth account, the user's, if that fails).
      if (fromSpot > 0n) await move(caller.user, product.asset, fromSpot, 'earn', `${clientId}-back`).catch(() => false);
      throw earnRefusal(reply);
    }
    const order = reply.value.order;
    return { purchaseId: order.id, positionId: String(order.id), success: true };
  });

  signed('GET', '/simple-earn/locked/position', false, async (p, caller) => {
    const asset = coinOf(p);
    const positionId = idOf(p, 'positionId');
    const projectId = p.text('projectId');
    const page = pageOf(p);
    p.done();
    const now = clock();
    const list = (await ordersOf(caller.user, 'active')).filter(
      (o) => (asset === undefined || o.asset === asset) && (positionId === undefined || o.id === positionId) && (projectId === undefined || String(o.productId) === projectId),
    );
    const { rows, total } = slice(list, page);
    return { rows: rows.map((o) => positionRow(o, now)), total };
  });

  signed('POST', '/simple-earn/locked/redeem', true, async (p, caller) => {
    const positionId = idOf(p, 'positionId');
    p.done();
    if (positionId === undefined) throw errors.mandatory('positionId');
    const reply = await earn().redeem({ user: caller.user, kind: 'wealth', orderId: positionId });
    if (!reply.ok) {
      // An order of the caller's that has ended is not redeemable; anything else is not theirs to see.
      if (reply.code === 'earn.order.not.found' && (await earn().order(caller.user, 'wealth', positionId)) !== undefined) {
        throw sapiError(-6008, 'Product not in redeem status');
      }
      throw earnRefusal(reply);
    }
    return { redeemId: reply.value.id, success: true };
  });

  signed('GET', '/simple-earn/locked/history/subscriptionRecord', false, async (p, caller) => {
    const purchaseId = idOf(p, 'purchaseId');
    const asset = coinOf(p);
    const { from, to } = windowOf(p, clock());
    const page = pageOf(p);
    p.done();
    const list = (await ordersOf(caller.user, 'all')).filter(
      (o) => o.purchasedAt >= from && o.purchasedAt <= to && (asset === undefined || o.asset === asset) && (purchaseId === undefined || o.id === purchaseId),
    );
    const { rows, total } = slice(list, page);
    const out = [];
    for (const o of rows) {
      const source = SOURCES.find((s) => o.clientId?.startsWith(CLIENT_PREFIX[s])) ?? 'FUND';
      const split: Record<string, string> = {};
      if (source === 'ALL' && o.clientId !== null) {
        const moved = await store.transfers.findByClientId(caller.user, 'coin', o.clientId);
        const spot = moved?.amount ?? 0n;
        split['amtFromSpot'] = textOfUnits(spot);
        split['amtFromFunding'] = textOfUnits(units(o.principal) - spot);
      }
      out.push({
        positionId: o.id, purchaseId: String(o.id), projectId: String(o.productId), time: o.purchasedAt, asset: o.asset, amount: o.principal,
        lockPeriod: String(o.termDays), type: 'NORMAL', sourceAccount: RECORD_SOURCE[source], ...split, status: 'SUCCESS',
      });
    }
    return { rows: out, total };
  });

  signed('GET', '/simple-earn/locked/history/rewardsRecord', false, async (p, caller) => {
    const positionId = idOf(p, 'positionId');
    const asset = coinOf(p);
    const { from, to } = windowOf(p, clock());
    const page = pageOf(p, 1_000);
    p.done();
    const rewards: Array<{ positionId: number; time: number; asset: string; lockPeriod: string; amount: string; type: string }> = [];
    for (const o of await ordersOf(caller.user, 'all')) {
      if (units(o.paidIncome) === 0n || (positionId !== undefined && o.id !== positionId) || (asset !== undefined && o.incomeAsset !== asset)) continue;
      // Its payments fall between its start and its close: no need to read an order that ended before the window.
      if (o.startAt > to || (o.closedAt !== null && o.closedAt < from)) continue;
      for (const x of await paidOf(caller.user, o)) {
        if (x.paidAt! < from || x.paidAt! > to || units(x.income) === 0n) continue;
        rewards.push({ positionId: o.id, time: x.paidAt!, asset: x.incomeAsset, lockPeriod: String(o.termDays), amount: x.income, type: 'Locked Rewards' });
      }
    }
    rewards.sort((a, b) => b.time - a.time || b.positionId - a.positionId);
    return slice(rewards, page);
  });

  signed('GET', '/simple-earn/account', false, async (p, caller) => {
    p.done();
    const now = clock();
    let usdt = 0n;
    for (const o of await ordersOf(caller.user, 'active')) {
      const price = usdtPrice(trading, o.asset, now);
      if (price !== null) usdt += valueAt(units(o.principal) - units(o.paidPrincipal), price);
    }
    const btcPrice = usdtPrice(trading, 'BTC', now);
    const btc = btcPrice === null || btcPrice === 0n ? 0n : (usdt * SCALE) / btcPrice;
    const d8 = (v: bigint) => `${v / SCALE}.${(v % SCALE).toString().padStart(8, '0')}`;
    return {
      totalAmountInBTC: d8(btc), totalAmountInUSDT: d8(usdt), totalFlexibleAmountInBTC: '0.00000000', totalFlexibleAmountInUSDT: '0.00000000',
      totalLockedInBTC: d8(btc), totalLockedInUSDT: d8(usdt),
    };
  });
}
