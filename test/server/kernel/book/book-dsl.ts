// A small language for order-book tests, so each case reads as a table: orders as "buy #5 u3 4@101 IOC",
// books rendered one level per line, asks above bids. Every step checks the book's internal state.
import { Code } from '../../../../server/kernel/codes.ts';
import { FastBook } from '../../../../server/kernel/book/fast-book.ts';
import { ReferenceBook } from '../../../../server/kernel/book/reference-book.ts';
import { FILL, MatchSink } from '../../../../server/kernel/book/sink.ts';
import type { BookOrder, OrderBook, StpMode, TimeInForce } from '../../../../server/kernel/book/types.ts';
import type { OrderId, Price, Qty, UserId } from '../../../../server/kernel/money/nominal.ts';

/** Both implementations; the fast one starts tiny so growth paths run in every test. */
export const BOOKS: Array<[string, () => OrderBook]> = [
  ['reference', () => new ReferenceBook()],
  ['fast', () => new FastBook(2, 1)],
];

const ORDER = /^(buy|sell)\s+#(\d+)\s+u(\d+)\s+(\d+)@(\d+)((?:\s+\S+)*)$/;

/** "sell #3 u2 5@102 IOC post stp=EXPIRE_MAKER budget=300" → BookOrder (GTC, no STP by default). */
export function order(line: string): BookOrder {
  const m = ORDER.exec(line.trim());
  if (!m) throw new Error(`bad order line: ${line}`);
  let tif: TimeInForce = 'GTC';
  let postOnly = false;
  let stp: StpMode = 'NONE';
  let budget = Infinity;
  let q = Number(m[4]);
  for (const flag of (m[6] ?? '').trim().split(/\s+/).filter(Boolean)) {
    if (flag === 'IOC' || flag === 'FOK' || flag === 'GTC') tif = flag;
    else if (flag === 'post') postOnly = true;
    else if (flag.startsWith('stp=')) stp = flag.slice(4) as StpMode;
    else if (flag.startsWith('budget=')) {
      budget = Number(flag.slice(7));
      q = Number.MAX_SAFE_INTEGER;
    } else throw new Error(`bad flag ${flag}`);
  }
  return {
    id: Number(m[2]) as OrderId,
    owner: Number(m[3]) as UserId,
    side: m[1] as 'buy' | 'sell',
    qty: q as Qty,
    price: Number(m[5]) as Price,
    budget,
    tif,
    postOnly,
    stp,
  };
}

const OUTCOME: Record<number, string> = {
  [Code.RESTED]: 'rested',
  [Code.FILLED]: 'filled',
  [Code.EXPIRED_IOC]: 'expired',
  [Code.EXPIRED_STP_TAKER]: 'expired by stp',
  [Code.POST_ONLY_WOULD_TAKE]: 'rejected post-only',
  [Code.FOK_NOT_FILLABLE]: 'rejected fok',
  [Code.DUPLICATE_ORDER_ID]: 'rejected duplicate',
};

/** The sink as lines: one per maker event, then the taker's outcome. */
export function renderSink(sink: MatchSink): string {
  const lines: string[] = [];
  for (let i = 0; i < sink.count; i++) {
    const what = sink.kind[i] === FILL ? 'fill' : 'expire';
    lines.push(`${what} #${sink.makerId[i]} u${sink.makerOwner[i]} ${sink.qty[i]}@${sink.price[i]} left ${sink.makerLeft[i]}`);
  }
  const remaining = sink.remaining > 1e15 ? 'rest of budget' : String(sink.remaining);
  lines.push(`${OUTCOME[sink.outcome]} filled ${sink.filled} remaining ${remaining}`);
  return lines.join('\n');
}

/** The book as lines, asks from the highest price down, then bids from the best down: "ask 101 | #1:2 #2:3". */
export function render(book: OrderBook): string {
  const byLevel = new Map<string, string[]>();
  for (const o of book.orders()) {
    const key = `${o.side === 'buy' ? 'bid' : 'ask'} ${o.price}`;
    byLevel.set(key, [...(byLevel.get(key) ?? []), `#${o.id}:${o.qty}`]);
  }
  const lines = [...byLevel].map(([key, orders]) => `${key} | ${orders.join(' ')}`);
  const asks = lines.filter((l) => l.startsWith('ask')).reverse();
  const bids = lines.filter((l) => l.startsWith('bid'));
  return [...asks, ...bids].join('\n');
}

/** Trims a template literal table: drops blank lines and indentation, collapses runs of spaces. */
export function table(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join('\n');
}

/** A book under test: each call places or cancels, checks invariants, and returns what happened as text. */
export class Bench {
  readonly book: OrderBook;
  private readonly sink = new MatchSink(2);

  constructor(make: () => OrderBook, setup = '') {
    this.book = make();
    for (const line of table(setup).split('\n').filter(Boolean)) this.place(line);
  }

  place(line: string): string {
    this.book.place(order(line), this.sink);
    this.book.checkInvariants();
    return renderSink(this.sink);
  }

  cancel(id: number): number {
    const q = this.book.cancel(id as OrderId);
    this.book.checkInvariants();
    return q;
  }

  reduce(id: number, q: number): boolean {
    const r = this.book.reduce(id as OrderId, q as Qty);
    this.book.checkInvariants();
    return r;
  }

  get table(): string {
    return render(this.book);
  }
}
