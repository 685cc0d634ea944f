// The user's open orders, live from the `orders` stream (seeded by REST on every run), with cancel and cancel all.
import { useLingui } from '@lingui/react';
import { useMemo } from 'react';
import { dataOf, useOrders } from '../../../streams/index.ts';
import { cancelAllSpotOrders, cancelSpotOrder } from '../../api/spot.ts';
import type { OrderUpdate } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { formatDecimal } from '../../format/decimal.ts';
import { pushNotice } from '../../state/index.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { pairName } from '../quotation/market-rows.ts';
import * as s from './spot.css.ts';

const isOpen = (o: OrderUpdate) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED';

function useColumns(): Column<OrderUpdate>[] {
  const { _ } = useLingui();
  const cancel = (o: OrderUpdate) =>
    void cancelSpotOrder({ orderNo: o.orderId }).then(() => pushNotice('success', _('spot.order.cancelled')), () => undefined);
  return [
    { key: 'time', labelId: 'orders.col.time', render: (o) => formatDateTime(o.time) },
    { key: 'market', labelId: 'orders.col.market', render: (o) => pairName(o.symbol) },
    { key: 'type', labelId: 'orders.col.type', render: (o) => _(o.type === 'LIMIT' ? 'trade.type.limit' : 'trade.type.market') },
    { key: 'side', labelId: 'orders.col.side', render: (o) => <span className={o.side === 'BUY' ? s.up : s.down}>{_(o.side === 'BUY' ? 'trade.buy' : 'trade.sell')}</span> },
    { key: 'price', labelId: 'orders.col.price', align: 'right', render: (o) => formatDecimal(o.price) },
    { key: 'quantity', labelId: 'orders.col.quantity', align: 'right', render: (o) => formatDecimal(o.origQty, 6) },
    { key: 'filled', labelId: 'orders.col.filled', align: 'right', render: (o) => formatDecimal(o.executedQty, 6) },
    {
      key: 'action',
      labelId: 'orders.col.action',
      align: 'right',
      render: (o) => (
        <button type="button" className={s.link} data-testid="cancel-order" onClick={() => cancel(o)}>
          {_('common.cancel')}
        </button>
      ),
    },
  ];
}

export function OpenOrders({ symbol }: { symbol: string }) {
  const { _ } = useLingui();
  const orders = dataOf(useOrders());
  const rows = useMemo(() => (orders ?? []).filter(isOpen), [orders]);
  const cancelAll = () => void cancelAllSpotOrders(symbol).then(() => pushNotice('success', _('spot.order.cancelled')), () => undefined);
  return (
    <div data-testid="open-orders">
      {rows.some((o) => o.symbol === symbol) ? (
        <button type="button" className={s.link} data-testid="cancel-all" onClick={cancelAll}>
          {_('spot.cancelAll')}
        </button>
      ) : null}
      <DataTable columns={useColumns()} rows={rows} rowKey={(o) => String(o.orderId)} />
    </div>
  );
}
