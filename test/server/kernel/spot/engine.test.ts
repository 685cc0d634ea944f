// The spot engine's behaviour with the ledger, against both books. Round units: 1 tick = 1 USDT, 1 lot = 1 BTC;
// every user starts with 100 000 USDT and 100 BTC; fees are 0.1% maker, 0.2% taker.
import { describe, expect, it } from 'vitest';
import { FastBook } from '../../../../server/kernel/book/fast-book.ts';
import { ReferenceBook } from '../../../../server/kernel/book/reference-book.ts';
import type { OrderBook } from '../../../../server/kernel/book/types.ts';
import { Code } from '../../../../server/kernel/codes.ts';
import { FEE_INCOME } from '../../../../server/kernel/ledger/accounts.ts';
import { asset, type OrderId } from '../../../../server/kernel/money/nominal.ts';
import { coins } from '../fixtures.ts';
import { types, World } from './world.ts';

const USDT = asset('USDT');
const BTC = asset('BTC');
const BOOKS: Array<[string, () => OrderBook]> = [
  ['reference', () => new ReferenceBook()],
  ['fast', () => new FastBook(4, 2)],
];

describe.each(BOOKS)('spot engine on the %s book', (_name, make) => {
  it('freezes funds for a resting order and releases them on cancel', () => {
    const w = new World(make());
    expect(types(w.limit(1, 'buy', 3, 100))).toEqual(['accepted:1', 'rested:1']);
    expect(w.frozen(1, USDT)).toBe(coins(300));
    expect(w.available(1, USDT)).toBe(coins(99_700));
    expect(types(w.limit(1, 'sell', 2, 110))).toEqual(['accepted:2', 'rested:2']);
    expect(w.frozen(1, BTC)).toBe(coins(2));
    expect(types(w.cancel(1, 1))).toEqual([`closed:1:${Code.CANCELED}`]);
    expect(w.frozen(1, USDT)).toBe(0n);
    expect(w.available(1, USDT)).toBe(coins(100_000));
    expect(types(w.cancel(2, 2))).toEqual([`rejected:2:${Code.ORDER_NOT_FOUND}`]);
  });

  it('trades at the maker price, charges fees in the asset received, and frees the price improvement', () => {
    const w = new World(make());
    w.limit(1, 'sell', 2, 100);
    const events = w.limit(2, 'buy', 2, 105);
    expect(types(events)).toEqual(['accepted:2', 'trade', `closed:1:${Code.FILLED}`, `closed:2:${Code.FILLED}`]);
    const trade = events[1]!;
    expect(trade).toMatchObject({ type: 'trade', trade: 1, price: 100, qty: 2, taker: 2, maker: 1, takerSide: 'buy', quote: coins(200), base: coins(2) });
    expect(trade).toMatchObject({ takerFee: coins(2) / 500n, takerFeeAsset: 'BTC', makerFee: coins(200) / 1000n, makerFeeAsset: 'USDT' });
    // Buyer: paid 200 USDT (reserved 210, 10 freed at once); got 2 BTC less the 0.2% taker fee.
    expect(w.available(2, USDT)).toBe(coins(99_800));
    expect(w.frozen(2, USDT)).toBe(0n);
    expect(w.available(2, BTC)).toBe(coins(102) - coins(2) / 500n);
    // Seller: delivered 2 BTC; got 200 USDT less the 0.1% maker fee.
    expect(w.available(1, BTC)).toBe(coins(98));
    expect(w.frozen(1, BTC)).toBe(0n);
    expect(w.available(1, USDT)).toBe(coins(100_200) - coins(200) / 1000n);
    expect(w.ledger.balance(FEE_INCOME, USDT)).toBe(coins(200) / 1000n);
    expect(w.ledger.balance(FEE_INCOME, BTC)).toBe(coins(2) / 500n);
  });

  it('keeps a partly filled maker on the book with the rest of its reservation', () => {
    const w = new World(make());
    w.limit(1, 'buy', 5, 100);
    w.limit(2, 'sell', 2, 90);
    expect(w.frozen(1, USDT)).toBe(coins(300));
    expect(w.engine.openOrders(1 as never)).toMatchObject([{ id: 1, qty: 3, price: 100 }]);
  });

  it('rejects orders the user cannot pay for, touching nothing', () => {
    const w = new World(make());
    expect(types(w.limit(1, 'buy', 1000, 101))).toEqual([`rejected:1:${Code.INSUFFICIENT_FUNDS}`]);
    expect(types(w.limit(1, 'sell', 101, 100))).toEqual([`rejected:2:${Code.INSUFFICIENT_FUNDS}`]);
    expect(w.frozen(1, USDT)).toBe(0n);
  });

  it('checks the market rules before the book, one code per rule', () => {
    const w = new World(make());
    expect(w.limit(1, 'buy', 0, 100)[0]).toMatchObject({ code: Code.QTY_INVALID });
    expect(w.limit(1, 'buy', 1, 0)[0]).toMatchObject({ code: Code.PRICE_INVALID });
    expect(w.limit(1, 'buy', 1.5, 100)[0]).toMatchObject({ code: Code.QTY_INVALID });
    expect(w.limit(1, 'buy', 1001, 1)[0]).toMatchObject({ code: Code.QTY_ABOVE_MAX });
    expect(w.limit(1, 'buy', 1, 9)[0]).toMatchObject({ code: Code.NOTIONAL_BELOW_MIN });
    expect(w.limit(1, 'sell', 2, 600_000)[0]).toMatchObject({ code: Code.NOTIONAL_ABOVE_MAX });
    expect(w.limit(1, 'buy', 1, 100, { tif: 'IOC', postOnly: true })[0]).toMatchObject({ code: Code.POST_ONLY_NEEDS_GTC });
    expect(w.limit(1, 'buy', 1, 100, { fees: { makerPpm: -1, takerPpm: 0 } })[0]).toMatchObject({ code: Code.FEE_RATE_INVALID });
    expect(w.marketBase(1, 'buy', 1, 0)[0]).toMatchObject({ code: Code.BOUND_INVALID });
    expect(w.marketQuote(1, 'buy', 0n, 100)[0]).toMatchObject({ code: Code.QUOTE_INVALID });
    expect(w.marketQuote(1, 'buy', coins(5), 100)[0]).toMatchObject({ code: Code.NOTIONAL_BELOW_MIN });
    expect(w.limit(1, 'buy', 1, 100, { id: -1 })[0]).toMatchObject({ code: Code.ORDER_ID_INVALID });
    expect(w.limit(1, 'buy', 1, 100, { id: 0.5 })[0]).toMatchObject({ code: Code.ORDER_ID_INVALID });
    w.limit(1, 'buy', 1, 100, { id: 77 });
    expect(w.limit(1, 'buy', 1, 100, { id: 77 })[0]).toMatchObject({ code: Code.DUPLICATE_ORDER_ID });
    expect(w.engine.book.size()).toBe(1);
  });

  it('rejects a post-only order that would take and a FOK order it cannot fill, with no postings', () => {
    const w = new World(make());
    w.limit(1, 'sell', 2, 100);
    expect(w.limit(2, 'buy', 1, 100, { postOnly: true })).toMatchObject([{ type: 'rejected', code: Code.POST_ONLY_WOULD_TAKE }]);
    expect(w.limit(2, 'buy', 3, 100, { tif: 'FOK' })).toMatchObject([{ type: 'rejected', code: Code.FOK_NOT_FILLABLE }]);
    expect(w.frozen(2, USDT)).toBe(0n);
  });

  it('expires the unfilled part of an IOC order and refunds it', () => {
    const w = new World(make());
    w.limit(1, 'sell', 2, 100);
    expect(w.limit(2, 'buy', 5, 100, { tif: 'IOC' }).at(-1)).toMatchObject({ type: 'closed', code: Code.EXPIRED_IOC, unfilled: 3 });
    expect(w.frozen(2, USDT)).toBe(0n);
    expect(w.available(2, USDT)).toBe(coins(99_800));
  });

  it('stops a market order at its band bound and expires the rest', () => {
    const w = new World(make());
    w.limit(1, 'sell', 2, 100);
    w.limit(1, 'sell', 2, 120);
    const events = w.marketBase(2, 'buy', 5, 110);
    expect(events.filter((e) => e.type === 'trade')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'closed', code: Code.EXPIRED_MARKET, unfilled: 3 });
    expect(w.available(2, USDT)).toBe(coins(99_800));
    expect(w.engine.book.best('sell')).toBe(120);
  });

  it('spends at most the quote of a quote-sized market buy and refunds the rest', () => {
    const w = new World(make());
    w.limit(1, 'sell', 2, 100);
    w.limit(1, 'sell', 5, 101);
    const events = w.marketQuote(2, 'buy', coins(350), 200);
    // 2 × 100 + 1 × 101 = 301 USDT; 49 USDT cannot buy another lot at 101.
    expect(events.filter((e) => e.type === 'trade').map((e) => e.type === 'trade' && e.qty)).toEqual([2, 1]);
    expect(events.at(-1)).toMatchObject({ type: 'closed', code: Code.FILLED, postings: [{ amount: -coins(49) }, { amount: coins(49) }] });
    expect(w.available(2, USDT)).toBe(coins(100_000 - 301));
    expect(w.frozen(2, USDT)).toBe(0n);
  });

  it('sells no more than a quote-sized market sell needs, reserving base at the bound', () => {
    const w = new World(make());
    w.limit(1, 'buy', 10, 100);
    const events = w.marketQuote(2, 'sell', coins(450), 90);
    expect(events[0]).toMatchObject({ type: 'accepted', qty: 5, postings: [{ amount: -coins(5) }, { amount: coins(5) }] });
    expect(events.filter((e) => e.type === 'trade').map((e) => e.type === 'trade' && e.qty)).toEqual([4]);
    expect(w.available(2, BTC)).toBe(coins(96));
    expect(w.frozen(2, BTC)).toBe(0n);
  });

  it('applies self-trade prevention and refunds expired makers', () => {
    const w = new World(make());
    w.limit(1, 'sell', 2, 100);
    w.limit(2, 'sell', 2, 101);
    const events = w.limit(2, 'buy', 3, 101, { stp: 'EXPIRE_MAKER' });
    expect(types(events)).toEqual(['accepted:3', 'trade', `closed:1:${Code.FILLED}`, `closed:2:${Code.EXPIRED_STP_MAKER}`, 'rested:3']);
    expect(w.frozen(2, BTC)).toBe(0n);
    expect(w.frozen(2, USDT)).toBe(coins(101));
    const taker = w.limit(2, 'sell', 1, 101, { stp: 'EXPIRE_TAKER' });
    expect(taker.at(-1)).toMatchObject({ type: 'closed', code: Code.EXPIRED_STP_TAKER, unfilled: 1 });
    expect(w.frozen(2, BTC)).toBe(0n);
  });

  it('cancels all of one user’s orders in id order and no one else’s', () => {
    const w = new World(make());
    w.limit(1, 'buy', 1, 90);
    w.limit(2, 'buy', 1, 91);
    w.limit(1, 'sell', 1, 120);
    expect(types(w.cancelAll(1))).toEqual([`closed:1:${Code.CANCELED}`, `closed:3:${Code.CANCELED}`]);
    expect(w.engine.book.size()).toBe(1);
    expect(w.frozen(1, USDT) + w.frozen(1, BTC)).toBe(0n);
    expect(w.cancelAll(1)).toEqual([]);
  });

  it('amends: a smaller quantity keeps priority and frees funds; a new price loses it', () => {
    const w = new World(make());
    w.limit(1, 'sell', 5, 100);
    w.limit(2, 'sell', 5, 100);
    expect(w.replace(1, 1, 100, 3)).toMatchObject([{ type: 'amended', keptPriority: true, qty: 3 }]);
    expect(w.frozen(1, BTC)).toBe(coins(3));
    expect(w.engine.book.orders().map((o) => o.id)).toEqual([1, 2]);
    expect(w.replace(1, 1, 100, 4)).toMatchObject([{ type: 'amended', keptPriority: false }, { type: 'rested' }]);
    expect(w.engine.book.orders().map((o) => o.id)).toEqual([2, 1]);
    expect(w.frozen(1, BTC)).toBe(coins(4));
    expect(w.replace(1, 1, 100, 4)).toMatchObject([{ type: 'rejected', code: Code.REPLACE_UNCHANGED }]);
    expect(w.replace(2, 1, 100, 1)).toMatchObject([{ type: 'rejected', code: Code.ORDER_NOT_FOUND }]);
    expect(w.replace(1, 1, 100, 200)).toMatchObject([{ type: 'rejected', code: Code.INSUFFICIENT_FUNDS }]);
    expect(w.replace(1, 1, 100, 0)).toMatchObject([{ type: 'rejected', code: Code.QTY_INVALID }]);
  });

  it('an amended price may trade at once, and a post-only amend that would trade is refused', () => {
    const w = new World(make());
    w.limit(1, 'buy', 2, 90);
    w.limit(2, 'sell', 1, 95, { postOnly: true });
    const events = w.replace(1, 1, 95, 2);
    expect(types(events)).toEqual(['amended:1', 'trade', `closed:2:${Code.FILLED}`, 'rested:1']);
    expect(w.frozen(1, USDT)).toBe(coins(95));
    expect(w.replace(1, 1, 90, 1)).toMatchObject([{ type: 'amended', keptPriority: false }, { type: 'rested' }]);
    w.limit(3, 'sell', 1, 100, { postOnly: true, id: 50 });
    expect(w.replace(3, 50, 90, 1)).toMatchObject([{ type: 'rejected', code: Code.POST_ONLY_WOULD_TAKE }]);
    expect(w.engine.book.order(50 as OrderId)).toMatchObject({ price: 100 });
  });

  it('restores resting orders after a restart without touching funds', () => {
    const w = new World(make());
    w.limit(1, 'buy', 2, 90);
    w.limit(2, 'sell', 3, 95);
    const stored = w.engine.openOrders();
    const again = new World(make(), []);
    for (const o of stored) again.engine.restore(o, o.qty);
    expect(again.engine.book.orders()).toEqual(w.engine.book.orders());
    expect(again.engine.openOrders()).toEqual(stored);
    expect(() => again.engine.restore({ ...stored[0]!, id: 9 as OrderId, price: 96 as never }, 1 as never)).toThrow(/would trade/);
  });
});
