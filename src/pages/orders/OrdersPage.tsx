// Orders (spec §2 /commin): ?active=1 current orders, ?active=2 order history. Server-paged (the spec's page
// sizes), filtered by market, side and (history) status, all kept in the URL; read again whenever the private
// `orders` stream moves, so fills and cancels made anywhere show up here.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import { useEffect, useMemo } from 'react';
import type { OrdersSearch, OrdersTab } from '../../app/search.ts';
import { DEFAULT_PAGE_SIZE } from '../../contract.ts';
import { useSignedIn } from '../../state/index.ts';
import { Page, Panel } from '../../ui/Page.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { isApiError } from '../../api/index.ts';
import { CancelAllButton } from './CancelAllButton.tsx';
import { CURRENT_ORDER_COLUMNS, HISTORY_ORDER_COLUMNS } from './columns.ts';
import { useSpotOrderColumns, type SpotOrderColumnKey } from '../spot/spot-order-columns.tsx';
import { OrderFilters, type FilterChange } from './OrderFilters.tsx';
import { orderListRequest, pageCount, pagingMoves } from './paging.ts';
import { Pager } from './Pager.tsx';
import { useCancelOrder } from './useCancelOrder.ts';
import { useOrderPage } from './useOrderPage.ts';
import * as s from './orders.css.ts';

const TABS: readonly TabItem<OrdersTab>[] = [
  { key: 1, labelId: 'nav.currentOrders' },
  { key: 2, labelId: 'nav.historyOrders' },
];

/** A conditional order's trigger (and whether it fired) beside its side; a dash for the others. */
const withTrigger = (keys: readonly SpotOrderColumnKey[]): SpotOrderColumnKey[] => keys.flatMap((k) => (k === 'side' ? [k, 'trigger' as const] : [k]));
const CURRENT_WITH_TRIGGER = withTrigger(CURRENT_ORDER_COLUMNS);
const HISTORY_WITH_TRIGGER = withTrigger(HISTORY_ORDER_COLUMNS);

export function OrdersPage() {
  const { _ } = useLingui();
  const search = useSearch({ from: '/commin' });
  const navigate = useNavigate();
  const signedIn = useSignedIn();
  const go = (next: OrdersSearch) => void navigate({ to: '/commin', search: next });
  return (
    <Page name="commin" title={_('orders.title')}>
      <Panel>
        <Tabs items={TABS} value={search.active} onChange={(key) => go({ active: key, ...(search.size ? { size: search.size } : {}) })} />
        {signedIn ? <OrdersView search={search} go={go} /> : <SignInPrompt />}
      </Panel>
    </Page>
  );
}

function OrdersView({ search, go }: { search: OrdersSearch; go(next: OrdersSearch): void }) {
  const { _ } = useLingui();
  const request = useMemo(() => orderListRequest(search), [search]);
  const { page, error, reload } = useOrderPage(request);
  const { cancel, cancelling } = useCancelOrder(reload);
  const current = search.active === 1;
  const columns = useSpotOrderColumns(current ? CURRENT_WITH_TRIGGER : HISTORY_WITH_TRIGGER, { onCancel: cancel, cancelling });
  const rows = page?.list ?? [];
  // Filters start again from the first page; defaults stay out of the URL.
  const filter = (change: FilterChange) => {
    const { page: _page, ...rest } = search;
    const next: OrdersSearch = { ...rest, ...change };
    for (const key of ['symbol', 'side', 'status'] as const) if (next[key] === undefined) delete next[key];
    go(next);
  };
  const { toPage, toSize } = pagingMoves(search, go);
  // A page emptied under the user (cancels, fills) moves back to the last page that has rows.
  const pageIndex = request.pageIndex ?? 1;
  const pageSize = request.pageSize ?? DEFAULT_PAGE_SIZE;
  const beyond = page !== undefined && page.list.length === 0 && page.total > 0 && pageIndex > 1;
  useEffect(() => {
    if (beyond && page) toPage(pageCount(page.total, pageSize));
  }, [beyond]);
  return (
    <div data-testid={current ? 'current-orders' : 'history-orders'}>
      <div className={s.toolbar}>
        <OrderFilters search={search} onChange={filter} />
        <span className={s.spacer} />
        {current ? <CancelAllButton symbol={search.symbol} disabled={!page || page.total === 0} onDone={reload} /> : null}
      </div>
      {error ? (
        <p className={s.error} role="alert" data-testid="orders-error">
          {isApiError(error) ? error.msg || _('error.generic') : _('error.generic')}
        </p>
      ) : null}
      {page || error ? (
        <VirtualTable
          scroll="window"
          columns={columns}
          rows={rows}
          rowKey={(o) => String(o.orderNo)}
          rowTestId="order-row"
          empty={_(current ? 'orders.empty.current' : 'orders.empty.history')}
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
