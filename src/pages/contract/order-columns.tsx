// The contract order columns (spec §3 contract order), drawn once for the pending and the closed orders: what the
// order does (open or close, long or short), lots with the coin under them, prices and fees through formatDecimal,
// P&L coloured, the closing mode translated, the order number linking to its detail page, a cancel on pending ones.
import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react';
import type { ContractOrderItem } from '../../contract.ts';
import { formatDateTime } from '../../format/date.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { STATUS_LABEL } from '../orders/order-columns.tsx';
import { baseAsset } from '../quotation/market-rows.ts';
import { actionLabel, CLOSE_MODE_LABEL, ORDER_TYPE_LABEL, percentText, signedAmount, trendOf } from './columns.ts';
import * as s from './tables.css.ts';

export type OrderColumnKey =
  | 'orderNo'
  | 'time'
  | 'market'
  | 'action'
  | 'type'
  | 'price'
  | 'lots'
  | 'filled'
  | 'multiplier'
  | 'leverage'
  | 'entrustMargin'
  | 'flags'
  | 'openPrice'
  | 'closePrice'
  | 'openFee'
  | 'closeFee'
  | 'pnl'
  | 'profitRate'
  | 'closeMode'
  | 'status'
  | 'closeTime'
  | 'cancel';

export const PENDING_COLUMNS: readonly OrderColumnKey[] = ['time', 'market', 'action', 'type', 'price', 'lots', 'filled', 'entrustMargin', 'flags', 'cancel'];
export const CLOSED_COLUMNS: readonly OrderColumnKey[] = [
  'orderNo',
  'time',
  'market',
  'action',
  'type',
  'lots',
  'multiplier',
  'leverage',
  'openPrice',
  'closePrice',
  'openFee',
  'closeFee',
  'pnl',
  'profitRate',
  'closeMode',
  'status',
  'closeTime',
];

export interface OrderColumnOptions {
  onCancel?: (order: ContractOrderItem) => void;
  /** Orders whose cancel is in flight. */
  cancelling?: ReadonlySet<number>;
}

const fee = (value: string, asset: string) => (/^[0.]*$/.test(value) ? EMPTY_VALUE : `${formatDecimal(value, 8)} ${asset}`);
const num = (text: string, testId: string) => (
  <span className={s.num} data-testid={testId}>
    {text}
  </span>
);

export function useContractOrderColumns(keys: readonly OrderColumnKey[], options: OrderColumnOptions = {}): Column<ContractOrderItem>[] {
  const { _ } = useLingui();
  const { onCancel, cancelling } = options;
  return useMemo(() => {
    const all: Record<OrderColumnKey, Column<ContractOrderItem>> = {
      orderNo: {
        key: 'orderNo',
        labelId: 'contract.col.orderNo',
        render: (o) => (
          <Link to="/contractOrder" search={{ orderNo: o.orderNo }} className={s.link} data-testid="order-detail-link">
            {o.orderNo}
          </Link>
        ),
      },
      time: { key: 'time', labelId: 'contract.col.orderTime', render: (o) => <span className={s.nowrap}>{formatDateTime(o.time)}</span> },
      market: { key: 'market', labelId: 'contract.col.market', render: (o) => <span className={s.marketName}>{o.codeName}</span> },
      action: {
        key: 'action',
        labelId: 'contract.col.direction',
        render: (o) => (
          <span className={s.trend[o.side === 'buy' ? 'up' : 'down']} data-testid="order-action" data-side={o.side}>
            {_(actionLabel(o.direction, o.closing))}
          </span>
        ),
      },
      type: { key: 'type', labelId: 'contract.col.openType', render: (o) => _(ORDER_TYPE_LABEL[o.type]) },
      price: { key: 'price', labelId: 'contract.col.entrustPrice', align: 'right', render: (o) => num(o.price === null ? _('trade.type.market') : formatDecimal(o.price), 'order-price') },
      lots: {
        key: 'lots',
        labelId: 'contract.col.lots',
        align: 'right',
        render: (o) => (
          <span data-testid="order-lots">
            <span className={s.num}>{o.lots}</span>
            <span className={s.sub}>{`${formatDecimal(o.quantity, 8)} ${baseAsset(o.symbol)}`}</span>
          </span>
        ),
      },
      filled: { key: 'filled', labelId: 'orders.col.filled', align: 'right', render: (o) => num(formatDecimal(o.tradedQuantity, 8), 'order-filled') },
      multiplier: { key: 'multiplier', labelId: 'contract.col.multiplier', align: 'right', render: (o) => num(formatDecimal(o.multiplier, 8), 'order-multiplier') },
      leverage: { key: 'leverage', labelId: 'contract.col.leverage', align: 'right', render: (o) => num(`${o.leverage}x`, 'order-leverage') },
      entrustMargin: { key: 'entrustMargin', labelId: 'contract.col.entrustMargin', align: 'right', render: (o) => num(formatDecimal(o.entrustMargin), 'order-entrust-margin') },
      flags: {
        key: 'flags',
        labelId: 'contract.col.flags',
        render: (o) => (
          <span className={s.muted} data-testid="order-flags">
            {[o.reduceOnly ? _('perp.reduceOnly') : null, o.postOnly ? _('perp.postOnly') : null].filter(Boolean).join(' · ') || EMPTY_VALUE}
          </span>
        ),
      },
      openPrice: { key: 'openPrice', labelId: 'contract.col.openPrice', align: 'right', render: (o) => num(formatDecimal(o.openPrice), 'order-open-price') },
      closePrice: { key: 'closePrice', labelId: 'contract.col.closePrice', align: 'right', render: (o) => num(formatDecimal(o.closePrice), 'order-close-price') },
      openFee: { key: 'openFee', labelId: 'contract.col.openFee', align: 'right', render: (o) => num(fee(o.openFee, o.feeAsset), 'order-open-fee') },
      closeFee: { key: 'closeFee', labelId: 'contract.col.closeFee', align: 'right', render: (o) => num(fee(o.closeFee, o.feeAsset), 'order-close-fee') },
      pnl: {
        key: 'pnl',
        labelId: 'contract.col.pnl',
        align: 'right',
        render: (o) => (
          <span className={s.trend[trendOf(o.realizedPnl)]} data-testid="order-pnl">
            {o.closing ? signedAmount(o.realizedPnl) : EMPTY_VALUE}
          </span>
        ),
      },
      profitRate: {
        key: 'profitRate',
        labelId: 'contract.col.profitRate',
        align: 'right',
        render: (o) => (
          <span className={s.trend[trendOf(o.profitRate)]} data-testid="order-profit-rate">
            {percentText(o.profitRate, true)}
          </span>
        ),
      },
      closeMode: {
        key: 'closeMode',
        labelId: 'contract.col.closeMode',
        render: (o) => (
          <span className={s.nowrap} data-testid="order-close-mode" data-mode={o.closeMode ?? ''}>
            {o.closeMode ? _(CLOSE_MODE_LABEL[o.closeMode]) : EMPTY_VALUE}
          </span>
        ),
      },
      status: {
        key: 'status',
        labelId: 'orders.col.status',
        render: (o) => (
          <span className={s.nowrap} data-testid="order-status" data-status={o.status}>
            {_(STATUS_LABEL[o.status])}
          </span>
        ),
      },
      closeTime: { key: 'closeTime', labelId: 'contract.col.closeTime', render: (o) => <span className={s.nowrap}>{formatDateTime(o.closeTime)}</span> },
      cancel: {
        key: 'cancel',
        labelId: 'orders.col.action',
        align: 'right',
        render: (o) =>
          o.status === 'pending' && onCancel ? (
            <button type="button" className={s.link} data-testid="cancel-order" disabled={cancelling?.has(o.orderNo) ?? false} onClick={() => onCancel(o)}>
              {_('common.cancel')}
            </button>
          ) : null,
      },
    };
    return keys.map((k) => all[k]);
  }, [_, keys, onCancel, cancelling]);
}
