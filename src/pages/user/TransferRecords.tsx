// Transfer records (spec §2 "transfer records"): the user's transfers between accounts, newest first, paged by the
// server (the spec's page sizes). Read again when an account other than the coin account moves (every transfer
// touches one, fills on the coin account don't) and after a transfer made here, so a new one shows up at once.
import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { dataOf, useBalances } from '../../../streams/index.ts';
import { fetchTransferRecords } from '../../api/assets.ts';
import type { TransferItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { ACCOUNT_LABELS } from './assets.ts';
import { PagedTable, usePaged } from './PagedTable.tsx';
import * as s from './assets.css.ts';

/** Changes whenever a balance outside the coin account changes. */
function useNonCoinKey(): string {
  const balances = dataOf(useBalances());
  return useMemo(
    () => (balances ?? []).filter((b) => b.wallet !== 'coin').map((b) => `${b.wallet}:${b.asset}:${b.available}:${b.frozen}`).join('|'),
    [balances],
  );
}

/** `refresh`: bump it to read the list again (after a transfer made on the screen); `scroll`: with the page
 *  (default) or inside a panel's body. */
export function TransferRecords({ refresh = 0, scroll = 'window' }: { refresh?: number; scroll?: 'window' | 'fill' }) {
  const { _ } = useLingui();
  const moved = useNonCoinKey();
  const paged = usePaged((paging, signal) => fetchTransferRecords(paging, { signal, notify: false }), `${moved}#${refresh}`);

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
    <div data-testid="transfer-records" className={scroll === 'fill' ? s.pagedFill : undefined}>
      <PagedTable paged={paged} columns={columns} rowKey={(t) => t.transferId} rowTestId="transfer-row" scroll={scroll} />
    </div>
  );
}
