// What desks answer and publish: plain JSON-safe objects, amounts as exact decimal text (8 decimals, trailing
// zeros trimmed), so the gateway and a future NATS bus can pass them on as they are.
import { codeName, formatDecimal, type ResultCode } from '../kernel/index.ts';
import type { OrderStatus, SpotOrder } from '../store/spot.ts';
import type { Transfer } from '../store/transfers.ts';
import type { AssetRecord } from '../store/records.ts';

export const dec = (minor: bigint): string => formatDecimal(minor, 8, true);
const decOrNull = (minor: bigint | null): string | null => (minor === null ? null : dec(minor));

/** The spec's three spot order states, as the app shows them. */
export type AppOrderStatus = 'pending' | 'completed' | 'cancelled';

/**
 * Open orders are pending, filled ones completed. An order that closed early counts as completed if it traded
 * (a market or IOC order's unfilled rest expiring is how it is meant to end) and as cancelled if it did not or if
 * the user cancelled it.
 */
export function appStatus(status: OrderStatus, filled: bigint): AppOrderStatus {
  if (status === 'new' || status === 'partially_filled') return 'pending';
  if (status === 'filled' || (status === 'expired' && filled > 0n)) return 'completed';
  return 'cancelled';
}

export interface OrderView {
  orderId: number;
  clientOrderId: string | null;
  user: number;
  symbol: string;
  side: 'buy' | 'sell';
  type: 'limit' | 'market';
  tif: string;
  postOnly: boolean;
  price: string | null;
  bound: string | null;
  qty: string | null;
  quoteQty: string | null;
  openQty: string;
  filledQty: string;
  filledQuote: string;
  avgPrice: string | null;
  fee: string;
  feeAsset: string;
  status: OrderStatus;
  appStatus: AppOrderStatus;
  /** Dotted kernel code the order closed with (order.filled, order.canceled, order.expired.ioc…). */
  closeCode: string | null;
  createdAt: number;
  updatedAt: number;
  closedAt: number | null;
  /** A conditional order's trigger (Binance's STOP_LOSS, TAKE_PROFIT and their _LIMIT forms); null otherwise. */
  trigger: OrderTriggerView | null;
  /** False while a conditional order waits for its trigger; true once it works (or worked) as a limit or market order. */
  working: boolean;
  /** When it started working: its placement, or for a conditional order the moment it fired; null while it waits. */
  workingTime: number | null;
  /** The OCO list this order is a leg of. */
  orderListId: number | null;
  /** Binance's strategyId and strategyType it was placed with; null when not given. */
  strategyId: number | null;
  strategyType: number | null;
  /** The self-trade prevention that expired it (Binance's preventedMatchId), numbered per market; null otherwise. */
  preventedMatchId: number | null;
}

export interface OrderTriggerView {
  condition: 'stop_loss' | 'take_profit';
  /** Stop (or, for a trailing order, activation) price; null for a trailing order that tracks from placement. */
  stopPrice: string | null;
  /** Trailing delta in basis points; null for a fixed stop. */
  trailingDelta: number | null;
  /** A trailing order's best price since it started tracking; null before. */
  trailPrice: string | null;
}

export function orderView(o: SpotOrder): OrderView {
  return {
    orderId: o.id,
    clientOrderId: o.clientOrderId,
    user: o.user,
    symbol: o.symbol,
    side: o.side,
    type: o.kind,
    tif: o.tif,
    postOnly: o.postOnly,
    price: decOrNull(o.price),
    bound: decOrNull(o.bound),
    qty: decOrNull(o.qty),
    quoteQty: decOrNull(o.quoteQty),
    openQty: dec(o.openQty),
    filledQty: dec(o.filledQty),
    filledQuote: dec(o.filledQuote),
    // Quote per whole coin, rounded down to a minor unit: display only, never used for money.
    avgPrice: o.filledQty > 0n ? dec((o.filledQuote * 100_000_000n) / o.filledQty) : null,
    fee: dec(o.fee),
    feeAsset: o.feeAsset,
    status: o.status,
    appStatus: appStatus(o.status, o.filledQty),
    closeCode: o.closeCode === null ? null : codeName(o.closeCode as ResultCode),
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    closedAt: o.closedAt,
    trigger: o.condition === null ? null : { condition: o.condition, stopPrice: decOrNull(o.stopPrice), trailingDelta: o.trailingBips, trailPrice: decOrNull(o.trailPrice) },
    working: o.condition === null || o.triggeredAt !== null,
    workingTime: o.condition === null ? o.createdAt : o.triggeredAt,
    orderListId: o.listId,
    strategyId: o.strategyId,
    strategyType: o.strategyType,
    preventedMatchId: o.preventedMatchId,
  };
}

export interface TransferView {
  transferId: string;
  clientId: string | null;
  user: number;
  asset: string;
  amount: string;
  from: string;
  to: string;
  status: 'debited' | 'credited';
  createdAt: number;
  creditedAt: number | null;
}

export function transferView(t: Transfer): TransferView {
  return {
    transferId: t.id,
    clientId: t.clientId,
    user: t.user,
    asset: t.asset,
    amount: dec(t.amount),
    from: t.from,
    to: t.to,
    status: t.status,
    createdAt: t.createdAt,
    creditedAt: t.creditedAt,
  };
}

export interface BalanceView {
  wallet: string;
  asset: string;
  available: string;
  frozen: string;
}

export interface RecordView {
  id: number;
  wallet: string;
  asset: string;
  type: string;
  /** Change of the available balance (signed). */
  amount: string;
  /** Change of the frozen balance (signed). */
  frozen: string;
  ref: string;
  time: number;
}

export function recordView(r: AssetRecord): RecordView {
  return { id: r.id, wallet: r.wallet, asset: r.asset, type: r.type, amount: dec(r.amount), frozen: dec(r.frozen), ref: r.ref, time: r.time };
}
