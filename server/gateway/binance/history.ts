// Binance's allOrders and myTrades ranges (from an order or trade id, between two times, oldest first). myTrades
// uses the store's per-user trade query; allOrders reads order ids by range and takes each order's detail view, so
// the shapes match every other reply.
import { orderDetail, tradeView, type OrderView, type TradeView } from '../../desks/index.ts';
import type { Store } from '../../store/index.ts';

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
  const newest = r.fromId === undefined && r.startTime === undefined;
  const { rows } = await store.spot.userTrades(
    { user, symbol: r.symbol, orderId: r.orderId, fromTradeNo: r.fromId, startTime: r.startTime, endTime: r.endTime },
    { offset: 0, limit: r.limit, oldestFirst: !newest },
  );
  if (newest) rows.reverse();
  const out: UserTrade[] = [];
  for (const t of rows) {
    const trade = tradeView(t);
    const orderFilter = (id: number) => r.orderId === undefined || r.orderId === id;
    if (t.takerUser === user && orderFilter(trade.takerOrder)) out.push({ trade, orderId: trade.takerOrder, side: trade.takerSide });
    if (t.makerUser === user && orderFilter(trade.makerOrder)) out.push({ trade, orderId: trade.makerOrder, side: trade.takerSide === 'buy' ? 'sell' : 'buy' });
  }
  return out;
}
