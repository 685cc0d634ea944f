// Shape checks for the spot and wallet replies: every field the terminal reads is checked here, nothing past them.
import type { BalancesReply, CancelAllReply, MyTradeItem, Page, PlaceOcoReply, PlaceOrderReply, SpotFillItem, SpotOrderItem, SpotOrderTrigger } from '../contract.ts';
import { isRecord, type Json, type Parser } from './parse.ts';

const str = (v: unknown): v is string => typeof v === 'string';
const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const strOrNull = (v: unknown): string | null => (str(v) ? v : null);
const numOrNull = (v: unknown): number | null => (num(v) ? v : null);
const side = (v: unknown): 'buy' | 'sell' | null => (v === 'buy' || v === 'sell' ? v : null);

function list<T>(v: unknown, item: (d: unknown) => T | null): T[] | null {
  if (!Array.isArray(v)) return null;
  const out = v.map(item);
  return out.every((x): x is T => x !== null) ? out : null;
}

const TRAILING = { min: 10, max: 2000 };

/**
 * A conditional order's trigger: absent or null for a plain order (and from a server before conditional orders);
 * anything else that is not a whole trigger makes the order unreadable rather than silently plain.
 */
function parseTrigger(d: unknown): SpotOrderTrigger | null | undefined {
  if (d === undefined || d === null) return null;
  if (!isRecord(d) || (d.condition !== 'stop_loss' && d.condition !== 'take_profit') || typeof d.triggered !== 'boolean') return undefined;
  const stopPrice = d.stopPrice ?? null;
  const trailingDelta = d.trailingDelta ?? null;
  const triggerTime = d.triggerTime ?? null;
  if (stopPrice !== null && !(str(stopPrice) && /^\d+(\.\d+)?$/.test(stopPrice))) return undefined;
  if (trailingDelta !== null && !(Number.isInteger(trailingDelta) && Number(trailingDelta) >= TRAILING.min && Number(trailingDelta) <= TRAILING.max)) return undefined;
  if (triggerTime !== null && !num(triggerTime)) return undefined;
  // A trigger watches a stop price, trails, or both.
  if (stopPrice === null && trailingDelta === null) return undefined;
  return { condition: d.condition, stopPrice, trailingDelta: trailingDelta === null ? null : Number(trailingDelta), triggered: d.triggered, triggerTime };
}

export function parseOrder(d: unknown): SpotOrderItem | null {
  if (!isRecord(d) || !num(d.orderNo) || !str(d.symbol) || !num(d.time)) return null;
  const s = side(d.side);
  const type = d.type === 'limit' || d.type === 'market' ? d.type : null;
  const status = d.status === 'pending' || d.status === 'completed' || d.status === 'cancelled' ? d.status : null;
  const trigger = parseTrigger(d.trigger);
  const listId = d.orderListId ?? null;
  if (!s || !type || !status || trigger === undefined || (listId !== null && !num(listId))) return null;
  return {
    orderNo: d.orderNo,
    clientOrderId: strOrNull(d.clientOrderId),
    symbol: d.symbol,
    codeName: str(d.codeName) ? d.codeName : d.symbol,
    side: s,
    type,
    price: strOrNull(d.price),
    quantity: strOrNull(d.quantity),
    total: strOrNull(d.total),
    status,
    tradedQuantity: str(d.tradedQuantity) ? d.tradedQuantity : '0',
    tradedTotal: str(d.tradedTotal) ? d.tradedTotal : '0',
    avgPrice: strOrNull(d.avgPrice),
    fee: str(d.fee) ? d.fee : '0',
    feeAsset: str(d.feeAsset) ? d.feeAsset : '',
    time: d.time,
    updateTime: num(d.updateTime) ? d.updateTime : d.time,
    cancelTime: numOrNull(d.cancelTime),
    closeTime: numOrNull(d.closeTime),
    trigger,
    orderListId: listId,
    ...(num(d.botId) ? { botId: d.botId } : {}),
  };
}

function parseFill(d: unknown): SpotFillItem | null {
  if (!isRecord(d) || !num(d.tradeId) || !str(d.price) || !str(d.quantity)) return null;
  return {
    tradeId: d.tradeId,
    price: d.price,
    quantity: d.quantity,
    total: str(d.total) ? d.total : '0',
    fee: str(d.fee) ? d.fee : '0',
    feeAsset: str(d.feeAsset) ? d.feeAsset : '',
    maker: d.maker === true,
  };
}

export const parsePlaceOrderReply: Parser<PlaceOrderReply> = (d) => {
  if (!isRecord(d)) return null;
  const order = parseOrder(d.order);
  const fills = list(d.fills ?? [], parseFill);
  return order && fills ? { order, fills, duplicate: d.duplicate === true } : null;
};

export const parsePlaceOcoReply: Parser<PlaceOcoReply> = (d) => {
  if (!isRecord(d) || !num(d.orderListId)) return null;
  const orders = list(d.orders, parseOrder);
  return orders && orders.length === 2 ? { orderListId: d.orderListId, orders, duplicate: d.duplicate === true } : null;
};

export const parseCancelAllReply: Parser<CancelAllReply> = (d) => {
  const cancelled = isRecord(d) ? list(d.cancelled, parseOrder) : null;
  return cancelled ? { cancelled } : null;
};

function parseMyTrade(d: unknown): MyTradeItem | null {
  if (!isRecord(d) || !num(d.tradeId) || !str(d.symbol) || !str(d.price) || !str(d.quantity) || !num(d.time)) return null;
  const s = side(d.side);
  if (!s) return null;
  return {
    tradeId: d.tradeId,
    symbol: d.symbol,
    orderNo: num(d.orderNo) ? d.orderNo : 0,
    side: s,
    maker: d.maker === true,
    price: d.price,
    quantity: d.quantity,
    total: str(d.total) ? d.total : '0',
    fee: str(d.fee) ? d.fee : '0',
    feeAsset: str(d.feeAsset) ? d.feeAsset : '',
    time: d.time,
  };
}

function page<T>(item: (d: unknown) => T | null): Parser<Page<T>> {
  return (d) => {
    if (!isRecord(d)) return null;
    const rows = list(d.list, item);
    if (!rows) return null;
    return { list: rows, total: num(d.total) ? d.total : rows.length, pageIndex: num(d.pageIndex) ? d.pageIndex : 1, pageSize: num(d.pageSize) ? d.pageSize : rows.length };
  };
}
export const parseOrderPage = page(parseOrder);
export const parseMyTradePage = page(parseMyTrade);

const ACCOUNTS = ['coin', 'contract', 'earn', 'seconds', 'fiat'] as const;
function parseAccount(d: unknown): BalancesReply['accounts'][number] | null {
  if (!isRecord(d)) return null;
  const account = ACCOUNTS.find((a) => a === d.account);
  const balances = list(d.balances, (b: unknown) => {
    if (!isRecord(b) || !str(b.asset) || !str(b.available)) return null;
    const r: Json = b;
    return { asset: b.asset, available: b.available, frozen: str(r.frozen) ? r.frozen : '0', total: str(r.total) ? r.total : b.available, valueUsdt: strOrNull(r.valueUsdt) };
  });
  return account && balances ? { account, balances, totalUsdt: str(d.totalUsdt) ? d.totalUsdt : '0' } : null;
}

export const parseBalancesReply: Parser<BalancesReply> = (d) => {
  if (!isRecord(d)) return null;
  const accounts = list(d.accounts, parseAccount);
  if (!accounts) return null;
  return { accounts, totalUsdt: str(d.totalUsdt) ? d.totalUsdt : '0', unpriced: Array.isArray(d.unpriced) ? d.unpriced.filter(str) : [] };
};
