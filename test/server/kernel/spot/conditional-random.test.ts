// Property: random streams of orders with stop-loss, take-profit, trailing and OCO orders among them give identical
// events on both books, and after every command: the ledger balances, nothing leaves or enters, each user's frozen
// funds equal what their resting orders reserve plus what their waiting conditional orders hold; no order fires
// twice; and no OCO list ever has both legs trade or fire (the crash test found a command where both could).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FastBook } from '../../../../server/kernel/book/fast-book.ts';
import { ReferenceBook } from '../../../../server/kernel/book/reference-book.ts';
import type { OrderBook } from '../../../../server/kernel/book/types.ts';
import { EXTERNAL, userAccount } from '../../../../server/kernel/ledger/accounts.ts';
import { Ledger } from '../../../../server/kernel/ledger/ledger.ts';
import { defineMarket, type MarketSpec } from '../../../../server/kernel/money/market.ts';
import { amount, asset, qty, type OrderId, type Price, type Qty, type UserId } from '../../../../server/kernel/money/nominal.ts';
import type { OcoLeg, SpotCommand, SpotEvent } from '../../../../server/kernel/spot/commands.ts';
import { SpotEngine } from '../../../../server/kernel/spot/engine.ts';
import { deposit } from '../fixtures.ts';

// 1 tick = 0.01 USDT, 1 lot = 0.000001 BTC: one tick × one lot = 1 minor unit of USDT.
const FINE: MarketSpec = {
  symbol: 'BTCUSDT', base: asset('BTC'), quote: asset('USDT'), tickSize: 1_000_000n, lotSize: 100n,
  minQty: qty(1), maxQty: qty(12), minNotional: amount(150n), maxNotional: amount(1400n),
};
const USERS = [1, 2, 3, 4] as UserId[];
const QUOTE_FUNDS = 4000n;
const BASE_FUNDS = 3000n;
const FEES = { makerPpm: 1000, takerPpm: 2000 };

const user = fc.constantFrom(...USERS);
const side = fc.noBias(fc.constantFrom('buy' as const, 'sell' as const));
const condition = fc.noBias(fc.constantFrom('stop_loss' as const, 'take_profit' as const));
const priceA = fc.noBias(fc.integer({ min: 94, max: 106 })).map((p) => p as Price);
const qtyA = fc.integer({ min: 2, max: 9 }).map((q) => q as Qty);
const trailing = fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.integer({ min: 10, max: 600 }) });
const stp = fc.constantFrom('NONE' as const, 'EXPIRE_TAKER' as const);

type LegDraft = { type: 'limit_maker'; price: Price } | { type: 'conditional'; condition: 'stop_loss' | 'take_profit'; kind: 'limit' | 'market'; stop: Price | null; trailingBips: number | null; price: Price };
const legDraft: fc.Arbitrary<LegDraft> = fc.oneof(
  fc.record({ type: fc.constant('limit_maker' as const), price: priceA }),
  fc.record({ type: fc.constant('conditional' as const), condition, kind: fc.constantFrom('limit' as const, 'market' as const), stop: fc.option(priceA, { nil: null }), trailingBips: trailing, price: priceA }),
);
type Draft =
  | { type: 'limit'; user: UserId; side: 'buy' | 'sell'; price: Price; qty: Qty; ioc: boolean; stp: 'NONE' | 'EXPIRE_TAKER' }
  | { type: 'market'; user: UserId; side: 'buy' | 'sell'; qty: Qty }
  | { type: 'conditional'; user: UserId; side: 'buy' | 'sell'; condition: 'stop_loss' | 'take_profit'; kind: 'limit' | 'market'; stop: Price | null; trailingBips: number | null; price: Price; qty: Qty }
  | { type: 'oco'; user: UserId; side: 'buy' | 'sell'; qty: Qty; above: LegDraft; below: LegDraft }
  | { type: 'cancel'; user: UserId; pick: number }
  | { type: 'cancelAll'; user: UserId };
const draft: fc.Arbitrary<Draft> = fc.oneof(
  { weight: 14, arbitrary: fc.record({ type: fc.constant('limit' as const), user, side, price: priceA, qty: qtyA, ioc: fc.boolean(), stp }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('market' as const), user, side, qty: qtyA }) },
  { weight: 6, arbitrary: fc.record({ type: fc.constant('conditional' as const), user, side, condition, kind: fc.constantFrom('limit' as const, 'market' as const), stop: fc.option(priceA, { nil: null }), trailingBips: trailing, price: priceA, qty: qtyA }) },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('oco' as const), user, side, qty: qtyA, above: legDraft, below: legDraft }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('cancel' as const), user, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cancelAll' as const), user }) },
);

function world(book: OrderBook) {
  const market = defineMarket(FINE);
  const ledger = new Ledger();
  for (const u of USERS) {
    deposit(ledger, u, market.quote, QUOTE_FUNDS);
    deposit(ledger, u, market.base, BASE_FUNDS);
  }
  return { market, ledger, engine: new SpotEngine({ market, book, ledger, bandBps: () => 500 }) };
}

const leg = (d: LegDraft, order: OrderId): OcoLeg =>
  d.type === 'limit_maker'
    ? { type: 'limit_maker', order, price: d.price }
    : { type: 'conditional', order, condition: d.condition, kind: d.kind, stop: d.stop, trailingBips: d.trailingBips, price: d.kind === 'limit' ? d.price : null, tif: 'GTC' };

function command(d: Draft, i: number, w: ReturnType<typeof world>): SpotCommand {
  const time = 1_000 + i;
  const order = (10 + 2 * i) as OrderId;
  switch (d.type) {
    case 'limit':
      return { type: 'limit', time, user: d.user, order, side: d.side, price: d.price, qty: d.qty, tif: d.ioc ? 'IOC' : 'GTC', postOnly: false, stp: d.stp, fees: FEES };
    case 'market':
      return { type: 'market', by: 'base', time, user: d.user, order, side: d.side, qty: d.qty, bound: (d.side === 'buy' ? 110 : 90) as Price, stp: 'EXPIRE_TAKER', fees: FEES };
    case 'conditional':
      return { type: 'conditional', time, user: d.user, order, side: d.side, condition: d.condition, kind: d.kind, stop: d.stop, trailingBips: d.trailingBips, price: d.kind === 'limit' ? d.price : null, qty: d.qty, tif: 'GTC', stp: 'EXPIRE_TAKER', fees: FEES };
    case 'oco':
      return { type: 'oco', time, user: d.user, side: d.side, qty: d.qty, above: leg(d.above, order), below: leg(d.below, (order + 1) as OrderId), stp: 'EXPIRE_TAKER', fees: FEES };
    case 'cancel': {
      const ids = [...w.engine.openOrders(), ...w.engine.waitingOrders()].map((o) => o);
      const pick = ids[d.pick % Math.max(1, ids.length)];
      return { type: 'cancel', time, user: pick?.user ?? d.user, order: (pick?.id ?? 1) as OrderId };
    }
    case 'cancelAll':
      return { type: 'cancelAll', time, user: d.user };
  }
}

function checkFunds(w: ReturnType<typeof world>): void {
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
    for (const x of w.engine.waitingOrders(u)) {
      if (x.side === 'buy') quote += x.held;
      else base += x.held;
    }
    expect(w.ledger.balance(userAccount(u, 'coin', 'frozen'), w.market.quote)).toBe(quote);
    expect(w.ledger.balance(userAccount(u, 'coin', 'frozen'), w.market.base)).toBe(base);
  }
}

describe('spot engine with conditional orders and OCO lists', () => {
  it('agrees on both books, conserves every asset, fires each order once and never both legs of a list', () => {
    let fires = 0;
    fc.assert(
      fc.property(fc.array(draft, { minLength: 10, maxLength: 80, size: 'max' }), (drafts) => {
        const fast = world(new FastBook(4, 2));
        const ref = world(new ReferenceBook());
        const pairs = new Map<OrderId, OrderId>();
        const worked = new Set<OrderId>(); // traded or fired
        const triggered = new Set<OrderId>();
        drafts.forEach((d, i) => {
          const cmd = command(d, i, fast);
          const a: SpotEvent[] = fast.engine.apply(cmd);
          expect(a).toEqual(ref.engine.apply(cmd));
          fast.engine.book.checkInvariants();
          expect(fast.engine.book.orders()).toEqual(ref.engine.book.orders());
          checkFunds(fast);
          if (cmd.type === 'oco' && a[0]?.type !== 'rejected') {
            pairs.set(cmd.above.order, cmd.below.order);
            pairs.set(cmd.below.order, cmd.above.order);
          }
          for (const e of a) {
            const ids = e.type === 'trade' ? [e.taker, e.maker] : e.type === 'triggered' ? [e.order] : [];
            if (e.type === 'triggered') {
              expect(triggered.has(e.order), `order ${e.order} fired twice`).toBe(false);
              triggered.add(e.order);
              fires++;
            }
            for (const id of ids) {
              worked.add(id);
              const partner = pairs.get(id);
              if (partner !== undefined) expect(worked.has(partner), `both legs of the list of ${id} worked`).toBe(false);
            }
          }
        });
      }),
      { numRuns: 200 },
    );
    expect(fires).toBeGreaterThan(50); // the streams do fire conditional orders, often
  });
});
