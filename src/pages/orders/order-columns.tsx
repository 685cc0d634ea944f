// The spot order columns, drawn once for every order table (the orders page and the terminal's account strip):
// numbers through formatDecimal, the side coloured, the status translated, a cancel button on pending orders.
import { useLingui } from '@lingui/react';
import type { SpotOrderItem, SpotOrderStatus } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import type { OrderColumnKey } from './columns.ts';
import * as s from './orders.css.ts';

export const STATUS_LABEL: Record<SpotOrderStatus, string> = {
  pending: 'spot.status.pending',
  completed: 'spot.status.completed',
  cancelled: 'spot.status.cancelled',
};

const QTY_DECIMALS = 6;
const FEE_DECIMALS = 8;
/** Nothing traded, so no fee was charged: "--" rather than a row of zeros. */
const untraded = (o: SpotOrderItem) => /^[0.]*$/.test(o.tradedQuantity) && /^[0.]*$/.test(o.fee);

export interface OrderColumnOptions {
  onCancel?: (order: SpotOrderItem) => void;
  /** Orders whose cancel is in flight: their button is disabled. */
  cancelling?: ReadonlySet<number>;
}

export function useOrderColumns(keys: readonly OrderColumnKey[], options: OrderColumnOptions = {}): Column<SpotOrderItem>[] {
  const { _ } = useLingui();
  const all: Record<OrderColumnKey, Column<SpotOrderItem>> = {
    time: { key: 'time', labelId: 'orders.col.time', render: (o) => <span className={s.nowrap}>{formatDateTime(o.time)}</span> },
    market: { key: 'market', labelId: 'orders.col.market', render: (o) => <span className={s.nowrap}>{o.codeName}</span> },
    type: { key: 'type', labelId: 'orders.col.type', render: (o) => _(o.type === 'limit' ? 'trade.type.limit' : 'trade.type.market') },
    side: {
      key: 'side',
      labelId: 'orders.col.side',
      render: (o) => (
        <span className={o.side === 'buy' ? s.buy : s.sell} data-side={o.side}>
          {_(o.side === 'buy' ? 'trade.buy' : 'trade.sell')}
        </span>
      ),
    },
    price: { key: 'price', labelId: 'orders.col.price', align: 'right', render: (o) => (o.type === 'market' ? _('trade.type.market') : formatDecimal(o.price)) },
    avgPrice: { key: 'avgPrice', labelId: 'orders.col.avgPrice', align: 'right', render: (o) => formatDecimal(o.avgPrice) },
    quantity: { key: 'quantity', labelId: 'orders.col.quantity', align: 'right', render: (o) => formatDecimal(o.quantity, QTY_DECIMALS) },
    filled: { key: 'filled', labelId: 'orders.col.filled', align: 'right', render: (o) => formatDecimal(o.tradedQuantity, QTY_DECIMALS) },
    total: { key: 'total', labelId: 'orders.col.total', align: 'right', render: (o) => formatDecimal(o.total) },
    tradeAmount: { key: 'tradeAmount', labelId: 'orders.col.tradeAmount', align: 'right', render: (o) => formatDecimal(o.tradedTotal) },
    fee: {
      key: 'fee',
      labelId: 'orders.col.fee',
      align: 'right',
      render: (o) => <span className={s.nowrap}>{untraded(o) ? EMPTY_VALUE : `${formatDecimal(o.fee, FEE_DECIMALS)} ${o.feeAsset}`.trim()}</span>,
    },
    status: {
      key: 'status',
      labelId: 'orders.col.status',
      render: (o) => (
        <span className={s.status[o.status]} data-status={o.status}>
          {_(STATUS_LABEL[o.status])}
        </span>
      ),
    },
    cancelTime: { key: 'cancelTime', labelId: 'orders.col.cancelTime', render: (o) => <span className={s.nowrap}>{formatDateTime(o.cancelTime)}</span> },
    action: {
      key: 'action',
      labelId: 'orders.col.action',
      align: 'right',
      // A bot's order is the bot's to cancel (its stop, on the quantitative page): no cancel here.
      render: (o) =>
        o.status === 'pending' && options.onCancel && o.botId === undefined ? (
          <button
            type="button"
            className={s.link}
            data-testid="cancel-order"
            disabled={options.cancelling?.has(o.orderNo) ?? false}
            onClick={() => options.onCancel?.(o)}
          >
            {_('common.cancel')}
          </button>
        ) : null,
    },
  };
  return keys.map((k) => all[k]);
}
