// Parsers for the wealth products' and mining pools' payloads (contract/earn.ts): the `earn` topic's events and the
// /app/earn and /app/mining replies (the web app's REST client reads the same items with these). Amounts and rates
// must be exact decimals of at most 8 places (the page recomputes incomes from them with previewPurchase), times
// whole milliseconds, or the item is refused.
import {
  EARN_KINDS, EARN_PRODUCT_STATUSES, INCOME_RELEASES, REBATE_TYPES,
  type EarnIncomeItem, type EarnKind, type EarnOrderDetail, type EarnOrderItem, type EarnOrderStatus, type EarnProductItem, type EarnPurchaseResult,
} from '../contract.ts';
import { unitsOrNull } from '../decimal.ts';
import { isInteger, isRecord, isString, parseList, type Parser } from './basic.ts';

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => isString(v) && (list as readonly string[]).includes(v);
/** Non-negative exact decimal text (no sign, at most 8 places). */
const exact = (v: unknown): v is string => isString(v) && !v.startsWith('-') && !v.startsWith('+') && unitsOrNull(v, 8) !== null;
const intOrNull = (v: unknown): v is number | null => v === null || isInteger(v);
const STATUSES: readonly EarnOrderStatus[] = ['purchasing', 'in_progress', 'settled', 'redeemed', 'cancelled'];

export const parseEarnProduct: Parser<EarnProductItem> = (v) => {
  if (!isRecord(v) || !isInteger(v.id) || !oneOf<EarnKind>(EARN_KINDS, v.kind) || !isString(v.name) || !isString(v.asset) || !isString(v.incomeAsset)) return null;
  if (!isInteger(v.termDays) || v.termDays <= 0) return null;
  if (!exact(v.rate) || !exact(v.annualRate) || !exact(v.dailyRate) || !exact(v.monthlyRate)) return null;
  if (!exact(v.minAmount) || !exact(v.maxAmount) || !exact(v.quota) || !exact(v.remaining) || !exact(v.capacity)) return null;
  if (!oneOf(INCOME_RELEASES, v.incomeRelease) || !oneOf(REBATE_TYPES, v.rebateType) || !oneOf(EARN_PRODUCT_STATUSES, v.status)) return null;
  if (typeof v.funded !== 'boolean' || !(v.held === null || v.held === undefined || exact(v.held))) return null;
  if (!isInteger(v.sortOrder) || !isInteger(v.createdAt)) return null;
  return {
    id: v.id, kind: v.kind, name: v.name, asset: v.asset, incomeAsset: v.incomeAsset, termDays: v.termDays, rate: v.rate, annualRate: v.annualRate,
    dailyRate: v.dailyRate, monthlyRate: v.monthlyRate, minAmount: v.minAmount, maxAmount: v.maxAmount, quota: v.quota, remaining: v.remaining,
    incomeRelease: v.incomeRelease, rebateType: v.rebateType, status: v.status, funded: v.funded, capacity: v.capacity, held: v.held ?? null,
    sortOrder: v.sortOrder, createdAt: v.createdAt,
  };
};

export const parseEarnOrder: Parser<EarnOrderItem> = (v) => {
  if (!isRecord(v) || !isInteger(v.id) || !oneOf<EarnKind>(EARN_KINDS, v.kind) || !isInteger(v.productId) || !isString(v.name)) return null;
  if (!isString(v.asset) || !isString(v.incomeAsset) || !exact(v.principal) || !exact(v.rate) || !isInteger(v.termDays)) return null;
  if (!oneOf(INCOME_RELEASES, v.incomeRelease) || !oneOf(REBATE_TYPES, v.rebateType) || !oneOf(STATUSES, v.status)) return null;
  if (!exact(v.totalIncome) || !exact(v.paidIncome) || !exact(v.paidPrincipal) || !isInteger(v.periodsPaid) || !isInteger(v.periods)) return null;
  if (!isInteger(v.purchasedAt) || !isInteger(v.startAt) || !isInteger(v.endAt) || !isInteger(v.returnAt)) return null;
  if (!intOrNull(v.nextPayoutAt) || !intOrNull(v.closedAt) || !(v.clientId === null || v.clientId === undefined || isString(v.clientId))) return null;
  return {
    id: v.id, kind: v.kind, productId: v.productId, name: v.name, asset: v.asset, incomeAsset: v.incomeAsset, principal: v.principal, rate: v.rate,
    termDays: v.termDays, incomeRelease: v.incomeRelease, rebateType: v.rebateType, totalIncome: v.totalIncome, paidIncome: v.paidIncome,
    paidPrincipal: v.paidPrincipal, periodsPaid: v.periodsPaid, periods: v.periods, status: v.status, purchasedAt: v.purchasedAt, startAt: v.startAt,
    endAt: v.endAt, returnAt: v.returnAt, nextPayoutAt: v.nextPayoutAt, closedAt: v.closedAt, clientId: v.clientId ?? null,
  };
};

export const parseEarnIncome: Parser<EarnIncomeItem> = (v) => {
  if (!isRecord(v) || !isInteger(v.period) || !isInteger(v.dueAt) || !intOrNull(v.paidAt)) return null;
  if (!exact(v.income) || !exact(v.principal) || !isString(v.incomeAsset) || !isString(v.asset)) return null;
  return { period: v.period, dueAt: v.dueAt, paidAt: v.paidAt, income: v.income, principal: v.principal, incomeAsset: v.incomeAsset, asset: v.asset };
};

/** `{list: [...]}` or a bare array of one item kind; null when any item fails. */
const listOf =
  <T>(parse: Parser<T>): Parser<T[]> =>
  (v) =>
    parseList(Array.isArray(v) ? v : isRecord(v) ? v.list : null, parse);

export const parseEarnProducts: Parser<EarnProductItem[]> = listOf(parseEarnProduct);

export interface EarnPageOf<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

/** A page of the orders or incomes paths: `{list, total, pageIndex, pageSize}`. */
export const earnPageOf =
  <T>(parse: Parser<T>): Parser<EarnPageOf<T>> =>
  (v) => {
    if (!isRecord(v)) return null;
    const list = parseList(v.list, parse);
    if (list === null || !isInteger(v.total) || !isInteger(v.pageIndex) || !isInteger(v.pageSize)) return null;
    return { list, total: v.total, pageIndex: v.pageIndex, pageSize: v.pageSize };
  };
export const parseEarnOrderPage: Parser<EarnPageOf<EarnOrderItem>> = earnPageOf(parseEarnOrder);
export const parseEarnIncomePage: Parser<EarnPageOf<EarnIncomeItem>> = earnPageOf(parseEarnIncome);

export const parseEarnPurchaseResult: Parser<EarnPurchaseResult> = (v) => {
  if (!isRecord(v) || typeof v.duplicate !== 'boolean') return null;
  const order = parseEarnOrder(v.order);
  return order === null ? null : { order, duplicate: v.duplicate };
};

export const parseEarnOrderDetail: Parser<EarnOrderDetail> = (v) => {
  if (!isRecord(v) || !isInteger(v.schedulePeriods)) return null;
  const order = parseEarnOrder(v.order);
  return order === null ? null : { order, schedulePeriods: v.schedulePeriods };
};

/** The `earn` topic's event: `{ type: 'earn', order }` (a bare order is read too). */
export const parseEarnEvent: Parser<EarnOrderItem> = (v) => {
  if (isRecord(v) && v.type === 'earn') return parseEarnOrder(v.order);
  return parseEarnOrder(v);
};
