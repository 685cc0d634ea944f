// The market lists of the app API (spec §3): products by name, coins with price and open flag. Prices stay
// null until the trading engine records trades; nothing here makes one up.
import type { CoinItem, Page, ProductItem } from '../contract/api.ts';
import { fail } from '../errors.ts';
import type { MarketRow, Markets } from '../store/markets.ts';

export const MAX_PAGE_SIZE = 100;

export interface PageQuery {
  pageIndex: number;
  pageSize: number;
}

/** pageIndex ≥ 1 and pageSize 1..100, both integers. */
export function checkPage(query: PageQuery): void {
  const { pageIndex, pageSize } = query;
  const ok = Number.isInteger(pageIndex) && pageIndex >= 1 && Number.isInteger(pageSize) && pageSize >= 1 && pageSize <= MAX_PAGE_SIZE;
  if (!ok) fail('validate.page.invalid');
}

const displayName = (m: MarketRow) => `${m.base}/${m.quote}`;

export function toProductItem(m: MarketRow): ProductItem {
  return { name: displayName(m), symbol: m.symbol, kind: m.kind === 'contract' || m.kind === 'seconds' ? m.kind : 'spot' };
}

export function toCoinItem(m: MarketRow): CoinItem {
  return { codeName: displayName(m), price: null, isOpen: m.is_open, maintenance: m.maintenance === 1 };
}

export async function listPage<T>(markets: Markets, query: PageQuery, map: (m: MarketRow) => T): Promise<Page<T>> {
  checkPage(query);
  const { rows, total } = await markets.page((query.pageIndex - 1) * query.pageSize, query.pageSize);
  return { list: rows.map(map), total, pageIndex: query.pageIndex, pageSize: query.pageSize };
}
