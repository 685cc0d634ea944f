// A server-paged list (the spec's page sizes): one page loaded whenever the page, its size or `refresh` changes,
// the last page kept on screen meanwhile, a page past the end (the list shrank) moving to the last one; and the
// table with the pager under it. Transfer records, closed contract orders and funding payments use it.
import { useEffect, useState, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { DEFAULT_PAGE_SIZE, type Page, type PagedRequest } from '../../contract.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { Pager } from '../orders/Pager.tsx';
import { pageCount } from '../orders/paging.ts';
import { pagedFill } from './assets.css.ts';

export interface Paged<T> {
  page: Page<T> | null;
  failed: boolean;
  pageIndex: number;
  pageSize: number;
  toPage(index: number): void;
  toSize(size: number): void;
}

/** `load` may change every render; `refresh` (any text) says when the list may have changed. */
export function usePaged<T>(load: (paging: Required<PagedRequest>, signal: AbortSignal) => Promise<Page<T>>, refresh: unknown): Paged<T> {
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState<Page<T> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    load({ pageIndex, pageSize }, controller.signal).then(
      (next) => {
        if (controller.signal.aborted) return;
        const last = pageCount(next.total, pageSize);
        if (pageIndex > last) setPageIndex(last);
        setPage(next);
        setFailed(false);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [pageIndex, pageSize, refresh]);
  const toSize = (size: number) => {
    setPageSize(size);
    setPageIndex(1);
  };
  return { page, failed, pageIndex, pageSize, toPage: setPageIndex, toSize };
}

interface Props<T> {
  paged: Paged<T>;
  columns: readonly Column<T>[];
  rowKey(row: T): string;
  rowTestId?: string;
  scroll?: 'window' | 'fill';
  /** The empty state's text once a page has arrived. */
  empty?: ReactNode;
}

export function PagedTable<T>({ paged, columns, rowKey, rowTestId, scroll = 'window', empty }: Props<T>) {
  const { _ } = useLingui();
  const { page } = paged;
  return (
    <div className={scroll === 'fill' ? pagedFill : undefined}>
      <VirtualTable
        columns={columns}
        rows={page?.list ?? []}
        rowKey={rowKey}
        {...(rowTestId ? { rowTestId } : {})}
        scroll={scroll}
        empty={paged.failed ? _('common.loadFailed') : page ? empty : _('common.loading')}
      />
      {page && page.total > 0 ? (
        <Pager pageIndex={paged.pageIndex} pageSize={paged.pageSize} total={page.total} rows={page.list.length} onPage={paged.toPage} onSize={paged.toSize} />
      ) : null}
    </div>
  );
}
