// A desk commit on SQLite through raw prepared statements: the same rows and the same checks as the repositories'
// path (desk-writes.ts → ledger.ts, records.ts, transfers.ts, leases.ts, spot.ts, perp.ts), without building and
// compiling a query per statement. Each statement is prepared once per connection; inserts go ROWS_PER_INSERT rows
// per statement and the rest one by one (TableInsert), so no statement's text depends on a batch's size (a text
// differing in row count would be parsed afresh batch after batch). Runs synchronously inside one
// `BEGIN IMMEDIATE … COMMIT`; any throw rolls the whole batch back. The main thread flattens the batch (flatten)
// before posting it; the range checks on money happen there.
import type Database from 'better-sqlite3';
import type { DeskWrites } from './desk-writes.ts';
import type { PerpWrites } from './perp.ts';
import { SPOT_LIST_COLUMNS, SPOT_LIST_UPSERT, SPOT_ORDER_MUTABLE } from './spot.ts';
import { QUANT_BOT_COLUMNS, QUANT_UPSERT_BOT, quantBotValues } from './quant.ts';
import {
  SECONDS_CONFIG_COLUMNS, SECONDS_CONTRACT_COLUMNS, SECONDS_LIMIT_COLUMNS, SECONDS_UPSERT_CONFIG, SECONDS_UPSERT_CONTRACT, SECONDS_UPSERT_LIMIT,
  secondsConfigValues, secondsContractValues, secondsLimitValues, type SecondsWrites,
} from './seconds.ts';
import {
  EARN_ORDER_COLUMNS, EARN_PAYMENT_COLUMNS, EARN_PRODUCT_COLUMNS, EARN_UPSERT_ORDER, EARN_UPSERT_PRODUCT, earnOrderValues, earnPaymentValues,
  earnProductValues, type EarnWrites,
} from './earn.ts';

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function int64(value: bigint): bigint {
  if (value < INT64_MIN || value > INT64_MAX) throw new RangeError(`${value} does not fit a 64-bit money column`);
  return value;
}
const nullable = (v: bigint | null) => (v === null ? null : int64(v));

const ORDER_COLUMNS = [
  'id', 'user_id', 'symbol', 'client_order_id', 'side', 'kind', 'tif', 'post_only', 'stp', 'price', 'bound', 'qty', 'quote_qty',
  'open_qty', 'filled_qty', 'filled_quote', 'fee', 'fee_asset', 'maker_ppm', 'taker_ppm', 'status', 'close_code', 'priority',
  'created_at', 'updated_at', 'closed_at', 'condition', 'stop_price', 'trailing_bips', 'trail_price', 'held', 'triggered_at', 'list_id',
  'strategy_id', 'strategy_type', 'prevented_match_id',
] as const;
const TRADE_COLUMNS = [
  'symbol', 'trade_no', 'price', 'qty', 'quote', 'taker_order', 'maker_order', 'taker_user', 'maker_user', 'taker_side', 'taker_fee',
  'taker_fee_asset', 'maker_fee', 'maker_fee_asset', 'time',
] as const;
/** Columns an order's later states change (as spot.ts's upsert). */
const ORDER_MUTABLE = SPOT_ORDER_MUTABLE;

// The perp desk's tables, in perp.ts's column order and with its upserts.
const PERP_ORDER_COLUMNS = [
  'id', 'user_id', 'symbol', 'client_order_id', 'side', 'kind', 'origin', 'tif', 'post_only', 'reduce_only', 'leverage', 'margin_mode',
  'price', 'qty', 'open_qty', 'filled_qty', 'filled_quote', 'fee', 'realized_pnl', 'status', 'close_code', 'priority', 'created_at',
  'updated_at', 'closed_at', 'trigger_price', 'working_type', 'close_position', 'open_loss', 'maker_ppm', 'taker_ppm',
] as const;
const PERP_ORDER_MUTABLE = [
  'price', 'qty', 'open_qty', 'filled_qty', 'filled_quote', 'fee', 'realized_pnl', 'status', 'close_code', 'priority', 'updated_at', 'closed_at',
] as const;
const PERP_POSITION_COLUMNS = ['user_id', 'symbol', 'leverage', 'margin_mode', 'size', 'cost', 'margin', 'order_margin', 'owed', 'updated_at'] as const;
const PERP_POSITION_MUTABLE = ['leverage', 'margin_mode', 'size', 'cost', 'margin', 'order_margin', 'owed', 'updated_at'] as const;
const PERP_TRADE_COLUMNS = [
  'symbol', 'trade_no', 'price', 'qty', 'quote', 'taker_side', 'taker_order', 'maker_order', 'taker_user', 'maker_user', 'taker_fee',
  'maker_fee', 'taker_pnl', 'maker_pnl', 'via', 'time',
] as const;
const PERP_FUNDING_COLUMNS = ['symbol', 'time', 'rate', 'mark', 'insurance'] as const;
const PERP_LIQUIDATION_COLUMNS = ['user_id', 'symbol', 'margin_mode', 'size', 'mark', 'bankruptcy', 'fee', 'time'] as const;
const PERP_MARK_COLUMNS = ['symbol', 'time', 'mark', 'index_price', 'funding_rate'] as const;

const excluded = (columns: readonly string[]) => columns.map((c) => `"${c}" = "excluded"."${c}"`).join(', ');

const insert = (table: string, columns: readonly string[], tail = '', rows = 1) =>
  `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values ${Array.from({ length: rows }, () => `(${columns.map(() => '?').join(', ')})`).join(', ')}${tail ? ` ${tail}` : ''}`;

/** Rows per multi-row insert: each statement run has a fixed cost (binding, stepping, resetting, the call into
 * the driver) that a 32-row statement pays once for 32 rows; about 40% less per row than one statement a row. */
export const ROWS_PER_INSERT = 32;

/**
 * Inserts into one table through two statements prepared once: a ROWS_PER_INSERT-row one for whole chunks and a
 * one-row one for the rest, so no statement text depends on a batch's size (each would be parsed afresh).
 */
class TableInsert {
  private readonly one: Database.Statement;
  private readonly many: Database.Statement;
  private readonly width: number;

  constructor(db: Database.Database, table: string, columns: readonly string[], tail = '') {
    this.width = columns.length;
    this.one = db.prepare(insert(table, columns, tail));
    this.many = db.prepare(insert(table, columns, tail, ROWS_PER_INSERT));
  }

  /** `values`: the rows' parameters one after another, `width` (the column count) per row. */
  run(values: readonly Value[]): void {
    const chunk = this.width * ROWS_PER_INSERT;
    let i = 0;
    for (; i + chunk <= values.length; i += chunk) this.many.run(values.slice(i, i + chunk));
    for (; i < values.length; i += this.width) this.one.run(values.slice(i, i + this.width));
  }
}

/** Names a desk by its lease holder in the writer's failure records: a desk opened anew starts clean. */
export const deskOf = (lease: DeskWrites['lease']): string => `${lease.desk} desk (holder ${lease.holder})`;

export class LeaseLostOnCommit extends Error {
  override name = 'LeaseLostError';
}

/** The statements, prepared once on a connection. */
export class SqliteDeskWriter {
  private readonly db: Database.Database;
  private readonly begin: Database.Statement;
  private readonly commit: Database.Statement;
  private readonly rollback: Database.Statement;
  private readonly renewLease: Database.Statement;
  private readonly leaseExpiry: Database.Statement;
  private readonly logPosition: Database.Statement;
  private readonly entry: TableInsert;
  private readonly line: TableInsert;
  private readonly balanceRow: Database.Statement;
  private readonly balanceDelta: Database.Statement;
  private readonly systemDelta: Database.Statement;
  private readonly record: TableInsert;
  private readonly transfer: TableInsert;
  private readonly credit: Database.Statement;
  private readonly marketFlags: Database.Statement;
  private readonly setting: Database.Statement;
  private readonly order: TableInsert;
  private readonly list: TableInsert;
  private readonly bot: TableInsert;
  private readonly trade: TableInsert;
  private readonly orderEvent: TableInsert;
  private readonly perpOrder: TableInsert;
  private readonly perpPosition: TableInsert;
  private readonly perpTrade: TableInsert;
  private readonly perpFunding: TableInsert;
  private readonly perpLiquidation: TableInsert;
  private readonly perpMark: TableInsert;
  private readonly secondsContract: TableInsert;
  private readonly secondsConfig: TableInsert;
  private readonly secondsLimit: TableInsert;
  private readonly earnProduct: TableInsert;
  private readonly earnOrder: TableInsert;
  private readonly earnPayment: TableInsert;

  constructor(db: Database.Database) {
    this.db = db;
    this.begin = db.prepare('begin immediate');
    this.commit = db.prepare('commit');
    this.rollback = db.prepare('rollback');
    this.renewLease = db.prepare('update "desk_leases" set "expires_at" = ?, "updated_at" = ? where "desk" = ? and "holder" = ?');
    this.leaseExpiry = db.prepare('select "expires_at" from "desk_leases" where "desk" = ? and "holder" = ?').pluck();
    this.logPosition = db.prepare(
      'insert into "desk_log_positions" ("desk", "seq", "updated_at") values (?, ?, ?) on conflict ("desk") do update set "seq" = excluded."seq", "updated_at" = excluded."updated_at" where "desk_log_positions"."seq" < excluded."seq"',
    );
    this.entry = new TableInsert(db, 'ledger_entries', ['desk', 'seq', 'reason', 'ref', 'time']);
    this.line = new TableInsert(db, 'ledger_lines', ['desk', 'seq', 'line', 'account', 'asset', 'amount']);
    // The row is updated in place; only a balance seen for the first time is inserted, with the delta as its value
    // (an upsert would not do: a CHECK on the proposed row refuses a negative delta riding it). A new row's
    // negative delta is refused by that CHECK, as it must be.
    this.balanceDelta = db.prepare(
      'update "balances" set "available" = "available" + ?, "frozen" = "frozen" + ?, "updated_at" = ? where "user_id" = ? and "wallet" = ? and "asset" = ?',
    );
    this.balanceRow = db.prepare(
      'insert into "balances" ("user_id", "wallet", "asset", "available", "frozen", "updated_at") values (?, ?, ?, ?, ?, ?)',
    );
    this.systemDelta = db.prepare(
      'insert into "system_balances" ("account", "asset", "amount", "updated_at") values (?, ?, ?, ?) on conflict ("account", "asset") do update set "amount" = "system_balances"."amount" + "excluded"."amount", "updated_at" = "excluded"."updated_at"',
    );
    this.record = new TableInsert(db, 'asset_records', ['user_id', 'wallet', 'asset', 'type', 'amount', 'frozen', 'ref', 'desk', 'seq', 'time']);
    this.transfer = new TableInsert(db, 'transfers', ['id', 'user_id', 'client_id', 'asset', 'amount', 'from_wallet', 'to_wallet', 'status', 'created_at', 'credited_at']);
    this.marketFlags = db.prepare('update "markets" set "is_open" = ?, "maintenance" = ? where "symbol" = ?');
    this.setting = db.prepare(
      'insert into "system_config" ("key", "value", "updated_at") values (?, ?, ?) on conflict ("key") do update set "value" = excluded."value", "updated_at" = excluded."updated_at"',
    );
    this.credit = db.prepare('update "transfers" set "status" = \'credited\', "credited_at" = ? where "id" = ? and "status" = \'debited\'');
    // A batch holds each order once (its latest state), so no multi-row upsert names an id twice.
    this.order = new TableInsert(db, 'spot_orders', ORDER_COLUMNS, `on conflict ("id") do update set ${excluded(ORDER_MUTABLE)}`);
    this.list = new TableInsert(db, 'spot_order_lists', SPOT_LIST_COLUMNS, SPOT_LIST_UPSERT);
    this.bot = new TableInsert(db, 'quant_bots', QUANT_BOT_COLUMNS, QUANT_UPSERT_BOT);
    this.trade = new TableInsert(db, 'spot_trades', TRADE_COLUMNS);
    this.orderEvent = new TableInsert(db, 'spot_order_events', ['order_id', 'type', 'status', 'open_qty', 'filled_qty', 'code', 'time']);
    // Likewise each perp order and position once per batch (its latest state).
    this.perpOrder = new TableInsert(db, 'perp_orders', PERP_ORDER_COLUMNS, `on conflict ("id") do update set ${excluded(PERP_ORDER_MUTABLE)}`);
    this.perpPosition = new TableInsert(db, 'perp_positions', PERP_POSITION_COLUMNS, `on conflict ("user_id", "symbol") do update set ${excluded(PERP_POSITION_MUTABLE)}`);
    this.perpTrade = new TableInsert(db, 'perp_trades', PERP_TRADE_COLUMNS);
    this.perpFunding = new TableInsert(db, 'perp_funding', PERP_FUNDING_COLUMNS);
    this.perpLiquidation = new TableInsert(db, 'perp_liquidations', PERP_LIQUIDATION_COLUMNS);
    this.perpMark = new TableInsert(db, 'perp_marks', PERP_MARK_COLUMNS, `on conflict ("symbol", "time") do update set ${excluded(['mark', 'index_price', 'funding_rate'])}`);
    // The seconds desk's rows, with seconds.ts's upserts (a batch holds each contract once, its latest state).
    this.secondsContract = new TableInsert(db, 'seconds_contracts', SECONDS_CONTRACT_COLUMNS, SECONDS_UPSERT_CONTRACT);
    this.secondsConfig = new TableInsert(db, 'seconds_config', SECONDS_CONFIG_COLUMNS, SECONDS_UPSERT_CONFIG);
    this.secondsLimit = new TableInsert(db, 'seconds_limits', SECONDS_LIMIT_COLUMNS, SECONDS_UPSERT_LIMIT);
    // The earn desk's rows, with earn.ts's upserts (a batch holds each product and order once, its latest state).
    this.earnProduct = new TableInsert(db, 'earn_products', EARN_PRODUCT_COLUMNS, EARN_UPSERT_PRODUCT);
    this.earnOrder = new TableInsert(db, 'earn_orders', EARN_ORDER_COLUMNS, EARN_UPSERT_ORDER);
    this.earnPayment = new TableInsert(db, 'earn_payments', EARN_PAYMENT_COLUMNS);
  }

  /** Writes one desk batch in one transaction, durable when this returns (synchronous = FULL). */
  write(w: FlatDeskWrites): void {
    this.begin.run();
    try {
      this.rows(w);
      this.commit.run();
    } catch (error) {
      if (this.db.inTransaction) this.rollback.run();
      throw error;
    }
  }

  private rows(w: FlatDeskWrites): void {
    const l = w.lease;
    // Checked in every commit, inside its write transaction (no other process can take the lease meanwhile), but
    // renewed only once half its time is used: an update per commit would rewrite the lease's pages in the WAL
    // hundreds of times a second for nothing.
    const expires = this.leaseExpiry.get(l.desk, l.holder) as number | bigint | undefined;
    if (expires === undefined) throw new LeaseLostOnCommit(`the ${l.desk} desk's lease is no longer held by ${l.holder}`);
    if (Number(expires) - l.now < l.ttlMs / 2) this.renewLease.run(l.now + l.ttlMs, l.now, l.desk, l.holder);
    const now = w.now;
    this.entry.run(w.entries);
    this.line.run(w.lines);
    let a = w.balances;
    for (let i = 0; i < a.length; i += 5) {
      const changed = this.balanceDelta.run(a[i + 3], a[i + 4], now, a[i], a[i + 1], a[i + 2]).changes;
      if (changed === 0) this.balanceRow.run(a[i], a[i + 1], a[i + 2], a[i + 3], a[i + 4], now);
      else if (changed !== 1) throw new Error(`balance update touched ${changed} of 1 rows`);
    }
    a = w.system;
    for (let i = 0; i < a.length; i += 3) this.systemDelta.run(a[i], a[i + 1], a[i + 2], now);
    this.record.run(w.records);
    this.transfer.run(w.transfersOut);
    for (const t of w.transfersIn) {
      if (this.credit.run(t.time, t.id).changes !== 1) throw new Error(`transfer ${t.id} is not awaiting its credit`);
    }
    this.order.run(w.orders);
    this.list.run(w.lists);
    this.trade.run(w.trades);
    this.orderEvent.run(w.events);
    this.bot.run(w.bots);
    for (let i = 0; i < w.marketFlags.length; i += 3) this.marketFlags.run(w.marketFlags[i], w.marketFlags[i + 1], w.marketFlags[i + 2]);
    for (let i = 0; i < w.settings.length; i += 3) this.setting.run(w.settings[i], w.settings[i + 1], w.settings[i + 2]);
    const p = w.perp;
    if (p !== null) {
      this.perpOrder.run(p.orders);
      this.perpPosition.run(p.positions);
      this.perpTrade.run(p.trades);
      this.perpFunding.run(p.funding);
      this.perpLiquidation.run(p.liquidations);
      this.perpMark.run(p.marks);
    }
    const sec = w.seconds;
    if (sec !== null) {
      this.secondsContract.run(sec.contracts);
      this.secondsConfig.run(sec.config);
      this.secondsLimit.run(sec.limits);
    }
    const earn = w.earn;
    if (earn !== null) {
      this.earnProduct.run(earn.products);
      this.earnOrder.run(earn.orders);
      this.earnPayment.run(earn.payments);
    }
    if (w.log !== null) this.logPosition.run(w.log.desk, w.log.seq, l.now);
  }
}

type Value = string | number | bigint | null;

/**
 * A desk commit flattened for the trip to the writer thread: each table's rows as one array of parameters in
 * column order, money range-checked and nulls in place. Cloning flat arrays of primitives costs a fraction of
 * cloning as many small objects (every object carries its property names across).
 */
export interface FlatDeskWrites {
  readonly lease: DeskWrites['lease'];
  readonly log: { readonly desk: string; readonly seq: number } | null;
  readonly now: number;
  /** desk, seq, reason, ref, time */
  readonly entries: Value[];
  /** desk, seq, line, account, asset, amount */
  readonly lines: Value[];
  /** user, wallet, asset, available delta, frozen delta */
  readonly balances: Value[];
  /** account, asset, amount delta */
  readonly system: Value[];
  readonly records: Value[];
  readonly transfersOut: Value[];
  readonly transfersIn: ReadonlyArray<{ readonly id: string; readonly time: number }>;
  readonly orders: Value[];
  readonly lists: Value[];
  /** quant_bots rows (the spot desk's bots), in column order. */
  readonly bots: Value[];
  /** Markets' flags set by the spot desk: is_open, maintenance, symbol. */
  readonly marketFlags: Value[];
  /** Operator settings a desk set: key, value, time. */
  readonly settings: Value[];
  readonly trades: Value[];
  readonly events: Value[];
  /** A perp desk's rows, each table's in its column order; null when the batch has none. */
  readonly perp: FlatPerpWrites | null;
  /** A seconds desk's rows, each table's in its column order; null when the batch has none. */
  readonly seconds: FlatSecondsWrites | null;
  /** An earn desk's rows, each table's in its column order; null when the batch has none. */
  readonly earn: FlatEarnWrites | null;
}

export interface FlatEarnWrites {
  readonly products: Value[];
  readonly orders: Value[];
  readonly payments: Value[];
}

function flattenEarn(w: EarnWrites): FlatEarnWrites {
  const flat = <T>(items: readonly T[], values: (item: T) => Value[]): Value[] => {
    const out: Value[] = [];
    for (const item of items) for (const v of values(item)) out.push(v);
    return out;
  };
  return { products: flat(w.products, earnProductValues), orders: flat(w.orders, earnOrderValues), payments: flat(w.payments, earnPaymentValues) };
}

export interface FlatSecondsWrites {
  readonly contracts: Value[];
  readonly config: Value[];
  readonly limits: Value[];
}

function flattenSeconds(w: SecondsWrites): FlatSecondsWrites {
  const contracts: Value[] = [];
  for (const c of w.contracts) for (const v of secondsContractValues(c)) contracts.push(v);
  const config: Value[] = [];
  for (const c of w.config) for (const v of secondsConfigValues(c)) config.push(v);
  const limits: Value[] = [];
  for (const l of w.limits) for (const v of secondsLimitValues(l)) limits.push(v);
  return { contracts, config, limits };
}

export interface FlatPerpWrites {
  readonly orders: Value[];
  readonly positions: Value[];
  readonly trades: Value[];
  readonly funding: Value[];
  readonly liquidations: Value[];
  readonly marks: Value[];
}

function flattenPerp(p: PerpWrites): FlatPerpWrites {
  const orders: Value[] = [];
  for (const o of p.orders) {
    orders.push(
      o.id, o.user, o.symbol, o.clientOrderId, o.side, o.kind, o.origin, o.tif, o.postOnly ? 1 : 0, o.reduceOnly ? 1 : 0, o.leverage,
      o.mode, int64(o.price), int64(o.qty), int64(o.openQty), int64(o.filledQty), int64(o.filledQuote), int64(o.fee),
      int64(o.realizedPnl), o.status, o.closeCode, o.priority, o.createdAt, o.updatedAt, o.closedAt,
      o.triggerPrice === null ? null : int64(o.triggerPrice), o.workingType, o.closePosition ? 1 : 0, int64(o.openLoss),
      o.makerPpm ?? null, o.takerPpm ?? null,
    );
  }
  const positions: Value[] = [];
  for (const x of p.positions) {
    positions.push(x.user, x.symbol, x.leverage, x.mode, int64(x.size), int64(x.cost), int64(x.margin), int64(x.orderMargin), int64(x.owed), x.updatedAt);
  }
  const trades: Value[] = [];
  for (const t of p.trades) {
    trades.push(
      t.symbol, t.tradeNo, int64(t.price), int64(t.qty), int64(t.quote), t.takerSide, t.takerOrder, t.makerOrder, t.takerUser, t.makerUser,
      int64(t.takerFee), int64(t.makerFee), int64(t.takerPnl), int64(t.makerPnl), t.via, t.time,
    );
  }
  const funding: Value[] = [];
  for (const f of p.funding) funding.push(f.symbol, f.time, int64(f.rate), int64(f.mark), int64(f.insurance));
  const liquidations: Value[] = [];
  for (const l of p.liquidations) liquidations.push(l.user, l.symbol, l.mode, int64(l.size), int64(l.mark), int64(l.bankruptcy), int64(l.fee), l.time);
  // The last mark per symbol and millisecond, as perp.ts writes them.
  const last = new Map<string, PerpWrites['marks'][number]>();
  for (const m of p.marks) last.set(`${m.symbol}\u0000${m.time}`, m);
  const marks: Value[] = [];
  for (const m of last.values()) marks.push(m.symbol, m.time, int64(m.mark), nullable(m.indexPrice), nullable(m.fundingRate));
  return { orders, positions, trades, funding, liquidations, marks };
}

export function flatten(w: DeskWrites): FlatDeskWrites {
  const g = w.ledger;
  const entries: Value[] = [];
  const lines: Value[] = [];
  for (const e of g.entries) {
    entries.push(g.desk, e.seq, e.reason, e.ref, e.time);
    for (let i = 0; i < e.lines.length; i++) {
      const x = e.lines[i]!;
      lines.push(g.desk, e.seq, i, x.account, x.asset, int64(x.amount));
    }
  }
  const balances: Value[] = [];
  for (const b of g.balances) balances.push(b.user, b.wallet, b.asset, int64(b.available), int64(b.frozen));
  const system: Value[] = [];
  for (const s of g.system) system.push(s.account, s.asset, int64(s.amount));
  const records: Value[] = [];
  for (const r of w.records) records.push(r.user, r.wallet, r.asset, r.type, int64(r.amount), int64(r.frozen), r.ref, r.desk, r.seq, r.time);
  const transfersOut: Value[] = [];
  for (const t of w.transfersOut) transfersOut.push(t.id, t.user, t.clientId, t.asset, int64(t.amount), t.from, t.to, t.status, t.createdAt, t.creditedAt);
  const orders: Value[] = [];
  const lists: Value[] = [];
  const bots: Value[] = [];
  const trades: Value[] = [];
  const events: Value[] = [];
  const marketFlags: Value[] = [];
  const settings: Value[] = [];
  for (const c of w.settings ?? []) settings.push(c.key, c.value, c.time);
  const s = w.spot;
  if (s !== null) {
    for (const f of s.marketFlags ?? []) marketFlags.push(f.isOpen, f.maintenance ? 1 : 0, f.symbol);
    for (const o of s.orders) {
      orders.push(
        o.id, o.user, o.symbol, o.clientOrderId, o.side, o.kind, o.tif, o.postOnly ? 1 : 0, o.stp, nullable(o.price), nullable(o.bound),
        nullable(o.qty), nullable(o.quoteQty), int64(o.openQty), int64(o.filledQty), int64(o.filledQuote), int64(o.fee), o.feeAsset,
        o.makerPpm, o.takerPpm, o.status, o.closeCode, o.priority, o.createdAt, o.updatedAt, o.closedAt, o.condition, nullable(o.stopPrice),
        o.trailingBips, nullable(o.trailPrice), nullable(o.held), o.triggeredAt, o.listId,
        o.strategyId, o.strategyType, o.preventedMatchId,
      );
    }
    for (const b of s.bots ?? []) for (const v of quantBotValues(b)) bots.push(v);
    for (const l of s.lists ?? []) lists.push(l.id, l.user, l.symbol, l.clientListId, l.status, l.createdAt, l.updatedAt);
    for (const t of s.trades) {
      trades.push(
        t.symbol, t.tradeNo, int64(t.price), int64(t.qty), int64(t.quote), t.takerOrder, t.makerOrder, t.takerUser, t.makerUser, t.takerSide,
        int64(t.takerFee), t.takerFeeAsset, int64(t.makerFee), t.makerFeeAsset, t.time,
      );
    }
    for (const e of s.events) events.push(e.orderId, e.type, e.status, int64(e.openQty), int64(e.filledQty), e.code, e.time);
  }
  return {
    lease: w.lease, log: w.log ?? null, now: g.now, entries, lines, balances, system, records, transfersOut, transfersIn: [...w.transfersIn],
    orders, lists, bots, trades, events, marketFlags, settings, perp: w.perp === null ? null : flattenPerp(w.perp),
    seconds: w.seconds === undefined || w.seconds === null ? null : flattenSeconds(w.seconds),
    earn: w.earn === undefined || w.earn === null ? null : flattenEarn(w.earn),
  };
}
