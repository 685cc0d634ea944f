// Closed orders, the user's trades and the spot balances. The lists come from REST and are read again whenever
// the `orders` or `balances` stream moves, so they follow fills without polling; each fills its panel's body.
import { useLingui } from '@lingui/react';
import { useOrders, useBalances, dataOf } from '../../../streams/index.ts';
import { fetchMyTrades } from '../../api/spot.ts';
import type { BalanceUpdate, MyTradeItem, OrderListRequest } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { SPOT_HISTORY_COLUMNS, useSpotOrderColumns } from './spot-order-columns.tsx';
import { useOrderPage } from '../orders/useOrderPage.ts';
import * as o from '../orders/orders.css.ts';
import { pairName } from '../quotation/market-rows.ts';
import { useReloaded } from './useReloaded.ts';

const PAGE = { pageIndex: 1, pageSize: 50 };
const HISTORY: OrderListRequest = { active: 2, ...PAGE };

export function OrderHistory() {
  const { page } = useOrderPage(HISTORY);
  const columns = useSpotOrderColumns(SPOT_HISTORY_COLUMNS);
  return (
    <div className={o.panelList} data-testid="order-history">
      <VirtualTable columns={columns} rows={page?.list ?? []} rowKey={(r) => String(r.orderNo)} rowTestId="order-row" />
    </div>
  );
}

export function TradeHistory() {
  const { _ } = useLingui();
  const key = dataOf(useOrders());
  const page = useReloaded((signal) => fetchMyTrades(PAGE, { signal, notify: false }), key);
  const columns: Column<MyTradeItem>[] = [
    { key: 'time', labelId: 'orders.col.time', render: (t) => <span className={o.nowrap}>{formatDateTime(t.time)}</span> },
    { key: 'market', labelId: 'orders.col.market', render: (t) => pairName(t.symbol) },
    { key: 'side', labelId: 'orders.col.side', render: (t) => <span className={t.side === 'buy' ? o.buy : o.sell}>{_(t.side === 'buy' ? 'trade.buy' : 'trade.sell')}</span> },
    { key: 'price', labelId: 'orders.col.price', align: 'right', render: (t) => formatDecimal(t.price) },
    { key: 'quantity', labelId: 'orders.col.quantity', align: 'right', render: (t) => formatDecimal(t.quantity, 6) },
    { key: 'total', labelId: 'orders.col.total', align: 'right', render: (t) => formatDecimal(t.total) },
    { key: 'fee', labelId: 'orders.col.fee', align: 'right', render: (t) => <span className={o.nowrap}>{`${formatDecimal(t.fee, 8)} ${t.feeAsset}`}</span> },
  ];
  return (
    <div className={o.panelList} data-testid="trade-history">
      <VirtualTable columns={columns} rows={page?.list ?? []} rowKey={(t) => `${t.tradeId}-${t.side}`} />
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
    <div className={o.panelList} data-testid="balances">
      <VirtualTable columns={BALANCE_COLUMNS} rows={rows} rowKey={(b) => b.asset} />
    </div>
  );
}
