// Issue 27's scenarios: money going to the wrong party (the insurance fund paying for a solvent cross account, cash
// that holds up a cross loss moved into isolated margin, market orders costed at the band), and a stale ADL queue
// that hung or crashed the desk. Each was written against the engine before the fix and failed there.
import { describe, expect, it } from 'vitest';
import { Code } from '../../../../server/kernel/codes.ts';
import { PERP_RECEIVABLE } from '../../../../server/kernel/ledger/accounts.ts';
import type { LiquidationIndex } from '../../../../server/kernel/perp/liq-index.ts';
import type { PerpEngine } from '../../../../server/kernel/perp/engine.ts';
import type { FeeRates, PerpEvent } from '../../../../server/kernel/perp/types.ts';
import type { Price, Qty, UserId } from '../../../../server/kernel/money/nominal.ts';
import { available, BTC_PERP, frozen, fund, insurance, mark, newEngine, place, rejected, seedInsurance, uid, usdt, USDT } from './engine-fixtures.ts';
import { ETH_PERP } from './property-fixtures.ts';

const A = uid(1);
const B = uid(2);
const C = uid(3);
const D = uid(4);
const ok = (events: PerpEvent[]) => expect(rejected(events)).toBe(Code.OK);
const both = () => newEngine([BTC_PERP, ETH_PERP]);
const wallet = (e: PerpEngine, u: UserId) => available(e, u) + frozen(e, u);
const setLeverage = (e: PerpEngine, user: UserId, symbol: string, leverage: number) => ok(e.apply({ type: 'leverage', time: 1, user, symbol, leverage }));
const isolated = (e: PerpEngine, user: UserId, symbol = 'BTCUSDT') => ok(e.apply({ type: 'marginMode', time: 1, user, symbol, mode: 'isolated' }));

/** The liquidation price the engine's index holds for a position (private: read to tell a stale index). */
function indexed(e: PerpEngine, symbol: string, user: UserId): bigint | null | undefined {
  const markets = (e as unknown as { markets: Map<string, { liq: LiquidationIndex }> }).markets;
  return markets.get(symbol)!.liq.get(user)?.price;
}

/**
 * A (2,000 USDT, cross, 50x) is long 1 BTC at 50,000 (margin 1,000) and short 10 ETH at 3,000 (margin 600) against B;
 * C, rich, quotes where the markets move to. The fund holds 10,000.
 */
function hedged(): PerpEngine {
  const e = both();
  fund(e, A, 2_000);
  fund(e, B, 1_000_000);
  fund(e, C, 1_000_000);
  seedInsurance(e, 10_000);
  for (const s of ['BTCUSDT', 'ETHUSDT']) setLeverage(e, A, s, 50);
  ok(place(e, { user: B, side: 'sell', price: 50_000, lots: 1_000 }));
  ok(place(e, { user: A, side: 'buy', price: 50_000, lots: 1_000 }));
  ok(place(e, { user: B, side: 'buy', price: 300_000, lots: 1_000, symbol: 'ETHUSDT' }));
  ok(place(e, { user: A, side: 'sell', price: 300_000, lots: 1_000, symbol: 'ETHUSDT' }));
  expect(available(e, A)).toBe(usdt(400));
  mark(e, 50_000);
  mark(e, 3_000, 'ETHUSDT');
  return e;
}

describe('1. the insurance fund pays only what the whole cross account cannot', () => {
  it('a cross loss past the cash is carried by the account’s unrealized profit: A ends with 2,600 and the fund is untouched', () => {
    const e = hedged();
    // ETH gains A +3,000, BTC loses it −2,400: equity 2,600, far above maintenance.
    expect(mark(e, 2_700, 'ETHUSDT').some((x) => x.type === 'liquidation')).toBe(false);
    expect(mark(e, 47_600).some((x) => x.type === 'liquidation')).toBe(false);
    ok(place(e, { user: C, side: 'buy', price: 47_600, lots: 1_000 }));
    const close = place(e, { user: A, side: 'sell', price: 47_600, lots: 1_000 });
    const t = close.find((x) => x.type === 'trade');
    // The −2,400 takes the whole 2,000 of cash; the 400 past it is A's debt (Binance: cross wallet −400), not the fund's.
    expect(t?.type === 'trade' && [t.taker.realized, t.taker.covered, t.taker.debt]).toEqual([-usdt(2_400), 0n, usdt(400)]);
    expect(insurance(e)).toBe(usdt(10_000));
    expect(wallet(e, A)).toBe(0n);
    expect(e.owed(A)).toBe(usdt(400));
    expect(e.crossWallet(A)).toBe(-usdt(400));
    expect(e.ledger.balance(PERP_RECEIVABLE, USDT)).toBe(-usdt(400));
    // Margin balance −400 + 3,000: still safe, and nothing can leave or be spent while A owes.
    expect(e.underwater(e.holding(A, 'ETHUSDT')!)).toBe(false);
    expect(e.availableForOrder(A)).toBe(0n);
    // Closing ETH realizes the +3,000, which repays the 400 first.
    ok(place(e, { user: C, side: 'sell', price: 270_000, lots: 1_000, symbol: 'ETHUSDT' }));
    const eth = place(e, { user: A, side: 'buy', price: 270_000, lots: 1_000, symbol: 'ETHUSDT' });
    const t2 = eth.find((x) => x.type === 'trade');
    expect(t2?.type === 'trade' && [t2.taker.realized, t2.taker.debt]).toEqual([usdt(3_000), -usdt(400)]);
    expect(wallet(e, A)).toBe(usdt(2_600));
    expect(insurance(e)).toBe(usdt(10_000));
    expect(e.owed(A)).toBe(0n);
    expect(e.ledger.balance(PERP_RECEIVABLE, USDT)).toBe(0n);
    e.ledger.checkInvariants();
  });

  it('liquidation: the BTC loss past the cash becomes debt the ETH profit carries, so the fund pays nothing', () => {
    const e = hedged();
    mark(e, 2_700, 'ETHUSDT');
    // C bids above the coming mark; BTC marks 44,900: equity 2,000 − 5,100 + 3,000 = −100, under maintenance. BTC
    // (the larger maintenance) is closed first, bounded by its bankruptcy price 45,000 (the ETH profit counts).
    ok(place(e, { user: C, side: 'buy', price: 45_500, lots: 1_000 }));
    const events = mark(e, 44_900);
    expect(events.filter((x) => x.type === 'liquidation').map((x) => x.type === 'liquidation' && x.symbol)).toEqual(['BTCUSDT']);
    // Sold at 45,500: −4,500 against 2,000 of cash; 2,500 owed, carried by the +3,000 on ETH (margin balance 500).
    expect(insurance(e)).toBe(usdt(10_000));
    expect(e.owed(A)).toBe(usdt(2_500));
    expect(e.position(A, 'ETHUSDT')?.size).toBe(-1_000);
    expect(e.underwater(e.holding(A, 'ETHUSDT')!)).toBe(false);
    // The ETH profit, realized, pays it: A ends with 500, the fund with what it had.
    ok(place(e, { user: C, side: 'sell', price: 270_000, lots: 1_000, symbol: 'ETHUSDT' }));
    ok(place(e, { user: A, side: 'buy', price: 270_000, lots: 1_000, symbol: 'ETHUSDT', reduceOnly: true }));
    expect(wallet(e, A)).toBe(usdt(500));
    expect(insurance(e)).toBe(usdt(10_000));
    e.ledger.checkInvariants();
  });

  it('the fund pays what is still owed once no position is left to pay it', () => {
    const e = hedged();
    mark(e, 2_700, 'ETHUSDT');
    ok(place(e, { user: C, side: 'buy', price: 47_600, lots: 1_000 }));
    ok(place(e, { user: A, side: 'sell', price: 47_600, lots: 1_000 }));
    expect(e.owed(A)).toBe(usdt(400));
    // ETH runs back up to 3,050 (−500 at the mark: A is under water) and A is liquidated: the close at C's ask of
    // 3,050 realizes −500; with nothing left, the 400 + 500 A owes is the fund's.
    ok(place(e, { user: C, side: 'sell', price: 305_000, lots: 1_000, symbol: 'ETHUSDT' }));
    const events = mark(e, 3_050, 'ETHUSDT');
    expect(events.some((x) => x.type === 'liquidation' && x.user === A)).toBe(true);
    expect(e.position(A, 'ETHUSDT')?.size).toBe(0);
    expect(e.owed(A)).toBe(0n);
    expect(wallet(e, A)).toBe(0n);
    expect(insurance(e)).toBe(usdt(10_000 - 900));
    e.ledger.checkInvariants();
  });

  it('a funding payment past the cash is owed, not paid by the fund, while the account’s profit carries it', () => {
    const e = hedged();
    mark(e, 2_700, 'ETHUSDT');
    ok(place(e, { user: C, side: 'buy', price: 47_600, lots: 1_000 }));
    ok(place(e, { user: A, side: 'sell', price: 47_600, lots: 1_000 }));
    // A is short ETH: a negative rate makes shorts pay. 27,000 × 0.1 % = 27, all of it owed.
    const events = e.apply({ type: 'funding', time: 9, symbol: 'ETHUSDT', rate: -100_000n as never, mark: usdt(2_700) });
    const f = events.find((x) => x.type === 'funding');
    expect(f?.type === 'funding' && f.payments.find((p) => p.user === A)).toEqual({ user: A, amount: usdt(27), debt: usdt(27) });
    expect(e.owed(A)).toBe(usdt(427));
    expect(insurance(e)).toBe(usdt(10_000) + (f?.type === 'funding' ? f.insurance : 0n));
    expect(f?.type === 'funding' && f.insurance).toBe(0n);
    e.ledger.checkInvariants();
  });
});

describe('2. cash that holds up a cross loss can not be moved into isolated margin', () => {
  /** A (1,000 USDT) is cross long 0.2 BTC at 50,000, 20x (margin 500), with an isolated 0.1 ETH long (margin 30). */
  function losing(): PerpEngine {
    const e = both();
    fund(e, A, 1_000);
    fund(e, B, 1_000_000);
    seedInsurance(e, 10_000);
    ok(place(e, { user: B, side: 'sell', price: 50_000, lots: 200 }));
    ok(place(e, { user: A, side: 'buy', price: 50_000, lots: 200 }));
    isolated(e, A, 'ETHUSDT');
    setLeverage(e, A, 'ETHUSDT', 10);
    ok(place(e, { user: B, side: 'sell', price: 300_000, lots: 10, symbol: 'ETHUSDT' }));
    ok(place(e, { user: A, side: 'buy', price: 300_000, lots: 10, symbol: 'ETHUSDT' }));
    mark(e, 3_000, 'ETHUSDT');
    // BTC marks 46,500: −700 on the cross position; cross equity 470 + 500 − 700 = 270, above maintenance 37.2.
    expect(mark(e, 46_500).some((x) => x.type === 'liquidation')).toBe(false);
    expect(available(e, A)).toBe(usdt(470));
    return e;
  }

  it('refuses an isolated order paid with that cash (AvailableForOrder counts the cross unrealized loss)', () => {
    const e = losing();
    ok(place(e, { user: B, side: 'sell', price: 300_000, lots: 100, symbol: 'ETHUSDT' }));
    // 1 ETH at 10x needs 300 of margin: available 470, but 700 of it holds up the BTC loss.
    expect(rejected(place(e, { user: A, side: 'buy', price: 300_000, lots: 100, symbol: 'ETHUSDT' }))).toBe(Code.INSUFFICIENT_FUNDS);
    expect(e.availableForOrder(A)).toBe(0n);
    expect(mark(e, 46_500).some((x) => x.type === 'liquidation')).toBe(false);
    expect(insurance(e)).toBe(usdt(10_000));
  });

  it('refuses adding that cash to the isolated margin', () => {
    const e = losing();
    expect(rejected(e.apply({ type: 'adjustMargin', time: 9, user: A, symbol: 'ETHUSDT', amount: usdt(300) as never, add: true }))).toBe(Code.INSUFFICIENT_FUNDS);
    expect(e.position(A, 'ETHUSDT')?.margin).toBe(usdt(30));
    // With the BTC loss gone, the cash is free again.
    mark(e, 50_000);
    ok(e.apply({ type: 'adjustMargin', time: 9, user: A, symbol: 'ETHUSDT', amount: usdt(300) as never, add: true }));
    expect(e.position(A, 'ETHUSDT')?.margin).toBe(usdt(330));
  });
});

describe('3. a stale ADL queue neither hangs nor crashes the desk', () => {
  /**
   * A: isolated long 0.02 BTC at 50,000, 20x (bankruptcy 47,500) against B's short; D (125x) bids 0.02 at 47,000; C
   * waits to sell 0.02 at market when the mark falls to 45,000. The fund is empty. Mark 45,000: A's close finds no
   * bid at or above 47,500 and is deleveraged against B (the queue of shorts, ranked for this mark, is now used
   * up); C's stop then sells into D's bid, opening C's short and D's long at 47,000, which is under water at once.
   * D's close finds no bid and must be deleveraged against C, whom the queue ranked for this mark does not hold.
   */
  function staleQueue(dMode: 'cross' | 'isolated'): PerpEngine {
    const e = newEngine();
    for (const u of [B, C]) fund(e, u, 100_000);
    fund(e, A, 1_000);
    fund(e, D, 8);
    isolated(e, A);
    if (dMode === 'isolated') isolated(e, D);
    setLeverage(e, D, 'BTCUSDT', 125);
    ok(place(e, { user: B, side: 'sell', price: 50_000, lots: 20 }));
    ok(place(e, { user: A, side: 'buy', price: 50_000, lots: 20 }));
    mark(e, 50_000);
    ok(place(e, { user: D, side: 'buy', price: 47_000, lots: 20 }));
    ok(e.apply({
      type: 'conditional', time: 2, user: C, symbol: 'BTCUSDT', side: 'sell', kind: 'stop_market', trigger: usdt(45_000), working: 'mark',
      price: null, qty: 20 as Qty, reduceOnly: false, tif: 'GTC', origin: 'trigger', fees: { makerPpm: 0, takerPpm: 0 },
    }));
    return e;
  }

  for (const mode of ['isolated', 'cross'] as const) {
    it(`re-ranks the queue when it runs out: a ${mode} position opened by a fill later in the same mark is closed against the new short`, () => {
      const e = staleQueue(mode);
      let events: PerpEvent[] = [];
      expect(() => (events = mark(e, 45_000))).not.toThrow();
      const adl = events.filter((x) => x.type === 'trade' && x.via === 'adl').map((x) => x.type === 'trade' && [x.taker.user, x.maker.user, x.price]);
      // D's bankruptcy price: 47,000 less what backs it over 0.02 BTC (isolated: its margin 7.52; cross: all 8 USDT).
      expect(adl).toEqual([[A, B, 47_500], [D, C, mode === 'isolated' ? 46_624 : 46_600]]);
      for (const u of [A, B, C, D]) expect(e.position(u, 'BTCUSDT')?.size ?? 0).toBe(0);
      expect(e.openInterest('BTCUSDT')).toEqual({ long: 0, short: 0 });
      e.ledger.checkInvariants();
    });
  }
});

describe('4. market orders are costed at Binance’s assumed price, not the 5 % band', () => {
  const FEES: FeeRates = { makerPpm: 0, takerPpm: 0 };
  /** The mark is 50,000 and B asks 0.38 BTC at 50,001: a buy's assumed price is 50,001 × 1.0005 = 50,026.0005. */
  function book(cash: number | string): PerpEngine {
    const e = newEngine();
    fund(e, A, Number(cash));
    fund(e, B, 1_000_000);
    mark(e, 50_000);
    ok(place(e, { user: B, side: 'sell', price: 50_001, lots: 380 }));
    ok(place(e, { user: B, side: 'buy', price: 49_999, lots: 380 }));
    return e;
  }
  // The band bound the desk gives a market buy: mark × 1.05.
  const buy = (e: PerpEngine) => place(e, { user: A, side: 'buy', kind: 'market', tif: 'IOC', price: 52_500, lots: 380, fees: FEES });

  it('a 0.38 BTC market buy at 20x costs 960.37 (0.38 × 50,026.0005 / 20 + open loss 0.38 × 26.0005), as on Binance', () => {
    expect(rejected(buy(book(960)))).toBe(Code.INSUFFICIENT_FUNDS);
    const e = book(961);
    ok(buy(e));
    expect(e.position(A, 'BTCUSDT')).toMatchObject({ size: 380, cost: usdt(19_000.38) });
  });

  it('a plain market sell that only closes a long risks no open loss', () => {
    const e = book(961);
    ok(buy(e));
    expect(available(e, A)).toBeLessThan(usdt(12));
    // At the band (47,500) the open loss of the whole 0.38 would have been 950.
    const sell = place(e, { user: A, side: 'sell', kind: 'market', tif: 'IOC', price: 47_500, lots: 380, fees: FEES });
    ok(sell);
    expect(e.position(A, 'BTCUSDT')?.size).toBe(0);
  });

  it('a stop-market order that fires is costed the same way', () => {
    const e = book(961);
    ok(e.apply({
      type: 'conditional', time: 2, user: A, symbol: 'BTCUSDT', side: 'buy', kind: 'stop_market', trigger: usdt(50_000.5), working: 'mark',
      price: null, qty: 380 as Qty, reduceOnly: false, tif: 'GTC', origin: 'trigger', fees: FEES,
    }));
    const fired = mark(e, '50000.5');
    expect(fired.find((x) => x.type === 'triggered')).toMatchObject({ code: Code.TRIGGERED });
    expect(e.position(A, 'BTCUSDT')?.size).toBe(380);
  });
});

describe('the open loss of resting orders is held, not only checked', () => {
  it('two bids above the mark each hold their open loss: a third that would lean on the same balance is refused', () => {
    const e = newEngine();
    fund(e, A, 100);
    setLeverage(e, A, 'BTCUSDT', 125);
    mark(e, 50_000);
    // 0.02 BTC at 52,000 at 125x: 8.32 of margin and 0.02 × 2,000 = 40 of open loss, 48.32 held.
    ok(place(e, { user: A, side: 'buy', price: 52_000, lots: 20 }));
    expect(frozen(e, A)).toBe(usdt('48.32'));
    ok(place(e, { user: A, side: 'buy', price: 52_000, lots: 20 }));
    expect(available(e, A)).toBe(usdt('3.36'));
    expect(rejected(place(e, { user: A, side: 'buy', price: 52_000, lots: 20 }))).toBe(Code.INSUFFICIENT_FUNDS);
    // Cancelling one gives back all it held.
    const [first] = e.openOrders(A);
    ok(e.apply({ type: 'cancel', time: 3, user: A, order: first!.id }));
    expect(available(e, A)).toBe(usdt('51.68'));
    e.ledger.checkInvariants();
  });
});

describe('an isolated liquidation’s clearance fee moves the cross liquidation prices', () => {
  it('re-indexes the user’s cross positions after the fee leaves the cross wallet', () => {
    const e = both();
    fund(e, A, 1_000);
    fund(e, B, 1_000_000);
    fund(e, C, 1_000_000);
    // A: cross long 0.02 BTC (20x, margin 50) and an isolated long 1 ETH at 3,000 (20x, margin 150).
    ok(place(e, { user: B, side: 'sell', price: 50_000, lots: 20 }));
    ok(place(e, { user: A, side: 'buy', price: 50_000, lots: 20 }));
    isolated(e, A, 'ETHUSDT');
    ok(place(e, { user: B, side: 'sell', price: 300_000, lots: 100, symbol: 'ETHUSDT' }));
    ok(place(e, { user: A, side: 'buy', price: 300_000, lots: 100, symbol: 'ETHUSDT' }));
    mark(e, 50_000);
    mark(e, 3_000, 'ETHUSDT');
    const btc = e.holding(A, 'BTCUSDT')!;
    // The ETH position is liquidated above its bankruptcy price: the clearance fee comes out of the cash.
    // (Liquidation price about 2,864; sold at 2,870: −130 of the 150 margin, and the 20 left pays the clearance fee.)
    ok(place(e, { user: C, side: 'buy', price: 287_000, lots: 100, symbol: 'ETHUSDT' }));
    const events = mark(e, 2_860, 'ETHUSDT');
    const liq = events.find((x) => x.type === 'liquidation');
    expect(liq?.type === 'liquidation' ? liq.fee : null).toBe(usdt(20));
    expect(indexed(e, 'BTCUSDT', A)).toBe(e.liquidationPrice(btc));
  });
});

export type { Price };
