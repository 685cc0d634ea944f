// Page requests of the spot and wallet lists (spec §9): pageIndex from 1, pageSize one of the offered sizes.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../desks/index.ts';
import { fail } from '../../../errors.ts';

export interface Paging {
  pageIndex: number;
  pageSize: number;
  offset: number;
}

export function paging(request: { pageIndex?: number | undefined; pageSize?: number | undefined }): Paging {
  const pageIndex = request.pageIndex ?? 1;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) fail('page.size.invalid');
  return { pageIndex, pageSize, offset: (pageIndex - 1) * pageSize };
}
