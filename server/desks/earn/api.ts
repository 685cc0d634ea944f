// The earn desk's public calls (issue 23): what the gateway, the operator channel and the accrual job use. The desk
// (desk.ts) owns the earn (wealth) wallet, the treasury (system:treasury), every product and pool and every order.
// Commands are sequenced and committed in groups like every desk's; reads of ended orders and payments go to the
// store.
import type {
  EarnIncomeItem, EarnKind, EarnOrderItem, EarnProductItem, EarnProductStatus, EarnPurchaseResult, IncomeRelease, RebateType,
} from '../../contract/earn.ts';
import type { Reply } from '../codes.ts';

/**
 * A refusal may carry the bound it broke: earn.amount.below.min (data.min), earn.amount.above.max (data.max: what
 * this user may still buy), earn.sold.out (data.remaining), earn.treasury.insufficient (data.capacity).
 */
export type EarnReply<T> = Reply<T> | { readonly ok: false; readonly code: string; readonly data: Readonly<Record<string, string | number>> };

/** A new product or pool (operator). Amounts and rates decimal text. */
export interface EarnProductCreate {
  readonly kind: EarnKind;
  /** 1-64 characters, no control characters. */
  readonly name: string;
  readonly asset: string;
  /** Defaults to `asset`; a wealth product's must be its asset. */
  readonly incomeAsset?: string | undefined;
  /** 1..MAX_TERM_DAYS */
  readonly termDays: number;
  /** Wealth: annual rate; mining: daily rate; a fraction > 0 with at most 8 places (≤ 10 = 1,000 %). */
  readonly rate: string;
  readonly minAmount: string;
  readonly maxAmount: string;
  readonly quota: string;
  /** Default: wealth "end", mining "daily". */
  readonly incomeRelease?: IncomeRelease | undefined;
  /** Default "end". */
  readonly rebateType?: RebateType | undefined;
  /** Default "open". */
  readonly status?: EarnProductStatus | undefined;
  readonly sortOrder?: number | undefined;
  /** The operator's request id (8-64 of A-Z a-z 0-9 . _ : -): a repeat answers the product it added (duplicate). */
  readonly requestId?: string | undefined;
}

/**
 * What an operator may change of a product: its name, bounds, quota, status and order in the list. Terms that
 * orders were bought on (asset, income coin, term, rate, release, rebate) never change: close the product and add
 * another.
 */
export interface EarnProductChange {
  readonly name?: string | undefined;
  readonly minAmount?: string | undefined;
  readonly maxAmount?: string | undefined;
  readonly quota?: string | undefined;
  readonly status?: EarnProductStatus | undefined;
  readonly sortOrder?: number | undefined;
}

export interface EarnPurchase {
  readonly user: number;
  /** The list it was bought from: a wealth purchase of a mining pool id (or the reverse) is earn.product.not.found. */
  readonly kind: EarnKind;
  readonly productId: number;
  /** Decimal text > 0. */
  readonly amount: string;
  /** Makes the purchase idempotent per user: a repeat answers the first order (duplicate: true). */
  readonly clientId?: string | undefined;
}

export interface EarnRedeem {
  readonly user: number;
  /** The list it is redeemed from (an order of the other kind is earn.order.not.found; a pool's is earn.mining.locked
   *  when asked as mining). */
  readonly kind: EarnKind;
  readonly orderId: number;
}

export interface EarnOrdersQuery {
  readonly user: number;
  readonly kind: EarnKind;
  /** active: purchasing and in progress; ended: settled, redeemed, cancelled. */
  readonly status: 'active' | 'ended' | 'all';
  readonly pageIndex: number;
  readonly pageSize: number;
}

export interface EarnIncomesQuery {
  readonly user: number;
  readonly kind: EarnKind;
  readonly orderId: number;
  readonly pageIndex: number;
  readonly pageSize: number;
}

export interface EarnPage<T> {
  readonly list: T[];
  readonly total: number;
  readonly pageIndex: number;
  readonly pageSize: number;
}

/** The treasury of one coin: its balance, the incomes promised and not yet paid, and what is free of promises. */
export interface TreasuryView {
  asset: string;
  balance: string;
  owed: string;
  free: string;
}

export interface TreasuryChange {
  /** credit: money in from outside (the operator's); debit: out, never more than is free of promises. */
  readonly action: 'credit' | 'debit';
  readonly asset: string;
  readonly amount: string;
  readonly memo: string;
  /** Applied at most once per request id (journalled). */
  readonly requestId: string;
}

export interface AccrualReport {
  /** Payments made by this run, and orders that ended. */
  readonly paid: number;
  readonly settled: number;
  /** The earliest payment still to come (null: none). */
  readonly nextDueAt: number | null;
}

/** One `payDue` command's answer: `more` when payments were still due at its time (the next command pays them). */
export interface PayDueReport extends AccrualReport {
  readonly more: boolean;
}

/** What the gateway and the operator channel call. */
export interface EarnDeskApi {
  /** The products of a kind, in list order (closed ones only with `all`), with `held` for `user`. From memory. */
  products(kind: EarnKind | null, o?: { all?: boolean | undefined; user?: number | undefined }): EarnProductItem[];
  product(id: number, user?: number): EarnProductItem | undefined;
  createProduct(req: EarnProductCreate): Promise<EarnReply<EarnProductItem & { duplicate?: boolean }>>;
  updateProduct(id: number, change: EarnProductChange): Promise<EarnReply<EarnProductItem>>;
  purchase(req: EarnPurchase): Promise<EarnReply<EarnPurchaseResult>>;
  /** A wealth order transferred out early: principal back, no income (earn.mining.locked for a pool's). */
  redeem(req: EarnRedeem): Promise<EarnReply<EarnOrderItem>>;
  /** One of the user's orders (undefined: none of that kind with that id). */
  order(user: number, kind: EarnKind, orderId: number): Promise<EarnOrderItem | undefined>;
  orders(q: EarnOrdersQuery): Promise<Reply<EarnPage<EarnOrderItem>>>;
  /** An order's payments: paid ones as paid, the rest as scheduled. */
  incomes(q: EarnIncomesQuery): Promise<Reply<EarnPage<EarnIncomeItem>>>;
  treasury(): TreasuryView[];
  fundTreasury(req: TreasuryChange): Promise<Reply<{ treasury: TreasuryView; duplicate: boolean; ref: string }>>;
  /** One command: pays up to a chunk of the payments due at its time (accrual.ts runDue sends it until none are). */
  payDue(): Promise<PayDueReport>;
  /** Adds the demo's products and pools when there are none at all, in one command; how many it added. */
  seedDemo(): Promise<number>;
  /** Orders active now. */
  readonly openOrders: number;
}
