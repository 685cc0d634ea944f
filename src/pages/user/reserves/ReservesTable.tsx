// The reserves beside the liabilities (issue 22): per asset, the newest snapshot's total of users' balances, what the
// exchange's addresses hold on chain (as the watcher last read them), and the ratio. Public data, read once.
import { useLingui } from '@lingui/react';
import type { ReservesAsset } from '../../../contract.ts';
import { formatDecimal } from '../../../format/decimal.ts';
import { formatDateTime } from '../../../format/date.ts';
import { DataTable, type Column } from '../../../ui/DataTable.tsx';
import { useLoadable } from '../../../ui/useLoadable.ts';
import { fetchReserves } from './reserves-api.ts';
import * as s from './reserves.css.ts';

export function ReservesTable() {
  const { _ } = useLingui();
  const reserves = useLoadable((signal) => fetchReserves({ signal, notify: false }), []);
  const columns: Column<ReservesAsset>[] = [
    { key: 'asset', labelId: 'reserves.col.asset', render: (r) => <span className={s.num}>{r.asset}</span> },
    { key: 'liabilities', labelId: 'reserves.col.liabilities', align: 'right', render: (r) => <span className={s.num}>{formatDecimal(r.liabilities, 8)}</span> },
    { key: 'reserves', labelId: 'reserves.col.reserves', align: 'right', render: (r) => <span className={s.num}>{formatDecimal(r.reserves, 8)}</span> },
    {
      key: 'ratio',
      labelId: 'reserves.col.ratio',
      align: 'right',
      render: (r) => (
        <span className={s.num} data-testid="reserves-ratio">
          {r.ratio === null ? '--' : `${formatDecimal((Number(r.ratio) * 100).toFixed(2), 2)}%`}
        </span>
      ),
    },
  ];
  const data = reserves.status === 'success' ? reserves.data : null;
  return (
    <div className={s.section} data-testid="reserves-table">
      <h3 className={s.sectionTitle}>{_('reserves.reserves')}</h3>
      {data?.snapshot ? (
        <p className={s.muted}>{_('reserves.reservesOf', { id: data.snapshot.snapshotId, time: formatDateTime(data.snapshot.ts) })}</p>
      ) : null}
      <DataTable
        columns={columns}
        rows={data?.assets ?? []}
        rowKey={(r) => r.asset}
        empty={reserves.status === 'pending' ? _('common.loading') : reserves.status === 'error' ? _('common.loadFailed') : _('reserves.reservesNone')}
      />
    </div>
  );
}
