// The spot desk: owns the coin wallet and every spot market's book. Commands are sequenced, applied through the
// kernel, committed in groups and only then answered and published (see ../sequencer.ts). The gateway calls the
// methods here; each answers a Reply (a refusal carries a code) or throws DeskUnavailableError.
import { systemClock, type Clock } from '../../clock.ts';
import { FEE_INCOME, userAccount, type Asset, type FeeRates, type UserId } from '../../kernel/index.ts';
import type { Bus } from '../../bus/index.ts';
import type { Store } from '../../store/index.ts';
import type { QuantBotRow } from '../../store/quant.ts';
import { accept, refuse, type Reply } from '../codes.ts';
import { CoreFunds, DeskCore, openUnderLease, type FundsMemory } from '../core.ts';
import { newEpoch } from '../epoch.ts';
import { openFeeSchedule, setFeeLevelsOn, type FeeLevelsInForce, type FeeSchedule } from '../fee-schedule.ts';
import type { DeskEvent } from '../events.ts';
import type { DeskLease } from '../lease.ts';
import type { OrderView } from '../views.ts';
import {
  applyCancel, applyCancelAll, applyPlace, applyReplace, checkPlace, depthOf, knownClientOrder, openOrdersOf,
  type DepthSnapshot, type PlaceResult,
} from './commands.ts';
import { applyCommission, commissionRef, pendingOf, type CommissionLookup, type CommissionRequest, type CommissionResult, type PendingCommissions } from './commission.ts';
import { applyOco, knownList, type OcoResult, type OcoStored } from './oco.ts';
import { rebuildSpot, reservations } from './rebuild.ts';
import {
  afterSettle, applyBotTick, parseTapes, applyStartBot, applyStopBot, pocketHolds, restoreBots, viewOf, type BotContext, type StartBotRequest, type StopBotRequest, type Tape,
} from './bots.ts';
import { botFromRow, botView } from './bot-memory.ts';
import { fromUnits, QUANT_DEFAULT_MIN, toUnits, type QuantBotView, type QuantKind } from '../../contract/quant.ts';
import type { CancelAllRequest, CancelRequest, OcoRequest, PlaceRequest, ReplaceRequest } from './requests.ts';
import { clientKey, SpotBatch, type SpotState } from './state.ts';
import {
  applyDeposit, applyHold, applyRelease, applySettle, isDepositRef, isWithdrawalId, memoryOf, withdrawalRef, WalletMemory,
  type DepositRequest, type HoldRequest, type ReleaseRequest, type SettleRequest, type WalletLookup, type WalletMove,
} from './wallet.ts';

/** Level 0's rates (0.1 % maker and taker): what a backtest without a user is charged. */
export const DEFAULT_FEES: FeeRates = Object.freeze({ makerPpm: 1000, takerPpm: 1000 });
/** The config key of the operator's minimum investments in quantitative bots. */
export const QUANT_MIN_KEY = 'quant.min';
/** A minimum investment as the operator writes it: decimal text, up to 8 places. */
const QUANT_MIN_TEXT = /^\d{1,12}(\.\d{1,8})?$/;

export interface SpotDeskOptions {
  readonly store: Store;
  readonly bus: Bus<DeskEvent>;
  readonly clock?: Clock | undefined;
  /** Lease holder id (default host:pid:random). */
  readonly holder?: string | undefined;
  readonly leaseTtlMs?: number | undefined;
  readonly onStop?: ((error: unknown) => void) | undefined;
}

export interface MarketStatus {
  symbol: string;
  isOpen: number;
  maintenance: boolean;
  priceBandBps: number;
}

export class SpotDesk extends CoreFunds<SpotBatch> {
  readonly wallet = 'coin' as const;
  protected readonly core: DeskCore<SpotBatch>;
  private readonly s: SpotState;
  private readonly o: SpotDeskOptions;
  /** Commission payments applied and not yet committed (commission.ts). */
  private readonly commissions: PendingCommissions = new Map();
  /** Withdrawals' open holds and the wallet entries not yet committed (wallet.ts). */
  private readonly wallet_: WalletMemory;
  /** What the bots need from the desk (bots.ts): a user's fee rates, the operator's minimum investments. */
  private readonly bots: BotContext;
  private quantMin: Record<QuantKind, bigint> = { robot: toUnits(QUANT_DEFAULT_MIN.robot), grid: toUnits(QUANT_DEFAULT_MIN.grid) };
  /** The fee levels in force (fee-schedule.ts): read when a command applies, changed only by setFeeLevels. */
  private schedule: FeeSchedule;

  private constructor(o: SpotDeskOptions, s: SpotState, lease: DeskLease, funds: FundsMemory, wallet: WalletMemory, schedule: FeeSchedule) {
    super();
    this.o = o;
    this.s = s;
    this.wallet_ = wallet;
    this.schedule = schedule;
    this.bots = { fees: (user) => this.schedule.rates(user), minInvestment: (kind) => this.quantMin[kind] };
    s.onSettled = (m, b, events, touched) => afterSettle(s, m, b, events, touched, this.bots);
    this.core = new DeskCore<SpotBatch>({
      wallet: 'coin',
      store: o.store,
      bus: o.bus,
      clock: o.clock ?? systemClock,
      lease,
      ledger: s.ledger,
      newBatch: () => new SpotBatch((topic) => o.bus.hasSubscribers(topic)),
      spotWrites: (b) => ({
        orders: [...b.orders.values()], lists: [...b.lists.values()], trades: b.trades, events: b.orderEvents, bots: [...b.bots.values()],
        marketFlags: [...b.marketFlags.values()],
      }),
      committed: (b) => {
        // The journal answers for these payments now (commission.ts).
        if (this.commissions.size > 0) for (const e of b.entries) if (e.reason === 'invite.commission') this.commissions.delete(e.ref);
        this.wallet_.committed(b.entries);
        // The store answers for these client ids now; keep only entries a later batch has replaced.
        for (const row of b.orders.values()) {
          if (row.clientOrderId === null) continue;
          const key = clientKey(row.user, row.clientOrderId);
          s.storedClients.add(key); // before memory lets it go: the filter or memory always knows a stored id
          if (s.pendingClient.get(key) === row) s.pendingClient.delete(key);
        }
        for (const row of b.bots.values()) {
          if (row.clientId === null) continue;
          const key = clientKey(row.user, row.clientId);
          s.storedBots.add(key); // before memory lets it go: the filter or memory always knows a stored id
          if (s.pendingBots.get(key) === row) s.pendingBots.delete(key);
        }
        for (const row of b.bots.values()) if (s.pendingBotIds.get(row.id) === row) s.pendingBotIds.delete(row.id);
        // A finished list's client id is the store's to answer now.
        for (const list of b.lists.values()) {
          if (list.clientListId === null) continue;
          const key = clientKey(list.user, list.clientListId);
          s.storedLists.add(key);
          if (list.status !== 'all_done') continue;
          if (s.listClients.get(key)?.row === list) s.listClients.delete(key);
        }
      },
      // Open orders' funds and withdrawals' holds: an operator's unfreeze leaves both alone.
      reserved: (user, asset) =>
        (reservations(s.markets, user).get(`${user}:${asset}`) ?? 0n) + wallet.heldOf(user, asset) + (pocketHolds(s, user).get(`${user}:${asset}`) ?? 0n),
      funds,
      onStop: (error) => o.onStop?.(error),
    });
  }

  /** Takes the coin desk's lease and rebuilds books and balances from the store. */
  static async open(o: SpotDeskOptions): Promise<SpotDesk> {
    const clock = o.clock ?? systemClock;
    return openUnderLease(o, 'coin', clock, async (lease, funds) => {
      // The epoch carries the opening time: market data numbers this lifetime's book events after the last one's.
      const state = await rebuildSpot(o.store, newEpoch(clock()));
      restoreBots(state, await o.store.quant.running());
      const wallet = new WalletMemory(await o.store.walletDesk.openHolds());
      const desk = new SpotDesk(o, state, lease, funds, wallet, await openFeeSchedule(o.store, 'coin'));
      await desk.readQuantConfig();
      return desk;
    });
  }

  /** Transactions committed so far (for tests of group commit). */
  get commits(): number {
    return this.core.sequencer.commits;
  }

  place(req: PlaceRequest): Promise<Reply<PlaceResult>> {
    const id = req.clientOrderId;
    // Without a client id there is nothing to look up: no store round trip, no break in the batch.
    if (id === undefined) return this.core.run((b, time) => applyPlace(this.s, b, req, this.schedule.rates(req.user), time, undefined));
    // At the command's turn: memory first (resting or uncommitted orders; an entry leaves it only once the store has
    // it), then the filter of stored ids; only an id it may hold is looked up, which commits what is applied first.
    const stored = () =>
      knownClientOrder(this.s, req.user, id) !== undefined || !this.s.storedClients.mayHave(clientKey(req.user, id))
        ? undefined
        : this.o.store.spot.findByClientId(req.user, id);
    return this.core.runPrepared(stored, (row, b, time) => applyPlace(this.s, b, req, this.schedule.rates(req.user), time, row));
  }

  /** Checks a placement as place() would, placing nothing (Binance's POST /api/v3/order/test). */
  check(req: PlaceRequest): Promise<Reply<true>> {
    return this.core.run((_b, time) => checkPlace(this.s, req, this.schedule.rates(req.user), time));
  }

  /** Places an OCO list (both legs in one command); a repeated list client id answers the first list. */
  placeOco(req: OcoRequest): Promise<Reply<OcoResult>> {
    const store = this.o.store.spot;
    const stored = (): OcoStored | Promise<OcoStored> => {
      const id = req.clientListId;
      // Memory first: a repeat answers that list, whose end's commit may clear it from memory before this applies.
      const memory = knownList(this.s, req.user, id);
      if (memory !== undefined) return { list: undefined, legTaken: false, memory };
      // Then the filters of stored ids: the store is asked only about ids it may hold.
      const listStored = id !== undefined && this.s.storedLists.mayHave(clientKey(req.user, id));
      const legs = [req.above.clientOrderId, req.below.clientOrderId].filter(
        (c): c is string => c !== undefined && knownClientOrder(this.s, req.user, c) === undefined && this.s.storedClients.mayHave(clientKey(req.user, c)),
      );
      if (!listStored && legs.length === 0) return { list: undefined, legTaken: false };
      return (async () => {
        let list: OcoStored['list'];
        if (listStored) {
          const row = await store.findListByClientId(req.user, id);
          if (row !== undefined) list = { row, orders: await store.ordersOfList(row.id) };
        }
        let legTaken = false;
        for (const c of legs) if ((await store.findByClientId(req.user, c)) !== undefined) legTaken = true;
        return { list, legTaken };
      })();
    };
    return this.core.runPrepared(stored, (known, b, time) => applyOco(this.s, b, req, this.schedule.rates(req.user), time, known));
  }

  /**
   * Pays an inviter's commission from the fee income, at most once per day, inviter, level and asset (the journal
   * reference), even across restarts and several runners; a duplicate answers `duplicate` and changes nothing.
   * Refused (funds.insufficient) while the fee income's committed balance doesn't cover it.
   */
  payCommission(req: CommissionRequest): Promise<Reply<CommissionResult>> {
    const ref = commissionRef(req);
    const store = this.o.store;
    const lookup = async (): Promise<CommissionLookup | null> => {
      if (ref === null) return null;
      // Memory first, at this command's turn (no other command applies until it is applied): see commission.ts.
      if (this.commissions.has(ref)) return { seen: true, income: 0n, pending: 0n };
      const pending = pendingOf(this.commissions, req.asset);
      if (await store.invites.hasPayment(ref)) return { seen: true, income: 0n, pending };
      return { seen: false, income: await store.invites.systemBalance(FEE_INCOME, req.asset), pending };
    };
    return this.core.runPrepared(lookup, (found, b, time) => applyCommission(this.s, b, req, found, this.commissions, time));
  }

  /**
   * Credits a final deposit from the chain to the user's coin account, once per reference
   * (`deposit:<network>:<tx>:<index>`), even across restarts; a repeat answers `duplicate` and changes nothing.
   */
  deposit(req: DepositRequest): Promise<Reply<WalletMove>> {
    return this.walletCommand(isDepositRef(req.ref) ? req.ref : null, (found, b, time) => applyDeposit(this.s, b, this.wallet_, req, found, time));
  }

  /** Holds a withdrawal's amount (available → frozen), once per withdrawal id; refused (funds.insufficient) when short. */
  withdrawHold(req: HoldRequest): Promise<Reply<WalletMove>> {
    return this.walletCommand(isWithdrawalId(req.id) ? withdrawalRef(req.id) : null, (found, b, time) => applyHold(this.s, b, this.wallet_, req, found, time));
  }

  /** Returns a held withdrawal's amount (rejected by an operator or cancelled by the user), once. */
  withdrawRelease(req: ReleaseRequest): Promise<Reply<WalletMove>> {
    return this.walletCommand(isWithdrawalId(req.id) ? withdrawalRef(req.id) : null, (found, b, time) => applyRelease(this.s, b, this.wallet_, req, found, time));
  }

  /** The held amount leaves the exchange (its transaction is signed): amount − fee to the chain, fee to the fee income; once. */
  withdrawSettle(req: SettleRequest): Promise<Reply<WalletMove>> {
    return this.walletCommand(isWithdrawalId(req.id) ? withdrawalRef(req.id) : null, (found, b, time) => applySettle(this.s, b, this.wallet_, req, found, time));
  }

  /** A wallet command: its reference looked up at its turn, memory first, then the journal. */
  private walletCommand(ref: string | null, apply: (found: WalletLookup, b: SpotBatch, time: number) => Reply<WalletMove>): Promise<Reply<WalletMove>> {
    const store = this.o.store;
    const memory = this.wallet_;
    const lookup = async (): Promise<WalletLookup> => {
      if (ref === null) return null;
      const before = memoryOf(memory, ref); // memory first, then the journal (wallet.ts WalletLookup)
      return { before, journal: await store.walletDesk.lookup(ref) };
    };
    return this.core.runPrepared(lookup, apply);
  }

  cancel(req: CancelRequest): Promise<Reply<OrderView>> {
    return this.core.run((b, time) => applyCancel(this.s, b, req, time));
  }

  cancelAll(req: CancelAllRequest): Promise<Reply<OrderView[]>> {
    return this.core.run((b, time) => applyCancelAll(this.s, b, req, time));
  }

  replace(req: ReplaceRequest): Promise<Reply<PlaceResult>> {
    return this.core.run((b, time) => applyReplace(this.s, b, req, time));
  }

  /** The book as of every event published so far or about to be: subscribe first, then ask for this. */
  depth(symbol: string, levels = 100): Promise<Reply<DepthSnapshot>> {
    return this.core.run(() => depthOf(this.s, symbol, levels));
  }

  openOrders(user: number, symbol?: string): Promise<Reply<OrderView[]>> {
    return this.core.run(() => openOrdersOf(this.s, user, symbol));
  }

  markets(): MarketStatus[] {
    return [...this.s.markets.values()].map((m) => ({ symbol: m.symbol, isOpen: m.isOpen, maintenance: m.maintenance, priceBandBps: m.bandBps }));
  }

  /**
   * Starts a quantitative bot (bots.ts): the investment set aside from the user's available balance, and a grid's
   * ladder placed, in one command; a repeated client id answers the first bot. The fund password is the gateway's.
   */
  startBot(req: StartBotRequest): Promise<Reply<QuantBotView>> {
    const id = req.clientId;
    // Without a client id there is nothing to look up: no store round trip, no break in the batch (as place()).
    if (id === undefined) return this.core.run((b, time) => applyStartBot(this.s, b, req, undefined, this.bots, time));
    const key = clientKey(req.user, id);
    // Memory first: running, or written by a batch not yet committed (the row is kept: its commit may clear it
    // from memory before this command applies); then the filter of stored ids, so only a repeat (or about 1 % of new
    // ids) asks the store, and a new id is applied at once.
    const lookup = (): QuantBotRow | undefined | Promise<QuantBotRow | undefined> => {
      if (this.s.botClients.has(key)) return undefined;
      const pending = this.s.pendingBots.get(key);
      if (pending !== undefined) return pending;
      return this.s.storedBots.mayHave(key) ? this.o.store.quant.byClientId(req.user, id) : undefined;
    };
    return this.core.runPrepared(lookup, (row, b, time) => applyStartBot(this.s, b, req, row, this.bots, time));
  }

  /** Stops a bot (a user's own, or any with user null: the operator): orders cancelled, funds back. */
  stopBot(req: StopBotRequest): Promise<Reply<QuantBotView>> {
    // Memory first (running, or written by a batch not yet committed), then the store.
    const lookup = async () => (this.s.bots.has(req.botId) ? undefined : (this.s.pendingBotIds.get(req.botId) ?? this.o.store.quant.byId(req.botId)));
    return this.core.runPrepared(lookup, (row, b, time) => applyStopBot(this.s, b, req, this.bots, row, time));
  }

  /**
   * One scheduler tick for the robots, with each market's recent trades (jobs/quant.ts): a command, so in a cluster
   * it comes through the desk's log with its tapes and applies at its entry's time. Malformed tapes change nothing.
   */
  botTick(tapes: ReadonlyMap<string, Tape>): Promise<Reply<number>> {
    const checked = parseTapes(tapes);
    if (checked === null) return Promise.resolve(refuse('action.invalid'));
    return this.core.run((b, time) => applyBotTick(this.s, b, checked, this.bots, time));
  }

  /** Are robots waiting for a tick (the runner skips the command when none is)? As of the last command. */
  robotsRunning(): boolean {
    for (const b of this.s.bots.values()) if (b.robot !== null) return true;
    return false;
  }

  /** A bot as the app shows it: a running one from memory (in sequence), an ended one from the store. */
  async bot(botId: number, user?: number): Promise<Reply<QuantBotView>> {
    const live = await this.core.run(() => {
      const b = this.s.bots.get(botId);
      return b === undefined || (user !== undefined && b.user !== user) ? refuse<QuantBotView>('quant.bot.not.found') : accept(viewOf(this.s, b));
    });
    if (live.ok) return live;
    const row = await this.o.store.quant.byId(botId);
    if (row === undefined || (user !== undefined && row.user !== user)) return refuse('quant.bot.not.found');
    const m = this.s.markets.get(row.symbol);
    if (m === undefined) return refuse('quant.bot.not.found');
    // A bot running in memory answered above; a row that says running is one the desk just ended (not yet written).
    const memory = botFromRow(row);
    return accept(botView(memory, { base: m.market.base, quote: m.market.quote }, { count: 0, base: 0n, quote: 0n }, m.engine.lastPrice > 0 ? BigInt(m.engine.lastPrice) * m.market.tickSize : null));
  }

  /** Running bots' views by id (a list page's running rows come from here: live pockets and orders). */
  async runningViews(ids: readonly number[]): Promise<Map<number, QuantBotView>> {
    const r = await this.core.run(() => {
      const out = new Map<number, QuantBotView>();
      for (const id of ids) {
        const b = this.s.bots.get(id);
        if (b !== undefined) out.set(id, viewOf(this.s, b));
      }
      return accept(out);
    });
    return r.ok ? r.value : new Map();
  }

  /** A user's fee rates (the default ones for nobody): the backtest replays a grid with them. */
  feesOf(user?: number): FeeRates {
    return user === undefined ? DEFAULT_FEES : this.schedule.rates(user);
  }

  /** The operator's minimum investments, decimal text in the quote coin. */
  quantMinimums(): Record<QuantKind, string> {
    return { robot: fromUnits(this.quantMin.robot), grid: fromUnits(this.quantMin.grid) };
  }

  /** How many bots run now (the operator's figure). */
  get runningBots(): number {
    return this.s.bots.size;
  }

  /** Reads the operator's minimum investments (config `quant.min`: {"robot":"10","grid":"20"}) when the desk opens. */
  private async readQuantConfig(): Promise<void> {
    const text = await this.o.store.config.get(QUANT_MIN_KEY);
    if (text === null) return;
    const parsed = JSON.parse(text) as Partial<Record<QuantKind, string>>;
    for (const kind of ['robot', 'grid'] as const) {
      const v = parsed[kind];
      if (typeof v === 'string' && QUANT_MIN_TEXT.test(v)) this.quantMin[kind] = toUnits(v);
    }
  }

  /**
   * Puts a recompute's fee levels in force (fee-schedule.ts), in sequence with the orders: each order after it is
   * charged its user's new level, each before it the old one, and the desk's setting changes in the same batch. A
   * recompute no later than the one in force changes nothing (the answer is then what is in force).
   */
  setFeeLevels(req: FeeLevelsInForce): Promise<Reply<FeeLevelsInForce>> {
    return setFeeLevelsOn(this.core, this.o.store, 'coin', req, () => this.schedule, (next) => (this.schedule = next));
  }

  /**
   * Sets the operator's minimum investment for a kind of bot, in sequence with the orders: memory and the stored
   * setting (`quant.min`) change in one batch, so a desk that applies its command log again sets it at the same place.
   */
  setQuantMinimum(req: { kind: QuantKind; min: string }): Promise<Reply<Record<QuantKind, string>>> {
    return this.core.run((b, time) => {
      if ((req.kind !== 'robot' && req.kind !== 'grid') || typeof req.min !== 'string' || !QUANT_MIN_TEXT.test(req.min)) return refuse('amount.invalid');
      this.quantMin[req.kind] = toUnits(req.min);
      const set = this.quantMinimums();
      b.settings.set(QUANT_MIN_KEY, { key: QUANT_MIN_KEY, value: JSON.stringify(set), time });
      return accept(set);
    });
  }

  /**
   * Opens, closes or puts a market under maintenance, in sequence with the orders: in effect for the next command,
   * and written with the batch that applied it (so a desk that applies its command log again sets it at the same place).
   */
  setMarketStatus(symbol: string, status: { isOpen?: number; maintenance?: boolean }): Promise<Reply<MarketStatus>> {
    return this.core.run((b) => {
      const m = this.s.markets.get(symbol);
      if (m === undefined) return refuse('market.unknown');
      if (status.isOpen !== undefined) m.isOpen = status.isOpen;
      if (status.maintenance !== undefined) m.maintenance = status.maintenance;
      b.marketFlags.set(symbol, { symbol, isOpen: m.isOpen, maintenance: m.maintenance });
      return accept({ symbol, isOpen: m.isOpen, maintenance: m.maintenance, priceBandBps: m.bandBps });
    });
  }

  /** Throws if memory disagrees with itself: books, levels, reservations and the ledger (tests call it often). */
  async checkInvariants(): Promise<void> {
    await this.core.run(() => {
      this.s.ledger.ledger.checkInvariants();
      for (const m of this.s.markets.values()) {
        m.engine.book.checkInvariants();
        for (const side of ['buy', 'sell'] as const) {
          const book = m.engine.book.depth(side, Number.MAX_SAFE_INTEGER).map((l) => [l.price, l.qty]);
          if (JSON.stringify(book) !== JSON.stringify(m.levels.all(side))) throw new Error(`${m.symbol} ${side} levels disagree with the book`);
        }
      }
      const held = reservations(this.s.markets);
      for (const [key, amount] of pocketHolds(this.s)) held.set(key, (held.get(key) ?? 0n) + amount);
      for (const [key, locked] of this.core.locks) held.set(key, (held.get(key) ?? 0n) + locked);
      for (const [key, amount] of this.wallet_.heldAll()) held.set(key, (held.get(key) ?? 0n) + amount);
      for (const [key, amount] of held) {
        const [user, asset] = key.split(':') as [string, string];
        const frozen = this.s.ledger.balance(userAccount(Number(user) as UserId, 'coin', 'frozen'), asset as Asset);
        if (frozen < amount) throw new Error(`user ${user} holds ${amount} ${asset} in orders and locks but ${frozen} frozen`);
      }
    });
  }

  async close(): Promise<void> {
    await this.core.close();
  }
}
