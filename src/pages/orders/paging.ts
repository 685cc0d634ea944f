// Paging of the orders page, driven by the server's reply (total, pageIndex, pageSize): how many pages there are,
// which page numbers to offer, and the request a search asks for. Pure, for tests in node.
import { DEFAULT_PAGE_SIZE, type OrderListRequest } from '../../contract.ts';
import type { OrdersSearch } from '../../app/search.ts';

/** At least one page, so "page 1 of 1" reads right for an empty list. */
export function pageCount(total: number, pageSize: number): number {
  if (!(pageSize > 0) || !(total > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/** Page numbers to show around the current one: always the first and last, a gap as null. */
export function pageNumbers(current: number, count: number, around = 1): Array<number | null> {
  const out: Array<number | null> = [];
  let last = 0;
  for (let p = 1; p <= count; p += 1) {
    if (p !== 1 && p !== count && Math.abs(p - current) > around) continue;
    if (p - last > 1) out.push(p - last === 2 ? p - 1 : null);
    out.push(p);
    last = p;
  }
  return out;
}

/** The server's list request for a search: history may narrow to one status; paging from the URL or defaults. */
export function orderListRequest(search: OrdersSearch): OrderListRequest {
  return {
    active: search.active,
    pageIndex: search.page ?? 1,
    pageSize: search.size ?? DEFAULT_PAGE_SIZE,
    ...(search.symbol ? { symbol: search.symbol } : {}),
    ...(search.side ? { side: search.side } : {}),
    ...(search.active === 2 && search.status ? { status: search.status } : {}),
  };
}

/** "21–40 of 57" parts: the rows this page holds (0–0 when empty). */
export function pageRange(pageIndex: number, pageSize: number, rows: number, total: number): { from: number; to: number; total: number } {
  if (rows === 0) return { from: 0, to: 0, total };
  const from = (pageIndex - 1) * pageSize + 1;
  return { from, to: from + rows - 1, total };
}

/** The URL changes for "go to page p" and "show n per page": the first page and the default size leave the URL. */
export function pagingMoves<S extends { page?: number | undefined; size?: number | undefined }>(search: S, go: (next: S) => void) {
  return {
    toPage(p: number): void {
      const { page: _page, ...rest } = search;
      go((p > 1 ? { ...rest, page: p } : rest) as S);
    },
    toSize(size: number): void {
      const { page: _page, size: _size, ...rest } = search;
      go((size === DEFAULT_PAGE_SIZE ? rest : { ...rest, size }) as S);
    },
  };
}
