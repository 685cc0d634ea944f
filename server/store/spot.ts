// Spot orders, trades and order history. The spot desk upserts each order's latest state per batch, appends
// trades and history, and reads open orders back in time priority to rebuild its books.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { insertRows, rowsOf } from './bulk.ts';
import { eachClientId } from './client-ids.ts';
import { QUANT_BOT_COLUMNS, QUANT_UPSERT_BOT, quantBotValues, type QuantBotRow } from './quant.ts';
import { int64, money, toAmount } from './money.ts';
import type { Database } from './schema.ts';

export type OrderStatus = 'new' | 'partially_filled' | 'filled' | 'canceled' | 'expired';
export const OPEN_STATUSES: readonly OrderStatus[] = ['new', 'partially_filled'];
/** OPEN_STATUSES as SQL text, the exact condition of the partial index spot_orders_open. */
export const OPEN_CONDITION = sql<boolean>`status in ('new', 'partially_filled')`;

export interface SpotOrder {
  readonly id: number;
  readonly user: number;
  readonly symbol: string;
  readonly clientOrderId: string | null;
  readonly side: 'buy' | 'sell';
  readonly kind: 'limit' | 'market';
  readonly tif: string;
  readonly postOnly: boolean;
  readonly stp: string;
  readonly price: bigint | null;
  readonly bound: bigint | null;
  readonly qty: bigint | null;
  readonly quoteQty: bigint | null;
  readonly openQty: bigint;
  readonly filledQty: bigint;
  readonly filledQuote: bigint;
  readonly fee: bigint;
  readonly feeAsset: string;
  readonly makerPpm: number;
  readonly takerPpm: number;
  readonly status: OrderStatus;
  readonly closeCode: number | null;
  readonly priority: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly closedAt: number | null;
  /** Conditional orders: stop_loss or take_profit; null for a plain order. */
  readonly condition: 'stop_loss' | 'take_profit' | null;
  /** Stop (activation) price, quote minor units per coin. */
  readonly stopPrice: bigint | null;
  /** Trailing delta, basis points. */
  readonly trailingBips: number | null;
  /** A trailing order's best last price since it started tracking (null before). */
  readonly trailPrice: bigint | null;
  /** Funds a waiting conditional order holds frozen (minor units of the quote for a buy, the base for a sell). */
  readonly held: bigint | null;
  /** When a conditional order fired (null while it waits). */
  readonly triggeredAt: number | null;
  /** The OCO list it belongs to. */
  readonly listId: number | null;
  /** Binance's strategyId and strategyType it was placed with; null when not given. */
  readonly strategyId: number | null;
  readonly strategyType: number | null;
  /** The self-trade prevention that expired it (Binance's preventedMatchId), numbered per market; null otherwise. */
  readonly preventedMatchId: number | null;
}

/** An OCO order list: its two legs are spot orders with its id. */
export interface SpotOrderList {
  readonly id: number;
  readonly user: number;
  readonly symbol: string;
  readonly clientListId: string | null;
  /** executing while a leg is open, all_done after. */
  readonly status: 'executing' | 'all_done';
  readonly createdAt: number;
  readonly updatedAt: number;
}

export interface SpotTrade {
  readonly symbol: string;
  readonly tradeNo: number;
  readonly price: bigint;
  readonly qty: bigint;
  readonly quote: bigint;
  readonly takerOrder: number;
  readonly makerOrder: number;
  readonly takerUser: number;
  readonly makerUser: number;
  readonly takerSide: 'buy' | 'sell';
  readonly takerFee: bigint;
  readonly takerFeeAsset: string;
  readonly makerFee: bigint;
  readonly makerFeeAsset: string;
  readonly time: number;
}

/** A step in an order's history after its acceptance (rested, trade, amended, closed); the order's own row holds
 * the accepted state and time. */
export interface SpotOrderEvent {
  readonly orderId: number;
  readonly type: string;
  readonly status: OrderStatus;
  readonly openQty: bigint;
  readonly filledQty: bigint;
  readonly code: number | null;
  readonly time: number;
}

export interface SpotWrites {
  readonly orders: readonly SpotOrder[];
  readonly lists?: readonly SpotOrderList[] | undefined;
  readonly trades: readonly SpotTrade[];
  readonly events: readonly SpotOrderEvent[];
  /** Quantitative bots changed in the batch, each once, its latest state (quant.ts). */
  readonly bots?: readonly QuantBotRow[] | undefined;
  /** Markets' operator flags set in the batch (setMarketStatus), each market once, its latest flags. */
  readonly marketFlags?: readonly SpotMarketFlags[] | undefined;
}

export interface SpotMarketFlags {
  readonly symbol: string;
  readonly isOpen: number;
  readonly maintenance: boolean;
}

export interface OrderFilter {
  readonly user: number;
  readonly symbol?: string | undefined;
  readonly side?: 'buy' | 'sell' | undefined;
  readonly statuses?: readonly OrderStatus[] | undefined;
  /** The spec's states: pending (open), completed (filled, or expired after trading), cancelled (the rest). */
  readonly appStatus?: 'pending' | 'completed' | 'cancelled' | undefined;
  /**
   * true: only conditional orders (for pending ones: still waiting for their trigger); false: only orders that
   * are not waiting (plain orders, and conditional ones that fired).
   */
  readonly conditional?: boolean | undefined;
}

/** A user's trades: as taker or maker, optionally one market, one order, a trade-number or time range. */
export interface UserTradeFilter {
  readonly user: number;
  readonly symbol?: string | undefined;
  readonly orderId?: number | undefined;
  readonly fromTradeNo?: number | undefined;
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
}

const nullable = (v: bigint | null) => (v === null ? null : int64(v));
const orNull = (t: string | null) => (t === null ? null : toAmount(t));

const ORDER_COLUMNS = [
  'id', 'user_id', 'symbol', 'client_order_id', 'side', 'kind', 'tif', 'post_only', 'stp', 'fee_asset', 'maker_ppm', 'taker_ppm',
  'status', 'close_code', 'priority', 'created_at', 'updated_at', 'closed_at', 'condition', 'trailing_bips', 'triggered_at', 'list_id',
  'strategy_id', 'strategy_type', 'prevented_match_id',
] as const;
const ORDER_MONEY = ['price', 'bound', 'qty', 'quote_qty', 'open_qty', 'filled_qty', 'filled_quote', 'fee', 'stop_price', 'trail_price', 'held'] as const;
/** Columns an order's later states change; the rest are fixed when it is accepted. */
export const SPOT_ORDER_MUTABLE = [
  'price', 'bound', 'qty', 'open_qty', 'filled_qty', 'filled_quote', 'fee', 'status', 'close_code', 'priority', 'updated_at', 'closed_at',
  'trail_price', 'held', 'triggered_at', 'prevented_match_id',
] as const;
const MUTABLE = SPOT_ORDER_MUTABLE;
export const SPOT_LIST_COLUMNS = ['id', 'user_id', 'symbol', 'client_list_id', 'status', 'created_at', 'updated_at'] as const;
export const SPOT_LIST_UPSERT = `on conflict ("id") do update set "status" = "excluded"."status", "updated_at" = "excluded"."updated_at"`;
const nullableInt = (v: number | bigint | null) => (v === null ? null : Number(v));
/** An order row is inserted once and then replaced by its latest state, batch after batch. */
export const UPSERT_ORDER = `on conflict ("id") do update set ${MUTABLE.map((c) => `"${c}" = "excluded"."${c}"`).join(', ')}`;

export function createSpot(db: Kysely<Database>) {
  const orders = () => db.selectFrom('spot_orders').select([...ORDER_COLUMNS, ...ORDER_MONEY.map((c) => money(c).as(c))]);
  type OrderRow = Awaited<ReturnType<ReturnType<typeof orders>['executeTakeFirstOrThrow']>>;
  const toOrder = (r: OrderRow): SpotOrder => ({
    id: Number(r.id),
    user: r.user_id,
    symbol: r.symbol,
    clientOrderId: r.client_order_id,
    side: r.side === 'sell' ? 'sell' : 'buy',
    kind: r.kind === 'market' ? 'market' : 'limit',
    tif: r.tif,
    postOnly: r.post_only === 1,
    stp: r.stp,
    price: orNull(r.price),
    bound: orNull(r.bound),
    qty: orNull(r.qty),
    quoteQty: orNull(r.quote_qty),
    openQty: toAmount(r.open_qty),
    filledQty: toAmount(r.filled_qty),
    filledQuote: toAmount(r.filled_quote),
    fee: toAmount(r.fee),
    feeAsset: r.fee_asset,
    makerPpm: r.maker_ppm,
    takerPpm: r.taker_ppm,
    status: r.status as OrderStatus,
    closeCode: r.close_code,
    priority: r.priority === null ? null : Number(r.priority),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    closedAt: r.closed_at,
    condition: r.condition === 'stop_loss' || r.condition === 'take_profit' ? r.condition : null,
    stopPrice: orNull(r.stop_price),
    trailingBips: r.trailing_bips,
    trailPrice: orNull(r.trail_price),
    held: orNull(r.held),
    triggeredAt: nullableInt(r.triggered_at),
    listId: nullableInt(r.list_id),
    strategyId: nullableInt(r.strategy_id),
    strategyType: nullableInt(r.strategy_type),
    preventedMatchId: nullableInt(r.prevented_match_id),
  });
  const lists = () => db.selectFrom('spot_order_lists').select([...SPOT_LIST_COLUMNS]);
  type ListRow = Awaited<ReturnType<ReturnType<typeof lists>['executeTakeFirstOrThrow']>>;
  const toList = (r: ListRow): SpotOrderList => ({
    id: Number(r.id),
    user: r.user_id,
    symbol: r.symbol,
    clientListId: r.client_list_id,
    status: r.status === 'all_done' ? 'all_done' : 'executing',
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  });
  // Kysely's builders differ in type between select and count; the filter is the same SQL for both.
  const where = <Q extends SelectQueryBuilder<Database, 'spot_orders', object>>(q: Q, f: OrderFilter): Q => {
    let out = q.where('user_id', '=', f.user);
    if (f.symbol !== undefined) out = out.where('symbol', '=', f.symbol);
    if (f.side !== undefined) out = out.where('side', '=', f.side);
    if (f.conditional === true) {
      out = f.appStatus === 'pending' ? out.where('condition', 'is not', null).where('triggered_at', 'is', null) : out.where('condition', 'is not', null);
    }
    if (f.conditional === false) out = out.where((eb) => eb.or([eb('condition', 'is', null), eb('triggered_at', 'is not', null)]));
    if (f.statuses && f.statuses.length > 0) out = out.where('status', 'in', [...f.statuses]);
    if (f.appStatus === 'pending') out = out.where('status', 'in', [...OPEN_STATUSES]);
    if (f.appStatus === 'completed') out = out.where(sql<boolean>`(status = 'filled' or (status = 'expired' and filled_qty > 0))`);
    if (f.appStatus === 'cancelled') out = out.where(sql<boolean>`(status = 'canceled' or (status = 'expired' and filled_qty = 0))`);
    return out as Q;
  };
  const trades = () =>
    db
      .selectFrom('spot_trades')
      .select([
        'symbol', 'trade_no', 'taker_order', 'maker_order', 'taker_user', 'maker_user', 'taker_side', 'taker_fee_asset', 'maker_fee_asset', 'time',
        ...(['price', 'qty', 'quote', 'taker_fee', 'maker_fee'] as const).map((c) => money(c).as(c)),
      ]);
  type TradeRow = Awaited<ReturnType<ReturnType<typeof trades>['executeTakeFirstOrThrow']>>;
  const toTrade = (r: TradeRow): SpotTrade => ({
    symbol: r.symbol,
    tradeNo: Number(r.trade_no),
    price: toAmount(r.price),
    qty: toAmount(r.qty),
    quote: toAmount(r.quote),
    takerOrder: Number(r.taker_order),
    makerOrder: Number(r.maker_order),
    takerUser: r.taker_user,
    makerUser: r.maker_user,
    takerSide: r.taker_side === 'sell' ? 'sell' : 'buy',
    takerFee: toAmount(r.taker_fee),
    takerFeeAsset: r.taker_fee_asset,
    makerFee: toAmount(r.maker_fee),
    makerFeeAsset: r.maker_fee_asset,
    time: r.time,
  });

  return Object.freeze({
    async write(w: SpotWrites): Promise<void> {
      await this.writeTrades(w);
      await this.writeState(w);
      await this.writeEvents(w);
    },

    /** Orders, lists, robots and market flags: rows an earlier commit may have written, so only in this commit's turn. */
    async writeState(w: SpotWrites): Promise<void> {
      const rows = orderRows(w);
      await insertRows(db, 'spot_orders', rows, UPSERT_ORDER);
      const lists = (w.lists ?? []).map((l) => ({
        id: l.id, user_id: l.user, symbol: l.symbol, client_list_id: l.clientListId, status: l.status, created_at: l.createdAt, updated_at: l.updatedAt,
      }));
      await insertRows(db, 'spot_order_lists', lists, SPOT_LIST_UPSERT);
      if (w.bots !== undefined && w.bots.length > 0) await insertRows(db, 'quant_bots', rowsOf(w.bots, QUANT_BOT_COLUMNS, quantBotValues), QUANT_UPSERT_BOT);
      for (const f of w.marketFlags ?? []) {
        await db.updateTable('markets').set({ is_open: f.isOpen, maintenance: f.maintenance ? 1 : 0 }).where('symbol', '=', f.symbol).execute();
      }
    },

    /** Trades: new rows, numbered by the desk (a pipelined commit writes them before its turn). */
    async writeTrades(w: SpotWrites): Promise<void> {
      const trades = tradeRows(w);
      await insertRows(db, 'spot_trades', trades);
    },

    /** Order history events: new rows the database numbers, so only in the commit's turn (ids in the log's order). */
    async writeEvents(w: SpotWrites): Promise<void> {
      const events = eventRows(w);
      await insertRows(db, 'spot_order_events', events);
    },

    /** Resting orders in time priority: the order a restart puts them back on the books. */
    // The condition in the words of the partial index spot_orders_open (migration 0010), literals and all, so both
    // dialects see that the index applies: it holds resting orders only, already in (priority, id) order.
    openOrders: async () => (await orders().where(OPEN_CONDITION).orderBy('priority').orderBy('id').execute()).map(toOrder),
    find: async (id: number) => {
      const row = await orders().where('id', '=', id).executeTakeFirst();
      return row ? toOrder(row) : undefined;
    },
    /** Every stored order's `user:clientOrderId` (the desk's filter of stored ids, desks/client-ids.ts). */
    eachClientOrderId: (visit: (key: string) => void) => eachClientId(db, { table: 'spot_orders', column: 'client_order_id' }, visit),
    /** Every stored OCO list's `user:clientListId`. */
    eachClientListId: (visit: (key: string) => void) => eachClientId(db, { table: 'spot_order_lists', column: 'client_list_id' }, visit),
    findByClientId: async (user: number, clientOrderId: string) => {
      const row = await orders().where('user_id', '=', user).where('client_order_id', '=', clientOrderId).executeTakeFirst();
      return row ? toOrder(row) : undefined;
    },
    async lastOrderId(): Promise<number> {
      const row = await db.selectFrom('spot_orders').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
      return Number(row?.id ?? 0);
    },
    /** Each market's largest prevented match id (the desk numbers the next ones after it). */
    async lastPreventedMatchIds(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('spot_orders')
        .select((eb) => ['symbol', eb.fn.max('prevented_match_id').as('id')])
        .where('prevented_match_id', 'is not', null)
        .groupBy('symbol')
        .execute();
      return new Map(rows.map((r) => [r.symbol, Number(r.id ?? 0)]));
    },
    async lastListId(): Promise<number> {
      const row = await db.selectFrom('spot_order_lists').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
      return Number(row?.id ?? 0);
    },
    /** Each market's last trade: its number and price (minor units). */
    async lastTrades(): Promise<Map<string, { tradeNo: number; price: bigint }>> {
      const last = db.selectFrom('spot_trades').select((eb) => ['symbol', eb.fn.max('trade_no').as('n')]).groupBy('symbol').as('last');
      const rows = await db
        .selectFrom('spot_trades')
        .innerJoin(last, (j) => j.onRef('last.symbol', '=', 'spot_trades.symbol').onRef('last.n', '=', 'spot_trades.trade_no'))
        .select(['spot_trades.symbol as symbol', 'spot_trades.trade_no as trade_no', money('spot_trades.price').as('price')])
        .execute();
      return new Map(rows.map((r) => [r.symbol, { tradeNo: Number(r.trade_no), price: toAmount(r.price) }]));
    },
    /** The open OCO lists (status executing), for a restart. */
    openLists: async (): Promise<SpotOrderList[]> =>
      (await lists().where('status', '=', 'executing').orderBy('id').execute()).map(toList),
    findList: async (id: number): Promise<SpotOrderList | undefined> => {
      const row = await lists().where('id', '=', id).executeTakeFirst();
      return row ? toList(row) : undefined;
    },
    findListByClientId: async (user: number, clientListId: string): Promise<SpotOrderList | undefined> => {
      const row = await lists().where('user_id', '=', user).where('client_list_id', '=', clientListId).executeTakeFirst();
      return row ? toList(row) : undefined;
    },
    /** A user's lists, newest first (optionally only open ones, or from an id or a time range). */
    async userLists(f: { user: number; open?: boolean; fromId?: number; startTime?: number; endTime?: number }, limit: number): Promise<SpotOrderList[]> {
      let q = lists().where('user_id', '=', f.user);
      if (f.open === true) q = q.where('status', '=', 'executing');
      if (f.fromId !== undefined) q = q.where('id', '>=', f.fromId);
      if (f.startTime !== undefined) q = q.where('created_at', '>=', f.startTime);
      if (f.endTime !== undefined) q = q.where('created_at', '<=', f.endTime);
      return (await q.orderBy('id', f.fromId !== undefined ? 'asc' : 'desc').limit(limit).execute()).map(toList);
    },
    /** The orders of a list, by id. */
    ordersOfList: async (listId: number): Promise<SpotOrder[]> => (await orders().where('list_id', '=', listId).orderBy('id').execute()).map(toOrder),
    async lastPriority(): Promise<number> {
      const row = await db.selectFrom('spot_orders').select((eb) => eb.fn.max('priority').as('p')).executeTakeFirst();
      return Number(row?.p ?? 0);
    },
    async lastTradeNos(): Promise<Map<string, number>> {
      const rows = await db.selectFrom('spot_trades').select((eb) => ['symbol', eb.fn.max('trade_no').as('n')]).groupBy('symbol').execute();
      return new Map(rows.map((r) => [r.symbol, Number(r.n)]));
    },
    /** A user's orders, newest first. */
    async listOrders(filter: OrderFilter, offset: number, limit: number): Promise<{ rows: SpotOrder[]; total: number }> {
      const rows = await where(orders(), filter).orderBy('id', 'desc').offset(offset).limit(limit).execute();
      const total = await where(db.selectFrom('spot_orders').select(sql<number>`count(*)`.as('n')), filter).executeTakeFirstOrThrow();
      return { rows: rows.map(toOrder), total: Number(total.n) };
    },
    /** A user's trades by time (then market and trade number), newest first unless `oldestFirst`. */
    async userTrades(f: UserTradeFilter, page: { offset: number; limit: number; oldestFirst?: boolean }): Promise<{ rows: SpotTrade[]; total: number }> {
      const filter = <Q extends SelectQueryBuilder<Database, 'spot_trades', object>>(q: Q): Q => {
        let out = q.where((eb) => eb.or([eb('taker_user', '=', f.user), eb('maker_user', '=', f.user)]));
        if (f.symbol !== undefined) out = out.where('symbol', '=', f.symbol);
        const order = f.orderId;
        if (order !== undefined) out = out.where((eb) => eb.or([eb('taker_order', '=', order), eb('maker_order', '=', order)]));
        if (f.fromTradeNo !== undefined) out = out.where('trade_no', '>=', f.fromTradeNo);
        if (f.startTime !== undefined) out = out.where('time', '>=', f.startTime);
        if (f.endTime !== undefined) out = out.where('time', '<=', f.endTime);
        return out as Q;
      };
      const dir = page.oldestFirst ? 'asc' : 'desc';
      const rows = await filter(trades()).orderBy('time', dir).orderBy('symbol').orderBy('trade_no', dir).offset(page.offset).limit(page.limit).execute();
      const total = await filter(db.selectFrom('spot_trades').select(sql<number>`count(*)`.as('n'))).executeTakeFirstOrThrow();
      return { rows: rows.map(toTrade), total: Number(total.n) };
    },
    orderTrades: async (orderId: number) =>
      (await trades().where((eb) => eb.or([eb('taker_order', '=', orderId), eb('maker_order', '=', orderId)])).orderBy('trade_no').execute()).map(toTrade),
    /** A market's latest trades, newest first. */
    recentTrades: async (symbol: string, limit: number) =>
      (await trades().where('symbol', '=', symbol).orderBy('trade_no', 'desc').limit(limit).execute()).map(toTrade),
    /** A market's trades numbered after `afterNo` and before `beforeNo`, oldest first, at most `limit`. */
    tradesBetween: async (symbol: string, afterNo: number, beforeNo: number, limit: number) =>
      (
        await trades().where('symbol', '=', symbol).where('trade_no', '>', afterNo).where('trade_no', '<', beforeNo).orderBy('trade_no', 'asc').limit(limit).execute()
      ).map(toTrade),
    async orderEvents(orderId: number): Promise<SpotOrderEvent[]> {
      const rows = await db
        .selectFrom('spot_order_events')
        .select(['order_id', 'type', 'status', 'code', 'time', money('open_qty').as('open_qty'), money('filled_qty').as('filled_qty')])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        orderId: Number(r.order_id),
        type: r.type,
        status: r.status as OrderStatus,
        openQty: toAmount(r.open_qty),
        filledQty: toAmount(r.filled_qty),
        code: r.code,
        time: r.time,
      }));
    },
  });
}

export type SpotRepo = ReturnType<typeof createSpot>;

/** A commit's orders as spot_orders rows (also written by pg-commit.ts). */
export const orderRows = (w: SpotWrites) =>
  w.orders.map((o) => ({
    id: o.id,
    user_id: o.user,
    symbol: o.symbol,
    client_order_id: o.clientOrderId,
    side: o.side,
    kind: o.kind,
    tif: o.tif,
    post_only: o.postOnly ? 1 : 0,
    stp: o.stp,
    price: nullable(o.price),
    bound: nullable(o.bound),
    qty: nullable(o.qty),
    quote_qty: nullable(o.quoteQty),
    open_qty: int64(o.openQty),
    filled_qty: int64(o.filledQty),
    filled_quote: int64(o.filledQuote),
    fee: int64(o.fee),
    fee_asset: o.feeAsset,
    maker_ppm: o.makerPpm,
    taker_ppm: o.takerPpm,
    status: o.status,
    close_code: o.closeCode,
    priority: o.priority,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    closed_at: o.closedAt,
    condition: o.condition,
    stop_price: nullable(o.stopPrice),
    trailing_bips: o.trailingBips,
    trail_price: nullable(o.trailPrice),
    held: nullable(o.held),
    triggered_at: o.triggeredAt,
    list_id: o.listId,
    strategy_id: o.strategyId,
    strategy_type: o.strategyType,
    prevented_match_id: o.preventedMatchId,
  }));

/** Its trades as spot_trades rows. */
export const tradeRows = (w: SpotWrites) =>
  w.trades.map((t) => ({
    symbol: t.symbol,
    trade_no: t.tradeNo,
    price: int64(t.price),
    qty: int64(t.qty),
    quote: int64(t.quote),
    taker_order: t.takerOrder,
    maker_order: t.makerOrder,
    taker_user: t.takerUser,
    maker_user: t.makerUser,
    taker_side: t.takerSide,
    taker_fee: int64(t.takerFee),
    taker_fee_asset: t.takerFeeAsset,
    maker_fee: int64(t.makerFee),
    maker_fee_asset: t.makerFeeAsset,
    time: t.time,
  }));

/** Its order history events as spot_order_events rows. */
export const eventRows = (w: SpotWrites) =>
  w.events.map((e) => ({
    order_id: e.orderId,
    type: e.type,
    status: e.status,
    open_qty: int64(e.openQty),
    filled_qty: int64(e.filledQty),
    code: e.code,
    time: e.time,
  }));
