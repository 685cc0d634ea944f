// The contract order form's rules, pure so they are tested in node: the quantity a size in lots or in USDT means,
// what the order costs (initial margin by the engine's own formula, plus the taker fee), the liquidation price the
// position would have after it fills, and the spec's checks before sending (numbers, lots, bounds, take-profit and
// stop-loss sides, balance). Every figure is exact (bigint minor units) and computed by the same functions the
// server's engine uses (perpMath), so the estimate is the server's own arithmetic, not an approximation of it.
import {
  perpMath,
  type ContractConditionalType,
  type ContractMarketItem,
  type ContractPlaceConditionalRequest,
  type ContractPlaceOrderRequest,
  type MarginType,
  type OrderSide,
} from '../../contract.ts';
import { minorText, toMinor } from '../user/asset-values.ts';

export const CONTRACT_FORM_KINDS = ['limit', 'market', 'stopLimit', 'stopMarket'] as const;
export type ContractFormKind = (typeof CONTRACT_FORM_KINDS)[number];
export type SizeUnit = 'lots' | 'usdt';

export interface ContractFormInput {
  side: OrderSide;
  kind: ContractFormKind;
  price: string;
  trigger: string;
  size: string;
  unit: SizeUnit;
  takeProfit: string;
  stopLoss: string;
  reduceOnly: boolean;
  postOnly: boolean;
}

/** What the form knows of the market and the account at the moment (all optional figures may be missing). */
export interface ContractFormContext {
  market: ContractMarketItem;
  leverage: number;
  marginType: MarginType;
  /** Latest mark, best bid and ask of the perpetual's book, and its last trade (decimal text). */
  mark: string | null;
  bid: string | null;
  ask: string | null;
  /** The contract account's available balance. */
  available: string | null;
  /** Cross wallet balance, and the other cross positions' maintenance and unrealized P&L (for a cross estimate). */
  crossWallet: string | null;
  otherMaintenance: string;
  otherUpnl: string;
  /** The position in this market now (signed coin size as text: "-0.5" short), its entry notional and isolated margin. */
  position: { size: string; entryNotional: string; margin: string } | null;
}

export type FormField = 'price' | 'trigger' | 'size' | 'takeProfit' | 'stopLoss';
export interface FormError {
  field: FormField | 'form';
  /** A message id of the web catalogs. */
  id: string;
}

export interface ContractEstimate {
  /** Coin quantity (a whole number of lots) and the lots. */
  qty: bigint;
  lots: bigint;
  /** The price the order is costed at (limit price, trigger-released limit, or the market's assumed price). */
  price: bigint | null;
  notional: bigint | null;
  /** Initial margin + open loss (engine's orderCost) and the taker fee, both rounded up. */
  margin: bigint | null;
  fee: bigint | null;
  cost: bigint | null;
  liquidationPrice: bigint | null;
}

const E8 = perpMath.E8;
/** Signed decimal text → minor units ("-1.5" → −150000000n); null when it is not a decimal of ≤ 8 places. */
export const signedMinor = (text: string): bigint | null => (text.startsWith('-') ? neg(toMinor(text.slice(1))) : toMinor(text));
const neg = (v: bigint | null): bigint | null => (v === null ? null : -v);
const ceilDiv = perpMath.divCeil;

/** The market's brackets as the engine holds them (maintenance rate percent → ratio × 10^8). */
export function bracketsOf(market: ContractMarketItem): perpMath.Brackets {
  return perpMath.defineBrackets(
    market.brackets.map((b) => ({
      floor: toMinor(b.notionalFloor) ?? 0n,
      cap: toMinor(b.notionalCap) ?? 0n,
      maxLeverage: b.maxLeverage,
      mmr: perpMath.rate((toMinor(b.maintenanceMarginRate) ?? 0n) / 100n),
    })),
  );
}

/** The price an order is costed at: its limit price, or for a market order the engine's assumed price (§8). */
function costPrice(input: ContractFormInput, ctx: ContractFormContext): bigint | null {
  if (input.kind === 'limit' || input.kind === 'stopLimit') return toMinor(input.price);
  if (input.kind === 'stopMarket') return toMinor(input.trigger);
  const mark = ctx.mark === null ? null : toMinor(ctx.mark);
  const ask = ctx.ask === null ? mark : toMinor(ctx.ask);
  const bid = ctx.bid === null ? mark : toMinor(ctx.bid);
  if (mark === null || ask === null || bid === null) return null;
  return perpMath.marketAssumedPrice({ side: input.side, ask1: ask, bid1: bid, mark });
}

/** Lots a size means: lots as typed, or the whole lots a USDT notional buys at the costed price (rounded down). */
export function lotsOf(input: ContractFormInput, ctx: ContractFormContext): bigint | null {
  const multiplier = toMinor(ctx.market.multiplier);
  if (!multiplier) return null;
  if (input.unit === 'lots') return /^\d+$/.test(input.size.trim()) ? BigInt(input.size.trim()) : null;
  const usdt = toMinor(input.size);
  const price = costPrice(input, ctx);
  if (usdt === null || !price) return null;
  // notional = lots × multiplier × price / 10^8 ≤ usdt (all in minor units)
  return (usdt * E8) / (multiplier * price);
}

const feeRate = (percent: string): bigint => (toMinor(percent) ?? 0n) / 100n;

/** Quantity, cost and the estimated liquidation price of the position after the order fills (null parts unknown). */
export function estimate(input: ContractFormInput, ctx: ContractFormContext): ContractEstimate {
  const lots = lotsOf(input, ctx) ?? 0n;
  const multiplier = toMinor(ctx.market.multiplier) ?? 0n;
  // The multiplier is coin per lot; in minor units it is already minor units per lot.
  const qty = lots * multiplier;
  const price = costPrice(input, ctx);
  const empty: ContractEstimate = { qty, lots, price, notional: null, margin: null, fee: null, cost: null, liquidationPrice: null };
  if (price === null || qty === 0n) return empty;
  const notional = perpMath.notionalOf(qty, price, 'ceil');
  const mark = ctx.mark === null ? price : (toMinor(ctx.mark) ?? price);
  const side = input.side;
  // A reduce-only order holds no margin (it only ever closes); any other holds it on the part that opens: what
  // closes the position first needs none, as the engine counts it (perpMath.openingQty).
  const held = ctx.position ? (signedMinor(ctx.position.size) ?? 0n) : 0n;
  const opening = input.reduceOnly ? 0n : perpMath.openingQty({ position: held, side, qty });
  const margin = opening === 0n ? 0n : perpMath.orderCost({ side, qty: opening, price, mark, leverage: ctx.leverage });
  const fee = ceilDiv(notional * feeRate(ctx.market.takerFeePercent), E8);
  const liquidationPrice = input.reduceOnly ? null : liquidationAfter(qty, price, notional, ctx, side);
  return { qty, lots, price, notional, margin, fee, cost: margin + fee, liquidationPrice };
}

function liquidationAfter(qty: bigint, price: bigint, notional: bigint, ctx: ContractFormContext, side: OrderSide): bigint | null {
  const held = ctx.position ? (signedMinor(ctx.position.size) ?? 0n) : 0n;
  const heldCost = ctx.position ? (toMinor(ctx.position.entryNotional) ?? 0n) : 0n;
  const signed = side === 'buy' ? qty : -qty;
  // Only an order that opens or adds has a position to estimate; one that reduces or flips is left to the server.
  if (held !== 0n && (held > 0n) !== (signed > 0n)) return null;
  const size = held + signed;
  const cost = heldCost + perpMath.notionalOf(qty, price, 'floor');
  let brackets: perpMath.Brackets;
  try {
    brackets = bracketsOf(ctx.market);
  } catch {
    return null;
  }
  if (ctx.marginType === 'isolated') {
    const heldMargin = ctx.position ? (toMinor(ctx.position.margin) ?? 0n) : 0n;
    return perpMath.liquidationPrice({ size, cost, walletBalance: heldMargin + perpMath.initialMargin(notional, ctx.leverage), brackets });
  }
  const wallet = ctx.crossWallet === null ? null : signedMinor(ctx.crossWallet);
  if (wallet === null) return null;
  return perpMath.liquidationPrice({
    size,
    cost,
    walletBalance: wallet,
    otherMaintenance: signedMinor(ctx.otherMaintenance) ?? 0n,
    otherUpnl: signedMinor(ctx.otherUpnl) ?? 0n,
    brackets,
  });
}

const NUMBER = /^\d+(\.\d+)?$/;
function positive(field: FormField, text: string, zeroId: string): FormError | null {
  if (!text.trim()) return { field, id: 'rule.required' };
  if (!NUMBER.test(text.trim()) || toMinor(text) === null) return { field, id: 'rule.number.format' };
  return (toMinor(text) ?? 0n) > 0n ? null : { field, id: zeroId };
}

/** The price the take-profit and stop-loss are checked against: the limit price, the trigger, else the mark. */
function referencePrice(input: ContractFormInput, ctx: ContractFormContext): bigint | null {
  if (input.kind === 'limit' || input.kind === 'stopLimit') return toMinor(input.price);
  if (input.kind === 'stopMarket') return toMinor(input.trigger);
  return ctx.mark === null ? null : toMinor(ctx.mark);
}

/**
 * The spec's take-profit / stop-loss rules as the order's side opens the position: not 0; for a long the take-profit
 * above the reference price and the stop-loss below it, for a short the reverse. Checked as the user types.
 */
export function checkTpSl(input: ContractFormInput, ctx: ContractFormContext): FormError | null {
  const ref = referencePrice(input, ctx);
  const long = input.side === 'buy';
  for (const field of ['takeProfit', 'stopLoss'] as const) {
    const text = input[field].trim();
    if (!text) continue;
    if (!NUMBER.test(text) || toMinor(text) === null) return { field, id: 'rule.number.format' };
    const v = toMinor(text) ?? 0n;
    if (v === 0n) return { field, id: 'rule.contract.triggerZero' };
    if (ref === null) continue;
    const above = v > ref;
    if (field === 'takeProfit' && above !== long) return { field, id: 'rule.contract.takeProfitInvalid' };
    if (field === 'stopLoss' && (v < ref) !== long) return { field, id: 'rule.contract.stopLossInvalid' };
  }
  return null;
}

/** The spec's checks before sending; null when the order may be sent. */
export function validateContractOrder(input: ContractFormInput, ctx: ContractFormContext): FormError | null {
  const m = ctx.market;
  if (input.kind === 'stopLimit' || input.kind === 'stopMarket') {
    const e = positive('trigger', input.trigger, 'rule.contract.triggerPriceInvalid');
    if (e) return e;
  }
  if (input.kind === 'limit' || input.kind === 'stopLimit') {
    const e = positive('price', input.price, 'rule.order.priceInvalid');
    if (e) return e;
  }
  if (!input.size.trim()) return { field: 'size', id: 'rule.required' };
  if (input.unit === 'lots' && !/^\d+$/.test(input.size.trim())) return { field: 'size', id: 'rule.order.qtyOffLot' };
  if (input.unit === 'usdt' && (!NUMBER.test(input.size.trim()) || toMinor(input.size) === null)) return { field: 'size', id: 'rule.number.format' };
  const est = estimate(input, ctx);
  if (est.lots <= 0n) return { field: 'size', id: 'rule.order.qtyInvalid' };
  const min = toMinor(m.minQuantity) ?? 0n;
  const max = toMinor(m.maxQuantity) ?? 0n;
  if (est.qty < min) return { field: 'size', id: 'rule.order.qtyBelowMin' };
  if (max > 0n && est.qty > max) return { field: 'size', id: 'rule.order.qtyAboveMax' };
  const tpsl = checkTpSl(input, ctx);
  if (tpsl) return tpsl;
  if (!input.reduceOnly && est.notional !== null) {
    const minNotional = toMinor(m.minNotional) ?? 0n;
    if (est.notional < minNotional) return { field: 'size', id: 'rule.order.notionalBelowMin' };
  }
  if (est.cost !== null && ctx.available !== null && est.cost > (toMinor(ctx.available) ?? 0n)) return { field: 'form', id: 'rule.funds.insufficient' };
  return null;
}

/** The quantity to send, as coin decimal text. */
export const quantityText = (est: ContractEstimate): string => minorText(est.qty);

/** The request of a plain (limit or market) order. */
export function orderRequest(input: ContractFormInput, symbol: string, est: ContractEstimate): ContractPlaceOrderRequest {
  const limit = input.kind === 'limit';
  return {
    symbol,
    side: input.side,
    type: limit ? 'limit' : 'market',
    amount: quantityText(est),
    ...(limit ? { price: input.price.trim() } : {}),
    ...(limit && input.postOnly ? { postOnly: true } : {}),
    ...(input.reduceOnly ? { reduceOnly: true } : {}),
  };
}

/** The request of a conditional (stop-limit or stop-market) order, triggered on the mark. */
export function conditionalRequest(input: ContractFormInput, symbol: string, est: ContractEstimate): ContractPlaceConditionalRequest {
  const type: ContractConditionalType = input.kind === 'stopLimit' ? 'stopLimit' : 'stopMarket';
  return {
    symbol,
    side: input.side,
    type,
    triggerPrice: input.trigger.trim(),
    workingType: 'mark',
    amount: quantityText(est),
    ...(type === 'stopLimit' ? { price: input.price.trim() } : {}),
    ...(input.reduceOnly ? { reduceOnly: true } : {}),
  };
}

/**
 * The take-profit and stop-loss that go with an opening order: once it has filled they are the position's own
 * (setTpSl); while it rests they wait as reduce-only conditional orders of its quantity on the opposite side, which
 * only ever close what it opened.
 */
export function attachedExits(input: ContractFormInput, symbol: string, est: ContractEstimate): ContractPlaceConditionalRequest[] {
  const side: OrderSide = input.side === 'buy' ? 'sell' : 'buy';
  const out: ContractPlaceConditionalRequest[] = [];
  const amount = quantityText(est);
  if (input.takeProfit.trim()) out.push({ symbol, side, type: 'takeProfitMarket', triggerPrice: input.takeProfit.trim(), workingType: 'mark', amount, reduceOnly: true });
  if (input.stopLoss.trim()) out.push({ symbol, side, type: 'stopMarket', triggerPrice: input.stopLoss.trim(), workingType: 'mark', amount, reduceOnly: true });
  return out;
}
