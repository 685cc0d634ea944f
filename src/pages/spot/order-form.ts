// The order form's rules, pure so they are tested in node: spec §5 checks before sending (data not empty, numbers
// greater than 0, sufficient balance) and the request each form makes. Derived values (total from price × amount,
// slider fractions) are display helpers cut to 8 decimals; the server checks every amount exactly.
import type { OrderSide, PlaceOrderRequest, SpotOrderType } from '../../contract.ts';

export const FEE_RATE = 0.001;
const DECIMALS = 8;
const NUMBER = /^\d+(\.\d+)?$/;

export interface OrderInput {
  symbol: string;
  side: OrderSide;
  type: SpotOrderType;
  price: string;
  amount: string;
  /** Market buys spend a quote total; limit orders show it derived from price × amount. */
  total: string;
}

/** What the user holds: quote for buys, base for sells. */
export interface Funds {
  base: number;
  quote: number;
}

/** Plain decimal text, at most 8 places, no trailing zeros: what the form shows and sends. */
export function toText(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return '';
  return n.toFixed(DECIMALS).replace(/\.?0+$/, '');
}

/** A form number as a float for display helpers and the balance check (NaN when it is not plain decimal text). */
export const num = (text: string): number => (NUMBER.test(text.trim()) ? Number(text.trim()) : NaN);

export type RuleId =
  | 'rule.required'
  | 'rule.number.format'
  | 'rule.order.priceInvalid'
  | 'rule.order.qtyInvalid'
  | 'rule.order.totalInvalid'
  | 'rule.funds.insufficient'
  | 'rule.contract.triggerPriceInvalid'
  | 'rule.spot.triggerAtLast'
  | 'rule.spot.noLastPrice'
  | 'rule.spot.trailingRange'
  | 'rule.oco.sellLimit'
  | 'rule.oco.sellStop'
  | 'rule.oco.buyLimit'
  | 'rule.oco.buyStop';

/** The form's inputs: limit and market use price, amount and total; the conditional kinds add the rest. */
export type FormField = 'price' | 'amount' | 'total' | 'stop' | 'stopLimit' | 'trailing';

export interface FieldError {
  field: FormField;
  id: RuleId;
  /** Placeholders of the message (the last price an OCO is checked against). */
  values?: Record<string, string>;
}

export function positive(field: FormField, text: string, zeroId: RuleId): FieldError | null {
  if (!text.trim()) return { field, id: 'rule.required' };
  const n = num(text);
  if (Number.isNaN(n)) return { field, id: 'rule.number.format' };
  return n > 0 ? null : { field, id: zeroId };
}

/** Which input a market order uses: a buy spends a total, a sell gives an amount. */
export const marketField = (side: OrderSide): 'total' | 'amount' => (side === 'buy' ? 'total' : 'amount');

export function validateOrder(input: OrderInput, funds: Funds | null): FieldError | null {
  if (input.type === 'limit') {
    const error = positive('price', input.price, 'rule.order.priceInvalid') ?? positive('amount', input.amount, 'rule.order.qtyInvalid');
    if (error) return error;
  } else {
    const field = marketField(input.side);
    const error = positive(field, field === 'total' ? input.total : input.amount, field === 'total' ? 'rule.order.totalInvalid' : 'rule.order.qtyInvalid');
    if (error) return error;
  }
  if (!funds) return null;
  const need = input.side === 'sell' ? num(input.amount) : input.type === 'limit' ? num(input.price) * num(input.amount) : num(input.total);
  const have = input.side === 'sell' ? funds.base : funds.quote;
  return need > have + 1e-12 ? { field: input.side === 'sell' ? 'amount' : input.type === 'limit' ? 'amount' : 'total', id: 'rule.funds.insufficient' } : null;
}

export function orderRequest(input: OrderInput): PlaceOrderRequest {
  const base = { symbol: input.symbol, side: input.side, type: input.type };
  if (input.type === 'limit') return { ...base, price: input.price.trim(), amount: input.amount.trim(), timeInForce: 'GTC' };
  return marketField(input.side) === 'total' ? { ...base, total: input.total.trim() } : { ...base, amount: input.amount.trim() };
}

/** Limit total from price × amount ('' while either is missing). */
export const limitTotal = (price: string, amount: string): string => toText(num(price) * num(amount));
/** Amount from a total at a price, for a user typing the total of a limit order. */
export const amountFor = (price: string, total: string): string => toText(num(total) / num(price));

/** The slider: a fraction of what is available, as the field it fills. */
export function fromFraction(input: OrderInput, funds: Funds, fraction: number): Partial<OrderInput> {
  if (input.side === 'sell') {
    const amount = toText(funds.base * fraction);
    return input.type === 'limit' ? { amount, total: limitTotal(input.price, amount) } : { amount };
  }
  const total = toText(funds.quote * fraction);
  return input.type === 'limit' ? { total, amount: amountFor(input.price, total) } : { total };
}

/** Estimated fee at the base rate: in base for buys (received coin), in quote for sells. */
export function feeEstimate(input: OrderInput): string {
  const received = input.side === 'buy' ? (input.type === 'limit' ? num(input.amount) : NaN) : num(input.type === 'limit' ? limitTotal(input.price, input.amount) : '');
  return Number.isFinite(received) ? toText(received * FEE_RATE) : '';
}
