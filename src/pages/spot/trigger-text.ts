// How a spot trigger reads, in the form and in the order tables: which way the last price must cross the stop
// price ("≤ 41,000.00"), a trailing delta in percent ("1.50 %"), and the order type a trigger makes. Pure.
import type { OrderSide, SpotOrderItem, TriggerCondition } from '../../contract.ts';
import { EMPTY_VALUE, formatDecimal } from '../../format/decimal.ts';

/** Binance's STOP_LOSS / TAKE_PROFIT rule: a stop-loss sell (or a take-profit buy) fires when the price falls to it. */
export const comparator = (side: OrderSide, condition: TriggerCondition): '≤' | '≥' => ((side === 'sell') === (condition === 'stop_loss') ? '≤' : '≥');

/** A price with at least 2 decimals and as many more as it has (up to 8): "41,000.00", "0.00012345". */
export function priceText(price: string | null): string {
  if (price === null) return EMPTY_VALUE;
  const places = /\.(\d+)$/.exec(price.trim())?.[1]?.replace(/0+$/, '').length ?? 0;
  return formatDecimal(price, Math.min(8, Math.max(2, places)));
}

/** Basis points as a percent: 150 → "1.50 %". */
export const trailingText = (bips: number): string => `${(bips / 100).toFixed(2)} %`;

/** "≤ 41,000.00" for a stop price, null when the trigger has none (a trailing order tracking from placement). */
export function stopText(side: OrderSide, condition: TriggerCondition, stopPrice: string | null): string | null {
  return stopPrice === null ? null : `${comparator(side, condition)} ${priceText(stopPrice)}`;
}

/** The message id of a conditional order's type: stop or take-profit, limit or market. */
export function conditionalTypeId(order: Pick<SpotOrderItem, 'type' | 'trigger'>): string {
  const stop = order.trigger?.condition !== 'take_profit';
  if (order.type === 'limit') return stop ? 'perp.type.stopLimit' : 'perp.type.takeProfitLimit';
  return stop ? 'perp.type.stopMarket' : 'perp.type.takeProfitMarket';
}

/** A conditional order still waiting for its trigger (not one that fired and now works as a plain order). */
export const isWaiting = (order: Pick<SpotOrderItem, 'status' | 'trigger'>): boolean =>
  order.status === 'pending' && order.trigger !== null && !order.trigger.triggered;
