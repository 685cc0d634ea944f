// The coin list (POST coinList): name, last price ("--" before the first trade) and trading status.
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { CoinItem } from '../../contract.ts';
import { fetchCoinList } from '../../api/market.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useLoadable } from '../../ui/useLoadable.ts';
import { COIN_STATUS_LABELS, coinStatus } from './coinStatus.ts';
import * as s from './quotation.css.ts';

function useColumns(): Column<CoinItem>[] {
  const { _ } = useLingui();
  return [
    {
      key: 'coin',
      labelId: 'market.col.coin',
      render: (c) => <span className={s.coin}>{c.codeName}</span>,
    },
    { key: 'price', labelId: 'market.col.price', align: 'right', render: (c) => <span className={s.price}>{formatDecimal(c.price)}</span> },
    {
      key: 'status',
      labelId: 'market.col.status',
      render: (c) => {
        const status = coinStatus(c);
        return <span className={s.status[status]}>{_(COIN_STATUS_LABELS[status].labelId)}</span>;
      },
    },
    {
      key: 'action',
      labelId: 'market.col.action',
      align: 'right',
      render: () => <Link to="/currencyTransaction">{_('market.trade')}</Link>,
    },
  ];
}

export function MarketTable({ limit }: { limit?: number }) {
  const { _ } = useLingui();
  const columns = useColumns();
  const coins = useLoadable((signal) => fetchCoinList({ signal }), []);
  const rows = coins.status === 'success' ? (limit ? coins.data.slice(0, limit) : coins.data) : [];
  const empty =
    coins.status === 'pending' ? (
      <EmptyState>{_('common.loading')}</EmptyState>
    ) : coins.status === 'error' ? (
      <EmptyState>{_('common.loadFailed')}</EmptyState>
    ) : undefined;
  return <DataTable columns={columns} rows={rows} rowKey={(c) => c.codeName} empty={empty} />;
}
