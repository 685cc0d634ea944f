// A user's own trades, newest first, through the store's per-user trade query.
import type { MyTradeItem } from '../../../contract/api.ts';
import { tradeView } from '../../../desks/index.ts';
import type { Store } from '../../../store/index.ts';
import { myTradeItem } from './views.ts';

export interface TradePage {
  list: MyTradeItem[];
  total: number;
}

export async function userTrades(store: Store, user: number, symbol: string | undefined, offset: number, limit: number): Promise<TradePage> {
  const { rows, total } = await store.spot.userTrades({ user, symbol }, { offset, limit });
  return { list: rows.map((t) => myTradeItem(tradeView(t), { taker: t.takerUser === user })), total };
}
