// One behaviour suite, run against both books. Each case: a starting book, one action, the expected fills and the
// expected book, written as tables. Bench checks each book's internal state after every step.
import { describe, expect, it } from 'vitest';
import type { OrderId } from '../../../../server/kernel/money/nominal.ts';
import { BOOKS, Bench, table } from './book-dsl.ts';

const BOOK = `
  sell #1 u1 2@101
  sell #2 u2 3@101
  sell #3 u2 5@102
  buy  #4 u1 7@99
  buy  #5 u3 1@98
`;

describe.each(BOOKS)('%s book', (_name, make) => {
  it('rests orders by price, then time', () => {
    const b = new Bench(make, BOOK);
    expect(b.table).toBe(
      table(`
        ask 102 | #3:5
        ask 101 | #1:2 #2:3
        bid 99 | #4:7
        bid 98 | #5:1
      `),
    );
    expect(b.book.best('buy')).toBe(99);
    expect(b.book.best('sell')).toBe(101);
    expect(b.book.depth('sell', 5)).toEqual([
      { price: 101, qty: 5, count: 2 },
      { price: 102, qty: 5, count: 1 },
    ]);
    expect(b.book.size()).toBe(5);
  });

  it('fills the best price first and the oldest order first within a price', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u3 4@102')).toBe(
      table(`
        fill #1 u1 2@101 left 0
        fill #2 u2 2@101 left 1
        filled filled 4 remaining 0
      `),
    );
    expect(b.table).toBe(
      table(`
        ask 102 | #3:5
        ask 101 | #2:1
        bid 99 | #4:7
        bid 98 | #5:1
      `),
    );
  });

  it('trades at the maker price and rests the remainder at the limit', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u3 12@102')).toBe(
      table(`
        fill #1 u1 2@101 left 0
        fill #2 u2 3@101 left 0
        fill #3 u2 5@102 left 0
        rested filled 10 remaining 2
      `),
    );
    expect(b.table).toBe(
      table(`
        bid 102 | #6:2
        bid 99 | #4:7
        bid 98 | #5:1
      `),
    );
  });

  it('sells into the bids the same way', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('sell #6 u2 8@98')).toBe(
      table(`
        fill #4 u1 7@99 left 0
        fill #5 u3 1@98 left 0
        filled filled 8 remaining 0
      `),
    );
    expect(b.book.best('buy')).toBeNull();
  });

  it('expires the IOC remainder and leaves the book alone when an IOC does not cross', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u3 3@101 IOC')).toBe(
      table(`
        fill #1 u1 2@101 left 0
        fill #2 u2 1@101 left 2
        filled filled 3 remaining 0
      `),
    );
    expect(b.place('buy #7 u3 9@101 IOC')).toBe(table('fill #2 u2 2@101 left 0\nexpired filled 2 remaining 7'));
    expect(b.place('buy #8 u3 1@100 IOC')).toBe('expired filled 0 remaining 1');
    expect(b.book.has(8 as OrderId)).toBe(false);
  });

  it('fills a FOK order entirely or not at all', () => {
    const b = new Bench(make, BOOK);
    const before = b.table;
    expect(b.place('buy #6 u3 11@102 FOK')).toBe('rejected fok filled 0 remaining 11');
    expect(b.place('buy #6 u3 6@101 FOK')).toBe('rejected fok filled 0 remaining 6');
    expect(b.table).toBe(before);
    expect(b.place('buy #6 u3 10@102 FOK')).toBe(
      table(`
        fill #1 u1 2@101 left 0
        fill #2 u2 3@101 left 0
        fill #3 u2 5@102 left 0
        filled filled 10 remaining 0
      `),
    );
  });

  it('rejects a post-only order that would take and rests one that would not', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u3 1@101 post')).toBe('rejected post-only filled 0 remaining 1');
    expect(b.place('buy #6 u3 1@100 post')).toBe('rested filled 0 remaining 1');
    expect(b.place('sell #7 u3 1@99 post')).toBe('rejected post-only filled 0 remaining 1');
    expect(b.book.best('buy')).toBe(100);
  });

  it('stops a market order at its band bound and expires the rest', () => {
    const b = new Bench(make, BOOK);
    // A market order is IOC with the bound as its price: it never reaches 102.
    expect(b.place('buy #6 u3 9@101 IOC')).toBe(
      table(`
        fill #1 u1 2@101 left 0
        fill #2 u2 3@101 left 0
        expired filled 5 remaining 4
      `),
    );
    expect(b.table).toContain('ask 102 | #3:5');
  });

  it('spends no more than a quote budget', () => {
    const b = new Bench(make, BOOK);
    // 2@101 + 3@101 costs 505 tick-lots; 100 left buys nothing at 102.
    expect(b.place('buy #6 u3 0@110 IOC budget=605')).toBe(
      table(`
        fill #1 u1 2@101 left 0
        fill #2 u2 3@101 left 0
        expired filled 5 remaining rest of budget
      `),
    );
    expect(b.place('buy #7 u3 0@110 IOC budget=204')).toBe(table('fill #3 u2 2@102 left 3\nexpired filled 2 remaining rest of budget'));
    expect(b.place('sell #8 u3 0@1 IOC budget=297')).toBe(table('fill #4 u1 3@99 left 4\nexpired filled 3 remaining rest of budget'));
  });

  it('stops when the budget runs out on a maker, before looking at the next one', () => {
    const b = new Bench(make, BOOK);
    // 150 buys one lot at 101; the 49 left can't buy another, so #2 (the taker's own) is never reached.
    expect(b.place('buy #6 u2 0@110 IOC budget=150 stp=EXPIRE_TAKER')).toBe(table('fill #1 u1 1@101 left 1\nexpired filled 1 remaining rest of budget'));
    expect(b.table).toContain('ask 101 | #1:1 #2:3');
  });

  it('self-trade prevention NONE lets a user trade with themself', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u1 3@101')).toBe(table('fill #1 u1 2@101 left 0\nfill #2 u2 1@101 left 2\nfilled filled 3 remaining 0'));
  });

  it('EXPIRE_TAKER stops the taker at its own order, keeping earlier fills', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u2 4@102 stp=EXPIRE_TAKER')).toBe(table('fill #1 u1 2@101 left 0\nexpired by stp filled 2 remaining 2'));
    expect(b.table).toContain('ask 101 | #2:3');
    expect(b.book.has(6 as OrderId)).toBe(false);
  });

  it('EXPIRE_MAKER removes the own resting orders and keeps matching', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u2 4@102 stp=EXPIRE_MAKER')).toBe(
      table(`
        fill #1 u1 2@101 left 0
        expire #2 u2 3@101 left 0
        expire #3 u2 5@102 left 0
        rested filled 2 remaining 2
      `),
    );
    expect(b.table).toBe(table('bid 102 | #6:2\nbid 99 | #4:7\nbid 98 | #5:1'));
  });

  it('EXPIRE_BOTH removes the own resting order and the taker', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u2 4@102 stp=EXPIRE_BOTH')).toBe(
      table(`
        fill #1 u1 2@101 left 0
        expire #2 u2 3@101 left 0
        expired by stp filled 2 remaining 2
      `),
    );
    expect(b.table).toBe(table('ask 102 | #3:5\nbid 99 | #4:7\nbid 98 | #5:1'));
  });

  it('a FOK order counts what self-trade prevention would leave it', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #6 u2 3@101 FOK stp=EXPIRE_TAKER')).toBe('rejected fok filled 0 remaining 3');
    expect(b.place('buy #6 u2 3@101 FOK stp=EXPIRE_MAKER')).toBe('rejected fok filled 0 remaining 3');
    expect(b.book.has(2 as OrderId)).toBe(true);
    expect(b.place('buy #6 u2 7@102 FOK stp=EXPIRE_MAKER')).toBe('rejected fok filled 0 remaining 7');
    expect(b.place('buy #6 u1 7@102 FOK stp=EXPIRE_MAKER')).toBe(
      table(`
        expire #1 u1 2@101 left 0
        fill #2 u2 3@101 left 0
        fill #3 u2 4@102 left 1
        filled filled 7 remaining 0
      `),
    );
  });

  it('rejects an id that is already resting', () => {
    const b = new Bench(make, BOOK);
    expect(b.place('buy #4 u1 1@90')).toBe('rejected duplicate filled 0 remaining 1');
    expect(b.book.order(4 as OrderId)).toEqual({ id: 4, owner: 1, side: 'buy', price: 99, qty: 7 });
  });

  it('cancels, dropping a level when it empties', () => {
    const b = new Bench(make, BOOK);
    expect(b.cancel(1)).toBe(2);
    expect(b.cancel(1)).toBe(0);
    expect(b.cancel(2)).toBe(3);
    expect(b.cancel(42)).toBe(0);
    expect(b.table).toBe(table('ask 102 | #3:5\nbid 99 | #4:7\nbid 98 | #5:1'));
    expect(b.book.best('sell')).toBe(102);
  });

  it('reduces in place keeping priority, and refuses anything but a decrease', () => {
    const b = new Bench(make, BOOK);
    expect(b.reduce(1, 1)).toBe(true);
    expect(b.reduce(1, 1)).toBe(false);
    expect(b.reduce(1, 5)).toBe(false);
    expect(b.reduce(1, 0)).toBe(false);
    expect(b.reduce(99, 1)).toBe(false);
    expect(b.table).toContain('ask 101 | #1:1 #2:3');
    expect(b.place('buy #6 u3 1@101')).toBe(table('fill #1 u1 1@101 left 0\nfilled filled 1 remaining 0'));
  });

  it('stays consistent through growth and heavy churn', () => {
    const b = new Bench(make);
    for (let i = 1; i <= 300; i++) b.place(`${i % 2 ? 'buy' : 'sell'} #${i} u${i % 7} ${1 + (i % 5)}@${i % 2 ? 100 - (i % 37) : 101 + (i % 41)}`);
    for (let i = 1; i <= 300; i += 3) b.cancel(i);
    b.place('buy #1000 u9 10000@200 IOC');
    b.place('sell #1001 u9 10000@1 IOC');
    expect(b.book.size()).toBe(0);
    for (let i = 2000; i < 2100; i++) b.place(`sell #${i} u1 1@${200 + (i % 10)}`);
    expect(b.book.depth('sell', 100).length).toBe(10);
  });
});
