// Page size (the spec's sizes) and page navigation for a server-paged list: previous, numbers, next, and the
// range shown ("1–20 / 57").
import { useLingui } from '@lingui/react';
import { PAGE_SIZES } from '../../contract.ts';
import { pageCount, pageNumbers, pageRange } from './paging.ts';
import * as s from './orders.css.ts';

interface Props {
  pageIndex: number;
  pageSize: number;
  total: number;
  rows: number;
  onPage(page: number): void;
  onSize(size: number): void;
}

export function Pager({ pageIndex, pageSize, total, rows, onPage, onSize }: Props) {
  const { _ } = useLingui();
  const count = pageCount(total, pageSize);
  const range = pageRange(pageIndex, pageSize, rows, total);
  const isChoice = (PAGE_SIZES as readonly number[]).includes(pageSize);
  return (
    <nav className={s.pager} aria-label={_('orders.paging.label')} data-testid="pager">
      <span data-testid="page-range">{_('orders.paging.range', { from: range.from, to: range.to, total: range.total })}</span>
      <span className={s.spacer} />
      <button type="button" className={s.pageButton} data-testid="page-prev" disabled={pageIndex <= 1} onClick={() => onPage(pageIndex - 1)}>
        {_('orders.paging.prev')}
      </button>
      {pageNumbers(pageIndex, count).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className={s.gap}>
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === pageIndex ? s.pageOn : s.pageButton}
            aria-current={p === pageIndex ? 'page' : undefined}
            data-testid={`page-${p}`}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className={s.pageButton} data-testid="page-next" disabled={pageIndex >= count} onClick={() => onPage(pageIndex + 1)}>
        {_('orders.paging.next')}
      </button>
      <label className={s.filter}>
        {_('orders.paging.size')}
        <select className={s.select} data-testid="page-size" value={pageSize} onChange={(e) => onSize(Number(e.target.value))}>
          {/* The choices are the spec's sizes; the default (20) is not one of them, so it shows as the current value only. */}
          {isChoice ? null : (
            <option value={pageSize} disabled>
              {_('orders.paging.perPage', { count: pageSize })}
            </option>
          )}
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {_('orders.paging.perPage', { count: n })}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
