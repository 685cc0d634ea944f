// Contract tables (spec §3 contract order and seconds contract fields).
import type { Column } from '../../ui/DataTable.tsx';

export type ContractTab = 'positions' | 'current' | 'closed' | 'transfers' | 'seconds';

export const CONTRACT_TABS = [
  { key: 'positions', labelId: 'contract.tab.positions' },
  { key: 'current', labelId: 'contract.tab.current' },
  { key: 'closed', labelId: 'contract.tab.closed' },
  { key: 'transfers', labelId: 'contract.tab.transfers' },
  { key: 'seconds', labelId: 'contract.tab.seconds' },
] as const satisfies ReadonlyArray<{ key: ContractTab; labelId: string }>;

const POSITIONS: readonly Column<never>[] = [
  { key: 'market', labelId: 'contract.col.market' },
  { key: 'direction', labelId: 'contract.col.direction' },
  { key: 'lots', labelId: 'contract.col.lots', align: 'right' },
  { key: 'leverage', labelId: 'contract.col.leverage', align: 'right' },
  { key: 'margin', labelId: 'contract.col.margin', align: 'right' },
  { key: 'openPrice', labelId: 'contract.col.openPrice', align: 'right' },
  { key: 'takeProfit', labelId: 'contract.col.takeProfit', align: 'right' },
  { key: 'stopLoss', labelId: 'contract.col.stopLoss', align: 'right' },
  { key: 'pnl', labelId: 'contract.col.pnl', align: 'right' },
  { key: 'profitRate', labelId: 'contract.col.profitRate', align: 'right' },
  { key: 'openTime', labelId: 'contract.col.openTime' },
  { key: 'action', labelId: 'orders.col.action', align: 'right' },
];

const CURRENT: readonly Column<never>[] = [
  { key: 'orderNo', labelId: 'contract.col.orderNo' },
  { key: 'market', labelId: 'contract.col.market' },
  { key: 'direction', labelId: 'contract.col.direction' },
  { key: 'type', labelId: 'contract.col.openType' },
  { key: 'lots', labelId: 'contract.col.lots', align: 'right' },
  { key: 'leverage', labelId: 'contract.col.leverage', align: 'right' },
  { key: 'entrustMargin', labelId: 'contract.col.entrustMargin', align: 'right' },
  { key: 'price', labelId: 'contract.col.entrustPrice', align: 'right' },
  { key: 'takeProfit', labelId: 'contract.col.takeProfit', align: 'right' },
  { key: 'stopLoss', labelId: 'contract.col.stopLoss', align: 'right' },
  { key: 'orderTime', labelId: 'contract.col.orderTime' },
  { key: 'action', labelId: 'orders.col.action', align: 'right' },
];

const CLOSED: readonly Column<never>[] = [
  { key: 'orderNo', labelId: 'contract.col.orderNo' },
  { key: 'market', labelId: 'contract.col.market' },
  { key: 'direction', labelId: 'contract.col.direction' },
  { key: 'lots', labelId: 'contract.col.lots', align: 'right' },
  { key: 'openPrice', labelId: 'contract.col.openPrice', align: 'right' },
  { key: 'closePrice', labelId: 'contract.col.closePrice', align: 'right' },
  { key: 'openFee', labelId: 'contract.col.openFee', align: 'right' },
  { key: 'closeFee', labelId: 'contract.col.closeFee', align: 'right' },
  { key: 'holdFee', labelId: 'contract.col.holdFee', align: 'right' },
  { key: 'pnl', labelId: 'contract.col.pnl', align: 'right' },
  { key: 'closeMode', labelId: 'contract.col.closeMode' },
  { key: 'closeTime', labelId: 'contract.col.closeTime' },
];

const TRANSFERS: readonly Column<never>[] = [
  { key: 'time', labelId: 'common.col.time' },
  { key: 'from', labelId: 'contract.col.from' },
  { key: 'to', labelId: 'contract.col.to' },
  { key: 'coin', labelId: 'assets.col.coin' },
  { key: 'amount', labelId: 'common.col.amount', align: 'right' },
];

const SECONDS: readonly Column<never>[] = [
  { key: 'market', labelId: 'contract.col.market' },
  { key: 'direction', labelId: 'contract.col.direction' },
  { key: 'duration', labelId: 'seconds.col.duration' },
  { key: 'amount', labelId: 'seconds.col.amount', align: 'right' },
  { key: 'openPrice', labelId: 'contract.col.openPrice', align: 'right' },
  { key: 'settlePrice', labelId: 'seconds.col.settlePrice', align: 'right' },
  { key: 'pnl', labelId: 'contract.col.pnl', align: 'right' },
  { key: 'status', labelId: 'common.col.status' },
  { key: 'openTime', labelId: 'seconds.col.openTime' },
];

export const CONTRACT_COLUMNS: Readonly<Record<ContractTab, readonly Column<never>[]>> = {
  positions: POSITIONS,
  current: CURRENT,
  closed: CLOSED,
  transfers: TRANSFERS,
  seconds: SECONDS,
};
