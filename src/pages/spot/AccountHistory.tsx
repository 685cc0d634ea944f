// Closed orders, the user's trades and the spot balances. The lists come from REST and are read again whenever
// the `orders` or `balances` stream moves, so they follow fills without polling.
import { useLingui } from '@lingui/react';
import { useOrders, useBalances, dataOf } from '../../../streams/index.ts';
import { fetchMyTrades, fetchSpotOrders } from '../../api/spot.ts';
import type { BalanceUpdate, MyTradeItem, SpotOrderItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { pairName } from '../quotation/market-rows.ts';
import { useReloaded } from './useReloaded.ts';
import * as s from './spot.css.ts';

const PAGE = { pageIndex: 1, pageSize: 50 };

export function OrderHistory() {
  const { _ } = useLingui();
  const key = dataOf(useOrders());
  const page = useReloaded((signal) => fetchSpotOrders({ active: 2, ...PAGE }, { signal, notify: false }), key);
  const columns: Column<SpotOrderItem>[] = [
    { key: 'time', labelId: 'orders.col.time', render: (o) => formatDateTime(o.time) },
    { key: 'market', labelId: 'orders.col.market', render: (o) => o.codeName },
    { key: 'type', labelId: 'orders.col.type', render: (o) => _(o.type === 'limit' ? 'trade.type.limit' : 'trade.type.market') },
    { key: 'side', labelId: 'orders.col.side', render: (o) => <span className={o.side === 'buy' ? s.up : s.down}>{_(o.side === 'buy' ? 'trade.buy' : 'trade.sell')}</span> },
    { key: 'avgPrice', labelId: 'orders.col.avgPrice', align: 'right', render: (o) => formatDecimal(o.avgPrice) },
    { key: 'quantity', labelId: 'orders.col.quantity', align: 'right', render: (o) => formatDecimal(o.tradedQuantity, 6) },
    { key: 'tradeAmount', labelId: 'orders.col.tradeAmount', align: 'right', render: (o) => formatDecimal(o.tradedTotal) },
    { key: 'status', labelId: 'orders.col.status', render: (o) => _(o.status === 'completed' ? 'spot.status.completed' : o.status === 'cancelled' ? 'spot.status.cancelled' : 'spot.status.pending') },
  ];
  return <DataTable columns={columns} rows={page?.list ?? []} rowKey={(o) => String(o.orderNo)} />;
}

export function TradeHistory() {
  const { _ } = useLingui();
  const key = dataOf(useOrders());
  const page = useReloaded((signal) => fetchMyTrades(PAGE, { signal, notify: false }), key);
  const columns: Column<MyTradeItem>[] = [
    { key: 'time', labelId: 'orders.col.time', render: (t) => formatDateTime(t.time) },
    { key: 'market', labelId: 'orders.col.market', render: (t) => pairName(t.symbol) },
    { key: 'side', labelId: 'orders.col.side', render: (t) => <span className={t.side === 'buy' ? s.up : s.down}>{_(t.side === 'buy' ? 'trade.buy' : 'trade.sell')}</span> },
    { key: 'price', labelId: 'orders.col.price', align: 'right', render: (t) => formatDecimal(t.price) },
    { key: 'quantity', labelId: 'orders.col.quantity', align: 'right', render: (t) => formatDecimal(t.quantity, 6) },
    { key: 'total', labelId: 'orders.col.total', align: 'right', render: (t) => formatDecimal(t.total) },
    { key: 'fee', labelId: 'orders.col.fee', align: 'right', render: (t) => `${formatDecimal(t.fee, 8)} ${t.feeAsset}` },
  ];
  return (
    <div data-testid="trade-history">
      <DataTable columns={columns} rows={page?.list ?? []} rowKey={(t) => `${t.tradeId}-${t.side}`} />
    </div>
  );
}

const BALANCE_COLUMNS: Column<BalanceUpdate>[] = [
  { key: 'asset', labelId: 'spot.col.asset', render: (b) => b.asset },
  { key: 'available', labelId: 'spot.available', align: 'right', render: (b) => formatDecimal(b.available, 8) },
  { key: 'frozen', labelId: 'spot.col.frozen', align: 'right', render: (b) => formatDecimal(b.frozen, 8) },
];

export function Balances() {
  const rows = (dataOf(useBalances()) ?? []).filter((b) => b.wallet === 'coin' && (Number(b.available) > 0 || Number(b.frozen) > 0));
  return (
    <div data-testid="balances">
      <DataTable columns={BALANCE_COLUMNS} rows={rows} rowKey={(b) => b.asset} />
    </div>
  );
}
