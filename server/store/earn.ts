// Wealth products, mining pools, their orders and payments in the store (issue 23; migration 0029_earn). The earn
// desk writes products, orders (each once per batch, its latest state, upserted by id) and payments inside its group
// commit (EarnWrites through commitDesk: on SQLite by the writer thread's prepared statements in
// sqlite-desk-writes.ts, on PostgreSQL here). Reads: the desk's rebuild (every product, the active orders, the
// largest ids) and the app's pages (a user's orders, an order's payments).
import type { Kysely } from 'kysely';
import {
  EARN_KINDS, EARN_PRODUCT_STATUSES, INCOME_RELEASES, REBATE_TYPES, STORED_EARN_ORDER_STATUSES,
  type EarnKind, type EarnProductStatus, type IncomeRelease, type RebateType, type StoredEarnOrderStatus,
} from '../contract/earn.ts';
import { insertRows, rowsOf } from './bulk.ts';
import { eachClientId } from './client-ids.ts';
import { int64, money, toAmount, type Money } from './money.ts';
import type { Database } from './schema.ts';

export interface EarnProductRow {
  readonly id: number;
  readonly kind: EarnKind;
  readonly name: string;
  readonly asset: string;
  readonly incomeAsset: string;
  readonly termDays: number;
  /** × 10^8: wealth annual, mining daily. */
  readonly rate: bigint;
  readonly minAmount: bigint;
  readonly maxAmount: bigint;
  readonly quota: bigint;
  readonly incomeRelease: IncomeRelease;
  readonly rebateType: RebateType;
  readonly status: EarnProductStatus;
  readonly sortOrder: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** The operator's request that added it (null: added by the demo). */
  readonly requestId: string | null;
}

export interface EarnOrderRow {
  readonly id: number;
  readonly user: number;
  readonly clientId: string | null;
  readonly productId: number;
  readonly kind: EarnKind;
  readonly asset: string;
  readonly incomeAsset: string;
  readonly principal: bigint;
  readonly rate: bigint;
  readonly termDays: number;
  readonly incomeRelease: IncomeRelease;
  readonly rebateType: RebateType;
  readonly totalIncome: bigint;
  readonly paidIncome: bigint;
  readonly paidPrincipal: bigint;
  readonly periodsPaid: number;
  readonly periods: number;
  readonly status: StoredEarnOrderStatus;
  readonly purchasedAt: number;
  readonly startAt: number;
  readonly endAt: number;
  readonly closedAt: number | null;
}

export interface EarnPaymentRow {
  readonly orderId: number;
  readonly period: number;
  readonly user: number;
  readonly dueAt: number;
  readonly paidAt: number;
  readonly income: bigint;
  readonly principal: bigint;
}

/** One earn desk batch's rows. */
export interface EarnWrites {
  readonly products: readonly EarnProductRow[];
  readonly orders: readonly EarnOrderRow[];
  readonly payments: readonly EarnPaymentRow[];
}

type Value = string | number | bigint | null;

export const EARN_PRODUCT_COLUMNS = [
  'id', 'kind', 'name', 'asset', 'income_asset', 'term_days', 'rate', 'min_amount', 'max_amount', 'quota', 'income_release', 'rebate_type',
  'status', 'sort_order', 'created_at', 'updated_at', 'request_id',
] as const;
export const EARN_ORDER_COLUMNS = [
  'id', 'user_id', 'client_id', 'product_id', 'kind', 'asset', 'income_asset', 'principal', 'rate', 'term_days', 'income_release', 'rebate_type',
  'total_income', 'paid_income', 'paid_principal', 'periods_paid', 'periods', 'status', 'purchased_at', 'start_at', 'end_at', 'closed_at',
] as const;
export const EARN_PAYMENT_COLUMNS = ['order_id', 'period', 'user_id', 'due_at', 'paid_at', 'income', 'principal'] as const;

const excluded = (columns: readonly string[]) => columns.map((c) => `"${c}" = "excluded"."${c}"`).join(', ');
export const EARN_UPSERT_PRODUCT = `on conflict ("id") do update set ${excluded(['name', 'min_amount', 'max_amount', 'quota', 'status', 'sort_order', 'updated_at'])}`;
export const EARN_UPSERT_ORDER = `on conflict ("id") do update set ${excluded(['paid_income', 'paid_principal', 'periods_paid', 'status', 'closed_at'])}`;

export const earnProductValues = (p: EarnProductRow): Value[] => [
  p.id, p.kind, p.name, p.asset, p.incomeAsset, p.termDays, int64(p.rate), int64(p.minAmount), int64(p.maxAmount), int64(p.quota), p.incomeRelease,
  p.rebateType, p.status, p.sortOrder, p.createdAt, p.updatedAt, p.requestId,
];
export const earnOrderValues = (o: EarnOrderRow): Value[] => [
  o.id, o.user, o.clientId, o.productId, o.kind, o.asset, o.incomeAsset, int64(o.principal), int64(o.rate), o.termDays, o.incomeRelease, o.rebateType,
  int64(o.totalIncome), int64(o.paidIncome), int64(o.paidPrincipal), o.periodsPaid, o.periods, o.status, o.purchasedAt, o.startAt, o.endAt, o.closedAt,
];
export const earnPaymentValues = (p: EarnPaymentRow): Value[] => [p.orderId, p.period, p.user, p.dueAt, p.paidAt, int64(p.income), int64(p.principal)];


/** The tables of migration 0029 (schema.ts's Database type does not list them). */
export interface EarnTables {
  earn_products: {
    id: number; kind: string; name: string; asset: string; income_asset: string; term_days: number; rate: Money; min_amount: Money; max_amount: Money;
    quota: Money; income_release: string; rebate_type: string; status: string; sort_order: number; created_at: number; updated_at: number;
    request_id: string | null;
  };
  earn_orders: {
    id: number; user_id: number; client_id: string | null; product_id: number; kind: string; asset: string; income_asset: string; principal: Money;
    rate: Money; term_days: number; income_release: string; rebate_type: string; total_income: Money; paid_income: Money; paid_principal: Money;
    periods_paid: number; periods: number; status: string; purchased_at: number; start_at: number; end_at: number; closed_at: number | null;
  };
  earn_payments: { order_id: number; period: number; user_id: number; due_at: number; paid_at: number; income: Money; principal: Money };
}

const oneOf = <T extends string>(list: readonly string[], v: string, what: string): T => {
  if (!list.includes(v)) throw new Error(`stored ${what} "${v}" is not one of ${list.join(', ')}`);
  return v as T;
};

export type EarnRepo = ReturnType<typeof createEarn>;

export function createEarn(db: Kysely<Database>) {
  const orders = () =>
    db.selectFrom('earn_orders').select([
      'id', 'user_id', 'client_id', 'product_id', 'kind', 'asset', 'income_asset', money('principal').as('principal'), money('rate').as('rate'), 'term_days',
      'income_release', 'rebate_type', money('total_income').as('total_income'), money('paid_income').as('paid_income'),
      money('paid_principal').as('paid_principal'), 'periods_paid', 'periods', 'status', 'purchased_at', 'start_at', 'end_at', 'closed_at',
    ]);
  type OrderSel = Awaited<ReturnType<ReturnType<typeof orders>['executeTakeFirstOrThrow']>>;
  const toOrder = (r: OrderSel): EarnOrderRow => ({
    id: Number(r.id), user: Number(r.user_id), clientId: r.client_id, productId: Number(r.product_id), kind: oneOf<EarnKind>(EARN_KINDS, r.kind, 'kind'),
    asset: r.asset, incomeAsset: r.income_asset, principal: toAmount(r.principal), rate: toAmount(r.rate), termDays: Number(r.term_days),
    incomeRelease: oneOf<IncomeRelease>(INCOME_RELEASES, r.income_release, 'income release'), rebateType: oneOf<RebateType>(REBATE_TYPES, r.rebate_type, 'rebate type'),
    totalIncome: toAmount(r.total_income), paidIncome: toAmount(r.paid_income), paidPrincipal: toAmount(r.paid_principal), periodsPaid: Number(r.periods_paid),
    periods: Number(r.periods), status: oneOf<StoredEarnOrderStatus>(STORED_EARN_ORDER_STATUSES, r.status, 'order status'), purchasedAt: Number(r.purchased_at),
    startAt: Number(r.start_at), endAt: Number(r.end_at), closedAt: r.closed_at === null ? null : Number(r.closed_at),
  });

  return Object.freeze({
    /** Writes one batch's rows (inside the caller's transaction: desk-writes.ts). */
    async write(w: EarnWrites): Promise<void> {
      await insertRows(db, 'earn_products', rowsOf(w.products, EARN_PRODUCT_COLUMNS, earnProductValues), EARN_UPSERT_PRODUCT);
      await insertRows(db, 'earn_orders', rowsOf(w.orders, EARN_ORDER_COLUMNS, earnOrderValues), EARN_UPSERT_ORDER);
      await insertRows(db, 'earn_payments', rowsOf(w.payments, EARN_PAYMENT_COLUMNS, earnPaymentValues));
    },
    async products(): Promise<EarnProductRow[]> {
      const rows = await db
        .selectFrom('earn_products')
        .select([
          'id', 'kind', 'name', 'asset', 'income_asset', 'term_days', money('rate').as('rate'), money('min_amount').as('mi'), money('max_amount').as('ma'),
          money('quota').as('q'), 'income_release', 'rebate_type', 'status', 'sort_order', 'created_at', 'updated_at', 'request_id',
        ])
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: Number(r.id), kind: oneOf<EarnKind>(EARN_KINDS, r.kind, 'kind'), name: r.name, asset: r.asset, incomeAsset: r.income_asset, termDays: Number(r.term_days),
        rate: toAmount(r.rate), minAmount: toAmount(r.mi), maxAmount: toAmount(r.ma), quota: toAmount(r.q),
        incomeRelease: oneOf<IncomeRelease>(INCOME_RELEASES, r.income_release, 'income release'), rebateType: oneOf<RebateType>(REBATE_TYPES, r.rebate_type, 'rebate type'),
        status: oneOf<EarnProductStatus>(EARN_PRODUCT_STATUSES, r.status, 'product status'), sortOrder: Number(r.sort_order), createdAt: Number(r.created_at),
        updatedAt: Number(r.updated_at), requestId: r.request_id,
      }));
    },
    /** Orders in progress, by id (the desk's rebuild). */
    active: async (): Promise<EarnOrderRow[]> => (await orders().where('status', '=', 'in_progress').orderBy('id').execute()).map(toOrder),
    maxOrderId: async (): Promise<number> => Number((await db.selectFrom('earn_orders').select((eb) => eb.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0),
    byId: async (id: number): Promise<EarnOrderRow | undefined> => {
      const r = await orders().where('id', '=', id).executeTakeFirst();
      return r === undefined ? undefined : toOrder(r);
    },
    byClientId: async (user: number, clientId: string): Promise<EarnOrderRow | undefined> => {
      const r = await orders().where('user_id', '=', user).where('client_id', '=', clientId).executeTakeFirst();
      return r === undefined ? undefined : toOrder(r);
    },
    /** Every stored purchase's `user:clientId`, for the desk's filter of stored client ids (desks/client-ids.ts). */
    eachClientId: (visit: (key: string) => void): Promise<number> => eachClientId(db, { table: 'earn_orders', column: 'client_id' }, visit),
    /** A user's orders of a kind and some statuses, newest first. */
    async byUser(q: { user: number; kind: EarnKind; statuses: readonly StoredEarnOrderStatus[]; offset: number; limit: number }): Promise<{ rows: EarnOrderRow[]; total: number }> {
      const total = Number(
        (await db.selectFrom('earn_orders').where('user_id', '=', q.user).where('kind', '=', q.kind).where('status', 'in', [...q.statuses])
          .select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0,
      );
      const rows = await orders().where('user_id', '=', q.user).where('kind', '=', q.kind).where('status', 'in', [...q.statuses])
        .orderBy('id', 'desc').offset(q.offset).limit(q.limit).execute();
      return { rows: rows.map(toOrder), total };
    },
    /** Every user's orders of some kinds and statuses, newest first (the operator's list), and how many there are. */
    async recent(q: { kinds: readonly EarnKind[]; statuses: readonly StoredEarnOrderStatus[]; limit: number }): Promise<{ rows: EarnOrderRow[]; total: number }> {
      const total = Number(
        (await db.selectFrom('earn_orders').where('kind', 'in', [...q.kinds]).where('status', 'in', [...q.statuses])
          .select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0,
      );
      const rows = await orders().where('kind', 'in', [...q.kinds]).where('status', 'in', [...q.statuses]).orderBy('id', 'desc').limit(q.limit).execute();
      return { rows: rows.map(toOrder), total };
    },
    /** An order's payments made, by period, from `fromPeriod` (1-based), at most `limit`. */
    async payments(orderId: number, fromPeriod: number, limit: number): Promise<EarnPaymentRow[]> {
      const rows = await db
        .selectFrom('earn_payments')
        .select(['order_id', 'period', 'user_id', 'due_at', 'paid_at', money('income').as('income'), money('principal').as('principal')])
        .where('order_id', '=', orderId).where('period', '>=', fromPeriod).orderBy('period').limit(limit).execute();
      return rows.map((r) => ({
        orderId: Number(r.order_id), period: Number(r.period), user: Number(r.user_id), dueAt: Number(r.due_at), paidAt: Number(r.paid_at),
        income: toAmount(r.income), principal: toAmount(r.principal),
      }));
    },
  });
}
