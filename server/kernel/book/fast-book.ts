// The fast order book: orders and price levels live in preallocated typed-array slots with free lists, each level
// holds an intrusive doubly linked FIFO of its orders, each side is a sorted PriceLadder, and ids resolve through
// an IdIndex. Matching allocates nothing: fills go to the caller's reusable MatchSink. Behaviour is defined by
// ReferenceBook; the shared suite and the property test hold this one to it.
import { Code } from '../codes.ts';
import type { OrderId, Price, Qty, UserId } from '../money/nominal.ts';
import { FastBookStore, NIL } from './fast-book-store.ts';
import type { PriceLadder } from './price-ladder.ts';
import { FILL, MAKER_EXPIRED, type MatchSink } from './sink.ts';
import type { BookOrder, DepthLevel, OrderBook, RestingOrder, Side } from './types.ts';
import { checkFastBook } from './fast-book-check.ts';

export class FastBook extends FastBookStore implements OrderBook {
  place(o: BookOrder, sink: MatchSink): void {
    sink.reset();
    const qty: number = o.qty;
    sink.remaining = qty;
    if (this.index.get(o.id) !== NIL) {
      sink.outcome = Code.DUPLICATE_ORDER_ID;
      return;
    }
    const isBuy = o.side === 'buy';
    const opp = isBuy ? this.asks : this.bids;
    const limit: number = o.price;
    const lPrice = this.lPrice;
    if (o.postOnly && opp.len > 0) {
      const p = lPrice[opp.best()]!;
      if (isBuy ? p <= limit : p >= limit) {
        sink.outcome = Code.POST_ONLY_WOULD_TAKE;
        return;
      }
    }
    if (o.tif === 'FOK' && this.fillable(o, opp, isBuy) < qty) {
      sink.outcome = Code.FOK_NOT_FILLABLE;
      return;
    }
    const owner: number = o.owner;
    const stp = o.stp;
    const stpOn = stp !== 'NONE';
    const oQty = this.oQty;
    const oOwner = this.oOwner;
    const oNext = this.oNext;
    const lTotal = this.lTotal;
    let budget = o.budget;
    let rem = qty;
    let stpStop = false;
    let stopped = false;
    while (rem > 0 && opp.len > 0) {
      const lv = opp.levels[opp.len - 1]!;
      const p = lPrice[lv]!;
      if (isBuy ? p > limit : p < limit) break;
      let s = this.lHead[lv]!;
      while (s !== NIL) {
        const next = oNext[s]!;
        const mq = oQty[s]!;
        if (stpOn && oOwner[s] === owner) {
          if (stp === 'EXPIRE_TAKER') {
            stpStop = true;
            break;
          }
          sink.push(MAKER_EXPIRED, this.oId[s]!, owner, p, mq, 0);
          lTotal[lv] = lTotal[lv]! - mq;
          this.unlink(s, lv);
          if (stp === 'EXPIRE_BOTH') {
            stpStop = true;
            break;
          }
          s = next;
          continue;
        }
        let take = mq < rem ? mq : rem;
        if (budget !== Infinity) {
          const cap = Math.floor(budget / p);
          if (cap < take) take = cap;
          if (take === 0) {
            stopped = true;
            break;
          }
          budget -= take * p;
        }
        rem -= take;
        const left = mq - take;
        sink.push(FILL, this.oId[s]!, oOwner[s]!, p, take, left);
        lTotal[lv] = lTotal[lv]! - take;
        if (left > 0) {
          // The maker outlasted the taker: either the taker is done or its budget can't pay for another lot.
          oQty[s] = left;
          stopped = true;
          break;
        }
        this.unlink(s, lv);
        if (rem === 0) break;
        s = next;
      }
      if (this.lCount[lv] === 0) {
        opp.len--; // it was the best level, so it is the ladder's last entry
        this.freeLevel(lv);
      }
      if (stpStop || stopped) break;
    }
    sink.filled = qty - rem;
    sink.remaining = rem;
    if (stpStop) sink.outcome = Code.EXPIRED_STP_TAKER;
    else if (rem === 0) sink.outcome = Code.FILLED;
    else if (o.tif === 'GTC' && o.budget === Infinity) {
      this.rest(o.id, owner, isBuy, limit, rem);
      sink.outcome = Code.RESTED;
    } else sink.outcome = Code.EXPIRED_IOC;
  }

  /** What a FOK order could fill, walking the book as matching would but changing nothing. */
  private fillable(o: BookOrder, opp: PriceLadder, isBuy: boolean): number {
    const stpOn = o.stp !== 'NONE';
    let got = 0;
    let budget = o.budget;
    for (let n = 0; n < opp.len; n++) {
      const lv = opp.at(n);
      const p = this.lPrice[lv]!;
      if (isBuy ? p > o.price : p < o.price) break;
      for (let s = this.lHead[lv]!; s !== NIL; s = this.oNext[s]!) {
        if (stpOn && this.oOwner[s] === o.owner) {
          if (o.stp === 'EXPIRE_MAKER') continue;
          return got;
        }
        const take = Math.min(this.oQty[s]!, o.qty - got, Math.floor(budget / p));
        if (take === 0) return got;
        got += take;
        budget -= take * p;
        if (got === o.qty) return got;
      }
    }
    return got;
  }

  private rest(id: number, owner: number, isBuy: boolean, price: number, qty: number): void {
    const ladder = isBuy ? this.bids : this.asks;
    let lv = ladder.find(price);
    if (lv === NIL) {
      lv = this.allocLevel(price, isBuy);
      ladder.insert(price, lv);
    }
    const s = this.allocOrder();
    this.oId[s] = id;
    this.oOwner[s] = owner;
    this.oQty[s] = qty;
    this.oLevel[s] = lv;
    const tail = this.lTail[lv]!;
    this.oPrev[s] = tail;
    this.oNext[s] = NIL;
    if (tail === NIL) this.lHead[lv] = s;
    else this.oNext[tail] = s;
    this.lTail[lv] = s;
    this.lCount[lv]!++;
    this.lTotal[lv]! += qty;
    this.index.set(id, s);
    this.count++;
  }

  cancel(id: OrderId): number {
    const s = this.index.get(id);
    if (s === NIL) return 0;
    const lv = this.oLevel[s]!;
    const q = this.oQty[s]!;
    this.lTotal[lv]! -= q;
    this.unlink(s, lv);
    if (this.lCount[lv] === 0) {
      (this.lIsBid[lv] === 1 ? this.bids : this.asks).remove(this.lPrice[lv]!);
      this.freeLevel(lv);
    }
    return q;
  }

  reduce(id: OrderId, qty: Qty): boolean {
    const s = this.index.get(id);
    if (s === NIL) return false;
    const current = this.oQty[s]!;
    if (!(qty > 0 && qty < current)) return false;
    this.lTotal[this.oLevel[s]!]! -= current - qty;
    this.oQty[s] = qty;
    return true;
  }

  has(id: OrderId): boolean {
    return this.index.get(id) !== NIL;
  }

  private resting(s: number): RestingOrder {
    const lv = this.oLevel[s]!;
    return {
      id: this.oId[s]! as OrderId,
      owner: this.oOwner[s]! as UserId,
      side: this.lIsBid[lv] === 1 ? 'buy' : 'sell',
      price: this.lPrice[lv]! as Price,
      qty: this.oQty[s]! as Qty,
    };
  }

  order(id: OrderId): RestingOrder | undefined {
    const s = this.index.get(id);
    return s === NIL ? undefined : this.resting(s);
  }

  best(side: Side): Price | null {
    const lv = (side === 'buy' ? this.bids : this.asks).best();
    return lv === NIL ? null : (this.lPrice[lv]! as Price);
  }

  depth(side: Side, levels: number): DepthLevel[] {
    const ladder = side === 'buy' ? this.bids : this.asks;
    const out: DepthLevel[] = [];
    for (let n = 0; n < levels && n < ladder.len; n++) {
      const lv = ladder.at(n);
      out.push({ price: this.lPrice[lv]! as Price, qty: this.lTotal[lv]! as Qty, count: this.lCount[lv]! });
    }
    return out;
  }

  orders(): RestingOrder[] {
    const out: RestingOrder[] = [];
    for (const ladder of [this.bids, this.asks]) {
      for (let n = 0; n < ladder.len; n++) {
        for (let s = this.lHead[ladder.at(n)]!; s !== NIL; s = this.oNext[s]!) out.push(this.resting(s));
      }
    }
    return out;
  }

  size(): number {
    return this.count;
  }

  checkInvariants(): void {
    checkFastBook(this);
  }
}
