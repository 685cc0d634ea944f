// The perpetuals engine: every linear USDT-margined market's book, every user's one-way positions with their margin,
// the insurance fund and the clearing account, as one deterministic state machine (cross margin spans markets, so
// one engine holds them all). `apply(command)` returns the events with their ledger postings for the desk to persist.
//
// Money: a user's contract wallet is `available` + `frozen`; frozen holds, per market, the entrust margin of open
// orders and the position's margin (cross: initial margin at entry; isolated: the position's own wallet). Realized
// profit and loss moves against `system:perp-clearing`, fees to `system:fee-income`, clearance fees and what a
// bankrupt position leaves to `system:insurance`, which also pays losses beyond a user's collateral.
// The perp desk's README has every formula with its source.
import type { BookOrder, OrderBook, Side } from '../book/types.ts';
import { FILL, MatchSink } from '../book/sink.ts';
import { Code, type ResultCode } from '../codes.ts';
import { FEE_INCOME, INSURANCE, PERP_CLEARING, PERP_RECEIVABLE, type AccountKey } from '../ledger/accounts.ts';
import type { Ledger, Posting } from '../ledger/ledger.ts';
import { notional, type Market } from '../money/market.ts';
import type { Amount, Asset, OrderId, Price, Qty, UserId } from '../money/nominal.ts';
import { feeOn, PPM } from '../spot/fees.ts';
import { checkLimit, checkMarketByBase, checkOrder } from '../spot/rules.ts';
import { KeyCache } from '../spot/settlement.ts';
import { adlQuantile as adlQuantileOf, adlRanking } from './adl.ts';
import { maxNotionalFor } from '../../contract/perp-math/brackets.ts';
import { fillMath, type Holding, Lines, newHolding, signedCost, sizeMinor } from './holdings.ts';
import { LiquidationIndex } from './liq-index.ts';
import { bankruptcyPrice, isLiquidatable } from '../../contract/perp-math/liquidation.ts';
import { initialMargin, marketAssumedPrice, maxAddIsolated, maxRemoveIsolated, openingQty, openLoss } from '../../contract/perp-math/margin.ts';
import {
  AccountTotals, crossContext, maintenanceAt, positionLiquidationPrice, positionMarginRatio, upnlAt, type AccountRisk, type CrossTotals, type RiskLine,
  type RiskPosition,
} from '../../contract/perp-math/risk.ts';
import type {
  AdjustMarginCommand, ConditionalCommand, ConditionalKind, PerpCancelCommand, FeeRates, FillSide, FundingCommand, LeverageCommand, MarginModeCommand, OrderOrigin,
  PerpCommand, PerpEvent, PerpMarket, PerpPlaceCommand, PositionView, WorkingPrice,
} from './types.ts';
import { abs, divCeil, divFloor, E8, maxB, minB, type Rate } from './units.ts';

/** An order the engine tracks: resting, or the taker being matched right now. */
interface PerpOrder {
  readonly id: OrderId;
  readonly user: UserId;
  readonly symbol: string;
  readonly side: Side;
  readonly kind: 'limit' | 'market';
  readonly price: Price;
  readonly reduceOnly: boolean;
  readonly postOnly: boolean;
  readonly fees: FeeRates;
  readonly origin: OrderOrigin;
  readonly time: number;
  /**
   * What one lot of a market order is margined at (quote minor units): its notional at Binance's assumed price
   * (notes §8: a buy at Ask1 × 1.0005, a sell at max(Bid1, mark)), not at its band bound. Absent: the limit price.
   */
  readonly lotValue?: bigint;
  /**
   * Open loss held per open lot (quote minor units): the open loss of the order's opening part at its acceptance
   * (notes §8 [COST]), spread over its lots, held with its entrust margin and released as the lots fill or go.
   */
  readonly lossPerLot: bigint;
  /** Lots not yet traded. */
  open: number;
}

/** A conditional order waiting for its trigger. */
interface Conditional {
  readonly id: OrderId;
  readonly user: UserId;
  readonly symbol: string;
  readonly side: Side;
  readonly kind: ConditionalKind;
  readonly trigger: bigint;
  readonly working: WorkingPrice;
  readonly price: Price | null;
  readonly qty: Qty | null;
  readonly reduceOnly: boolean;
  readonly tif: BookOrder['tif'];
  readonly origin: OrderOrigin;
  readonly fees: FeeRates;
  readonly time: number;
}

/** Does a conditional fire when the price rises to its trigger (else when it falls to it)? */
const firesRising = (kind: ConditionalKind, side: Side): boolean => (kind === 'stop' || kind === 'stop_market') === (side === 'buy');

interface MarketState {
  readonly spec: PerpMarket;
  readonly m: Market;
  readonly book: OrderBook;
  readonly liq: LiquidationIndex;
  /** Waiting conditional orders by trigger price ('long' = fires when the price falls to it, 'short' = rises). */
  readonly onMark: LiquidationIndex;
  readonly onLast: LiquidationIndex;
  /** Users with a position here. */
  readonly holders: Set<UserId>;
  mark: bigint | null;
  /** Price of the last trade on the book (ticks), null before the first. */
  last: Price | null;
}

export interface PerpEngineOptions {
  readonly markets: readonly PerpMarket[];
  readonly ledger: Ledger;
  readonly book: (market: PerpMarket) => OrderBook;
  readonly nextOrder?: number;
  readonly nextTrade?: number;
  /** How far from the mark a triggered market order may trade, in basis points (Binance: 5 %). */
  readonly bandBps?: number;
}

const NO_FEES: FeeRates = Object.freeze({ makerPpm: 0, takerPpm: 0 });
const MAX_INDEXED = BigInt(Number.MAX_SAFE_INTEGER);

/** A deleveraging queue of one side of one market, built once per mark and consumed in order. */
type AdlQueue = { users: UserId[]; at: number };

export class PerpEngine {
  readonly ledger: Ledger;
  readonly asset: Asset;
  private readonly markets = new Map<string, MarketState>();
  private readonly holdings = new Map<UserId, Map<string, Holding>>();
  private readonly orders = new Map<OrderId, PerpOrder>();
  private readonly keys = new KeyCache('contract');
  private readonly sink = new MatchSink();
  private nextOrder: number;
  private nextTrade: number;
  private adl = new Map<string, AdlQueue>();
  private readonly conditionals = new Map<OrderId, Conditional>();
  /** Holdings whose entrust margin a cross loss took: their orders are cancelled when the command ends. */
  private readonly shed = new Set<Holding>();
  /** Markets whose last price moved in the current command: their last-price conditionals are checked at its end. */
  private readonly lastMoved = new Set<string>();
  /** Holdings whose position changed while a mark was being applied: checked for maintenance before it ends. */
  private dirty: Set<Holding> | null = null;
  /** Bumped by every position change and mark: cached ADL ranks older than it are recomputed. */
  private version = 0;
  private readonly adlRanks = new Map<string, { version: number; of: Map<number, number> }>();
  /** Users with cross positions in more than one market: a mark anywhere moves their other liquidation prices. */
  private readonly crossMulti = new Set<UserId>();
  private readonly bandBps: bigint;

  constructor(o: PerpEngineOptions) {
    this.ledger = o.ledger;
    const quotes = new Set(o.markets.map((s) => s.market.quote));
    if (quotes.size !== 1) throw new RangeError('perp markets must share one margin asset');
    this.asset = [...quotes][0]!;
    for (const spec of o.markets) {
      this.markets.set(spec.symbol, { spec, m: spec.market, book: o.book(spec), liq: new LiquidationIndex(), onMark: new LiquidationIndex(64), onLast: new LiquidationIndex(64), holders: new Set(), mark: null, last: null });
    }
    this.nextOrder = o.nextOrder ?? 1;
    this.nextTrade = o.nextTrade ?? 1;
    this.bandBps = BigInt(o.bandBps ?? 500);
  }

  apply(cmd: PerpCommand): PerpEvent[] {
    const out: PerpEvent[] = [];
    switch (cmd.type) {
      case 'conditional':
        this.conditional(cmd, out);
        break;
      case 'place':
        this.place(cmd, out);
        break;
      case 'cancel':
        this.cancel(cmd, out);
        break;
      case 'cancelAll':
        for (const h of this.userHoldings(cmd.user)) {
          if (cmd.symbol !== undefined && h.symbol !== cmd.symbol) continue;
          this.cancelOrders(h, cmd.time, Code.CANCELED, out);
          for (const id of [...h.triggers].sort((a, b) => a - b)) this.dropConditional(this.conditionals.get(id)!, Code.CANCELED, cmd.time, out);
        }
        break;
      case 'leverage':
        this.setLeverage(cmd, out);
        break;
      case 'marginMode':
        this.setMode(cmd, out);
        break;
      case 'adjustMargin':
        this.adjustMargin(cmd, out);
        break;
      case 'mark':
        this.mark(cmd.symbol, cmd.mark, cmd.time, out);
        break;
      case 'funding':
        this.funding(cmd, out);
        break;
    }
    this.finish(cmd.time, out);
    return out;
  }

  /**
   * The end of every command: orders whose margin a cross loss took are cancelled, and conditional orders watching
   * the last price of any market that traded may fire (their trades may move more; repeated until quiet).
   */
  private finish(time: number, out: PerpEvent[]): void {
    // Ends: a round either cancels orders or fires waiting conditional orders (each fires once), and only a trade,
    // which those orders make, moves a last price again.
    while (this.shed.size > 0 || this.lastMoved.size > 0) {
      for (const h of [...this.shed]) {
        this.shed.delete(h);
        this.cancelOrders(h, time, Code.CANCELED_MARGIN, out);
      }
      const moved = [...this.lastMoved].sort();
      this.lastMoved.clear();
      for (const symbol of moved) this.fireLast(symbol, time, out);
    }
  }

  /**
   * A position's place in the auto-deleveraging queue as Binance shows it: 0–4 (lights = value + 1), by
   * LeveragePnL among the positions on its side of the market, highest first (notes §7; the 20 % buckets are
   * inferred). Recomputed when positions or the mark have changed since the last ask.
   */
  adlQuantile(user: UserId, symbol: string): number | null {
    const h = this.holding(user, symbol);
    if (h === undefined || h.size === 0) return null;
    const side = h.size > 0 ? 'long' : 'short';
    const key = `${symbol}:${side}`;
    let ranks = this.adlRanks.get(key);
    if (ranks === undefined || ranks.version !== this.version) {
      const ms = this.markets.get(symbol)!;
      const candidates = [...ms.holders]
        .map((u) => this.holding(u, symbol)!)
        .filter((x) => (side === 'long' ? x.size > 0 : x.size < 0))
        .map((x) => ({ id: x.user, upnl: this.upnl(x), walletBalance: x.mode === 'isolated' ? x.margin : this.crossWallet(x.user), maintenance: this.maintenance(x) }));
      const order = adlRanking(candidates);
      ranks = { version: this.version, of: new Map(order.map((c, i) => [c.id, adlQuantileOf(i + 1, order.length)])) };
      this.adlRanks.set(key, ranks);
    }
    return ranks.of.get(user) ?? null;
  }

  /** Waiting conditional orders, by id. */
  waiting(user?: UserId): Array<Readonly<Conditional>> {
    return [...this.conditionals.values()].filter((c) => user === undefined || c.user === user).sort((a, b) => a.id - b.id);
  }

  // ---- reads ------------------------------------------------------------------------------------------------

  market(symbol: string): PerpMarket | undefined {
    return this.markets.get(symbol)?.spec;
  }

  markOf(symbol: string): bigint | null {
    return this.markets.get(symbol)?.mark ?? null;
  }

  /** Last traded price on the book (quote minor units per coin), null before the first trade. */
  lastPrice(symbol: string): bigint | null {
    const ms = this.markets.get(symbol);
    return ms?.last == null ? null : BigInt(ms.last) * ms.m.tickSize;
  }

  bookOf(symbol: string): OrderBook | undefined {
    return this.markets.get(symbol)?.book;
  }

  holding(user: UserId, symbol: string): Holding | undefined {
    return this.holdings.get(user)?.get(symbol);
  }

  position(user: UserId, symbol: string): PositionView | undefined {
    const h = this.holding(user, symbol);
    return h === undefined ? undefined : this.view(h);
  }

  /** Every open position, by market then user: what invariants and a desk's snapshot read. */
  positions(): PositionView[] {
    const out: PositionView[] = [];
    for (const [symbol, ms] of this.markets) {
      for (const user of [...ms.holders].sort((a, b) => a - b)) out.push(this.view(this.holding(user, symbol)!));
    }
    return out;
  }

  /** Open lots long and short of a market: equal whenever the engine is between commands. */
  openInterest(symbol: string): { long: number; short: number } {
    let long = 0;
    let short = 0;
    const ms = this.markets.get(symbol)!;
    for (const u of ms.holders) {
      const s = this.holding(u, symbol)!.size;
      if (s > 0) long += s;
      else short -= s;
    }
    return { long, short };
  }

  openOrders(user?: UserId): Array<Readonly<PerpOrder>> {
    return [...this.orders.values()].filter((o) => user === undefined || o.user === user).sort((a, b) => a.id - b.id);
  }

  /**
   * Cross wallet balance: available plus what the engine holds frozen for cross positions and for orders (not
   * isolated margins, and not funds an operator froze: those are no one's collateral), less the account's debt.
   * Negative when the account owes more than its cash (Binance's negative cross wallet).
   */
  crossWallet(user: UserId): bigint {
    let wb: bigint = this.ledger.balance(this.keys.of(user).available, this.asset);
    for (const h of this.userHoldings(user)) wb += h.orderMargin + (h.mode === 'cross' ? h.margin : 0n) - h.owed;
    return wb;
  }

  /** What the user's cross account owes: losses past its cash that its open positions' unrealized profit carries. */
  owed(user: UserId): bigint {
    let d = 0n;
    const held = this.holdings.get(user);
    if (held !== undefined) for (const h of held.values()) d += h.owed;
    return d;
  }

  /** Σ UPnL of the user's open cross positions at their marks. */
  private crossUpnl(user: UserId): bigint {
    let u = 0n;
    for (const h of this.userHoldings(user)) if (h.mode === 'cross' && h.size !== 0) u += this.upnl(h);
    return u;
  }

  /** Does the user hold any open position? */
  private hasPosition(user: UserId): boolean {
    return this.userHoldings(user).some((h) => h.size !== 0);
  }

  /** Adds `amount` to the account's debt, booked on `h` (the receivable account pays the loss for it now). */
  private incur(h: Holding, amount: bigint, lines: Lines<AccountKey>): void {
    if (amount <= 0n) return;
    h.owed += amount;
    lines.add(PERP_RECEIVABLE, -amount);
  }

  /** Repays up to `cash` of the account's debt (oldest market name first); returns what it paid. */
  private repay(user: UserId, cash: bigint, lines: Lines<AccountKey>): bigint {
    // Every fill passes here: no array or sort unless there is a debt to repay.
    if (cash <= 0n || this.owed(user) === 0n) return 0n;
    let paid = 0n;
    for (const h of this.userHoldings(user).sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))) {
      if (h.owed === 0n || paid >= cash) continue;
      const x = minB(h.owed, cash - paid);
      h.owed -= x;
      paid += x;
    }
    lines.add(PERP_RECEIVABLE, paid);
    return paid;
  }

  /** With no position left to pay it, what the account still owes is the insurance fund's: returns it. */
  private writeOff(user: UserId, lines: Lines<AccountKey>): bigint {
    if (this.hasPosition(user)) return 0n;
    let d = 0n;
    for (const h of this.userHoldings(user)) {
      d += h.owed;
      h.owed = 0n;
    }
    // The caller posts the fund's side with the rest of what the fund covers.
    if (d > 0n) lines.add(PERP_RECEIVABLE, d);
    return d;
  }

  /** What the engine holds frozen for a user: margins and entrust margin over all markets. */
  held(user: UserId): bigint {
    let held = 0n;
    for (const h of this.userHoldings(user)) held += h.margin + h.orderMargin;
    return held;
  }

  /** Unrealized P&L at mark of one holding (0 without a mark or a position). */
  upnl(h: Holding): bigint {
    const ms = this.markets.get(h.symbol)!;
    return upnlAt({ size: sizeMinor(ms.m, h.size), cost: h.cost }, ms.mark);
  }

  /** Maintenance margin at mark (at entry price before the first mark). */
  maintenance(h: Holding): bigint {
    const ms = this.markets.get(h.symbol)!;
    return maintenanceAt(ms.spec.brackets, sizeMinor(ms.m, h.size), h.cost, ms.mark);
  }

  /** Cross account: wallet, Σ UPnL and Σ maintenance of its cross positions. */
  crossRisk(user: UserId): CrossTotals {
    const totals = new AccountTotals(this.crossWallet(user));
    for (const h of this.userHoldings(user)) if (h.mode === 'cross' && h.size !== 0) totals.add('cross', this.upnl(h), this.maintenance(h));
    return totals;
  }

  /** The account's risk over every open position: the cross totals, and the unrealized P&L of all. */
  accountRisk(user: UserId): AccountRisk {
    const totals = new AccountTotals(this.crossWallet(user));
    for (const h of this.userHoldings(user)) if (h.size !== 0) totals.add(h.mode, this.upnl(h), this.maintenance(h));
    return totals;
  }

  /** Is this position (isolated) or its account (cross) at or below maintenance? */
  underwater(h: Holding): boolean {
    if (h.size === 0) return false;
    if (h.mode === 'isolated') return isLiquidatable({ marginBalance: h.margin + this.upnl(h), maintenance: this.maintenance(h) });
    const r = this.crossRisk(h.user);
    return isLiquidatable({ marginBalance: r.wallet + r.upnl, maintenance: r.maintenance });
  }

  /**
   * Liquidation price (quote minor units per coin), null when the position can't be liquidated. `risk`: the account's
   * crossRisk when the caller has it already (one pass over an account's positions needs it once, not once each).
   */
  liquidationPrice(h: Holding, risk?: CrossTotals): bigint | null {
    if (h.size === 0) return null;
    const p = this.riskPosition(h);
    return positionLiquidationPrice(p, h.mode === 'cross' ? crossContext(risk ?? this.crossRisk(h.user), this.line(h)) : null);
  }

  /** Margin ratio: isolated, of the position; cross, of the account. null when flat or without a margin balance. */
  marginRatio(h: Holding): Rate | null {
    if (h.size === 0) return null;
    return positionMarginRatio(h, this.line(h), h.mode === 'cross' ? this.crossRisk(h.user) : null);
  }

  private line(h: Holding): RiskLine {
    return { mode: h.mode, upnl: this.upnl(h), maintenance: this.maintenance(h) };
  }

  private riskPosition(h: Holding): RiskPosition {
    const ms = this.markets.get(h.symbol)!;
    return { size: sizeMinor(ms.m, h.size), cost: h.cost, leverage: h.leverage, mode: h.mode, margin: h.margin, brackets: ms.spec.brackets };
  }

  /** Ids the next order and trade will get (a desk persists them with its rows). */
  get counters(): { nextOrder: number; nextTrade: number } {
    return { nextOrder: this.nextOrder, nextTrade: this.nextTrade };
  }

  /** Every holding with settings, a position or held margin: what a desk stores per user and market. */
  holdingsOf(user: UserId): Holding[] {
    return this.userHoldings(user);
  }

  // ---- restart --------------------------------------------------------------------------------------------

  /** Puts a stored holding back after a restart (its margins are frozen in the ledger already). */
  restoreHolding(v: { user: UserId; symbol: string; leverage: number; mode: Holding['mode']; size: number; cost: bigint; margin: bigint; orderMargin: bigint; owed: bigint }): void {
    const ms = this.markets.get(v.symbol);
    if (ms === undefined) throw new Error(`stored position in ${v.symbol}, which is not a perp market`);
    const h = this.holdingFor(v.user, v.symbol);
    Object.assign(h, { leverage: v.leverage, mode: v.mode, size: v.size, cost: v.cost, margin: v.margin, orderMargin: v.orderMargin, owed: v.owed });
    if (v.size !== 0) ms.holders.add(v.user);
  }

  /** Puts a stored resting order back on its book (call in time priority); its margin is in its holding's. */
  restoreOrder(o: { id: OrderId; user: UserId; symbol: string; side: Side; price: Price; open: number; reduceOnly: boolean; postOnly: boolean; fees: FeeRates; time: number; origin: OrderOrigin; lossPerLot: bigint }): void {
    const ms = this.markets.get(o.symbol);
    if (ms === undefined) throw new Error(`stored order ${o.id} in ${o.symbol}, which is not a perp market`);
    ms.book.place({ id: o.id, owner: o.user, side: o.side, price: o.price, qty: o.open as Qty, budget: Infinity, tif: 'GTC', postOnly: false, stp: 'NONE' }, this.sink);
    if (this.sink.outcome !== Code.RESTED || this.sink.count > 0) throw new Error(`restoring order ${o.id} would trade or is a duplicate`);
    this.register({ ...o, kind: 'limit' }, this.holdingFor(o.user, o.symbol));
  }

  /**
   * After restoring: the last mark of each market, the price of its last trade on the book (`lasts`, quote minor units
   * per coin), the id counters, and every position's liquidation price. A restored last price moves nothing: the
   * conditional orders watching it were checked when that trade happened.
   */
  restored(marks: ReadonlyMap<string, bigint>, counters: { nextOrder: number; nextTrade: number }, lasts: ReadonlyMap<string, bigint> = new Map()): void {
    for (const [symbol, mark] of marks) {
      const ms = this.markets.get(symbol);
      if (ms !== undefined && mark > 0n) ms.mark = mark;
    }
    for (const [symbol, price] of lasts) {
      const ms = this.markets.get(symbol);
      if (ms !== undefined && price >= ms.m.tickSize) ms.last = Number(price / ms.m.tickSize) as Price;
    }
    this.nextOrder = Math.max(this.nextOrder, counters.nextOrder);
    this.nextTrade = Math.max(this.nextTrade, counters.nextTrade);
    for (const byMarket of this.holdings.values()) for (const h of byMarket.values()) this.index(h);
    this.checkHeld();
  }

  /**
   * Throws unless every user's frozen contract funds cover what their holdings hold (margins and entrust margin),
   * an operator's freeze or lock frozen on top, and the receivable account is minus what the accounts owe.
   */
  checkHeld(): void {
    let owed = 0n;
    for (const user of this.holdings.keys()) {
      const held = this.held(user);
      const frozen = this.ledger.balance(this.keys.of(user).frozen, this.asset);
      if (frozen < held) throw new Error(`user ${user}: frozen ${frozen} but holdings hold ${held}`);
      owed += this.owed(user);
    }
    const receivable = this.ledger.balance(PERP_RECEIVABLE, this.asset);
    if (receivable !== -owed) throw new Error(`the receivable account holds ${receivable} but accounts owe ${owed}`);
  }

  // ---- orders -----------------------------------------------------------------------------------------------

  private place(c: PerpPlaceCommand, out: PerpEvent[], origin: OrderOrigin = 'user'): OrderId | null {
    const ms = this.markets.get(c.symbol);
    if (ms === undefined) {
      this.reject(out, c.time, c.user, null, Code.ORDER_ID_INVALID);
      return null;
    }
    const m = ms.m;
    let code = checkOrder(c.fees, this.nextOrder as OrderId);
    if (code === Code.OK) code = c.kind === 'limit' ? checkLimit(m, c.price, c.qty) : checkMarketByBase(m, c.price, c.qty);
    // A reduce-only order may close what is left of a position however small (Binance exempts it from MIN_NOTIONAL).
    if (code === Code.NOTIONAL_BELOW_MIN && c.reduceOnly) code = Code.OK;
    if (code === Code.OK && c.postOnly && (c.tif !== 'GTC' || c.kind !== 'limit')) code = Code.POST_ONLY_NEEDS_GTC;
    const h = this.holdingFor(c.user, c.symbol);
    if (code === Code.OK && c.reduceOnly) {
      const dir = c.side === 'buy' ? 1 : -1;
      // One that may rest must fit beside the closing side's other orders; one that can't rest, the position.
      let room = Math.abs(h.size);
      if (c.kind === 'limit' && c.tif === 'GTC') {
        room = this.reduceRoom(h);
        for (const id of h.orders) {
          const o = this.orders.get(id)!;
          if (o.reduceOnly && o.side === c.side) room -= o.open;
        }
      }
      if (h.size === 0 || Math.sign(h.size) === dir || c.qty > room) code = Code.REDUCE_ONLY_REJECTED;
    }
    // A market order trades up to its band bound but is margined at Binance's assumed price (notes §8).
    const assumed = c.kind === 'market' && code === Code.OK ? this.assumedPrice(ms, c.side, c.price) : null;
    // The open loss (a buy above the mark, a sell below it) is held with the entrust margin while the order is open.
    // Only the part that opens risks it; the part that closes the position realizes against the position instead.
    let lossPerLot = 0n;
    if (code === Code.OK && !c.reduceOnly) {
      const price = assumed ?? BigInt(c.price) * m.tickSize;
      const loss = openLoss({ side: c.side, qty: sizeMinor(m, this.openingLots(h, c.side, c.qty)), price, mark: ms.mark ?? price });
      lossPerLot = divCeil(loss, BigInt(c.qty));
    }
    const order: PerpOrder = {
      id: this.nextOrder as OrderId, user: c.user, symbol: c.symbol, side: c.side, kind: c.kind, price: c.price, reduceOnly: c.reduceOnly,
      postOnly: c.postOnly, fees: c.fees, origin, time: c.time, open: c.qty, lossPerLot, ...(assumed === null ? {} : { lotValue: divCeil(m.lotSize * assumed, E8) }),
    };
    let freeze = 0n;
    if (code === Code.OK && !c.reduceOnly) {
      const cap = maxNotionalFor(ms.spec.brackets, h.leverage) ?? 0n;
      if (this.worstNotional(h, order) > cap) code = Code.NOTIONAL_ABOVE_LEVERAGE;
      else {
        freeze = maxB(0n, this.orderMargin(h, order) - h.orderMargin);
        if (freeze > this.availableForOrder(c.user)) code = Code.INSUFFICIENT_FUNDS;
      }
    }
    if (code !== Code.OK) {
      this.reject(out, c.time, c.user, order.id, code);
      return null;
    }
    this.nextOrder += 1;
    return this.run(order, c.tif, c.stp, freeze, h, out) ? order.id : null;
  }

  /** Matches an accepted order (freezing `freeze` more entrust margin first) and settles what happened. */
  private run(o: PerpOrder, tif: BookOrder['tif'], stp: BookOrder['stp'], freeze: bigint, h: Holding, out: PerpEvent[]): boolean {
    const ms = this.markets.get(o.symbol)!;
    const bo: BookOrder = { id: o.id, owner: o.user, side: o.side, price: o.price, qty: o.open as Qty, budget: Infinity, tif: o.kind === 'market' ? 'IOC' : tif, postOnly: o.postOnly, stp };
    ms.book.place(bo, this.sink);
    const outcome = this.sink.outcome;
    if (outcome === Code.POST_ONLY_WOULD_TAKE || outcome === Code.FOK_NOT_FILLABLE || outcome === Code.DUPLICATE_ORDER_ID) {
      // The id goes back (nothing took another since it was given): a refused order is stored nowhere, and a desk
      // rebuilt from the store numbers the next order max(id) + 1, as this one then does.
      if (o.id === this.nextOrder - 1) this.nextOrder -= 1;
      this.reject(out, o.time, o.user, o.id, outcome);
      return false;
    }
    const k = this.keys.of(o.user);
    const lines = new Lines<AccountKey>().move(k.available, k.frozen, freeze);
    const postings = this.post(lines);
    h.orderMargin += freeze;
    this.register(o, h);
    out.push({ type: 'accepted', time: o.time, order: o.id, user: o.user, symbol: o.symbol, side: o.side, kind: o.kind, origin: o.origin, price: o.price, qty: o.open as Qty, reduceOnly: o.reduceOnly, postOnly: o.postOnly, tif: bo.tif, leverage: h.leverage, openLoss: (o.lossPerLot * BigInt(o.open)) as Amount, fees: o.fees, postings });
    this.settle(o, ms, out);
    return true;
  }

  /** Turns the sink's fills into trades, then rests or closes the taker. */
  private settle(t: PerpOrder, ms: MarketState, out: PerpEvent[]): void {
    const s = this.sink;
    const touched = new Set<Holding>([this.holding(t.user, t.symbol)!]);
    // The sink is reused by any order placed while settling (none are), so read it out first.
    const n = s.count;
    const kinds = s.kind.slice(0, n);
    const makers = s.makerId.slice(0, n);
    const prices = s.price.slice(0, n);
    const qtys = s.qty.slice(0, n);
    const lefts = s.makerLeft.slice(0, n);
    const outcome = s.outcome;
    const remaining = s.remaining;
    for (let i = 0; i < n; i++) {
      const maker = this.orders.get(makers[i]! as OrderId)!;
      const q = qtys[i]!;
      if (kinds[i] !== FILL) {
        this.setOpen(maker, 0);
        this.closeOrder(maker, Code.EXPIRED_STP_MAKER, q, t.time, out);
        continue;
      }
      this.setOpen(maker, lefts[i]!);
      this.trade(ms, t, maker, prices[i]! as Price, q, 'book', out);
      touched.add(this.holding(maker.user, t.symbol)!);
      if (maker.open === 0) this.closeOrder(maker, Code.FILLED, 0, t.time, out);
    }
    if (outcome === Code.RESTED) {
      out.push({ type: 'rested', time: t.time, order: t.id, user: t.user, symbol: t.symbol, price: t.price, qty: remaining as Qty });
    } else {
      const code: ResultCode = outcome === Code.EXPIRED_IOC && t.kind === 'market' ? Code.EXPIRED_MARKET : outcome;
      const left = t.open;
      this.setOpen(t, 0);
      this.closeOrder(t, code, left, t.time, out);
    }
    for (const h of touched) this.afterChange(h, t.time, out);
  }

  /** One fill between a taker and a maker (or, via 'adl', a deleveraging close between two positions). */
  private trade(ms: MarketState, taker: PerpOrder, maker: PerpOrder, price: Price, qty: number, via: 'book' | 'adl', out: PerpEvent[]): void {
    const quote = notional(ms.m, price, qty as Qty);
    if (via === 'book') {
      this.setOpen(taker, taker.open - qty);
      ms.last = price;
      this.lastMoved.add(ms.spec.symbol);
    }
    const lines = new Lines<AccountKey>();
    const takerSide = this.fillSide(ms, taker, price, qty, quote, taker.fees.takerPpm, lines, out);
    const makerSide = this.fillSide(ms, maker, price, qty, quote, maker.fees.makerPpm, lines, out);
    const postings = this.post(lines);
    out.push({ type: 'trade', time: taker.time, symbol: ms.spec.symbol, trade: this.nextTrade++, price, qty: qty as Qty, quote, takerSide: taker.side, taker: takerSide, maker: makerSide, via, postings });
  }

  /**
   * One side of a fill: the position changes, realized P&L is paid by or to the clearing account, the fee is
   * charged, and the margin held is set again for the new position and the orders left. A cross loss past the whole
   * cross account's cash becomes the account's debt as far as its open cross positions' unrealized profit carries it
   * (Binance's negative cross wallet); only the rest, and an isolated loss past the position's margin, is covered
   * by the insurance fund. Cash the fill frees repays the debt first. Adds its lines to `lines`.
   */
  private fillSide(ms: MarketState, o: PerpOrder, price: Price, qty: number, quote: bigint, feePpm: number, lines: Lines<AccountKey>, _out: PerpEvent[]): FillSide {
    const h = this.holding(o.user, o.symbol)!;
    const k = this.keys.of(o.user);
    const before = h.size;
    const f = fillMath(h.size, h.cost, o.side, qty, quote);
    const fee = feeOn(quote as Amount, feePpm);
    h.size = f.size;
    h.cost = f.cost;
    if (before === 0 && f.size !== 0) ms.holders.add(o.user);
    if (f.size === 0) ms.holders.delete(o.user);
    const heldBefore = h.margin + h.orderMargin;
    // The other side of this trade may be the same user (self-trade prevention off): count its lines too.
    const available = this.ledger.balance(k.available, this.asset) + lines.get(k.available);
    // Everything this market holds is released into a pool, which pays, then holds again what it can.
    let pool = available + h.orderMargin;
    let covered = 0n;
    let feePaid = 0n;
    let debt = 0n;
    if (h.mode === 'cross') {
      pool += h.margin + f.realized;
      // A loss past this market's funds is the cross account's: its other markets' margins pay before the fund.
      if (pool < 0n) pool += this.drawCross(h, -pool, lines);
      if (pool < 0n) {
        // The account's cash is gone: it owes the rest (its other positions' unrealized profit may pay it, or their
        // liquidation settles what they can't; the fund pays only what is left when no cross position remains).
        debt = -pool;
        this.incur(h, debt, lines);
        pool = 0n;
      }
      feePaid = minB(fee, pool);
      pool -= feePaid;
      h.margin = minB(pool, f.size === 0 ? 0n : initialMargin(f.cost, h.leverage));
      pool -= h.margin;
    } else {
      // The closed part takes its share of the margin and its result; a loss past that share is borne by the
      // rest of the position's margin (then by the fund), a gain goes to the user with the share.
      const flipped = f.size === 0 || Math.sign(f.size) !== Math.sign(before);
      const share = f.closed === 0 ? 0n : flipped ? h.margin : (h.margin * BigInt(f.closed)) / BigInt(Math.abs(before));
      const net = share + f.realized;
      let wallet = h.margin - share;
      let release = 0n;
      if (net >= 0n) release = net;
      else wallet += net;
      if (wallet < 0n) [covered, wallet] = [-wallet, 0n];
      pool += release;
      feePaid = minB(fee, pool + wallet);
      const fromPool = minB(feePaid, pool);
      pool -= fromPool;
      wallet -= feePaid - fromPool;
      const im = minB(pool, f.opened === 0 ? 0n : initialMargin(f.openQuote, h.leverage));
      pool -= im;
      h.margin = wallet + im;
    }
    const target = this.orderMargin(h);
    h.orderMargin = minB(pool, target);
    pool -= h.orderMargin;
    // Free cash repays the account's debt.
    let repaid = this.repay(o.user, pool, lines);
    pool -= repaid;
    if (this.owed(o.user) > 0n && !this.hasPosition(o.user)) {
      // No position is left whose profit or margin could pay the debt: every entrust margin pays it (those orders
      // are cancelled at the command's end), and only what is still owed then is the insurance fund's.
      const own = minB(h.orderMargin, this.owed(o.user));
      if (own > 0n) this.shed.add(h);
      h.orderMargin -= own;
      pool += own;
      pool += this.drawCross(h, this.owed(o.user) - pool, lines);
      const more = this.repay(o.user, pool, lines);
      pool -= more;
      repaid += more;
      const written = this.writeOff(o.user, lines);
      covered += written;
      debt -= written;
    }
    debt -= repaid;
    lines.add(k.available, pool - available);
    lines.add(k.frozen, h.margin + h.orderMargin - heldBefore);
    lines.add(PERP_CLEARING, -f.realized);
    lines.add(INSURANCE, -covered);
    lines.add(FEE_INCOME, feePaid);
    return { user: o.user, order: o.id, side: o.side, fee: feePaid as Amount, realized: f.realized as Amount, closed: f.closed, covered: covered as Amount, debt: debt as Amount };
  }

  /**
   * Takes up to `need` from what the user's other cross markets hold frozen (position margin first, then entrust
   * margin, whose orders are then cancelled after the command), for a loss the account must pay. Returns the amount.
   */
  private drawCross(h: Holding, need: bigint, lines: Lines<AccountKey>): bigint {
    let drawn = 0n;
    const k = this.keys.of(h.user);
    for (const part of ['margin', 'orderMargin'] as const) {
      for (const x of this.userHoldings(h.user)) {
        if (drawn >= need) break;
        // Entrust margin of any market is cross collateral; a position's margin only when it is cross.
        if (x === h || (part === 'margin' && x.mode !== 'cross') || x[part] === 0n) continue;
        const take = minB(x[part], need - drawn);
        x[part] -= take;
        drawn += take;
        // Frozen only: the caller's pool carries it to available.
        lines.add(k.frozen, -take);
        if (part === 'orderMargin') this.shed.add(x);
      }
    }
    return drawn;
  }

  private cancel(c: PerpCancelCommand, out: PerpEvent[]): void {
    const w = this.conditionals.get(c.order);
    if (w !== undefined && w.user === c.user) return this.dropConditional(w, Code.CANCELED, c.time, out);
    const o = this.orders.get(c.order);
    if (o === undefined || o.user !== c.user || o.origin === 'liquidation' || o.origin === 'adl') return this.reject(out, c.time, c.user, c.order, Code.ORDER_NOT_FOUND);
    const left = this.markets.get(o.symbol)!.book.cancel(o.id);
    this.setOpen(o, 0);
    this.closeOrder(o, Code.CANCELED, left, c.time, out);
  }

  /** Cancels every open order of a holding (oldest first). */
  private cancelOrders(h: Holding, time: number, code: ResultCode, out: PerpEvent[]): void {
    const book = this.markets.get(h.symbol)!.book;
    for (const id of [...h.orders].sort((a, b) => a - b)) {
      const o = this.orders.get(id)!;
      const left = book.cancel(id);
      this.setOpen(o, 0);
      this.closeOrder(o, code, left, time, out);
    }
  }

  /** Forgets an order whose open quantity is already 0 and releases the entrust margin it no longer needs. */
  private closeOrder(o: PerpOrder, code: ResultCode, unfilled: number, time: number, out: PerpEvent[]): void {
    const h = this.holding(o.user, o.symbol)!;
    if (this.orders.get(o.id) === o) {
      if (o.open !== 0) this.setOpen(o, 0);
      this.orders.delete(o.id);
      h.orders.delete(o.id);
      if (o.reduceOnly) h.reducing -= 1;
      if (h.orders.size === 0) [h.bids, h.asks, h.takerPpm, h.loss] = [0n, 0n, 0, 0n];
    }
    const postings = this.resetOrderMargin(h);
    out.push({ type: 'closed', time, order: o.id, user: o.user, symbol: o.symbol, code, unfilled: unfilled as Qty, postings });
  }

  /** Sets the entrust margin held to what the holding's orders need now (less, or more when available). */
  private resetOrderMargin(h: Holding): readonly Posting[] {
    const k = this.keys.of(h.user);
    const target = this.orderMargin(h);
    const delta = minB(target, h.orderMargin + this.ledger.balance(k.available, this.asset)) - h.orderMargin;
    h.orderMargin += delta;
    return this.post(new Lines<AccountKey>().move(k.available, k.frozen, delta));
  }

  /**
   * After a holding's position changed: reduce-only orders that would now open are cut to what the position leaves
   * (`amended`) or ended (`closed` EXPIRED_REDUCE_ONLY), orders whose margin can't be held any more are cancelled,
   * the liquidation index learns the new price, and a position event goes out.
   */
  private afterChange(h: Holding, time: number, out: PerpEvent[]): void {
    this.dirty?.add(h);
    const book = this.markets.get(h.symbol)!.book;
    // Reduce-only orders may rest only for what the position less the user's other orders on the closing side
    // leaves: however a sweep fills them, they then never open a position (the excess is cut, oldest kept).
    let room = h.reducing === 0 ? 0 : this.reduceRoom(h);
    for (const id of h.reducing === 0 ? [] : [...h.orders].sort((a, b) => a - b)) {
      const o = this.orders.get(id)!;
      if (!o.reduceOnly) continue;
      const closes = h.size !== 0 && Math.sign(h.size) !== (o.side === 'buy' ? 1 : -1);
      if (closes && o.open <= room) {
        room -= o.open;
        continue;
      }
      if (closes && room > 0 && book.reduce(id, room as Qty)) {
        this.setOpen(o, room);
        out.push({ type: 'amended', time, order: o.id, user: o.user, symbol: o.symbol, price: o.price, qty: room as Qty });
        room = 0;
        continue;
      }
      const left = book.cancel(id);
      this.setOpen(o, 0);
      this.closeOrder(o, Code.EXPIRED_REDUCE_ONLY, left, time, out);
    }
    if (this.orderMargin(h) > h.orderMargin) this.cancelOrders(h, time, Code.CANCELED_MARGIN, out);
    // A position's take-profit and stop-loss go with it.
    if (h.size === 0) {
      for (const id of [...h.triggers].sort((a, b) => a - b)) {
        const w = this.conditionals.get(id)!;
        if (w.qty === null) this.dropConditional(w, Code.EXPIRED_REDUCE_ONLY, time, out);
      }
    }
    this.index(h);
    out.push({ type: 'position', time, position: this.view(h) });
  }

  /** Lots reduce-only orders may hold: the position less the open lots of the other orders on its closing side. */
  private reduceRoom(h: Holding): number {
    if (h.size === 0) return 0;
    const closing: Side = h.size > 0 ? 'sell' : 'buy';
    let others = 0;
    for (const id of h.orders) {
      const o = this.orders.get(id)!;
      if (!o.reduceOnly && o.side === closing) others += o.open;
    }
    return Math.max(0, Math.abs(h.size) - others);
  }

  /** Puts a holding's liquidation price in its market's index (or takes it out). */
  private index(h: Holding): void {
    this.version += 1;
    let cross = 0;
    for (const x of this.userHoldings(h.user)) if (x.mode === 'cross' && x.size !== 0) cross += 1;
    if (cross > 1) this.crossMulti.add(h.user);
    else this.crossMulti.delete(h.user);
    // The cross wallet is shared: whatever moved it (this market's trades, fees, funding) moved every cross
    // position's liquidation price. The account's cross totals are the same for all of them: computed once.
    const shared = h.mode === 'cross' || cross > 0;
    const risk = shared ? this.crossRisk(h.user) : undefined;
    this.indexOne(h, risk);
    if (shared) for (const x of this.userHoldings(h.user)) if (x !== h && x.mode === 'cross') this.indexOne(x, risk);
  }

  private indexOne(h: Holding, risk: CrossTotals | undefined): void {
    const liq = this.markets.get(h.symbol)!.liq;
    if (h.size === 0) {
      liq.delete(h.user);
      return;
    }
    const lp = this.liquidationPrice(h, risk);
    // A price past 2^53 minor units (90 million USDT) is never reached: the index keeps it at its limit.
    liq.set(h.user, h.size > 0 ? 'long' : 'short', lp !== null && lp > MAX_INDEXED ? MAX_INDEXED : lp);
  }

  /** After the user's contract wallet changed outside the engine (a transfer, an operator's adjustment). */
  touchUser(user: UserId): void {
    const any = this.userHoldings(user)[0];
    if (any !== undefined) this.index(any);
  }

  /** Registers an accepted order with its holding: its open notional joins the exposure its margin is held for. */
  private register(o: PerpOrder, h: Holding): void {
    this.orders.set(o.id, o);
    h.orders.add(o.id);
    if (o.reduceOnly) h.reducing += 1;
    else {
      h.takerPpm = Math.max(h.takerPpm, o.fees.takerPpm);
      this.expose(h, o, o.open);
    }
  }

  /** Changes an order's open lots, keeping its holding's exposure in step. */
  private setOpen(o: PerpOrder, open: number): void {
    if (!o.reduceOnly && this.orders.get(o.id) === o) this.expose(this.holding(o.user, o.symbol)!, o, open - o.open);
    o.open = open;
  }

  private expose(h: Holding, o: PerpOrder, lots: number): void {
    if (lots === 0) return;
    const v = this.valueOf(o, lots);
    if (o.side === 'buy') h.bids += v;
    else h.asks += v;
    h.loss += o.lossPerLot * BigInt(lots);
  }

  // ---- margin arithmetic --------------------------------------------------------------------------------------

  /**
   * Entrust margin of a holding's orders (plus `extra`, an order being placed): the part of the worst one-way
   * exposure max(|C + bids|, |C − asks|) beyond the position's own |C| (Binance's one-way margin requirement with
   * resting orders, C the signed entry notional, orders at their limit prices), over the leverage, plus the taker
   * fee on it, plus the open loss the orders hold (notes §8 [COST]). Reduce-only orders never open, so they hold
   * nothing.
   */
  private orderMargin(h: Holding, extra?: PerpOrder): bigint {
    const loss = h.loss + (extra === undefined || extra.reduceOnly ? 0n : extra.lossPerLot * BigInt(extra.open));
    const x = this.beyondPosition(h, extra);
    if (x === 0n) return loss;
    const ppm = Math.max(h.takerPpm, extra?.fees.takerPpm ?? 0);
    return initialMargin(x, h.leverage) + divCeil(x * BigInt(ppm), BigInt(PPM)) + loss;
  }

  private exposure(h: Holding, extra?: PerpOrder): { bids: bigint; asks: bigint } {
    if (extra === undefined || extra.reduceOnly || extra.open === 0) return { bids: h.bids, asks: h.asks };
    const v = this.valueOf(extra, extra.open);
    return extra.side === 'buy' ? { bids: h.bids + v, asks: h.asks } : { bids: h.bids, asks: h.asks + v };
  }

  private beyondPosition(h: Holding, extra?: PerpOrder): bigint {
    const c = signedCost(h);
    const { bids, asks } = this.exposure(h, extra);
    return maxB(0n, maxB(abs(c + bids), abs(c - asks)) - abs(c));
  }

  /** Notional of `lots` of an order as its margin counts it: at its limit price, a market order's at its assumed price. */
  private valueOf(o: PerpOrder, lots: number): bigint {
    return o.lotValue !== undefined ? o.lotValue * BigInt(lots) : notional(this.markets.get(o.symbol)!.m, o.price, lots as Qty);
  }

  /**
   * The price a market order is margined at (quote minor units per coin): Binance's assumed price (notes §8), a buy
   * at Ask1 × 1.0005 (rounded up), a sell at max(Bid1, mark); the mark (or the band bound before the first mark)
   * where that side of the book is empty.
   */
  private assumedPrice(ms: MarketState, side: Side, bound: Price): bigint {
    const t = ms.m.tickSize;
    const ref = ms.mark ?? BigInt(bound) * t;
    if (side === 'buy') {
      const ask = ms.book.best('sell');
      return ask === null ? ref : marketAssumedPrice({ side, ask1: BigInt(ask) * t, bid1: 0n, mark: ref });
    }
    const bid = ms.book.best('buy');
    return marketAssumedPrice({ side, ask1: 0n, bid1: bid === null ? 0n : BigInt(bid) * t, mark: ref });
  }

  /**
   * Lots of a new order on `side` that would open or add to a position: an order against the position first closes
   * what the user's other orders on that side do not already close, and that part risks no open loss.
   */
  private openingLots(h: Holding, side: Side, qty: number): number {
    if (h.size === 0 || Math.sign(h.size) === (side === 'buy' ? 1 : -1)) return qty;
    let others = 0;
    for (const id of h.orders) {
      const o = this.orders.get(id)!;
      if (o.side === side) others += o.open;
    }
    const closable = Math.max(0, Math.abs(h.size) - others) * Math.sign(h.size);
    return Number(openingQty({ position: BigInt(closable), side, qty: BigInt(qty) }));
  }

  /** The largest position notional the orders could leave (at entry and limit prices), for the bracket cap. */
  private worstNotional(h: Holding, extra?: PerpOrder): bigint {
    const c = signedCost(h);
    const { bids, asks } = this.exposure(h, extra);
    return maxB(abs(c + bids), abs(c - asks));
  }

  /**
   * What a new order (of either margin mode), a leverage change or an isolated margin add may take from the
   * contract wallet: available less the cross account's debt and its cross positions' unrealized loss (never
   * counting a profit). Isolated margin comes out of the same cash that holds up the cross positions, so it too
   * must leave their losses covered (Binance's AvailableForOrder, notes §2).
   */
  availableForOrder(user: UserId): bigint {
    const available = this.ledger.balance(this.keys.of(user).available, this.asset);
    return maxB(0n, available - this.owed(user) + minB(0n, this.crossUpnl(user)));
  }

  // ---- conditional orders -----------------------------------------------------------------------------------

  private conditional(c: ConditionalCommand, out: PerpEvent[]): void {
    const ms = this.markets.get(c.symbol);
    if (ms === undefined) return this.reject(out, c.time, c.user, null, Code.ORDER_ID_INVALID);
    const id = this.nextOrder as OrderId;
    let code = checkOrder(c.fees, id);
    if (code === Code.OK && c.trigger <= 0n) code = Code.TRIGGER_INVALID;
    if (code === Code.OK && c.price !== null) code = checkLimit(ms.m, c.price, (c.qty ?? ms.m.minQty) as Qty);
    if (code === Code.OK && c.qty !== null) code = checkMarketByBase(ms.m, 1 as Price, c.qty) === Code.QTY_INVALID ? Code.QTY_INVALID : Code.OK;
    if (code === Code.OK && (c.kind === 'stop' || c.kind === 'take_profit') && c.price === null) code = Code.PRICE_INVALID;
    const h = this.holdingFor(c.user, c.symbol);
    if (code === Code.OK && (c.qty === null || c.reduceOnly)) {
      // Closing the position: there must be one, on the other side.
      if (h.size === 0 || Math.sign(h.size) === (c.side === 'buy' ? 1 : -1)) code = Code.REDUCE_ONLY_REJECTED;
    }
    const rising = firesRising(c.kind, c.side);
    const now = c.working === 'mark' ? ms.mark : ms.last === null ? null : BigInt(ms.last) * ms.m.tickSize;
    if (code === Code.OK && now !== null && (rising ? now >= c.trigger : now <= c.trigger)) code = Code.ORDER_WOULD_TRIGGER;
    if (code !== Code.OK) return this.reject(out, c.time, c.user, id, code);
    this.nextOrder += 1;
    const w: Conditional = { id, user: c.user, symbol: c.symbol, side: c.side, kind: c.kind, trigger: c.trigger, working: c.working, price: c.price, qty: c.qty, reduceOnly: c.reduceOnly || c.qty === null, tif: c.tif, origin: c.origin, fees: c.fees, time: c.time };
    this.addConditional(w);
    out.push({ type: 'conditional', time: c.time, order: id, user: c.user, symbol: c.symbol, side: c.side, kind: c.kind, trigger: c.trigger, working: c.working, price: c.price, qty: c.qty, reduceOnly: w.reduceOnly, tif: c.tif, origin: c.origin, fees: c.fees });
  }

  /** Puts a stored conditional order back after a restart. */
  restoreConditional(w: Conditional): void {
    if (!this.markets.has(w.symbol)) throw new Error(`stored conditional order ${w.id} in ${w.symbol}, which is not a perp market`);
    this.addConditional(w);
  }

  private addConditional(w: Conditional): void {
    const ms = this.markets.get(w.symbol)!;
    this.conditionals.set(w.id, w);
    this.holdingFor(w.user, w.symbol).triggers.add(w.id);
    (w.working === 'mark' ? ms.onMark : ms.onLast).set(w.id, firesRising(w.kind, w.side) ? 'short' : 'long', w.trigger);
  }

  private dropConditional(w: Conditional, code: ResultCode, time: number, out: PerpEvent[]): void {
    const ms = this.markets.get(w.symbol)!;
    (w.working === 'mark' ? ms.onMark : ms.onLast).delete(w.id);
    this.conditionals.delete(w.id);
    this.holding(w.user, w.symbol)?.triggers.delete(w.id);
    out.push({ type: 'closed', time, order: w.id, user: w.user, symbol: w.symbol, code, unfilled: (w.qty ?? 0) as Qty, postings: [] });
  }

  /** Fires the conditional orders of `index` that `price` reaches, oldest first, each placing its order. */
  private fire(ms: MarketState, index: LiquidationIndex, price: bigint, time: number, out: PerpEvent[]): void {
    const reached = index.takeReached(price).sort((a, b) => a - b);
    for (const id of reached) {
      const w = this.conditionals.get(id as OrderId);
      if (w === undefined) continue;
      this.conditionals.delete(w.id);
      const h = this.holdingFor(w.user, w.symbol);
      h.triggers.delete(w.id);
      let qty = w.qty;
      if (qty === null) qty = (h.size !== 0 && Math.sign(h.size) !== (w.side === 'buy' ? 1 : -1) ? Math.abs(h.size) : 0) as Qty;
      if (qty === 0) {
        out.push({ type: 'triggered', time, conditional: w.id, user: w.user, symbol: w.symbol, order: null, code: Code.REDUCE_ONLY_REJECTED });
        out.push({ type: 'closed', time, order: w.id, user: w.user, symbol: w.symbol, code: Code.EXPIRED_REDUCE_ONLY, unfilled: 0 as Qty, postings: [] });
        continue;
      }
      const market = w.kind === 'stop_market' || w.kind === 'take_profit_market';
      let limit = w.price;
      if (market) {
        const ref = ms.mark ?? w.trigger;
        const t = ms.m.tickSize;
        const bound = w.side === 'buy' ? (ref * (10_000n + this.bandBps)) / 10_000n / t : (ref * (10_000n - this.bandBps) + 10_000n * t - 1n) / 10_000n / t;
        limit = Number(bound < 1n ? 1n : bound) as Price;
      }
      const before = out.length;
      const placed = this.place(
        { type: 'place', time, user: w.user, symbol: w.symbol, side: w.side, kind: market ? 'market' : 'limit', price: limit!, qty, tif: market ? 'IOC' : w.tif, postOnly: false, reduceOnly: w.reduceOnly, stp: 'EXPIRE_TAKER', fees: w.fees },
        out,
        w.origin,
      );
      const refused = out.slice(before).find((e) => e.type === 'rejected');
      const code = placed !== null ? Code.TRIGGERED : refused?.type === 'rejected' ? refused.code : Code.EXPIRED_IOC;
      out.splice(before, 0, { type: 'triggered', time, conditional: w.id, user: w.user, symbol: w.symbol, order: placed, code });
    }
  }

  /** Fires conditional orders watching the last price, until a round fires none. */
  private fireLast(symbol: string, time: number, out: PerpEvent[]): void {
    const ms = this.markets.get(symbol);
    if (ms === undefined) return;
    for (let seen: Price | null = null; ms.last !== null && ms.last !== seen; ) {
      seen = ms.last;
      this.fire(ms, ms.onLast, BigInt(ms.last) * ms.m.tickSize, time, out);
    }
  }

  // ---- settings and isolated margin -----------------------------------------------------------------------

  private setLeverage(c: LeverageCommand, out: PerpEvent[]): void {
    const ms = this.markets.get(c.symbol);
    const top = ms?.spec.brackets[0]?.maxLeverage ?? 0;
    if (ms === undefined || !Number.isSafeInteger(c.leverage) || c.leverage < 1 || c.leverage > top) return this.reject(out, c.time, c.user, null, Code.LEVERAGE_INVALID);
    const h = this.holdingFor(c.user, c.symbol);
    if (this.worstNotional(h) > (maxNotionalFor(ms.spec.brackets, c.leverage) ?? 0n)) return this.reject(out, c.time, c.user, null, Code.NOTIONAL_ABOVE_LEVERAGE);
    const was = h.leverage;
    h.leverage = c.leverage;
    const k = this.keys.of(c.user);
    const orderTarget = this.orderMargin(h);
    const marginTarget = h.mode === 'cross' && h.size !== 0 ? initialMargin(h.cost, h.leverage) : h.margin;
    const need = orderTarget - h.orderMargin + (marginTarget - h.margin);
    const short = h.mode === 'isolated' && h.size !== 0 && h.margin < initialMargin(h.cost, h.leverage);
    if (short || need > this.availableForOrder(c.user)) {
      h.leverage = was;
      return this.reject(out, c.time, c.user, null, Code.LEVERAGE_MARGIN_SHORT);
    }
    h.orderMargin = orderTarget;
    h.margin = marginTarget;
    const postings = this.post(new Lines<AccountKey>().move(k.available, k.frozen, need));
    this.index(h);
    out.push({ type: 'settings', time: c.time, user: c.user, symbol: c.symbol, leverage: h.leverage, mode: h.mode, postings });
  }

  private setMode(c: MarginModeCommand, out: PerpEvent[]): void {
    if (!this.markets.has(c.symbol)) return this.reject(out, c.time, c.user, null, Code.ORDER_ID_INVALID);
    const h = this.holdingFor(c.user, c.symbol);
    let code: ResultCode = Code.OK;
    if (h.mode === c.mode) code = Code.MARGIN_MODE_UNCHANGED;
    else if (h.size !== 0) code = Code.MARGIN_MODE_HAS_POSITION;
    else if (h.orders.size > 0) code = Code.MARGIN_MODE_HAS_ORDERS;
    if (code !== Code.OK) return this.reject(out, c.time, c.user, null, code);
    h.mode = c.mode;
    out.push({ type: 'settings', time: c.time, user: c.user, symbol: c.symbol, leverage: h.leverage, mode: h.mode, postings: [] });
  }

  private adjustMargin(c: AdjustMarginCommand, out: PerpEvent[]): void {
    const h = this.holding(c.user, c.symbol);
    if (h === undefined || h.mode !== 'isolated' || h.size === 0) return this.reject(out, c.time, c.user, null, Code.NO_ISOLATED_POSITION);
    if (c.amount <= 0n) return this.reject(out, c.time, c.user, null, Code.QTY_INVALID);
    const k = this.keys.of(c.user);
    const ms = this.markets.get(c.symbol)!;
    if (c.add) {
      // Binance's max add (notes §2 [ADJ]): never more than leaves the cross account above its maintenance margin.
      let isolatedOrders = 0n;
      for (const x of this.userHoldings(c.user)) if (x.mode === 'isolated') isolatedOrders += x.orderMargin;
      const most = maxAddIsolated({
        crossWalletBalance: this.crossWallet(c.user), crossMaintenance: this.crossRisk(c.user).maintenance, isolatedOrderMargin: isolatedOrders,
        available: this.availableForOrder(c.user),
      });
      if (c.amount > most) return this.reject(out, c.time, c.user, null, Code.INSUFFICIENT_FUNDS);
    }
    if (!c.add) {
      const mark = ms.mark ?? divFloor(h.cost * E8, sizeMinor(ms.m, Math.abs(h.size)));
      const most = maxRemoveIsolated({
        isolatedWalletBalance: h.margin, maintenance: this.maintenance(h), upnl: this.upnl(h),
        initialMargin: initialMargin((sizeMinor(ms.m, Math.abs(h.size)) * mark) / E8, h.leverage),
      });
      if (c.amount > most) return this.reject(out, c.time, c.user, null, Code.MARGIN_REMOVE_TOO_MUCH);
    }
    const signed = c.add ? c.amount : -c.amount;
    h.margin += signed;
    const postings = this.post(new Lines<AccountKey>().move(k.available, k.frozen, signed));
    this.index(h);
    out.push({ type: 'margin', time: c.time, user: c.user, symbol: c.symbol, amount: signed as Amount, postings });
    out.push({ type: 'position', time: c.time, position: this.view(h) });
  }

  // ---- mark, liquidation, deleveraging --------------------------------------------------------------------

  private mark(symbol: string, mark: bigint, time: number, out: PerpEvent[]): void {
    const ms = this.markets.get(symbol);
    if (ms === undefined || mark <= 0n) return;
    ms.mark = mark;
    this.version += 1;
    this.adl.clear();
    this.dirty = new Set();
    // Cross accounts with positions in other markets too: their other liquidation prices moved with this mark.
    const crossUsers: UserId[] = [];
    for (const u of this.crossMulti) {
      const h = this.holding(u, symbol);
      if (h !== undefined && h.size !== 0 && h.mode === 'cross') crossUsers.push(u);
    }
    crossUsers.sort((a, b) => a - b);
    // One pass an account: indexing one cross position re-indexes all of the account's (index).
    for (const u of crossUsers) {
      const h = this.userHoldings(u).find((x) => x.size !== 0 && x.mode === 'cross');
      if (h !== undefined) this.index(h);
    }
    const due = ms.liq.takeReached(mark) as UserId[];
    for (const u of crossUsers) if (!due.includes(u)) due.push(u);
    for (const user of due) {
      const h = this.holding(user, symbol);
      if (h === undefined || h.size === 0) continue;
      if (this.underwater(h)) this.liquidate(h, time, out);
      else this.index(h);
    }
    this.fire(ms, ms.onMark, mark, time, out);
    this.finish(time, out);
    // Positions that changed while this mark was applied (fills of liquidations, fired stops) are checked too,
    // until none is left under maintenance.
    // Every round that liquidates closes positions for good (or trades nothing and ends the loop): the open
    // interest and the resting orders it can trade against are finite, so the cascade ends.
    while (this.dirty.size > 0) {
      const touched = [...this.dirty].sort((a, b) => a.user - b.user || (a.symbol < b.symbol ? -1 : 1));
      this.dirty.clear();
      const before = out.length;
      for (const h of touched) if (h.size !== 0 && this.underwater(h)) this.liquidate(h, time, out);
      this.finish(time, out);
      if (!out.slice(before).some((e) => e.type === 'trade')) break;
    }
    this.dirty = null;
  }

  /** Liquidates an isolated position, or (cross) the account's positions, largest maintenance first, until safe. */
  private liquidate(h: Holding, time: number, out: PerpEvent[]): void {
    if (h.mode === 'isolated') {
      this.cancelOrders(h, time, Code.CANCELED_LIQUIDATION, out);
      if (this.underwater(h)) this.closeOut(h, time, out);
      else this.index(h);
      return;
    }
    const cross = () => this.userHoldings(h.user).filter((x) => x.mode === 'cross');
    for (const x of cross()) this.cancelOrders(x, time, Code.CANCELED_LIQUIDATION, out);
    // Each round closes one position (closeOut always ends it: the book, the fund, then ADL against the opposite
    // positions, which are always enough); one that could not be reduced at all stops the loop instead of
    // spinning, and the next mark tries again.
    for (;;) {
      const open = cross().filter((x) => x.size !== 0);
      if (open.length === 0 || !this.underwater(open[0]!)) break;
      open.sort((a, b) => (this.maintenance(b) > this.maintenance(a) ? 1 : this.maintenance(b) < this.maintenance(a) ? -1 : a.symbol < b.symbol ? -1 : 1));
      const target = open[0]!;
      const before = target.size;
      this.closeOut(target, time, out);
      if (target.size === before) break;
    }
    for (const x of cross()) this.index(x);
  }

  /**
   * Closes a position for liquidation: an IOC on the book bounded by the bankruptcy price, then (while the
   * insurance fund can pay the loss past it) one bounded by what the fund can pay, then deleveraging of the
   * opposite positions at the bankruptcy price. The clearance fee goes to the insurance fund.
   */
  private closeOut(h: Holding, time: number, out: PerpEvent[]): void {
    const ms = this.markets.get(h.symbol)!;
    const m = ms.m;
    const k = this.keys.of(h.user);
    const size0 = h.size;
    const mark = ms.mark ?? 0n;
    const long = size0 > 0;
    const minor = sizeMinor(m, Math.abs(size0));
    const risk = h.mode === 'cross' ? this.crossRisk(h.user) : null;
    const bp =
      h.mode === 'isolated'
        ? bankruptcyPrice({ size: long ? minor : -minor, cost: h.cost, walletBalance: h.margin })
        : bankruptcyPrice({ size: long ? minor : -minor, cost: h.cost, walletBalance: risk!.wallet, otherUpnl: risk!.upnl - this.upnl(h) });
    // On the tick grid, never past bankruptcy: a long's sell limit rounds up, a short's buy limit down.
    const bpTicks = Math.max(1, long ? Number(divCeil(bp ?? 1n, m.tickSize)) : Number(divFloor(bp ?? 0n, m.tickSize)));
    const availableBefore = this.ledger.balance(k.available, this.asset);
    const first = out.length;
    const side: Side = long ? 'sell' : 'buy';
    const sweep = (limit: number) => {
      if (h.size === 0 || limit < 1) return;
      const o: PerpOrder = { id: this.nextOrder++ as OrderId, user: h.user, symbol: h.symbol, side, kind: 'limit', price: limit as Price, reduceOnly: true, postOnly: false, fees: NO_FEES, origin: 'liquidation', time, open: Math.abs(h.size), lossPerLot: 0n };
      this.run(o, 'IOC', 'NONE', 0n, h, out);
    };
    sweep(bpTicks);
    if (h.size !== 0) {
      // Past bankruptcy only as far as the insurance fund can pay for the rest.
      const fund = this.ledger.balance(INSURANCE, this.asset);
      if (fund > 0n) {
        const perCoin = divFloor(fund * E8, sizeMinor(m, Math.abs(h.size)));
        const worst = long ? BigInt(bpTicks) * m.tickSize - perCoin : BigInt(bpTicks) * m.tickSize + perCoin;
        const ticks = long ? Number(divCeil(maxB(worst, m.tickSize), m.tickSize)) : Number(divFloor(worst, m.tickSize));
        if (ticks !== bpTicks) sweep(ticks);
      }
    }
    if (h.size !== 0) this.deleverage(ms, h, bpTicks as Price, time, out);
    let liquidated = 0n;
    for (let i = first; i < out.length; i++) {
      const e = out[i]!;
      if (e.type === 'trade' && (e.taker.user === h.user || e.maker.user === h.user)) liquidated += e.quote;
    }
    // Clearance fee: on the liquidated notional, never more than the collateral the close left.
    const left = h.mode === 'isolated'
      ? maxB(0n, this.ledger.balance(k.available, this.asset) - availableBefore)
      : maxB(0n, minB(this.ledger.balance(k.available, this.asset), this.crossWallet(h.user) + this.crossRisk(h.user).upnl));
    const fee = minB(left, divCeil(liquidated * ms.spec.liquidationFee, E8));
    const postings = this.post(new Lines<AccountKey>().move(k.available, INSURANCE, fee));
    out.push({ type: 'liquidation', time, user: h.user, symbol: h.symbol, mode: h.mode, size: size0, mark, bankruptcy: bpTicks as Price, fee: fee as Amount, postings });
    // The fee came out of the cross wallet's cash: every cross liquidation price of the user moved with it, and
    // this mark's cascade checks those positions again.
    this.index(h);
    if (this.dirty !== null) for (const x of this.userHoldings(h.user)) if (x.mode === 'cross' && x.size !== 0) this.dirty.add(x);
  }

  /** Closes what is left of a bankrupt position against the opposite positions, best-ranked first, at `price`. */
  private deleverage(ms: MarketState, h: Holding, price: Price, time: number, out: PerpEvent[]): void {
    const symbol = h.symbol;
    const wantLong = h.size < 0;
    const key = `${symbol}:${wantLong ? 'long' : 'short'}`;
    const rank = (): AdlQueue => {
      const candidates = [...ms.holders]
        .map((u) => this.holding(u, symbol)!)
        .filter((x) => x.user !== h.user && (wantLong ? x.size > 0 : x.size < 0))
        .map((x) => ({ id: x.user, upnl: this.upnl(x), walletBalance: x.mode === 'isolated' ? x.margin : this.crossWallet(x.user), maintenance: this.maintenance(x) }));
      const fresh = { users: adlRanking(candidates).map((c) => c.id as UserId), at: 0 };
      this.adl.set(key, fresh);
      return fresh;
    };
    // The queue is ranked once per mark; positions opened since (a stop that fired, a liquidation's fill) are not
    // in it. When it runs out with the position still open it is ranked again from the positions as they are now:
    // the opposite side always holds at least as many lots (open interest is equal on both sides).
    let q = this.adl.get(key) ?? rank();
    let reranked = false;
    const side: Side = h.size > 0 ? 'sell' : 'buy';
    while (h.size !== 0) {
      if (q.at >= q.users.length) {
        if (reranked) break;
        q = rank();
        reranked = true;
        continue;
      }
      const other = this.holding(q.users[q.at]!, symbol)!;
      if (other.size === 0 || (wantLong ? other.size < 0 : other.size > 0)) {
        q.at += 1;
        continue;
      }
      const lots = Math.min(Math.abs(h.size), Math.abs(other.size));
      const mine: PerpOrder = { id: this.nextOrder++ as OrderId, user: h.user, symbol, side, kind: 'limit', price, reduceOnly: true, postOnly: false, fees: NO_FEES, origin: 'liquidation', time, open: lots, lossPerLot: 0n };
      const theirs: PerpOrder = { id: this.nextOrder++ as OrderId, user: other.user, symbol, side: side === 'sell' ? 'buy' : 'sell', kind: 'limit', price, reduceOnly: true, postOnly: false, fees: NO_FEES, origin: 'adl', time, open: lots, lossPerLot: 0n };
      this.cancelOrders(other, time, Code.CANCELED_LIQUIDATION, out);
      this.trade(ms, mine, theirs, price, lots, 'adl', out);
      this.afterChange(other, time, out);
      if (other.size === 0) q.at += 1;
    }
    this.afterChange(h, time, out);
  }

  // ---- funding ------------------------------------------------------------------------------------------------

  /**
   * Funding: every position pays or receives |size| × mark × rate (longs pay when the rate is positive). Payers
   * are rounded up and receivers down; the residue, and any payer's shortfall the fund covers, settle with the
   * insurance fund, so the whole transfer is one zero-sum entry.
   */
  private funding(c: FundingCommand, out: PerpEvent[]): void {
    const ms = this.markets.get(c.symbol);
    if (ms === undefined || c.mark <= 0n) return;
    const lines = new Lines<AccountKey>();
    const payments: Array<{ user: UserId; amount: Amount; debt: Amount }> = [];
    let fund = 0n;
    for (const u of [...ms.holders].sort((a, b) => a - b)) {
      const h = this.holding(u, c.symbol)!;
      const k = this.keys.of(u);
      const exact = sizeMinor(ms.m, Math.abs(h.size)) * c.mark * abs(c.rate);
      const pays = (h.size > 0) === c.rate > 0n;
      if (c.rate === 0n) continue;
      if (pays) {
        const due = divCeil(exact, E8 * E8);
        // Cross pays from available, then the margin held here; isolated from its own margin.
        let left = due;
        if (h.mode === 'cross') {
          const a = minB(left, this.ledger.balance(k.available, this.asset) + lines.get(k.available));
          lines.add(k.available, -a);
          left -= a;
        }
        const fromMargin = minB(left, h.margin);
        h.margin -= fromMargin;
        lines.add(k.frozen, -fromMargin);
        left -= fromMargin;
        // A cross payer's entrust margin here, then its other markets, pay the rest before the fund does.
        if (left > 0n && h.mode === 'cross' && h.orderMargin > 0n) {
          const fromOrders = minB(left, h.orderMargin);
          h.orderMargin -= fromOrders;
          lines.add(k.frozen, -fromOrders);
          left -= fromOrders;
          this.shed.add(h);
        }
        if (left > 0n && h.mode === 'cross') left -= this.drawCross(h, left, lines);
        // Past the cash, the account owes it: its positions' unrealized profit may pay it, and if the account is
        // under water the mark applied below liquidates it (the fund pays only what no cross position can).
        let debt = 0n;
        if (left > 0n && h.mode === 'cross') {
          debt = left;
          this.incur(h, debt, lines);
          left = 0n;
        }
        fund += due - left;
        payments.push({ user: u, amount: (due - left) as Amount, debt: debt as Amount });
      } else {
        const gets = divFloor(exact, E8 * E8);
        let repaid = 0n;
        if (h.mode === 'cross') {
          // What the account owes is repaid first.
          repaid = this.repay(u, gets, lines);
          lines.add(k.available, gets - repaid);
        } else {
          lines.add(k.frozen, gets);
          h.margin += gets;
        }
        fund -= gets;
        payments.push({ user: u, amount: -gets as Amount, debt: -repaid as Amount });
      }
    }
    lines.add(INSURANCE, fund);
    const postings = this.post(lines);
    out.push({ type: 'funding', time: c.time, symbol: c.symbol, rate: c.rate, mark: c.mark, payments, insurance: fund as Amount, postings });
    for (const u of ms.holders) this.index(this.holding(u, c.symbol)!);
    this.mark(c.symbol, c.mark, c.time, out);
  }

  // ---- plumbing ---------------------------------------------------------------------------------------------

  private holdingFor(user: UserId, symbol: string): Holding {
    let byMarket = this.holdings.get(user);
    if (byMarket === undefined) this.holdings.set(user, (byMarket = new Map()));
    let h = byMarket.get(symbol);
    if (h === undefined) {
      h = newHolding(user, symbol, this.markets.get(symbol)!.spec.defaultLeverage);
      // A user's holdings in symbol order, however they came (the order markets were first traded in, or a rebuild's),
      // so what walks them (a cancel-all, a liquidation's cancels) does it in the same order in a desk rebuilt from the
      // store as in the live one: the same journal and events (issue 26).
      const sorted = [...byMarket.entries(), [symbol, h] as const].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      byMarket.clear();
      for (const [s, x] of sorted) byMarket.set(s, x);
    }
    return h;
  }

  private userHoldings(user: UserId): Holding[] {
    return [...(this.holdings.get(user)?.values() ?? [])];
  }

  private view(h: Holding): PositionView {
    return { user: h.user, symbol: h.symbol, size: h.size, cost: h.cost as Amount, mode: h.mode, leverage: h.leverage, margin: h.margin as Amount };
  }

  private post(lines: Lines<AccountKey>): readonly Posting[] {
    const postings: Posting[] = lines.entries().map(([account, amount]) => ({ account, asset: this.asset, amount: amount as Amount }));
    if (postings.length > 0) this.ledger.post(postings);
    return postings;
  }

  private reject(out: PerpEvent[], time: number, user: UserId, order: OrderId | null, code: ResultCode): void {
    out.push({ type: 'rejected', time, order, user, code });
  }
}
