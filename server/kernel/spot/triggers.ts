// A spot market's waiting conditional orders (Binance's STOP_LOSS, STOP_LOSS_LIMIT, TAKE_PROFIT, TAKE_PROFIT_LIMIT,
// with or without trailingDelta) and the rules that fire them on the last trade price, trade by trade:
//
// - A stop-loss sell and a take-profit buy wait for the price to FALL to their stop; a stop-loss buy and a
//   take-profit sell for it to RISE to it. An order whose stop the last price already meets is refused at
//   placement (it would fire at once).
// - A trailing order (trailingDelta, basis points) tracks the best price since it started tracking (the highest for
//   a sell, the lowest for a buy) and fires on a move of the delta against it: a sell when price × 10⁴ ≤ best ×
//   (10⁴ − delta), a buy when price × 10⁴ ≥ best × (10⁴ + delta). With a stop price it starts tracking at the first
//   trade that meets the stop (that trade's price is its first best); without one, at placement, from the last
//   price (or the next trade when the market has none). Binance's trailing-stop FAQ, scenarios A–E, are its tests.
//
// Fixed stops sit in two arrays sorted by stop then id, so a trade costs O(log n + fired); tracking trailing orders
// are checked on every trade (they are few, and each trade moves each of them).
import type { Side } from '../book/types.ts';
import type { OrderId, Price, UserId } from '../money/nominal.ts';
import type { SpotConditionalCommand } from './commands.ts';

export type Condition = 'stop_loss' | 'take_profit';

/** Does the order fire (or start tracking) when the price rises to its stop? (Else when it falls to it.) */
export const risesTo = (condition: Condition, side: Side): boolean => (condition === 'stop_loss') === (side === 'buy');

export const MIN_TRAILING_BIPS = 10;
export const MAX_TRAILING_BIPS = 2000;

/** A conditional order as it waits: its command's terms, what it holds, and a trailing order's best price. */
export interface Waiting extends Omit<SpotConditionalCommand, 'type' | 'order'> {
  readonly id: OrderId;
  /** Funds frozen for it while it waits (an OCO leg may hold less: its partner holds the rest). */
  readonly held: bigint;
  /** Best price since it started tracking (trailing orders); null before. */
  trail: Price | null;
}

/** Would a fixed stop fire at `price` (or, for a trailing order with a stop, start tracking)? */
export function meetsStop(w: Pick<Waiting, 'condition' | 'side' | 'stop'>, price: Price): boolean {
  if (w.stop === null) return false;
  return risesTo(w.condition, w.side) ? price >= w.stop : price <= w.stop;
}

/** Does a tracking trailing order fire at `price`? */
export function trailFires(w: Pick<Waiting, 'side' | 'trailingBips' | 'trail'>, price: Price): boolean {
  if (w.trail === null || w.trailingBips === null) return false;
  const p = BigInt(price) * 10_000n;
  const best = BigInt(w.trail);
  const d = BigInt(w.trailingBips);
  return w.side === 'sell' ? p <= best * (10_000n - d) : p >= best * (10_000n + d);
}

/** A tracking order's best price after a trade at `price`. */
export const better = (side: Side, best: Price, price: Price): Price => (side === 'sell' ? (price > best ? price : best) : price < best ? price : best);

function insert(list: Waiting[], w: Waiting, before: (a: Waiting, b: Waiting) => boolean): void {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(list[mid]!, w)) lo = mid + 1;
    else hi = mid;
  }
  list.splice(lo, 0, w);
}

const byStopUp = (a: Waiting, b: Waiting) => a.stop! < b.stop! || (a.stop === b.stop && a.id < b.id);
const byStopDown = (a: Waiting, b: Waiting) => a.stop! > b.stop! || (a.stop === b.stop && a.id < b.id);

export class Triggers {
  private readonly all = new Map<OrderId, Waiting>();
  /** Fixed stops (and trailing orders not yet tracking) that fire when the price rises to them, lowest first. */
  private readonly rising: Waiting[] = [];
  /** ... when it falls to them, highest first. */
  private readonly falling: Waiting[] = [];
  /** Trailing orders tracking the price. */
  private readonly tracking = new Set<Waiting>();
  /** Trailing orders whose best price changed since `takeTrailed` was last called. */
  private readonly moved = new Set<Waiting>();

  get size(): number {
    return this.all.size;
  }

  get(id: OrderId): Waiting | undefined {
    return this.all.get(id);
  }

  has(id: OrderId): boolean {
    return this.all.has(id);
  }

  /** By ascending id (time order). */
  list(user?: UserId): Waiting[] {
    return [...this.all.values()].filter((w) => user === undefined || w.user === user).sort((a, b) => a.id - b.id);
  }

  add(w: Waiting): void {
    if (this.all.has(w.id)) throw new Error(`conditional order ${w.id} is already waiting`);
    this.all.set(w.id, w);
    if (w.trailingBips !== null && (w.stop === null || w.trail !== null)) this.tracking.add(w);
    else if (risesTo(w.condition, w.side)) insert(this.rising, w, byStopUp);
    else insert(this.falling, w, byStopDown);
  }

  remove(id: OrderId): Waiting | undefined {
    const w = this.all.get(id);
    if (w === undefined) return undefined;
    this.all.delete(id);
    this.moved.delete(w);
    if (!this.tracking.delete(w)) {
      const list = risesTo(w.condition, w.side) ? this.rising : this.falling;
      const at = list.indexOf(w);
      if (at >= 0) list.splice(at, 1);
    }
    return w;
  }

  /**
   * A trade at `price`: orders it fires are removed and appended to `fired` (fixed stops in trigger order, then
   * trailing orders by id); trailing orders it starts or moves are updated.
   */
  onTrade(price: Price, fired: Waiting[]): void {
    // Trailing orders already tracking move (or fire) first: an order that starts tracking at this trade takes
    // this trade's price as its first best and can't fire on it.
    if (this.tracking.size > 0) {
      const hit: Waiting[] = [];
      for (const w of this.tracking) {
        if (w.trail === null) {
          w.trail = price; // no last price at placement: tracking starts at the first trade
          this.moved.add(w);
        } else if (trailFires(w, price)) hit.push(w);
        else {
          const b = better(w.side, w.trail, price);
          if (b !== w.trail) {
            w.trail = b;
            this.moved.add(w);
          }
        }
      }
      hit.sort((a, b) => a.id - b.id);
      for (const w of hit) {
        this.tracking.delete(w);
        this.all.delete(w.id);
        this.moved.delete(w);
      }
      this.reach(this.rising, (w) => price >= w.stop!, price, fired);
      this.reach(this.falling, (w) => price <= w.stop!, price, fired);
      fired.push(...hit);
      return;
    }
    this.reach(this.rising, (w) => price >= w.stop!, price, fired);
    this.reach(this.falling, (w) => price <= w.stop!, price, fired);
  }

  private reach(list: Waiting[], met: (w: Waiting) => boolean, price: Price, fired: Waiting[]): void {
    let n = 0;
    while (n < list.length && met(list[n]!)) n++;
    if (n === 0) return;
    for (const w of list.splice(0, n)) {
      if (w.trailingBips !== null) {
        w.trail = price; // reached its stop: starts tracking from this trade
        this.tracking.add(w);
        this.moved.add(w);
      } else {
        this.all.delete(w.id);
        fired.push(w);
      }
    }
  }

  /** Trailing orders whose best price moved since the last call (for the desk to store). */
  takeTrailed(): Waiting[] {
    const out = [...this.moved].filter((w) => this.all.has(w.id));
    this.moved.clear();
    return out.sort((a, b) => a.id - b.id);
  }
}
