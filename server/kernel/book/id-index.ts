// Order id → slot, as an open-addressing hash table over typed arrays: no Map entries to allocate or collect on
// the hot path. Linear probing with backward-shift deletion, so there are no tombstones to clean up.

const EMPTY = -1;

export class IdIndex {
  private keys: Float64Array;
  private vals: Int32Array;
  private mask: number;
  private shift: number;
  private count = 0;

  constructor(capacity = 1024) {
    let bits = 4;
    while (1 << bits < capacity * 2) bits++;
    this.keys = new Float64Array(1 << bits).fill(EMPTY);
    this.vals = new Int32Array(1 << bits);
    this.mask = (1 << bits) - 1;
    this.shift = 32 - bits;
  }

  get size(): number {
    return this.count;
  }

  // Fibonacci hashing of both 32-bit halves: sequential ids (the usual case) spread evenly.
  private home(key: number): number {
    const lo = key >>> 0;
    const hi = (key / 4294967296) >>> 0;
    return Math.imul(lo ^ Math.imul(hi, 0x27d4eb2d), 0x9e3779b1) >>> this.shift;
  }

  /** Slot stored for `key`, or -1. */
  get(key: number): number {
    const keys = this.keys;
    let i = this.home(key);
    for (;;) {
      const k = keys[i]!;
      if (k === key) return this.vals[i]!;
      if (k === EMPTY) return -1;
      i = (i + 1) & this.mask;
    }
  }

  /** Stores `key` → `val`; the key must not be present (ids are unique while resting). */
  set(key: number, val: number): void {
    if ((this.count + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    let i = this.home(key);
    while (keys[i] !== EMPTY) i = (i + 1) & this.mask;
    keys[i] = key;
    this.vals[i] = val;
    this.count++;
  }

  delete(key: number): boolean {
    const keys = this.keys;
    const vals = this.vals;
    const mask = this.mask;
    let i = this.home(key);
    for (;;) {
      const k = keys[i]!;
      if (k === key) break;
      if (k === EMPTY) return false;
      i = (i + 1) & mask;
    }
    // Pull later members of the probe run back into the hole unless their home lies cyclically in (hole, j].
    let j = i;
    for (;;) {
      j = (j + 1) & mask;
      const k = keys[j]!;
      if (k === EMPTY) break;
      const h = this.home(k);
      const stays = i <= j ? i < h && h <= j : i < h || h <= j;
      if (!stays) {
        keys[i] = k;
        vals[i] = vals[j]!;
        i = j;
      }
    }
    keys[i] = EMPTY;
    this.count--;
    return true;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldVals = this.vals;
    const n = oldKeys.length * 2;
    this.keys = new Float64Array(n).fill(EMPTY);
    this.vals = new Int32Array(n);
    this.mask = n - 1;
    this.shift--;
    this.count = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      const k = oldKeys[i]!;
      if (k !== EMPTY) this.set(k, oldVals[i]!);
    }
  }
}
