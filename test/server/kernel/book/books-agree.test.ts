// Property: any stream of places, cancels and reduces gives identical fills, outcomes and books on the fast and
// the reference implementation, and both stay internally consistent after every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FastBook } from '../../../../server/kernel/book/fast-book.ts';
import { IdIndex } from '../../../../server/kernel/book/id-index.ts';
import { ReferenceBook } from '../../../../server/kernel/book/reference-book.ts';
import { MatchSink } from '../../../../server/kernel/book/sink.ts';
import type { BookOrder } from '../../../../server/kernel/book/types.ts';
import type { OrderId, Price, Qty, UserId } from '../../../../server/kernel/money/nominal.ts';

const place = fc.record({
  op: fc.constant('place' as const),
  reuseId: fc.option(fc.integer({ min: 1, max: 40 }), { freq: 10 }),
  owner: fc.integer({ min: 1, max: 3 }),
  // Unbiased: fast-check leans to the first constant and the ends of ranges, starving one side of the book.
  side: fc.noBias(fc.constantFrom('buy' as const, 'sell' as const)),
  price: fc.noBias(fc.integer({ min: 95, max: 105 })),
  qty: fc.integer({ min: 1, max: 9 }),
  budget: fc.option(fc.integer({ min: 1, max: 2000 }), { freq: 6 }),
  tif: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
  postOnly: fc.boolean(),
  stp: fc.constantFrom('NONE' as const, 'EXPIRE_TAKER' as const, 'EXPIRE_MAKER' as const, 'EXPIRE_BOTH' as const),
});
const cancel = fc.record({ op: fc.constant('cancel' as const), id: fc.integer({ min: 1, max: 60 }) });
const reduce = fc.record({ op: fc.constant('reduce' as const), id: fc.integer({ min: 1, max: 60 }), qty: fc.integer({ min: 0, max: 9 }) });
const command = fc.oneof({ arbitrary: place, weight: 6 }, { arbitrary: cancel, weight: 2 }, { arbitrary: reduce, weight: 1 });

describe('fast and reference books', () => {
  it('agree on every step of random command streams', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 120, size: 'max' }), (commands) => {
        const fast = new FastBook(4, 2);
        const ref = new ReferenceBook();
        const fs = new MatchSink(1);
        const rs = new MatchSink(1);
        commands.forEach((c, i) => {
          if (c.op === 'place') {
            const o: BookOrder = {
              id: (c.reuseId ?? 100 + i) as OrderId,
              owner: c.owner as UserId,
              side: c.side,
              price: c.price as Price,
              qty: (c.budget === null ? c.qty : Number.MAX_SAFE_INTEGER) as Qty,
              budget: c.budget ?? Infinity,
              tif: c.tif,
              postOnly: c.postOnly,
              stp: c.stp,
            };
            fast.place(o, fs);
            ref.place(o, rs);
            expect(fs.toJSON()).toEqual(rs.toJSON());
          } else if (c.op === 'cancel') {
            expect(fast.cancel(c.id as OrderId)).toBe(ref.cancel(c.id as OrderId));
          } else {
            expect(fast.reduce(c.id as OrderId, c.qty as Qty)).toBe(ref.reduce(c.id as OrderId, c.qty as Qty));
          }
          fast.checkInvariants();
          ref.checkInvariants();
          expect(fast.orders()).toEqual(ref.orders());
          expect(fast.depth('buy', 3)).toEqual(ref.depth('buy', 3));
          expect(fast.depth('sell', 3)).toEqual(ref.depth('sell', 3));
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('IdIndex', () => {
  it('behaves like a Map through random sets and deletes, including growth', () => {
    const key = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constant(2 ** 40 + 7), fc.constant(Number.MAX_SAFE_INTEGER));
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), key), { maxLength: 400 }), (ops) => {
        const index = new IdIndex(2);
        const model = new Map<number, number>();
        ops.forEach(([add, k], i) => {
          if (add && !model.has(k)) {
            index.set(k, i);
            model.set(k, i);
          } else expect(index.delete(k)).toBe(model.delete(k));
          expect(index.size).toBe(model.size);
        });
        for (let k = 0; k <= 200; k++) expect(index.get(k)).toBe(model.get(k) ?? -1);
        expect(index.get(Number.MAX_SAFE_INTEGER)).toBe(model.get(Number.MAX_SAFE_INTEGER) ?? -1);
      }),
      { numRuns: 200 },
    );
  });
});
