// The spot desk's memory of an order while a command works on it and while it rests, in the book's units
// (ticks, lots), and its conversion to and from the stored row (minor units).
import { Code, type Market, type OrderId, type Price, type Side, type StpMode, type UserId } from '../../kernel/index.ts';
import type { OrderStatus, SpotOrder } from '../../store/spot.ts';

export interface LiveOrder {
  readonly id: OrderId;
  readonly user: UserId;
  readonly symbol: string;
  readonly clientOrderId: string | null;
  readonly side: Side;
  readonly kind: 'limit' | 'market';
  readonly tif: string;
  readonly postOnly: boolean;
  readonly stp: StpMode;
  readonly makerPpm: number;
  readonly takerPpm: number;
  readonly createdAt: number;
  /** Limit price in ticks (null for market orders); changes on replace. */
  price: Price | null;
  /** Market order bound in ticks. */
  readonly bound: Price | null;
  /** Lots ordered (filled + open after a replace); null for quote-sized market orders. */
  qty: number | null;
  /** Quote to spend or receive, for quote-sized market orders. */
  readonly quote: bigint | null;
  /** Lots on the book (0 unless resting). */
  open: number;
  resting: boolean;
  filled: number;
  filledQuote: bigint;
  fee: bigint;
  status: OrderStatus;
  closeCode: number | null;
  priority: number | null;
  updatedAt: number;
  closedAt: number | null;
  /** Conditional orders: the trigger, in ticks; null fields for a plain order. */
  readonly condition: 'stop_loss' | 'take_profit' | null;
  readonly stopPrice: Price | null;
  readonly trailingBips: number | null;
  trailPrice: Price | null;
  /** Funds held while it waits (0 once it fired or closed). */
  held: bigint;
  triggeredAt: number | null;
  readonly listId: number | null;
  /** Binance's strategyId and strategyType it was placed with, told back in its replies; null when not given. */
  readonly strategyId: number | null;
  readonly strategyType: number | null;
  /** Set when self-trade prevention expires it: the prevented match's number in its market. */
  preventedMatchId: number | null;
}

/** Is it a conditional order still waiting for its trigger? */
export const waiting = (o: LiveOrder): boolean => o.condition !== null && o.triggeredAt === null && o.closedAt === null;

const ticksToMinor = (m: Market, t: number | null) => (t === null ? null : BigInt(t) * m.tickSize);
const lotsToMinor = (m: Market, l: number) => BigInt(l) * m.lotSize;

export function feeAsset(m: Market, side: Side): string {
  return side === 'buy' ? m.base : m.quote;
}

export function toRow(m: Market, o: LiveOrder): SpotOrder {
  return {
    id: o.id,
    user: o.user,
    symbol: o.symbol,
    clientOrderId: o.clientOrderId,
    side: o.side,
    kind: o.kind,
    tif: o.tif,
    postOnly: o.postOnly,
    stp: o.stp,
    price: ticksToMinor(m, o.price),
    bound: ticksToMinor(m, o.bound),
    qty: o.qty === null ? null : lotsToMinor(m, o.qty),
    quoteQty: o.quote,
    openQty: lotsToMinor(m, o.open),
    filledQty: lotsToMinor(m, o.filled),
    filledQuote: o.filledQuote,
    fee: o.fee,
    feeAsset: feeAsset(m, o.side),
    makerPpm: o.makerPpm,
    takerPpm: o.takerPpm,
    status: o.status,
    closeCode: o.closeCode,
    priority: o.priority,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    closedAt: o.closedAt,
    condition: o.condition,
    stopPrice: ticksToMinor(m, o.stopPrice),
    trailingBips: o.trailingBips,
    trailPrice: ticksToMinor(m, o.trailPrice),
    held: o.condition === null ? null : o.held,
    triggeredAt: o.triggeredAt,
    listId: o.listId,
    strategyId: o.strategyId,
    strategyType: o.strategyType,
    preventedMatchId: o.preventedMatchId,
  };
}

function exact(minor: bigint | null, unit: bigint, what: string, id: number): number | null {
  if (minor === null) return null;
  if (minor % unit !== 0n) throw new RangeError(`order ${id}: ${what} ${minor} is off the market's grid (were tick or lot sizes changed?)`);
  return Number(minor / unit);
}

/** A stored open order back in book units; throws if the market's units no longer fit it. */
export function fromRow(m: Market, r: SpotOrder): LiveOrder {
  return {
    id: r.id as OrderId,
    user: r.user as UserId,
    symbol: r.symbol,
    clientOrderId: r.clientOrderId,
    side: r.side,
    kind: r.kind,
    tif: r.tif,
    postOnly: r.postOnly,
    stp: r.stp as StpMode,
    makerPpm: r.makerPpm,
    takerPpm: r.takerPpm,
    createdAt: r.createdAt,
    price: exact(r.price, m.tickSize, 'price', r.id) as Price | null,
    bound: exact(r.bound, m.tickSize, 'bound', r.id) as Price | null,
    qty: exact(r.qty, m.lotSize, 'qty', r.id),
    quote: r.quoteQty,
    open: exact(r.openQty, m.lotSize, 'open qty', r.id)!,
    resting: (r.status === 'new' || r.status === 'partially_filled') && (r.condition === null || r.triggeredAt !== null),
    filled: exact(r.filledQty, m.lotSize, 'filled qty', r.id)!,
    filledQuote: r.filledQuote,
    fee: r.fee,
    status: r.status,
    closeCode: r.closeCode,
    priority: r.priority,
    updatedAt: r.updatedAt,
    closedAt: r.closedAt,
    condition: r.condition,
    stopPrice: exact(r.stopPrice, m.tickSize, 'stop price', r.id) as Price | null,
    trailingBips: r.trailingBips,
    trailPrice: exact(r.trailPrice, m.tickSize, 'trail price', r.id) as Price | null,
    held: r.held ?? 0n,
    triggeredAt: r.triggeredAt,
    listId: r.listId,
    strategyId: r.strategyId,
    strategyType: r.strategyType,
    preventedMatchId: r.preventedMatchId,
  };
}

export function closedStatus(code: number): OrderStatus {
  if (code === Code.FILLED) return 'filled';
  if (code === Code.CANCELED) return 'canceled';
  return 'expired';
}
