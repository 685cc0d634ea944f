// The terminal's open orders from the live `orders` stream, split in two: orders working (in the book, or fired
// from a trigger) and conditional orders still waiting for theirs. Pure, for tests in node.
import type { OrderUpdate, SpotOrderItem } from '../../contract.ts';
import { orderRowFromUpdate } from '../orders/order-rows.ts';
import { isWaiting } from './trigger-text.ts';

const isOpen = (u: OrderUpdate) => u.status === 'NEW' || u.status === 'PARTIALLY_FILLED';

export interface OpenOrderRows {
  current: SpotOrderItem[];
  conditional: SpotOrderItem[];
}

export function splitOpenOrders(updates: readonly OrderUpdate[], name: (symbol: string) => string): OpenOrderRows {
  const current: SpotOrderItem[] = [];
  const conditional: SpotOrderItem[] = [];
  for (const u of updates) {
    if (!isOpen(u)) continue;
    const row = orderRowFromUpdate(u, name);
    (isWaiting(row) ? conditional : current).push(row);
  }
  return { current, conditional };
}
