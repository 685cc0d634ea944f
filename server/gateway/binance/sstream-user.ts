// Binance spot's user data stream: one account's events from the spot desk's bus topics, in Binance's shapes, and the
// spot streams under /stream with it (market streams as sstream.ts serves them, plus `/stream/ws/<listenKey>` and
// `/stream/stream?streams=<listenKey>` for the listen keys of POST /api/v3/userDataStream). The WebSocket API
// (ws-api.ts) sends the same events, wrapped in {subscriptionId, event}.
//
// - executionReport {e, E, s, c, S, o, f, q, p, P, F, g, C, x, X, r, i, l, z, L, n, N, T, t, I, w, m, M, O, Z, Y, Q,
//   [D], [W], V, [d], [j], [J], [v, A, B]} from `user.<id>.order` (an order's state after each command) and
//   `user.<id>.fill` (each of its trades, told before the order's state): an order placed since the feed started is
//   NEW first; each fill a TRADE (l, L, Y the fill's, z and Z cumulative, n and N its commission, t the trade id, m
//   whether it made); a command that closed
//   it ends with CANCELED, EXPIRED (an IOC, FOK or market remainder) or TRADE_PREVENTION (self-trade prevention, X
//   EXPIRED_IN_MATCH); a resting order whose price or quantity changed without trading is REPLACED (Binance's "the
//   order has been amended"); a conditional order that fires is NEW again, now with w true and W its working time.
//   o: LIMIT, MARKET or LIMIT_MAKER, or for a conditional order (OrderView.trigger) STOP_LOSS / STOP_LOSS_LIMIT,
//   TAKE_PROFIT / TAKE_PROFIT_LIMIT; P its stop price, d its trailing delta (only then, as Binance). g the order list
//   (-1 without), C the order's own client id on CANCELED (this exchange records no separate id for the cancel
//   request, so c shows the order's too) and "" otherwise, w whether it rests on the book after the event, O its
//   creation, W its working time (only once it works), Q the quote quantity of a quote-sized market order, V
//   EXPIRE_TAKER (the one mode), I the event's number in this stream, D the trailing time once a trailing order tracks
//   the price (REST's trailingTime: shapes.ts), j and J the strategyId and strategyType the order was placed with
//   (only then, as Binance); on TRADE_PREVENTION v the prevented match id (stored with the order, increasing per
//   market) and A = B the quantity kept from matching (the remainder it expired). Not sent: u, U, Cs, pl, pL, pY (the
//   book does not tell which resting order stopped a taker, nor at what price). REJECTED is never sent: a refused
//   order records nothing, and Binance sends it only for cancel-replace.
// - outboundAccountPosition {e, E, u, B [{a, f, l}]} after each commit that changed coin-wallet balances
//   (`user.<id>.balance`, wallet coin): the assets it changed with their free and locked amounts, u its time.
// - balanceUpdate {e, E, a, d, T} before it, for a transfer into the coin wallet (d > 0, from `user.<id>.transfer`
//   credited there) or out of it (d < 0, debited there), and for the operator's credits and debits: a balance change
//   that the commit's fills and transfers do not account for is looked up in the coin wallet's asset records
//   (admin_credit, admin_debit), one event each, T the record's time.
// - listStatus {e, E, s, g, c, l, L, r, C, T, O [{s, i, c}]} for an OCO list (`user.<id>.orderList`), after its legs'
//   executionReports: EXEC_STARTED / EXECUTING when placed, ALL_DONE / ALL_DONE when it ended.
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import { topics, type DeskEvent, type OrderView, type TransferView } from '../../desks/index.ts';
import type { OrderListView } from '../../desks/events.ts';
import type { Store } from '../../store/index.ts';
import { toAmount, money } from '../../store/money.ts';
import type { Trading } from '../trading.ts';
import { LISTEN_KEY_FORMAT, listenKeysOf, type ListenKey, type ListenKeys } from './fstream-keys.ts';
import { d8, minor, type Source } from './fstream-market.ts';
import { orderStatus, trailingTime } from './shapes.ts';
import type { SpotStream } from './sstream-market.ts';
import { SPOT_MAX_MESSAGES_PER_SECOND, SPOT_STREAM_PREFIX, Sstream } from './sstream.ts';
import { serveStreams, StreamHub, type Conn, type Refusal, type StreamLimits } from './ws-streams.ts';

type Fill = Extract<DeskEvent, { type: 'fill' }>;
/** What one commit told that is sent after its orders' executionReports. */
interface Burst {
  readonly lists: OrderListView[];
  readonly balances: Map<string, Balance>;
  readonly transfers: Array<{ asset: string; d: bigint; time: number }>;
  unexplained: boolean;
}
type Balance = Extract<DeskEvent, { type: 'balance' }>;

const WALLET = 'coin';
const ZERO = d8(0n);
/** Asset record types of the operator's credits and debits (desks/funds.ts), Binance's balanceUpdate. */
const ADMIN_TYPES = ['admin_credit', 'admin_debit'];
/** How far before the commit's time an operator's record is looked for (a command's time precedes its publication). */
const ADMIN_LOOKBACK_MS = 60_000;

/** Binance's order type of an order view. */
export function spotOrderType(v: OrderView): string {
  const limit = v.type === 'limit';
  if (v.trigger === null) return limit ? (v.postOnly ? 'LIMIT_MAKER' : 'LIMIT') : 'MARKET';
  if (v.trigger.condition === 'stop_loss') return limit ? 'STOP_LOSS_LIMIT' : 'STOP_LOSS';
  return limit ? 'TAKE_PROFIT_LIMIT' : 'TAKE_PROFIT';
}

const isOpen = (v: OrderView) => v.status === 'new' || v.status === 'partially_filled';

/** What the feed keeps of an open order: whether it works and what it asks, to tell a trigger and an amendment. */
interface Known {
  readonly working: boolean;
  readonly price: string | null;
  readonly qty: string | null;
}

/**
 * Binance's listStatus for an OCO list (`user.<id>.orderList`): EXEC_STARTED / EXECUTING while it works (sent when it
 * is placed), ALL_DONE / ALL_DONE once a leg traded, fired, closed or was cancelled; O its legs by order id.
 */
export function listStatusEvent(list: OrderListView, now: number) {
  const done = list.status === 'all_done';
  return {
    e: 'listStatus', E: now, s: list.symbol, g: list.orderListId, c: 'OCO', l: done ? 'ALL_DONE' : 'EXEC_STARTED', L: done ? 'ALL_DONE' : 'EXECUTING',
    r: 'NONE', C: list.clientListId ?? '', T: list.updatedAt,
    O: [...list.orders].sort((x, y) => x.orderId - y.orderId).map((leg) => ({ s: list.symbol, i: leg.orderId, c: leg.clientOrderId ?? '' })),
  };
}

export interface SpotUserFeedOptions {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  readonly user: number;
  /** Each payload to send. */
  readonly emit: (payload: unknown) => void;
  readonly onError?: ((error: unknown, what: string) => void) | undefined;
}

/** One account's spot user data: subscribed while some connection listens (a listen key, a WebSocket API subscription). */
export class SpotUserFeed {
  private readonly o: SpotUserFeedOptions;
  private readonly unsubscribe: Array<() => void> = [];
  /** Events that came while the starting state was read. */
  private queue: DeskEvent[] | null = [];
  private stopped = false;
  readonly ready: Promise<void>;

  /** Open orders by id; an order missing here and placed since the feed started is sent NEW first. */
  private readonly known = new Map<number, Known>();
  /** Fills told before their order's state. */
  private readonly fills = new Map<number, Fill[]>();
  /** Coin-wallet totals (free + locked) per asset, minor units, as the last balance event or the start showed them. */
  private readonly totals = new Map<string, bigint>();
  /** Per asset: the total change that fills and transfers told since its last balance event account for. */
  private readonly explained = new Map<string, bigint>();
  private events = 0;

  // One commit's balance events, sent together once it has been published.
  private burst: Burst = { lists: [], balances: new Map(), transfers: [], unexplained: false };
  private flushQueued = false;
  /** Sends waiting behind a flush that reads the store (the operator's records), so the order of events holds. */
  private tail: Promise<void> | null = null;
  /** The newest operator record told (or there when the feed started), and the time the feed started. */
  private lastRecord = 0;
  private readonly started: number;

  constructor(o: SpotUserFeedOptions) {
    this.o = o;
    this.started = o.clock();
    const take = (e: DeskEvent) => {
      if (this.stopped) return;
      if (this.queue !== null) this.queue.push(e);
      else this.handle(e);
    };
    const bus = o.trading.bus;
    this.unsubscribe.push(
      bus.subscribe(topics.userFills(o.user), take),
      bus.subscribe(topics.userOrders(o.user), take),
      bus.subscribe(topics.userTransfers(o.user), take),
      bus.subscribe(topics.userBalances(o.user), take),
      bus.subscribe(topics.userOrderLists(o.user), take),
    );
    this.ready = this.start();
  }

  stop(): void {
    this.stopped = true;
    for (const u of this.unsubscribe.splice(0)) u();
  }

  private get desk() {
    return this.o.trading.desks.spot;
  }

  private failed(error: unknown, what: string): void {
    if (!this.stopped) this.o.onError?.(error, what);
  }

  /** Reads the open orders, the balances and the newest operator record, then handles what came meanwhile. */
  private async start(): Promise<void> {
    try {
      const [open, balances, record] = await Promise.all([
        this.desk.openOrders(this.o.user),
        this.desk.balances(this.o.user),
        this.o.store.db
          .selectFrom('asset_records')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('user_id', '=', this.o.user)
          .where('time', '>=', this.started - ADMIN_LOOKBACK_MS)
          .executeTakeFirst(),
      ]);
      if (open.ok) for (const v of open.value) this.known.set(v.orderId, { working: v.working, price: v.price, qty: v.qty });
      if (balances.ok) for (const b of balances.value) this.totals.set(b.asset, (minor(b.available) ?? 0n) + (minor(b.frozen) ?? 0n));
      this.lastRecord = Number(record?.id ?? 0);
    } catch (e) {
      this.failed(e, 'spot user stream start');
    }
    const queued = this.queue ?? [];
    this.queue = null;
    for (const e of queued) this.handle(e);
    // The balances read may already hold what the queued events told: nothing before this point is a residue.
    this.explained.clear();
    this.burst.unexplained = false;
  }

  private handle(e: DeskEvent): void {
    switch (e.type) {
      case 'fill': {
        const list = this.fills.get(e.orderId);
        if (list === undefined) this.fills.set(e.orderId, [e]);
        else list.push(e);
        this.explain(e);
        return;
      }
      case 'order':
        this.order(e.order);
        return;
      case 'transfer':
        this.transfer(e.transfer);
        return;
      case 'orderList':
        this.burst.lists.push(e.list);
        this.scheduleFlush();
        return;
      case 'balance':
        if (e.wallet === WALLET) this.balance(e);
        return;
      default:
        return;
    }
  }

  /** Sends now, or after the flush that is reading the store. */
  private send(payload: unknown): void {
    if (this.stopped) return;
    if (this.tail === null) this.o.emit(payload);
    else this.tail = this.tail.then(() => (this.stopped ? undefined : this.o.emit(payload)));
  }

  // ---- executionReport ----------------------------------------------------------------------------------

  private order(v: OrderView): void {
    const fills = this.fills.get(v.orderId) ?? [];
    this.fills.delete(v.orderId);
    const before = this.known.get(v.orderId);
    // What it had filled before this command's fills.
    let z = minor(v.filledQty) ?? 0n;
    let quote = minor(v.filledQuote) ?? 0n;
    for (const f of fills) {
      z -= minor(f.qty) ?? 0n;
      quote -= minor(f.quote) ?? 0n;
    }
    if (z < 0n) z = 0n;
    if (quote < 0n) quote = 0n;
    if (isOpen(v)) this.known.set(v.orderId, { working: v.working, price: v.price, qty: v.qty });
    else this.known.delete(v.orderId);

    const type = spotOrderType(v);
    const limit = v.type === 'limit';
    const rests = limit && v.tif === 'GTC';
    const qty = minor(v.qty) ?? minor(v.filledQty) ?? 0n;
    const trailing = v.trigger?.trailingDelta ?? null;
    // D only once a trailing order tracks the price, as Binance ("only visible if the trailing stop order has been
    // activated"), the same time REST answers as trailingTime.
    const trailed = trailingTime(v);
    const report = (x: string, X: string, at: number, more: Record<string, unknown>) => {
      const onBook = rests && v.working && (X === 'NEW' || X === 'PARTIALLY_FILLED');
      this.send({
        e: 'executionReport', E: this.o.clock(), s: v.symbol, c: v.clientOrderId ?? '', S: v.side.toUpperCase(), o: type,
        f: limit ? (v.postOnly ? 'GTC' : v.tif) : 'GTC', q: d8(qty), p: limit ? d8(minor(v.price) ?? 0n) : ZERO,
        P: d8(minor(v.trigger?.stopPrice) ?? 0n), ...(trailing !== null ? { d: trailing } : {}),
        F: ZERO, g: v.orderListId ?? -1, C: '', x, X, r: 'NONE', i: v.orderId,
        l: ZERO, z: d8(z), L: ZERO, n: '0', N: null, T: at, t: -1, I: ++this.events, w: onBook, m: false, M: false,
        O: v.createdAt, Z: d8(quote), Y: ZERO, Q: d8(minor(v.quoteQty) ?? 0n), ...(trailed !== null ? { D: trailed } : {}),
        ...(v.working && v.workingTime !== null ? { W: v.workingTime } : {}), V: 'EXPIRE_TAKER',
        ...(v.strategyId !== null ? { j: v.strategyId } : {}), ...(v.strategyType !== null ? { J: v.strategyType } : {}),
        ...more,
      });
    };

    const placed = before === undefined && z === 0n && v.createdAt >= this.started;
    if (placed) report('NEW', 'NEW', v.createdAt, {});
    else if (before !== undefined && !before.working && v.working) report('NEW', z === 0n ? 'NEW' : 'PARTIALLY_FILLED', v.workingTime ?? v.updatedAt, {});
    else if (before !== undefined && fills.length === 0 && isOpen(v) && (before.price !== v.price || before.qty !== v.qty)) {
      report('REPLACED', orderStatus(v), v.updatedAt, {});
    }
    fills.forEach((f, n) => {
      const q = minor(f.qty) ?? 0n;
      z += q;
      quote += minor(f.quote) ?? 0n;
      const last = n === fills.length - 1;
      const filled = (last && v.status === 'filled') || (v.qty !== null && z >= qty);
      report('TRADE', filled ? 'FILLED' : 'PARTIALLY_FILLED', f.time, {
        l: d8(q), L: d8(minor(f.price) ?? 0n), n: d8(minor(f.fee) ?? 0n), N: f.feeAsset, t: f.tradeId, m: f.maker, Y: d8(minor(f.quote) ?? 0n),
      });
    });
    const at = v.closedAt ?? v.updatedAt;
    if (v.status === 'canceled') report('CANCELED', 'CANCELED', at, { C: v.clientOrderId ?? '' });
    else if (v.status === 'expired') {
      const X = orderStatus(v);
      if (X !== 'EXPIRED_IN_MATCH') report('EXPIRED', X, at, {});
      else {
        // v the prevented match's id; A and B the quantity it kept from matching: the whole remainder, in one go
        // (one prevention expires an order), unknown for a quote-sized market order.
        const prevented = v.qty === null ? null : d8((minor(v.qty) ?? 0n) - (minor(v.filledQty) ?? 0n));
        report('TRADE_PREVENTION', X, at, {
          ...(v.preventedMatchId !== null ? { v: v.preventedMatchId } : {}), ...(prevented !== null ? { A: prevented, B: prevented } : {}),
        });
      }
    } else if ((v.status as string) === 'rejected') report('REJECTED', 'REJECTED', at, {});
  }

  // ---- balanceUpdate, outboundAccountPosition ---------------------------------------------------------------

  /** Adds what a fill changes in the coin wallet's totals (bought or sold, paid, the commission). */
  private explain(f: Fill): void {
    const market = this.o.trading.market.market(f.symbol);
    if (market === undefined) {
      this.burst.unexplained = true; // cannot tell what it changed: no operator lookup for this commit
      return;
    }
    const qty = minor(f.qty) ?? 0n;
    const quote = minor(f.quote) ?? 0n;
    const add = (asset: string, d: bigint) => this.explained.set(asset, (this.explained.get(asset) ?? 0n) + d);
    add(market.base, f.side === 'buy' ? qty : -qty);
    add(market.quote, f.side === 'buy' ? -quote : quote);
    add(f.feeAsset, -(minor(f.fee) ?? 0n));
  }

  private transfer(t: TransferView): void {
    const amount = minor(t.amount) ?? 0n;
    let d: bigint;
    if (t.to === WALLET && t.status === 'credited') d = amount;
    else if (t.from === WALLET && t.status === 'debited') d = -amount;
    else return;
    this.explained.set(t.asset, (this.explained.get(t.asset) ?? 0n) + d);
    this.burst.transfers.push({ asset: t.asset, d, time: t.status === 'credited' ? (t.creditedAt ?? t.createdAt) : t.createdAt });
    this.scheduleFlush();
  }

  private balance(e: Balance): void {
    this.burst.balances.set(e.asset, e);
    this.scheduleFlush();
  }

  /** A commit's events are published in one go: its balance events are sent together, once it is done. */
  private scheduleFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.stopped || this.queue !== null) return; // while starting, start() replays and clears what it reads
    const burst = this.burst;
    this.burst = { lists: [], balances: new Map(), transfers: [], unexplained: false };
    let residue = false;
    for (const [asset, e] of burst.balances) {
      const total = (minor(e.available) ?? 0n) + (minor(e.frozen) ?? 0n);
      const before = this.totals.get(asset) ?? 0n;
      this.totals.set(asset, total);
      if (total - before !== (this.explained.get(asset) ?? 0n)) residue = true;
      this.explained.delete(asset);
    }
    const now = this.o.clock();
    for (const list of burst.lists) this.send(listStatusEvent(list, now));
    const updates = burst.transfers.map((t) => ({ e: 'balanceUpdate', E: now, a: t.asset, d: d8(t.d), T: t.time }));
    const position = burst.balances.size === 0 ? null : {
      e: 'outboundAccountPosition', E: now, u: Math.max(...[...burst.balances.values()].map((b) => b.time)),
      B: [...burst.balances.values()].map((b) => ({ a: b.asset, f: d8(minor(b.available) ?? 0n), l: d8(minor(b.frozen) ?? 0n) })),
    };
    const since = Math.min(...[...burst.balances.values()].map((b) => b.time), now) - ADMIN_LOOKBACK_MS;
    if (!residue || burst.unexplained) {
      for (const u of updates) this.send(u);
      if (position !== null) this.send(position);
      return;
    }
    // Something the fills and transfers do not account for: the operator's credits and debits, from the records.
    const prior = this.tail ?? Promise.resolve();
    const job = prior
      .then(async () => {
        const records = await this.operatorRecords(since);
        if (this.stopped) return;
        for (const u of updates) this.o.emit(u);
        for (const r of records) this.o.emit({ e: 'balanceUpdate', E: this.o.clock(), a: r.asset, d: d8(r.amount), T: r.time });
        if (position !== null) this.o.emit({ ...position, E: this.o.clock() });
      })
      .catch((e: unknown) => this.failed(e, 'spot balance update'));
    this.tail = job;
    void job.then(() => {
      if (this.tail === job) this.tail = null;
    });
  }

  /** The coin wallet's operator credits and debits recorded since the last one told. */
  private async operatorRecords(since: number): Promise<Array<{ asset: string; amount: bigint; time: number }>> {
    const rows = await this.o.store.db
      .selectFrom('asset_records')
      .select(['id', 'asset', 'time', money('amount').as('amount')])
      .where('user_id', '=', this.o.user)
      .where('time', '>=', Math.max(since, this.started - ADMIN_LOOKBACK_MS))
      .where('id', '>', this.lastRecord)
      .where('wallet', '=', WALLET)
      .where('type', 'in', ADMIN_TYPES)
      .orderBy('id')
      .execute();
    for (const r of rows) this.lastRecord = Math.max(this.lastRecord, Number(r.id));
    return rows.map((r) => ({ asset: r.asset, amount: toAmount(r.amount), time: Number(r.time) }));
  }
}

// ---- the spot streams with listen keys ---------------------------------------------------------------------------

/** What a name on /stream stands for: a market stream (sstream.ts's), or an account's user data by its listen key. */
type SpotName = { readonly kind: 'market'; readonly stream: SpotStream } | { readonly kind: 'user'; readonly key: ListenKey };

export interface SpotUserStreamOptions extends StreamLimits {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
}

/**
 * The spot streams: the market streams are sstream.ts's hub's (every market name is handed to it, connections and
 * all), the listen keys' user data this hub's own. A listen key in the URL that is not live refuses the upgrade
 * (HTTP 400, -1125), as fstream does; when a key ends, its subscribers get listenKeyExpired and a connection opened on
 * that key alone is closed.
 */
export class SpotStreams extends StreamHub<SpotName> {
  readonly keys: ListenKeys;
  readonly market: Sstream;
  private readonly o: SpotUserStreamOptions;
  private readonly stopKeys: () => void;
  private readonly log: (error: unknown, what: string) => void;

  constructor(o: SpotUserStreamOptions, keys: ListenKeys, log: (error: unknown, what: string) => void) {
    super();
    this.o = o;
    this.keys = keys;
    this.log = log;
    this.market = new Sstream(o, log);
    this.stopKeys = keys.onEnd((key) => this.keyEnded(key.key, this.o.clock()));
  }

  parse(name: string): SpotName | null {
    if (LISTEN_KEY_FORMAT.test(name)) {
      const key = this.keys.find(name);
      return key === undefined ? null : { kind: 'user', key };
    }
    const stream = this.market.parse(name);
    return stream === null ? null : { kind: 'market', stream };
  }

  override fromUrl(name: string): { readonly stream: SpotName | null; readonly urlKey?: boolean } | Refusal {
    if (!LISTEN_KEY_FORMAT.test(name)) return { stream: this.parse(name) };
    const key = this.keys.find(name);
    if (key === undefined) return { status: 400, body: { code: -1125, msg: 'This listenKey does not exist.' } };
    return { stream: { kind: 'user', key }, urlKey: true };
  }

  override add(conn: Conn): void {
    super.add(conn);
    this.market.add(conn);
  }

  override async join(conn: Conn, streams: ReadonlyArray<readonly [string, SpotName]>): Promise<void> {
    const users: Array<readonly [string, SpotName]> = [];
    const markets: Array<readonly [string, SpotStream]> = [];
    for (const [name, s] of streams) {
      if (s.kind === 'user') users.push([name, s]);
      else markets.push([name, s.stream]);
    }
    await Promise.all([super.join(conn, users), this.market.join(conn, markets)]);
  }

  override leave(conn: Conn, name: string): void {
    super.leave(conn, name);
    this.market.leave(conn, name);
  }

  override drop(conn: Conn): void {
    super.drop(conn);
    this.market.drop(conn);
  }

  override close(): void {
    this.closed = true;
    this.stopKeys();
    super.close();
    this.market.close();
  }

  protected open(name: string, s: SpotName, emit: (payload: unknown) => void): Source {
    if (s.kind !== 'user') throw new Error(`market stream ${name} opened on the user hub`); // join hands those to this.market
    const { trading, store, clock } = this.o;
    const feed = new SpotUserFeed({ trading, store, clock, user: s.key.user, emit, onError: this.log });
    return { ready: feed.ready, stop: () => feed.stop() };
  }

}

/**
 * Registers the /stream routes on `app` (before it listens) with the spot listen keys' user data: in place of
 * sstream.ts's spotStreamRoutes (the same market streams, paths and limits). The listen keys are the app's spot ones
 * (fstream-keys.ts), which POST /api/v3/userDataStream makes.
 */
export function spotUserStreamRoutes(app: FastifyInstance, o: SpotUserStreamOptions): SpotStreams {
  const keys = listenKeysOf(app, o.clock, 'spot');
  const hub = new SpotStreams(o, keys, (error, what) => app.log.error({ err: error }, `sstream ${what} failed`));
  serveStreams(app, {
    ...o,
    maxMessagesPerSecond: o.maxMessagesPerSecond ?? SPOT_MAX_MESSAGES_PER_SECOND,
    bases: [SPOT_STREAM_PREFIX],
    hub,
    label: 'sstream',
  });
  return hub;
}
