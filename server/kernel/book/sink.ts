// Where a book writes the result of one `place`: the taker's outcome and, in order, every fill and every maker
// expired by self-trade prevention. Columnar and reused across calls so matching allocates nothing per order.
import { Code } from '../codes.ts';

export const FILL = 0;
export const MAKER_EXPIRED = 1;

/** The taker's outcome codes a book may report. */
export type PlaceOutcome =
  | typeof Code.RESTED
  | typeof Code.FILLED
  | typeof Code.EXPIRED_IOC
  | typeof Code.EXPIRED_STP_TAKER
  | typeof Code.POST_ONLY_WOULD_TAKE
  | typeof Code.FOK_NOT_FILLABLE
  | typeof Code.DUPLICATE_ORDER_ID;

export class MatchSink {
  outcome: PlaceOutcome = Code.FILLED;
  /** Lots the taker traded. */
  filled = 0;
  /** Lots the taker had left at the end (rested for RESTED, expired otherwise). */
  remaining = 0;
  /** Number of maker events written. */
  count = 0;
  kind: Uint8Array;
  makerId: Float64Array;
  makerOwner: Float64Array;
  price: Float64Array;
  /** Lots traded (FILL) or lots removed (MAKER_EXPIRED). */
  qty: Float64Array;
  /** The maker's lots left after the event; 0 means it left the book. */
  makerLeft: Float64Array;

  constructor(capacity = 64) {
    this.kind = new Uint8Array(capacity);
    this.makerId = new Float64Array(capacity);
    this.makerOwner = new Float64Array(capacity);
    this.price = new Float64Array(capacity);
    this.qty = new Float64Array(capacity);
    this.makerLeft = new Float64Array(capacity);
  }

  reset(): void {
    this.outcome = Code.FILLED;
    this.filled = 0;
    this.remaining = 0;
    this.count = 0;
  }

  push(kind: number, makerId: number, makerOwner: number, price: number, qty: number, makerLeft: number): void {
    const i = this.count;
    if (i === this.kind.length) this.grow();
    this.kind[i] = kind;
    this.makerId[i] = makerId;
    this.makerOwner[i] = makerOwner;
    this.price[i] = price;
    this.qty[i] = qty;
    this.makerLeft[i] = makerLeft;
    this.count = i + 1;
  }

  private grow(): void {
    const n = this.kind.length * 2;
    const f = (a: Float64Array): Float64Array => {
      const b = new Float64Array(n);
      b.set(a);
      return b;
    };
    const k = new Uint8Array(n);
    k.set(this.kind);
    this.kind = k;
    this.makerId = f(this.makerId);
    this.makerOwner = f(this.makerOwner);
    this.price = f(this.price);
    this.qty = f(this.qty);
    this.makerLeft = f(this.makerLeft);
  }

  /** Readable copy for tests and debugging (allocates). */
  toJSON(): {
    outcome: PlaceOutcome;
    filled: number;
    remaining: number;
    events: Array<{ kind: 'fill' | 'expire'; maker: number; owner: number; price: number; qty: number; makerLeft: number }>;
  } {
    const events = [];
    for (let i = 0; i < this.count; i++) {
      events.push({
        kind: this.kind[i] === FILL ? ('fill' as const) : ('expire' as const),
        maker: this.makerId[i]!,
        owner: this.makerOwner[i]!,
        price: this.price[i]!,
        qty: this.qty[i]!,
        makerLeft: this.makerLeft[i]!,
      });
    }
    return { outcome: this.outcome, filled: this.filled, remaining: this.remaining, events };
  }
}
