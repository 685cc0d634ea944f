// Position P&L at every mark: each open position's unrealized P&L, profit rate, maintenance, margin ratio and
// liquidation price, and the account's unrealized P&L, margin balance, cross maintenance and cross margin ratio,
// recomputed from the positions as the server sent them (exact entry notional, size, margin) and the latest mark of
// each market, with the server's own functions (perpMath's, as accountPositionsRisk puts them together) and its text
// (perpMath.*Texts). A row keeps its identity while none of its figures change, so a tick repaints only the rows
// whose numbers moved; and what a tick did not move (another market's own figures, texts of unchanged numbers) is
// not computed again, so a frame of a few marks over hundreds of positions stays cheap.
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

/** A position's figures at one mark (the shared module's positionFigures), kept with what they came from. */
interface Figured {
  readonly brackets: perpMath.Brackets;
  readonly mark: bigint | null;
  readonly position: perpMath.RiskPosition;
  readonly figures: perpMath.PositionFigures;
  /** positionRiskTexts of the figures that depend on the mark alone (mark, notional, P&L, profit rate, maintenance),
   *  written when a row is first made from these figures (textsOf): most positions a frame's marks move are not in view. */
  texts: perpMath.PositionRiskTexts | null;
}

/** What a row showed last: the figures it was made from, its margin ratio and liquidation price, and the row. */
interface Shown {
  readonly figured: Figured;
  readonly marginRatio: perpMath.Rate | null;
  readonly liquidationPrice: bigint | null;
  readonly row: ContractPositionItem;
}

/**
 * A mark tick moves one market's figures but every cross position's margin ratio and liquidation price (they stand
 * on the whole cross account), so each position's own figures are computed again only when its mark moved, and
 * texts only for the numbers that changed. Keyed by the server's item, so a new item starts afresh.
 */
const figuredCache = new WeakMap<ContractPositionItem, Figured>();
const shownCache = new WeakMap<ContractPositionItem, Shown>();

/** The position as the formulas take it, from the item's exact figures. */
function riskPosition(item: ContractPositionItem, brackets: perpMath.Brackets): perpMath.RiskPosition {
  const q = toUnits(item.quantity);
  return { size: item.direction === 'short' ? -q : q, cost: toUnits(item.entryNotional), leverage: item.leverage, mode: item.marginType, margin: toUnits(item.margin), brackets };
}

function figuredAt(item: ContractPositionItem, brackets: perpMath.Brackets, mark: bigint | null): Figured {
  const held = figuredCache.get(item);
  if (held !== undefined && held.mark === mark && held.brackets === brackets) return held;
  const position = held !== undefined && held.brackets === brackets ? held.position : riskPosition(item, brackets);
  const figures = perpMath.positionFigures(position, mark);
  const next: Figured = { brackets, mark, position, figures, texts: null };
  figuredCache.set(item, next);
  return next;
}

function textsOf(f: Figured): perpMath.PositionRiskTexts {
  return (f.texts ??= perpMath.positionRiskTexts({ ...f.figures, marginRatio: null, liquidationPrice: null }, f.mark));
}

/** The freshest mark: the topic's, unless the server's item was read after it (then the mark the server used). */
function markFor(item: ContractPositionItem, read: number, live: MarkAt | null | undefined): bigint | null {
  if (live != null && (live.time >= read || item.markPrice === null)) return live.price;
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

interface Opened {
  readonly open: ReturnType<typeof openPositions>;
  readonly symbols: readonly string[];
  /** Symbol → place in `open`. */
  readonly at: ReadonlyMap<string, number>;
}
const openCache = new WeakMap<ContractPositionsState, Opened>();
/** The open positions of a state (sorted once per state: most frames bring a new mark, not a new state). */
function openOf(state: ContractPositionsState): Opened {
  let found = openCache.get(state);
  if (found === undefined) {
    const open = openPositions(state);
    const symbols = open.map((p) => p.item.symbol);
    openCache.set(state, (found = { open, symbols, at: new Map(symbols.map((s, i) => [s, i])) }));
  }
  return found;
}

/**
 * Rows made when first asked for: a frame's marks move every cross position's liquidation price, but only the rows
 * someone reads (those in view, the chart's) need theirs worked out and written. A row already shown with the same
 * figures is that same object.
 */
class LiveRows implements ReadonlyMap<string, ContractPositionItem> {
  /** The rows made so far, by symbol. */
  readonly made = new Map<string, ContractPositionItem>();
  private readonly opened: Opened;
  private readonly make: (index: number) => ContractPositionItem;
  constructor(opened: Opened, make: (index: number) => ContractPositionItem) {
    this.opened = opened;
    this.make = make;
  }
  get size(): number {
    return this.opened.symbols.length;
  }
  has(symbol: string): boolean {
    return this.opened.at.has(symbol);
  }
  get(symbol: string): ContractPositionItem | undefined {
    let row = this.made.get(symbol);
    if (row === undefined) {
      const i = this.opened.at.get(symbol);
      if (i === undefined) return undefined;
      this.made.set(symbol, (row = this.make(i)));
    }
    return row;
  }
  forEach(fn: (value: ContractPositionItem, key: string, map: ReadonlyMap<string, ContractPositionItem>) => void): void {
    for (const [k, v] of this) fn(v, k, this);
  }
  *entries(): MapIterator<[string, ContractPositionItem]> {
    for (const s of this.opened.symbols) yield [s, this.get(s)!];
  }
  keys(): MapIterator<string> {
    return this.opened.symbols[Symbol.iterator]();
  }
  *values(): MapIterator<ContractPositionItem> {
    for (const s of this.opened.symbols) yield this.get(s)!;
  }
  [Symbol.iterator](): MapIterator<[string, ContractPositionItem]> {
    return this.entries();
  }
}

/** The last list read along one run of liveContract (each result hands it to the next), for `list`'s identity. */
const listHolders = new WeakMap<LiveContract, { list: readonly ContractPositionItem[] | null }>();

/**
 * The live rows and account. Without the account, or without the brackets of every open position's market (the
 * markets list not read yet), the server's figures are shown as they came.
 *
 * The figures are perpMath.accountPositionsRisk's, put together from the same functions in the same order
 * (positionFigures of each position, their AccountTotals, then each one's margin ratio and liquidation price on
 * them), so that what a tick did not move is not computed again; a row's margin ratio and liquidation price are
 * worked out when the row is read.
 */
export function liveContract(
  state: ContractPositionsState,
  marks: ReadonlyMap<string, MarkAt | null>,
  bracketsOf: (symbol: string) => perpMath.Brackets | null,
  held: LiveContract | null,
): LiveContract {
  const opened = openOf(state);
  const { open } = opened;
  const brackets = open.map((p) => bracketsOf(p.item.symbol));
  const computable = state.account !== null && brackets.every((b) => b !== null);
  let rows: ReadonlyMap<string, ContractPositionItem>;
  let account = state.account;
  if (computable && state.account !== null) {
    const figured = open.map((p, i) => figuredAt(p.item, brackets[i]!, markFor(p.item, p.time, marks.get(p.item.symbol))));
    const totals = new perpMath.AccountTotals(toUnits(state.account.crossWalletBalance));
    for (const f of figured) totals.add(f.figures.mode, f.figures.upnl, f.figures.maintenance);
    // The rows the last result made (not the result itself: a chain of results would never be let go), so a row
    // of a new item (a position update) that shows the same figures keeps its identity.
    const before = held === null ? null : held.rows instanceof LiveRows ? held.rows.made : held.rows;
    rows = new LiveRows(opened, (i) => {
      const { item } = open[i]!;
      const f = figured[i]!;
      const own = f.figures;
      const marginRatio = perpMath.positionMarginRatio(f.position, own, totals);
      const liquidationPrice = perpMath.positionLiquidationPrice(f.position, f.position.mode === 'cross' ? perpMath.crossContext(totals, own) : null);
      const shown = shownCache.get(item);
      if (shown !== undefined && shown.figured === f && shown.marginRatio === marginRatio && shown.liquidationPrice === liquidationPrice) return shown.row;
      const row = kept(shown?.row ?? before?.get(item.symbol), {
        ...item,
        ...textsOf(f),
        marginRatio: marginRatio === null ? null : perpMath.percentText(marginRatio),
        liquidationPrice: perpMath.liquidationPriceText(liquidationPrice),
      });
      shownCache.set(item, { figured: f, marginRatio, liquidationPrice, row });
      return row;
    });
    const risk = { account: totals, crossMarginRatio: perpMath.crossMarginRatio(totals) };
    account = kept(held?.account, { ...state.account, ...perpMath.accountRiskTexts(risk, toUnits(state.account.walletBalance)) });
  } else {
    const eager = new Map<string, ContractPositionItem>();
    for (const { item } of open) eager.set(item.symbol, kept(held?.rows.get(item.symbol), item));
    rows = eager;
    account = state.account === null ? null : kept(held?.account, state.account);
  }
  const symbols = held && sameList(held.symbols, opened.symbols) ? held.symbols : opened.symbols;
  const holder = (held && listHolders.get(held)) ?? { list: null };
  let list: readonly ContractPositionItem[] | null = null;
  const live: LiveContract = {
    rows,
    symbols,
    get list() {
      if (list === null) {
        const next = [...rows.values()];
        list = holder.list !== null && sameList(holder.list, next) ? holder.list : next;
        holder.list = list;
      }
      return list;
    },
    account,
  };
  listHolders.set(live, holder);
  return live;
}
