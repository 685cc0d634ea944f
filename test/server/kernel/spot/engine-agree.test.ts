// Property: random command streams through the spot engine give identical events on both books, and after every
// command the ledger balances to zero per asset, nothing is negative, no value leaves or enters (the external
// account never moves), and each user's frozen funds equal what their resting orders reserve.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FastBook } from '../../../../server/kernel/book/fast-book.ts';
import { ReferenceBook } from '../../../../server/kernel/book/reference-book.ts';
import type { OrderBook } from '../../../../server/kernel/book/types.ts';
import { EXTERNAL, userAccount } from '../../../../server/kernel/ledger/accounts.ts';
import { Ledger } from '../../../../server/kernel/ledger/ledger.ts';
import { defineMarket, type MarketSpec } from '../../../../server/kernel/money/market.ts';
import { amount, asset, qty, type Amount, type OrderId, type Price, type Qty, type UserId } from '../../../../server/kernel/money/nominal.ts';
import type { SpotCommand } from '../../../../server/kernel/spot/commands.ts';
import { SpotEngine } from '../../../../server/kernel/spot/engine.ts';
import { deposit } from '../fixtures.ts';

// Fine units so fees round: 1 tick = 0.01 USDT, 1 lot = 0.000001 BTC, one tick × one lot = 1 minor unit of USDT.
const FINE: MarketSpec = {
  symbol: 'BTCUSDT',
  base: asset('BTC'),
  quote: asset('USDT'),
  tickSize: 1_000_000n,
  lotSize: 100n,
  minQty: qty(1),
  maxQty: qty(12),
  minNotional: amount(150n),
  maxNotional: amount(1000n),
};
const USERS = [1, 2, 3] as UserId[];
const QUOTE_FUNDS = 2500n;
const BASE_FUNDS = 1500n;

const fees = fc.record({ makerPpm: fc.constantFrom(0, 1000, 1234, 2500), takerPpm: fc.constantFrom(0, 2000, 3333, 999_999) });
const user = fc.constantFrom(...USERS);
// Unbiased: fast-check leans towards the first constant and the ends of ranges, which starves the book of one side.
const side = fc.noBias(fc.constantFrom('buy' as const, 'sell' as const));
const stp = fc.constantFrom('NONE' as const, 'EXPIRE_TAKER' as const, 'EXPIRE_MAKER' as const, 'EXPIRE_BOTH' as const);
const priceA = fc.noBias(fc.integer({ min: 96, max: 104 })).map((p) => p as Price);
// Mostly quantities the rules accept (notional 150..1000 minor at prices near 100), sometimes ones they refuse.
const qtyA = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 2, max: 9 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 14 }) }).map((q) => q as Qty);
/** Which resting order a cancel or replace aims at (mapped at replay time). */
/** A market order's bound, mostly on the side of the book it will trade against (sells mirror it at replay). */
const bound = fc.integer({ min: 94, max: 112 }).map((p) => p as Price);
const target = fc.nat().map((n) => n as OrderId);

type Draft = { [K in SpotCommand['type']]: Omit<Extract<SpotCommand, { type: K }>, 'time' | 'order'> & { order?: OrderId } }[SpotCommand['type']];
const draft: fc.Arbitrary<Draft> = fc.oneof(
  { weight: 24, arbitrary: fc.record({ type: fc.constant('limit' as const), user, side, price: priceA, qty: qtyA, tif: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const), postOnly: fc.constantFrom(false, false, false, true), stp, fees }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('market' as const), by: fc.constant('base' as const), user, side, qty: qtyA, bound, stp, fees }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('market' as const), by: fc.constant('quote' as const), user, side, quote: fc.bigInt({ min: 0n, max: 1200n }).map((q) => q as Amount), bound, stp, fees }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('cancel' as const), user, order: target }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cancelAll' as const), user }) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant('replace' as const), user, order: target, price: priceA, qty: qtyA }) },
);

function world(book: OrderBook) {
  const market = defineMarket(FINE);
  const ledger = new Ledger();
  for (const u of USERS) {
    deposit(ledger, u, market.quote, QUOTE_FUNDS);
    deposit(ledger, u, market.base, BASE_FUNDS);
  }
  return { market, ledger, engine: new SpotEngine({ market, book, ledger }) };
}

function checkConservation(w: ReturnType<typeof world>): void {
  w.ledger.checkInvariants();
  expect(w.ledger.balance(EXTERNAL, w.market.quote)).toBe(-QUOTE_FUNDS * BigInt(USERS.length));
  expect(w.ledger.balance(EXTERNAL, w.market.base)).toBe(-BASE_FUNDS * BigInt(USERS.length));
  for (const u of USERS) {
    let quote = 0n;
    let base = 0n;
    for (const o of w.engine.book.orders()) {
      if (o.owner !== u) continue;
      if (o.side === 'buy') quote += w.engine.reservation('buy', o.price, o.qty);
      else base += w.engine.reservation('sell', o.price, o.qty);
    }
    expect(w.ledger.balance(userAccount(u, 'coin', 'frozen'), w.market.quote)).toBe(quote);
    expect(w.ledger.balance(userAccount(u, 'coin', 'frozen'), w.market.base)).toBe(base);
  }
}

describe('spot engine on both books', () => {
  it('gives identical events and conserves every asset through random command streams', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(draft, fc.integer({ min: 0, max: 9 })), { minLength: 5, maxLength: 60, size: 'max' }), (drafts) => {
        const fast = world(new FastBook(4, 2));
        const ref = world(new ReferenceBook());
        drafts.forEach(([d, reuse], i) => {
          // New orders get fresh ids, now and then a resting one (a duplicate). Cancels and replaces mostly aim at
          // a resting order as its owner; sometimes at someone else's or at an id that is gone.
          const live = fast.engine.openOrders();
          const pick = live[(d.order ?? reuse) % Math.max(1, live.length)];
          const aimed = reuse > 0 && pick !== undefined;
          const order = (d.type === 'limit' || d.type === 'market' ? (reuse === 0 && pick ? pick.id : 10 + i) : aimed ? pick.id : 10 + ((d.order ?? 0) % (i + 1))) as OrderId;
          const owner = (d.type === 'cancel' || d.type === 'replace') && aimed && reuse > 1 ? pick.user : d.user;
          const mirrored = d.type === 'market' && d.side === 'sell' ? { bound: (200 - d.bound) as Price } : {};
          const cmd = { ...d, ...mirrored, order, user: owner, time: 1_000 + i } as SpotCommand;
          const a = fast.engine.apply(cmd);
          const b = ref.engine.apply(cmd);
          expect(a).toEqual(b);
          fast.engine.book.checkInvariants();
          ref.engine.book.checkInvariants();
          expect(fast.engine.book.orders()).toEqual(ref.engine.book.orders());
          expect(fast.ledger.entries()).toEqual(ref.ledger.entries());
          checkConservation(fast);
        });
      }),
      { numRuns: 150 },
    );
  });
});
