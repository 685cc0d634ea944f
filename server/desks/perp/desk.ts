// The perp desk: owns the contract wallet, the insurance fund and the perpetuals' clearing account, and every
// perpetual market's book and positions (kernel/perp/engine.ts). Commands are sequenced, applied through the
// engine, committed in groups and only then answered and published, exactly as the spot desk's.
import { systemClock, type Clock } from '../../clock.ts';
import {
  Code, EXTERNAL, FastBook, formatDecimal, INSURANCE, minB, parseDecimal, parsePrice, parseQty, PERP_CLEARING, PERP_RECEIVABLE, PerpEngine, userAccount,
  type Amount, type Asset, type FeeRates, type MarginMode, type PerpCommand, type PerpMarket, type Price, type Qty, type Side,
  type TimeInForce, type UserId, type OrderId, type Rate, type ConditionalKind,
} from '../../kernel/index.ts';
import type { Bus } from '../../bus/index.ts';
import type { Store } from '../../store/index.ts';
import type { PerpMark, PerpOrder } from '../../store/perp.ts';
import { accept, refuse, refuseKernel, type Reply } from '../codes.ts';
import { CoreFunds, DeskCore, openUnderLease, loadOwned, ownership, type FundsMemory } from '../core.ts';
import { loadClientIds } from '../client-ids.ts';
import { newEpoch } from '../epoch.ts';
import { openFeeSchedule, perpRates, setFeeLevelsOn, type FeeLevelsInForce, type FeeSchedule } from '../fee-schedule.ts';
import type { DeskEvent } from '../events.ts';
import type { DepthSnapshot } from '../spot/commands.ts';
import { BookTracker } from '../../market/book-tracker.ts';
import type { DeskLease } from '../lease.ts';
import { DeskLedger } from '../ledger.ts';
import { adminRef, isMemo, isRequestId } from '../funds.ts';
import { checkAmount, checkUser, isClientId } from '../validate.ts';
import { dec } from '../views.ts';
import { accountOf, availableLessDebt, holdingRisk, positionRisks, walletBalance, type PerpAccount, type PositionRisk } from './account.ts';
import { perpMarkets } from './markets.ts';
import { levelText, settle, type PerpFill } from './settle.ts';
import { clientKey, PerpBatch, type PerpState } from './state.ts';
import { closePositions, setTpSl } from './composite.ts';

/** Binance USDⓈ-M's regular tier: 0.02 % maker, 0.05 % taker, until fee levels cover contracts. */
export const PERP_FEES: FeeRates = Object.freeze({ makerPpm: 200, takerPpm: 500 });
/** How far from the mark a market order may trade (and a limit order be placed): Binance's 5 % price protection. */
export const PRICE_BAND_BPS = 500n;
export const PERP_SYSTEM_ACCOUNTS = [INSURANCE, PERP_CLEARING, PERP_RECEIVABLE];
/** An unchanged mark is recorded again in each new one of these (recordMark): every minute of the mark line has a point. */
export const MARK_RECORD_SLOT_MS = 60_000;

export interface PerpDeskOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock?: Clock | undefined;
  readonly holder?: string | undefined;
  readonly leaseTtlMs?: number | undefined;
  readonly onStop?: ((error: unknown) => void) | undefined;
}

export interface PerpPlaceRequest {
  readonly user: number;
  readonly symbol: string;
  readonly side: Side;
  readonly type: 'limit' | 'market';
  /** Limit price (limit orders). */
  readonly price?: string | undefined;
  readonly qty: string;
  readonly tif?: TimeInForce | undefined;
  readonly postOnly?: boolean | undefined;
  readonly reduceOnly?: boolean | undefined;
  readonly clientOrderId?: string | undefined;
}

export interface PerpPlaceResult {
  readonly order: PerpOrder;
  readonly fills: PerpFill[];
  readonly duplicate: boolean;
}

export type PerpOrderRef = { readonly user: number } & ({ readonly orderId: number } | { readonly clientOrderId: string });

const TIFS: readonly string[] = ['GTC', 'IOC', 'FOK'];
const CONDITIONAL_KINDS: readonly string[] = ['stop', 'stop_market', 'take_profit', 'take_profit_market'];

export interface PerpConditionalRequest {
  readonly user: number;
  readonly symbol: string;
  readonly side: Side;
  readonly type: ConditionalKind;
  readonly triggerPrice: string;
  /** Limit price of stop and take_profit. */
  readonly price?: string | undefined;
  /** Lots to trade when it fires; omitted with closePosition. */
  readonly qty?: string | undefined;
  readonly closePosition?: boolean | undefined;
  readonly reduceOnly?: boolean | undefined;
  /** The price watched: the mark (default) or the last trade. */
  readonly workingType?: 'mark' | 'last' | undefined;
  readonly tif?: TimeInForce | undefined;
  readonly clientOrderId?: string | undefined;
  /** A position's take-profit or stop-loss, or a plain conditional order (default). */
  readonly origin?: 'trigger' | 'tp' | 'sl' | undefined;
}

export class PerpDesk extends CoreFunds<PerpBatch> {
  readonly wallet = 'contract' as const;
  protected readonly core: DeskCore<PerpBatch>;
  private readonly s: PerpState;
  private readonly o: PerpDeskOptions;
  /** References of insurance-fund contributions applied by batches not yet committed (fundInsurance). */
  private readonly pendingFund = new Set<string>();
  /** The fee levels in force (fee-schedule.ts): read when a command applies, changed only by setFeeLevels. */
  private schedule: FeeSchedule;

  private constructor(o: PerpDeskOptions, s: PerpState, lease: DeskLease, funds: FundsMemory, schedule: FeeSchedule) {
    super();
    this.o = o;
    this.s = s;
    this.schedule = schedule;
    this.core = new DeskCore<PerpBatch>({
      wallet: 'contract',
      store: o.store,
      bus: o.bus,
      clock: o.clock ?? systemClock,
      lease,
      ledger: s.ledger,
      newBatch: () => new PerpBatch((topic) => o.bus.hasSubscribers(topic)),
      perpWrites: (b) => b.writes(),
      committed: (b) => {
        for (const row of b.orders.values()) {
          if (row.clientOrderId === null) continue;
          const key = clientKey(row.user, row.clientOrderId);
          s.storedClients.add(key); // before memory lets it go: the filter or memory always knows a stored id
          if (s.pendingClient.get(key) === row) s.pendingClient.delete(key);
        }
        // A contribution leaves memory once the journal holds it (fundInsurance), not when it is answered.
        if (this.pendingFund.size > 0) for (const e of b.entries) if (e.reason === 'admin.insurance') this.pendingFund.delete(e.ref);
      },
      // Margins and entrust margin are frozen by the engine: an operator's unfreeze can't release them.
      reserved: (user, asset) => (asset === s.engine.asset ? s.engine.held(user) : 0n),
      // A transfer out keeps unrealized losses of cross positions covered.
      spendable: (user, asset) => (asset === s.engine.asset ? this.spendable(user) : null),
      // The cross wallet moved: every cross position's liquidation price moved with it.
      fundsChanged: (user) => s.engine.touchUser(user),
      funds,
      onStop: (error) => o.onStop?.(error),
    });
  }

  static async open(o: PerpDeskOptions): Promise<PerpDesk> {
    const clock = o.clock ?? systemClock;
    // The epoch carries the opening time: market data numbers this lifetime's book events after the last one's.
    return openUnderLease(o, 'contract', clock, async (lease, funds) => {
      const schedule = await openFeeSchedule(o.store, 'contract');
      return new PerpDesk(o, await rebuildPerp(o.store, newEpoch(clock()), (user) => perpRates(schedule.rates(user))), lease, funds, schedule);
    });
  }

  markets(): PerpMarket[] {
    return [...this.s.markets.values()];
  }

  /** Places an order; a repeated client order id answers the first order. */
  place(req: PerpPlaceRequest): Promise<Reply<PerpPlaceResult>> {
    const id = req.clientOrderId;
    const stored = () => (id === undefined || !isClientId(id) ? undefined : this.findClient(req.user, id));
    const apply = (row: PerpOrder | undefined, b: PerpBatch, time: number): Reply<PerpPlaceResult> => {
      if (row !== undefined) return accept({ order: row, fills: [], duplicate: true });
      const cmd = this.placeCommand(req, this.feesOf(req.user), time);
      if (!cmd.ok) return cmd;
      const events = this.s.engine.apply(cmd.value);
      const rejected = events.find((e) => e.type === 'rejected');
      if (rejected?.type === 'rejected') return refuseKernel(rejected.code);
      const accepted = events.find((e) => e.type === 'accepted');
      const subject = accepted?.type === 'accepted' ? accepted.order : null;
      const fills = settle(this.s, b, events, subject, id ?? null);
      const order = subject === null ? undefined : b.orders.get(subject);
      if (order === undefined) return refuse('order.not.found');
      return accept({ order, fills, duplicate: false });
    };
    // Without a client id there is nothing to look up: no store round trip, no break in the batch (a command with a
    // look-up commits what is applied before it waits).
    if (id === undefined) return this.core.run((b, time) => apply(undefined, b, time));
    return this.core.runPrepared(stored, apply);
  }

  /** A conditional order: waits (holding no margin) until the mark or the last price reaches its trigger. */
  async placeConditional(req: PerpConditionalRequest): Promise<Reply<PerpOrder>> {
    const reply = await this.placeConditionalOnce(req);
    return reply.ok ? accept(reply.value.order) : reply;
  }

  /**
   * placeConditional, telling a new order from the one a repeated client order id names (`duplicate`: nothing was
   * placed; that order may be a plain one, not a conditional).
   */
  placeConditionalOnce(req: PerpConditionalRequest): Promise<Reply<{ order: PerpOrder; duplicate: boolean }>> {
    const id = req.clientOrderId;
    const stored = () => (id === undefined || !isClientId(id) ? undefined : this.findClient(req.user, id));
    const apply = (row: PerpOrder | undefined, b: PerpBatch, time: number): Reply<{ order: PerpOrder; duplicate: boolean }> => {
      if (row !== undefined) return accept({ order: row, duplicate: true });
      const cmd = this.conditionalCommand(req, this.feesOf(req.user), time);
      if (!cmd.ok) return cmd;
      const events = this.s.engine.apply(cmd.value);
      const rejected = events.find((e) => e.type === 'rejected');
      if (rejected?.type === 'rejected') return refuseKernel(rejected.code);
      const made = events.find((e) => e.type === 'conditional');
      settle(this.s, b, events, made?.type === 'conditional' ? made.order : null, id ?? null);
      return made?.type === 'conditional' ? accept({ order: b.orders.get(made.order)!, duplicate: false }) : refuse('order.not.found');
    };
    if (id === undefined) return this.core.run((b, time) => apply(undefined, b, time));
    return this.core.runPrepared(stored, apply);
  }

  /** composite.ts setTpSl against this desk (several commands: not a command of its own). */
  setTpSl(req: { user: number; symbol: string; takeProfit?: string | null | undefined; stopLoss?: string | null | undefined }): Promise<Reply<{ takeProfit: PerpOrder | null; stopLoss: PerpOrder | null }>> {
    return setTpSl(this, req);
  }

  /** The user's waiting conditional orders (take-profits, stop-losses, stops). */
  conditionals(user: number, symbol?: string): Promise<PerpOrder[]> {
    return this.core.run(() => [...this.s.orders.values()].filter((o) => o.user === user && o.triggerPrice !== null && (symbol === undefined || o.symbol === symbol)).sort((a, b) => a.id - b.id));
  }

  cancel(ref: PerpOrderRef): Promise<Reply<PerpOrder>> {
    return this.core.run((b, time): Reply<PerpOrder> => {
      const id = 'orderId' in ref ? ref.orderId : this.s.clientIndex.get(clientKey(ref.user, ref.clientOrderId));
      const row = id === undefined ? undefined : this.s.orders.get(id);
      if (row === undefined || row.user !== ref.user) return refuse('order.not.found');
      const events = this.s.engine.apply({ type: 'cancel', time, user: ref.user as UserId, order: row.id as OrderId });
      const rejected = events.find((e) => e.type === 'rejected');
      if (rejected?.type === 'rejected') return refuseKernel(rejected.code);
      settle(this.s, b, events, null);
      return accept(b.orders.get(row.id)!);
    });
  }

  cancelAll(req: { user: number; symbol?: string | undefined }): Promise<Reply<PerpOrder[]>> {
    return this.core.run((b, time): Reply<PerpOrder[]> => {
      const user = checkUser(req.user);
      if (!user.ok) return user;
      if (req.symbol !== undefined && !this.s.markets.has(req.symbol)) return refuse('market.unknown');
      const events = this.s.engine.apply({ type: 'cancelAll', time, user: user.value as UserId, ...(req.symbol ? { symbol: req.symbol } : {}) });
      settle(this.s, b, events, null);
      // The orders this command ended (resting and conditional), by id: not the batch's other cancellations, which
      // may be other users'.
      const ended: PerpOrder[] = [];
      for (const e of events) {
        if (e.type !== 'closed' || e.user !== user.value) continue;
        const row = b.orders.get(e.order);
        if (row !== undefined) ended.push(row);
      }
      return accept(ended.sort((x, y) => x.id - y.id));
    });
  }

  /** composite.ts closePositions against this desk (an order per position: not a command of its own). */
  closePosition(req: { user: number; symbol?: string | undefined }): Promise<Reply<PerpPlaceResult[]>> {
    return closePositions(this, req);
  }

  setLeverage(req: { user: number; symbol: string; leverage: number }): Promise<Reply<{ leverage: number; maxNotional: string }>> {
    return this.core.run((b, time) => {
      const user = checkUser(req.user);
      if (!user.ok) return user;
      const m = this.s.markets.get(req.symbol);
      if (m === undefined) return refuse('market.unknown');
      const events = this.s.engine.apply({ type: 'leverage', time, user: user.value as UserId, symbol: req.symbol, leverage: req.leverage });
      const rejected = events.find((e) => e.type === 'rejected');
      if (rejected?.type === 'rejected') return refuseKernel(rejected.code);
      settle(this.s, b, events, null);
      const cap = [...m.brackets].reverse().find((x) => x.maxLeverage >= req.leverage)?.cap ?? 0n;
      return accept({ leverage: req.leverage, maxNotional: formatDecimal(cap, 8, true) });
    });
  }

  setMarginMode(req: { user: number; symbol: string; mode: MarginMode }): Promise<Reply<{ mode: MarginMode }>> {
    return this.core.run((b, time) => {
      const user = checkUser(req.user);
      if (!user.ok) return user;
      if (!this.s.markets.has(req.symbol)) return refuse('market.unknown');
      const events = this.s.engine.apply({ type: 'marginMode', time, user: user.value as UserId, symbol: req.symbol, mode: req.mode });
      const rejected = events.find((e) => e.type === 'rejected');
      if (rejected?.type === 'rejected') return refuseKernel(rejected.code);
      settle(this.s, b, events, null);
      return accept({ mode: req.mode });
    });
  }

  adjustMargin(req: { user: number; symbol: string; amount: string; add: boolean }): Promise<Reply<{ margin: string }>> {
    return this.core.run((b, time) => {
      const user = checkUser(req.user);
      if (!user.ok) return user;
      if (!this.s.markets.has(req.symbol)) return refuse('market.unknown');
      const amount = parseDecimal(String(req.amount));
      if (!amount.ok) return refuseKernel(amount.code);
      if (amount.value <= 0n) return refuse('amount.invalid');
      const events = this.s.engine.apply({ type: 'adjustMargin', time, user: user.value as UserId, symbol: req.symbol, amount: amount.value as Amount, add: req.add });
      const rejected = events.find((e) => e.type === 'rejected');
      if (rejected?.type === 'rejected') return refuseKernel(rejected.code);
      settle(this.s, b, events, null);
      return accept({ margin: formatDecimal(this.s.engine.holding(user.value as UserId, req.symbol)!.margin, 8, true) });
    });
  }

  /** A new mark price (and the inputs behind it, recorded): positions it puts under maintenance are liquidated. */
  mark(req: { symbol: string; mark: bigint; index: bigint | null; fundingRate: Rate | null }): Promise<Reply<{ liquidated: number }>> {
    return this.core.run((b, time) => {
      if (!this.s.markets.has(req.symbol)) return refuse('market.unknown');
      const events = this.s.engine.apply({ type: 'mark', time, symbol: req.symbol, mark: req.mark });
      settle(this.s, b, events, null);
      this.recordMark(b, { symbol: req.symbol, time, mark: req.mark, indexPrice: req.index, fundingRate: req.fundingRate }, false);
      return accept({ liquidated: events.filter((e) => e.type === 'liquidation').length });
    });
  }

  /**
   * Settles funding at `rate` on every open position at `mark`, for the period ending at `fundingTime` (default
   * now): once per period and market (funding.already.settled for a period settled before, a restart included).
   */
  funding(req: { symbol: string; rate: Rate; mark: bigint; fundingTime?: number | undefined }): Promise<Reply<{ payments: number }>> {
    return this.core.run((b, now) => {
      if (!this.s.markets.has(req.symbol)) return refuse('market.unknown');
      const time = req.fundingTime ?? now;
      if (time <= (this.s.fundedUntil.get(req.symbol) ?? -Infinity)) return refuse('funding.already.settled');
      this.s.fundedUntil.set(req.symbol, time);
      const events = this.s.engine.apply({ type: 'funding', time, symbol: req.symbol, rate: req.rate, mark: req.mark });
      settle(this.s, b, events, null);
      // Funding applies its mark too (and liquidates at it): the record of marks holds it, at the funding time.
      this.recordMark(b, { symbol: req.symbol, time, mark: req.mark, indexPrice: null, fundingRate: req.rate }, true);
      const f = events.find((e) => e.type === 'funding');
      return accept({ payments: f?.type === 'funding' ? f.payments.length : 0 });
    });
  }

  /**
   * Settles a funding period a stop missed (the process was down at its boundary): at the last mark recorded before
   * the boundary and the funding rate predicted with it, on the positions as they are (no trade happens while the
   * desk is down). Nothing when the period was settled, or when no mark was recorded before it (no positions).
   * Several missed periods are settled one call each, oldest first: a boundary at or before the last one settled
   * is taken as settled. The mark applied is recorded at the boundary, as `funding` records its own.
   */
  settleMissedFunding(req: { symbol: string; boundary: number }): Promise<Reply<{ settled: boolean; rate: Rate | null }>> {
    // The last mark recorded at or before the boundary. Read at the command's turn: when the last mark this desk
    // recorded (or opened with) is not after the boundary (always so for the periods missed while it was down, which the marks job
    // asks for only past its last mark), it is that one, from memory, the desk's own state at this place in its
    // log; a boundary before it (only asked of a running job that went without an index across several boundaries)
    // is read from the record of marks in the store.
    const before = async (): Promise<ReadonlyArray<{ readonly mark: bigint; readonly fundingRate: bigint | null }>> => {
      const recorded = this.s.recordedMark.get(req.symbol);
      if (recorded === undefined) return []; // none recorded ever (the desk opened with the store's last)
      if (recorded.time <= req.boundary) return [recorded];
      return this.o.store.perp.marks({ symbol: req.symbol, to: req.boundary, limit: 1 });
    };
    return this.core.runPrepared(before, ([last], b): Reply<{ settled: boolean; rate: Rate | null }> => {
      if (!this.s.markets.has(req.symbol)) return refuse('market.unknown');
      if (req.boundary <= (this.s.fundedUntil.get(req.symbol) ?? -Infinity)) return accept({ settled: false, rate: null });
      if (last === undefined || last.fundingRate === null || this.s.engine.openInterest(req.symbol).long === 0) return accept({ settled: false, rate: null });
      this.s.fundedUntil.set(req.symbol, req.boundary);
      const rate = last.fundingRate as Rate;
      const events = this.s.engine.apply({ type: 'funding', time: req.boundary, symbol: req.symbol, rate, mark: last.mark });
      settle(this.s, b, events, null);
      this.recordMark(b, { symbol: req.symbol, time: req.boundary, mark: last.mark, indexPrice: null, fundingRate: rate }, true);
      return accept({ settled: true, rate });
    });
  }

  /**
   * Where the marks job takes a market up after a start: the boundary of the last funding period settled (this
   * desk's, a restart included) and its rate (the store's last funding row), and the time of the last mark recorded
   * (every mark is, when it changed: recordMark); null where there is none.
   */
  fundingState(symbol: string): Promise<Reply<{ fundedUntil: number | null; lastRate: Rate | null; lastMarkTime: number | null }>> {
    const read = async () => Promise.all([this.o.store.perp.funding({ symbol, limit: 1 }), this.o.store.perp.lastMark(symbol)]);
    return this.core.runPrepared(read, ([[funded], mark]) => {
      if (!this.s.markets.has(symbol)) return refuse('market.unknown');
      return accept({ fundedUntil: this.s.fundedUntil.get(symbol) ?? null, lastRate: funded === undefined ? null : (funded.rate as Rate), lastMarkTime: mark?.time ?? null });
    });
  }

  /** The user's open positions with their risk figures at the current mark. */
  positions(user: number): Promise<PositionRisk[]> {
    return this.core.run(() => positionRisks(this.s, user));
  }

  /** The user's positions and contract account (account.ts), read at one moment so they agree. */
  portfolio(user: number): Promise<{ positions: PositionRisk[]; account: PerpAccount }> {
    return this.core.run((_b, time) => ({ positions: positionRisks(this.s, user), account: accountOf(this.s, user, time) }));
  }

  /** Settings of every market for a user (leverage and margin mode), defaults where never set. */
  settings(user: number): Promise<Array<{ symbol: string; leverage: number; mode: MarginMode }>> {
    return this.core.run(() =>
      this.markets().map((m) => {
        const h = this.s.engine.holding(user as UserId, m.symbol);
        return { symbol: m.symbol, leverage: h?.leverage ?? m.defaultLeverage, mode: h?.mode ?? 'cross' };
      }),
    );
  }

  /** Resting orders (conditional orders waiting for their trigger are in `conditionals`). */
  openOrders(user: number, symbol?: string): Promise<PerpOrder[]> {
    return this.core.run(() => [...this.s.orders.values()].filter((o) => o.user === user && o.triggerPrice === null && (symbol === undefined || o.symbol === symbol)).sort((a, b) => a.id - b.id));
  }

  /**
   * The book's top levels with the epoch and the seq of the last book event it reflects (`perp.<SYMBOL>.book`, as
   * the spot desk's depth): subscribe to the events first, then ask for this (market/bridge.ts).
   */
  depth(symbol: string, levels = 100): Promise<Reply<DepthSnapshot>> {
    return this.core.run(() => {
      const book = this.s.engine.bookOf(symbol);
      const m = this.s.markets.get(symbol)?.market;
      const published = this.s.books.get(symbol);
      if (book === undefined || m === undefined || published === undefined) return refuse('market.unknown');
      const side = (s: Side) => book.depth(s, levels).map((l) => levelText(m, l.price, l.qty));
      return accept({ symbol, epoch: this.s.epoch, seq: published.seq, bids: side('buy'), asks: side('sell') });
    });
  }

  /** The book's top levels in minor units (price per coin, base quantity) and the last trade price. */
  book(symbol: string, levels: number): Promise<Reply<MinorBook>> {
    return this.core.run(() => this.minorBook(symbol, levels));
  }

  /**
   * book(), answered as soon as every command sent before it has been applied, without waiting for their commit:
   * the mark job's input. The mark it computes is sent after this read, so it is committed only with what the read
   * saw; nothing read here is a client's answer.
   */
  appliedBook(symbol: string, levels: number): Promise<Reply<MinorBook>> {
    return this.whenApplied(() => this.minorBook(symbol, levels));
  }

  /**
   * A user's resting orders as soon as every command sent before has been applied, not waiting for their commit:
   * the demo's backfill (bots/perp-backfill.ts) learns the ids of the quotes it just placed this way, with nothing
   * awaited on the disk while it drives the clock. Never a client's answer (what it shows may not be durable yet).
   */
  appliedOpenOrders(user: number, symbols?: ReadonlySet<string>): Promise<PerpOrder[]> {
    const wanted = (o: PerpOrder) => o.user === user && o.triggerPrice === null && (symbols === undefined || symbols.has(o.symbol));
    return this.whenApplied(() => [...this.s.orders.values()].filter(wanted).sort((a, b) => a.id - b.id));
  }

  /**
   * Resolves once every command sent before it has been applied (stamped with the clock's time then), not waiting
   * for their commit: the demo's backfill sets the clock, sends an order, and moves the clock on only after this.
   */
  applied(): Promise<void> {
    return this.whenApplied(() => undefined);
  }

  /** The insurance fund's balance. */
  insurance(): Promise<bigint> {
    return this.core.run(() => this.s.ledger.balance(INSURANCE, this.s.engine.asset as Asset));
  }

  /**
   * An operator's contribution to the insurance fund from outside (external → the fund, journal reason
   * admin.insurance, reference `admin:<memo>#<requestId>`), applied at most once per request id, even across
   * restarts: as DeskCore.adjustOnce, memory first (applied, not yet committed), then the journal.
   */
  fundInsurance(req: { amount: string; memo: string; requestId: string }): Promise<Reply<InsuranceFundResult>> {
    const ref = isRequestId(req.requestId) && isMemo(req.memo) ? adminRef(req.memo, req.requestId) : null;
    const seen = async () => ref !== null && (this.pendingFund.has(ref) || (await this.o.store.adminLedger.hasEntry(this.wallet, ref)));
    const asset = this.s.engine.asset as Asset;
    return this.core.runPrepared(seen, (applied, b, time): Reply<InsuranceFundResult> => {
      if (ref === null) return refuse(isRequestId(req.requestId) ? 'memo.invalid' : 'request.id.invalid');
      const result = (duplicate: boolean, seq: number | null) => accept({ asset, balance: dec(this.s.ledger.balance(INSURANCE, asset)), duplicate, ref, seq });
      if (applied) return result(true, null);
      const amount = checkAmount(req.amount);
      if (!amount.ok) return amount;
      const { code, entry } = this.s.ledger.tryPost(b, 'admin.insurance', ref, time, [
        { account: EXTERNAL, asset, amount: -amount.value as Amount },
        { account: INSURANCE, asset, amount: amount.value as Amount },
      ]);
      if (code !== Code.OK) return refuseKernel(code);
      // Until its batch is committed (the committed hook takes it out): the journal answers for it from then on.
      this.pendingFund.add(ref);
      return result(false, entry?.seq ?? null);
    });
  }

  /** Every open position (of one user, in one market), with its risk figures at the current mark. */
  openPositions(filter: { user?: number | undefined; symbol?: string | undefined } = {}): Promise<OpenPositionRisk[]> {
    return this.core.run(() => openPositionRisks(this.s, filter));
  }

  /** Throws if memory disagrees with itself (tests call it often). */
  async checkInvariants(): Promise<void> {
    await this.core.run(() => {
      this.s.ledger.ledger.checkInvariants();
      this.s.engine.checkHeld();
      for (const m of this.s.markets.values()) {
        const book = this.s.engine.bookOf(m.symbol)!;
        book.checkInvariants();
        // The levels the book events published are the book's.
        const tracker = this.s.books.get(m.symbol)!.tracker;
        for (const side of ['buy', 'sell'] as const) {
          const levels = book.depth(side, Number.MAX_SAFE_INTEGER).map((l) => [l.price, l.qty]);
          if (JSON.stringify(levels) !== JSON.stringify(tracker.all(side))) throw new Error(`${m.symbol} ${side} published levels disagree with the book`);
        }
        const oi = this.s.engine.openInterest(m.symbol);
        if (oi.long !== oi.short) throw new Error(`${m.symbol}: ${oi.long} lots long but ${oi.short} short`);
      }
    });
  }







  close(): Promise<void> {
    return this.core.close();
  }

  /**
   * What may leave the contract wallet (Binance's max withdraw): available less the cross positions' unrealized
   * loss, and never so much that the cross account would fall to its maintenance margin.
   */
  private spendable(user: UserId): bigint {
    // Available less what the account owes and its cross positions' unrealized loss (PerpEngine.availableForOrder).
    const most = this.s.engine.availableForOrder(user);
    const r = this.s.engine.crossRisk(user);
    return r.positions === 0 ? most : minB(most, r.wallet + r.upnl - r.maintenance - 1n);
  }

  /**
   * The record of marks (`perp_marks`) is the history of every market's mark, positions or not: each mark applied
   * that differs from the last one recorded, and an unchanged one again when it is the first in a new minute
   * (MARK_RECORD_SLOT_MS: every minute the market was marked in has a point on the mark line). The mark in force at
   * any instant is then the last row at or before it: a liquidation, a fired trigger or a risk figure is recomputed
   * from the row it used. A funding's mark (`always`) is written at its funding time whatever it is, beside its
   * `perp_funding` row.
   */
  private recordMark(b: PerpBatch, row: PerpMark, always: boolean): void {
    const last = this.s.recordedMark.get(row.symbol);
    const sameSlot = last !== undefined && Math.floor(row.time / MARK_RECORD_SLOT_MS) === Math.floor(last.time / MARK_RECORD_SLOT_MS);
    if (!always && last !== undefined && last.mark === row.mark && sameSlot) return;
    b.marks.push(row);
    this.s.recordedMark.set(row.symbol, { mark: row.mark, time: row.time, fundingRate: row.fundingRate });
  }

  /** `read` of the memory once the commands before it are applied; a command of its own, changing nothing. */
  private whenApplied<T>(read: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // The command's own reply (after the commit) only tells of a desk that stopped before applying it.
      this.core.run(() => resolve(read())).catch(reject);
    });
  }

  private minorBook(symbol: string, levels: number): Reply<MinorBook> {
    const book = this.s.engine.bookOf(symbol);
    const m = this.s.markets.get(symbol)?.market;
    if (book === undefined || m === undefined) return refuse('market.unknown');
    const side = (s: Side) => book.depth(s, levels).map((l): [bigint, bigint] => [BigInt(l.price) * m.tickSize, BigInt(l.qty) * m.lotSize]);
    return accept({ bids: side('buy'), asks: side('sell'), last: this.s.engine.lastPrice(symbol) });
  }

  /** The rates the user's orders are placed with now: their fee level's spot rates, as contract rates (perpRates). */
  private feesOf(user: number): FeeRates {
    return perpRates(this.schedule.rates(user));
  }

  /**
   * Puts a recompute's fee levels in force (fee-schedule.ts), in sequence with the orders; the same command as the
   * coin desk's, each desk applying it in its own log. Resting orders keep the rates they were accepted with.
   */
  setFeeLevels(req: FeeLevelsInForce): Promise<Reply<FeeLevelsInForce>> {
    return setFeeLevelsOn(this.core, this.o.store, 'contract', req, () => this.schedule, (next) => (this.schedule = next));
  }

  /**
   * The order a client id names, at the command's turn: memory first (open orders, uncommitted batches), then the
   * filter of stored ids; only an id the store may hold is looked up there (a promise).
   */
  private findClient(user: number, clientOrderId: string): PerpOrder | undefined | Promise<PerpOrder | undefined> {
    const known = this.known(user, clientOrderId);
    if (known !== undefined || !this.s.storedClients.mayHave(clientKey(user, clientOrderId))) return known;
    return this.o.store.perp.findByClientId(user, clientOrderId);
  }

  private known(user: number, clientOrderId: string): PerpOrder | undefined {
    const key = clientKey(user, clientOrderId);
    const id = this.s.clientIndex.get(key);
    return (id === undefined ? undefined : this.s.orders.get(id)) ?? this.s.pendingClient.get(key);
  }

  private conditionalCommand(req: PerpConditionalRequest, fees: FeeRates, time: number): Reply<PerpCommand> {
    const user = checkUser(req.user);
    if (!user.ok) return user;
    const pm = this.s.markets.get(req.symbol);
    if (pm === undefined) return refuse('market.unknown');
    if (req.side !== 'buy' && req.side !== 'sell') return refuse('order.side.invalid');
    if (!CONDITIONAL_KINDS.includes(req.type)) return refuse('order.type.invalid');
    if (req.clientOrderId !== undefined && !isClientId(req.clientOrderId)) return refuse('order.client.id.invalid');
    const tif = req.tif ?? 'GTC';
    if (!TIFS.includes(tif)) return refuse('order.tif.invalid');
    const m = pm.market;
    const trigger = parsePrice(m, String(req.triggerPrice));
    if (!trigger.ok) return refuseKernel(trigger.code);
    if (trigger.value < 1) return refuseKernel(Code.TRIGGER_INVALID);
    let price: Price | null = null;
    if (req.type === 'stop' || req.type === 'take_profit') {
      const p = parsePrice(m, String(req.price ?? ''));
      if (!p.ok) return refuseKernel(p.code);
      if (p.value < 1) return refuseKernel(Code.PRICE_INVALID);
      price = p.value;
    }
    let qty: Qty | null = null;
    if (req.closePosition !== true) {
      const q = parseQty(m, String(req.qty ?? ''));
      if (!q.ok) return refuseKernel(q.code);
      if (q.value < 1) return refuseKernel(Code.QTY_INVALID);
      qty = q.value;
    }
    return accept({
      type: 'conditional', time, user: user.value as UserId, symbol: req.symbol, side: req.side, kind: req.type, trigger: BigInt(trigger.value) * m.tickSize,
      working: req.workingType ?? 'mark', price, qty, reduceOnly: req.reduceOnly === true, tif, origin: req.origin ?? 'trigger', fees,
    });
  }

  /** Checks a request against the market's grid and the band around the mark; the kernel command for it. */
  private placeCommand(req: PerpPlaceRequest, fees: FeeRates, time: number): Reply<PerpCommand> {
    const user = checkUser(req.user);
    if (!user.ok) return user;
    const pm = this.s.markets.get(req.symbol);
    if (pm === undefined) return refuse('market.unknown');
    if (req.side !== 'buy' && req.side !== 'sell') return refuse('order.side.invalid');
    if (req.clientOrderId !== undefined && !isClientId(req.clientOrderId)) return refuse('order.client.id.invalid');
    const tif = req.tif ?? 'GTC';
    if (!TIFS.includes(tif)) return refuse('order.tif.invalid');
    const m = pm.market;
    const q = parseQty(m, String(req.qty));
    if (!q.ok) return refuseKernel(q.code);
    if (q.value < 1) return refuseKernel(Code.QTY_INVALID);
    const mark = this.s.engine.markOf(req.symbol);
    let price: Price;
    if (req.type === 'limit') {
      const p = parsePrice(m, String(req.price ?? ''));
      if (!p.ok) return refuseKernel(p.code);
      if (p.value < 1) return refuseKernel(Code.PRICE_INVALID);
      price = p.value;
      if (mark !== null) {
        const minor = BigInt(price) * m.tickSize * 10_000n;
        if (minor > mark * (10_000n + PRICE_BAND_BPS) || minor < mark * (10_000n - PRICE_BAND_BPS)) return refuse('order.price.out.of.band');
      }
    } else {
      if (mark === null) return refuse('order.reference.invalid');
      const tick = m.tickSize;
      const bound = req.side === 'buy' ? (mark * (10_000n + PRICE_BAND_BPS)) / 10_000n / tick : (mark * (10_000n - PRICE_BAND_BPS) + 10_000n * tick - 1n) / 10_000n / tick;
      if (bound < 1n) return refuse('order.reference.invalid');
      price = Number(bound) as Price;
    }
    return accept({
      type: 'place', time, user: user.value as UserId, symbol: req.symbol, side: req.side, kind: req.type, price, qty: q.value as Qty,
      tif: req.type === 'market' ? 'IOC' : tif, postOnly: req.postOnly === true, reduceOnly: req.reduceOnly === true, stp: 'EXPIRE_TAKER', fees,
    });
  }
}

/** A book's top levels in minor units (price per coin, base quantity), best first, and the last trade price. */
export interface MinorBook {
  readonly bids: Array<[bigint, bigint]>;
  readonly asks: Array<[bigint, bigint]>;
  readonly last: bigint | null;
}

export interface InsuranceFundResult {
  readonly asset: string;
  /** The fund after the contribution (or, for a duplicate, as it stands). */
  readonly balance: string;
  /** The request id had been applied before: nothing changed this time. */
  readonly duplicate: boolean;
  /** The journal entry's reference (`admin:<memo>#<requestId>`). */
  readonly ref: string;
  /** The journal entry's number in the contract desk's journal (null for a duplicate). */
  readonly seq: number | null;
}

/** A position with its owner. */
export interface OpenPositionRisk extends PositionRisk {
  user: number;
}

/** The fee rates an order row carries, or null when it has none (stored before migration 0035). */
function ratesOf(row: PerpOrder): FeeRates | null {
  return row.makerPpm == null || row.takerPpm == null ? null : { makerPpm: row.makerPpm, takerPpm: row.takerPpm };
}

/**
 * The open positions of a perp memory (a running desk's, or one rebuilt from the store by rebuildPerp), by market
 * then user, with the figures PerpDesk.positions gives a user: at the mark the memory holds. Reads only.
 */
export function openPositionRisks(s: PerpState, filter: { user?: number | undefined; symbol?: string | undefined } = {}): OpenPositionRisk[] {
  const e = s.engine;
  const out: OpenPositionRisk[] = [];
  for (const p of e.positions()) {
    if (filter.user !== undefined && p.user !== filter.user) continue;
    if (filter.symbol !== undefined && p.symbol !== filter.symbol) continue;
    const h = e.holding(p.user, p.symbol);
    if (h !== undefined && h.size !== 0) out.push({ user: h.user, ...holdingRisk(s, h) });
  }
  return out;
}

/**
 * The desk's memory from the store: contract balances, the fund, positions, open orders in time priority (each with
 * the fee rates it was accepted with; `fees`, the desk's fee function, only for rows stored without them, else
 * PERP_FEES), marks; its book events will carry `epoch` (a desk lifetime's, desks/epoch.ts; a rebuild only read
 * publishes none).
 */
export async function rebuildPerp(store: Store, epoch: string = newEpoch(store.clock()), fees?: ((user: UserId) => FeeRates) | undefined): Promise<PerpState> {
  const configs = await store.markets.configs('spot');
  const markets = new Map(perpMarkets(configs).map((m) => [m.symbol, m]));
  const owned = await loadOwned(store, 'contract', PERP_SYSTEM_ACCOUNTS);
  const ledger = new DeskLedger('contract', ownership('contract', PERP_SYSTEM_ACCOUNTS), owned, await store.ledger.lastSeq('contract'));
  const engine = new PerpEngine({ markets: [...markets.values()], ledger: ledger.ledger, book: () => new FastBook(1 << 10, 1 << 8) });
  for (const p of await store.perp.positions()) {
    const m = markets.get(p.symbol);
    if (m === undefined) throw new Error(`stored position in ${p.symbol}, which is not a perp market`);
    engine.restoreHolding({
      user: p.user as UserId, symbol: p.symbol, leverage: p.leverage, mode: p.mode, size: Number(p.size / m.market.lotSize), cost: p.cost, margin: p.margin,
      orderMargin: p.orderMargin, owed: p.owed,
    });
  }
  const orders = new Map<number, PerpOrder>();
  const clientIndex = new Map<string, number>();
  let priority = 0;
  for (const stored of await store.perp.openOrders()) {
    const m = markets.get(stored.symbol);
    if (m === undefined) throw new Error(`open order ${stored.id} is in ${stored.symbol}, which is not a perp market`);
    // The rates it was accepted with; a row stored before they were (migration 0035) takes its user's current ones.
    const rates = ratesOf(stored) ?? (fees ?? (() => PERP_FEES))(stored.user as UserId);
    const row: PerpOrder = { ...stored, makerPpm: rates.makerPpm, takerPpm: rates.takerPpm };
    orders.set(row.id, row);
    if (row.clientOrderId !== null) clientIndex.set(clientKey(row.user, row.clientOrderId), row.id);
    if (row.triggerPrice !== null) {
      engine.restoreConditional({
        id: row.id as OrderId, user: row.user as UserId, symbol: row.symbol, side: row.side, kind: row.kind as ConditionalKind, trigger: row.triggerPrice,
        working: row.workingType ?? 'mark', price: row.price === 0n ? null : (Number(row.price / m.market.tickSize) as Price),
        qty: row.closePosition ? null : (Number(row.qty / m.market.lotSize) as Qty), reduceOnly: row.reduceOnly, tif: row.tif as TimeInForce,
        origin: row.origin, fees: rates, time: row.createdAt,
      });
      continue;
    }
    engine.restoreOrder({
      id: row.id as OrderId, user: row.user as UserId, symbol: row.symbol, side: row.side, price: Number(row.price / m.market.tickSize) as Price,
      open: Number(row.openQty / m.market.lotSize), reduceOnly: row.reduceOnly, postOnly: row.postOnly, fees: rates, time: row.createdAt, origin: row.origin,
      // The open loss was fixed at acceptance for the whole quantity, a multiple of its lots.
      lossPerLot: row.openLoss / (row.qty / m.market.lotSize),
    });
    priority = Math.max(priority, row.priority ?? 0);
  }
  const marks = new Map<string, bigint>();
  const recordedMark = new Map<string, { mark: bigint; time: number; fundingRate: bigint | null }>();
  // The last trade price: what last-price conditional orders watch and the mark job reads (appliedBook).
  const lasts = new Map<string, bigint>();
  for (const symbol of markets.keys()) {
    const last = await store.perp.lastMark(symbol);
    if (last) {
      marks.set(symbol, last.mark);
      recordedMark.set(symbol, { mark: last.mark, time: last.time, fundingRate: last.fundingRate });
    }
    const price = await store.perp.lastBookPrice(symbol);
    if (price !== undefined) lasts.set(symbol, price);
  }
  const ids = await store.perp.maxIds();
  const lastTrade = Math.max(0, ...Object.values(ids.trade));
  engine.restored(marks, { nextOrder: ids.order + 1, nextTrade: lastTrade + 1 }, lasts);
  const fundedUntil = new Map<string, number>();
  for (const symbol of markets.keys()) {
    const last = (await store.perp.funding({ symbol, limit: 1 }))[0];
    if (last !== undefined) fundedUntil.set(symbol, last.time);
  }
  // The rebuilt books are where this lifetime's book events start from.
  const books = new Map([...markets.keys()].map((symbol) => [symbol, { tracker: new BookTracker(symbol, engine.bookOf(symbol)!.orders()), seq: 0 }]));
  const storedClients = await loadClientIds(store.perp.eachClientOrderId);
  return { epoch, books, ledger, engine, markets, orders, clientIndex, pendingClient: new Map(), storedClients, priority, recordedMark, fundedUntil };
}

export { formatDecimal };
export type { PerpAccount, PositionRisk };
export { availableLessDebt, walletBalance };
