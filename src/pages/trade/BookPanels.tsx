// The market-data panels of a trading screen: chart, order book, recent trades. They fill in when the stream
// layer delivers data; until then they show their real headers and an empty state.
import { useLingui } from '@lingui/react';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Panel } from '../../ui/Page.tsx';
import { chart } from './trade.css.ts';

const BOOK_COLUMNS: readonly Column<never>[] = [
  { key: 'price', labelId: 'trade.book.price' },
  { key: 'amount', labelId: 'trade.book.amount', align: 'right' },
  { key: 'total', labelId: 'trade.book.total', align: 'right' },
];
const TRADE_COLUMNS: readonly Column<never>[] = [
  { key: 'price', labelId: 'trade.book.price' },
  { key: 'amount', labelId: 'trade.book.amount', align: 'right' },
  { key: 'time', labelId: 'common.col.time', align: 'right' },
];

export function ChartPanel() {
  const { _ } = useLingui();
  return (
    <Panel title={_('trade.chart')} className={chart}>
      <EmptyState />
    </Panel>
  );
}

export function OrderBookPanel() {
  const { _ } = useLingui();
  return (
    <Panel title={_('trade.book.title')}>
      <DataTable columns={BOOK_COLUMNS} />
    </Panel>
  );
}

export function RecentTradesPanel() {
  const { _ } = useLingui();
  return (
    <Panel title={_('trade.trades.title')}>
      <DataTable columns={TRADE_COLUMNS} />
    </Panel>
  );
}
