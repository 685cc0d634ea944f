// Read-only history for the app: asset records, spot orders and their trades, straight from the store. What a
// desk acknowledged is committed, so these pages always include it. Pages follow the spec (§9).
import type { Store } from '../store/index.ts';
import type { SpotTrade } from '../store/spot.ts';
import { accept, refuse, type Reply } from './codes.ts';
import { DEFAULT_PAGE_SIZE, isRecordType, PAGE_SIZES, type RecordType } from './records.ts';
import { checkAsset, checkUser, checkWallet } from './validate.ts';
import { dec, orderView, recordView, transferView, type AppOrderStatus, type OrderView, type RecordView, type TransferView } from './views.ts';

export interface PageRequest {
  /** 1-based; default 1. */
  readonly pageIndex?: number | undefined;
  /** One of 10, 20, 30, 50, 70, 100, 200; default 20. */
  readonly pageSize?: number | undefined;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageIndex: number;
  pageSize: number;
}

function paging(p: PageRequest): Reply<{ pageIndex: number; pageSize: number; offset: number }> {
  const pageIndex = p.pageIndex ?? 1;
  const pageSize = p.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(pageIndex) || pageIndex < 1 || !(PAGE_SIZES as readonly number[]).includes(pageSize)) return refuse('page.invalid');
  return accept({ pageIndex, pageSize, offset: (pageIndex - 1) * pageSize });
}

export interface RecordQuery extends PageRequest {
  readonly user: number;
  readonly types?: readonly string[] | undefined;
  readonly asset?: string | undefined;
  readonly wallet?: string | undefined;
  /** A market symbol, upper case (BTCUSDT): one with no records, or none such, finds nothing, as a coin does. */
  readonly market?: string | undefined;
  /** Unix ms, inclusive. */
  readonly from?: number | undefined;
  /** Unix ms, exclusive. */
  readonly to?: number | undefined;
}

/** A record of a page with the market it belongs to (null: a transfer, the operator's, a deposit). */
export type ListedRecordView = RecordView & { readonly symbol: string | null };

export async function assetRecords(store: Store, q: RecordQuery): Promise<Reply<Page<ListedRecordView>>> {
  const page = paging(q);
  if (!page.ok) return page;
  const user = checkUser(q.user);
  if (!user.ok) return user;
  if (q.types?.some((t) => !isRecordType(t))) return refuse('record.type.invalid');
  if (q.asset !== undefined && !checkAsset(q.asset).ok) return refuse('asset.invalid');
  if (q.wallet !== undefined && !checkWallet(q.wallet).ok) return refuse('wallet.invalid');
  if (q.market !== undefined && !/^[A-Z0-9]{1,32}$/.test(q.market)) return refuse('market.unknown');
  const { pageIndex, pageSize, offset } = page.value;
  const filter = { user: user.value, types: q.types as readonly RecordType[] | undefined, asset: q.asset, wallet: q.wallet, market: q.market, from: q.from, to: q.to };
  const { rows, total } = await store.records.page(filter, offset, pageSize);
  return accept({ list: rows.map((r) => ({ ...recordView(r), symbol: r.symbol })), total, pageIndex, pageSize });
}

export interface OrderQuery extends PageRequest {
  readonly user: number;
  readonly symbol?: string | undefined;
  readonly status?: AppOrderStatus | undefined;
}

export async function orderHistory(store: Store, q: OrderQuery): Promise<Reply<Page<OrderView>>> {
  const page = paging(q);
  if (!page.ok) return page;
  const user = checkUser(q.user);
  if (!user.ok) return user;
  const { pageIndex, pageSize, offset } = page.value;
  const { rows, total } = await store.spot.listOrders({ user: user.value, symbol: q.symbol, appStatus: q.status }, offset, pageSize);
  return accept({ list: rows.map(orderView), total, pageIndex, pageSize });
}

export interface TradeView {
  tradeId: number;
  symbol: string;
  price: string;
  qty: string;
  quote: string;
  takerSide: 'buy' | 'sell';
  takerOrder: number;
  makerOrder: number;
  takerFee: string;
  takerFeeAsset: string;
  makerFee: string;
  makerFeeAsset: string;
  time: number;
}

export const tradeView = (t: SpotTrade): TradeView => ({
  tradeId: t.tradeNo,
  symbol: t.symbol,
  price: dec(t.price),
  qty: dec(t.qty),
  quote: dec(t.quote),
  takerSide: t.takerSide,
  takerOrder: t.takerOrder,
  makerOrder: t.makerOrder,
  takerFee: dec(t.takerFee),
  takerFeeAsset: t.takerFeeAsset,
  makerFee: dec(t.makerFee),
  makerFeeAsset: t.makerFeeAsset,
  time: t.time,
});

/** One order of the user with its trades; order.not.found for someone else's. */
export async function orderDetail(store: Store, user: number, orderId: number): Promise<Reply<{ order: OrderView; trades: TradeView[] }>> {
  const order = Number.isSafeInteger(orderId) ? await store.spot.find(orderId) : undefined;
  if (order === undefined || order.user !== user) return refuse('order.not.found');
  return accept({ order: orderView(order), trades: (await store.spot.orderTrades(orderId)).map(tradeView) });
}

export async function transferHistory(store: Store, user: number, p: PageRequest): Promise<Reply<Page<TransferView>>> {
  const page = paging(p);
  if (!page.ok) return page;
  const { pageIndex, pageSize, offset } = page.value;
  const list = (await store.transfers.list(user, offset, pageSize)).map(transferView);
  return accept({ list, total: await store.transfers.count(user), pageIndex, pageSize });
}
