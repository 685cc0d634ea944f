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
import type { CancelCommand, SpotConditionalCommand, FeeRates, LimitCommand, MarketCommand, OcoCommand, OcoLeg, ReplaceCommand, SpotCommand, SpotEvent } from './commands.ts';
import { MAX_TRAILING_BIPS, meetsStop, MIN_TRAILING_BIPS, risesTo, Triggers, type Waiting } from './triggers.ts';
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
  /**
   * The market's price band in basis points, read when a conditional market order fires: it is placed bounded by
   * the band around the trade price that fired it (as a market order is around the index). Default 500 (5 %).
   */
  readonly bandBps?: () => number;
  /** The last trade price (ticks) of a desk that restarts; conditional orders are checked against it. */
  readonly lastPrice?: number;
}

export type { OpenOrder };

export class SpotEngine {
  readonly market: Market;
  readonly book: OrderBook;
  readonly ledger: Ledger;
  private readonly keys: KeyCache;
  private readonly sink = new MatchSink();
  private readonly open = new OpenOrders();
  private readonly triggers = new Triggers();
  /** OCO legs, each pointing at the other while both are open. */
  private readonly partners = new Map<OrderId, OrderId>();
  /** Conditional orders a trade of the current command reached, in the order they fire (afterCommand). */
  private readonly fired: Waiting[] = [];
  private readonly bandBps: () => number;
  private nextTrade: number;
  /** Price of the market's last trade, 0 before the first. */
  private last: number;

  constructor(options: SpotEngineOptions) {
    this.market = options.market;
    this.book = options.book;
    this.ledger = options.ledger;
    this.keys = new KeyCache(options.wallet ?? 'coin');
    this.nextTrade = options.nextTrade ?? 1;
    this.bandBps = options.bandBps ?? (() => 500);
    this.last = options.lastPrice ?? 0;
  }

  /** The last trade price in ticks (0 before the first trade). */
  get lastPrice(): number {
    return this.last;
  }

  apply(cmd: SpotCommand): SpotEvent[] {
    const out: SpotEvent[] = [];
    this.command(cmd, out);
    this.afterCommand(cmd.time, out);
    return out;
  }

  private command(cmd: SpotCommand, out: SpotEvent[]): void {
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
      case 'cancelAll': {
        const ids = [...this.open.ids(cmd.user), ...this.triggers.list(cmd.user).map((w) => w.id)].sort((a, b) => a - b);
        // A cancelled OCO leg takes its partner with it at the end of the command: skip the partners here.
        const skip = new Set<OrderId>();
        for (const id of ids) {
          if (skip.has(id)) continue;
          const partner = this.partners.get(id);
          if (partner !== undefined) skip.add(partner);
          this.cancel({ ...cmd, type: 'cancel', order: id }, out);
        }
        break;
      }
      case 'replace':
        this.replace(cmd, out);
        break;
      case 'conditional':
        this.conditional(cmd, out);
        break;
      case 'oco':
        this.oco(cmd, out);
        break;
    }
  }

  /**
   * The end of every command, in event order: an OCO leg that traded, closed or fired cancels its partner; each
   * trade moves the last price and fires the conditional orders it reaches, each placed (with its own trades,
   * which may fire more) before the next; trailing orders whose best price moved are reported once.
   */
  private afterCommand(time: number, out: SpotEvent[]): void {
    const fired = this.fired;
    fired.length = 0;
    let rounds = 0;
    for (let i = 0; ; i++) {
      if (i >= out.length) {
        const w = fired.shift();
        if (w === undefined) break;
        if (++rounds > 1_000_000) throw new Error(`${this.market.symbol}: conditional orders keep firing`);
        this.fire(w, time, out);
        i--;
        continue;
      }
      const e = out[i]!;
      if (e.type === 'trade') {
        this.unlink(e.maker, time, out);
        this.unlink(e.taker, time, out);
        this.last = e.price;
        this.triggers.onTrade(e.price, fired);
      } else if (e.type === 'closed') {
        this.unlink(e.order, time, out);
      }
    }
    for (const w of this.triggers.takeTrailed()) out.push({ type: 'trailed', time, order: w.id, user: w.user, trail: w.trail! });
  }

  /** Ends an OCO pairing: the partner of `id` (if it is still open) is cancelled. */
  private unlink(id: OrderId, time: number, out: SpotEvent[]): void {
    const partner = this.partners.get(id);
    if (partner === undefined) return;
    this.partners.delete(id);
    this.partners.delete(partner);
    const w = this.triggers.get(partner);
    if (w !== undefined) return this.drop(w, Code.CANCELED, time, out);
    if (this.open.has(partner)) return this.cancel({ type: 'cancel', time, user: this.open.get(partner)!.user, order: partner }, out);
    // Reached by a trade in this command and waiting its turn to fire: it is cancelled instead, never fired.
    const queued = this.fired.findIndex((f) => f.id === partner);
    if (queued >= 0) {
      const [q] = this.fired.splice(queued, 1);
      out.push({ type: 'closed', time, order: q!.id, user: q!.user, code: Code.CANCELED, unfilled: q!.qty, postings: this.release(q!.user, q!.side, q!.held) });
    }
  }

  /** Takes a waiting order out and releases what it held. */
  private drop(w: Waiting, code: ResultCode, time: number, out: SpotEvent[]): void {
    this.triggers.remove(w.id);
    const postings = this.release(w.user, w.side, w.held);
    out.push({ type: 'closed', time, order: w.id, user: w.user, code, unfilled: w.qty, postings });
  }

  /** A conditional order's trigger was met by a trade at `price`: it is placed now, with its own id. */
  private fire(w: Waiting, time: number, out: SpotEvent[]): void {
    this.unlink(w.id, time, out);
    const price = this.last as Price;
    out.push({ type: 'triggered', time, order: w.id, user: w.user, price, postings: this.release(w.user, w.side, w.held) });
    const at = out.length;
    if (w.kind === 'limit') {
      this.limit({ type: 'limit', time, user: w.user, order: w.id, side: w.side, price: w.price!, qty: w.qty, tif: w.tif, postOnly: false, stp: w.stp, fees: w.fees }, out);
    } else {
      const bound = this.bandEdge(w.side, price);
      if (bound === null) this.reject(out, time, w.user, w.id, Code.BOUND_INVALID);
      else this.marketOrder({ type: 'market', time, user: w.user, order: w.id, side: w.side, bound, stp: w.stp, fees: w.fees, by: 'base', qty: w.qty }, out);
    }
    // Refused now (funds, a rule): the order ends there, expired with the reason.
    const first = out[at];
    if (first?.type === 'rejected') out[at] = { type: 'closed', time, order: w.id, user: w.user, code: first.code, unfilled: w.qty, postings: [] };
  }

  /** The band's edge from `price` (ticks): up for a buy (rounded down), down for a sell (rounded up). */
  private bandEdge(side: Side, price: number): Price | null {
    const bps = BigInt(this.bandBps());
    const p = BigInt(price);
    const edge = side === 'buy' ? (p * (10_000n + bps)) / 10_000n : (p * (10_000n - bps) + 9_999n) / 10_000n;
    return edge >= 1n && edge <= BigInt(Number.MAX_SAFE_INTEGER) ? (Number(edge) as Price) : null;
  }

  /**
   * A conditional order's checks, in the kernel's order, and the funds it holds: a limit kind what its limit order
   * will; a market sell its quantity; a market buy its quantity at the band's edge above its stop (above the stop
   * plus the trailing delta for a trailing order), or above the last price for a trailing order without a stop.
   */
  private conditionalNeed(c: Omit<SpotConditionalCommand, 'type' | 'time' | 'user'>): { code: ResultCode; need: bigint } {
    const fail = (code: ResultCode) => ({ code, need: 0n });
    let code = checkOrder(c.fees, c.order);
    if (code !== Code.OK) return fail(code);
    if (c.stop === null && c.trailingBips === null) return fail(Code.STOP_REQUIRED);
    if (c.stop !== null && !(Number.isSafeInteger(c.stop) && c.stop > 0)) return fail(Code.PRICE_INVALID);
    if (c.trailingBips !== null && !(Number.isSafeInteger(c.trailingBips) && c.trailingBips >= MIN_TRAILING_BIPS && c.trailingBips <= MAX_TRAILING_BIPS)) {
      return fail(Code.TRAILING_DELTA_INVALID);
    }
    if (c.stop !== null && this.last > 0 && meetsStop(c, this.last as Price)) return fail(Code.STOP_WOULD_TRIGGER);
    if (this.open.has(c.order) || this.triggers.has(c.order)) return fail(Code.DUPLICATE_ORDER_ID);
    if (c.kind === 'limit') {
      if (c.price === null) return fail(Code.PRICE_INVALID);
      code = checkLimit(this.market, c.price, c.qty);
      return code === Code.OK ? { code, need: this.reservation(c.side, c.price, c.qty) } : fail(code);
    }
    let ref = c.stop ?? this.last;
    if (ref <= 0) return fail(Code.STOP_NO_PRICE);
    if (c.side === 'buy' && c.trailingBips !== null) ref = Math.ceil((ref * (10_000 + c.trailingBips)) / 10_000);
    const at = c.side === 'buy' ? this.bandEdge('buy', ref) : (ref as Price);
    if (at === null) return fail(Code.BOUND_INVALID);
    code = checkMarketByBase(this.market, at, c.qty);
    return code === Code.OK ? { code, need: this.reservation(c.side, at, c.qty) } : fail(code);
  }

  private wait(c: Omit<SpotConditionalCommand, 'type'>, held: bigint, out: SpotEvent[]): void {
    const k = this.keys.of(c.user);
    const postings = transfer(k.available, k.frozen, this.asset(c.side), held);
    this.ledger.post(postings);
    // A trailing order without a stop tracks from placement: its first best is the last price (or the next trade).
    const trail = c.trailingBips !== null && c.stop === null && this.last > 0 ? (this.last as Price) : null;
    this.triggers.add({
      id: c.order, user: c.user, side: c.side, condition: c.condition, kind: c.kind, stop: c.stop, trailingBips: c.trailingBips, price: c.price,
      qty: c.qty, tif: c.kind === 'market' ? 'IOC' : c.tif, stp: c.stp, fees: c.fees, held, time: c.time, trail,
    });
    out.push({ type: 'waiting', time: c.time, order: c.order, user: c.user, side: c.side, held: held as Amount, postings });
    if (trail !== null) out.push({ type: 'trailed', time: c.time, order: c.order, user: c.user, trail });
  }

  private conditional(c: SpotConditionalCommand, out: SpotEvent[]): void {
    let { code, need } = this.conditionalNeed(c);
    if (code === Code.OK && c.kind === 'limit' && c.tif !== 'GTC' && c.tif !== 'IOC' && c.tif !== 'FOK') code = Code.POST_ONLY_NEEDS_GTC;
    if (code === Code.OK && this.available(c.user, c.side) < need) code = Code.INSUFFICIENT_FUNDS;
    if (code !== Code.OK) return this.reject(out, c.time, c.user, c.order, code);
    this.wait(c, need, out);
  }

  private oco(c: OcoCommand, out: SpotEvent[]): void {
    const legs = [c.above, c.below] as const;
    const reject = (code: ResultCode) => this.reject(out, c.time, c.user, c.above.order, code);
    if (this.last <= 0) return reject(Code.STOP_NO_PRICE);
    if (c.above.type === 'limit_maker' && c.below.type === 'limit_maker') return reject(Code.OCO_PRICES_INVALID);
    if (c.above.order === c.below.order) return reject(Code.DUPLICATE_ORDER_ID);
    const needs: bigint[] = [];
    for (const [i, leg] of legs.entries()) {
      const above = i === 0;
      // The leg's own price against the last: above the last price, or under it.
      const at = leg.type === 'limit_maker' ? leg.price : leg.stop;
      if (at !== null && (above ? at <= this.last : at >= this.last)) return reject(Code.OCO_PRICES_INVALID);
      if (leg.type === 'limit_maker') {
        // A limit sell sits above the last price, a limit buy under it (else it is the other kind of leg).
        if ((c.side === 'sell') !== above) return reject(Code.OCO_PRICES_INVALID);
        let code = checkOrder(c.fees, leg.order);
        if (code === Code.OK) code = checkLimit(this.market, leg.price, c.qty);
        if (code === Code.OK && (this.open.has(leg.order) || this.triggers.has(leg.order))) code = Code.DUPLICATE_ORDER_ID;
        if (code !== Code.OK) return reject(code);
        needs.push(this.reservation(c.side, leg.price, c.qty));
        continue;
      }
      // A conditional leg above fires on a rise (a buy's stop-loss, a sell's take-profit), one below on a fall.
      if (risesTo(leg.condition, c.side) !== above) return reject(Code.OCO_PRICES_INVALID);
      const { code, need } = this.conditionalNeed({ ...leg, side: c.side, qty: c.qty, stp: c.stp, fees: c.fees });
      if (code !== Code.OK) return reject(code);
      needs.push(need);
    }
    const [needA, needB] = needs as [bigint, bigint];
    if (this.available(c.user, c.side) < (needA > needB ? needA : needB)) return reject(Code.INSUFFICIENT_FUNDS);
    // The limit-maker leg first (its reservation is the book's); the other leg holds only what the first doesn't.
    const ordered = c.below.type === 'limit_maker' ? ([[c.below, needB], [c.above, needA]] as const) : ([[c.above, needA], [c.below, needB]] as const);
    const first = ordered[0][1];
    for (const [n, [leg, need]] of ordered.entries()) {
      const held = n === 0 ? need : need > first ? need - first : 0n;
      if (leg.type === 'limit_maker') {
        const reserve = this.reservation(c.side, leg.price, c.qty);
        const t: Taker = { id: leg.order, user: c.user, side: c.side, market: false, byQuote: false, reservedAt: leg.price, fees: c.fees, postOnly: true, stp: c.stp, reserved: reserve, budgetLeft: Infinity };
        const before = out.length;
        this.take(t, { id: leg.order, owner: c.user, side: c.side, price: leg.price, qty: c.qty, budget: Infinity, tif: 'GTC', postOnly: true, stp: c.stp }, c.time, null, out);
        if (out[before]?.type === 'rejected') return; // would take: nothing was placed
      } else {
        this.wait({ ...(leg as OcoLeg & { type: 'conditional' }), time: c.time, user: c.user, side: c.side, qty: c.qty, stp: c.stp, fees: c.fees }, held, out);
      }
    }
    this.partners.set(c.above.order, c.below.order);
    this.partners.set(c.below.order, c.above.order);
  }

  /**
   * The checks a placement would get, without placing it or moving funds (Binance's order/test): the market's
   * rules and, for a conditional order, its trigger against the last price. Funds are not checked.
   */
  check(cmd: SpotCommand): ResultCode {
    switch (cmd.type) {
      case 'limit': {
        const code = checkOrder(cmd.fees, cmd.order);
        if (code !== Code.OK) return code;
        if (cmd.postOnly && cmd.tif !== 'GTC') return Code.POST_ONLY_NEEDS_GTC;
        return checkLimit(this.market, cmd.price, cmd.qty);
      }
      case 'market': {
        const code = checkOrder(cmd.fees, cmd.order);
        if (code !== Code.OK) return code;
        return cmd.by === 'base' ? checkMarketByBase(this.market, cmd.bound, cmd.qty) : checkMarketByQuote(this.market, cmd.bound, cmd.quote);
      }
      case 'conditional':
        return this.conditionalNeed(cmd).code;
      default:
        return Code.OK;
    }
  }

  /** Waiting conditional orders, by ascending id: what a desk stores to rebuild the engine. */
  waitingOrders(user?: UserId): Array<Readonly<Waiting>> {
    return this.triggers.list(user);
  }

  /** Puts a stored waiting conditional order back after a restart; its funds stay frozen. */
  restoreWaiting(w: Waiting): void {
    if (this.open.has(w.id)) throw new Error(`restoring conditional order ${w.id}: it also rests on the book`);
    this.triggers.add(w);
  }

  /** Pairs two restored OCO legs again. */
  restorePair(a: OrderId, b: OrderId): void {
    for (const id of [a, b]) if (!this.open.has(id) && !this.triggers.has(id)) throw new Error(`restoring OCO leg ${id}: it is not open`);
    this.partners.set(a, b);
    this.partners.set(b, a);
  }

  /** The other leg of an OCO order, while both are open. */
  partnerOf(id: OrderId): OrderId | undefined {
    return this.partners.get(id);
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
    const w = this.triggers.get(c.order);
    if (w !== undefined && w.user === c.user) return this.drop(w, Code.CANCELED, c.time, out);
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
