// Spot order tables (spec §3 spot order fields).
import type { Column } from '../../ui/DataTable.tsx';

export const CURRENT_ORDER_COLUMNS: readonly Column<never>[] = [
  { key: 'time', labelId: 'orders.col.time' },
  { key: 'market', labelId: 'orders.col.market' },
  { key: 'type', labelId: 'orders.col.type' },
  { key: 'side', labelId: 'orders.col.side' },
  { key: 'price', labelId: 'orders.col.price', align: 'right' },
  { key: 'quantity', labelId: 'orders.col.quantity', align: 'right' },
  { key: 'total', labelId: 'orders.col.total', align: 'right' },
  { key: 'filled', labelId: 'orders.col.filled', align: 'right' },
  { key: 'status', labelId: 'orders.col.status' },
  { key: 'action', labelId: 'orders.col.action', align: 'right' },
];

export const HISTORY_ORDER_COLUMNS: readonly Column<never>[] = [
  { key: 'time', labelId: 'orders.col.time' },
  { key: 'market', labelId: 'orders.col.market' },
  { key: 'type', labelId: 'orders.col.type' },
  { key: 'side', labelId: 'orders.col.side' },
  { key: 'avgPrice', labelId: 'orders.col.avgPrice', align: 'right' },
  { key: 'quantity', labelId: 'orders.col.quantity', align: 'right' },
  { key: 'tradeAmount', labelId: 'orders.col.tradeAmount', align: 'right' },
  { key: 'fee', labelId: 'orders.col.fee', align: 'right' },
  { key: 'status', labelId: 'orders.col.status' },
  { key: 'cancelTime', labelId: 'orders.col.cancelTime' },
];
