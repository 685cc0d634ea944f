// One side's active price levels, sorted so the best is at the END: the touch is where nearly all inserts and
// removals happen, and at the end of a typed array they shift few or no elements. Binary search finds a price.

export class PriceLadder {
  /** Sort keys, ascending: the price for bids, minus the price for asks, so "best" is always the largest. */
  keys: Float64Array;
  /** Level slot of each key. */
  levels: Int32Array;
  len = 0;
  private readonly sign: number;

  constructor(isBid: boolean, capacity = 64) {
    this.sign = isBid ? 1 : -1;
    this.keys = new Float64Array(capacity);
    this.levels = new Int32Array(capacity);
  }

  /** Level slot at `price`, or -1. */
  find(price: number): number {
    const pos = this.lowerBound(price * this.sign);
    return pos < this.len && this.keys[pos] === price * this.sign ? this.levels[pos]! : -1;
  }

  /** First position whose key is ≥ key, searching from the best end since activity is near the touch. */
  private lowerBound(key: number): number {
    const keys = this.keys;
    let hi = this.len;
    if (hi === 0 || keys[hi - 1]! < key) return hi;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(price: number, level: number): void {
    if (this.len === this.keys.length) this.grow();
    const key = price * this.sign;
    const pos = this.lowerBound(key);
    if (pos < this.len) {
      this.keys.copyWithin(pos + 1, pos, this.len);
      this.levels.copyWithin(pos + 1, pos, this.len);
    }
    this.keys[pos] = key;
    this.levels[pos] = level;
    this.len++;
  }

  remove(price: number): void {
    const last = this.len - 1;
    const key = price * this.sign;
    if (this.keys[last] === key) {
      this.len = last;
      return;
    }
    const pos = this.lowerBound(key);
    this.keys.copyWithin(pos, pos + 1, this.len);
    this.levels.copyWithin(pos, pos + 1, this.len);
    this.len = last;
  }

  /** Level slot of the best price, or -1 when empty. */
  best(): number {
    return this.len === 0 ? -1 : this.levels[this.len - 1]!;
  }

  /** Level slot `n` places behind the best (0 = best), or -1. */
  at(n: number): number {
    return n < this.len ? this.levels[this.len - 1 - n]! : -1;
  }

  price(n: number): number {
    return this.keys[this.len - 1 - n]! * this.sign;
  }

  private grow(): void {
    const keys = new Float64Array(this.keys.length * 2);
    keys.set(this.keys);
    const levels = new Int32Array(this.levels.length * 2);
    levels.set(this.levels);
    this.keys = keys;
    this.levels = levels;
  }
}
