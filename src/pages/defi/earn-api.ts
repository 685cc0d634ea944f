// The wealth products' and mining pools' calls (/app/earn/*, /app/mining/*, contract/earn.ts): queries are GET with
// query parameters, actions POST with a JSON body, replies in the app's envelope, parsed with the stream layer's
// parsers (the same items the `earn` topic carries). The live order lists come from the stream layer.
import { EARN_PATHS, MINING_PATHS, type EarnIncomeItem, type EarnKind, type EarnOrderDetail, type EarnOrderItem, type EarnProductItem, type EarnPurchaseResult } from '../../contract.ts';
import {
  parseEarnIncomePage, parseEarnOrder, parseEarnOrderDetail, parseEarnOrderPage, parseEarnProducts, parseEarnPurchaseResult, type EarnPageOf,
} from '../../../streams/index.ts';
import { api, type CallOptions } from '../../api/index.ts';

const paths = (kind: EarnKind) =>
  kind === 'wealth'
    ? { list: EARN_PATHS.products, purchase: EARN_PATHS.purchase, orders: EARN_PATHS.orders, detail: EARN_PATHS.orderDetail, incomes: EARN_PATHS.incomes }
    : { list: MINING_PATHS.projects, purchase: MINING_PATHS.purchase, orders: MINING_PATHS.orders, detail: MINING_PATHS.orderDetail, incomes: MINING_PATHS.incomes };

/** The products (wealth) or pools (mining) on sale, in list order; with a session each carries what the user holds. */
export const fetchEarnProducts = (kind: EarnKind, options?: CallOptions): Promise<EarnProductItem[]> => api.get(paths(kind).list, parseEarnProducts, undefined, options);

export interface EarnPurchaseRequest {
  productId: number;
  amount: string;
  clientId: string;
}
export const purchaseEarn = (kind: EarnKind, req: EarnPurchaseRequest, options?: CallOptions): Promise<EarnPurchaseResult> =>
  api.post(paths(kind).purchase, parseEarnPurchaseResult, req, options);

/** A wealth order transferred out early: the principal back, no income. */
export const redeemEarn = (orderId: number, options?: CallOptions): Promise<EarnOrderItem> => api.post(EARN_PATHS.redeem, parseEarnOrder, { orderId }, options);

export type EarnOrdersStatus = 'active' | 'ended' | 'all';
export const fetchEarnOrders = (kind: EarnKind, status: EarnOrdersStatus, pageIndex: number, pageSize: number, options?: CallOptions): Promise<EarnPageOf<EarnOrderItem>> =>
  api.get(paths(kind).orders, parseEarnOrderPage, { status, pageIndex, pageSize }, options);

export const fetchEarnOrderDetail = (kind: EarnKind, orderId: number, options?: CallOptions): Promise<EarnOrderDetail> =>
  api.get(paths(kind).detail, parseEarnOrderDetail, { orderId }, options);

export const fetchEarnIncomes = (kind: EarnKind, orderId: number, pageIndex: number, pageSize: number, options?: CallOptions): Promise<EarnPageOf<EarnIncomeItem>> =>
  api.get(paths(kind).incomes, parseEarnIncomePage, { orderId, pageIndex, pageSize }, options);

/** Pages a reader asks for (the spec's largest page size). */
export const EARN_PAGE = 200;

/** Every page of a paged read, one after another, each handed to `onPage` as it lands (at most `maxPages`). */
export async function readAllPages<T>(
  read: (pageIndex: number) => Promise<EarnPageOf<T>>,
  onPage: (list: readonly T[], total: number) => void,
  maxPages = 50,
): Promise<void> {
  for (let pageIndex = 1; pageIndex <= maxPages; pageIndex++) {
    const page = await read(pageIndex);
    onPage(page.list, page.total);
    if (page.list.length === 0 || pageIndex * page.pageSize >= page.total) return;
  }
}
