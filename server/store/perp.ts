// Perpetuals: the perp desk's orders, positions, trades, funding settlements, liquidations and mark prices. The
// desk upserts each order's and each position's latest state per batch, appends the rest, and reads open orders
// (in time priority) and positions back to rebuild its books and accounts after a restart. The same rows are
// written on SQLite by the writer thread's prepared statements (sqlite-desk-writes.ts); a test holds the two equal.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { insertRows, rowsOf } from './bulk.ts';
import { eachClientId } from './client-ids.ts';
import { int64, money, toAmount } from './money.ts';
import type { Database } from './schema.ts';
import { OPEN_CONDITION, OPEN_STATUSES, type OrderStatus } from './spot.ts';

export type PerpOrderStatus = OrderStatus;
/** Why an order exists: placed by its user, by the liquidation engine, or an auto-deleveraging close. */
export type PerpOrderOrigin = 'user' | 'liquidation' | 'adl' | 'trigger' | 'tp' | 'sl';
export type PerpMarginMode = 'cross' | 'isolated';
export type PerpOrderKind = 'limit' | 'market' | 'stop' | 'stop_market' | 'take_profit' | 'take_profit_market';
const KINDS: readonly PerpOrderKind[] = ['limit', 'market', 'stop', 'stop_market', 'take_profit', 'take_profit_market'];

/** An order's state; a batch holds each order once, its latest state (the row is upserted by id). */
export interface PerpOrder {
  readonly id: number;
  readonly user: number;
  readonly symbol: string;
  readonly clientOrderId: string | null;
  readonly side: 'buy' | 'sell';
  readonly kind: PerpOrderKind;
  readonly origin: PerpOrderOrigin;
  readonly tif: string;
  readonly postOnly: boolean;
  readonly reduceOnly: boolean;
  readonly leverage: number;
  /** Margin mode (column margin_mode), as the kernel names it. */
  readonly mode: PerpMarginMode;
  /** Limit price (a market order's band bound), quote minor units per whole coin (10^-8). */
  readonly price: bigint;
  /** Base minor units ordered. */
  readonly qty: bigint;
  /** Base minor units still resting on the book. */
  readonly openQty: bigint;
  readonly filledQty: bigint;
  readonly filledQuote: bigint;
  readonly fee: bigint;
  /** Signed: profit (+) or loss (−) realized by the order's closing fills. */
  readonly realizedPnl: bigint;
  readonly status: PerpOrderStatus;
  readonly closeCode: number | null;
  /** Time-priority key while resting (a restart puts open orders back in this order). */
  readonly priority: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly closedAt: number | null;
  /** A conditional order's trigger (quote minor units per coin) and the price it watches; null for others. */
  readonly triggerPrice: bigint | null;
  readonly workingType: 'mark' | 'last' | null;
  /** Closes whatever position there is when it fires (qty 0 in the row). */
  readonly closePosition: boolean;
  /** Open loss held with the entrust margin for the whole quantity (quote minor units; a multiple of its lots). */
  readonly openLoss: bigint;
  /**
   * Fee rates the order was accepted with, parts per million (the desk sets them on the rows its events make:
   * desks/perp/desk.ts withRates). Null (or absent) when not known: rows stored before migration 0035.
   */
  readonly makerPpm?: number | null;
  readonly takerPpm?: number | null;
}

/** A user's position on one market, latest state (upserted by user and symbol); size 0 keeps the settings. */
export interface PerpPosition {
  readonly user: number;
  readonly symbol: string;
  readonly leverage: number;
  /** Margin mode (column margin_mode), as the kernel names it. */
  readonly mode: PerpMarginMode;
  /** Signed base minor units: + long, − short. */
  readonly size: bigint;
  /** Entry notional, quote minor units (entry price = cost / size). */
  readonly cost: bigint;
  /** Isolated: the margin the position holds; cross: the initial margin held for it. */
  readonly margin: bigint;
  /** Entrust margin frozen for the user's open orders on the market. */
  readonly orderMargin: bigint;
  /** Cross debt booked on this holding: a loss past the account's cash, repaid from its next cash. */
  readonly owed: bigint;
  readonly updatedAt: number;
}

export interface PerpTrade {
  readonly symbol: string;
  readonly tradeNo: number;
  readonly price: bigint;
  readonly qty: bigint;
  readonly quote: bigint;
  readonly takerSide: 'buy' | 'sell';
  readonly takerOrder: number;
  readonly makerOrder: number;
  readonly takerUser: number;
  readonly makerUser: number;
  readonly takerFee: bigint;
  readonly makerFee: bigint;
  /** Signed P&L each side realized by the trade. */
  readonly takerPnl: bigint;
  readonly makerPnl: bigint;
  /** 'book' for a match, 'adl' for a deleveraging close at the bankruptcy price. */
  readonly via: 'book' | 'adl';
  readonly time: number;
}

/** One funding settlement of a market (one per symbol and millisecond). */
export interface PerpFunding {
  readonly symbol: string;
  readonly time: number;
  /** Ratio × 10^8, signed (+: longs pay shorts). */
  readonly rate: bigint;
  readonly mark: bigint;
  /** Rounding residue and shortfalls, to (+) or from (−) the insurance fund. */
  readonly insurance: bigint;
}

/** A liquidation as the desk writes it; the store numbers it (PerpLiquidationRow.id). */
export interface PerpLiquidation {
  readonly user: number;
  readonly symbol: string;
  /** Margin mode (column margin_mode), as the kernel names it. */
  readonly mode: PerpMarginMode;
  /** Signed base minor units the position had when liquidation began. */
  readonly size: bigint;
  readonly mark: bigint;
  /** Bankruptcy price the liquidation orders were bounded by, quote minor units per whole coin. */
  readonly bankruptcy: bigint;
  /** Clearance fee to the insurance fund. */
  readonly fee: bigint;
  readonly time: number;
}

/** A stored liquidation: its id orders the liquidations of one millisecond in the order they were written. */
export interface PerpLiquidationRow extends PerpLiquidation {
  readonly id: number;
}

/**
 * A mark price the desk used, the public record behind its liquidations: one row per symbol and millisecond, the
 * last mark of that millisecond (a later one replaces it, in the same batch or a later one; each liquidation row
 * keeps the mark it was taken at).
 */
export interface PerpMark {
  readonly symbol: string;
  readonly time: number;
  readonly mark: bigint;
  readonly indexPrice: bigint | null;
  /** Ratio × 10^8, signed. */
  readonly fundingRate: bigint | null;
}

/**
 * A perp desk batch's rows. Orders and positions are upserted (each at most once per batch: its latest state);
 * marks are upserted by symbol and millisecond (the batch's last one wins); trades, funding and liquidations are
 * appended, and a repeated key (a symbol's trade number, or funding of the same millisecond) fails the whole commit.
 */
export interface PerpWrites {
  readonly orders: readonly PerpOrder[];
  readonly positions: readonly PerpPosition[];
  readonly trades: readonly PerpTrade[];
  readonly funding: readonly PerpFunding[];
  readonly liquidations: readonly PerpLiquidation[];
  readonly marks: readonly PerpMark[];
}

/** A user's orders, newest first; `open`: only resting ones (true) or only closed ones (false). Times inclusive. */
export interface PerpOrderHistoryQuery {
  readonly user: number;
  readonly symbol?: string | undefined;
  readonly open?: boolean | undefined;
  /** From 1. */
  readonly pageIndex: number;
  readonly pageSize: number;
  /** created_at bounds, Unix ms, inclusive. */
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  /** true: only conditional orders (with a trigger); false: only the others; absent: both. */
  readonly conditional?: boolean | undefined;
}

/** A user's trades in one market from trade `fromTrade` on, made at or after `fromTime` (that trade's time). */
export interface PerpTradeRange {
  readonly user: number;
  readonly symbol: string;
  readonly fromTrade: number;
  readonly fromTime: number;
}

/** One trade of a user's as a change of their position: signed base minor units (+ bought, − sold; 0 for a self-trade). */
export interface PerpSizeChange {
  readonly tradeNo: number;
  readonly time: number;
  readonly delta: bigint;
}

/** Time bounds (Unix ms, inclusive) and a row limit; the newest rows come first. */
export interface PerpRange {
  readonly from?: number | undefined;
  readonly to?: number | undefined;
  readonly limit: number;
}

export interface PerpMaxIds {
  /** Largest order id written (0 when none). */
  readonly order: number;
  /** Largest trade number per symbol (absent: none). */
  readonly trade: Record<string, number>;
}

// Column lists and row values; sqlite-desk-writes.ts keeps its own copies in the same order (the writer thread
// loads no query builder), and a test holds the rows of both paths equal.
const PERP_ORDER_COLUMNS = [
  'id', 'user_id', 'symbol', 'client_order_id', 'side', 'kind', 'origin', 'tif', 'post_only', 'reduce_only', 'leverage', 'margin_mode',
  'price', 'qty', 'open_qty', 'filled_qty', 'filled_quote', 'fee', 'realized_pnl', 'status', 'close_code', 'priority', 'created_at',
  'updated_at', 'closed_at', 'trigger_price', 'working_type', 'close_position', 'open_loss', 'maker_ppm', 'taker_ppm',
] as const;
/** Columns an order's later states change; the rest (its fee rates among them) are fixed when it is accepted. */
const ORDER_MUTABLE = [
  'price', 'qty', 'open_qty', 'filled_qty', 'filled_quote', 'fee', 'realized_pnl', 'status', 'close_code', 'priority', 'updated_at', 'closed_at',
] as const;
const PERP_POSITION_COLUMNS = ['user_id', 'symbol', 'leverage', 'margin_mode', 'size', 'cost', 'margin', 'order_margin', 'owed', 'updated_at'] as const;
const POSITION_MUTABLE = ['leverage', 'margin_mode', 'size', 'cost', 'margin', 'order_margin', 'owed', 'updated_at'] as const;
const PERP_TRADE_COLUMNS = [
  'symbol', 'trade_no', 'price', 'qty', 'quote', 'taker_side', 'taker_order', 'maker_order', 'taker_user', 'maker_user', 'taker_fee',
  'maker_fee', 'taker_pnl', 'maker_pnl', 'via', 'time',
] as const;
const PERP_FUNDING_COLUMNS = ['symbol', 'time', 'rate', 'mark', 'insurance'] as const;
const PERP_LIQUIDATION_COLUMNS = ['user_id', 'symbol', 'margin_mode', 'size', 'mark', 'bankruptcy', 'fee', 'time'] as const;
const PERP_MARK_COLUMNS = ['symbol', 'time', 'mark', 'index_price', 'funding_rate'] as const;

const excluded = (columns: readonly string[]) => columns.map((c) => `"${c}" = "excluded"."${c}"`).join(', ');
/** An order row is inserted once and then replaced by its latest state, batch after batch. */
const PERP_UPSERT_ORDER = `on conflict ("id") do update set ${excluded(ORDER_MUTABLE)}`;
/** A position row is replaced by its latest state. */
const PERP_UPSERT_POSITION = `on conflict ("user_id", "symbol") do update set ${excluded(POSITION_MUTABLE)}`;
/** A symbol's mark of one millisecond is replaced by a later one of the same millisecond. */
const PERP_UPSERT_MARK = `on conflict ("symbol", "time") do update set ${excluded(['mark', 'index_price', 'funding_rate'])}`;

/** The last of a batch's marks per symbol and millisecond: a multi-row upsert may name a key only once. */
function lastMarks(marks: readonly PerpMark[]): PerpMark[] {
  const last = new Map<string, PerpMark>();
  for (const m of marks) last.set(`${m.symbol}\u0000${m.time}`, m);
  return [...last.values()];
}

type Value = string | number | bigint | null;
const nullable = (v: bigint | null) => (v === null ? null : int64(v));

// Each row's parameters in its column list's order, money range-checked (flattenPerp in sqlite-desk-writes.ts too).
const perpOrderValues = (o: PerpOrder): Value[] => [
  o.id, o.user, o.symbol, o.clientOrderId, o.side, o.kind, o.origin, o.tif, o.postOnly ? 1 : 0, o.reduceOnly ? 1 : 0, o.leverage,
  o.mode, int64(o.price), int64(o.qty), int64(o.openQty), int64(o.filledQty), int64(o.filledQuote), int64(o.fee),
  int64(o.realizedPnl), o.status, o.closeCode, o.priority, o.createdAt, o.updatedAt, o.closedAt,
  nullable(o.triggerPrice), o.workingType, o.closePosition ? 1 : 0, int64(o.openLoss), o.makerPpm ?? null, o.takerPpm ?? null,
];
const perpPositionValues = (p: PerpPosition): Value[] => [
  p.user, p.symbol, p.leverage, p.mode, int64(p.size), int64(p.cost), int64(p.margin), int64(p.orderMargin), int64(p.owed), p.updatedAt,
];
const perpTradeValues = (t: PerpTrade): Value[] => [
  t.symbol, t.tradeNo, int64(t.price), int64(t.qty), int64(t.quote), t.takerSide, t.takerOrder, t.makerOrder, t.takerUser, t.makerUser,
  int64(t.takerFee), int64(t.makerFee), int64(t.takerPnl), int64(t.makerPnl), t.via, t.time,
];
const perpFundingValues = (f: PerpFunding): Value[] => [f.symbol, f.time, int64(f.rate), int64(f.mark), int64(f.insurance)];
const perpLiquidationValues = (l: PerpLiquidation): Value[] => [
  l.user, l.symbol, l.mode, int64(l.size), int64(l.mark), int64(l.bankruptcy), int64(l.fee), l.time,
];
const perpMarkValues = (m: PerpMark): Value[] => [m.symbol, m.time, int64(m.mark), nullable(m.indexPrice), nullable(m.fundingRate)];

/** Rows as objects keyed by column, for insertRows (bulk.ts). */

const orNull = (t: string | null) => (t === null ? null : toAmount(t));
const marginMode = (v: string): PerpMarginMode => (v === 'isolated' ? 'isolated' : 'cross');

export function createPerp(db: Kysely<Database>) {
  const ORDER_MONEY = ['price', 'qty', 'open_qty', 'filled_qty', 'filled_quote', 'fee', 'realized_pnl', 'open_loss'] as const;
  const orders = () =>
    db
      .selectFrom('perp_orders')
      .select([
        'id', 'user_id', 'symbol', 'client_order_id', 'side', 'kind', 'origin', 'tif', 'post_only', 'reduce_only', 'leverage', 'margin_mode',
        'status', 'close_code', 'priority', 'created_at', 'updated_at', 'closed_at', 'working_type', 'close_position', 'maker_ppm', 'taker_ppm',
        ...ORDER_MONEY.map((c) => money(c).as(c)), money('trigger_price').as('trigger_price'),
      ]);
  type OrderRow = Awaited<ReturnType<ReturnType<typeof orders>['executeTakeFirstOrThrow']>>;
  const toOrder = (r: OrderRow): PerpOrder => ({
    id: Number(r.id),
    user: Number(r.user_id),
    symbol: r.symbol,
    clientOrderId: r.client_order_id,
    side: r.side === 'sell' ? 'sell' : 'buy',
    kind: KINDS.includes(r.kind as PerpOrderKind) ? (r.kind as PerpOrderKind) : 'limit',
    origin: r.origin as PerpOrderOrigin,
    tif: r.tif,
    postOnly: Number(r.post_only) === 1,
    reduceOnly: Number(r.reduce_only) === 1,
    leverage: Number(r.leverage),
    mode: marginMode(r.margin_mode),
    price: toAmount(r.price),
    qty: toAmount(r.qty),
    openQty: toAmount(r.open_qty),
    filledQty: toAmount(r.filled_qty),
    filledQuote: toAmount(r.filled_quote),
    fee: toAmount(r.fee),
    realizedPnl: toAmount(r.realized_pnl),
    status: r.status as PerpOrderStatus,
    closeCode: r.close_code,
    priority: r.priority === null ? null : Number(r.priority),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
    closedAt: r.closed_at === null ? null : Number(r.closed_at),
    triggerPrice: orNull(r.trigger_price),
    workingType: r.working_type === 'mark' || r.working_type === 'last' ? r.working_type : null,
    closePosition: Number(r.close_position) === 1,
    openLoss: toAmount(r.open_loss),
    makerPpm: r.maker_ppm === null ? null : Number(r.maker_ppm),
    takerPpm: r.taker_ppm === null ? null : Number(r.taker_ppm),
  });
  // The builders differ in type between select and count; the filter is the same SQL for both.
  const historyWhere = <Q extends SelectQueryBuilder<Database, 'perp_orders', object>>(q: Q, f: PerpOrderHistoryQuery): Q => {
    let out = q.where('user_id', '=', f.user);
    if (f.symbol !== undefined) out = out.where('symbol', '=', f.symbol);
    if (f.open === true) out = out.where('status', 'in', [...OPEN_STATUSES]);
    if (f.open === false) out = out.where('status', 'not in', [...OPEN_STATUSES]);
    if (f.from !== undefined) out = out.where('created_at', '>=', f.from);
    if (f.to !== undefined) out = out.where('created_at', '<=', f.to);
    if (f.conditional !== undefined) out = out.where('trigger_price', f.conditional ? 'is not' : 'is', null);
    return out as Q;
  };

  const positions = () =>
    db
      .selectFrom('perp_positions')
      .select(['user_id', 'symbol', 'leverage', 'margin_mode', 'updated_at', ...(['size', 'cost', 'margin', 'order_margin', 'owed'] as const).map((c) => money(c).as(c))]);
  type PositionRow = Awaited<ReturnType<ReturnType<typeof positions>['executeTakeFirstOrThrow']>>;
  const toPosition = (r: PositionRow): PerpPosition => ({
    user: Number(r.user_id),
    symbol: r.symbol,
    leverage: Number(r.leverage),
    mode: marginMode(r.margin_mode),
    size: toAmount(r.size),
    cost: toAmount(r.cost),
    margin: toAmount(r.margin),
    orderMargin: toAmount(r.order_margin),
    owed: toAmount(r.owed),
    updatedAt: Number(r.updated_at),
  });

  const trades = () =>
    db
      .selectFrom('perp_trades')
      .select([
        'symbol', 'trade_no', 'taker_side', 'taker_order', 'maker_order', 'taker_user', 'maker_user', 'via', 'time',
        ...(['price', 'qty', 'quote', 'taker_fee', 'maker_fee', 'taker_pnl', 'maker_pnl'] as const).map((c) => money(c).as(c)),
      ]);
  type TradeRow = Awaited<ReturnType<ReturnType<typeof trades>['executeTakeFirstOrThrow']>>;
  const toTrade = (r: TradeRow): PerpTrade => ({
    symbol: r.symbol,
    tradeNo: Number(r.trade_no),
    price: toAmount(r.price),
    qty: toAmount(r.qty),
    quote: toAmount(r.quote),
    takerSide: r.taker_side === 'sell' ? 'sell' : 'buy',
    takerOrder: Number(r.taker_order),
    makerOrder: Number(r.maker_order),
    takerUser: Number(r.taker_user),
    makerUser: Number(r.maker_user),
    takerFee: toAmount(r.taker_fee),
    makerFee: toAmount(r.maker_fee),
    takerPnl: toAmount(r.taker_pnl),
    makerPnl: toAmount(r.maker_pnl),
    via: r.via === 'adl' ? 'adl' : 'book',
    time: Number(r.time),
  });

  const marks = () =>
    db.selectFrom('perp_marks').select(['symbol', 'time', money('mark').as('mark'), money('index_price').as('index_price'), money('funding_rate').as('funding_rate')]);
  type MarkRow = Awaited<ReturnType<ReturnType<typeof marks>['executeTakeFirstOrThrow']>>;
  const toMark = (r: MarkRow): PerpMark => ({
    symbol: r.symbol,
    time: Number(r.time),
    mark: toAmount(r.mark),
    // cast(null as text) is null on both dialects
    indexPrice: orNull(r.index_price as string | null),
    fundingRate: orNull(r.funding_rate as string | null),
  });

  return Object.freeze({
    /** Writes one batch's rows (inside the caller's transaction: desk-writes.ts). */
    async write(w: PerpWrites): Promise<void> {
      for (const part of perpParts(w)) await insertRows(db, part.table, part.rows, part.tail);
    },

    /** Resting orders in time priority (then id): the order a restart puts them back on the books. */
    // The condition in the words of the partial index perp_orders_open (migration 0013), so both dialects use it.
    openOrders: async (): Promise<PerpOrder[]> => (await orders().where(OPEN_CONDITION).orderBy('priority').orderBy('id').execute()).map(toOrder),

    /** Every position row (flat ones too: they hold the user's leverage and margin mode). */
    positions: async (): Promise<PerpPosition[]> => (await positions().orderBy('user_id').orderBy('symbol').execute()).map(toPosition),

    /**
     * The price of a market's last trade on the book (an ADL close moves no last price), or undefined: a restarted
     * desk's last price. Through the primary key (symbol, trade_no), newest first.
     */
    async lastBookPrice(symbol: string): Promise<bigint | undefined> {
      const row = await db
        .selectFrom('perp_trades')
        .select(money('price').as('price'))
        .where('symbol', '=', symbol)
        .where('via', '=', 'book')
        .orderBy('trade_no', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row === undefined ? undefined : toAmount(row.price);
    },

    /** Where a restarted desk numbers on from: the largest order id and each market's largest trade number. */
    async maxIds(): Promise<PerpMaxIds> {
      const order = await db.selectFrom('perp_orders').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
      const rows = await db.selectFrom('perp_trades').select((eb) => ['symbol', eb.fn.max('trade_no').as('n')]).groupBy('symbol').execute();
      const trade: Record<string, number> = {};
      for (const r of rows) trade[r.symbol] = Number(r.n);
      return { order: Number(order?.id ?? 0), trade };
    },

    /** Every stored order's `user:clientOrderId` (the desk's filter of stored ids, desks/client-ids.ts). */
    eachClientOrderId: (visit: (key: string) => void) => eachClientId(db, { table: 'perp_orders', column: 'client_order_id' }, visit),

    async findByClientId(user: number, clientOrderId: string): Promise<PerpOrder | undefined> {
      const row = await orders().where('user_id', '=', user).where('client_order_id', '=', clientOrderId).executeTakeFirst();
      return row ? toOrder(row) : undefined;
    },

    /** One of a user's orders; undefined when it does not exist or is someone else's. */
    async order(user: number, id: number): Promise<PerpOrder | undefined> {
      const row = await orders().where('id', '=', id).where('user_id', '=', user).executeTakeFirst();
      return row ? toOrder(row) : undefined;
    },

    /** A page of a user's orders, newest first (created_at, then id), and how many match in all. */
    async orderHistory(q: PerpOrderHistoryQuery): Promise<{ total: number; list: PerpOrder[] }> {
      const offset = Math.max(0, (q.pageIndex - 1) * q.pageSize);
      const rows = await historyWhere(orders(), q).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(q.pageSize).execute();
      const total = await historyWhere(db.selectFrom('perp_orders').select(sql<number>`count(*)`.as('n')), q).executeTakeFirstOrThrow();
      return { total: Number(total.n), list: rows.map(toOrder) };
    },

    /** A user's trades as taker or maker, newest first (time, then symbol, then trade number). */
    /** Trades an order made, oldest first (through the per-user trade indexes, bounded by the order's lifetime). */
    async orderTrades(order: Pick<PerpOrder, 'id' | 'user' | 'symbol' | 'createdAt' | 'closedAt'>): Promise<PerpTrade[]> {
      let query = trades()
        .where('symbol', '=', order.symbol)
        .where('time', '>=', order.createdAt)
        .where((eb) =>
          eb.or([
            eb.and([eb('taker_user', '=', order.user), eb('taker_order', '=', order.id)]),
            eb.and([eb('maker_user', '=', order.user), eb('maker_order', '=', order.id)]),
          ]),
        );
      if (order.closedAt !== null) query = query.where('time', '<=', order.closedAt);
      return (await query.orderBy('trade_no').limit(10_000).execute()).map(toTrade);
    },
    async userTrades(q: { readonly user: number; readonly symbol?: string | undefined } & PerpRange): Promise<PerpTrade[]> {
      let query = trades().where((eb) => eb.or([eb('taker_user', '=', q.user), eb('maker_user', '=', q.user)]));
      if (q.symbol !== undefined) query = query.where('symbol', '=', q.symbol);
      if (q.from !== undefined) query = query.where('time', '>=', q.from);
      if (q.to !== undefined) query = query.where('time', '<=', q.to);
      return (await query.orderBy('time', 'desc').orderBy('symbol').orderBy('trade_no', 'desc').limit(q.limit).execute()).map(toTrade);
    },

    /** A user's position row in one market (flat ones too: they keep the settings); undefined when never written. */
    async position(user: number, symbol: string): Promise<PerpPosition | undefined> {
      const row = await positions().where('user_id', '=', user).where('symbol', '=', symbol).executeTakeFirst();
      return row ? toPosition(row) : undefined;
    },

    /**
     * A user's trades in one market from trade `fromTrade` on (made at or after `fromTime`, the trade's time), oldest
     * first, as changes of their position: at most about `limit`, each side (taker, maker) read through its per-user
     * index. `complete`: every such trade is in; otherwise the list stops where one side's read did.
     */
    async sizeChanges(q: PerpTradeRange & { readonly limit: number }): Promise<{ changes: PerpSizeChange[]; complete: boolean }> {
      const byTrade = new Map<number, PerpSizeChange>();
      let complete = true;
      let upTo = Infinity;
      for (const side of ['taker', 'maker'] as const) {
        const rows = await db
          .selectFrom('perp_trades')
          .select(['trade_no', 'time', 'taker_side', money('qty').as('qty')])
          .where(side === 'taker' ? 'taker_user' : 'maker_user', '=', q.user)
          .where('time', '>=', q.fromTime)
          .where('symbol', '=', q.symbol)
          .where('trade_no', '>=', q.fromTrade)
          .orderBy('time')
          .orderBy('trade_no')
          .limit(q.limit)
          .execute();
        if (rows.length === q.limit) {
          complete = false;
          upTo = Math.min(upTo, Number(rows[rows.length - 1]!.trade_no));
        }
        for (const r of rows) {
          const qty = toAmount(r.qty);
          // The taker bought what the maker sold; a self-trade is both and changes nothing.
          const delta = (r.taker_side === 'buy') === (side === 'taker') ? qty : -qty;
          const tradeNo = Number(r.trade_no);
          const seen = byTrade.get(tradeNo);
          byTrade.set(tradeNo, { tradeNo, time: Number(r.time), delta: (seen?.delta ?? 0n) + delta });
        }
      }
      const changes = [...byTrade.values()].filter((c) => c.tradeNo <= upTo).sort((a, b) => a.tradeNo - b.tradeNo);
      return { changes, complete };
    },

    /** Σ of sizeChanges without a limit, summed by the database (for a range sizeChanges could not read whole). */
    async netSizeChange(q: PerpTradeRange): Promise<bigint> {
      const signed = sql<bigint>`case when taker_side = 'buy' then qty else -qty end`;
      const row = await db
        .selectFrom('perp_trades')
        .where('symbol', '=', q.symbol)
        .where('time', '>=', q.fromTime)
        .where('trade_no', '>=', q.fromTrade)
        .where((eb) => eb.or([eb('taker_user', '=', q.user), eb('maker_user', '=', q.user)]))
        .select(sql<string | null>`cast(sum(case when taker_user = ${q.user} then ${signed} else 0 end - case when maker_user = ${q.user} then ${signed} else 0 end) as text)`.as('net'))
        .executeTakeFirst();
      return toAmount(row?.net);
    },

    /** A market's funding settlements at the given times (at most a few hundred), oldest first. */
    async fundingAt(symbol: string, times: readonly number[]): Promise<PerpFunding[]> {
      if (times.length === 0) return [];
      const rows = await db
        .selectFrom('perp_funding')
        .select(['symbol', 'time', money('rate').as('rate'), money('mark').as('mark'), money('insurance').as('insurance')])
        .where('symbol', '=', symbol)
        .where('time', 'in', [...times])
        .orderBy('time')
        .execute();
      return rows.map((r) => ({ symbol: r.symbol, time: Number(r.time), rate: toAmount(r.rate), mark: toAmount(r.mark), insurance: toAmount(r.insurance) }));
    },

    /**
     * What fired in one market for a user at one time, oldest first: the conditional orders that placed an order
     * (status filled) and the orders placed by conditional orders (origin trigger, tp or sl). The store keeps no link
     * between the two; desks/perp/fired.ts pairs them.
     */
    async firedAt(user: number, symbol: string, time: number): Promise<{ conditionals: number[]; placed: number[] }> {
      // Through the partial index perp_orders_fired (migration 0014), then perp_orders_user_created.
      const conditionals = await db
        .selectFrom('perp_orders')
        .select('id')
        .where('trigger_price', 'is not', null)
        .where('user_id', '=', user)
        .where('symbol', '=', symbol)
        .where('closed_at', '=', time)
        .where('status', '=', 'filled')
        .orderBy('id')
        .execute();
      const placed = await db
        .selectFrom('perp_orders')
        .select('id')
        .where('user_id', '=', user)
        .where('created_at', '=', time)
        .where('symbol', '=', symbol)
        .where('trigger_price', 'is', null)
        .where('origin', 'in', ['trigger', 'tp', 'sl'])
        .orderBy('id')
        .execute();
      return { conditionals: conditionals.map((r) => Number(r.id)), placed: placed.map((r) => Number(r.id)) };
    },

    /** A market's funding settlements, newest first. */
    async funding(q: { readonly symbol: string } & PerpRange): Promise<PerpFunding[]> {
      let query = db
        .selectFrom('perp_funding')
        .select(['symbol', 'time', money('rate').as('rate'), money('mark').as('mark'), money('insurance').as('insurance')])
        .where('symbol', '=', q.symbol);
      if (q.from !== undefined) query = query.where('time', '>=', q.from);
      if (q.to !== undefined) query = query.where('time', '<=', q.to);
      const rows = await query.orderBy('time', 'desc').limit(q.limit).execute();
      return rows.map((r) => ({ symbol: r.symbol, time: Number(r.time), rate: toAmount(r.rate), mark: toAmount(r.mark), insurance: toAmount(r.insurance) }));
    },

    /** Liquidations, of one user or everyone's, newest first (time, then id). */
    async liquidations(q: { readonly user?: number | undefined } & PerpRange): Promise<PerpLiquidationRow[]> {
      let query = db
        .selectFrom('perp_liquidations')
        .select([
          'id', 'user_id', 'symbol', 'margin_mode', 'time',
          ...(['size', 'mark', 'bankruptcy', 'fee'] as const).map((c) => money(c).as(c)),
        ]);
      if (q.user !== undefined) query = query.where('user_id', '=', q.user);
      if (q.from !== undefined) query = query.where('time', '>=', q.from);
      if (q.to !== undefined) query = query.where('time', '<=', q.to);
      const rows = await query.orderBy('time', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
      return rows.map((r) => ({
        id: Number(r.id),
        user: Number(r.user_id),
        symbol: r.symbol,
        mode: marginMode(r.margin_mode),
        size: toAmount(r.size),
        mark: toAmount(r.mark),
        bankruptcy: toAmount(r.bankruptcy),
        fee: toAmount(r.fee),
        time: Number(r.time),
      }));
    },

    /** A market's recorded mark prices, newest first. */
    async marks(q: { readonly symbol: string } & PerpRange): Promise<PerpMark[]> {
      let query = marks().where('symbol', '=', q.symbol);
      if (q.from !== undefined) query = query.where('time', '>=', q.from);
      if (q.to !== undefined) query = query.where('time', '<=', q.to);
      return (await query.orderBy('time', 'desc').limit(q.limit).execute()).map(toMark);
    },

    /** A market's latest recorded mark price. */
    async lastMark(symbol: string): Promise<PerpMark | undefined> {
      const row = await marks().where('symbol', '=', symbol).orderBy('time', 'desc').limit(1).executeTakeFirst();
      return row ? toMark(row) : undefined;
    },
  });
}

export type PerpRepo = ReturnType<typeof createPerp>;

/** A perp desk's commit as the tables' rows, each an insert or an upsert (`tail`), in this order (also pg-commit.ts). */
export function perpParts(w: PerpWrites): Array<{ table: 'perp_orders' | 'perp_positions' | 'perp_trades' | 'perp_funding' | 'perp_liquidations' | 'perp_marks'; rows: Record<string, Value>[]; tail: string }> {
  return [
    { table: 'perp_orders', rows: rowsOf(w.orders, PERP_ORDER_COLUMNS, perpOrderValues), tail: PERP_UPSERT_ORDER },
    { table: 'perp_positions', rows: rowsOf(w.positions, PERP_POSITION_COLUMNS, perpPositionValues), tail: PERP_UPSERT_POSITION },
    { table: 'perp_trades', rows: rowsOf(w.trades, PERP_TRADE_COLUMNS, perpTradeValues), tail: '' },
    { table: 'perp_funding', rows: rowsOf(w.funding, PERP_FUNDING_COLUMNS, perpFundingValues), tail: '' },
    { table: 'perp_liquidations', rows: rowsOf(w.liquidations, PERP_LIQUIDATION_COLUMNS, perpLiquidationValues), tail: '' },
    { table: 'perp_marks', rows: rowsOf(lastMarks(w.marks), PERP_MARK_COLUMNS, perpMarkValues), tail: PERP_UPSERT_MARK },
  ];
}
