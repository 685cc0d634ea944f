// The spot form's conditional orders, as Binance's web terminal places them: stop-limit and stop-market (each with
// an optional trailing delta) and OCO. The user never picks stop-loss or take-profit: it follows from the side of
// the last price the trigger lies on (a buy triggering above it is a stop-loss, below a take-profit; a sell the
// reverse), and an OCO's two prices must straddle the last price. Pure, so it is tested in node; the server checks
// every rule again and its refusal is shown as it comes.
import type { OrderSide, OrderTrigger, PlaceOcoRequest, PlaceOrderRequest, TriggerCondition } from '../../contract.ts';
import { multiplyDecimal } from '../orders/order-rows.ts';
import { num, positive, toText, type FieldError, type Funds } from './order-form.ts';
import { comparator, priceText, trailingText } from './trigger-text.ts';

export const CONDITIONAL_KINDS = ['stopLimit', 'stopMarket', 'oco'] as const;
export type ConditionalKind = (typeof CONDITIONAL_KINDS)[number];

export interface ConditionalInput {
  symbol: string;
  side: OrderSide;
  kind: ConditionalKind;
  /** Trigger price; with a trailing delta it is optional (the price the trailing starts from). */
  stop: string;
  /** The stop-limit's order price, or the OCO's limit leg. */
  price: string;
  /** The OCO stop leg's limit price; empty makes that leg a stop-market. */
  stopLimit: string;
  /** Base quantity: the server sizes a conditional market order in the base coin, never by a quote total. */
  amount: string;
  /** Trailing delta in percent ("1.5"); empty for a fixed stop. OCO has none. */
  trailing: string;
}

/** The contract's trailing delta bounds, in basis points (0.1 %–20 %). */
export const TRAILING_MIN_BIPS = 10;
export const TRAILING_MAX_BIPS = 2000;

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** a against b, two plain decimal texts compared exactly: -1, 0 or 1; null when either is not one. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 | null {
  const x = DECIMAL.exec(a.trim());
  const y = DECIMAL.exec(b.trim());
  if (!x || !y) return null;
  const scale = Math.max(x[2]?.length ?? 0, y[2]?.length ?? 0);
  const left = BigInt((x[1] ?? '0') + (x[2] ?? '').padEnd(scale, '0'));
  const right = BigInt((y[1] ?? '0') + (y[2] ?? '').padEnd(scale, '0'));
  return left < right ? -1 : left > right ? 1 : 0;
}

/** A percent with at most 2 decimals as basis points ("1.5" → 150); null outside 0.1–20 % or not such a number. */
export function trailingBips(text: string): number | null {
  const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bips = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bips >= TRAILING_MIN_BIPS && bips <= TRAILING_MAX_BIPS ? bips : null;
}

const filled = (text: string) => text.trim() !== '';
const usesTrailing = (input: ConditionalInput) => input.kind !== 'oco' && filled(input.trailing);

/**
 * stop_loss or take_profit for a trigger price against the last price, as Binance's form decides it; null when it
 * cannot be told (no last price yet, the trigger equal to it, not a number). A trailing order without a trigger
 * price trails from placement: a stop-loss.
 */
export function deriveCondition(side: OrderSide, stop: string, last: string | null): TriggerCondition | null {
  if (!filled(stop)) return 'stop_loss';
  if (last === null) return null;
  const c = compareDecimal(stop, last);
  if (c === null || c === 0) return null;
  return (side === 'buy') === (c > 0) ? 'stop_loss' : 'take_profit';
}

/** Checks made as the user types: the trailing delta's range, a trigger at the last price, an OCO's price sides. */
export function liveCheck(input: ConditionalInput, last: string | null): FieldError | null {
  // "0" and "1." are on their way to "0.5" and "1.5": no complaint yet.
  if (usesTrailing(input) && trailingBips(input.trailing) === null && !/^(0|\d+\.)$/.test(input.trailing.trim())) {
    return { field: 'trailing', id: 'rule.spot.trailingRange' };
  }
  if (last === null) return null;
  const values = { last: priceText(last) };
  if (input.kind !== 'oco') {
    return compareDecimal(input.stop, last) === 0 ? { field: 'stop', id: 'rule.spot.triggerAtLast', values } : null;
  }
  const limit = compareDecimal(input.price, last);
  const stop = compareDecimal(input.stop, last);
  if (input.side === 'sell') {
    if (limit !== null && limit <= 0) return { field: 'price', id: 'rule.oco.sellLimit', values };
    if (stop !== null && stop >= 0) return { field: 'stop', id: 'rule.oco.sellStop', values };
  } else {
    if (limit !== null && limit >= 0) return { field: 'price', id: 'rule.oco.buyLimit', values };
    if (stop !== null && stop <= 0) return { field: 'stop', id: 'rule.oco.buyStop', values };
  }
  return null;
}

/** What the order will hold while it waits: base for a sell, quote for a buy. */
export interface Held {
  amount: string;
  asset: 'base' | 'quote';
  /**
   * A market buy leg: the server holds its amount at the market's price band above the price it fires at (its
   * trigger, plus the trailing delta), a band the client does not know, so the figure shown is that price's cost.
   */
  approx: boolean;
}

const higher = (a: string, b: string): string => (compareDecimal(a, b) === -1 ? b : a);
const positiveText = (text: string | null): string | null => (text !== null && num(text) > 0 ? text : null);

/** The price a stop-market buy fires at, at the lowest: its trigger (or the last price) raised by the trailing delta. */
function marketBuyRef(input: ConditionalInput, last: string | null): string | null {
  const ref = filled(input.stop) ? input.stop.trim() : last;
  if (ref === null || compareDecimal(ref, '0') !== 1) return null;
  const bips = usesTrailing(input) ? trailingBips(input.trailing) : null;
  return bips === null ? ref : toText((num(ref) * (10_000 + bips)) / 10_000);
}

export function heldFunds(input: ConditionalInput, last: string | null): Held | null {
  const amount = positiveText(input.amount.trim());
  if (amount === null) return null;
  if (input.side === 'sell') return { amount, asset: 'base', approx: false };
  const quote = (price: string | null, approx: boolean): Held | null => {
    const held = price === null ? null : positiveText(multiplyDecimal(price, amount));
    return held ? { amount: held, asset: 'quote', approx } : null;
  };
  if (input.kind === 'stopLimit') return quote(input.price.trim(), false);
  if (input.kind === 'stopMarket') return quote(marketBuyRef(input, last), true);
  if (compareDecimal(input.price, '0') === null) return null;
  const stopLeg = filled(input.stopLimit) ? input.stopLimit.trim() : marketBuyRef(input, last);
  return stopLeg === null ? null : quote(higher(input.price.trim(), stopLeg), !filled(input.stopLimit));
}

/** Every check before sending, in the order the fields are shown; null when the order may go. */
export function validateConditional(input: ConditionalInput, funds: Funds | null, last: string | null): FieldError | null {
  const checks: Array<() => FieldError | null> = [];
  if (input.kind === 'oco') {
    checks.push(
      () => positive('price', input.price, 'rule.order.priceInvalid'),
      () => positive('stop', input.stop, 'rule.contract.triggerPriceInvalid'),
      () => (filled(input.stopLimit) ? positive('stopLimit', input.stopLimit, 'rule.order.priceInvalid') : null),
      () => positive('amount', input.amount, 'rule.order.qtyInvalid'),
    );
  } else {
    // With a trailing delta the trigger price may stay empty: the order trails from placement.
    checks.push(() => (usesTrailing(input) && !filled(input.stop) ? null : positive('stop', input.stop, 'rule.contract.triggerPriceInvalid')));
    if (input.kind === 'stopLimit') {
      checks.push(() => positive('price', input.price, 'rule.order.priceInvalid'), () => positive('amount', input.amount, 'rule.order.qtyInvalid'));
    } else {
      checks.push(() => positive('amount', input.amount, 'rule.order.qtyInvalid'));
    }
    checks.push(() => (usesTrailing(input) && trailingBips(input.trailing) === null ? { field: 'trailing', id: 'rule.spot.trailingRange' } : null));
  }
  checks.push(
    () => (last === null && (input.kind === 'oco' || filled(input.stop)) ? { field: 'stop', id: 'rule.spot.noLastPrice' } : null),
    () => liveCheck(input, last),
  );
  for (const check of checks) {
    const error = check();
    if (error) return error;
  }
  const held = heldFunds(input, last);
  if (!funds || !held) return null;
  const have = held.asset === 'base' ? funds.base : funds.quote;
  return num(held.amount) > have + 1e-12 ? { field: 'amount', id: 'rule.funds.insufficient' } : null;
}

/** The trigger a stop-limit or stop-market sends; null while the condition cannot be told. */
export function triggerOf(input: ConditionalInput, last: string | null): OrderTrigger | null {
  const condition = deriveCondition(input.side, input.stop, last);
  if (!condition) return null;
  const bips = usesTrailing(input) ? trailingBips(input.trailing) : null;
  return { condition, ...(filled(input.stop) ? { stopPrice: input.stop.trim() } : {}), ...(bips !== null ? { trailingDelta: bips } : {}) };
}

/** The request of a stop-limit or stop-market (call after validateConditional passed). */
export function conditionalRequest(input: ConditionalInput, last: string | null): PlaceOrderRequest | null {
  const trigger = triggerOf(input, last);
  if (!trigger || input.kind === 'oco') return null;
  const base = { symbol: input.symbol, side: input.side, trigger };
  return input.kind === 'stopLimit'
    ? { ...base, type: 'limit', price: input.price.trim(), amount: input.amount.trim() }
    : { ...base, type: 'market', amount: input.amount.trim() };
}

export function ocoRequest(input: ConditionalInput): PlaceOcoRequest {
  return {
    symbol: input.symbol,
    side: input.side,
    amount: input.amount.trim(),
    limitPrice: input.price.trim(),
    stopPrice: input.stop.trim(),
    ...(filled(input.stopLimit) ? { stopLimitPrice: input.stopLimit.trim() } : {}),
  };
}

/** The slider: the amount a fraction of what is available pays for (a buy at the price its held funds are figured at). */
export function conditionalFraction(input: ConditionalInput, funds: Funds, fraction: number, last: string | null): Partial<ConditionalInput> {
  if (input.side === 'sell') return { amount: toText(funds.base * fraction) };
  const held = heldFunds({ ...input, amount: '1' }, last);
  return { amount: held ? toText((funds.quote * fraction) / num(held.amount)) : '' };
}

/** What the trigger will do, for the line under the fields; null until there is enough to say. */
export interface TriggerSummary {
  condition: TriggerCondition;
  /** "≥ 41,000.00", or null for a trailing order that trails from placement. */
  when: string | null;
  /** "1.50 %" or null. */
  trailing: string | null;
}

export function triggerSummary(input: ConditionalInput, last: string | null): TriggerSummary | null {
  if (input.kind === 'oco') return null;
  const bips = usesTrailing(input) ? trailingBips(input.trailing) : null;
  if (filled(input.stop) ? compareDecimal(input.stop, '0') !== 1 : bips === null) return null;
  const condition = deriveCondition(input.side, input.stop, last);
  if (!condition) return null;
  return {
    condition,
    when: filled(input.stop) ? `${comparator(input.side, condition)} ${priceText(input.stop.trim())}` : null,
    trailing: bips === null ? null : trailingText(bips),
  };
}
