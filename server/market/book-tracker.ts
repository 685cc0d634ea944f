// Derives aggregate level changes from a desk's resting orders, mirroring them (id → side, price, lots): either from a
// spot engine's events as they are (apply), for a desk that would rather hand over its events than query its book, or
// from the orders a command's events name as its book now holds them (sync: the perp desk, desks/perp/settle.ts). Either
// way the changes are each touched level's final total.
import type { OrderId, Price, RestingOrder, Side, SpotEvent } from '../kernel/index.ts';
import type { LevelChange } from './inputs.ts';

interface Resting {
  side: Side;
  price: Price;
  qty: number;
}

type Touched = Map<string, { side: Side; price: Price }>;

export class BookTracker {
  readonly symbol: string;
  private readonly orders = new Map<OrderId, Resting>();
  private readonly levels = { buy: new Map<Price, number>(), sell: new Map<Price, number>() };

  constructor(symbol: string, resting: readonly RestingOrder[] = []) {
    this.symbol = symbol;
    // A desk rebuilt from the store seeds the tracker with its book's resting orders.
    for (const o of resting) this.add(o.id, o.side, o.price, o.qty, new Map());
  }

  /** Level changes caused by `events`, one per touched level with its final quantity, in first-touch order. */
  apply(events: readonly SpotEvent[]): LevelChange[] {
    const touched: Touched = new Map();
    for (const e of events) {
      switch (e.type) {
        case 'rested':
          this.add(e.order, e.side, e.price, e.qty, touched);
          break;
        case 'trade':
          this.reduce(e.maker, e.qty, touched);
          break;
        case 'amended': {
          const o = this.orders.get(e.order);
          // Kept priority: the order shrank in place. Otherwise it left the book; a later `rested` puts it back.
          if (o !== undefined && e.keptPriority) this.reduce(e.order, o.qty - e.qty, touched);
          else if (o !== undefined) this.reduce(e.order, o.qty, touched);
          break;
        }
        case 'closed': {
          const o = this.orders.get(e.order);
          if (o !== undefined) this.reduce(e.order, o.qty, touched);
          break;
        }
        default:
          break;
      }
    }
    return this.changes(touched);
  }

  /**
   * Level changes that take the mirrored orders to the states given, each as the book holds it now (undefined: not
   * resting), one per touched level with its final quantity, in first-touch order. Orders not given are as they were.
   */
  sync(orders: Iterable<readonly [OrderId, RestingOrder | undefined]>): LevelChange[] {
    const touched: Touched = new Map();
    for (const [id, now] of orders) {
      const was = this.orders.get(id);
      if (was !== undefined && now !== undefined && was.side === now.side && was.price === now.price && was.qty === now.qty) continue;
      if (was !== undefined) this.reduce(id, was.qty, touched);
      if (now !== undefined && now.qty > 0) this.add(id, now.side, now.price, now.qty, touched);
    }
    return this.changes(touched);
  }

  /** Aggregate lots at a level (0 when empty). */
  level(side: Side, price: Price): number {
    return this.levels[side].get(price) ?? 0;
  }

  /** Every level of a side, best first (a desk's check of the tracker against its book). */
  all(side: Side): Array<[Price, number]> {
    return [...this.levels[side]].sort(([a], [b]) => (side === 'buy' ? b - a : a - b));
  }

  private changes(touched: Touched): LevelChange[] {
    return [...touched.values()].map(({ side, price }) => ({ symbol: this.symbol, side, price, qty: this.levels[side].get(price) ?? 0 }));
  }

  private add(id: OrderId, side: Side, price: Price, qty: number, touched: Touched): void {
    this.orders.set(id, { side, price, qty });
    this.levels[side].set(price, (this.levels[side].get(price) ?? 0) + qty);
    touched.set(`${side}:${price}`, { side, price });
  }

  private reduce(id: OrderId, by: number, touched: Touched): void {
    const o = this.orders.get(id);
    if (o === undefined || by <= 0) return;
    o.qty -= by;
    if (o.qty <= 0) this.orders.delete(id);
    const left = (this.levels[o.side].get(o.price) ?? 0) - by;
    if (left > 0) this.levels[o.side].set(o.price, left);
    else this.levels[o.side].delete(o.price);
    touched.set(`${o.side}:${o.price}`, { side: o.side, price: o.price });
  }
}
