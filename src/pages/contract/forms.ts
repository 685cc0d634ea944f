// The position dialogs' inputs (close at a limit price, add or remove margin), checked before anything is sent
// (spec §5: numbers greater than 0, data not empty, sufficient balance) and turned into the API's requests. Exact:
// decimal text becomes minor units (8 decimals, as the ledger), never a float. Pure, for tests in node.
import type { ContractAdjustMarginRequest, ContractDirection, ContractPlaceOrderRequest, OrderSide } from '../../contract.ts';
import { minorText, toMinor } from '../user/asset-values.ts';

/** Message ids of the rules a decimal input can break (all in the catalogs already). */
export type InputRule = 'rule.required' | 'rule.number.format' | 'rule.number.notPositive' | 'rule.order.priceInvalid' | 'rule.funds.insufficient';

/** The minor units a typed decimal stands for, or the rule it breaks; `zero` names the rule for 0. */
export function readPositive(text: string, zero: InputRule = 'rule.number.notPositive'): { units: bigint } | { rule: InputRule } {
  const trimmed = text.trim();
  if (!trimmed) return { rule: 'rule.required' };
  const units = toMinor(trimmed);
  if (units === null) return { rule: 'rule.number.format' };
  return units > 0n ? { units } : { rule: zero };
}

/** The side of the order that closes a position. */
export const closingSide = (direction: ContractDirection): OrderSide => (direction === 'long' ? 'sell' : 'buy');

/** Close by limit: a reduce-only GTC limit order for the whole position, on the opposite side. */
export function closeLimitRequest(position: { symbol: string; direction: ContractDirection; quantity: string }, price: string): ContractPlaceOrderRequest {
  return {
    symbol: position.symbol,
    side: closingSide(position.direction),
    type: 'limit',
    price: price.trim(),
    amount: position.quantity,
    timeInForce: 'GTC',
    reduceOnly: true,
  };
}

/** A price on the market's tick, to the nearest one (ties up): the mark as a close price to start from. '' when either
 *  is not a price. */
export function nearestTick(price: string | null, tick: string | null): string {
  const at = price === null ? null : toMinor(price, true);
  const step = tick === null ? null : toMinor(tick);
  if (at === null) return '';
  if (step === null || step <= 0n) return minorText(at);
  return minorText(((at + step / 2n) / step) * step);
}

export type MarginMove = ContractAdjustMarginRequest['type'];

/** An amount to add (no more than the account's available balance) or remove (the server knows how much may go). */
export function checkMargin(move: MarginMove, amount: string, available: string | null): InputRule | null {
  const read = readPositive(amount);
  if ('rule' in read) return read.rule;
  const have = available === null ? null : toMinor(available, true);
  return move === 'add' && have !== null && read.units > have ? 'rule.funds.insufficient' : null;
}

export const marginRequest = (symbol: string, move: MarginMove, amount: string): ContractAdjustMarginRequest => ({ symbol, type: move, amount: amount.trim() });
