// Margin arithmetic of one-way linear positions (notes §1, §2, §8, §9). A position is a signed size in base minor
// units and its entry cost (the sum of fill notionals) in quote minor units; balances are quote minor units.
import { bracketFor, type Brackets } from './brackets.ts';
import { abs, divCeil, divFloor, divHalfUp, E8, leverageOf, maxB, minB, notionalOf, rate, sign, type Rate } from './units.ts';

/** A one-way position: size + long / − short (base minor units), cost = entry notional ≥ 0 (quote minor units). */
export interface Position {
  readonly size: bigint;
  readonly cost: bigint;
}

export type OrderSide = 'buy' | 'sell';

/** EP = cost / |size| (§0), rounded half-up; 0 for a flat position. */
export function entryPrice(pos: Position): bigint {
  return pos.size === 0n ? 0n : divHalfUp(pos.cost * E8, abs(pos.size));
}

/** IM = |N| / L (§1 [LEV]), rounded up. */
export function initialMargin(notional: bigint, leverage: number): bigint {
  return divCeil(abs(notional), leverageOf(leverage));
}

/**
 * MM of a position at `mark` (§1) without rounding the notional first: the bracket of the exact |size| × mark, then
 * |size| × mark × MMR − cum rounded up once.
 */
export function positionMaintenance(brackets: Brackets, size: bigint, mark: bigint): bigint {
  const q = abs(size);
  const b = bracketFor(brackets, notionalOf(q, mark, 'floor')); // floor ≤ exact N ⟺ floor ≤ ⌊N⌋ (floor is whole)
  return divCeil(q * mark * b.mmr, E8 * E8) - b.cum;
}

/** UPnL = Side × Q × (MP − EP) (§2 [ROE]) = size × mark − Side × cost, rounded toward −∞ (never overstated). */
export function unrealizedPnl(pos: Position, mark: bigint): bigint {
  return divFloor(pos.size * mark - sign(pos.size) * pos.cost * E8, E8);
}

/** ROE = UPnL / (|N| at mark / L) (§2 [ROE]), exact then rounded half-up; 0 when flat. */
export function roe(pos: Position, mark: bigint, leverage: number): Rate {
  if (pos.size === 0n || mark <= 0n) return rate(0n);
  const upnlE8 = pos.size * mark - sign(pos.size) * pos.cost * E8;
  return rate(divHalfUp(upnlE8 * leverageOf(leverage) * E8, abs(pos.size) * mark));
}

/** Per-coin open loss (§8): a buy above mark loses price − mark, a sell below mark loses mark − price. */
function openLossPerCoin(side: OrderSide, price: bigint, mark: bigint): bigint {
  return maxB(0n, side === 'buy' ? price - mark : mark - price);
}

export interface OrderCostInput {
  readonly side: OrderSide;
  readonly qty: bigint;
  readonly price: bigint;
  readonly mark: bigint;
  readonly leverage: number;
}

/** OpenLoss = qty × |min(0, Dir × (MP − price))| (§8 [COST]), rounded up. */
export function openLoss(o: Omit<OrderCostInput, 'leverage'>): bigint {
  return divCeil(abs(o.qty) * openLossPerCoin(o.side, o.price, o.mark), E8);
}

/**
 * The part of an order that opens or adds to a one-way position (signed size `position`): an order against the
 * position first closes it, and that part needs no margin and risks no open loss (§8, §9).
 */
export function openingQty(o: { position: bigint; side: OrderSide; qty: bigint }): bigint {
  const dir = o.side === 'buy' ? 1n : -1n;
  const closing = sign(o.position) === -dir ? minB(abs(o.position), abs(o.qty)) : 0n;
  return abs(o.qty) - closing;
}

/** Cost = qty × price / L + open loss (§8 [COST]), one exact sum rounded up. */
export function orderCost(o: OrderCostInput): bigint {
  const l = leverageOf(o.leverage);
  const q = abs(o.qty);
  return divCeil(q * o.price + l * q * openLossPerCoin(o.side, o.price, o.mark), E8 * l);
}

/** Price a market order is costed at (§8): buy Ask1 × 1.0005 rounded up, sell max(Bid1, mark). */
export function marketAssumedPrice(o: { side: OrderSide; ask1: bigint; bid1: bigint; mark: bigint }): bigint {
  return o.side === 'buy' ? divCeil(o.ask1 * 10_005n, 10_000n) : maxB(o.bid1, o.mark);
}

/**
 * One-way requirement with resting orders (§8 [REQ]): max(|pos + bids|, |pos − asks|) / L rounded up; position notional
 * signed (long +) at mark, order values at their limit prices.
 */
export function marginRequirementWithOrders(o: { positionNotional: bigint; bidOrderValue: bigint; askOrderValue: bigint; leverage: number }): bigint {
  const worst = maxB(abs(o.positionNotional + o.bidOrderValue), abs(o.positionNotional - o.askOrderValue));
  return divCeil(worst, leverageOf(o.leverage));
}

export interface CrossBalances {
  /** crossWalletBalance. */
  readonly walletBalance: bigint;
  /** Σ UPnL of cross positions. */
  readonly upnl: bigint;
  /** Σ IM of cross positions and cross open orders. */
  readonly initialMargin: bigint;
  /** Σ open-order IM of isolated positions (§2). */
  readonly isolatedOrderMargin?: bigint;
}

/** AvailableForOrder = max(0, WB + ΣUPnL − ΣIM − Σ isolated order IM) (§2 [WAL]). */
export function availableForOrder(b: CrossBalances): bigint {
  return maxB(0n, b.walletBalance + b.upnl - b.initialMargin - (b.isolatedOrderMargin ?? 0n));
}

/** MaxWithdraw = max(0, min(WB − iso order IM − Σ cross MM, AvailableForOrder)) (§2 [ADJ]). */
export function maxWithdraw(b: CrossBalances & { readonly maintenance: bigint }): bigint {
  return maxB(0n, minB(b.walletBalance - (b.isolatedOrderMargin ?? 0n) - b.maintenance, availableForOrder(b)));
}

/** MaxAdd to isolated = max(0, min(cross WB − iso order IM − Σ cross MM, available)) (§2 [ADJ]). */
export function maxAddIsolated(b: { crossWalletBalance: bigint; crossMaintenance: bigint; isolatedOrderMargin?: bigint; available: bigint }): bigint {
  return maxB(0n, minB(b.crossWalletBalance - (b.isolatedOrderMargin ?? 0n) - b.crossMaintenance, b.available));
}

/**
 * MaxRemove from isolated = max(0, min(iWB − MM, iWB + UPnL − IM at mark)) (§2 [ADJ]); UPnL = size × (MP − EP),
 * IM = MP × |size| / L.
 */
export function maxRemoveIsolated(b: { isolatedWalletBalance: bigint; maintenance: bigint; upnl: bigint; initialMargin: bigint }): bigint {
  return maxB(0n, minB(b.isolatedWalletBalance - b.maintenance, b.isolatedWalletBalance + b.upnl - b.initialMargin));
}

/** MarginRatio = MM / MarginBalance (§2 [LQP]) rounded half-up; null when the balance is ≤ 0 (liquidatable). */
export function marginRatio(maintenance: bigint, marginBalance: bigint): Rate | null {
  return marginBalance <= 0n ? null : rate(divHalfUp(maintenance * E8, marginBalance));
}

export interface MaxOpenInput {
  readonly side: OrderSide;
  /** Limit price, or the market-order assumed price of §8. */
  readonly price: bigint;
  readonly mark: bigint;
  readonly leverage: number;
  /** AvailableForOrder (§2). */
  readonly available: bigint;
  /** Current one-way position size, signed (0 when flat). */
  readonly position?: bigint;
  /** Lot step in base minor units (default 1). */
  readonly lotSize?: bigint;
  /** maxNotionalFor(brackets, leverage): the cap on the position after the order. */
  readonly maxNotional?: bigint;
}

/**
 * q_max = q_close + q_open (§9, inferred): an opposite position closes without margin, then q_open = available / c
 * with c = P / L + open loss per coin, capped so |position at mark| + q × P ≤ maxNotional, rounded down to the lot.
 */
export function maxOpenQty(o: MaxOpenInput): bigint {
  const l = leverageOf(o.leverage);
  const lot = o.lotSize ?? 1n;
  const pos = o.position ?? 0n;
  const dir = o.side === 'buy' ? 1n : -1n;
  const closing = sign(pos) === -dir ? abs(pos) : 0n;
  const same = sign(pos) === dir ? abs(pos) : 0n;
  const perCoinTimesL = o.price + l * openLossPerCoin(o.side, o.price, o.mark);
  let q = perCoinTimesL <= 0n ? 0n : divFloor(maxB(0n, o.available) * E8 * l, perCoinTimesL);
  if (o.maxNotional !== undefined && o.price > 0n) {
    const room = o.maxNotional - notionalOf(same, o.mark, 'ceil');
    q = minB(q, maxB(0n, divFloor(room * E8, o.price)));
  }
  return closing + q - (q % lot);
}
