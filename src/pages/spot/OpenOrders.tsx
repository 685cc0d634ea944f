// The user's open orders, live from the `orders` stream (seeded by REST on every run), with cancel and cancel all;
// the orders page's columns and table, filling the account panel's body.
import { useMemo } from 'react';
import { dataOf, useOrders } from '../../../streams/index.ts';
import type { OrderUpdate } from '../../contract.ts';
import { VirtualTable } from '../../ui/VirtualTable.tsx';
import { CancelAllButton } from '../orders/CancelAllButton.tsx';
import { PANEL_OPEN_COLUMNS } from '../orders/columns.ts';
import { useOrderColumns } from '../orders/order-columns.tsx';
import { orderRowFromUpdate } from '../orders/order-rows.ts';
import { useCancelOrder } from '../orders/useCancelOrder.ts';
import * as o from '../orders/orders.css.ts';
import { pairName } from '../quotation/market-rows.ts';

const isOpen = (u: OrderUpdate) => u.status === 'NEW' || u.status === 'PARTIALLY_FILLED';

export function OpenOrders({ symbol }: { symbol: string }) {
  const orders = dataOf(useOrders());
  const rows = useMemo(() => (orders ?? []).filter(isOpen).map((u) => orderRowFromUpdate(u, pairName)), [orders]);
  const { cancel, cancelling } = useCancelOrder();
  const columns = useOrderColumns(PANEL_OPEN_COLUMNS, { onCancel: cancel, cancelling });
  return (
    <div className={o.panelList} data-testid="open-orders">
      {rows.some((r) => r.symbol === symbol) ? (
        <div className={o.panelBar}>
          <CancelAllButton symbol={symbol} disabled={false} onDone={() => undefined} />
        </div>
      ) : null}
      <VirtualTable columns={columns} rows={rows} rowKey={(r) => String(r.orderNo)} rowTestId="order-row" />
    </div>
  );
}
