// The order detail's pure parts: which conditional order released an order (its trigger price, and the position's
// take-profit or stop-loss when that is where it came from), when the order opened, and how a failed load reads.
// Pure, for tests in node.
import type { ContractConditionalItem, ContractOrderItem, ContractTradeItem } from '../../contract.ts';

/** The conditional order that fired and placed `orderNo`, if the list holds it. */
export const releasing = (conditionals: readonly ContractConditionalItem[], orderNo: number): ContractConditionalItem | undefined =>
  conditionals.find((c) => c.status === 'triggered' && c.orderNo === orderNo);

export interface TriggerPrices {
  takeProfit: string | null;
  stopLoss: string | null;
  trigger: string | null;
  workingType: ContractConditionalItem['workingType'] | null;
}

/** The prices of the conditional that released the order; null each where there was none. */
export function triggerPrices(by: ContractConditionalItem | undefined): TriggerPrices {
  if (!by) return { takeProfit: null, stopLoss: null, trigger: null, workingType: null };
  return {
    takeProfit: by.origin === 'takeProfit' ? by.triggerPrice : null,
    stopLoss: by.origin === 'stopLoss' ? by.triggerPrice : null,
    trigger: by.triggerPrice,
    workingType: by.workingType,
  };
}

/** Whether an order may have been placed by a conditional: one that could have fired (it exists after the first
 *  arming), i.e. every order but one placed by the liquidation or ADL engine. */
export const mayBeReleased = (order: ContractOrderItem): boolean => order.closeMode !== 'liquidation' && order.closeMode !== 'adl';

/** When the order opened its position (first fill of an opening order); null for a closing or untraded order. */
export function openTime(order: ContractOrderItem, trades: readonly ContractTradeItem[]): number | null {
  if (order.closing || trades.length === 0) return null;
  return Math.min(...trades.map((t) => t.time));
}

/** How a failed detail load reads: the order is not the user's (or does not exist), or something else went wrong. */
export function detailFailure(error: unknown): 'notFound' | 'failed' {
  const code = typeof error === 'object' && error !== null && 'code' in error ? (error as { code: unknown }).code : null;
  return code === 'order.not.found' || code === 'request.not.found' || code === 'request.invalid' ? 'notFound' : 'failed';
}
