// The spot engine: one market's order book plus the ledger, as a deterministic state machine. `apply(command)`
// validates against the market's rules, freezes funds, matches, settles each fill with fees, releases what an
// order no longer needs, and returns the events (with their ledger postings) for the desk to persist and publish.
import type { BookOrder, OrderBook, Side, StpMode } from '../book/types.ts';
import { FILL, MatchSink } from '../book/sink.ts';
import { Code, type ResultCode } from '../codes.ts';
import type { Wallet } from '../ledger/accounts.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { baseAmount, type Market, notional } from '../money/market.ts';
import type { Amount, OrderId, Price, Qty, UserId } from '../money/nominal.ts';
import type { CancelCommand, FeeRates, LimitCommand, MarketCommand, ReplaceCommand, SpotCommand, SpotEvent } from './commands.ts';
import { feeOn } from './fees.ts';
import { checkLimit, checkMarketByBase, checkMarketByQuote, checkOrder } from './rules.ts';
import { type OpenOrder, OpenOrders } from './open-orders.ts';
import { fillPostings, KeyCache, transfer } from './settlement.ts';

/** An order being matched right now and the funds it still holds frozen. */
interface Taker {
  readonly id: OrderId;
  readonly user: UserId;
  readonly side: Side;
  readonly market: boolean;
  readonly byQuote: boolean;
  /** Price a buy's funds were reserved at per lot (limit or bound); 0 for quote-sized buys, which reserve the quote. */
  readonly reservedAt: number;
  readonly fees: FeeRates;
  readonly postOnly: boolean;
  readonly stp: StpMode;
  reserved: bigint;
  budgetLeft: number;
}

export interface SpotEngineOptions {
  readonly market: Market;
  readonly book: OrderBook;
  readonly ledger: Ledger;
  /** Which of the user's wallets spot trading uses. */
  readonly wallet?: Wallet;
  /** Number of the next trade, for a desk that restarts mid-sequence. */
  readonly nextTrade?: number;
}

export type { OpenOrder };

export class SpotEngine {
  readonly market: Market;
  readonly book: OrderBook;
  readonly ledger: Ledger;
  private readonly keys: KeyCache;
  private readonly sink = new MatchSink();
  private readonly open = new OpenOrders();
  private nextTrade: number;

  constructor(options: SpotEngineOptions) {
    this.market = options.market;
    this.book = options.book;
    this.ledger = options.ledger;
    this.keys = new KeyCache(options.wallet ?? 'coin');
    this.nextTrade = options.nextTrade ?? 1;
  }

  apply(cmd: SpotCommand): SpotEvent[] {
    const out: SpotEvent[] = [];
    switch (cmd.type) {
      case 'limit':
        this.limit(cmd, out);
        break;
      case 'market':
        this.marketOrder(cmd, out);
        break;
      case 'cancel':
        this.cancel(cmd, out);
        break;
      case 'cancelAll':
        for (const id of this.open.ids(cmd.user)) this.cancel({ ...cmd, type: 'cancel', order: id }, out);
        break;
      case 'replace':
        this.replace(cmd, out);
        break;
    }
    return out;
  }

  /** Funds a resting order of `qty` lots at `price` holds frozen: quote for a buy, base for a sell. */
  reservation(side: Side, price: Price, qty: Qty): Amount {
    return side === 'buy' ? notional(this.market, price, qty) : baseAmount(this.market, qty);
  }

  /** Resting orders with their open quantity, by ascending id: what a desk stores to rebuild the engine. */
  openOrders(user?: UserId): Array<OpenOrder & { qty: Qty }> {
    return this.open.ids(user).map((id) => ({ ...this.open.get(id)!, qty: this.book.order(id)!.qty }));
  }

  /** Puts a stored resting order back on the book after a restart (call in time priority); funds stay frozen. */
  restore(order: OpenOrder, qty: Qty): void {
    const bo: BookOrder = { id: order.id, owner: order.user, side: order.side, price: order.price, qty, budget: Infinity, tif: 'GTC', postOnly: false, stp: 'NONE' };
    this.book.place(bo, this.sink);
    if (this.sink.outcome !== Code.RESTED || this.sink.count > 0) throw new Error(`restoring order ${order.id} would trade or is a duplicate`);
    this.open.add(order);
  }

  private asset(side: Side) {
    return side === 'buy' ? this.market.quote : this.market.base;
  }

  private available(user: UserId, side: Side): bigint {
    return this.ledger.balance(this.keys.of(user).available, this.asset(side));
  }

  private reject(out: SpotEvent[], time: number, user: UserId, order: OrderId | null, code: ResultCode): void {
    out.push({ type: 'rejected', time, order, user, code });
  }

  private limit(c: LimitCommand, out: SpotEvent[]): void {
    let code = checkOrder(c.fees, c.order);
    if (code === Code.OK) code = checkLimit(this.market, c.price, c.qty);
    if (code === Code.OK && c.postOnly && c.tif !== 'GTC') code = Code.POST_ONLY_NEEDS_GTC;
    if (code === Code.OK && this.open.has(c.order)) code = Code.DUPLICATE_ORDER_ID;
    const reserve = code === Code.OK ? this.reservation(c.side, c.price, c.qty) : 0n;
    if (code === Code.OK && this.available(c.user, c.side) < reserve) code = Code.INSUFFICIENT_FUNDS;
    if (code !== Code.OK) return this.reject(out, c.time, c.user, c.order, code);
    const t: Taker = { id: c.order, user: c.user, side: c.side, market: false, byQuote: false, reservedAt: c.price, fees: c.fees, postOnly: c.postOnly, stp: c.stp, reserved: reserve, budgetLeft: Infinity };
    this.take(t, { id: c.order, owner: c.user, side: c.side, price: c.price, qty: c.qty, budget: Infinity, tif: c.tif, postOnly: c.postOnly, stp: c.stp }, c.time, null, out);
  }

  private marketOrder(c: MarketCommand, out: SpotEvent[]): void {
    const m = this.market;
    let code = checkOrder(c.fees, c.order);
    let qty = 0;
    let budget = Infinity;
    let reserve = 0n;
    if (c.by === 'base') {
      if (code === Code.OK) code = checkMarketByBase(m, c.bound, c.qty);
      qty = c.qty;
      if (code === Code.OK) reserve = this.reservation(c.side, c.bound, c.qty);
    } else {
      if (code === Code.OK) code = checkMarketByQuote(m, c.bound, c.quote);
      if (code === Code.OK) {
        // The book works in ticks × lots: the budget is the quote in those units, rounded down so it is never passed.
        budget = Number(c.quote / m.quotePerTickLot);
        // A sell can deliver at most what the budget buys at the bound, the lowest price it may trade at.
        qty = c.side === 'buy' ? m.maxQty : Math.min(m.maxQty, Math.floor(budget / c.bound));
        if (qty === 0) code = Code.NOTIONAL_BELOW_MIN;
        reserve = c.side === 'buy' ? c.quote : baseAmount(m, qty as Qty);
      }
    }
    if (code === Code.OK && this.open.has(c.order)) code = Code.DUPLICATE_ORDER_ID;
    if (code === Code.OK && this.available(c.user, c.side) < reserve) code = Code.INSUFFICIENT_FUNDS;
    if (code !== Code.OK) return this.reject(out, c.time, c.user, c.order, code);
    const byQuote = c.by === 'quote';
    const t: Taker = { id: c.order, user: c.user, side: c.side, market: true, byQuote, reservedAt: byQuote ? 0 : c.bound, fees: c.fees, postOnly: false, stp: c.stp, reserved: reserve, budgetLeft: budget };
    const bo: BookOrder = { id: c.order, owner: c.user, side: c.side, price: c.bound, qty: qty as Qty, budget, tif: 'IOC', postOnly: false, stp: c.stp };
    this.take(t, bo, c.time, byQuote ? c.quote : null, out);
  }

  /** Places `bo` in the book; if the book takes it, freezes the taker's funds and settles what happened. */
  private take(t: Taker, bo: BookOrder, time: number, quote: Amount | null, out: SpotEvent[]): void {
    this.book.place(bo, this.sink);
    const outcome = this.sink.outcome;
    if (outcome === Code.POST_ONLY_WOULD_TAKE || outcome === Code.FOK_NOT_FILLABLE || outcome === Code.DUPLICATE_ORDER_ID) {
      return this.reject(out, time, t.user, t.id, outcome);
    }
    const k = this.keys.of(t.user);
    const freeze = transfer(k.available, k.frozen, this.asset(t.side), t.reserved);
    this.ledger.post(freeze);
    out.push({ type: 'accepted', time, order: t.id, user: t.user, side: t.side, kind: t.market ? 'market' : 'limit', price: bo.price, qty: bo.qty, quote, postings: freeze });
    this.settle(t, bo.price, time, out);
  }

  /** Turns the sink's fills and expirations into postings and events, then closes or rests the taker. */
  private settle(t: Taker, price: Price, time: number, out: SpotEvent[]): void {
    const s = this.sink;
    const m = this.market;
    const takerBuys = t.side === 'buy';
    let lastPrice = 0;
    for (let i = 0; i < s.count; i++) {
      const makerId = s.makerId[i]! as OrderId;
      const maker = this.open.get(makerId)!;
      const p = s.price[i]! as Price;
      const q = s.qty[i]! as Qty;
      if (s.kind[i] !== FILL) {
        const postings = this.release(maker.user, maker.side, this.reservation(maker.side, p, q));
        this.open.remove(makerId, maker.user);
        out.push({ type: 'closed', time, order: makerId, user: maker.user, code: Code.EXPIRED_STP_MAKER, unfilled: q, postings });
        continue;
      }
      lastPrice = p;
      const quote = notional(m, p, q);
      const base = baseAmount(m, q);
      const buyerPpm = takerBuys ? t.fees.takerPpm : maker.fees.makerPpm;
      const sellerPpm = takerBuys ? maker.fees.makerPpm : t.fees.takerPpm;
      const buyerFee = feeOn(base, buyerPpm);
      const sellerFee = feeOn(quote, sellerPpm);
      const improvement = takerBuys && t.reservedAt > 0 ? notional(m, t.reservedAt as Price, q) - quote : 0n;
      t.reserved -= takerBuys ? quote + improvement : base;
      t.budgetLeft -= p * q;
      const tk = this.keys.of(t.user);
      const mk = this.keys.of(maker.user);
      const postings = fillPostings({
        buyer: takerBuys ? tk : mk,
        seller: takerBuys ? mk : tk,
        baseAsset: m.base,
        quoteAsset: m.quote,
        quote,
        base,
        buyerFee,
        sellerFee,
        improvement,
      });
      this.ledger.post(postings);
      out.push({
        type: 'trade', time, trade: this.nextTrade++, price: p, qty: q, taker: t.id, maker: makerId, takerUser: t.user, makerUser: maker.user, takerSide: t.side,
        quote, base,
        takerFee: (takerBuys ? buyerFee : sellerFee) as Amount, takerFeeAsset: takerBuys ? m.base : m.quote,
        makerFee: (takerBuys ? sellerFee : buyerFee) as Amount, makerFeeAsset: takerBuys ? m.quote : m.base,
        postings,
      });
      if (s.makerLeft[i] === 0) {
        this.open.remove(makerId, maker.user);
        out.push({ type: 'closed', time, order: makerId, user: maker.user, code: Code.FILLED, unfilled: 0 as Qty, postings: [] });
      }
    }
    if (s.outcome === Code.RESTED) {
      if (t.reserved !== this.reservation(t.side, price, s.remaining as Qty)) throw new Error(`order ${t.id}: reservation drifted`);
      this.open.add({ id: t.id, user: t.user, side: t.side, price, postOnly: t.postOnly, stp: t.stp, fees: t.fees, time });
      out.push({ type: 'rested', time, order: t.id, user: t.user, side: t.side, price, qty: s.remaining as Qty });
      return;
    }
    let code: ResultCode = s.outcome === Code.EXPIRED_IOC && t.market ? Code.EXPIRED_MARKET : s.outcome;
    // A quote-sized order that stopped because its budget can't buy another lot has done all it could.
    if (code === Code.EXPIRED_MARKET && t.byQuote && lastPrice > 0 && t.budgetLeft < lastPrice) code = Code.FILLED;
    const postings = this.release(t.user, t.side, t.reserved);
    out.push({ type: 'closed', time, order: t.id, user: t.user, code, unfilled: (code === Code.FILLED ? 0 : s.remaining) as Qty, postings });
  }

  private release(user: UserId, side: Side, amount: bigint) {
    const k = this.keys.of(user);
    const postings = transfer(k.frozen, k.available, this.asset(side), amount);
    this.ledger.post(postings);
    return postings;
  }

  private cancel(c: CancelCommand, out: SpotEvent[]): void {
    const o = this.open.get(c.order);
    if (o === undefined || o.user !== c.user) return this.reject(out, c.time, c.user, c.order, Code.ORDER_NOT_FOUND);
    const left = this.book.cancel(c.order) as Qty;
    this.open.remove(o.id, o.user);
    const postings = this.release(o.user, o.side, this.reservation(o.side, o.price, left));
    out.push({ type: 'closed', time: c.time, order: o.id, user: o.user, code: Code.CANCELED, unfilled: left, postings });
  }

  private replace(c: ReplaceCommand, out: SpotEvent[]): void {
    const o = this.open.get(c.order);
    if (o === undefined || o.user !== c.user) return this.reject(out, c.time, c.user, c.order, Code.ORDER_NOT_FOUND);
    const code = checkLimit(this.market, c.price, c.qty);
    if (code !== Code.OK) return this.reject(out, c.time, c.user, c.order, code);
    const current = this.book.order(c.order)!.qty;
    if (c.price === o.price && c.qty === current) return this.reject(out, c.time, c.user, c.order, Code.REPLACE_UNCHANGED);
    const k = this.keys.of(o.user);
    const asset = this.asset(o.side);
    if (c.price === o.price && c.qty < current) {
      this.book.reduce(o.id, c.qty);
      const postings = this.release(o.user, o.side, this.reservation(o.side, o.price, (current - c.qty) as Qty));
      out.push({ type: 'amended', time: c.time, order: o.id, user: o.user, price: c.price, qty: c.qty, keptPriority: true, postings });
      return;
    }
    const oldReserve = this.reservation(o.side, o.price, current);
    const newReserve = this.reservation(o.side, c.price, c.qty);
    if (newReserve - oldReserve > this.ledger.balance(k.available, asset)) return this.reject(out, c.time, c.user, c.order, Code.INSUFFICIENT_FUNDS);
    const best = this.book.best(o.side === 'buy' ? 'sell' : 'buy');
    if (o.postOnly && best !== null && (o.side === 'buy' ? best <= c.price : best >= c.price)) {
      return this.reject(out, c.time, c.user, c.order, Code.POST_ONLY_WOULD_TAKE);
    }
    this.book.cancel(o.id);
    this.open.remove(o.id, o.user);
    const postings = newReserve >= oldReserve ? transfer(k.available, k.frozen, asset, newReserve - oldReserve) : transfer(k.frozen, k.available, asset, oldReserve - newReserve);
    this.ledger.post(postings);
    out.push({ type: 'amended', time: c.time, order: o.id, user: o.user, price: c.price, qty: c.qty, keptPriority: false, postings });
    const t: Taker = { id: o.id, user: o.user, side: o.side, market: false, byQuote: false, reservedAt: c.price, fees: o.fees, postOnly: o.postOnly, stp: o.stp, reserved: newReserve, budgetLeft: Infinity };
    this.book.place({ id: o.id, owner: o.user, side: o.side, price: c.price, qty: c.qty, budget: Infinity, tif: 'GTC', postOnly: o.postOnly, stp: o.stp }, this.sink);
    this.settle(t, c.price, c.time, out);
  }
}
