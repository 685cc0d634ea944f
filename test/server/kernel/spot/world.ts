// A spot engine on the round-unit market with funded users, and short ways to send it commands.
import type { OrderBook, Side, StpMode, TimeInForce } from '../../../../server/kernel/book/types.ts';
import { userAccount } from '../../../../server/kernel/ledger/accounts.ts';
import { Ledger } from '../../../../server/kernel/ledger/ledger.ts';
import { defineMarket, type Market } from '../../../../server/kernel/money/market.ts';
import type { Amount, Asset, OrderId, Price, Qty, UserId } from '../../../../server/kernel/money/nominal.ts';
import type { FeeRates, OcoLeg, SpotCommand, SpotEvent } from '../../../../server/kernel/spot/commands.ts';
import type { Condition } from '../../../../server/kernel/spot/triggers.ts';
import { SpotEngine } from '../../../../server/kernel/spot/engine.ts';
import { coins, deposit, ROUND } from '../fixtures.ts';

export const FEES: FeeRates = { makerPpm: 1000, takerPpm: 2000 }; // 0.1% maker, 0.2% taker

export interface LimitOpts {
  tif?: TimeInForce;
  postOnly?: boolean;
  stp?: StpMode;
  fees?: FeeRates;
  id?: number;
}

export class World {
  readonly ledger = new Ledger();
  readonly market: Market = defineMarket(ROUND);
  readonly engine: SpotEngine;
  private time = 1_700_000_000_000;
  private nextId = 1;

  constructor(book: OrderBook, users: number[] = [1, 2, 3], usdt = 100_000, btc = 100) {
    this.engine = new SpotEngine({ market: this.market, book, ledger: this.ledger });
    for (const u of users) {
      deposit(this.ledger, u as UserId, this.market.quote, coins(usdt));
      deposit(this.ledger, u as UserId, this.market.base, coins(btc));
    }
  }

  apply(cmd: SpotCommand): SpotEvent[] {
    const events = this.engine.apply(cmd);
    this.engine.book.checkInvariants();
    this.ledger.checkInvariants();
    return events;
  }

  private stamp() {
    this.time += 1000;
    return this.time;
  }

  limit(user: number, side: Side, qty: number, price: number, o: LimitOpts = {}): SpotEvent[] {
    return this.apply({
      type: 'limit', time: this.stamp(), user: user as UserId, order: (o.id ?? this.nextId++) as OrderId, side,
      price: price as Price, qty: qty as Qty, tif: o.tif ?? 'GTC', postOnly: o.postOnly ?? false, stp: o.stp ?? 'NONE', fees: o.fees ?? FEES,
    });
  }

  marketBase(user: number, side: Side, qty: number, bound: number, stp: StpMode = 'NONE'): SpotEvent[] {
    return this.apply({ type: 'market', by: 'base', time: this.stamp(), user: user as UserId, order: this.nextId++ as OrderId, side, qty: qty as Qty, bound: bound as Price, stp, fees: FEES });
  }

  marketQuote(user: number, side: Side, quote: bigint, bound: number): SpotEvent[] {
    return this.apply({ type: 'market', by: 'quote', time: this.stamp(), user: user as UserId, order: this.nextId++ as OrderId, side, quote: quote as Amount, bound: bound as Price, stp: 'NONE', fees: FEES });
  }

  /** A conditional order: `stop` and `trailing` (basis points) as the caller wants them, `price` for the limit kind. */
  conditional(user: number, side: Side, qty: number, c: { condition: Condition; stop?: number; trailing?: number; price?: number; id?: number }): SpotEvent[] {
    return this.apply({
      type: 'conditional', time: this.stamp(), user: user as UserId, order: (c.id ?? this.nextId++) as OrderId, side, condition: c.condition,
      kind: c.price === undefined ? 'market' : 'limit', stop: (c.stop ?? null) as Price | null, trailingBips: c.trailing ?? null,
      price: (c.price ?? null) as Price | null, qty: qty as Qty, tif: 'GTC', stp: 'NONE', fees: FEES,
    });
  }

  oco(user: number, side: Side, qty: number, above: OcoLeg, below: OcoLeg): SpotEvent[] {
    return this.apply({ type: 'oco', time: this.stamp(), user: user as UserId, side, qty: qty as Qty, above, below, stp: 'NONE', fees: FEES });
  }

  /** The next order id the world will hand out (for building OCO legs). */
  take(): OrderId {
    return this.nextId++ as OrderId;
  }

  cancel(user: number, order: number): SpotEvent[] {
    return this.apply({ type: 'cancel', time: this.stamp(), user: user as UserId, order: order as OrderId });
  }

  cancelAll(user: number): SpotEvent[] {
    return this.apply({ type: 'cancelAll', time: this.stamp(), user: user as UserId });
  }

  replace(user: number, order: number, price: number, qty: number): SpotEvent[] {
    return this.apply({ type: 'replace', time: this.stamp(), user: user as UserId, order: order as OrderId, price: price as Price, qty: qty as Qty });
  }

  available(user: number, asset: Asset): bigint {
    return this.ledger.balance(userAccount(user as UserId, 'coin', 'available'), asset);
  }

  frozen(user: number, asset: Asset): bigint {
    return this.ledger.balance(userAccount(user as UserId, 'coin', 'frozen'), asset);
  }
}

/** The event types in order, for a quick look at what happened. */
export const types = (events: SpotEvent[]): string[] =>
  events.map((e) => (e.type === 'closed' || e.type === 'rejected' ? `${e.type}:${e.order}:${e.code}` : `${e.type}${'order' in e ? `:${e.order}` : ''}`));
