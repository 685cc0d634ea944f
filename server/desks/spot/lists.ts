// OCO lists in the spot desk's memory and their end: a list is all done when a leg trades, fires, closes or is
// cancelled (the kernel cancels the other leg in the same command); settle.ts calls listTouched for every leg.
import { topics, type OrderListView } from '../events.ts';
import type { SpotOrderList } from '../../store/spot.ts';
import type { LiveOrder } from './orders.ts';
import { clientKey, type SpotBatch, type SpotState } from './state.ts';

/** An open list in the desk's memory: its row and its legs (by id). */
export interface OpenList {
  row: SpotOrderList;
  readonly legs: ReadonlyArray<{ orderId: number; clientOrderId: string | null }>;
  /**
   * The legs' memory, in the order of `legs`: an open leg's is the one in the desk's orders, a closed leg's stays
   * here as it closed. A repeated client list id answers the legs' latest state from these, also while the batch
   * that ended the list is still being committed (its legs are then neither open nor in the current batch).
   */
  readonly orders: readonly LiveOrder[];
}

export const listView = (row: SpotOrderList, legs: OpenList['legs']): OrderListView => ({
  orderListId: row.id, user: row.user, symbol: row.symbol, clientListId: row.clientListId, status: row.status,
  createdAt: row.createdAt, updatedAt: row.updatedAt, orders: legs.map((l) => ({ orderId: l.orderId, clientOrderId: l.clientOrderId })),
});

export function publishList(b: SpotBatch, list: OpenList): void {
  const topic = topics.userOrderLists(list.row.user);
  if (b.wants(topic)) b.emit(topic, { type: 'orderList', list: listView(list.row, list.legs) });
}

/**
 * A leg of an open list traded, fired, closed or was cancelled in this command: the list is all done (the kernel
 * has cancelled the other leg in the same command).
 */
export function listTouched(s: SpotState, b: SpotBatch, o: LiveOrder, time: number): void {
  if (o.listId === null) return;
  if (o.filled === 0 && o.closedAt === null && o.triggeredAt === null) return;
  const list = s.lists.get(o.listId);
  if (list === undefined) return;
  list.row = { ...list.row, status: 'all_done', updatedAt: time };
  s.lists.delete(o.listId);
  if (list.row.clientListId !== null) s.listClients.set(clientKey(list.row.user, list.row.clientListId), list);
  b.lists.set(list.row.id, list.row);
  publishList(b, list);
}
