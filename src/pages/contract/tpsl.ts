// A position's take-profit and stop-loss (spec §5): neither may be 0; for a long the take-profit is above the latest
// (mark) price and the stop-loss below it, for a short the reverse. Checked as the user types, with the messages the
// server uses for the same refusals; the server checks again against the mark it sees. Pure, for tests in node.
import type { ContractDirection, ContractSetTpSlRequest } from '../../contract.ts';
import { minorText, SCALE, toMinor } from '../user/asset-values.ts';

export type TpSlField = 'takeProfit' | 'stopLoss';
export type TpSlRule = 'rule.number.format' | 'rule.contract.triggerZero' | 'rule.contract.takeProfitInvalid' | 'rule.contract.stopLossInvalid';
export type TpSlErrors = Partial<Record<TpSlField, TpSlRule>>;

export interface TpSlInput {
  direction: ContractDirection;
  /** The latest (mark) price; null before the first mark, when only the format and 0 are checked here. */
  mark: string | null;
  /** What the user typed; empty means none. */
  takeProfit: string;
  stopLoss: string;
}

const INVALID: Record<TpSlField, TpSlRule> = { takeProfit: 'rule.contract.takeProfitInvalid', stopLoss: 'rule.contract.stopLossInvalid' };

/** Whether a trigger must lie above the mark: a long's take-profit and a short's stop-loss. */
const above = (field: TpSlField, direction: ContractDirection): boolean => (field === 'takeProfit') === (direction === 'long');

function checkOne(field: TpSlField, text: string, direction: ContractDirection, mark: bigint | null): TpSlRule | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const price = toMinor(trimmed);
  if (price === null) return 'rule.number.format';
  if (price === 0n) return 'rule.contract.triggerZero';
  if (mark === null) return undefined;
  const ok = above(field, direction) ? price > mark : price < mark;
  return ok ? undefined : INVALID[field];
}

export function checkTpSl(input: TpSlInput): TpSlErrors {
  const mark = input.mark === null ? null : toMinor(input.mark, true);
  const errors: TpSlErrors = {};
  for (const field of ['takeProfit', 'stopLoss'] as const) {
    const rule = checkOne(field, input[field], input.direction, mark);
    if (rule) errors[field] = rule;
  }
  return errors;
}

/**
 * The setTpSl request for what changed against the prices in force: a new or moved price is sent, an emptied field
 * removes its trigger (null), an untouched one is left out. null when nothing changed.
 */
export function tpSlRequest(
  symbol: string,
  typed: Pick<TpSlInput, TpSlField>,
  current: Readonly<Record<TpSlField, string | null>>,
): ContractSetTpSlRequest | null {
  const request: ContractSetTpSlRequest = { symbol };
  let changed = false;
  for (const field of ['takeProfit', 'stopLoss'] as const) {
    const text = typed[field].trim();
    const was = current[field];
    if (!text) {
      if (was === null) continue;
      request[field] = null;
    } else {
      if (was !== null && toMinor(text) === toMinor(was, true)) continue;
      request[field] = text;
    }
    changed = true;
  }
  return changed ? request : null;
}

/**
 * What closing the whole position at `price` would realize before fees (quote, decimal text): the exit notional less
 * the entry notional for a long, the reverse for a short. null while the price is not a valid one.
 */
export function pnlAt(position: { direction: ContractDirection; quantity: string; entryNotional: string }, price: string): string | null {
  const at = toMinor(price.trim());
  const quantity = toMinor(position.quantity, true);
  const entry = toMinor(position.entryNotional, true);
  if (at === null || at === 0n || quantity === null || entry === null) return null;
  const exit = (quantity * at) / SCALE;
  return minorText(position.direction === 'long' ? exit - entry : entry - exit);
}
