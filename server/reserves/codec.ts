// The compact binary forms a snapshot is kept in (server/reserves/README.md, "Storage"). Unsigned LEB128 varints
// throughout (an amount of 12.5 BTC = 1,250,000,000 minor units takes 5 bytes, a zero 1), so a user holding two of
// twenty assets costs a few dozen bytes, not twenty fixed-width words.
//   leaves chunk: per leaf in tree order, varint(user id) then one varint per asset; a padding leaf is varint(0) alone.
//   users block:  varint(count), then per user in id order varint(id − previous id) and varint(leaf index).
//   level:        per node in order, its 32-byte hash then one 8-byte big-endian sum per asset (fixed width, so a
//                 proof reads the one sibling it needs; a level has at most a few thousand nodes).

export class ByteWriter {
  private buf = new Uint8Array(1024);
  private len = 0;

  private room(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** A non-negative safe integer. */
  uint(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a non-negative integer: ${n}`);
    this.room(8);
    while (n >= 0x80) {
      this.buf[this.len++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.len++] = n;
  }

  /** A non-negative bigint (any size). */
  big(n: bigint): void {
    if (n < 0n) throw new RangeError(`not a non-negative amount: ${n}`);
    if (n <= 0x1f_ffff_ffff_ffffn) {
      this.uint(Number(n));
      return;
    }
    this.room(20);
    while (n >= 0x80n) {
      this.buf[this.len++] = Number(n & 0x7fn) | 0x80;
      n >>= 7n;
    }
    this.buf[this.len++] = Number(n);
  }

  /** 32 bytes from 64 hex digits. */
  hash(hex: string): void {
    this.room(32);
    this.buf.set(Buffer.from(hex, 'hex'), this.len);
    this.len += 32;
  }

  /** An unsigned 64-bit big-endian integer. */
  u64(n: bigint): void {
    if (n < 0n || n >= 2n ** 64n) throw new RangeError(`not a 64-bit sum: ${n}`);
    this.room(8);
    new DataView(this.buf.buffer, this.buf.byteOffset).setBigUint64(this.len, n);
    this.len += 8;
  }

  get length(): number {
    return this.len;
  }

  /** The bytes written (a copy), and the writer starts over. */
  take(): Uint8Array {
    const out = this.buf.slice(0, this.len);
    this.len = 0;
    return out;
  }
}

export class ByteReader {
  private at = 0;
  private readonly buf: Uint8Array;
  constructor(buf: Uint8Array) {
    this.buf = buf;
  }

  get done(): boolean {
    return this.at >= this.buf.length;
  }

  big(): bigint {
    let out = 0n;
    let shift = 0n;
    for (;;) {
      const b = this.buf[this.at++];
      if (b === undefined) throw new RangeError('truncated varint');
      out |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return out;
      shift += 7n;
    }
  }

  uint(): number {
    let out = 0;
    let scale = 1;
    for (;;) {
      const b = this.buf[this.at++];
      if (b === undefined) throw new RangeError('truncated varint');
      out += (b & 0x7f) * scale;
      if (b < 0x80) return out;
      scale *= 0x80;
    }
  }

}

/** A decoded leaf: its user (0: padding) and balances in the snapshot's asset order. */
export interface StoredLeaf {
  readonly user: number;
  readonly balances: readonly bigint[];
}

export function decodeLeaves(data: Uint8Array, assets: number, count: number): StoredLeaf[] {
  const r = new ByteReader(data);
  const zeros: bigint[] = new Array<bigint>(assets).fill(0n);
  const out: StoredLeaf[] = [];
  for (let i = 0; i < count; i++) {
    const user = r.uint();
    if (user === 0) {
      out.push({ user, balances: zeros });
      continue;
    }
    const balances: bigint[] = [];
    for (let a = 0; a < assets; a++) balances.push(r.big());
    out.push({ user, balances });
  }
  if (!r.done) throw new RangeError('a leaves chunk longer than its leaves');
  return out;
}

/** The leaf index of `user` in a users block, or undefined. */
export function findInUsersBlock(data: Uint8Array, user: number): number | undefined {
  const r = new ByteReader(data);
  const count = r.uint();
  let id = 0;
  for (let i = 0; i < count; i++) {
    id += r.uint();
    const index = r.uint();
    if (id === user) return index;
    if (id > user) return undefined;
  }
  return undefined;
}

export interface StoredNode {
  readonly hash: string;
  readonly sums: bigint[];
}

/** Bytes of one node in a level blob. */
export const nodeBytes = (assets: number): number => 32 + 8 * assets;

/** Node `index` of a level blob. */
export function levelNode(data: Uint8Array, assets: number, index: number): StoredNode {
  const size = nodeBytes(assets);
  const at = index * size;
  if (index < 0 || at + size > data.length) throw new RangeError(`no node ${index} in a level of ${data.length / size}`);
  const view = new DataView(data.buffer, data.byteOffset + at, size);
  const sums: bigint[] = [];
  for (let a = 0; a < assets; a++) sums.push(view.getBigUint64(32 + 8 * a));
  return { hash: Buffer.from(data.buffer, data.byteOffset + at, 32).toString('hex'), sums };
}
