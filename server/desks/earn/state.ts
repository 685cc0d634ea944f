// The earn desk's batch, its due queue and the views of its rows.
import {
  dueAtOf, periodsOf, ratesOf, textOfUnits, type EarnOrderItem, type EarnOrderStatus, type EarnProductItem, type EarnTerms,
} from '../../contract/earn.ts';
import type { EarnOrderRow, EarnPaymentRow, EarnProductRow, EarnWrites } from '../../store/earn.ts';
import { DeskBatch } from '../batch.ts';

export class EarnBatch extends DeskBatch {
  /** Each product and order once, its latest state. */
  readonly products = new Map<number, EarnProductRow>();
  readonly orders = new Map<number, EarnOrderRow>();
  readonly payments: EarnPaymentRow[] = [];

  override isEmpty(): boolean {
    return super.isEmpty() && this.products.size === 0 && this.orders.size === 0 && this.payments.length === 0;
  }

  writes(): EarnWrites | null {
    if (this.products.size === 0 && this.orders.size === 0 && this.payments.length === 0) return null;
    return { products: [...this.products.values()], orders: [...this.orders.values()], payments: this.payments };
  }
}

/**
 * Orders by the instant of their next payment. Payments fall on few instants (one a day per kind), so the queue is
 * a bucket per instant and a sorted list of instants: adding and taking are O(1) but for a new instant's insertion.
 */
export class DueBuckets {
  /** Each instant's ids; `head` is how many were taken from the front (no splicing of a million-id bucket). */
  private readonly buckets = new Map<number, { ids: number[]; head: number }>();
  private readonly times: number[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(at: number, id: number): void {
    let bucket = this.buckets.get(at);
    if (bucket === undefined) {
      this.buckets.set(at, (bucket = { ids: [], head: 0 }));
      // Binary search for the insertion point (most new instants are the latest).
      let lo = 0;
      let hi = this.times.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.times[mid]! < at) lo = mid + 1;
        else hi = mid;
      }
      this.times.splice(lo, 0, at);
    }
    bucket.ids.push(id);
    this.count++;
  }

  /** The earliest instant with orders (undefined: none). */
  peek(): number | undefined {
    return this.times[0];
  }

  /**
   * Takes up to `max` ids due at or before `now`, earliest first (ids of one instant in the order they were added).
   * Ids of orders that ended meanwhile may be among them: the caller skips them.
   */
  take(now: number, max: number): Array<{ at: number; id: number }> {
    const out: Array<{ at: number; id: number }> = [];
    while (out.length < max && this.times.length > 0 && this.times[0]! <= now) {
      const at = this.times[0]!;
      const bucket = this.buckets.get(at)!;
      const end = Math.min(bucket.ids.length, bucket.head + max - out.length);
      for (let i = bucket.head; i < end; i++) out.push({ at, id: bucket.ids[i]! });
      this.count -= end - bucket.head;
      bucket.head = end;
      if (bucket.head === bucket.ids.length) {
        this.buckets.delete(at);
        this.times.shift();
      }
    }
    return out;
  }
}

export const termsOf = (r: Pick<EarnOrderRow | EarnProductRow, 'kind' | 'rate' | 'termDays' | 'incomeRelease' | 'rebateType'>): EarnTerms => ({
  kind: r.kind, rate: r.rate, termDays: r.termDays, incomeRelease: r.incomeRelease, rebateType: r.rebateType,
});

/** When an active order's next payment is due (null: none left). */
export const nextDueOf = (o: EarnOrderRow): number | null => (o.status === 'in_progress' && o.periodsPaid < o.periods ? dueAtOf(termsOf(o), o.startAt, o.periodsPaid + 1) : null);

export function orderView(o: EarnOrderRow, name: string, now: number): EarnOrderItem {
  const terms = termsOf(o);
  const status: EarnOrderStatus = o.status === 'in_progress' && now < o.startAt ? 'purchasing' : o.status;
  return {
    id: o.id,
    kind: o.kind,
    productId: o.productId,
    name,
    asset: o.asset,
    incomeAsset: o.incomeAsset,
    principal: textOfUnits(o.principal),
    rate: textOfUnits(o.rate),
    termDays: o.termDays,
    incomeRelease: o.incomeRelease,
    rebateType: o.rebateType,
    totalIncome: textOfUnits(o.totalIncome),
    paidIncome: textOfUnits(o.paidIncome),
    paidPrincipal: textOfUnits(o.paidPrincipal),
    periodsPaid: o.periodsPaid,
    periods: o.periods,
    status,
    purchasedAt: o.purchasedAt,
    startAt: o.startAt,
    endAt: o.endAt,
    returnAt: dueAtOf(terms, o.startAt, periodsOf(terms)),
    nextPayoutAt: nextDueOf(o),
    closedAt: o.closedAt,
    clientId: o.clientId,
  };
}

export function productView(p: EarnProductRow, o: { remaining: bigint; capacity: bigint; funded: boolean; held: bigint | null }): EarnProductItem {
  const rates = ratesOf(p);
  return {
    id: p.id,
    kind: p.kind,
    name: p.name,
    asset: p.asset,
    incomeAsset: p.incomeAsset,
    termDays: p.termDays,
    rate: textOfUnits(p.rate),
    annualRate: textOfUnits(rates.annual),
    dailyRate: textOfUnits(rates.daily),
    monthlyRate: textOfUnits(rates.monthly),
    minAmount: textOfUnits(p.minAmount),
    maxAmount: textOfUnits(p.maxAmount),
    quota: textOfUnits(p.quota),
    remaining: textOfUnits(o.remaining),
    capacity: textOfUnits(o.capacity),
    held: o.held === null ? null : textOfUnits(o.held),
    incomeRelease: p.incomeRelease,
    rebateType: p.rebateType,
    status: p.status,
    funded: o.funded,
    sortOrder: p.sortOrder,
    createdAt: p.createdAt,
  };
}

/**
 * The demo's products and pools (a fresh `npm start` lists real ones): modest rates, the operator's promise, funded
 * by the demo treasury (DEMO_TREASURY). Rates × 10^8 (wealth annual, mining daily), amounts in whole coins.
 */
export const DEMO_PRODUCTS: ReadonlyArray<{
  kind: 'wealth' | 'mining'; name: string; asset: string; incomeAsset?: string; termDays: number; rate: string; min: string; max: string; quota: string;
  incomeRelease?: 'daily' | 'end'; rebateType?: 'end' | 'daily';
}> = [
  { kind: 'wealth', name: 'USDT 7-day fixed', asset: 'USDT', termDays: 7, rate: '0.025', min: '10', max: '50000', quota: '2000000' },
  { kind: 'wealth', name: 'USDT 30-day fixed', asset: 'USDT', termDays: 30, rate: '0.04', min: '50', max: '100000', quota: '5000000' },
  { kind: 'wealth', name: 'USDT 90-day fixed', asset: 'USDT', termDays: 90, rate: '0.06', min: '100', max: '200000', quota: '5000000' },
  { kind: 'wealth', name: 'BTC 30-day fixed', asset: 'BTC', termDays: 30, rate: '0.012', min: '0.001', max: '5', quota: '100' },
  { kind: 'mining', name: 'USDT pool 30 days', asset: 'USDT', termDays: 30, rate: '0.0002', min: '100', max: '100000', quota: '3000000', incomeRelease: 'daily' },
  { kind: 'mining', name: 'ETH pool 15 days', asset: 'ETH', termDays: 15, rate: '0.00015', min: '0.1', max: '200', quota: '5000', incomeRelease: 'end' },
  { kind: 'mining', name: 'BTC pool 60 days', asset: 'BTC', termDays: 60, rate: '0.0001', min: '0.01', max: '10', quota: '200', incomeRelease: 'daily', rebateType: 'daily' },
];

/** What the demo credits the treasury with at first start (the operator's money, from outside). */
export const DEMO_TREASURY: Readonly<Record<string, string>> = { USDT: '2000000', BTC: '20', ETH: '500' };
