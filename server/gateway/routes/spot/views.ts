// Desk views → the contract's items (what the web app shows, spec §3 spot order fields).
import type { AccountType, AssetRecordItem, AssetRecordType, MyTradeItem, SpotFillItem, SpotOrderItem, TransferItem } from '../../../contract/api.ts';
import { botOf } from '../ws-payloads.ts';
import type { FillSummary, OrderView, RecordView, TradeView, TransferView } from '../../../desks/index.ts';
import { formatDecimal, parseDecimal, SCALE } from '../../../kernel/index.ts';

/** Decimal text a desk produced → minor units (it is always valid; anything else is a bug worth a 500). */
export const minor = (text: string): bigint => {
  const parsed = parseDecimal(text);
  if (!parsed.ok) throw new RangeError(`not a decimal from the desk: ${text}`);
  return parsed.value;
};
export const dec = (value: bigint): string => formatDecimal(value, 8, true);

/** "BTCUSDT" → "BTC/USDT" for the markets this exchange lists (quote USDT); others stay as they are. */
export function codeName(symbol: string): string {
  return symbol.endsWith('USDT') && symbol.length > 4 ? `${symbol.slice(0, -4)}/USDT` : symbol;
}

function orderedTotal(o: OrderView): string | null {
  if (o.quoteQty !== null) return o.quoteQty;
  // Exact: tick × lot is a multiple of 10^8, so a limit order's price × quantity is whole minor units.
  if (o.type === 'limit' && o.price !== null && o.qty !== null) return dec((minor(o.price) * minor(o.qty)) / SCALE);
  return null;
}

export function orderItem(o: OrderView): SpotOrderItem {
  return {
    orderNo: o.orderId,
    clientOrderId: o.clientOrderId,
    symbol: o.symbol,
    codeName: codeName(o.symbol),
    side: o.side,
    type: o.type,
    price: o.type === 'limit' ? o.price : null,
    quantity: o.qty,
    total: orderedTotal(o),
    status: o.appStatus,
    tradedQuantity: o.filledQty,
    tradedTotal: o.filledQuote,
    avgPrice: o.avgPrice,
    fee: o.fee,
    feeAsset: o.feeAsset,
    time: o.createdAt,
    updateTime: o.updatedAt,
    cancelTime: o.appStatus === 'cancelled' ? o.closedAt : null,
    closeTime: o.closedAt,
    trigger:
      o.trigger === null
        ? null
        : { condition: o.trigger.condition, stopPrice: o.trigger.stopPrice, trailingDelta: o.trigger.trailingDelta, triggered: o.working, triggerTime: o.workingTime },
    orderListId: o.orderListId,
    ...botOf(o),
  };
}

export const fillItem = (f: FillSummary): SpotFillItem => ({
  tradeId: f.tradeId, price: f.price, quantity: f.qty, total: f.quote, fee: f.fee, feeAsset: f.feeAsset, maker: f.maker,
});

/** One trade as seen by `user`, who was its taker or its maker (or both, when self-trade prevention allows it). */
export function myTradeItem(t: TradeView, user: { taker: boolean }): MyTradeItem {
  const taker = user.taker;
  return {
    tradeId: t.tradeId,
    symbol: t.symbol,
    orderNo: taker ? t.takerOrder : t.makerOrder,
    side: taker ? t.takerSide : t.takerSide === 'buy' ? 'sell' : 'buy',
    maker: !taker,
    price: t.price,
    quantity: t.qty,
    total: t.quote,
    fee: taker ? t.takerFee : t.makerFee,
    feeAsset: taker ? t.takerFeeAsset : t.makerFeeAsset,
    time: t.time,
  };
}

export const transferItem = (t: TransferView): TransferItem => ({
  transferId: t.transferId,
  clientId: t.clientId,
  asset: t.asset,
  amount: t.amount,
  from: t.from as AccountType,
  to: t.to as AccountType,
  status: t.status,
  time: t.createdAt,
  creditTime: t.creditedAt,
});

export const recordItem = (r: RecordView & { readonly symbol: string | null }): AssetRecordItem => ({
  id: r.id,
  account: r.wallet as AccountType,
  asset: r.asset,
  type: r.type as AssetRecordType,
  amount: r.amount,
  frozen: r.frozen,
  ref: r.ref,
  symbol: r.symbol,
  time: r.time,
});
