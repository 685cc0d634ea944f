// allOrders and myTrades need ranges the spot repository has no query for (from an order or trade id, between
// two times, oldest first), so they are read here with Kysely over the store's tables; read-only, and the rows
// become the desks' own views so the shapes match every other reply.
// TODO(lead): move these two queries into server/store/spot.ts when that file is free to change.
import { orderDetail, type OrderView, type TradeView } from '../../desks/index.ts';
import type { Store } from '../../store/index.ts';
import { money, toAmount } from '../../store/money.ts';
import { dec } from '../../desks/views.ts';

export interface Range {
  readonly symbol: string;
  readonly fromId?: number | undefined;
  readonly startTime?: number | undefined;
  readonly endTime?: number | undefined;
  readonly limit: number;
}

/** A user's orders in one market, oldest first, from `fromId` (an order id) or within the time range. */
export async function allOrders(store: Store, user: number, r: Range): Promise<OrderView[]> {
  let q = store.db.selectFrom('spot_orders').select('id').where('user_id', '=', user).where('symbol', '=', r.symbol);
  if (r.fromId !== undefined) q = q.where('id', '>=', r.fromId);
  if (r.startTime !== undefined) q = q.where('created_at', '>=', r.startTime);
  if (r.endTime !== undefined) q = q.where('created_at', '<=', r.endTime);
  // Without a start, Binance answers the newest `limit`, still oldest first.
  const newest = r.fromId === undefined && r.startTime === undefined;
  const ids = (await q.orderBy('id', newest ? 'desc' : 'asc').limit(r.limit).execute()).map((row) => Number(row.id));
  if (newest) ids.reverse();
  const views = await Promise.all(ids.map((id) => orderDetail(store, user, id)));
  return views.flatMap((v) => (v.ok ? [v.value.order] : []));
}

export interface UserTrade {
  trade: TradeView;
  orderId: number;
  side: 'buy' | 'sell';
}

/** A user's trades in one market, oldest first; a self-trade appears once per side, as Binance lists it. */
export async function myTrades(store: Store, user: number, r: Range & { orderId?: number | undefined }): Promise<UserTrade[]> {
  let q = store.db
    .selectFrom('spot_trades')
    .select([
      'symbol', 'trade_no', 'taker_order', 'maker_order', 'taker_user', 'maker_user', 'taker_side', 'taker_fee_asset', 'maker_fee_asset', 'time',
      ...(['price', 'qty', 'quote', 'taker_fee', 'maker_fee'] as const).map((c) => money(c).as(c)),
    ])
    .where('symbol', '=', r.symbol)
    .where((eb) => eb.or([eb('taker_user', '=', user), eb('maker_user', '=', user)]));
  if (r.orderId !== undefined) q = q.where((eb) => eb.or([eb('taker_order', '=', r.orderId!), eb('maker_order', '=', r.orderId!)]));
  if (r.fromId !== undefined) q = q.where('trade_no', '>=', r.fromId);
  if (r.startTime !== undefined) q = q.where('time', '>=', r.startTime);
  if (r.endTime !== undefined) q = q.where('time', '<=', r.endTime);
  const newest = r.fromId === undefined && r.startTime === undefined;
  const rows = await q.orderBy('trade_no', newest ? 'desc' : 'asc').limit(r.limit).execute();
  if (newest) rows.reverse();
  const out: UserTrade[] = [];
  for (const t of rows) {
    const takerSide = t.taker_side === 'sell' ? 'sell' : 'buy';
    const trade: TradeView = {
      tradeId: Number(t.trade_no), symbol: t.symbol, price: dec(toAmount(t.price)), qty: dec(toAmount(t.qty)), quote: dec(toAmount(t.quote)),
      takerSide, takerOrder: Number(t.taker_order), makerOrder: Number(t.maker_order),
      takerFee: dec(toAmount(t.taker_fee)), takerFeeAsset: t.taker_fee_asset, makerFee: dec(toAmount(t.maker_fee)), makerFeeAsset: t.maker_fee_asset, time: t.time,
    };
    const orderFilter = (id: number) => r.orderId === undefined || r.orderId === id;
    if (t.taker_user === user && orderFilter(trade.takerOrder)) out.push({ trade, orderId: trade.takerOrder, side: takerSide });
    if (t.maker_user === user && orderFilter(trade.makerOrder)) out.push({ trade, orderId: trade.makerOrder, side: takerSide === 'buy' ? 'sell' : 'buy' });
  }
  return out;
}
