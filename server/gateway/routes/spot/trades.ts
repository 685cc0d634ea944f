// A user's own trades, newest first. The store's spot repository has no per-user trade query yet, so this reads
// spot_trades directly (money columns as exact text, like the repository does). It belongs in store/spot.ts, with
// indexes on taker_user and maker_user: until then this scans the table (fine for a demo, not for production).
import { sql } from 'kysely';
import type { MyTradeItem } from '../../../contract/api.ts';
import { tradeView } from '../../../desks/index.ts';
import type { Store } from '../../../store/index.ts';
import { money, toAmount } from '../../../store/money.ts';
import { myTradeItem } from './views.ts';

export interface TradePage {
  list: MyTradeItem[];
  total: number;
}

export async function userTrades(store: Store, user: number, symbol: string | undefined, offset: number, limit: number): Promise<TradePage> {
  const base = () => {
    let q = store.db.selectFrom('spot_trades').where((eb) => eb.or([eb('taker_user', '=', user), eb('maker_user', '=', user)]));
    if (symbol !== undefined) q = q.where('symbol', '=', symbol);
    return q;
  };
  const rows = await base()
    .select([
      'symbol', 'trade_no', 'taker_order', 'maker_order', 'taker_user', 'maker_user', 'taker_side', 'taker_fee_asset', 'maker_fee_asset', 'time',
      ...(['price', 'qty', 'quote', 'taker_fee', 'maker_fee'] as const).map((c) => money(c).as(c)),
    ])
    .orderBy('time', 'desc')
    .orderBy('symbol')
    .orderBy('trade_no', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  const count = await base().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const list = rows.map((r) =>
    myTradeItem(
      tradeView({
        symbol: r.symbol,
        tradeNo: Number(r.trade_no),
        price: toAmount(r.price),
        qty: toAmount(r.qty),
        quote: toAmount(r.quote),
        takerOrder: Number(r.taker_order),
        makerOrder: Number(r.maker_order),
        takerUser: r.taker_user,
        makerUser: r.maker_user,
        takerSide: r.taker_side === 'sell' ? 'sell' : 'buy',
        takerFee: toAmount(r.taker_fee),
        takerFeeAsset: r.taker_fee_asset,
        makerFee: toAmount(r.maker_fee),
        makerFeeAsset: r.maker_fee_asset,
        time: r.time,
      }),
      { taker: Number(r.taker_user) === user },
    ),
  );
  return { list, total: Number(count.n) };
}
