// The wealth and mining pages' rules, pure (tested in node): a product's state (on sale, closed, not funded, sold out),
// how much one user may still buy (min(max − held, capacity)) and the Max button's amount (also within the wealth
// account's available balance), the purchase form's checks in the spec's order (not empty, a number, more than 0, at
// least the minimum, at most the maximum, within the balance), the promised income and the schedule by the server's
// own formula (contract/earn.ts previewPurchase), rates as percentages, and what the order lists and the assets page
// show of an order (its status as of now, the principal still held, the income received per coin).
import {
  partOf, periodsOf, previewPurchase, textOfUnits, unitsOfText,
  type EarnOrderItem, type EarnOrderStatus, type EarnProductItem, type IncomeRelease, type RebateType,
} from '../../contract.ts';

export type ProductState = 'open' | 'closed' | 'soldOut' | 'unfunded';

const units = (text: string | null | undefined): bigint => (text == null ? 0n : (unitsOfText(text) ?? 0n));
const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const atLeast0 = (a: bigint): bigint => (a < 0n ? 0n : a);

/** Closed by the operator, sold out (no quota left), not funded (the treasury can't fund even the minimum), or on sale. */
export function productState(p: Pick<EarnProductItem, 'status' | 'funded' | 'remaining'>): ProductState {
  if (p.status === 'closed') return 'closed';
  if (units(p.remaining) === 0n) return 'soldOut';
  if (!p.funded) return 'unfunded';
  return 'open';
}

/** What this user may still buy: min(maxAmount − held, capacity), never below 0. */
export function allowanceOf(p: Pick<EarnProductItem, 'maxAmount' | 'held' | 'capacity'>): string {
  return textOfUnits(atLeast0(min(units(p.maxAmount) - units(p.held), units(p.capacity))));
}

/** The Max button: the allowance, within the available balance when it is known. */
export function maxAmountOf(p: Pick<EarnProductItem, 'maxAmount' | 'held' | 'capacity'>, available: string | null): string {
  const allowance = units(allowanceOf(p));
  return textOfUnits(available === null ? allowance : atLeast0(min(allowance, units(available))));
}

export type PurchaseError =
  | { readonly code: 'product.closed' }
  | { readonly code: 'product.soldOut' }
  | { readonly code: 'product.unfunded' }
  | { readonly code: 'amount.empty' }
  | { readonly code: 'amount.format' }
  | { readonly code: 'amount.zero' }
  | { readonly code: 'amount.below.min'; readonly min: string }
  | { readonly code: 'amount.above.max'; readonly max: string }
  | { readonly code: 'balance.insufficient'; readonly available: string };

export interface PurchaseInput {
  readonly amount: string;
  readonly product: EarnProductItem;
  /** The wealth account's available balance of the product's coin (null while unknown: the server checks). */
  readonly available: string | null;
}

export function validatePurchase(input: PurchaseInput): PurchaseError | null {
  const p = input.product;
  const state = productState(p);
  if (state === 'closed') return { code: 'product.closed' };
  if (state === 'soldOut') return { code: 'product.soldOut' };
  if (state === 'unfunded') return { code: 'product.unfunded' };
  const text = input.amount.trim();
  if (text === '') return { code: 'amount.empty' };
  const amount = unitsOfText(text);
  if (amount === null) return { code: 'amount.format' };
  if (amount === 0n) return { code: 'amount.zero' };
  if (amount < units(p.minAmount)) return { code: 'amount.below.min', min: p.minAmount };
  const allowance = allowanceOf(p);
  if (amount > units(allowance)) return { code: 'amount.above.max', max: allowance };
  if (input.available !== null && amount > units(input.available)) return { code: 'balance.insufficient', available: input.available };
  return null;
}

export interface PurchasePreview {
  /** The whole promised income (the income coin). */
  readonly totalIncome: string;
  /** The first payment's income (daily release: one day's part; at the end: all of it). */
  readonly firstIncome: string;
  readonly periods: number;
  readonly orderAt: number;
  readonly startAt: number;
  readonly firstPayoutAt: number;
  /** The term's end. */
  readonly endAt: number;
  /** When the principal (its last part) comes back: the last payment. */
  readonly returnAt: number;
}

/** The income and schedule of buying `amount` now, by the formula the server pays by; null for an unreadable amount. */
export function previewOf(
  p: Pick<EarnProductItem, 'kind' | 'rate' | 'termDays' | 'incomeRelease' | 'rebateType'>,
  amount: string,
  now: number,
): PurchasePreview | null {
  const preview = previewPurchase(p, amount.trim(), now);
  if (preview === null) return null;
  const n = periodsOf(p);
  const total = units(preview.totalIncome);
  const firstIncome = p.incomeRelease === 'daily' ? partOf(total, 1, n) : n === 1 ? total : 0n;
  return {
    totalIncome: preview.totalIncome, firstIncome: textOfUnits(firstIncome), periods: n, orderAt: now, startAt: preview.startAt,
    firstPayoutAt: preview.firstPayoutAt, endAt: preview.endAt, returnAt: preview.lastPayoutAt,
  };
}

/** A rate (decimal fraction) as a percentage with at most `places` decimals, trailing zeros trimmed ("0.125" → "12.5"). */
export function percentText(rate: string, places = 4): string {
  const u = unitsOfText(rate);
  if (u === null) return '--';
  const scaled = u * 100n;
  const step = 10n ** BigInt(8 - places);
  const rounded = ((scaled + step / 2n) / step) * step;
  return textOfUnits(rounded);
}

/** The share of the quota still on sale, 0..1. */
export function remainingShare(p: Pick<EarnProductItem, 'quota' | 'remaining'>): number {
  const quota = units(p.quota);
  if (quota === 0n) return 0;
  const share = Number((units(p.remaining) * 10_000n) / quota) / 10_000;
  return Math.max(0, Math.min(1, share));
}

/** An order's status as of `now`: one bought before its start reads "in progress" once earning began. */
export function statusAt(o: Pick<EarnOrderItem, 'status' | 'startAt'>, now: number): EarnOrderStatus {
  return o.status === 'purchasing' && now >= o.startAt ? 'in_progress' : o.status;
}

export const STATUS_LABELS: Readonly<Record<EarnOrderStatus, string>> = {
  purchasing: 'defi.status.purchasing',
  in_progress: 'defi.status.inProgress',
  settled: 'defi.status.settled',
  redeemed: 'defi.status.redeemed',
  cancelled: 'defi.status.cancelled',
};
/** Mining's own words (spec §4: in progress, ended). */
export const MINING_STATUS_LABELS: Readonly<Record<EarnOrderStatus, string>> = {
  purchasing: 'defi.status.purchasing',
  in_progress: 'defi.status.mining',
  settled: 'defi.status.ended',
  redeemed: 'defi.status.redeemed',
  cancelled: 'defi.status.cancelled',
};
export const RELEASE_LABELS: Readonly<Record<IncomeRelease, string>> = { daily: 'defi.release.daily', end: 'defi.release.end' };
export const REBATE_LABELS: Readonly<Record<RebateType, string>> = { daily: 'defi.rebate.daily', end: 'defi.rebate.end' };

export const isActiveOrder = (o: Pick<EarnOrderItem, 'status'>): boolean => o.status === 'purchasing' || o.status === 'in_progress';

/** Principal still in an order (its daily returned parts taken off). */
export const heldPrincipal = (o: EarnOrderItem): bigint => (isActiveOrder(o) ? atLeast0(units(o.principal) - units(o.paidPrincipal)) : 0n);

export interface CoinHolding {
  readonly asset: string;
  /** Principal in active orders (the frozen part of the earn balance). */
  readonly principal: bigint;
  /** Income received in this coin, over every order read. */
  readonly income: bigint;
  /** Income promised and not paid yet by active orders, in this coin. */
  readonly pending: bigint;
  readonly activeOrders: number;
}

/** Per coin: principal held in active orders, income received and still to come (orders given once each). */
export function holdingsByCoin(orders: Iterable<EarnOrderItem>): CoinHolding[] {
  const by = new Map<string, { principal: bigint; income: bigint; pending: bigint; activeOrders: number }>();
  const at = (asset: string) => {
    let found = by.get(asset);
    if (!found) by.set(asset, (found = { principal: 0n, income: 0n, pending: 0n, activeOrders: 0 }));
    return found;
  };
  for (const o of orders) {
    const income = at(o.incomeAsset);
    income.income += units(o.paidIncome);
    if (isActiveOrder(o)) {
      income.pending += atLeast0(units(o.totalIncome) - units(o.paidIncome));
      const coin = at(o.asset);
      coin.principal += heldPrincipal(o);
      coin.activeOrders += 1;
    }
  }
  return [...by].map(([asset, h]) => ({ asset, ...h })).sort((a, b) => a.asset.localeCompare(b.asset));
}
