// Asset records (spec §2 /assetRecords, §3 record types): every change of the user's balances in every account,
// filtered by account, coin, type and time (a quick 7/30/90 days or two days), all kept in the URL. Two views of the
// same server-side paging: pages (the spec's sizes, 20 by default, with the pager) or one scrolling list over every
// matching record, read page by page as it comes into view. Either list is virtualised, and both are read again
// when a balance moves, so a fill or a transfer shows up without a reload.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { dataOf, serverNow, useBalances } from '../../../streams/index.ts';
import { fetchBalances } from '../../api/spot.ts';
import { fetchAssetRecords } from '../../api/records.ts';
import { isApiError } from '../../api/index.ts';
import { DEFAULT_PAGE_SIZE, type AssetRecordItem, type Page as PageOf } from '../../contract.ts';
import { Panel } from '../../ui/Page.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { Pager } from '../orders/Pager.tsx';
import { pageCount, pagingMoves } from '../orders/paging.ts';
import { UserPage } from './UserPage.tsx';
import { useRecordColumns } from './records-columns.tsx';
import { isFiltered, RecordFilters, type RecordsFilterChange } from './records-filters.tsx';
import { RecordsScroller } from './records-scroller.tsx';
import type { RecordsSearch, RecordsView as ViewKind } from './records-search.ts';
import { useRecordWindow } from './records-window.ts';
import { rangeInvalid, recordsRequest } from './records.ts';
import * as s from './records.css.ts';

const VIEWS: readonly TabItem<ViewKind>[] = [
  { key: 'pages', labelId: 'records.view.pages', testId: 'view-pages' },
  { key: 'scroll', labelId: 'records.view.scroll', testId: 'view-scroll' },
];

export function AssetRecordsPage() {
  const { _ } = useLingui();
  return (
    <UserPage name="assetRecords" title={_('nav.assetRecords')}>
      {() => <RecordsView />}
    </UserPage>
  );
}

/** Bumps when the user's balances move: the records behind them changed. Their first arrival counts too (it may
 *  carry a change made after the list was read), which costs at most one extra read when the page opens. */
function useBalanceGeneration(): number {
  const balances = dataOf(useBalances());
  const [generation, setGeneration] = useState(0);
  const seen = useRef(balances);
  useEffect(() => {
    if (seen.current === balances) return;
    seen.current = balances;
    setGeneration((g) => g + 1);
  }, [balances]);
  return generation;
}

/** Coins the user has held in any account, for the coin filter (the one in the URL is always offered). */
function useRecordAssets(selected: string | undefined): string[] {
  const [assets, setAssets] = useState<string[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchBalances({ signal: controller.signal, notify: false }).then(
      (reply) => {
        if (controller.signal.aborted) return;
        setAssets([...new Set(reply.accounts.flatMap((a) => a.balances.map((b) => b.asset)))]);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return useMemo(() => [...new Set([...assets, ...(selected ? [selected] : [])])].sort(), [assets, selected]);
}

function RecordsView() {
  const { _ } = useLingui();
  const search = useSearch({ from: '/userCentre/assetRecords' });
  const navigate = useNavigate();
  const go = (next: RecordsSearch) => void navigate({ to: '/assetRecords', search: next });
  // Quick ranges end today by the server's clock; read once per search so a request doesn't change under it.
  const now = useMemo(() => serverNow(), [search]);
  const invalid = rangeInvalid(search);
  const assets = useRecordAssets(search.asset);
  const generation = useBalanceGeneration();
  const view: ViewKind = search.view ?? 'pages';

  const filter = (change: RecordsFilterChange) => {
    const { page: _page, ...rest } = search;
    const next: RecordsSearch = { ...rest, ...change };
    for (const key of ['account', 'asset', 'type', 'range', 'from', 'to'] as const) if (next[key] === undefined) delete next[key];
    go(next);
  };
  const reset = () => go({ ...(search.size ? { size: search.size } : {}), ...(search.view ? { view: search.view } : {}) });
  const toView = (next: ViewKind) => {
    const { page: _page, view: _view, ...rest } = search;
    go(next === 'scroll' ? { ...rest, view: 'scroll' } : rest);
  };

  return (
    <Panel>
      <div className={s.top}>
        <Tabs items={VIEWS} value={view} onChange={toView} label={_('records.view.label')} />
        <span className={s.spacer} />
        <button type="button" className={s.chip} data-testid="filter-reset" disabled={!isFiltered(search)} onClick={reset}>
          {_('records.filter.reset')}
        </button>
      </div>
      <RecordFilters search={search} now={now} assets={assets} invalidRange={invalid} onChange={filter} />
      {invalid ? (
        <p className={s.error} role="alert" data-testid="records-range-error">
          {_('records.range.invalid')}
        </p>
      ) : view === 'scroll' ? (
        <ScrollView search={search} now={now} generation={generation} />
      ) : (
        <PagesView search={search} now={now} generation={generation} go={go} />
      )}
    </Panel>
  );
}

function ErrorLine({ error }: { error: unknown }) {
  const { _ } = useLingui();
  if (!error) return null;
  return (
    <p className={s.error} role="alert" data-testid="records-error">
      {isApiError(error) ? error.msg || _('error.generic') : _('error.generic')}
    </p>
  );
}

interface ViewProps {
  search: RecordsSearch;
  now: number;
  generation: number;
}

function usePage(search: RecordsSearch, now: number, generation: number) {
  const request = useMemo(() => recordsRequest(search, now), [search, now]);
  const key = JSON.stringify(request);
  const [page, setPage] = useState<PageOf<AssetRecordItem> | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchAssetRecords(request, { signal: controller.signal, notify: false }).then(
      (next) => {
        if (controller.signal.aborted) return;
        setPage(next);
        setError(null);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    return () => controller.abort();
    // `key` stands for the request; `generation` says when the records can have changed.
  }, [key, generation]);
  return { page, error, request };
}

function PagesView({ search, now, generation, go }: ViewProps & { go(next: RecordsSearch): void }) {
  const { _ } = useLingui();
  const columns = useRecordColumns();
  const { page, error, request } = usePage(search, now, generation);
  const pageIndex = request.pageIndex ?? 1;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  const { toPage, toSize } = pagingMoves(search, go);
  // A page past the end (records filtered away, a stale link) moves back to the last page that has rows.
  const beyond = page !== undefined && page.list.length === 0 && page.total > 0 && pageIndex > 1;
  useEffect(() => {
    if (beyond && page) toPage(pageCount(page.total, pageSize));
  }, [beyond]);
  return (
    <div data-testid="records-pages">
      <ErrorLine error={error} />
      {page || error ? (
        <VirtualTable
          scroll="window"
          columns={columns}
          rows={page?.list ?? []}
          rowKey={(r) => String(r.id)}
          rowTestId="record-row"
          empty={_('records.empty')}
        />
      ) : (
        <p className={s.loading}>{_('common.loading')}</p>
      )}
      {page && page.total > 0 ? (
        <Pager pageIndex={pageIndex} pageSize={pageSize} total={page.total} rows={page.list.length} onPage={toPage} onSize={toSize} />
      ) : null}
    </div>
  );
}

function ScrollView({ search, now, generation }: ViewProps) {
  const { _ } = useLingui();
  const columns = useRecordColumns();
  const base = useMemo(() => recordsRequest(search, now), [search, now]);
  const list = useRecordWindow(base, generation);
  return (
    <div data-testid="records-scroll">
      <ErrorLine error={list.error} />
      {list.total === null ? (
        list.error ? null : <p className={s.loading}>{_('common.loading')}</p>
      ) : list.total === 0 ? (
        <VirtualTable scroll="window" columns={columns} rows={[]} rowKey={(r) => String(r.id)} empty={_('records.empty')} />
      ) : (
        <>
          <p className={s.summary} data-testid="records-total">
            {_('records.total', { total: list.total.toLocaleString() })}
          </p>
          <RecordsScroller columns={columns} list={list} />
        </>
      )}
    </div>
  );
}
