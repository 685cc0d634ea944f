// Position P&L at every mark: each open position's unrealized P&L, profit rate, maintenance, margin ratio and
// liquidation price, and the account's unrealized P&L, margin balance, cross maintenance and cross margin ratio,
// recomputed from the positions as the server sent them (exact entry notional, size, margin) and the latest mark of
// each market, with the server's own functions (perpMath.accountPositionsRisk) and its text (perpMath.*Texts).
// A row keeps its identity while none of its figures change, so a tick repaints only the rows whose numbers moved.
import type { ContractAccountItem, ContractPositionItem } from '../contract.ts';
import { perpMath } from '../contract.ts';
import { toUnits } from '../decimal.ts';
import { openPositions, type ContractPositionsState } from './contract-positions.ts';

/** A market's latest mark (quote minor units per coin) and its server time. */
export interface MarkAt {
  readonly price: bigint;
  readonly time: number;
}

export interface LiveContract {
  /** Open positions by symbol, live. */
  readonly rows: ReadonlyMap<string, ContractPositionItem>;
  /** Their symbols, sorted; the same array while the set is the same. */
  readonly symbols: readonly string[];
  /** The rows in symbol order; the same array while no row changed. */
  readonly list: readonly ContractPositionItem[];
  /** null before the first reply or account event. */
  readonly account: ContractAccountItem | null;
}

const riskCache = new WeakMap<ContractPositionItem, Omit<perpMath.RiskPosition, 'brackets'>>();

/** The position as the formulas take it, from the item's exact figures. */
function riskPosition(item: ContractPositionItem, brackets: perpMath.Brackets): perpMath.RiskPosition {
  let found = riskCache.get(item);
  if (found === undefined) {
    const q = toUnits(item.quantity);
    found = { size: item.direction === 'short' ? -q : q, cost: toUnits(item.entryNotional), leverage: item.leverage, mode: item.marginType, margin: toUnits(item.margin) };
    riskCache.set(item, found);
  }
  return { ...found, brackets };
}

/** The freshest mark: the topic's, unless the server's item was read after it (then the mark the server used). */
function markFor(item: ContractPositionItem, read: number, live: MarkAt | undefined): bigint | null {
  if (live !== undefined && (live.time >= read || item.markPrice === null)) return live.price;
  return item.markPrice === null ? null : toUnits(item.markPrice);
}

/** `held` when it shows the same as `next` (every field a primitive), else `next`. */
function kept<T extends object>(held: T | null | undefined, next: T): T {
  if (!held) return next;
  const a = held as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]) ? held : next;
}

/** The same items in the same order (by identity). */
export const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The live rows and account. Without the account, or without the brackets of every open position's market (the
 * markets list not read yet), the server's figures are shown as they came.
 */
export function liveContract(
  state: ContractPositionsState,
  marks: ReadonlyMap<string, MarkAt>,
  bracketsOf: (symbol: string) => perpMath.Brackets | null,
  held: LiveContract | null,
): LiveContract {
  const open = openPositions(state);
  const brackets = open.map((p) => bracketsOf(p.item.symbol));
  const computable = state.account !== null && brackets.every((b) => b !== null);
  const rows = new Map<string, ContractPositionItem>();
  let account = state.account;
  if (computable && state.account !== null) {
    const positions = open.map((p, i) => ({ position: riskPosition(p.item, brackets[i]!), mark: markFor(p.item, p.time, marks.get(p.item.symbol)) }));
    const risk = perpMath.accountPositionsRisk(toUnits(state.account.crossWalletBalance), positions);
    open.forEach(({ item }, i) => {
      const texts = perpMath.positionRiskTexts(risk.positions[i]!, positions[i]!.mark);
      rows.set(item.symbol, kept(held?.rows.get(item.symbol), { ...item, ...texts }));
    });
    account = kept(held?.account, { ...state.account, ...perpMath.accountRiskTexts(risk, toUnits(state.account.walletBalance)) });
  } else {
    for (const { item } of open) rows.set(item.symbol, kept(held?.rows.get(item.symbol), item));
    account = state.account === null ? null : kept(held?.account, state.account);
  }
  const symbols = open.map((p) => p.item.symbol);
  const list = [...rows.values()];
  return {
    rows,
    symbols: held && sameList(held.symbols, symbols) ? held.symbols : symbols,
    list: held && sameList(held.list, list) ? held.list : list,
    account,
  };
}
