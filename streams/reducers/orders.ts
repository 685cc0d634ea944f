// The user's orders by id from the `orders` topic (and any REST load): an update replaces the held order unless
// it is older by updateTime, so a late or replayed frame can't resurrect a filled order.
import type { OrderUpdate } from '../contract.ts';

export type Orders = ReadonlyMap<number, OrderUpdate>;

export const noOrders: Orders = new Map();

/** Finished orders kept for the history panel; open ones are never dropped. */
export const FINISHED_ORDERS_LIMIT = 200;

const isOpen = (o: OrderUpdate) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED';

export function mergeOrders(orders: Orders, updates: readonly OrderUpdate[], finishedLimit = FINISHED_ORDERS_LIMIT): Orders {
  let next: Map<number, OrderUpdate> | null = null;
  for (const o of updates) {
    const held = (next ?? orders).get(o.orderId);
    if (held && held.updateTime > o.updateTime) continue;
    next ??= new Map(orders);
    next.set(o.orderId, o);
  }
  if (!next) return orders;
  const finished = [...next.values()].filter((o) => !isOpen(o));
  if (finished.length > finishedLimit) {
    finished.sort((a, b) => a.updateTime - b.updateTime);
    for (const o of finished.slice(0, finished.length - finishedLimit)) next.delete(o.orderId);
  }
  return next;
}

/** Newest first. */
export const orderList = (orders: Orders): OrderUpdate[] => [...orders.values()].sort((a, b) => b.time - a.time || b.orderId - a.orderId);
export const openOrders = (orders: Orders): OrderUpdate[] => orderList(orders).filter(isOpen);
