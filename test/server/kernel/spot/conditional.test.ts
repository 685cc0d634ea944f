// Spot conditional orders in the kernel: the trigger rules (Binance's trailing-stop FAQ, scenarios A-E, trade by
// trade), and the engine's stop-loss, take-profit, trailing and OCO orders with the ledger (round units: 1 tick =
// 1 USDT, 1 lot = 1 BTC; every user starts with 100 000 USDT and 100 BTC).
import { describe, expect, it } from 'vitest';
import { FastBook } from '../../../../server/kernel/book/fast-book.ts';
import { Code } from '../../../../server/kernel/codes.ts';
import { asset, type OrderId, type Price, type Qty, type UserId } from '../../../../server/kernel/money/nominal.ts';
import { Triggers, type Condition, type Waiting } from '../../../../server/kernel/spot/triggers.ts';
import { coins, deposit } from '../fixtures.ts';
import { FEES, types, World } from './world.ts';

const USDT = asset('USDT');
const BTC = asset('BTC');

/** Prices from `from` to `to` in steps of `step` (both ends included), as a run of trades would print them. */
function run(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  const dir = to >= from ? 1 : -1;
  for (let p = from; dir > 0 ? p < to : p > to; p += dir * step) out.push(p);
  out.push(to);
  return out;
}

function waiting(side: 'buy' | 'sell', condition: Condition, stop: number | null, trailing: number, trail: number | null = null): Waiting {
  return {
    id: 1 as OrderId, user: 1 as UserId, side, condition, kind: 'limit', stop: stop as Price | null, trailingBips: trailing, price: 1 as Price,
    qty: 1 as Qty, tif: 'GTC', stp: 'NONE', fees: FEES, held: 0n, time: 0, trail: trail as Price | null,
  };
}

/** Feeds the prices one trade at a time; answers the price that fired the order (null if none). */
function feed(t: Triggers, prices: number[]): number | null {
  for (const p of prices) {
    const fired: Waiting[] = [];
    t.onTrade(p as Price, fired);
    if (fired.length > 0) return p;
  }
  return null;
}

describe("Binance's trailing-stop scenarios, trade by trade", () => {
  it('A: a trailing stop-loss buy starts at its stop and fires 5 % above the lowest price since', () => {
    const t = new Triggers();
    t.add(waiting('buy', 'stop_loss', 44_000, 500));
    expect(feed(t, run(40_000, 37_000, 100))).toBeNull(); // 7.5 % down, but not tracking yet
    expect(feed(t, run(37_000, 45_000, 100))).toBeNull(); // starts at 44 000
    expect(t.get(1 as OrderId)?.trail).toBe(44_000);
    expect(feed(t, run(45_000, 46_000, 100))).toBeNull(); // +4.54 % from 44 000
    expect(feed(t, run(46_000, 42_000, 100))).toBeNull();
    expect(t.get(1 as OrderId)?.trail).toBe(42_000);
    expect(feed(t, run(42_000, 44_100, 50))).toBe(44_100); // 42 000 × 1.05
  });

  it('B: a trailing stop-loss sell starts at its stop and fires 10 % under the highest price since', () => {
    const t = new Triggers();
    t.add(waiting('sell', 'stop_loss', 39_000, 1000));
    expect(feed(t, run(40_000, 41_500, 100))).toBeNull();
    expect(feed(t, run(41_500, 37_000, 100))).toBeNull();
    expect(feed(t, run(37_000, 41_000, 100))).toBeNull();
    expect(t.get(1 as OrderId)?.trail).toBe(41_000);
    expect(feed(t, run(41_000, 36_900, 50))).toBe(36_900); // 41 000 × 0.90
  });

  it('C: a trailing take-profit buy starts at its stop and fires 8.5 % above the lowest price since', () => {
    const t = new Triggers();
    t.add(waiting('buy', 'take_profit', 38_000, 850));
    expect(feed(t, run(40_000, 42_000, 100))).toBeNull();
    expect(feed(t, run(42_000, 37_000, 100))).toBeNull();
    expect(feed(t, run(37_000, 39_000, 100))).toBeNull();
    expect(feed(t, run(39_000, 38_000, 100))).toBeNull();
    expect(t.get(1 as OrderId)?.trail).toBe(37_000);
    expect(feed(t, run(38_000, 40_145, 5))).toBe(40_145); // 37 000 × 1.085
  });

  it('D: a trailing take-profit sell starts at its stop and fires 7.5 % under the highest price since (half ticks)', () => {
    const t = new Triggers();
    t.add(waiting('sell', 'take_profit', 84_000, 750)); // prices × 2: 42 000 → 84 000
    expect(feed(t, run(80_000, 83_000, 200))).toBeNull();
    expect(feed(t, run(83_000, 78_000, 200))).toBeNull();
    expect(feed(t, run(78_000, 90_000, 200))).toBeNull();
    expect(feed(t, run(90_000, 88_000, 200))).toBeNull();
    expect(feed(t, run(88_000, 93_000, 200))).toBeNull();
    expect(feed(t, run(93_000, 86_025, 25))).toBe(86_025); // 46 500 × 0.925 = 43 012.5
  });

  it('E: without a stop price a trailing stop-loss sell tracks from the last price at placement', () => {
    const t = new Triggers();
    t.add(waiting('sell', 'stop_loss', null, 700, 40_000));
    expect(feed(t, run(40_000, 42_000, 100))).toBeNull();
    expect(feed(t, run(42_000, 39_500, 100))).toBeNull(); // 5.95 % under 42 000
    expect(feed(t, run(39_500, 45_500, 100))).toBeNull();
    expect(feed(t, run(45_500, 42_315, 5))).toBe(42_315); // 45 500 × 0.93
  });

  it('fires fixed stops in trigger order, oldest first at one price, and never twice', () => {
    const t = new Triggers();
    const w = (id: number, stop: number): Waiting => ({ ...waiting('sell', 'stop_loss', stop, 0), id: id as OrderId, trailingBips: null });
    t.add(w(3, 95));
    t.add(w(1, 90));
    t.add(w(2, 95));
    const fired: Waiting[] = [];
    t.onTrade(96 as Price, fired);
    expect(fired).toEqual([]);
    t.onTrade(90 as Price, fired);
    expect(fired.map((f) => f.id)).toEqual([2, 3, 1]);
    t.onTrade(80 as Price, fired);
    expect(fired).toHaveLength(3);
    expect(t.size).toBe(0);
  });
});

describe('spot engine: conditional orders', () => {
  /** A market whose last price is `last`: user 3 sells 1 BTC to user 3's... two users trade once at `last`. */
  function market(last: number): World {
    const w = new World(new FastBook(4, 2));
    w.limit(3, 'sell', 1, last);
    w.limit(2, 'buy', 1, last);
    expect(w.engine.lastPrice).toBe(last);
    return w;
  }

  it('refuses a stop the last price already meets, a missing trigger and a trailing delta out of range, changing nothing', () => {
    const w = market(100);
    expect(types(w.conditional(1, 'sell', 1, { condition: 'stop_loss', stop: 100, price: 99 }))).toEqual([`rejected:3:${Code.STOP_WOULD_TRIGGER}`]);
    expect(types(w.conditional(1, 'buy', 1, { condition: 'stop_loss', stop: 99, price: 101 }))).toEqual([`rejected:4:${Code.STOP_WOULD_TRIGGER}`]);
    expect(types(w.conditional(1, 'sell', 1, { condition: 'take_profit', stop: 99, price: 99 }))).toEqual([`rejected:5:${Code.STOP_WOULD_TRIGGER}`]);
    expect(types(w.conditional(1, 'sell', 1, { condition: 'stop_loss', price: 99 }))).toEqual([`rejected:6:${Code.STOP_REQUIRED}`]);
    expect(types(w.conditional(1, 'sell', 1, { condition: 'stop_loss', trailing: 9, price: 99 }))).toEqual([`rejected:7:${Code.TRAILING_DELTA_INVALID}`]);
    expect(types(w.conditional(1, 'sell', 1, { condition: 'stop_loss', trailing: 2001 }))).toEqual([`rejected:8:${Code.TRAILING_DELTA_INVALID}`]);
    expect(types(w.conditional(1, 'sell', 101, { condition: 'stop_loss', stop: 90 }))).toEqual([`rejected:9:${Code.INSUFFICIENT_FUNDS}`]);
    expect(w.frozen(1, BTC)).toBe(0n);
    expect(w.frozen(1, USDT)).toBe(0n);
    expect(w.engine.waitingOrders()).toEqual([]);
  });

  it('holds a stop-limit sell, fires it when a trade prints at its stop, and places it as a limit order with the same id', () => {
    const w = market(100);
    expect(types(w.conditional(1, 'sell', 2, { condition: 'stop_loss', stop: 95, price: 94 }))).toEqual(['waiting:3']);
    expect(w.frozen(1, BTC)).toBe(coins(2));
    w.limit(2, 'buy', 5, 94); // a bid for the stop to sell into
    expect(types(w.limit(3, 'sell', 1, 96))).toEqual(['accepted:5', 'rested:5']);
    w.limit(2, 'buy', 1, 96); // trades at 96: not yet
    expect(w.engine.waitingOrders().map((x) => x.id)).toEqual([3]);
    w.limit(3, 'sell', 1, 95);
    const events = w.limit(2, 'buy', 1, 95); // trades at 95: fires, sells 2 into the 94 bid
    expect(types(events)).toEqual([
      'accepted:8', 'trade', `closed:7:${Code.FILLED}`, `closed:8:${Code.FILLED}`, 'triggered:3', 'accepted:3', 'trade', `closed:3:${Code.FILLED}`,
    ]);
    expect(events[6]).toMatchObject({ type: 'trade', price: 94, qty: 2, taker: 3, maker: 4 });
    expect(w.frozen(1, BTC)).toBe(0n);
    expect(w.available(1, BTC)).toBe(coins(98));
    expect(w.engine.lastPrice).toBe(94);
  });

  it('fires a stop-market buy bounded by the band around the trade that fired it, and cascades into the next stop', () => {
    const w = market(100);
    w.conditional(1, 'buy', 1, { condition: 'stop_loss', stop: 102 }); // id 3
    w.conditional(2, 'buy', 1, { condition: 'stop_loss', stop: 104 }); // id 4
    // Held: 1 BTC at the band's edge above the stop (default band 5 %): 102 × 1.05 = 107.1 → 107 ticks.
    expect(w.frozen(1, USDT)).toBe(coins(107));
    w.limit(3, 'sell', 1, 104); // id 5
    w.limit(3, 'sell', 1, 200); // id 6: beyond any band
    w.limit(3, 'sell', 1, 102); // id 7
    const events = w.limit(2, 'buy', 1, 102); // id 8 trades at 102: fires 3, which lifts 104 and fires 4, which finds only 200 (past its band)
    expect(types(events)).toEqual([
      'accepted:8', 'trade', `closed:7:${Code.FILLED}`, `closed:8:${Code.FILLED}`,
      'triggered:3', 'accepted:3', 'trade', `closed:5:${Code.FILLED}`, `closed:3:${Code.FILLED}`,
      'triggered:4', 'accepted:4', `closed:4:${Code.EXPIRED_MARKET}`,
    ]);
    expect(w.frozen(1, USDT)).toBe(0n);
    expect(w.frozen(2, USDT)).toBe(0n);
    expect(w.available(1, BTC)).toBe(coins(101) - coins(1) / 500n);
  });

  it('tracks a trailing stop through trades and reports its best price once per command', () => {
    const w = market(100);
    expect(types(w.conditional(1, 'sell', 1, { condition: 'stop_loss', trailing: 1000, price: 80 }))).toEqual(['waiting:3', 'trailed:3']); // tracks from the last price
    w.limit(3, 'sell', 1, 110);
    expect(types(w.limit(2, 'buy', 1, 110))).toEqual(['accepted:5', 'trade', `closed:4:${Code.FILLED}`, `closed:5:${Code.FILLED}`, 'trailed:3']);
    w.limit(2, 'buy', 1, 99); // 10 % under 110 = 99
    expect(types(w.limit(3, 'sell', 1, 99))).toEqual(['accepted:7', 'trade', `closed:6:${Code.FILLED}`, `closed:7:${Code.FILLED}`, 'triggered:3', 'accepted:3', 'rested:3']);
  });

  it('expires a fired order the funds no longer cover (a gap past its band), with the reason, releasing what it held', () => {
    const w = new World(new FastBook(4, 2), [1, 2, 3], 108);
    deposit(w.ledger, 2 as UserId, USDT, coins(10_000));
    w.limit(3, 'sell', 1, 100);
    w.limit(2, 'buy', 1, 100);
    w.conditional(1, 'buy', 1, { condition: 'stop_loss', stop: 102 }); // id 3: holds 107 (102 + 5 %)
    expect(w.frozen(1, USDT)).toBe(coins(107));
    w.limit(3, 'sell', 1, 110);
    const events = w.limit(2, 'buy', 1, 110); // a gap to 110: a market buy bounded at 115 needs 115 > 108
    expect(types(events).slice(-2)).toEqual(['triggered:3', `closed:3:${Code.INSUFFICIENT_FUNDS}`]);
    expect(w.frozen(1, USDT)).toBe(0n);
    expect(w.available(1, USDT)).toBe(coins(108));
  });

  it('cancels a waiting order and releases exactly what it held; cancel-all takes waiting orders too', () => {
    const w = market(100);
    w.conditional(1, 'buy', 2, { condition: 'take_profit', stop: 90, price: 91 });
    w.conditional(1, 'sell', 1, { condition: 'take_profit', stop: 110 });
    expect(w.frozen(1, USDT)).toBe(coins(182));
    expect(w.frozen(1, BTC)).toBe(coins(1));
    expect(types(w.cancel(1, 3))).toEqual([`closed:3:${Code.CANCELED}`]);
    expect(w.frozen(1, USDT)).toBe(0n);
    expect(types(w.cancelAll(1))).toEqual([`closed:4:${Code.CANCELED}`]);
    expect(w.frozen(1, BTC)).toBe(0n);
    expect(w.available(1, BTC)).toBe(coins(100));
  });
});

describe('spot engine: OCO', () => {
  function market(last: number): World {
    const w = new World(new FastBook(4, 2));
    w.limit(3, 'sell', 1, last);
    w.limit(2, 'buy', 1, last);
    return w;
  }
  const sellOco = (w: World, limit: number, stop: number, stopLimit: number | null) => {
    const above = w.take();
    const below = w.take();
    const events = w.oco(1, 'sell', 2, { type: 'limit_maker', order: above, price: limit as Price }, {
      type: 'conditional', order: below, condition: 'stop_loss', kind: stopLimit === null ? 'market' : 'limit', stop: stop as Price,
      trailingBips: null, price: stopLimit as Price | null, tif: 'GTC',
    });
    return { above, below, events };
  };

  it('holds the funds once, and a trade on the limit leg cancels the stop leg', () => {
    const w = market(100);
    const { above, below, events } = sellOco(w, 110, 90, 89);
    expect(types(events)).toEqual([`accepted:${above}`, `rested:${above}`, `waiting:${below}`]);
    expect(w.frozen(1, BTC)).toBe(coins(2)); // once, not twice
    const fill = w.limit(2, 'buy', 1, 110);
    expect(types(fill)).toContain(`closed:${below}:${Code.CANCELED}`);
    expect(w.engine.waitingOrders()).toEqual([]);
    expect(w.frozen(1, BTC)).toBe(coins(1)); // the limit leg's unfilled half still rests
  });

  it('a fired stop leg cancels the limit leg first, then sells', () => {
    const w = market(100);
    const { above, below } = sellOco(w, 110, 90, null);
    w.limit(2, 'buy', 5, 88);
    w.limit(2, 'buy', 1, 90);
    const events = w.limit(3, 'sell', 1, 90);
    expect(types(events)).toEqual([
      expect.stringMatching(/^accepted:/), 'trade', expect.stringMatching(/^closed:/), expect.stringMatching(/^closed:/),
      `closed:${above}:${Code.CANCELED}`, `triggered:${below}`, `accepted:${below}`, 'trade', `closed:${below}:${Code.FILLED}`,
    ]);
    expect(w.frozen(1, BTC)).toBe(0n);
    expect(w.available(1, BTC)).toBe(coins(98));
  });

  it('cancelling either leg cancels both; a limit leg on the wrong side or a would-trigger stop refuses the whole list', () => {
    const w = market(100);
    const { above, below } = sellOco(w, 110, 90, 89);
    expect(types(w.cancel(1, below))).toEqual([`closed:${below}:${Code.CANCELED}`, `closed:${above}:${Code.CANCELED}`]);
    expect(w.frozen(1, BTC)).toBe(0n);
    const bad = sellOco(w, 99, 90, 89);
    expect(types(bad.events)).toEqual([`rejected:${bad.above}:${Code.OCO_PRICES_INVALID}`]);
    const trig = sellOco(w, 110, 100, 99);
    expect(types(trig.events)).toEqual([`rejected:${trig.above}:${Code.OCO_PRICES_INVALID}`]);
    expect(w.frozen(1, BTC)).toBe(0n);
    expect(w.engine.openOrders(1 as UserId)).toEqual([]);
  });

  it("a leg traded by an order fired in the same command cancels the partner queued to fire after it (never both legs)", () => {
    // Found by the crash test: one trade reaches two stops; the first to fire sells into this OCO's limit leg,
    // whose stop leg was queued behind it. The stop leg must be cancelled, not fired.
    const w = new World(new FastBook(4, 2), [1, 2, 3, 4]);
    w.limit(3, 'sell', 1, 100);
    w.limit(4, 'buy', 1, 100);
    const below = w.take();
    const above = w.take();
    w.oco(1, 'buy', 1,
      { type: 'conditional', order: above, condition: 'stop_loss', kind: 'market', stop: 102 as Price, trailingBips: null, price: null, tif: 'GTC' },
      { type: 'limit_maker', order: below, price: 98 as Price });
    w.conditional(2, 'sell', 1, { condition: 'take_profit', stop: 101 }); // fires first (lower stop), sells into the 98 bid
    w.limit(3, 'sell', 1, 102);
    w.limit(3, 'sell', 5, 104);
    const events = w.limit(4, 'buy', 1, 102);
    expect(types(events)).toContain(`closed:${above}:${Code.CANCELED}`);
    expect(types(events)).not.toContain(`triggered:${above}`);
    expect(w.available(1, BTC)).toBe(coins(101) - coins(1) / 1000n); // bought once, as maker at 98
    expect(w.frozen(1, USDT)).toBe(0n);
    expect(w.engine.waitingOrders()).toEqual([]);
  });

  it('a buy OCO holds the larger leg: the stop-limit above needs more than the limit below', () => {
    const w = market(100);
    const below = w.take();
    const above = w.take();
    const events = w.oco(1, 'buy', 1,
      { type: 'conditional', order: above, condition: 'stop_loss', kind: 'limit', stop: 110 as Price, trailingBips: null, price: 112 as Price, tif: 'GTC' },
      { type: 'limit_maker', order: below, price: 90 as Price });
    expect(types(events)).toEqual([`accepted:${below}`, `rested:${below}`, `waiting:${above}`]);
    expect(w.frozen(1, USDT)).toBe(coins(112)); // 90 on the book + 22 held by the stop leg
    w.cancelAll(1);
    expect(w.frozen(1, USDT)).toBe(0n);
  });
});
