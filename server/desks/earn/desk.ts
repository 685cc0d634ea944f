// The earn desk (issue 23): owns the earn (wealth) wallet, the treasury (system:treasury), the wealth products and
// mining pools, and every order on them. Commands are sequenced, applied against memory, committed in groups and
// only then answered and published, as every desk's. The schedule and the rounding are contract/earn.ts's, the same
// functions the browser shows a purchase's expected income with.
//
// Ledger (units of 10^-8 of each coin):
//   purchase   earn.purchase  earn:<order>        user earn available −P, user earn frozen +P      record financial_purchase | mining_purchase
//   income     earn.income    earn:<order>:<k>   treasury −I, user earn available +I (income coin)  record financial_income | mining_income
//   principal  earn.return    earn:<order>:<k>   user earn frozen −p, available +p                 record financial_return | mining_return
//   redeem     earn.redeem    earn:<order>        user earn frozen −(P − returned), available +…    record cancel_financial
//   treasury   admin.credit|debit  admin:<memo>#<request id>   treasury ± x, external ∓ x (the operator's money)
// The principal stays the user's (their frozen part of the wealth account: the liabilities tree counts it) and an
// operator's unfreeze can't release it (it counts as reserved, like open orders' funds).
//
// The treasury's promise. `owed` per coin is every income promised to active orders and not yet paid. A purchase is
// accepted only when the treasury's balance less `owed` covers its whole income, and a treasury debit may take only
// what is free of `owed`, so every promised payment is funded when it is made: an income payment can't fail for want
// of money, and nothing is ever paid out of users' funds. A treasury short of money stops new purchases
// (earn.treasury.insufficient; the lists show `funded: false`).
//
// Exactly once. Payment k of an order is applied when the order's periodsPaid is k − 1, in a command that advances it
// to k and writes the order row, the payment row (keyed (order, period)) and the journal entries in the same
// transaction. Memory is the store's state plus uncommitted batches; a crash loses only uncommitted batches, whose
// callers were never answered, and the rebuild reads periodsPaid back from the store, so a payment is made once. A
// second process can't run the desk (its lease); a day of downtime is caught up at start, each payment with its own
// due instant.
import { systemClock, type Clock } from '../../clock.ts';
import {
  DAY_MS, earnStartAt, EARN_KINDS, EARN_PRODUCT_STATUSES, INCOME_RELEASES, MAX_TERM_DAYS, paymentOf, periodsOf, REBATE_TYPES, totalIncome,
  type EarnIncomeItem, type EarnKind, type EarnOrderItem, type EarnProductItem, type EarnPurchaseResult, type StoredEarnOrderStatus,
  textOfUnits, dueAtOf,
} from '../../contract/earn.ts';
import { asset as toAsset, Code, EXTERNAL, parseDecimal, systemAccount, userAccount, type Asset, type Posting, type UserId } from '../../kernel/index.ts';
import type { Bus } from '../../bus/index.ts';
import type { Store } from '../../store/index.ts';
import type { EarnOrderRow, EarnProductRow } from '../../store/earn.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { CoreFunds, DeskCore, loadOwned, openUnderLease, ownership, type FundsMemory } from '../core.ts';
import { topics, type DeskEvent } from '../events.ts';
import { loadClientIds, type ClientIdFilter } from '../client-ids.ts';
import { adminRef, isMemo, isRequestId } from '../funds.ts';
import type { DeskLease } from '../lease.ts';
import { DeskLedger } from '../ledger.ts';
import { addRecords, type RecordType } from '../records.ts';
import { checkAsset, checkUser, isClientId } from '../validate.ts';
import type {
  AccrualReport, EarnDeskApi, PayDueReport, EarnIncomesQuery, EarnOrdersQuery, EarnPage, EarnProductChange, EarnProductCreate, EarnPurchase, EarnRedeem, EarnReply,
  TreasuryChange, TreasuryView,
} from './api.ts';
import { runDue } from './accrual.ts';
import { DEMO_PRODUCTS, DueBuckets, EarnBatch, nextDueOf, orderView, productView, termsOf } from './state.ts';

export const TREASURY = systemAccount('treasury');
export const EARN_SYSTEM_ACCOUNTS = [TREASURY];
/** Payments per desk command: big enough for few commits, small enough to let purchases in between. */
export const PAY_CHUNK = 2_000;
/** The largest rate an operator may set: 10 (1,000 %), × 10^8. */
const MAX_RATE = 10n * 100_000_000n;
/** Promised totals stay far inside a 64-bit column. */
const MAX_UNITS = 2n ** 62n;
const NAME = /^[^\u0000-\u001f\u007f]{1,64}$/;
const PAGE_SIZES: readonly number[] = [10, 20, 30, 50, 70, 100, 200];

const RECORD: Record<EarnKind, { purchase: RecordType; income: RecordType; back: RecordType }> = {
  wealth: { purchase: 'financial_purchase', income: 'financial_income', back: 'financial_return' },
  mining: { purchase: 'mining_purchase', income: 'mining_income', back: 'mining_return' },
};

export interface EarnDeskOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock?: Clock | undefined;
  readonly holder?: string | undefined;
  readonly leaseTtlMs?: number | undefined;
  readonly onStop?: ((error: unknown) => void) | undefined;
}

interface State {
  readonly ledger: DeskLedger;
  readonly products: Map<number, EarnProductRow>;
  readonly active: Map<number, EarnOrderRow>;
  /** Every `user:clientId` the store may hold (added when its batch commits): a new id needs no store look-up. */
  readonly storedClients: ClientIdFilter;
  nextOrderId: number;
  nextProductId: number;
}

const key2 = (a: number | string, b: number | string): string => `${a}:${b}`;
const add = (m: Map<string, bigint>, k: string, delta: bigint): void => {
  const v = (m.get(k) ?? 0n) + delta;
  if (v === 0n) m.delete(k);
  else m.set(k, v);
};
const units = (text: unknown): bigint | null => {
  if (typeof text !== 'string') return null;
  const r = parseDecimal(text);
  return r.ok ? r.value : null;
};
const invalid = (problem: string): EarnReply<never> => ({ ok: false, code: 'earn.product.invalid', data: { problem } });

/** The largest principal whose whole income is at most `free` (null: any, the rate pays nothing). */
export function fundedPrincipal(p: Pick<EarnProductRow, 'kind' | 'rate' | 'termDays'>, free: bigint): bigint {
  if (free < 0n) return 0n;
  // totalIncome(P) = floor(P·a / b) ≤ free  ⟺  P·a < (free + 1)·b  ⟺  P ≤ ((free + 1)·b − 1) / a
  const a = p.rate * BigInt(p.termDays);
  const b = p.kind === 'wealth' ? 100_000_000n * 365n : 100_000_000n;
  return a === 0n ? MAX_UNITS : ((free + 1n) * b - 1n) / a;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The rows the rebuild read, made to share their values: the driver gives every row its own copy of each text
 * (kind, coins, release, rebate, status) and of the product's rate, which for a million open orders is some 150 MB
 * of heap that every full collection walks. Same values, one copy each (the rows are fresh from the store: nothing
 * else holds them yet).
 */
function shared(rows: EarnOrderRow[], products: ReadonlyMap<number, EarnProductRow>): EarnOrderRow[] {
  const texts = new Map<string, string>();
  const one = <T extends string>(text: T): T => {
    const seen = texts.get(text);
    if (seen !== undefined) return seen as T;
    texts.set(text, text);
    return text;
  };
  for (const row of rows) {
    const r = row as Writable<EarnOrderRow>;
    r.kind = one(r.kind);
    r.asset = one(r.asset);
    r.incomeAsset = one(r.incomeAsset);
    r.incomeRelease = one(r.incomeRelease);
    r.rebateType = one(r.rebateType);
    r.status = one(r.status);
    const rate = products.get(r.productId)?.rate;
    if (rate === r.rate) r.rate = rate;
    if (r.paidIncome === 0n) r.paidIncome = 0n;
    if (r.paidPrincipal === 0n) r.paidPrincipal = 0n;
  }
  return rows;
}

export class EarnDesk extends CoreFunds<EarnBatch> implements EarnDeskApi {
  readonly wallet = 'earn' as const;
  protected readonly core: DeskCore<EarnBatch>;
  private readonly s: State;
  private readonly o: EarnDeskOptions;
  private readonly clock: Clock;
  private readonly due = new DueBuckets();
  /** Principal of active orders by product, and by `user:product`. */
  private readonly sold = new Map<string, bigint>();
  private readonly heldBy = new Map<string, bigint>();
  /** Principal still locked (not yet returned) by `user:asset`: reserved against an operator's unfreeze. */
  private readonly lockedPrincipal = new Map<string, bigint>();
  /** Income promised and not yet paid, by income coin. */
  private readonly owed = new Map<string, bigint>();
  /** Client ids of batches not yet committed, and treasury requests. */
  private readonly pendingClient = new Map<string, EarnOrderRow>();
  private readonly pendingTreasury = new Set<string>();
  private draining: Promise<AccrualReport> | null = null;

  private constructor(o: EarnDeskOptions, s: State, lease: DeskLease, funds: FundsMemory) {
    super();
    this.o = o;
    this.s = s;
    this.clock = o.clock ?? systemClock;
    this.core = new DeskCore<EarnBatch>({
      wallet: 'earn', store: o.store, bus: o.bus, clock: this.clock, lease, ledger: s.ledger, funds,
      newBatch: () => new EarnBatch((topic) => o.bus.hasSubscribers(topic)),
      earnWrites: (b) => b.writes(),
      reserved: (user, asset) => this.lockedPrincipal.get(key2(user, asset)) ?? 0n,
      committed: (b) => {
        for (const row of b.orders.values()) {
          if (row.clientId === null) continue;
          const k = key2(row.user, row.clientId);
          s.storedClients.add(k); // before memory lets it go: the filter or memory always knows a stored id
          if (this.pendingClient.get(k)?.id === row.id) this.pendingClient.delete(k);
        }
        if (this.pendingTreasury.size > 0) for (const e of b.entries) this.pendingTreasury.delete(e.ref);
      },
      onStop: o.onStop,
    });
    for (const row of s.active.values()) this.track(row, 1n);
  }

  static async open(o: EarnDeskOptions): Promise<EarnDesk> {
    return openUnderLease(o, 'earn', o.clock ?? systemClock, async (lease, funds) => {
      const owned = await loadOwned(o.store, 'earn', EARN_SYSTEM_ACCOUNTS);
      const ledger = new DeskLedger('earn', ownership('earn', EARN_SYSTEM_ACCOUNTS), owned, await o.store.ledger.lastSeq('earn'));
      const products = new Map((await o.store.earn.products()).map((p) => [p.id, p]));
      const active = new Map(shared(await o.store.earn.active(), products).map((r) => [r.id, r]));
      const nextProductId = Math.max(0, ...products.keys()) + 1;
      const storedClients = await loadClientIds(o.store.earn.eachClientId);
      const state: State = { ledger, products, active, storedClients, nextOrderId: (await o.store.earn.maxOrderId()) + 1, nextProductId };
      return new EarnDesk(o, state, lease, funds);
    });
  }

  /** Counts an active order in (sign 1) or out (−1) of the sums, and queues its next payment. */
  private track(row: EarnOrderRow, sign: 1n | -1n): void {
    add(this.sold, String(row.productId), sign * row.principal);
    add(this.heldBy, key2(row.user, row.productId), sign * row.principal);
    add(this.lockedPrincipal, key2(row.user, row.asset), sign * (row.principal - row.paidPrincipal));
    add(this.owed, row.incomeAsset, sign * (row.totalIncome - row.paidIncome));
    if (sign === 1n) {
      const at = nextDueOf(row);
      if (at !== null) this.due.add(at, row.id);
    }
  }

  get openOrders(): number {
    return this.s.active.size;
  }

  // ---- products ----

  private free(asset: string): bigint {
    return this.s.ledger.balance(TREASURY, asset as Asset) - (this.owed.get(asset) ?? 0n);
  }

  private item(p: EarnProductRow, user: number | undefined): EarnProductItem {
    const sold = this.sold.get(String(p.id)) ?? 0n;
    const remaining = p.quota > sold ? p.quota - sold : 0n;
    const funded = fundedPrincipal(p, this.free(p.incomeAsset));
    const capacity = funded < remaining ? funded : remaining;
    const held = user === undefined ? null : (this.heldBy.get(key2(user, p.id)) ?? 0n);
    return productView(p, { remaining, capacity, funded: funded >= p.minAmount, held });
  }

  products(kind: EarnKind | null, o: { all?: boolean | undefined; user?: number | undefined } = {}): EarnProductItem[] {
    return [...this.s.products.values()]
      .filter((p) => (kind === null || p.kind === kind) && (o.all === true || p.status === 'open'))
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
      .map((p) => this.item(p, o.user));
  }

  product(id: number, user?: number): EarnProductItem | undefined {
    const p = this.s.products.get(id);
    return p === undefined ? undefined : this.item(p, user);
  }

  /** Checks a product's terms; the row, or the problem in words (the operator's, in English). */
  private checkProduct(p: EarnProductRow): string | null {
    if (!EARN_KINDS.includes(p.kind)) return 'kind must be wealth or mining';
    if (!NAME.test(p.name)) return 'name must be 1 to 64 characters without control characters';
    if (!checkAsset(p.asset).ok) return 'asset must be a coin code (A-Z, 0-9)';
    if (!checkAsset(p.incomeAsset).ok) return 'income asset must be a coin code (A-Z, 0-9)';
    if (p.kind === 'wealth' && p.incomeAsset !== p.asset) return 'a wealth product pays its income in its own coin';
    if (!Number.isSafeInteger(p.termDays) || p.termDays < 1 || p.termDays > MAX_TERM_DAYS) return `term must be 1 to ${MAX_TERM_DAYS} days`;
    if (p.rate <= 0n || p.rate > MAX_RATE) return 'rate must be above 0 and at most 10 (1,000 %)';
    if (p.minAmount <= 0n) return 'minimum must be above 0';
    if (p.maxAmount < p.minAmount) return 'maximum must be at least the minimum';
    if (p.quota < p.minAmount) return 'quota must be at least the minimum';
    if (p.quota > MAX_UNITS || totalIncome(p, p.quota) > MAX_UNITS) return 'quota too large';
    if (!INCOME_RELEASES.includes(p.incomeRelease)) return 'income release must be daily or end';
    if (!REBATE_TYPES.includes(p.rebateType)) return 'rebate type must be end or daily';
    if (p.kind === 'wealth' && p.rebateType !== 'end') return 'a wealth product returns its principal at maturity (rebate end)';
    if (!EARN_PRODUCT_STATUSES.includes(p.status)) return 'status must be open or closed';
    if (!Number.isSafeInteger(p.sortOrder) || Math.abs(p.sortOrder) > 1_000_000) return 'sort must be an integer';
    return null;
  }

  createProduct(req: EarnProductCreate): Promise<EarnReply<EarnProductItem & { duplicate?: boolean }>> {
    return this.core.run((b, time) => this.addProduct(b, req, time));
  }

  /** A product added in the command that applies `req` (createProduct's, or one of seedDemo's). */
  private addProduct(b: EarnBatch, req: EarnProductCreate, time: number): EarnReply<EarnProductItem & { duplicate?: boolean }> {
    if (req.requestId !== undefined && !isRequestId(req.requestId)) return refuse('request.id.invalid');
    // Every product is in memory (committed or not): a repeated request answers the product it added.
    const again = req.requestId === undefined ? undefined : [...this.s.products.values()].find((x) => x.requestId === req.requestId);
    if (again !== undefined) return accept({ ...this.item(again, undefined), duplicate: true });
    const rate = units(req.rate);
    const min = units(req.minAmount);
    const max = units(req.maxAmount);
    const quota = units(req.quota);
    if (rate === null) return invalid('rate must be a decimal with at most 8 places');
    if (min === null || max === null || quota === null) return invalid('minimum, maximum and quota must be decimals with at most 8 places');
    const kind = req.kind;
    const row: EarnProductRow = {
      id: this.s.nextProductId, kind, name: typeof req.name === 'string' ? req.name.trim() : '', asset: req.asset, incomeAsset: req.incomeAsset ?? req.asset,
      termDays: req.termDays, rate, minAmount: min, maxAmount: max, quota, incomeRelease: req.incomeRelease ?? (kind === 'mining' ? 'daily' : 'end'),
      rebateType: req.rebateType ?? 'end', status: req.status ?? 'open', sortOrder: req.sortOrder ?? this.s.nextProductId * 10, createdAt: time, updatedAt: time,
      requestId: req.requestId ?? null,
    };
    const problem = this.checkProduct(row);
    if (problem !== null) return invalid(problem);
    this.s.nextProductId++;
    this.s.products.set(row.id, row);
    b.products.set(row.id, row);
    b.size++;
    return accept(this.item(row, undefined));
  }

  updateProduct(id: number, change: EarnProductChange): Promise<EarnReply<EarnProductItem>> {
    return this.core.run((b, time): EarnReply<EarnProductItem> => {
      const p = this.s.products.get(id);
      if (p === undefined) return refuse('earn.product.not.found');
      const parse = (text: string | undefined, was: bigint): bigint | null => (text === undefined ? was : units(text));
      const min = parse(change.minAmount, p.minAmount);
      const max = parse(change.maxAmount, p.maxAmount);
      const quota = parse(change.quota, p.quota);
      if (min === null || max === null || quota === null) return invalid('minimum, maximum and quota must be decimals with at most 8 places');
      const row: EarnProductRow = {
        ...p, name: change.name === undefined ? p.name : change.name.trim(), minAmount: min, maxAmount: max, quota, status: change.status ?? p.status,
        sortOrder: change.sortOrder ?? p.sortOrder, updatedAt: time,
      };
      const problem = this.checkProduct(row);
      if (problem !== null) return invalid(problem);
      this.s.products.set(id, row);
      b.products.set(id, row);
      b.size++;
      return accept(this.item(row, undefined));
    });
  }

  /**
   * The demo's products and pools, when the desk has none at all: one command (so in a cluster one logged call, and
   * two seeders racing add them once), answering how many it added.
   */
  seedDemo(): Promise<number> {
    return this.core.run((b, time) => {
      if (this.s.products.size > 0) return 0;
      let n = 0;
      for (const d of DEMO_PRODUCTS) {
        const r = this.addProduct(b, {
          kind: d.kind, name: d.name, asset: d.asset, incomeAsset: d.incomeAsset, termDays: d.termDays, rate: d.rate, minAmount: d.min, maxAmount: d.max,
          quota: d.quota, incomeRelease: d.incomeRelease, rebateType: d.rebateType,
        }, time);
        if (r.ok) n++;
      }
      return n;
    });
  }

  // ---- the treasury ----

  treasury(): TreasuryView[] {
    const assets = new Set<string>([...this.owed.keys(), ...this.s.ledger.ledger.assets().filter((a) => this.s.ledger.balance(TREASURY, a) !== 0n)]);
    return [...assets].sort().map((asset) => {
      const balance = this.s.ledger.balance(TREASURY, asset as Asset);
      const owed = this.owed.get(asset) ?? 0n;
      return { asset, balance: textOfUnits(balance), owed: textOfUnits(owed), free: textOfUnits(balance - owed) };
    });
  }

  private treasuryOf(asset: string): TreasuryView {
    return this.treasury().find((t) => t.asset === asset) ?? { asset, balance: '0', owed: '0', free: '0' };
  }

  fundTreasury(req: TreasuryChange): Promise<Reply<{ treasury: TreasuryView; duplicate: boolean; ref: string }>> {
    const ref = isRequestId(req.requestId) && isMemo(req.memo) ? adminRef(req.memo, req.requestId) : null;
    const seen = async () => ref !== null && (this.pendingTreasury.has(ref) || (await this.o.store.adminLedger.hasEntry('earn', ref)));
    return this.core.runPrepared(seen, (applied, b, time) => {
      if (ref === null) return refuse(isRequestId(req.requestId) ? 'memo.invalid' : 'request.id.invalid');
      const asset = checkAsset(req.asset);
      if (!asset.ok) return asset;
      if (applied) return accept({ treasury: this.treasuryOf(asset.value), duplicate: true, ref });
      if (req.action !== 'credit' && req.action !== 'debit') return refuse('action.invalid');
      const amount = units(req.amount);
      if (amount === null || amount <= 0n) return refuse('amount.invalid');
      if (req.action === 'debit' && this.free(asset.value) < amount) return refuseKernel(Code.INSUFFICIENT_FUNDS);
      const sign = req.action === 'credit' ? 1n : -1n;
      const postings = [
        { account: TREASURY, asset: asset.value, amount: sign * amount },
        { account: EXTERNAL, asset: asset.value, amount: -sign * amount },
      ] as Posting[];
      const r = this.s.ledger.tryPost(b, `admin.${req.action}`, ref, time, postings);
      if (r.code !== Code.OK) return refuseKernel(r.code);
      this.pendingTreasury.add(ref);
      return accept({ treasury: this.treasuryOf(asset.value), duplicate: false, ref });
    });
  }

  // ---- the user's commands ----

  purchase(req: EarnPurchase): Promise<EarnReply<EarnPurchaseResult>> {
    const clientKey = typeof req.clientId === 'string' && isClientId(req.clientId) && Number.isSafeInteger(req.user) ? key2(req.user, req.clientId) : null;
    // Memory first (a purchase applied, not yet committed), then the filter of stored ids: only a repeat (or about 1 %
    // of new ids) asks the store, and a new id is applied at once, without a break in the batch.
    const find = (): EarnOrderRow | undefined | Promise<EarnOrderRow | undefined> => {
      if (clientKey === null || req.clientId === undefined) return undefined;
      const pending = this.pendingClient.get(clientKey);
      if (pending !== undefined) return pending;
      return this.s.storedClients.mayHave(clientKey) ? this.o.store.earn.byClientId(req.user, req.clientId) : undefined;
    };
    return this.core.runPrepared(find, (existing, b, time) => this.applyPurchase(req, existing, b, time));
  }

  private applyPurchase(req: EarnPurchase, existing: EarnOrderRow | undefined, b: EarnBatch, time: number): EarnReply<EarnPurchaseResult> {
    const user = checkUser(req.user);
    if (!user.ok) return user;
    if (req.clientId !== undefined && !isClientId(req.clientId)) return refuse('order.client.id.invalid');
    if (existing !== undefined) {
      // A repeat (same user and client id) answers the order it made, whatever else it says.
      return accept({ order: this.view(this.s.active.get(existing.id) ?? existing, time), duplicate: true });
    }
    const p = Number.isSafeInteger(req.productId) ? this.s.products.get(req.productId) : undefined;
    if (p === undefined || p.kind !== req.kind) return refuse('earn.product.not.found');
    if (p.status !== 'open') return refuse('earn.product.closed');
    const amount = units(req.amount);
    if (amount === null) return refuse('amount.invalid');
    if (amount <= 0n) return refuse('amount.invalid');
    if (amount < p.minAmount) return { ok: false, code: 'earn.amount.below.min', data: { min: textOfUnits(p.minAmount) } };
    const held = this.heldBy.get(key2(user.value, p.id)) ?? 0n;
    if (held + amount > p.maxAmount) return { ok: false, code: 'earn.amount.above.max', data: { max: textOfUnits(p.maxAmount > held ? p.maxAmount - held : 0n) } };
    const sold = this.sold.get(String(p.id)) ?? 0n;
    const remaining = p.quota > sold ? p.quota - sold : 0n;
    if (amount > remaining) return { ok: false, code: 'earn.sold.out', data: { remaining: textOfUnits(remaining) } };
    const terms = termsOf(p);
    const income = totalIncome(terms, amount);
    if (income > this.free(p.incomeAsset)) {
      const funded = fundedPrincipal(p, this.free(p.incomeAsset));
      return { ok: false, code: 'earn.treasury.insufficient', data: { capacity: textOfUnits(funded < remaining ? funded : remaining) } };
    }
    const asset = toAsset(p.asset);
    const id = this.s.nextOrderId;
    const postings: Posting[] = [
      { account: userAccount(user.value, 'earn', 'available'), asset, amount: -amount } as Posting,
      { account: userAccount(user.value, 'earn', 'frozen'), asset, amount } as Posting,
    ];
    const r = this.s.ledger.tryPost(b, 'earn.purchase', `earn:${id}`, time, postings);
    if (r.code !== Code.OK) return refuseKernel(r.code === Code.LEDGER_NEGATIVE ? Code.INSUFFICIENT_FUNDS : r.code);
    addRecords(b, 'earn', r.entry!, () => RECORD[p.kind].purchase);
    this.s.nextOrderId++;
    const startAt = earnStartAt(time);
    const row: EarnOrderRow = {
      id, user: user.value, clientId: req.clientId ?? null, productId: p.id, kind: p.kind, asset: p.asset, incomeAsset: p.incomeAsset, principal: amount,
      rate: p.rate, termDays: p.termDays, incomeRelease: p.incomeRelease, rebateType: p.rebateType, totalIncome: income, paidIncome: 0n, paidPrincipal: 0n,
      periodsPaid: 0, periods: periodsOf(terms), status: 'in_progress', purchasedAt: time, startAt, endAt: startAt + p.termDays * DAY_MS, closedAt: null,
    };
    this.s.active.set(id, row);
    this.track(row, 1n);
    if (row.clientId !== null) this.pendingClient.set(key2(row.user, row.clientId), row);
    this.put(b, row, time);
    return accept({ order: this.view(row, time), duplicate: false });
  }

  redeem(req: EarnRedeem): Promise<EarnReply<EarnOrderItem>> {
    return this.core.run((b, time): EarnReply<EarnOrderItem> => {
      const user = checkUser(req.user);
      if (!user.ok) return user;
      const row = Number.isSafeInteger(req.orderId) ? this.s.active.get(req.orderId) : undefined;
      if (row === undefined || row.user !== user.value || row.kind !== req.kind) return refuse('earn.order.not.found');
      if (row.kind === 'mining') return { ok: false, code: 'earn.mining.locked', data: { returnAt: dueAtOf(termsOf(row), row.startAt, row.periods) } };
      const back = row.principal - row.paidPrincipal;
      const asset = toAsset(row.asset);
      const postings: Posting[] = [
        { account: userAccount(user.value, 'earn', 'frozen'), asset, amount: -back } as Posting,
        { account: userAccount(user.value, 'earn', 'available'), asset, amount: back } as Posting,
      ];
      const r = this.s.ledger.tryPost(b, 'earn.redeem', `earn:${row.id}`, time, postings);
      if (r.code !== Code.OK) return refuseKernel(r.code);
      addRecords(b, 'earn', r.entry!, () => 'cancel_financial');
      const status: StoredEarnOrderStatus = time < row.startAt ? 'cancelled' : 'redeemed';
      const ended: EarnOrderRow = { ...row, paidPrincipal: row.principal, status, closedAt: time };
      this.end(b, row, ended, time);
      return accept(this.view(ended, time));
    });
  }

  /** Replaces an active order that ends (settled, redeemed, cancelled): out of the sums, the row written. */
  private end(b: EarnBatch, was: EarnOrderRow, now: EarnOrderRow, time: number): void {
    this.track(was, -1n);
    this.s.active.delete(was.id);
    this.put(b, now, time);
  }

  private put(b: EarnBatch, row: EarnOrderRow, time: number): void {
    b.orders.set(row.id, row);
    b.size++;
    const topic = topics.userEarn(row.user);
    if (b.wants(topic)) b.emit(topic, { type: 'earn', order: this.view(row, time) });
  }

  private view(row: EarnOrderRow, now: number): EarnOrderItem {
    return orderView(row, this.s.products.get(row.productId)?.name ?? '', now);
  }

  // ---- accrual ----

  /**
   * One command: pays up to PAY_CHUNK payments due at its time (a logged command's is its log entry's, so the same log
   * pays the same payments wherever it is applied), and says whether more are due then. accrual.ts runDue sends it
   * until none are, from whichever process drives the desk.
   */
  payDue(): Promise<PayDueReport> {
    return this.core.run((b, time): PayDueReport => {
      const taken = this.due.take(time, PAY_CHUNK);
      const r = taken.length === 0 ? { paid: 0, settled: 0 } : this.pay(b, taken, time);
      const nextDueAt = this.due.peek() ?? null;
      return { ...r, nextDueAt, more: nextDueAt !== null && nextDueAt <= time };
    });
  }

  /** Pays every payment due by the clock, PAY_CHUNK a command (accrual.ts); concurrent calls share one run. */
  runDue(): Promise<AccrualReport> {
    // Cleared asynchronously (.finally), so a run with nothing to do can't clear it before it is set.
    this.draining ??= runDue(this).finally(() => {
      this.draining = null;
    });
    return this.draining;
  }

  /** The earliest payment still to come (null: none). */
  get nextDueAt(): number | null {
    return this.due.peek() ?? null;
  }

  private pay(b: EarnBatch, taken: ReadonlyArray<{ at: number; id: number }>, time: number): { paid: number; settled: number } {
    let paid = 0;
    let settled = 0;
    for (const { at, id } of taken) {
      const row = this.s.active.get(id);
      if (row === undefined) continue; // ended meanwhile (redeemed)
      const k = row.periodsPaid + 1;
      const terms = termsOf(row);
      const pay = paymentOf(terms, row.principal, row.totalIncome, row.startAt, k);
      if (pay.dueAt !== at || pay.dueAt > time) {
        // Not this payment's instant (can't happen: each order is queued once, at its next payment): queue it right.
        this.due.add(pay.dueAt, id);
        continue;
      }
      const user = row.user as UserId;
      const ref = `earn:${id}:${k}`;
      if (pay.income > 0n) {
        const incomeAsset = toAsset(row.incomeAsset);
        const r = this.s.ledger.tryPost(b, 'earn.income', ref, time, [
          { account: TREASURY, asset: incomeAsset, amount: -pay.income } as Posting,
          { account: userAccount(user, 'earn', 'available'), asset: incomeAsset, amount: pay.income } as Posting,
        ]);
        // The treasury holds every promised income (purchases and debits keep it so): a refusal here is a desk bug.
        if (r.code !== Code.OK) throw new Error(`earn payment ${ref} refused (${r.code}): the treasury must hold every promised income`);
        addRecords(b, 'earn', r.entry!, () => RECORD[row.kind].income);
      }
      if (pay.principal > 0n) {
        const asset = toAsset(row.asset);
        const r = this.s.ledger.tryPost(b, 'earn.return', ref, time, [
          { account: userAccount(user, 'earn', 'frozen'), asset, amount: -pay.principal } as Posting,
          { account: userAccount(user, 'earn', 'available'), asset, amount: pay.principal } as Posting,
        ]);
        if (r.code !== Code.OK) throw new Error(`earn principal ${ref} refused (${r.code})`);
        addRecords(b, 'earn', r.entry!, () => RECORD[row.kind].back);
      }
      b.payments.push({ orderId: id, period: k, user: row.user, dueAt: pay.dueAt, paidAt: time, income: pay.income, principal: pay.principal });
      const done = k === row.periods;
      const next: EarnOrderRow = {
        ...row, periodsPaid: k, paidIncome: row.paidIncome + pay.income, paidPrincipal: row.paidPrincipal + pay.principal,
        ...(done ? { status: 'settled' as const, closedAt: time } : {}),
      };
      // The sums move by what was paid. An order that ends leaves them all (track −1). One that goes on keeps its
      // principal counted in the product's and the user's holdings; only this payment's principal leaves the locked
      // sum and its income the owed sum (what track(row, −1) then track(next, +1) would do, in two map updates
      // instead of eight: this is the accrual's hot path), and its next payment is queued.
      if (done) {
        this.track(row, -1n);
        this.s.active.delete(id);
        settled++;
      } else {
        if (pay.principal > 0n) add(this.lockedPrincipal, key2(row.user, row.asset), -pay.principal);
        if (pay.income > 0n) add(this.owed, row.incomeAsset, -pay.income);
        this.s.active.set(id, next);
        const at = nextDueOf(next);
        if (at !== null) this.due.add(at, id);
      }
      this.put(b, next, time);
      paid++;
    }
    return { paid, settled };
  }

  // ---- reads ----

  async order(user: number, kind: EarnKind, orderId: number): Promise<EarnOrderItem | undefined> {
    if (!Number.isSafeInteger(orderId) || orderId <= 0) return undefined;
    const row = await this.o.store.earn.byId(orderId);
    if (row === undefined || row.user !== user || row.kind !== kind) return undefined;
    return this.view(row, this.clock());
  }

  async orders(q: EarnOrdersQuery): Promise<Reply<EarnPage<EarnOrderItem>>> {
    const user = checkUser(q.user);
    if (!user.ok) return user;
    if (!Number.isSafeInteger(q.pageIndex) || q.pageIndex < 1 || !PAGE_SIZES.includes(q.pageSize)) return refuse('page.invalid');
    const statuses: StoredEarnOrderStatus[] = q.status === 'active' ? ['in_progress'] : q.status === 'ended' ? ['settled', 'redeemed', 'cancelled'] : ['in_progress', 'settled', 'redeemed', 'cancelled'];
    const { rows, total } = await this.o.store.earn.byUser({ user: user.value, kind: q.kind, statuses, offset: (q.pageIndex - 1) * q.pageSize, limit: q.pageSize });
    const now = this.clock();
    return accept({ list: rows.map((r) => this.view(r, now)), total, pageIndex: q.pageIndex, pageSize: q.pageSize });
  }

  async incomes(q: EarnIncomesQuery): Promise<Reply<EarnPage<EarnIncomeItem>>> {
    const user = checkUser(q.user);
    if (!user.ok) return user;
    if (!Number.isSafeInteger(q.pageIndex) || q.pageIndex < 1 || !PAGE_SIZES.includes(q.pageSize)) return refuse('page.invalid');
    const row = Number.isSafeInteger(q.orderId) && q.orderId > 0 ? await this.o.store.earn.byId(q.orderId) : undefined;
    if (row === undefined || row.user !== user.value || row.kind !== q.kind) return refuse('earn.order.not.found');
    // Paid payments as paid; an active order's others as scheduled; an order that ended early has no more.
    const total = row.status === 'in_progress' ? row.periods : row.periodsPaid;
    const from = (q.pageIndex - 1) * q.pageSize + 1;
    const to = Math.min(total, from + q.pageSize - 1);
    const list: EarnIncomeItem[] = [];
    if (from <= to) {
      const paid = from <= row.periodsPaid ? await this.o.store.earn.payments(row.id, from, Math.min(to, row.periodsPaid) - from + 1) : [];
      const byPeriod = new Map(paid.map((p) => [p.period, p]));
      const terms = termsOf(row);
      for (let k = from; k <= to; k++) {
        const made = byPeriod.get(k);
        const due = paymentOf(terms, row.principal, row.totalIncome, row.startAt, k);
        list.push({
          period: k, dueAt: due.dueAt, paidAt: made?.paidAt ?? null, income: textOfUnits(made?.income ?? due.income), principal: textOfUnits(made?.principal ?? due.principal),
          incomeAsset: row.incomeAsset, asset: row.asset,
        });
      }
    }
    return accept({ list, total, pageIndex: q.pageIndex, pageSize: q.pageSize });
  }

  async close(): Promise<void> {
    await this.draining?.catch(() => undefined);
    await this.core.close();
  }
}
