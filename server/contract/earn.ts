// Wealth products and mining pools (issue 23): the /app API's shapes and paths, the user stream's event, and the
// one schedule and income formula the server pays by and the browser shows before a purchase (pure: no Node
// imports, no clock reads; time is always an argument).
//
// What these are, said plainly: a product or a pool is a promise by the operator to pay a fixed rate on a principal
// the user locks in the wealth (earn) account for a term. Nothing is traded or mined with the principal; the income
// comes from the operator's treasury (system:treasury, funded by the operator and visible in the ledger), and a
// purchase is accepted only while the treasury holds every income already promised plus this one's, so a promise
// is never larger than the money behind it.
//
// Schedule (GMT+8, spec §4 and §9). A purchase at t starts earning at the next 00:00 GMT+8 (`startAt`) and runs
// `termDays` days to `endAt` = startAt + termDays days.
//   - wealth: one payment at endAt: the principal and the whole income (income release "end"); a product may also
//     pay daily (release "daily"), at 00:00 after each earning day.
//   - mining: day k's income (k = 1..termDays) is paid at 01:00 after that day (startAt + k days + 1 h), so the first
//     income arrives at 01:00 the day after mining started; release "end" pays everything at endAt + 1 h. The
//     principal comes back at the end (rebate "end", the spec's rule: locked to the term's end) or in equal daily
//     parts with each day's income (rebate "daily"); it can't be taken out early either way.
//
// Rounding, to the unit (10^-8 of a coin). The promised total is fixed at purchase:
//   wealth: total = floor(principal × annualRate × termDays / 365)
//   mining: total = floor(principal × dailyRate × termDays)
// (rates are exact decimals with at most 8 places). Payment k of n carries floor(total × k / n) −
// floor(total × (k − 1) / n), and the principal returned daily the same way, so the payments of an order add up to
// its total exactly, to the last unit, and never run ahead of it. Anyone can recompute every payment from the
// order's principal, rate, term and purchase time.
//
// Amounts and rates are decimal text ("0.05" = 5 %), times Unix milliseconds. Queries are GET with query
// parameters, actions POST with a JSON body; replies in the app's envelope.

export const EARN_PATHS = {
  /** GET, public: the wealth products (open ones; `all=1` closed ones too). */
  products: '/app/earn/products',
  /** POST, session: { productId, amount, clientId? } → EarnPurchaseResult. */
  purchase: '/app/earn/purchase',
  /** POST, session: { orderId } → EarnOrderItem: transfer out early, principal back, no income. */
  redeem: '/app/earn/redeem',
  /** GET, session: the user's wealth orders, newest first (`status`: active | ended | all; pageIndex, pageSize). */
  orders: '/app/earn/orders',
  /** GET, session: { orderId } → EarnOrderDetail. */
  orderDetail: '/app/earn/orderDetail',
  /** GET, session: { orderId, pageIndex, pageSize } → the order's payments (paid and scheduled), in time order. */
  incomes: '/app/earn/incomes',
} as const;

export const MINING_PATHS = {
  /** GET, public: the mining pools. */
  projects: '/app/mining/projects',
  /** POST, session: { productId, amount, clientId? } → EarnPurchaseResult. */
  purchase: '/app/mining/purchase',
  orders: '/app/mining/orders',
  orderDetail: '/app/mining/orderDetail',
  incomes: '/app/mining/incomes',
} as const;

/** The user stream's topic of earn order changes (`user.<id>.earn` inside the server). */
export const EARN_TOPIC = 'earn';

export type EarnKind = 'wealth' | 'mining';
export const EARN_KINDS: readonly EarnKind[] = ['wealth', 'mining'];
/** open: on sale; closed: no new purchases (orders already made run to their end). */
export type EarnProductStatus = 'open' | 'closed';
export const EARN_PRODUCT_STATUSES: readonly EarnProductStatus[] = ['open', 'closed'];
/** When incomes are paid: after every earning day, or all at the end of the term. */
export type IncomeRelease = 'daily' | 'end';
export const INCOME_RELEASES: readonly IncomeRelease[] = ['daily', 'end'];
/** When the principal comes back (the spec's "rebate type"): all at the end, or in equal daily parts. */
export type RebateType = 'end' | 'daily';
export const REBATE_TYPES: readonly RebateType[] = ['end', 'daily'];
/**
 * purchasing: bought, earning starts at startAt; in_progress: earning; settled: term ended, principal and income
 * paid; redeemed: a wealth order transferred out early (principal back, no income); cancelled: transferred out
 * before it started earning.
 */
export type EarnOrderStatus = 'purchasing' | 'in_progress' | 'settled' | 'redeemed' | 'cancelled';
/** Stored statuses (purchasing is in_progress before startAt). */
export type StoredEarnOrderStatus = 'in_progress' | 'settled' | 'redeemed' | 'cancelled';
export const STORED_EARN_ORDER_STATUSES: readonly StoredEarnOrderStatus[] = ['in_progress', 'settled', 'redeemed', 'cancelled'];

export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
/** GMT+8: the day the schedule counts in. */
export const EARN_ZONE_OFFSET_MS = 8 * HOUR_MS;
/** Payments after each day: wealth at 00:00, mining at 01:00 (spec: first income at 1:00). */
export const PAYOUT_OFFSET_MS: Readonly<Record<EarnKind, number>> = { wealth: 0, mining: HOUR_MS };
/** Longest term an operator may set (10 years). */
export const MAX_TERM_DAYS = 3_650;
/** The unit of amounts and rates: 10^-8. */
export const EARN_SCALE = 100_000_000n;
const SCALE = EARN_SCALE;

/** A product or pool as the lists show it. */
export interface EarnProductItem {
  id: number;
  kind: EarnKind;
  name: string;
  /** The coin locked (the principal's). */
  asset: string;
  /** The coin incomes are paid in (mining: the spec's income coin; wealth: the same coin). */
  incomeAsset: string;
  termDays: number;
  /** Wealth: the annual rate; mining: the daily rate (decimal fraction). */
  rate: string;
  /** The annual rate (wealth: the rate; mining: daily × 365). */
  annualRate: string;
  /** Mining: the daily rate and the monthly (daily × 30); wealth: the annual ÷ 365 and × 30 / 365, rounded down. */
  dailyRate: string;
  monthlyRate: string;
  /** Per-user bounds on the principal one user holds in the product at a time. */
  minAmount: string;
  maxAmount: string;
  /** The spec's released funds (the quota) and remaining funds (the quota less what active orders hold). */
  quota: string;
  remaining: string;
  incomeRelease: IncomeRelease;
  rebateType: RebateType;
  status: EarnProductStatus;
  /** False when the operator's treasury can't fund the income of even the minimum purchase: purchases are refused. */
  funded: boolean;
  /** The largest principal anyone may buy now: the remaining quota, or less when the treasury funds less income. */
  capacity: string;
  /** The signed-in user's principal in the product's active orders (null: not signed in). The user may buy up to
   *  min(maxAmount − held, capacity). */
  held: string | null;
  sortOrder: number;
  createdAt: number;
}

export interface EarnOrderItem {
  id: number;
  kind: EarnKind;
  productId: number;
  name: string;
  asset: string;
  incomeAsset: string;
  principal: string;
  rate: string;
  termDays: number;
  incomeRelease: IncomeRelease;
  rebateType: RebateType;
  /** The whole promised income, fixed at purchase. */
  totalIncome: string;
  /** Paid so far (income and principal). */
  paidIncome: string;
  paidPrincipal: string;
  /** Payments made and to make. */
  periodsPaid: number;
  periods: number;
  status: EarnOrderStatus;
  /** Order time, allocation (earning start), maturity (term end), and the time of the next payment (null: none left). */
  purchasedAt: number;
  startAt: number;
  endAt: number;
  /** The spec's return time: when the principal (its last part) comes back. */
  returnAt: number;
  nextPayoutAt: number | null;
  closedAt: number | null;
  clientId: string | null;
}

export interface EarnIncomeItem {
  /** 1..periods */
  period: number;
  /** When it is due (the schedule's instant) and when it was paid (null: not yet). */
  dueAt: number;
  paidAt: number | null;
  income: string;
  principal: string;
  incomeAsset: string;
  asset: string;
}

export interface EarnOrderDetail {
  order: EarnOrderItem;
  /** The whole schedule, paid and to pay (at most MAX_TERM_DAYS rows; the incomes path pages it). */
  schedulePeriods: number;
}

export interface EarnPurchaseResult {
  order: EarnOrderItem;
  /** The same clientId came again: the order it made, nothing new. */
  duplicate: boolean;
}

export interface EarnEvent {
  type: 'earn';
  order: EarnOrderItem;
}

/** Error codes the desk answers (their messages are in the catalogues). */
export const EARN_CODES = [
  'earn.product.not.found',
  'earn.product.closed',
  'earn.amount.below.min',
  'earn.amount.above.max',
  'earn.sold.out',
  'earn.treasury.insufficient',
  'earn.order.not.found',
  'earn.order.ended',
  'earn.mining.locked',
  'earn.product.invalid',
] as const;
export type EarnCode = (typeof EARN_CODES)[number];

// ---- the schedule and the incomes: one module for the server and the browser ----

/** 00:00 GMT+8 of the day holding `t`. */
export const gmt8DayStart = (t: number): number => Math.floor((t + EARN_ZONE_OFFSET_MS) / DAY_MS) * DAY_MS - EARN_ZONE_OFFSET_MS;

/** Earning starts at the first 00:00 GMT+8 after the purchase (a purchase at 00:00 exactly starts the next day). */
export const earnStartAt = (purchasedAt: number): number => gmt8DayStart(purchasedAt) + DAY_MS;

export interface EarnTerms {
  readonly kind: EarnKind;
  /** Wealth: annual, mining: daily; × 10^8. */
  readonly rate: bigint;
  readonly termDays: number;
  readonly incomeRelease: IncomeRelease;
  readonly rebateType: RebateType;
}

/** The whole promised income of a principal (units), rounded down to the unit. */
export function totalIncome(t: Pick<EarnTerms, 'kind' | 'rate' | 'termDays'>, principal: bigint): bigint {
  const days = BigInt(t.termDays);
  return t.kind === 'wealth' ? (principal * t.rate * days) / (SCALE * 365n) : (principal * t.rate * days) / SCALE;
}

/** How many payments an order makes: one per day when anything is paid daily, else one. */
export const periodsOf = (t: Pick<EarnTerms, 'termDays' | 'incomeRelease' | 'rebateType'>): number =>
  t.incomeRelease === 'daily' || t.rebateType === 'daily' ? t.termDays : 1;

/** Part k (1-based) of n of an amount split evenly: floor(total·k/n) − floor(total·(k−1)/n). */
export const partOf = (total: bigint, k: number, n: number): bigint => (total * BigInt(k)) / BigInt(n) - (total * BigInt(k - 1)) / BigInt(n);

export interface Payment {
  readonly period: number;
  readonly dueAt: number;
  readonly income: bigint;
  readonly principal: bigint;
}

/** When payment k of an order is due. */
export function dueAtOf(t: Pick<EarnTerms, 'kind' | 'termDays' | 'incomeRelease' | 'rebateType'>, startAt: number, k: number): number {
  const n = periodsOf(t);
  const day = n === 1 ? t.termDays : k;
  return startAt + day * DAY_MS + PAYOUT_OFFSET_MS[t.kind];
}

/**
 * Payment k (1..periods) of an order: its instant, its income (daily release: that day's part of the total; end:
 * all of it in the last payment) and its principal (rebate daily: that day's part; end: all of it last).
 */
export function paymentOf(t: EarnTerms, principal: bigint, total: bigint, startAt: number, k: number): Payment {
  const n = periodsOf(t);
  const income = t.incomeRelease === 'daily' ? partOf(total, k, n) : k === n ? total : 0n;
  const back = t.rebateType === 'daily' ? partOf(principal, k, n) : k === n ? principal : 0n;
  return { period: k, dueAt: dueAtOf(t, startAt, k), income, principal: back };
}

/** Every payment of an order, in order (at most MAX_TERM_DAYS). */
export function scheduleOf(t: EarnTerms, principal: bigint, purchasedAt: number): { startAt: number; endAt: number; total: bigint; payments: Payment[] } {
  const startAt = earnStartAt(purchasedAt);
  const total = totalIncome(t, principal);
  const n = periodsOf(t);
  const payments: Payment[] = [];
  for (let k = 1; k <= n; k++) payments.push(paymentOf(t, principal, total, startAt, k));
  return { startAt, endAt: startAt + t.termDays * DAY_MS, total, payments };
}

/** The annual, daily and monthly rates of a product's terms (× 10^8, rounded down). */
export function ratesOf(t: Pick<EarnTerms, 'kind' | 'rate'>): { annual: bigint; daily: bigint; monthly: bigint } {
  if (t.kind === 'mining') return { annual: t.rate * 365n, daily: t.rate, monthly: t.rate * 30n };
  return { annual: t.rate, daily: t.rate / 365n, monthly: (t.rate * 30n) / 365n };
}

// ---- decimal text ↔ units, for the browser's preview (the server has its own parser with the same rules) ----

const DECIMAL = /^(\d{1,19})(?:\.(\d{1,8}))?$/;

/** Decimal text with at most 8 places → units; null when it isn't one. */
export function unitsOfText(text: string): bigint | null {
  const m = DECIMAL.exec(text.trim());
  if (m === null) return null;
  return BigInt(m[1]!) * SCALE + BigInt((m[2] ?? '').padEnd(8, '0'));
}

/** Units → decimal text, trailing zeros trimmed ("12.5", "0", "-0.00000001"). */
export function textOfUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac === '' ? '' : `.${frac}`}`;
}

/** What the browser shows before a purchase: the income promised for `amount` (text) and when the payments come. */
export function previewPurchase(
  p: Pick<EarnProductItem, 'kind' | 'rate' | 'termDays' | 'incomeRelease' | 'rebateType'>,
  amount: string,
  now: number,
): { totalIncome: string; startAt: number; endAt: number; firstPayoutAt: number; lastPayoutAt: number } | null {
  const principal = unitsOfText(amount);
  const rate = unitsOfText(p.rate);
  if (principal === null || principal <= 0n || rate === null) return null;
  const terms: EarnTerms = { kind: p.kind, rate, termDays: p.termDays, incomeRelease: p.incomeRelease, rebateType: p.rebateType };
  const startAt = earnStartAt(now);
  const n = periodsOf(terms);
  return {
    totalIncome: textOfUnits(totalIncome(terms, principal)),
    startAt,
    endAt: startAt + p.termDays * DAY_MS,
    firstPayoutAt: dueAtOf(terms, startAt, 1),
    lastPayoutAt: dueAtOf(terms, startAt, n),
  };
}
