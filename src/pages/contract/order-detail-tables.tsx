// The order detail's two lists: the order's trades, and the funding (holding fee) payments of the position it
// opened, with their sum.
import { useLingui } from '@lingui/react';
import type { ContractOrderFundingItem, ContractTradeItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { percentText, signedAmount, trendOf } from './columns.ts';
import * as s from './tables.css.ts';

const signed = (value: string, testId: string, unit: string) => (
  <span className={s.trend[trendOf(value)]} data-testid={testId}>
    {`${signedAmount(value, 8)} ${unit}`}
  </span>
);

export function OrderTrades({ trades }: { trades: readonly ContractTradeItem[] }) {
  const { _ } = useLingui();
  const columns: Column<ContractTradeItem>[] = [
    { key: 'time', labelId: 'common.col.time', render: (t) => <span className={s.nowrap}>{formatDateTime(t.time)}</span> },
    { key: 'price', labelId: 'orders.col.price', align: 'right', render: (t) => <span className={s.num}>{formatDecimal(t.price)}</span> },
    { key: 'quantity', labelId: 'orders.col.quantity', align: 'right', render: (t) => <span className={s.num}>{formatDecimal(t.quantity, 8)}</span> },
    { key: 'total', labelId: 'orders.col.total', align: 'right', render: (t) => <span className={s.num}>{formatDecimal(t.total)}</span> },
    { key: 'fee', labelId: 'orders.col.fee', align: 'right', render: (t) => <span className={s.num}>{`${formatDecimal(t.fee, 8)} ${t.feeAsset}`}</span> },
    { key: 'role', labelId: 'contract.detail.role', render: (t) => <span className={s.muted}>{_(t.maker ? 'contract.detail.maker' : 'contract.detail.taker')}</span> },
    { key: 'pnl', labelId: 'contract.col.pnl', align: 'right', render: (t) => signed(t.realizedPnl, 'trade-pnl', t.feeAsset) },
  ];
  return (
    <div data-testid="detail-trades">
      <DataTable columns={columns} rows={trades} rowKey={(t) => String(t.tradeId)} empty={<EmptyState>{_('contract.detail.noTrades')}</EmptyState>} />
    </div>
  );
}

export function OrderFunding({ funding, asset }: { funding: readonly ContractOrderFundingItem[]; asset: string }) {
  const { _ } = useLingui();
  const columns: Column<ContractOrderFundingItem>[] = [
    { key: 'time', labelId: 'common.col.time', render: (f) => <span className={s.nowrap}>{formatDateTime(f.time)}</span> },
    { key: 'rate', labelId: 'perp.fundingRate', align: 'right', render: (f) => <span className={s.trend[trendOf(f.fundingRate)]}>{percentText(f.fundingRate, true, 4)}</span> },
    { key: 'mark', labelId: 'perp.markPrice', align: 'right', render: (f) => <span className={s.num}>{formatDecimal(f.markPrice)}</span> },
    { key: 'quantity', labelId: 'perp.field.size', align: 'right', render: (f) => <span className={s.num}>{formatDecimal(f.quantity, 8)}</span> },
    { key: 'amount', labelId: 'contract.funding.payment', align: 'right', render: (f) => signed(f.amount, 'funding-amount', asset) },
  ];
  return (
    <div data-testid="detail-funding">
      <DataTable columns={columns} rows={funding} rowKey={(f) => String(f.time)} empty={<EmptyState>{_('contract.detail.noFunding')}</EmptyState>} />
    </div>
  );
}
