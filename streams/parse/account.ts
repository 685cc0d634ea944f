// Parsers for the private topics `orders` and `balances`.
import type { BalanceUpdate, OrderStatus, OrderUpdate, Wallet } from '../contract.ts';
import { decimalText, isInteger, isNumber, isRecord, isString, type Parser } from './basic.ts';

const WALLETS: readonly Wallet[] = ['coin', 'contract', 'earn', 'seconds', 'fiat'];
const STATUSES: readonly OrderStatus[] = ['NEW', 'PARTIALLY_FILLED', 'FILLED', 'CANCELED', 'EXPIRED', 'REJECTED'];
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK', 'POST_ONLY'] as const;
const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => isString(v) && (list as readonly string[]).includes(v);

export const parseOrderUpdate: Parser<OrderUpdate> = (v) => {
  if (!isRecord(v) || !isInteger(v.orderId) || !isString(v.symbol) || !oneOf(STATUSES, v.status)) return null;
  if (v.side !== 'BUY' && v.side !== 'SELL') return null;
  if (v.type !== 'LIMIT' && v.type !== 'MARKET') return null;
  const price = decimalText(v.price);
  const origQty = decimalText(v.origQty);
  const executedQty = decimalText(v.executedQty);
  if (price === null || origQty === null || executedQty === null || !isNumber(v.updateTime)) return null;
  return {
    orderId: v.orderId,
    clientOrderId: isString(v.clientOrderId) ? v.clientOrderId : null,
    symbol: v.symbol,
    side: v.side,
    type: v.type,
    timeInForce: oneOf(TIME_IN_FORCE, v.timeInForce) ? v.timeInForce : null,
    price,
    origQty,
    executedQty,
    cumulativeQuoteQty: decimalText(v.cumulativeQuoteQty) ?? '0',
    status: v.status,
    time: isNumber(v.time) ? v.time : v.updateTime,
    updateTime: v.updateTime,
    trigger: parseTrigger(v.trigger),
    orderListId: isInteger(v.orderListId) ? v.orderListId : null,
    ...(isInteger(v.botId) ? { botId: v.botId } : {}),
  };
};

/** A conditional order's trigger; anything malformed reads as none. */
function parseTrigger(v: unknown): OrderUpdate['trigger'] {
  if (!isRecord(v) || (v.condition !== 'stop_loss' && v.condition !== 'take_profit') || typeof v.triggered !== 'boolean') return null;
  return {
    condition: v.condition,
    stopPrice: decimalText(v.stopPrice),
    trailingDelta: isInteger(v.trailingDelta) ? v.trailingDelta : null,
    triggered: v.triggered,
    triggerTime: isNumber(v.triggerTime) ? v.triggerTime : null,
  };
}

export const parseBalanceUpdate: Parser<BalanceUpdate> = (v) => {
  if (!isRecord(v) || !oneOf(WALLETS, v.wallet) || !isString(v.asset) || !isNumber(v.time)) return null;
  const available = decimalText(v.available);
  const frozen = decimalText(v.frozen);
  if (available === null || frozen === null) return null;
  return { wallet: v.wallet, asset: v.asset, available, frozen, time: v.time };
};
