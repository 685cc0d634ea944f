// A market's order rules, checked before the book sees an order; each violation has its own code so the user is
// told exactly which rule failed. The first failing rule in the order listed wins.
import { Code, type ResultCode } from '../codes.ts';
import { type Market, notional } from '../money/market.ts';
import type { Amount, Price, Qty } from '../money/nominal.ts';
import type { FeeRates } from './commands.ts';
import { validRates } from './fees.ts';

const positiveInt = (n: number): boolean => Number.isSafeInteger(n) && n > 0;

function checkQty(market: Market, qty: Qty): ResultCode {
  if (!positiveInt(qty)) return Code.QTY_INVALID;
  if (qty < market.minQty) return Code.QTY_BELOW_MIN;
  if (qty > market.maxQty) return Code.QTY_ABOVE_MAX;
  return Code.OK;
}

function checkNotional(market: Market, value: Amount): ResultCode {
  if (value < market.minNotional) return Code.NOTIONAL_BELOW_MIN;
  if (value > market.maxNotional) return Code.NOTIONAL_ABOVE_MAX;
  return Code.OK;
}

export function checkLimit(market: Market, price: Price, qty: Qty): ResultCode {
  if (!positiveInt(price)) return Code.PRICE_INVALID;
  const q = checkQty(market, qty);
  return q !== Code.OK ? q : checkNotional(market, notional(market, price, qty));
}

/**
 * A base-sized market order's notional is judged at its bound: the only price the kernel has for it, and the
 * worst it can trade at, so a buy's maximum is never exceeded.
 */
export function checkMarketByBase(market: Market, bound: Price, qty: Qty): ResultCode {
  if (!positiveInt(bound)) return Code.BOUND_INVALID;
  const q = checkQty(market, qty);
  return q !== Code.OK ? q : checkNotional(market, notional(market, bound, qty));
}

export function checkMarketByQuote(market: Market, bound: Price, quote: Amount): ResultCode {
  if (!positiveInt(bound)) return Code.BOUND_INVALID;
  if (typeof quote !== 'bigint' || quote <= 0n) return Code.QUOTE_INVALID;
  return checkNotional(market, quote);
}

/** Fee rates, then the order id: the books keep ids in typed arrays and use -1 for "none". */
export function checkOrder(fees: FeeRates, id: number): ResultCode {
  if (!validRates(fees)) return Code.FEE_RATE_INVALID;
  return Number.isSafeInteger(id) && id >= 0 ? Code.OK : Code.ORDER_ID_INVALID;
}
