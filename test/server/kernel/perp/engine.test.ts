// Hand-computed scenarios of the perpetuals engine: margin held for orders and positions, realized P&L against
// the clearing account, funding, an isolated liquidation that leaves the insurance fund its clearance fee, a
// bankruptcy the fund pays for, and auto-deleveraging when the book and the fund can't take the position.
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../server/kernel/codes.ts';
import { PERP_CLEARING } from '../../../../server/kernel/ledger/accounts.ts';
import { parseRate } from '../../../../server/kernel/perp/units.ts';
import { available, BTC_PERP, fund, frozen, insurance, mark, newEngine, place, rejected, seedInsurance, uid, usdt, USDT } from './engine-fixtures.ts';

const A = uid(1);
const B = uid(2);
const C = uid(3);

/** A long 0.02 BTC at 50,000, isolated at 20x (margin 50 USDT), against B's short (cross, 20x). */
function isolatedLong() {
  const e = newEngine();
  fund(e, A, 1_000);
  fund(e, B, 10_000);
  fund(e, C, 10_000);
  expect(rejected(e.apply({ type: 'marginMode', time: 1, user: A, symbol: 'BTCUSDT', mode: 'isolated' }))).toBe(Code.OK);
  expect(rejected(place(e, { user: B, side: 'sell', price: 50_000, lots: 20 }))).toBe(Code.OK);
  expect(rejected(place(e, { user: A, side: 'buy', price: 50_000, lots: 20 }))).toBe(Code.OK);
  mark(e, 50_000);
  return e;
}

describe('perp engine: margin and P&L', () => {
  it('holds the entrust margin of a resting order and moves it to the position on the fill', () => {
    const e = newEngine();
    fund(e, A, 1_000);
    fund(e, B, 1_000);
    place(e, { user: B, side: 'sell', price: 50_000, lots: 20 });
    // 1,000 USDT of notional at 20x: 50 USDT held for the order.
    expect(frozen(e, B)).toBe(usdt(50));
    place(e, { user: A, side: 'buy', price: 50_000, lots: 20 });
    expect(frozen(e, B)).toBe(usdt(50));
    expect(frozen(e, A)).toBe(usdt(50));
    expect(e.position(A, 'BTCUSDT')).toMatchObject({ size: 20, cost: usdt(1_000), margin: usdt(50) });
    expect(e.position(B, 'BTCUSDT')).toMatchObject({ size: -20 });
    expect(e.openInterest('BTCUSDT')).toEqual({ long: 20, short: 20 });
  });

  it('realizes profit and loss against the clearing account, which holds the open positions’ net result', () => {
    const e = newEngine();
    for (const u of [A, B, C]) fund(e, u, 1_000);
    place(e, { user: B, side: 'sell', price: 50_000, lots: 20 });
    place(e, { user: A, side: 'buy', price: 50_000, lots: 20 });
    // A sells to C at 51,000: +20 USDT realized; C opens long at 51,000.
    place(e, { user: C, side: 'buy', price: 51_000, lots: 20 });
    place(e, { user: A, side: 'sell', price: 51_000, lots: 20 });
    expect(e.position(A, 'BTCUSDT')?.size).toBe(0);
    expect(available(e, A)).toBe(usdt(1_020));
    expect(frozen(e, A)).toBe(0n);
    // Open: B short at 50,000 (cost 1,000), C long at 51,000 (cost 1,020): −Σ side × cost = 1,000 − 1,020.
    expect(e.ledger.balance(PERP_CLEARING, USDT)).toBe(-usdt(20));
    e.ledger.checkInvariants();
  });

  it('refuses an order the wallet can not margin, a reduce-only order with nothing to reduce, and a size above the leverage’s bracket', () => {
    const e = newEngine();
    fund(e, A, 100);
    expect(rejected(place(e, { user: A, side: 'buy', price: 50_000, lots: 1_000 }))).toBe(Code.INSUFFICIENT_FUNDS);
    expect(rejected(place(e, { user: A, side: 'sell', price: 50_000, lots: 1, reduceOnly: true }))).toBe(Code.REDUCE_ONLY_REJECTED);
    fund(e, A, 1_000_000);
    expect(rejected(e.apply({ type: 'leverage', time: 1, user: A, symbol: 'BTCUSDT', leverage: 125 }))).toBe(Code.OK);
    // At 125x the first bracket caps the position at 50,000 USDT: 2 BTC at 50,000 is 100,000.
    expect(rejected(place(e, { user: A, side: 'buy', price: 50_000, lots: 2_000 }))).toBe(Code.NOTIONAL_ABOVE_LEVERAGE);
    expect(rejected(e.apply({ type: 'leverage', time: 1, user: A, symbol: 'BTCUSDT', leverage: 126 }))).toBe(Code.LEVERAGE_INVALID);
    expect(available(e, A)).toBe(usdt(1_000_100));
    expect(frozen(e, A)).toBe(0n);
  });

  it('charges funding: a long pays 5 USDT on 1 BTC at 50,000 at 0.01 %, the short receives it (notes §6)', () => {
    const e = newEngine();
    fund(e, A, 10_000);
    fund(e, B, 10_000);
    place(e, { user: B, side: 'sell', price: 50_000, lots: 1_000 });
    place(e, { user: A, side: 'buy', price: 50_000, lots: 1_000 });
    const before = { a: available(e, A) + frozen(e, A), b: available(e, B) + frozen(e, B) };
    const events = e.apply({ type: 'funding', time: 5, symbol: 'BTCUSDT', rate: parseRate('0.0001'), mark: usdt(50_000) });
    const f = events.find((ev) => ev.type === 'funding');
    expect(f?.type === 'funding' && f.payments).toEqual([
      { user: A, amount: usdt(5), debt: 0n },
      { user: B, amount: -usdt(5), debt: -0n },
    ]);
    expect(available(e, A) + frozen(e, A)).toBe(before.a - usdt(5));
    expect(available(e, B) + frozen(e, B)).toBe(before.b + usdt(5));
    expect(insurance(e)).toBe(0n);
  });
});

describe('perp engine: liquidation (notes §3, §4)', () => {
  it('liquidates the isolated long at its liquidation price 47,690.76; the fill above bankruptcy leaves the fund its clearance fee', () => {
    const e = isolatedLong();
    expect(e.liquidationPrice(e.holding(A, 'BTCUSDT')!)).toBe(usdt('47690.76305221')) // 47,690.76 rounded up: a trigger is never late;
    place(e, { user: C, side: 'buy', price: 47_600, lots: 20 });
    expect(mark(e, '47691').some((ev) => ev.type === 'liquidation')).toBe(false);
    const events = mark(e, '47690');
    const liq = events.find((ev) => ev.type === 'liquidation');
    expect(liq).toMatchObject({ user: A, size: 20, bankruptcy: 47_500 });
    // Sold 0.02 at 47,600: −48 realized of the 50 margin; 2 USDT left, less than 1.25 % of 952: all of it to the fund.
    expect(liq?.type === 'liquidation' && liq.fee).toBe(usdt(2));
    expect(insurance(e)).toBe(usdt(2));
    expect(available(e, A)).toBe(usdt(950));
    expect(frozen(e, A)).toBe(0n);
    expect(e.position(C, 'BTCUSDT')).toMatchObject({ size: 20, cost: usdt(952) });
    e.ledger.checkInvariants();
  });

  it('lets the insurance fund pay a loss past bankruptcy when the book has no bid above it', () => {
    const e = isolatedLong();
    seedInsurance(e, 100);
    place(e, { user: C, side: 'buy', price: 47_000, lots: 20 });
    mark(e, '47600');
    // Sold at 47,000: −60 against a 50 margin; the fund pays the 10 past bankruptcy.
    expect(e.position(A, 'BTCUSDT')?.size).toBe(0);
    expect(insurance(e)).toBe(usdt(90));
    expect(available(e, A)).toBe(usdt(950));
    e.ledger.checkInvariants();
  });

  it('auto-deleverages the opposite position at the bankruptcy price when neither the book nor the fund can take it', () => {
    const e = isolatedLong();
    const events = mark(e, '47600');
    const adl = events.find((ev) => ev.type === 'trade' && ev.via === 'adl');
    expect(adl).toMatchObject({ price: 47_500, qty: 20 });
    // B's short from 50,000 is closed at 47,500: +50; A's 50 margin is gone.
    expect(e.position(B, 'BTCUSDT')?.size).toBe(0);
    expect(available(e, B)).toBe(usdt(10_050));
    expect(available(e, A)).toBe(usdt(950));
    expect(e.openInterest('BTCUSDT')).toEqual({ long: 0, short: 0 });
    expect(e.ledger.balance(PERP_CLEARING, USDT)).toBe(0n);
    e.ledger.checkInvariants();
  });

  it('adds and removes isolated margin within what maintenance allows', () => {
    const e = isolatedLong();
    expect(rejected(e.apply({ type: 'adjustMargin', time: 9, user: A, symbol: 'BTCUSDT', amount: usdt(25) as never, add: true }))).toBe(Code.OK);
    expect(e.position(A, 'BTCUSDT')?.margin).toBe(usdt(75));
    // At mark 50,000: IM 50, so at most 25 can come out.
    expect(rejected(e.apply({ type: 'adjustMargin', time: 9, user: A, symbol: 'BTCUSDT', amount: usdt(26) as never, add: false }))).toBe(Code.MARGIN_REMOVE_TOO_MUCH);
    expect(rejected(e.apply({ type: 'adjustMargin', time: 9, user: A, symbol: 'BTCUSDT', amount: usdt(25) as never, add: false }))).toBe(Code.OK);
    expect(frozen(e, A)).toBe(usdt(50));
    expect(rejected(e.apply({ type: 'marginMode', time: 9, user: A, symbol: 'BTCUSDT', mode: 'cross' }))).toBe(Code.MARGIN_MODE_HAS_POSITION);
  });
});

describe('perp engine: ADL queue', () => {
  it('ranks the profitable, highly levered positions first (quantile 4 = five lights)', () => {
    const e = newEngine();
    const [L, S1, S2] = [uid(11), uid(12), uid(13)];
    fund(e, L, 100_000);
    fund(e, S1, 1_000);
    fund(e, S2, 100_000);
    // Two shorts of 0.02 BTC at 50,000: S1 on 1,000 USDT, S2 on 100,000 (same profit, far lower margin ratio).
    place(e, { user: S1, side: 'sell', price: 50_000, lots: 20 });
    place(e, { user: S2, side: 'sell', price: 50_000, lots: 20 });
    place(e, { user: L, side: 'buy', price: 50_000, lots: 40 });
    mark(e, 45_000);
    expect(e.adlQuantile(S1, 'BTCUSDT')).toBe(2);
    expect(e.adlQuantile(S2, 'BTCUSDT')).toBe(0);
    // The long, losing, is alone on its side: first of one.
    expect(e.adlQuantile(L, 'BTCUSDT')).toBe(0);
    expect(e.adlQuantile(uid(99), 'BTCUSDT')).toBeNull();
  });
});

describe('perp engine: small remainders', () => {
  it('lets a reduce-only order close a position below the minimum notional, and only a reduce-only one', () => {
    // A 5 USDT minimum notional: one lot (0.001 BTC) at 1 USDT is far under it.
    const e = newEngine([{ ...BTC_PERP, market: { ...BTC_PERP.market, minNotional: 500_000_000n as never } }]);
    const [L, S] = [uid(31), uid(32)];
    fund(e, L, 10_000);
    fund(e, S, 10_000);
    place(e, { user: S, side: 'sell', price: 50_000, lots: 20 });
    place(e, { user: L, side: 'buy', price: 50_000, lots: 20 });
    expect(rejected(place(e, { user: L, side: 'sell', price: 1, lots: 1, tif: 'IOC' }))).toBe(Code.NOTIONAL_BELOW_MIN);
    expect(rejected(place(e, { user: L, side: 'sell', price: 1, lots: 1, reduceOnly: true, tif: 'IOC' }))).toBe(Code.OK);
  });
});

describe('perp engine: a resting reduce-only order when its position shrinks', () => {
  it('cuts it in place to what the position leaves with an amended event, and expires it once nothing is left', () => {
    const e = newEngine();
    for (const u of [A, B, C]) fund(e, u, 10_000);
    place(e, { user: B, side: 'sell', price: 50_000, lots: 20 });
    place(e, { user: A, side: 'buy', price: 50_000, lots: 20 });
    // A is long 0.02; a reduce-only ask for the whole of it rests at 51,000; C bids 0.02 at 49,900.
    const placed = place(e, { user: A, side: 'sell', price: 51_000, lots: 20, reduceOnly: true });
    const accepted = placed.find((ev) => ev.type === 'accepted');
    const id = accepted?.type === 'accepted' ? accepted.order : null;
    expect(id).not.toBeNull();
    expect(rejected(place(e, { user: C, side: 'buy', price: 49_900, lots: 20 }))).toBe(Code.OK);

    // A sells 0.005 (a plain order) to C's bid: the position is 0.015, and the reduce-only ask is cut to it, told.
    const sold = place(e, { user: A, side: 'sell', price: 49_900, lots: 5, tif: 'IOC' });
    const amended = sold.filter((ev) => ev.type === 'amended');
    expect(amended).toEqual([{ type: 'amended', time: expect.any(Number), order: id, user: A, symbol: 'BTCUSDT', price: 51_000, qty: 15 }]);
    expect(sold.findIndex((ev) => ev.type === 'amended')).toBeLessThan(sold.findIndex((ev) => ev.type === 'position' && ev.position.user === A));
    expect(e.bookOf('BTCUSDT')!.order(id!)?.qty).toBe(15);
    expect(e.openOrders(A).map((o) => [o.id, o.open])).toEqual([[id, 15]]);
    expect(sold.some((ev) => ev.type === 'closed' && ev.order === id)).toBe(false);

    // A sells the rest: flat, the order is ended (EXPIRED_REDUCE_ONLY with its 15 lots), not amended to nothing.
    const flat = place(e, { user: A, side: 'sell', price: 49_900, lots: 15, tif: 'IOC', reduceOnly: true });
    expect(flat.some((ev) => ev.type === 'amended')).toBe(false);
    expect(flat.filter((ev) => ev.type === 'closed' && ev.order === id)).toEqual([
      { type: 'closed', time: expect.any(Number), order: id, user: A, symbol: 'BTCUSDT', code: Code.EXPIRED_REDUCE_ONLY, unfilled: 15, postings: expect.any(Array) },
    ]);
    expect(e.bookOf('BTCUSDT')!.order(id!)).toBeUndefined();
    expect(e.openOrders(A)).toEqual([]);
  });

  it('tells nothing when the position still covers the order', () => {
    const e = newEngine();
    for (const u of [A, B, C]) fund(e, u, 10_000);
    place(e, { user: B, side: 'sell', price: 50_000, lots: 20 });
    place(e, { user: A, side: 'buy', price: 50_000, lots: 20 });
    place(e, { user: A, side: 'sell', price: 51_000, lots: 10, reduceOnly: true });
    place(e, { user: C, side: 'buy', price: 49_900, lots: 20 });
    // 0.02 − 0.005 still covers the 0.01 ask.
    const sold = place(e, { user: A, side: 'sell', price: 49_900, lots: 5, tif: 'IOC' });
    expect(sold.some((ev) => ev.type === 'amended')).toBe(false);
    expect(e.openOrders(A).map((o) => o.open)).toEqual([10]);
  });
});

describe('perp engine: the order it walks a user’s markets in', () => {
  it('cancels all of a user’s orders market by market in symbol order, whichever market the user traded first', () => {
    // A second market whose symbol sorts after BTCUSDT, first traded before it.
    const ETH_PERP = { ...BTC_PERP, symbol: 'ETHUSDT', market: { ...BTC_PERP.market, symbol: 'ETHUSDT' } };
    const e = newEngine([BTC_PERP, ETH_PERP]);
    fund(e, A, 10_000);
    expect(rejected(place(e, { user: A, side: 'buy', price: 2_000, lots: 10, symbol: 'ETHUSDT' }))).toBe(Code.OK);
    expect(rejected(place(e, { user: A, side: 'buy', price: 40_000, lots: 10 }))).toBe(Code.OK);
    const out = e.apply({ type: 'cancelAll', time: 100, user: A });
    const closed = out.flatMap((x) => (x.type === 'closed' ? [x.symbol] : []));
    // The same order a desk rebuilt from the store (its holdings by user and symbol) walks them in.
    expect(closed).toEqual(['BTCUSDT', 'ETHUSDT']);
  });
});

describe('perp engine: order ids', () => {
  it('gives a refused order’s id to the next order (post-only that would take, FOK not fillable), as a rebuilt engine would', () => {
    const e = newEngine();
    fund(e, A, 10_000);
    fund(e, B, 10_000);
    const idOf = (events: ReturnType<typeof place>) => events.flatMap((x) => (x.type === 'accepted' ? [x.order] : []))[0];
    const first = idOf(place(e, { user: B, side: 'sell', price: 50_000, lots: 10 }))!;
    // Refused by the book: would take, can't fill whole.
    expect(rejected(place(e, { user: A, side: 'buy', price: 50_000, lots: 10, postOnly: true }))).toBe(Code.POST_ONLY_WOULD_TAKE);
    expect(rejected(place(e, { user: A, side: 'buy', price: 50_000, lots: 50, tif: 'FOK' }))).toBe(Code.FOK_NOT_FILLABLE);
    expect(idOf(place(e, { user: A, side: 'buy', price: 40_000, lots: 10 }))).toBe(first + 1);
    expect(e.counters.nextOrder).toBe(first + 2);
  });
});
