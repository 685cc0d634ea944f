// Transfer records (spec §2 "transfer records"): the user's transfers between accounts, newest first, paged by the
// server (the spec's page sizes). Read again when an account other than the coin account moves (every transfer
// touches one, fills on the coin account don't) and after a transfer made here, so a new one shows up at once.
import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useBalances } from '../../../streams/index.ts';
import { fetchTransferRecords } from '../../api/assets.ts';
import { DEFAULT_PAGE_SIZE, type Page, type TransferItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { Pager } from '../orders/Pager.tsx';
import { pageCount } from '../orders/paging.ts';
import { ACCOUNT_LABELS } from './assets.ts';
import * as s from './assets.css.ts';

/** Changes whenever a balance outside the coin account changes. */
function useNonCoinKey(): string {
  const balances = dataOf(useBalances());
  return useMemo(
    () => (balances ?? []).filter((b) => b.wallet !== 'coin').map((b) => `${b.wallet}:${b.asset}:${b.available}:${b.frozen}`).join('|'),
    [balances],
  );
}

/** `refresh`: bump it to read the list again (after a transfer made on the screen). */
export function TransferRecords({ refresh = 0 }: { refresh?: number }) {
  const { _ } = useLingui();
  const [pageIndex, setPageIndex] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState<Page<TransferItem> | null>(null);
  const [failed, setFailed] = useState(false);
  const moved = useNonCoinKey();

  useEffect(() => {
    const controller = new AbortController();
    fetchTransferRecords({ pageIndex, pageSize }, { signal: controller.signal, notify: false }).then(
      (next) => {
        if (controller.signal.aborted) return;
        // A page past the end (the list shrank): go to the last one.
        const last = pageCount(next.total, pageSize);
        if (pageIndex > last) setPageIndex(last);
        setPage(next);
        setFailed(false);
      },
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [pageIndex, pageSize, moved, refresh]);

  const columns: Column<TransferItem>[] = [
    { key: 'time', labelId: 'common.col.time', render: (t) => <span className={s.num}>{formatDateTime(t.time)}</span> },
    { key: 'coin', labelId: 'assets.col.coin', render: (t) => <span className={s.coin}>{t.asset}</span> },
    { key: 'amount', labelId: 'common.col.amount', align: 'right', render: (t) => <span className={s.num} data-testid="transfer-row-amount">{formatDecimal(t.amount, 8)}</span> },
    { key: 'from', labelId: 'transfer.from', render: (t) => <span data-testid="transfer-row-from">{_(ACCOUNT_LABELS[t.from])}</span> },
    { key: 'to', labelId: 'transfer.to', render: (t) => <span data-testid="transfer-row-to">{_(ACCOUNT_LABELS[t.to])}</span> },
    {
      key: 'status',
      labelId: 'common.col.status',
      render: (t) => (
        <span className={t.status === 'credited' ? s.statusDone : s.statusPending}>{_(t.status === 'credited' ? 'transfer.status.credited' : 'transfer.status.debited')}</span>
      ),
    },
  ];

  return (
    <div data-testid="transfer-records">
      <VirtualTable
        columns={columns}
        rows={page?.list ?? []}
        rowKey={(t) => t.transferId}
        rowTestId="transfer-row"
        scroll="window"
        empty={failed ? _('common.loadFailed') : page ? undefined : _('common.loading')}
      />
      {page && page.total > 0 ? (
        <Pager
          pageIndex={pageIndex}
          pageSize={pageSize}
          total={page.total}
          rows={page.list.length}
          onPage={setPageIndex}
          onSize={(size) => {
            setPageSize(size);
            setPageIndex(1);
          }}
        />
      ) : null}
    </div>
  );
}
