// Which spot order fields (spec §3) each table shows, by column key; order-columns.tsx draws them.
export type OrderColumnKey =
  | 'time'
  | 'market'
  | 'type'
  | 'side'
  | 'price'
  | 'avgPrice'
  | 'quantity'
  | 'filled'
  | 'total'
  | 'tradeAmount'
  | 'fee'
  | 'status'
  | 'cancelTime'
  | 'action';

export const CURRENT_ORDER_COLUMNS: readonly OrderColumnKey[] = ['time', 'market', 'type', 'side', 'price', 'quantity', 'total', 'filled', 'status', 'action'];

export const HISTORY_ORDER_COLUMNS: readonly OrderColumnKey[] = [
  'time',
  'market',
  'type',
  'side',
  'price',
  'avgPrice',
  'quantity',
  'filled',
  'tradeAmount',
  'fee',
  'status',
  'cancelTime',
];
