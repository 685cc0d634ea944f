// Liquidation-price index for ONE perpetuals market: which positions does a mark price reach? A long is reached
// when the mark is at or below its liquidation price (LP ≥ mark), a short when the mark is at or above it
// (LP ≤ mark). Two binary heaps over typed arrays, longs by highest LP and shorts by lowest, and every position's
// place in its heap tracked through a stable slot (key → slot by an IdIndex, slot → heap position by an array), so
// a move or delete is O(log n) with no lazy garbage, and a mark that reaches nobody costs a look at the two roots.
//
// Units and limits: prices are bigint quote minor units (10^-8) per whole coin, stored as float64, which is exact
// for integers within ±Number.MAX_SAFE_INTEGER (2^53 − 1, about 90 million USDT at 8 decimals); `set` throws a
// RangeError outside that. Keys are position ids: safe integers ≥ 0 (the id table keeps -1 as its empty mark).
//
// Sweep order, "highest risk first": by depth past the mark, descending (LP − mark for a long, mark − LP for a
// short), then key ascending. On one side that is longs by descending LP and shorts by ascending LP; the two sides
// interleave by depth only when one mark reaches both (positions left under water when the index was loaded).
//
// Costs (n positions, k reached): set / delete O(log n) (plus the id table's O(1) expected). A sweep that reaches
// nobody looks at the two roots, O(1). Otherwise `reached` walks the reached subtree at each root, O(k) (a node is
// visited only if it or its parent is reached), and sorts the k hits, O(k log k): ordered output needs the sort.
// `takeReached` then removes them by k pops, O(k log n), or, when that would cost more, by compacting the heap and
// rebuilding it bottom-up, O(n). The sweep's scratch lists keep the size of the largest sweep seen.
import { IdIndex } from '../book/id-index.ts';

export type PositionSide = 'long' | 'short';

/** One indexed position: its side and liquidation price (quote minor units per coin). */
export interface LiquidationEntry {
  key: number;
  side: PositionSide;
  price: bigint;
}

const MAX_PRICE = BigInt(Number.MAX_SAFE_INTEGER);
const LONG = 0;
const SHORT = 1;

/**
 * Scratch list of reached entries (prio, key, heap position) in parallel typed arrays, and their sort, riskiest
 * first (prio descending, key ascending): insertion sort of runs of 16, then bottom-up merges between two buffers.
 * O(k log k) in every case, contiguous memory, no comparator calls.
 */
class Ranked {
  prio = new Float64Array(64);
  key = new Float64Array(64);
  pos = new Int32Array(64);
  len = 0;
  private prio2 = new Float64Array(64);
  private key2 = new Float64Array(64);
  private pos2 = new Int32Array(64);

  push(p: number, k: number, i: number): void {
    if (this.len === this.prio.length) this.grow();
    this.prio[this.len] = p;
    this.key[this.len] = k;
    this.pos[this.len++] = i;
  }

  sort(): void {
    const n = this.len;
    const RUN = 16;
    {
      const { prio, key, pos } = this;
      for (let lo = 0; lo < n; lo += RUN) {
        const hi = Math.min(lo + RUN, n);
        for (let i = lo + 1; i < hi; i++) {
          const p = prio[i]!;
          const k = key[i]!;
          const q = pos[i]!;
          let j = i - 1;
          while (j >= lo && (prio[j]! < p || (prio[j]! === p && key[j]! > k))) {
            prio[j + 1] = prio[j]!;
            key[j + 1] = key[j]!;
            pos[j + 1] = pos[j]!;
            j--;
          }
          prio[j + 1] = p;
          key[j + 1] = k;
          pos[j + 1] = q;
        }
      }
    }
    for (let width = RUN; width < n; width *= 2) {
      const { prio, key, pos, prio2, key2, pos2 } = this;
      for (let lo = 0; lo < n; lo += 2 * width) {
        const mid = Math.min(lo + width, n);
        const hi = Math.min(lo + 2 * width, n);
        let i = lo;
        let j = mid;
        let o = lo;
        while (i < mid && j < hi) {
          const pi = prio[i]!;
          const pj = prio[j]!;
          if (pj > pi || (pj === pi && key[j]! < key[i]!)) {
            prio2[o] = pj;
            key2[o] = key[j]!;
            pos2[o++] = pos[j++]!;
          } else {
            prio2[o] = pi;
            key2[o] = key[i]!;
            pos2[o++] = pos[i++]!;
          }
        }
        for (; i < mid; i++, o++) {
          prio2[o] = prio[i]!;
          key2[o] = key[i]!;
          pos2[o] = pos[i]!;
        }
        for (; j < hi; j++, o++) {
          prio2[o] = prio[j]!;
          key2[o] = key[j]!;
          pos2[o] = pos[j]!;
        }
      }
      this.prio = prio2;
      this.key = key2;
      this.pos = pos2;
      this.prio2 = prio;
      this.key2 = key;
      this.pos2 = pos;
    }
  }

  private grow(): void {
    const n = this.prio.length * 2;
    const prio = new Float64Array(n);
    prio.set(this.prio);
    const key = new Float64Array(n);
    key.set(this.key);
    const pos = new Int32Array(n);
    pos.set(this.pos);
    this.prio = prio;
    this.key = key;
    this.pos = pos;
    this.prio2 = new Float64Array(n);
    this.key2 = new Float64Array(n);
    this.pos2 = new Int32Array(n);
  }
}

/**
 * One side as a max-heap on `prio` = sign × LP (+LP for longs, −LP for shorts), ties broken by the smaller key, so
 * the root is always the riskiest entry and the order is total (peek and pop are deterministic). A position is
 * reached when prio ≥ sign × mark.
 */
class SideHeap {
  prio: Float64Array;
  keys: Float64Array;
  slots: Int32Array;
  /** Slot → heap position, shared with the other side and replaced by the owner when it grows. */
  where: Int32Array;
  len = 0;

  constructor(capacity: number, where: Int32Array) {
    this.prio = new Float64Array(capacity);
    this.keys = new Float64Array(capacity);
    this.slots = new Int32Array(capacity);
    this.where = where;
  }

  insert(p: number, key: number, slot: number): void {
    if (this.len === this.prio.length) this.grow();
    this.siftUp(this.len++, p, key, slot);
  }

  /** Removes the entry at heap position `i`, filling the hole with the last entry. */
  removeAt(i: number): void {
    const last = --this.len;
    if (i !== last) this.settle(i, this.prio[last]!, this.keys[last]!, this.slots[last]!);
  }

  /** Gives the entry at `i` a new priority. */
  update(i: number, p: number): void {
    this.settle(i, p, this.keys[i]!, this.slots[i]!);
  }

  /** Puts (p, key, slot) into the hole at `i`, sifting it up or down to where the heap order holds. */
  private settle(i: number, p: number, key: number, slot: number): void {
    const up = (i - 1) >> 1;
    if (i > 0 && (p > this.prio[up]! || (p === this.prio[up]! && key < this.keys[up]!))) this.siftUp(i, p, key, slot);
    else this.siftDown(i, p, key, slot);
  }

  private siftUp(i: number, p: number, key: number, slot: number): void {
    const prio = this.prio;
    const keys = this.keys;
    const slots = this.slots;
    const where = this.where;
    while (i > 0) {
      const up = (i - 1) >> 1;
      const q = prio[up]!;
      if (p < q || (p === q && key > keys[up]!)) break;
      prio[i] = q;
      keys[i] = keys[up]!;
      const s = slots[up]!;
      slots[i] = s;
      where[s] = i;
      i = up;
    }
    prio[i] = p;
    keys[i] = key;
    slots[i] = slot;
    where[slot] = i;
  }

  private siftDown(i: number, p: number, key: number, slot: number): void {
    const prio = this.prio;
    const keys = this.keys;
    const slots = this.slots;
    const where = this.where;
    const len = this.len;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= len) break;
      let cp = prio[c]!;
      const r = c + 1;
      if (r < len) {
        const rp = prio[r]!;
        if (rp > cp || (rp === cp && keys[r]! < keys[c]!)) {
          c = r;
          cp = rp;
        }
      }
      if (p > cp || (p === cp && key < keys[c]!)) break;
      prio[i] = cp;
      keys[i] = keys[c]!;
      const s = slots[c]!;
      slots[i] = s;
      where[s] = i;
      i = c;
    }
    prio[i] = p;
    keys[i] = key;
    slots[i] = slot;
    where[slot] = i;
  }

  /**
   * Appends every entry with prio ≥ t to `into` (prio, key, heap position). The reached entries form a subtree at
   * the root, walked breadth-first with `into` as the queue: O(k), nothing past the subtree's edge is looked at.
   */
  collect(t: number, into: Ranked): void {
    into.len = 0;
    const prio = this.prio;
    const keys = this.keys;
    const len = this.len;
    if (len === 0 || prio[0]! < t) return;
    into.push(prio[0]!, keys[0]!, 0);
    for (let j = 0; j < into.len; j++) {
      const l = 2 * into.pos[j]! + 1;
      if (l < len && prio[l]! >= t) into.push(prio[l]!, keys[l]!, l);
      if (l + 1 < len && prio[l + 1]! >= t) into.push(prio[l + 1]!, keys[l + 1]!, l + 1);
    }
  }

  /**
   * Removes the k entries at the positions in `top`, which must be the k riskiest (what `collect` found): by k pops
   * when that is cheap, else by compacting the rest and rebuilding the heap bottom-up in O(len).
   */
  dropTop(top: Ranked): void {
    const k = top.len;
    if (k === 0) return;
    if (k * (32 - Math.clz32(this.len)) < 2 * this.len) {
      for (let j = 0; j < k; j++) this.removeAt(0);
      return;
    }
    const { prio, keys, slots, where } = this;
    for (let j = 0; j < k; j++) slots[top.pos[j]!] = -1;
    let w = 0;
    for (let i = 0; i < this.len; i++) {
      const s = slots[i]!;
      if (s < 0) continue;
      prio[w] = prio[i]!;
      keys[w] = keys[i]!;
      slots[w] = s;
      where[s] = w++;
    }
    this.len = w;
    for (let i = (w >> 1) - 1; i >= 0; i--) this.siftDown(i, prio[i]!, keys[i]!, slots[i]!);
  }

  private grow(): void {
    const n = this.prio.length * 2;
    const prio = new Float64Array(n);
    prio.set(this.prio);
    const keys = new Float64Array(n);
    keys.set(this.keys);
    const slots = new Int32Array(n);
    slots.set(this.slots);
    this.prio = prio;
    this.keys = keys;
    this.slots = slots;
  }
}

/**
 * True when a reached long (prio lp = LP, key lk) ranks before a reached short (prio sp = −LP, key sk) at mark
 * `m`: the deeper past the mark goes first, then the smaller key. Doubles compare these depths exactly: prices and
 * `m` are exact integers (a mark past ±2^53 reaches one side only), and a depth above 2^53, the only kind that can
 * round, needs |m| ≥ 2 on the side that leaves the other depth below 2^53 − 2, exact and smaller.
 */
function longFirst(lp: number, lk: number, sp: number, sk: number, m: number): boolean {
  const dl = lp - m;
  const ds = sp + m;
  return dl > ds || (dl === ds && lk < sk);
}

export class LiquidationIndex {
  private ids: IdIndex;
  /** Per slot: its heap position and side (LONG / SHORT). */
  private where: Int32Array;
  private sideOf: Uint8Array;
  /** Free slots as a stack; slots past `used` were never handed out. */
  private free: Int32Array;
  private freeLen = 0;
  private used = 0;
  private readonly longs: SideHeap;
  private readonly shorts: SideHeap;
  /** Scratch for a sweep's reached entries, per side. */
  private readonly longHits = new Ranked();
  private readonly shortHits = new Ranked();

  /** `capacity`: expected number of positions (the arrays grow past it by doubling). */
  constructor(capacity = 1024) {
    const cap = Math.max(16, capacity | 0);
    this.ids = new IdIndex(cap);
    this.where = new Int32Array(cap);
    this.sideOf = new Uint8Array(cap);
    this.free = new Int32Array(cap);
    // Each side starts at half the capacity and grows if the market is lopsided.
    this.longs = new SideHeap(Math.max(16, cap >> 1), this.where);
    this.shorts = new SideHeap(Math.max(16, cap >> 1), this.where);
  }

  /** The heap of a side code (LONG / SHORT). */
  private heap(s: number): SideHeap {
    return s === LONG ? this.longs : this.shorts;
  }

  /** Number of positions indexed, both sides. */
  get size(): number {
    return this.ids.size;
  }

  /** Number of positions indexed on one side. */
  count(side: PositionSide): number {
    return (side === 'long' ? this.longs : this.shorts).len;
  }

  has(key: number): boolean {
    return key >= 0 && this.ids.get(key) >= 0;
  }

  /** The entry for `key`, or undefined. */
  get(key: number): LiquidationEntry | undefined {
    const slot = key >= 0 ? this.ids.get(key) : -1;
    if (slot < 0) return undefined;
    const side = this.sideOf[slot]!;
    const p = this.heap(side).prio[this.where[slot]!]!;
    return { key, side: side === LONG ? 'long' : 'short', price: BigInt(side === LONG ? p : -p) };
  }

  /**
   * Inserts the position or moves it (new price and/or side); `price === null` removes it. Throws a RangeError for
   * a key that is not a safe integer ≥ 0 or a price outside ±Number.MAX_SAFE_INTEGER.
   */
  set(key: number, side: PositionSide, price: bigint | null): void {
    if (price === null) {
      this.delete(key);
      return;
    }
    if (!Number.isSafeInteger(key) || key < 0) throw new RangeError(`position key must be a safe integer ≥ 0: ${key}`);
    if (price > MAX_PRICE || price < -MAX_PRICE) throw new RangeError(`liquidation price must be within ±(2^53 − 1) minor units: ${price}`);
    if (side !== 'long' && side !== 'short') throw new RangeError(`side must be long or short: ${String(side)}`);
    const s = side === 'long' ? LONG : SHORT;
    const p = s === LONG ? Number(price) : -Number(price);
    let slot = this.ids.get(key);
    if (slot >= 0) {
      const was = this.sideOf[slot]!;
      if (was === s) {
        this.heap(s).update(this.where[slot]!, p);
        return;
      }
      this.heap(was).removeAt(this.where[slot]!);
    } else {
      slot = this.allocate();
      this.ids.set(key, slot);
    }
    this.sideOf[slot] = s;
    this.heap(s).insert(p, key, slot);
  }

  /** Removes the position; false if it was not indexed. */
  delete(key: number): boolean {
    const slot = key >= 0 ? this.ids.get(key) : -1;
    if (slot < 0) return false;
    this.heap(this.sideOf[slot]!).removeAt(this.where[slot]!);
    this.ids.delete(key);
    this.release(slot);
    return true;
  }

  /** The riskiest position on a side (highest long LP / lowest short LP, then smallest key), or undefined. */
  peek(side: PositionSide): LiquidationEntry | undefined {
    const h = side === 'long' ? this.longs : this.shorts;
    if (h.len === 0) return undefined;
    const p = h.prio[0]!;
    return { key: h.keys[0]!, side, price: BigInt(side === 'long' ? p : -p) };
  }

  /**
   * Keys of every position the mark reaches (long LP ≥ mark, short LP ≤ mark), riskiest first (see the header),
   * without removing them.
   */
  reached(mark: bigint): number[] {
    const m = Number(mark); // exact within ±2^53; beyond, monotone rounding keeps every comparison with a price right
    if (!this.reaches(m)) return [];
    return this.sweep(m);
  }

  /** As `reached`, and removes the positions returned. */
  takeReached(mark: bigint): number[] {
    const m = Number(mark);
    if (!this.reaches(m)) return [];
    const out = this.sweep(m);
    for (const [h, r] of [[this.longs, this.longHits], [this.shorts, this.shortHits]] as const) {
      for (let j = 0; j < r.len; j++) {
        this.ids.delete(r.key[j]!);
        this.release(h.slots[r.pos[j]!]!);
      }
      h.dropTop(r);
    }
    return out;
  }

  /** Whether mark `m` reaches anyone: a look at the two roots. */
  private reaches(m: number): boolean {
    const long = this.longs;
    const short = this.shorts;
    return (long.len > 0 && long.prio[0]! >= m) || (short.len > 0 && short.prio[0]! >= -m);
  }

  /** Collects and sorts both sides' reached entries into the scratch lists; their keys, interleaved by depth. */
  private sweep(m: number): number[] {
    const ls = this.longHits;
    const ss = this.shortHits;
    this.longs.collect(m, ls);
    this.shorts.collect(-m, ss);
    ls.sort();
    ss.sort();
    const out = new Array<number>(ls.len + ss.len);
    let i = 0;
    let j = 0;
    let o = 0;
    while (i < ls.len && j < ss.len) {
      if (longFirst(ls.prio[i]!, ls.key[i]!, ss.prio[j]!, ss.key[j]!, m)) out[o++] = ls.key[i++]!;
      else out[o++] = ss.key[j++]!;
    }
    while (i < ls.len) out[o++] = ls.key[i++]!;
    while (j < ss.len) out[o++] = ss.key[j++]!;
    return out;
  }

  /** Removes every position. */
  clear(): void {
    this.ids = new IdIndex(this.where.length);
    this.longs.len = 0;
    this.shorts.len = 0;
    this.freeLen = 0;
    this.used = 0;
  }

  /** Throws if the heaps, slots and id table disagree (for tests). */
  checkInvariants(): void {
    let total = 0;
    for (const s of [LONG, SHORT]) {
      const h = this.heap(s);
      total += h.len;
      for (let i = 0; i < h.len; i++) {
        const slot = h.slots[i]!;
        if (this.where[slot] !== i) throw new Error(`slot ${slot} says heap position ${this.where[slot]}, is at ${i}`);
        if (this.sideOf[slot] !== s) throw new Error(`slot ${slot} filed under the wrong side`);
        if (this.ids.get(h.keys[i]!) !== slot) throw new Error(`key ${h.keys[i]} does not resolve to slot ${slot}`);
        if (!Number.isSafeInteger(h.prio[i]!)) throw new Error(`key ${h.keys[i]} has price ${h.prio[i]}`);
        if (i > 0) {
          const up = (i - 1) >> 1;
          const p = h.prio[i]!;
          const q = h.prio[up]!;
          if (p > q || (p === q && h.keys[i]! < h.keys[up]!)) throw new Error(`heap order broken at ${i}`);
        }
      }
    }
    if (total !== this.ids.size) throw new Error(`heaps hold ${total} positions, the id table ${this.ids.size}`);
    if (this.used - this.freeLen !== total) throw new Error(`${this.used - this.freeLen} slots in use for ${total} positions`);
  }

  private allocate(): number {
    if (this.freeLen > 0) return this.free[--this.freeLen]!;
    if (this.used === this.where.length) this.growSlots();
    return this.used++;
  }

  private release(slot: number): void {
    this.free[this.freeLen++] = slot;
  }

  private growSlots(): void {
    const n = this.where.length * 2;
    const where = new Int32Array(n);
    where.set(this.where);
    const sideOf = new Uint8Array(n);
    sideOf.set(this.sideOf);
    const free = new Int32Array(n);
    free.set(this.free.subarray(0, this.freeLen));
    this.where = where;
    this.sideOf = sideOf;
    this.free = free;
    this.longs.where = where;
    this.shorts.where = where;
  }
}
