// The reference order book: plain objects, sorted arrays and one Map, written to be obviously right rather than
// fast. The fast book must behave exactly like it; the shared suite and the property test hold them to that.
import { Code } from '../codes.ts';
import type { OrderId, Price, Qty, UserId } from '../money/nominal.ts';
import { FILL, MAKER_EXPIRED, type MatchSink } from './sink.ts';
import type { BookOrder, DepthLevel, OrderBook, RestingOrder, Side } from './types.ts';

interface RefOrder {
  id: OrderId;
  owner: UserId;
  side: Side;
  price: Price;
  qty: number;
}

interface RefLevel {
  price: Price;
  orders: RefOrder[];
  total: number;
}

export class ReferenceBook implements OrderBook {
  /** Best first: bids by descending price, asks by ascending price. */
  private readonly bids: RefLevel[] = [];
  private readonly asks: RefLevel[] = [];
  private readonly byId = new Map<OrderId, RefOrder>();

  private levels(side: Side): RefLevel[] {
    return side === 'buy' ? this.bids : this.asks;
  }

  place(o: BookOrder, sink: MatchSink): void {
    sink.reset();
    sink.remaining = o.qty;
    if (this.byId.has(o.id)) {
      sink.outcome = Code.DUPLICATE_ORDER_ID;
      return;
    }
    const opposite = this.levels(o.side === 'buy' ? 'sell' : 'buy');
    const crosses = (p: number): boolean => (o.side === 'buy' ? p <= o.price : p >= o.price);
    if (o.postOnly && opposite.length > 0 && crosses(opposite[0]!.price)) {
      sink.outcome = Code.POST_ONLY_WOULD_TAKE;
      return;
    }
    if (o.tif === 'FOK' && this.fillable(o, opposite, crosses) < o.qty) {
      sink.outcome = Code.FOK_NOT_FILLABLE;
      return;
    }
    let rem: number = o.qty;
    let budget = o.budget;
    let stopped = false;
    let stpStop = false;
    while (rem > 0 && !stopped && opposite.length > 0) {
      const level = opposite[0]!;
      if (!crosses(level.price)) break;
      while (rem > 0 && level.orders.length > 0) {
        const maker = level.orders[0]!;
        if (maker.owner === o.owner && o.stp !== 'NONE') {
          if (o.stp === 'EXPIRE_TAKER') {
            stpStop = true;
            break;
          }
          this.removeFromLevel(level, maker);
          sink.push(MAKER_EXPIRED, maker.id, maker.owner, maker.price, maker.qty, 0);
          if (o.stp === 'EXPIRE_BOTH') {
            stpStop = true;
            break;
          }
          continue;
        }
        const take = Math.min(maker.qty, rem, Math.floor(budget / level.price));
        if (take === 0) {
          stopped = true;
          break;
        }
        maker.qty -= take;
        level.total -= take;
        rem -= take;
        budget -= take * level.price;
        sink.filled += take;
        sink.push(FILL, maker.id, maker.owner, level.price, take, maker.qty);
        if (maker.qty === 0) this.removeFromLevel(level, maker);
      }
      if (level.orders.length === 0) opposite.shift();
      if (stpStop) break;
    }
    sink.remaining = rem;
    if (stpStop) sink.outcome = Code.EXPIRED_STP_TAKER;
    else if (rem === 0) sink.outcome = Code.FILLED;
    else if (o.tif === 'GTC' && o.budget === Infinity) {
      this.rest({ id: o.id, owner: o.owner, side: o.side, price: o.price, qty: rem });
      sink.outcome = Code.RESTED;
    } else sink.outcome = Code.EXPIRED_IOC;
  }

  /** What a FOK order could fill, walking the book as matching would but changing nothing. */
  private fillable(o: BookOrder, opposite: RefLevel[], crosses: (p: number) => boolean): number {
    let got = 0;
    let budget = o.budget;
    for (const level of opposite) {
      if (!crosses(level.price)) break;
      for (const maker of level.orders) {
        if (maker.owner === o.owner && o.stp !== 'NONE') {
          if (o.stp === 'EXPIRE_MAKER') continue;
          return got;
        }
        const take = Math.min(maker.qty, o.qty - got, Math.floor(budget / level.price));
        if (take === 0) return got;
        got += take;
        budget -= take * level.price;
        if (got === o.qty) return got;
      }
    }
    return got;
  }

  private rest(order: RefOrder): void {
    const levels = this.levels(order.side);
    const better = (a: number, b: number): boolean => (order.side === 'buy' ? a > b : a < b);
    let i = 0;
    while (i < levels.length && better(levels[i]!.price, order.price)) i++;
    let level = levels[i];
    if (level === undefined || level.price !== order.price) {
      level = { price: order.price, orders: [], total: 0 };
      levels.splice(i, 0, level);
    }
    level.orders.push(order);
    level.total += order.qty;
    this.byId.set(order.id, order);
  }

  private removeFromLevel(level: RefLevel, order: RefOrder): void {
    level.orders.splice(level.orders.indexOf(order), 1);
    level.total -= order.qty;
    this.byId.delete(order.id);
  }

  cancel(id: OrderId): number {
    const order = this.byId.get(id);
    if (order === undefined) return 0;
    const levels = this.levels(order.side);
    const i = levels.findIndex((l) => l.price === order.price);
    const level = levels[i]!;
    this.removeFromLevel(level, order);
    if (level.orders.length === 0) levels.splice(i, 1);
    return order.qty;
  }

  reduce(id: OrderId, qty: Qty): boolean {
    const order = this.byId.get(id);
    if (order === undefined || !(qty > 0 && qty < order.qty)) return false;
    const level = this.levels(order.side).find((l) => l.price === order.price)!;
    level.total -= order.qty - qty;
    order.qty = qty;
    return true;
  }

  has(id: OrderId): boolean {
    return this.byId.has(id);
  }

  order(id: OrderId): RestingOrder | undefined {
    const o = this.byId.get(id);
    return o === undefined ? undefined : { id: o.id, owner: o.owner, side: o.side, price: o.price, qty: o.qty as Qty };
  }

  best(side: Side): Price | null {
    return this.levels(side)[0]?.price ?? null;
  }

  depth(side: Side, levels: number): DepthLevel[] {
    return this.levels(side)
      .slice(0, levels)
      .map((l) => ({ price: l.price, qty: l.total as Qty, count: l.orders.length }));
  }

  orders(): RestingOrder[] {
    return [...this.bids, ...this.asks].flatMap((l) => l.orders.map((o) => this.order(o.id)!));
  }

  size(): number {
    return this.byId.size;
  }

  checkInvariants(): void {
    let seen = 0;
    for (const side of ['buy', 'sell'] as const) {
      const levels = this.levels(side);
      levels.forEach((level, i) => {
        const next = levels[i + 1];
        if (next && (side === 'buy' ? next.price >= level.price : next.price <= level.price)) throw new Error(`${side} levels out of order at ${level.price}`);
        if (level.orders.length === 0) throw new Error(`empty ${side} level ${level.price}`);
        let total = 0;
        for (const o of level.orders) {
          if (o.side !== side || o.price !== level.price) throw new Error(`order ${o.id} filed under the wrong level`);
          if (!(o.qty > 0)) throw new Error(`order ${o.id} has qty ${o.qty}`);
          if (this.byId.get(o.id) !== o) throw new Error(`order ${o.id} missing from the index`);
          total += o.qty;
          seen++;
        }
        if (total !== level.total) throw new Error(`${side} level ${level.price} total ${level.total} ≠ ${total}`);
      });
    }
    if (seen !== this.byId.size) throw new Error(`index holds ${this.byId.size} orders, levels ${seen}`);
    const bid = this.best('buy');
    const ask = this.best('sell');
    if (bid !== null && ask !== null && bid >= ask) throw new Error(`crossed book: bid ${bid} ≥ ask ${ask}`);
  }
}
