// The perpetual markets' live figures: a market's mark, index and funding from `markPrice@X` and `funding@X` over
// what the markets list (GET /app/contract/markets, polled) last said, and each market's brackets as the formulas
// take them. A view is replaced only by a newer one (by its event time), and kept as it was when nothing changed.
import type { ContractMarketItem, FundingCountdownEvent, MarkPriceEvent } from '../contract.ts';
import { perpMath } from '../contract.ts';
import { toUnits } from '../decimal.ts';
import type { MarkAt } from './contract-risk.ts';

/** A market's mark, index and funding as a panel shows them (decimal text as the API writes it; rate in percent). */
export interface ContractMarkView {
  readonly symbol: string;
  readonly markPrice: string | null;
  readonly indexPrice: string | null;
  readonly fundingRate: string | null;
  readonly nextFundingTime: number | null;
  /** Server time of the mark (0 for the markets list's figures, which carry none). */
  readonly time: number;
}

/** ContractMarketItem with its live mark, index and funding. */
export type ContractMarketView = ContractMarketItem;
export type ContractMarketViews = ReadonlyMap<string, ContractMarketView>;

/** The same figures (whatever their time). */
export const sameMark = (a: ContractMarkView, b: ContractMarkView): boolean =>
  a.markPrice === b.markPrice && a.indexPrice === b.indexPrice && a.fundingRate === b.fundingRate && a.nextFundingTime === b.nextFundingTime;

/** `next`, unless it is older than `held` or shows the same figures (then `held`, the same object). */
function newer(held: ContractMarkView | null, next: ContractMarkView): ContractMarkView {
  if (held === null) return next;
  if (next.time < held.time || sameMark(held, next)) return held;
  return next;
}

const priceText = (text: string | null): string | null => (text === null ? null : perpMath.amountText(toUnits(text)));

/** The mark event in the API's spelling (prices trimmed, the funding rate as percent, as fundingEvent writes it). */
export function applyMarkPrice(held: ContractMarkView | null, e: MarkPriceEvent): ContractMarkView {
  return newer(held, {
    symbol: e.s,
    markPrice: priceText(e.p),
    indexPrice: priceText(e.i),
    fundingRate: perpMath.percentText(perpMath.rate(toUnits(e.r))),
    nextFundingTime: e.T,
    time: e.E,
  });
}

/** A market's mark as the positions take it, with the rest of its event (index, rate, next funding) to tell a repeat. */
export interface MarkTick extends MarkAt {
  readonly index: bigint | null;
  readonly rate: bigint;
  readonly nextFundingTime: number;
}

/** `markPrice@X` for the positions: replaced as applyMarkPrice replaces a view (by a newer event with other figures). */
export function applyMarkTick(held: MarkTick | null, e: MarkPriceEvent): MarkTick {
  const price = toUnits(e.p);
  const index = e.i === null ? null : toUnits(e.i);
  const rate = toUnits(e.r);
  if (held !== null && (e.E < held.time || (held.price === price && held.index === index && held.rate === rate && held.nextFundingTime === e.T))) return held;
  return { price, time: e.E, index, rate, nextFundingTime: e.T };
}

export function applyFunding(held: ContractMarkView | null, e: FundingCountdownEvent): ContractMarkView {
  const base = held ?? { symbol: e.symbol, markPrice: null, indexPrice: null, fundingRate: null, nextFundingTime: null, time: 0 };
  if (e.time < base.time) return base;
  return newer(held, { ...base, fundingRate: e.fundingRate, nextFundingTime: e.nextFundingTime, time: e.time });
}

export const markOfMarket = (m: ContractMarketItem): ContractMarkView => ({
  symbol: m.symbol, markPrice: m.markPrice, indexPrice: m.indexPrice, fundingRate: m.fundingRate, nextFundingTime: m.nextFundingTime, time: 0,
});

/** The live view of one market: the topic's figures when it has any, over the list's. */
export function marketView(item: ContractMarketItem, live: ContractMarkView | null, held: ContractMarketView | undefined): ContractMarketView {
  const mark = live ?? markOfMarket(item);
  const next = { ...item, markPrice: mark.markPrice, indexPrice: mark.indexPrice, fundingRate: mark.fundingRate, nextFundingTime: mark.nextFundingTime };
  return held !== undefined && sameMarket(held, next) ? held : next;
}

const sameMarket = (a: ContractMarketView, b: ContractMarketView): boolean =>
  (Object.keys(b) as Array<keyof ContractMarketView>).every((k) => k === 'brackets' ? sameBrackets(a.brackets, b.brackets) : a[k] === b[k]);

const sameBrackets = (a: ContractMarketItem['brackets'], b: ContractMarketItem['brackets']): boolean =>
  a === b || (a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i])));

/** Every market's live view; the map (and each view) kept when nothing in it changed. */
export function marketViews(list: readonly ContractMarketItem[], live: ReadonlyMap<string, ContractMarkView | null>, held: ContractMarketViews | null): ContractMarketViews {
  const next = new Map<string, ContractMarketView>();
  for (const item of list) next.set(item.symbol, marketView(item, live.get(item.symbol) ?? null, held?.get(item.symbol)));
  if (held !== null && held.size === next.size && [...next].every(([s, v]) => held.get(s) === v)) return held;
  return next;
}

const bracketCache = new WeakMap<ContractMarketItem['brackets'], perpMath.Brackets | null>();

/** A market's brackets as the formulas take them (perpMath.defineBrackets); null when the table doesn't check. */
export function bracketsOf(item: Pick<ContractMarketItem, 'brackets'>): perpMath.Brackets | null {
  let found = bracketCache.get(item.brackets);
  if (found !== undefined) return found;
  try {
    found = perpMath.defineBrackets(
      item.brackets.map((b) => ({
        floor: toUnits(b.notionalFloor),
        cap: toUnits(b.notionalCap),
        maxLeverage: b.maxLeverage,
        // A percent with 6 decimals is the ratio with 8: a Rate.
        mmr: perpMath.rate(toUnits(b.maintenanceMarginRate, 6)),
      })),
    );
  } catch {
    found = null;
  }
  bracketCache.set(item.brackets, found);
  return found;
}
