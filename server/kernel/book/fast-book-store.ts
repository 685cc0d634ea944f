// FastBook's memory: orders and price levels in preallocated typed-array slots, free slots chained into free
// lists, and growth by doubling when a pool runs out (amortised; never per order). No matching logic here.
import { IdIndex } from './id-index.ts';
import { PriceLadder } from './price-ladder.ts';

export const NIL = -1;

function grownF64(a: Float64Array, n: number): Float64Array {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}
function grownI32(a: Int32Array, n: number): Int32Array {
  const b = new Int32Array(n);
  b.set(a);
  return b;
}

export class FastBookStore {
  // Order slots. Side and price are the level's; a free slot is chained through oNext.
  oId: Float64Array;
  oOwner: Float64Array;
  oQty: Float64Array;
  oLevel: Int32Array;
  oNext: Int32Array;
  oPrev: Int32Array;
  oHigh = 0;
  oFree = NIL;
  count = 0;
  // Level slots; a free level is chained through lHead.
  lPrice: Float64Array;
  lTotal: Float64Array;
  lCount: Int32Array;
  lHead: Int32Array;
  lTail: Int32Array;
  lIsBid: Uint8Array;
  lHigh = 0;
  lFree = NIL;
  readonly bids = new PriceLadder(true);
  readonly asks = new PriceLadder(false);
  readonly index: IdIndex;

  constructor(capacity = 1 << 16, levelCapacity = 1 << 10) {
    this.oId = new Float64Array(capacity);
    this.oOwner = new Float64Array(capacity);
    this.oQty = new Float64Array(capacity);
    this.oLevel = new Int32Array(capacity);
    this.oNext = new Int32Array(capacity);
    this.oPrev = new Int32Array(capacity);
    this.lPrice = new Float64Array(levelCapacity);
    this.lTotal = new Float64Array(levelCapacity);
    this.lCount = new Int32Array(levelCapacity);
    this.lHead = new Int32Array(levelCapacity);
    this.lTail = new Int32Array(levelCapacity);
    this.lIsBid = new Uint8Array(levelCapacity);
    this.index = new IdIndex(capacity);
  }

  /** Takes an order out of its level's queue and frees the slot; the caller adjusts the level total. */
  protected unlink(s: number, lv: number): void {
    const prev = this.oPrev[s]!;
    const next = this.oNext[s]!;
    if (prev === NIL) this.lHead[lv] = next;
    else this.oNext[prev] = next;
    if (next === NIL) this.lTail[lv] = prev;
    else this.oPrev[next] = prev;
    this.lCount[lv]!--;
    this.index.delete(this.oId[s]!);
    this.oLevel[s] = NIL;
    this.oNext[s] = this.oFree;
    this.oFree = s;
    this.count--;
  }

  protected allocOrder(): number {
    const s = this.oFree;
    if (s !== NIL) {
      this.oFree = this.oNext[s]!;
      return s;
    }
    if (this.oHigh === this.oId.length) {
      const n = this.oId.length * 2;
      this.oId = grownF64(this.oId, n);
      this.oOwner = grownF64(this.oOwner, n);
      this.oQty = grownF64(this.oQty, n);
      this.oLevel = grownI32(this.oLevel, n);
      this.oNext = grownI32(this.oNext, n);
      this.oPrev = grownI32(this.oPrev, n);
    }
    return this.oHigh++;
  }

  protected allocLevel(price: number, isBid: boolean): number {
    let lv = this.lFree;
    if (lv !== NIL) this.lFree = this.lHead[lv]!;
    else {
      if (this.lHigh === this.lPrice.length) {
        const n = this.lPrice.length * 2;
        this.lPrice = grownF64(this.lPrice, n);
        this.lTotal = grownF64(this.lTotal, n);
        this.lCount = grownI32(this.lCount, n);
        this.lHead = grownI32(this.lHead, n);
        this.lTail = grownI32(this.lTail, n);
        const b = new Uint8Array(n);
        b.set(this.lIsBid);
        this.lIsBid = b;
      }
      lv = this.lHigh++;
    }
    this.lPrice[lv] = price;
    this.lTotal[lv] = 0;
    this.lCount[lv] = 0;
    this.lHead[lv] = NIL;
    this.lTail[lv] = NIL;
    this.lIsBid[lv] = isBid ? 1 : 0;
    return lv;
  }

  protected freeLevel(lv: number): void {
    this.lCount[lv] = -1; // marks the slot free for checkInvariants
    this.lHead[lv] = this.lFree;
    this.lFree = lv;
  }
}
