// One account's Binance USDⓈ-M user data stream (fstream.ts serves it on a listen key), from the bus and the perp desk:
//
// - ORDER_TRADE_UPDATE {e, E, T, o {s, c, S, o, f, q, p, ap, sp, x, X, i, l, z, L, [n, N on trades], T, t, b, a, m,
//   R, wt, ot, ps, cp, rp, pP, si, ss, V, pm, gtd, er}} from `user.<id>.perpOrder` (an order's state after each
//   command) and `user.<id>.perpFill` (each of its trades, told before the order's state): an order first seen is
//   NEW (x NEW, X NEW), each fill a TRADE (l, L, n, N, t, m, rp; z and ap cumulative; X PARTIALLY_FILLED or FILLED),
//   then CANCELED or EXPIRED (x and X) when the command ended it that way (an IOC or market remainder: EXPIRED; self-
//   trade prevention: X EXPIRED_IN_MATCH; a reduce-only order whose position shrank below it, ended or flipped: er 4).
//   A resting reduce-only order the desk cut to its shrunk position is an AMENDMENT (X its status, q the new
//   quantity). Liquidation and ADL closes trade as x CALCULATED with no NEW before.
//   b and a are the notional of the account's open orders on the market by side, as the feed knows them (the open
//   orders read when it started, then the events). Conditional orders (the Algo Order API's) are not sent here.
// - ACCOUNT_UPDATE {e, E, T, a {m, B [{a, wb, cw, bc}], P [{s, pa, ep, bep, cr, up, mt, iw, ps, ma}]}} after a command
//   that changed the contract wallet's balance (`user.<id>.balance`, wallet contract) or a position
//   (`user.<id>.position`, and the markets of the fills): wb and cw as /fapi/v3/balance computes them (available plus
//   the margins and entrust margin held, less a cross account's debt; cw leaves out isolated margins), P the positions
//   of the markets that changed, a closed one with pa "0". Sent only when wb or cw moved or a position changed (placing an order does neither).
//   m: ORDER when the account traded, else from the contract wallet's latest asset record: FUNDING_FEE (holding fee),
//   DEPOSIT / WITHDRAW (transfers in and out), ADMIN_DEPOSIT / ADMIN_WITHDRAW (the operator's credits and debits),
//   MARGIN_TRANSFER (isolated margin added or removed), INSURANCE_CLEAR (liquidation fee); bc is the wallet's change
//   for the transfers and the operator's, else 0. cr is the position's realized profit over all its trades (read once
//   from the store, then kept from the fills).
// - MARGIN_CALL {e, E, [cw], p [{s, ps, pa, mt, iw, mp, up, mm}]}: on each mark of a market where the account has a
//   position, its positions are read; one whose margin ratio (maintenance margin over margin balance: the isolated
//   margin plus its unrealized P&L, or for cross positions the cross wallet plus the cross unrealized P&L) is 80 % or
//   more is sent, at most once a minute per position; cw only when a cross position is in it.
import { sql } from 'kysely';
import type { Clock } from '../../clock.ts';
import { PERP_FEES, walletBalance, type DeskEvent, type PerpAccount } from '../../desks/index.ts';
import type { PerpOrderView } from '../../desks/events.ts';
import { Code } from '../../kernel/index.ts';
import { moneySum } from '../../store/money.ts';
import type { Store } from '../../store/index.ts';
import type { PerpOrder } from '../../store/perp.ts';
import type { Trading } from '../trading.ts';
import { d8, minor } from './fstream-market.ts';

const E8 = 100_000_000n;
/** A position's margin ratio from which MARGIN_CALL is sent, in percent. */
export const MARGIN_CALL_PERCENT = 80n;
/** At most one MARGIN_CALL per position in this long. */
export const MARGIN_CALL_EVERY_MS = 60_000;

type PerpFill = Extract<DeskEvent, { type: 'perp.fill' }>;
type PerpPosition = Extract<DeskEvent, { type: 'perp.position' }>;
type Balance = Extract<DeskEvent, { type: 'balance' }>;

/** What the feed keeps of an order: its latest state, amounts in minor units. */
interface OrderState {
  readonly id: number;
  readonly symbol: string;
  readonly side: 'buy' | 'sell';
  readonly price: bigint;
  /** Its quantity (Binance's q): lowered when the desk cuts a reduce-only order to its shrunk position. */
  readonly qty: bigint;
  readonly openQty: bigint;
  readonly filledQty: bigint;
  readonly filledQuote: bigint;
}

/** Binance's account update reasons, from the contract wallet's asset record types. */
const REASONS: Readonly<Record<string, string>> = {
  holding_fee: 'FUNDING_FEE',
  transfer_in: 'DEPOSIT',
  transfer_out: 'WITHDRAW',
  admin_credit: 'ADMIN_DEPOSIT',
  admin_debit: 'ADMIN_WITHDRAW',
  long_margin: 'MARGIN_TRANSFER',
  short_margin: 'MARGIN_TRANSFER',
  margin_refund_long: 'MARGIN_TRANSFER',
  margin_refund_short: 'MARGIN_TRANSFER',
  liquidation_fee: 'INSURANCE_CLEAR',
};
/** Reasons whose wallet change is Binance's bc (a balance change other than P&L and commission). */
const BC_REASONS = new Set(['DEPOSIT', 'WITHDRAW', 'ADMIN_DEPOSIT', 'ADMIN_WITHDRAW']);

const abs = (v: bigint) => (v < 0n ? -v : v);
const divCeil = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** The client order id Binance shows: the caller's, or its own names for liquidation and ADL closes. */
function clientIdOf(o: PerpOrderView): string {
  if (o.clientOrderId !== null) return o.clientOrderId;
  if (o.origin === 'liquidation') return `autoclose-${o.createdAt}`;
  if (o.origin === 'adl') return 'adl_autoclose';
  return '';
}

function statusOf(o: PerpOrderView): string {
  const stp: readonly number[] = [Code.EXPIRED_STP_TAKER, Code.EXPIRED_STP_MAKER];
  if (o.status === 'expired' && o.closeCode !== null && stp.includes(o.closeCode)) return 'EXPIRED_IN_MATCH';
  return o.status.toUpperCase();
}

/**
 * Binance's expiry reason (er) of an order that ended: 4 for a reduce-only order whose position shrank, ended or
 * flipped under it ("knocked out by another higher priority RO order or reversed positions would be opened"), else 0.
 */
/** Binance's expiry reason (`er`) of a closed order, from the code it closed with ('0': none of its reasons). */
function expiryReason(o: PerpOrderView): string {
  switch (o.closeCode) {
    case Code.EXPIRED_STP_MAKER:
      return '1'; // expired to prevent a self-trade
    case Code.EXPIRED_STP_TAKER:
      return o.tif === 'IOC' ? '3' : '1'; // an IOC's rest expired to prevent a self-trade
    case Code.EXPIRED_IOC:
      return '2'; // an IOC that could not fill completely
    case Code.EXPIRED_REDUCE_ONLY:
      return '4'; // a reduce-only order knocked out by a shrinking position
    case Code.CANCELED_LIQUIDATION:
      return '5'; // the account was liquidated
    case Code.EXPIRED_MARKET:
      return '9'; // a market order that could not fill completely
    default:
      return '0';
  }
}

const isClosed = (status: PerpOrder['status']) => status === 'filled' || status === 'canceled' || status === 'expired';

export interface UserFeedOptions {
  readonly trading: Trading;
  readonly store: Store;
  readonly clock: Clock;
  readonly user: number;
  /** Each payload to send. */
  readonly emit: (payload: unknown) => void;
  readonly onError?: ((error: unknown, what: string) => void) | undefined;
}

/** One account's user data: subscribed while some connection listens on the account's listen key. */
export class UserFeed {
  private readonly o: UserFeedOptions;
  private readonly orders = new Map<number, OrderState>();
  /** Fills told before their order's state (the desk tells an order's fills, then its state). */
  private readonly fills = new Map<number, PerpFill[]>();
  private readonly unsubscribe: Array<() => void> = [];
  /** Events that came while the open orders were read. */
  private queue: DeskEvent[] | null = [];
  private stopped = false;
  readonly ready: Promise<void>;

  // ACCOUNT_UPDATE: what changed since the last one, gathered over one burst of events.
  private dirty = { wallet: false, traded: false, time: 0, symbols: new Map<string, PerpPosition | null>() };
  private flushing: Promise<void> = Promise.resolve();
  private flushQueued = false;
  private wallet: { wb: bigint; cw: bigint } | null = null;
  /** Per market: realized P&L over the account's trades up to trade `through`, or the fills told while it is read. */
  private readonly realized = new Map<string, { sum: bigint; through: number } | PerpFill[]>();

  /** Each market's position as Binance shows it (size, entry cost, margin, mode): a change of anything else is not sent. */
  private readonly positions = new Map<string, string>();

  // MARGIN_CALL
  private readonly positionSymbols = new Set<string>();
  private readonly lastCall = new Map<string, number>();
  private checking = false;
  private checkAgain = false;

  constructor(o: UserFeedOptions) {
    this.o = o;
    const user = o.user;
    const bus = o.trading.bus;
    const take = (e: DeskEvent) => {
      if (this.stopped) return;
      if (this.queue !== null) this.queue.push(e);
      else this.handle(e);
    };
    this.unsubscribe.push(
      bus.subscribe(`user.${user}.perpFill`, take),
      bus.subscribe(`user.${user}.perpOrder`, take),
      bus.subscribe(`user.${user}.position`, take),
      bus.subscribe(`user.${user}.balance`, take),
      bus.subscribe('perp.*.mark', (e) => {
        if (!this.stopped && e.type === 'perp.mark' && this.positionSymbols.has(e.symbol)) this.checkMargin();
      }),
    );
    this.ready = this.start();
  }

  stop(): void {
    this.stopped = true;
    for (const u of this.unsubscribe.splice(0)) u();
  }

  private get desk() {
    return this.o.trading.desks.perp;
  }

  private failed(error: unknown, what: string): void {
    if (!this.stopped) this.o.onError?.(error, what);
  }

  /** Reads the open orders, positions and wallet the events will change, then handles what came meanwhile. */
  private async start(): Promise<void> {
    try {
      const [open, { positions: risks, account }] = await Promise.all([this.desk.openOrders(this.o.user), this.desk.portfolio(this.o.user)]);
      for (const row of open) {
        this.orders.set(row.id, { id: row.id, symbol: row.symbol, side: row.side, price: row.price, qty: row.qty, openQty: row.openQty, filledQty: row.filledQty, filledQuote: row.filledQuote });
      }
      for (const r of risks) {
        if (r.lots !== 0) this.positionSymbols.add(r.symbol);
        this.positions.set(r.symbol, `${r.size}|${r.cost}|${r.margin}|${r.mode}`);
      }
      this.wallet = this.walletOf(account);
    } catch (e) {
      this.failed(e, 'user stream start');
    }
    const queued = this.queue ?? [];
    this.queue = null;
    for (const e of queued) this.handle(e);
  }

  private handle(e: DeskEvent): void {
    switch (e.type) {
      case 'perp.fill': {
        const list = this.fills.get(e.orderId);
        if (list === undefined) this.fills.set(e.orderId, [e]);
        else list.push(e);
        this.dirty.traded = true;
        this.dirty.time = Math.max(this.dirty.time, e.time);
        if (!this.dirty.symbols.has(e.symbol)) this.dirty.symbols.set(e.symbol, null);
        this.realize(e);
        this.scheduleFlush();
        return;
      }
      case 'perp.order':
        this.order(e.order);
        return;
      case 'perp.position': {
        // An order placed or cancelled changes only the entrust margin: the position Binance shows is the same.
        const shown = `${minor(e.size) ?? 0n}|${minor(e.cost) ?? 0n}|${minor(e.margin) ?? 0n}|${e.mode}`;
        const before = this.positions.get(e.symbol);
        this.positions.set(e.symbol, shown);
        if (before === shown || (before === undefined && shown === `0|0|0|${e.mode}`)) return;
        this.dirty.symbols.set(e.symbol, e);
        this.dirty.time = Math.max(this.dirty.time, e.time);
        if (minor(e.size) === 0n) this.positionSymbols.delete(e.symbol);
        else this.positionSymbols.add(e.symbol);
        this.scheduleFlush();
        return;
      }
      case 'balance':
        if (!this.isMarginAsset(e)) return;
        this.dirty.wallet = true;
        this.dirty.time = Math.max(this.dirty.time, e.time);
        this.scheduleFlush();
        return;
      default:
        return;
    }
  }

  private isMarginAsset(e: Balance): boolean {
    return e.wallet === 'contract' && e.asset === this.asset();
  }

  private asset(): string {
    return this.desk.markets()[0]?.market.quote ?? 'USDT';
  }

  // ---- ORDER_TRADE_UPDATE --------------------------------------------------------------------------------

  private order(view: PerpOrderView): void {
    const fills = this.fills.get(view.id) ?? [];
    this.fills.delete(view.id);
    if (view.triggerPrice !== null) return; // a conditional order: the Algo Order API's
    const prev = this.orders.get(view.id);
    const qty = minor(view.qty) ?? 0n;
    const price = minor(view.price) ?? 0n;
    const filledQty = minor(view.filledQty) ?? 0n;
    const filledQuote = minor(view.filledQuote) ?? 0n;
    const forced = view.origin === 'liquidation' || view.origin === 'adl';
    let z: bigint;
    let quote: bigint;
    if (prev !== undefined) {
      z = prev.filledQty;
      quote = prev.filledQuote;
    } else {
      // First seen: what it had filled before this command's fills (0 for an order placed since the feed started).
      z = filledQty;
      quote = filledQuote;
      for (const f of fills) {
        const q = minor(f.qty) ?? 0n;
        z -= q;
        quote -= ((minor(f.price) ?? 0n) * q) / E8;
      }
      if (z < 0n) z = 0n;
      if (quote < 0n) quote = 0n;
    }
    const closed = isClosed(view.status);
    // An open order whose quantity the command lowered: the desk cut a reduce-only order to its shrunk position.
    const amended = prev !== undefined && !closed && qty !== prev.qty;
    // The notional b and a: the account's open orders on the market after this command.
    if (closed) this.orders.delete(view.id);
    else {
      this.orders.set(view.id, {
        id: view.id, symbol: view.symbol, side: view.side, price, qty, openQty: minor(view.openQty) ?? 0n, filledQty, filledQuote,
      });
    }
    let bids = 0n;
    let asks = 0n;
    for (const o of this.orders.values()) {
      if (o.symbol !== view.symbol) continue;
      const n = (o.openQty * o.price) / E8;
      if (o.side === 'buy') bids += n;
      else asks += n;
    }
    const type = view.kind === 'market' ? 'MARKET' : 'LIMIT';
    const base = {
      s: view.symbol, c: clientIdOf(view), S: view.side.toUpperCase(), o: type, f: view.kind === 'market' ? 'GTC' : view.postOnly ? 'GTX' : view.tif,
      q: d8(qty), p: type === 'MARKET' ? d8(0n) : d8(price), sp: d8(0n),
    };
    const tail = { b: d8(bids), a: d8(asks), R: view.reduceOnly, wt: 'CONTRACT_PRICE', ot: type, ps: 'BOTH', cp: false };
    const extra = { pP: false, si: 0, ss: 0, V: 'EXPIRE_TAKER', pm: 'NONE', gtd: 0, er: '0' };
    const avg = (cumQty: bigint, cumQuote: bigint) => d8(cumQty === 0n ? 0n : (cumQuote * E8) / cumQty);
    const send = (o: Record<string, unknown>, time: number) => this.o.emit({ e: 'ORDER_TRADE_UPDATE', E: this.o.clock(), T: time, o });

    if (prev === undefined && !forced && z === 0n) {
      send({
        ...base, ap: avg(0n, 0n), x: 'NEW', X: 'NEW', i: view.id, l: d8(0n), z: d8(0n), L: d8(0n), T: view.createdAt, t: 0, ...tail, m: false, rp: d8(0n), ...extra,
      }, view.createdAt);
    }
    fills.forEach((f, n) => {
      const q = minor(f.qty) ?? 0n;
      const p = minor(f.price) ?? 0n;
      z += q;
      // The last fill of the command ends on the order's own totals (exact); the ones before are summed here.
      quote = n === fills.length - 1 && z === filledQty ? filledQuote : quote + (p * q) / E8;
      const status = z >= qty ? 'FILLED' : 'PARTIALLY_FILLED';
      send({
        ...base, ap: avg(z, quote), x: forced ? 'CALCULATED' : 'TRADE', X: status, i: view.id, l: d8(q), z: d8(z), L: d8(p), n: d8(minor(f.fee) ?? 0n),
        N: this.asset(), T: f.time, t: f.tradeId, ...tail, m: f.maker, rp: d8(minor(f.realizedPnl) ?? 0n), ...extra,
      }, f.time);
    });
    if (amended) {
      send({
        ...base, ap: avg(filledQty, filledQuote), x: 'AMENDMENT', X: statusOf(view), i: view.id, l: d8(0n), z: d8(filledQty), L: d8(0n), T: view.updatedAt, t: 0,
        ...tail, m: false, rp: d8(0n), ...extra,
      }, view.updatedAt);
    }
    if (view.status === 'canceled' || view.status === 'expired') {
      const x = view.status === 'canceled' ? 'CANCELED' : 'EXPIRED';
      send({
        ...base, ap: avg(filledQty, filledQuote), x, X: statusOf(view), i: view.id, l: d8(0n), z: d8(filledQty), L: d8(0n), T: view.updatedAt, t: 0, ...tail,
        m: false, rp: d8(0n), ...extra, er: expiryReason(view),
      }, view.updatedAt);
    }
  }

  // ---- ACCOUNT_UPDATE ------------------------------------------------------------------------------------

  /** wb and cw as /fapi/v3/balance computes them (a cross account's debt makes both negative). */
  private walletOf(account: PerpAccount): { wb: bigint; cw: bigint } {
    return { wb: walletBalance(account), cw: account.risk.wallet };
  }

  /** A burst of events (one commit's) is published in one go: the update is made once, after it. */
  private scheduleFlush(): void {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      const dirty = this.dirty;
      this.dirty = { wallet: false, traded: false, time: 0, symbols: new Map() };
      this.flushing = this.flushing.then(() => this.accountUpdate(dirty)).catch((e: unknown) => this.failed(e, 'account update'));
    });
  }

  private async accountUpdate(dirty: UserFeed['dirty']): Promise<void> {
    if (this.stopped) return;
    const user = this.o.user;
    const { positions: risks, account } = await this.desk.portfolio(user);
    const wallet = this.walletOf(account);
    const before = this.wallet;
    this.wallet = wallet;
    const moved = before === null || before.wb !== wallet.wb || before.cw !== wallet.cw;
    if (!moved && dirty.symbols.size === 0) return;
    const reason = dirty.traded ? 'ORDER' : await this.reason();
    const asset = this.asset();
    const bc = BC_REASONS.has(reason) && before !== null ? wallet.wb - before.wb : 0n;
    const taker = BigInt(PERP_FEES.takerPpm);
    const P = [];
    for (const [symbol, event] of dirty.symbols) {
      const r = risks.find((x) => x.symbol === symbol);
      const size = r?.size ?? 0n;
      const qty = abs(size);
      const entry = qty === 0n || r === undefined ? 0n : (r.cost * E8) / qty;
      const breakEven = qty === 0n ? 0n : size > 0n ? divCeil(entry * (1_000_000n + 2n * taker), 1_000_000n) : (entry * (1_000_000n - 2n * taker)) / 1_000_000n;
      const mode = r?.mode ?? event?.mode ?? 'cross';
      P.push({
        s: symbol, pa: d8(size), ep: d8(entry), bep: d8(breakEven), cr: d8(await this.realizedOf(symbol)), up: d8(qty === 0n ? 0n : (r?.upnl ?? 0n)),
        mt: mode, iw: d8(mode === 'isolated' && qty !== 0n ? (r?.margin ?? 0n) : 0n), ps: 'BOTH', ma: asset,
      });
    }
    if (this.stopped) return;
    this.o.emit({
      e: 'ACCOUNT_UPDATE', E: this.o.clock(), T: dirty.time || this.o.clock(),
      a: { m: reason, B: [{ a: asset, wb: d8(wallet.wb), cw: d8(wallet.cw), bc: d8(bc) }], P },
    });
  }

  /** Why the wallet changed without a trade: the latest asset record of the account's contract wallet. */
  private async reason(): Promise<string> {
    const row = await this.o.store.db
      .selectFrom('asset_records')
      .select(['type'])
      .where('user_id', '=', this.o.user)
      .where('wallet', '=', 'contract')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return (row === undefined ? undefined : REASONS[row.type]) ?? 'ORDER';
  }

  /** A fill's realized P&L, added to its market's sum once that is known (fills told while it is read wait). */
  private realize(f: PerpFill): void {
    const known = this.realized.get(f.symbol);
    if (known === undefined) return;
    if (Array.isArray(known)) known.push(f);
    else if (f.tradeId > known.through) {
      known.sum += minor(f.realizedPnl) ?? 0n;
      known.through = f.tradeId;
    }
  }

  /** The account's realized P&L on a market over all its trades (Binance's cr). */
  private async realizedOf(symbol: string): Promise<bigint> {
    const known = this.realized.get(symbol);
    if (known !== undefined && !Array.isArray(known)) return known.sum;
    const waiting: PerpFill[] = [];
    this.realized.set(symbol, waiting);
    const db = this.o.store.db;
    const user = this.o.user;
    const side = (who: 'taker' | 'maker') =>
      db
        .selectFrom('perp_trades')
        .select([moneySum(`${who}_pnl`).as('pnl'), sql<number | null>`max(trade_no)`.as('last')])
        .where('symbol', '=', symbol)
        .where(`${who}_user`, '=', user)
        .executeTakeFirst();
    const [taker, maker] = await Promise.all([side('taker'), side('maker')]);
    let sum = (minor(taker?.pnl ?? '0') ?? 0n) + (minor(maker?.pnl ?? '0') ?? 0n);
    let through = Math.max(Number(taker?.last ?? 0), Number(maker?.last ?? 0));
    // Fills told while the sums were read: those after the last trade they counted.
    for (const f of waiting) {
      if (f.tradeId <= through) continue;
      sum += minor(f.realizedPnl) ?? 0n;
      through = f.tradeId;
    }
    this.realized.set(symbol, { sum, through });
    return sum;
  }

  // ---- MARGIN_CALL --------------------------------------------------------------------------------------

  private checkMargin(): void {
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = true;
    void this.marginCall()
      .catch((e: unknown) => this.failed(e, 'margin call'))
      .finally(() => {
        this.checking = false;
        if (this.checkAgain && !this.stopped) {
          this.checkAgain = false;
          this.checkMargin();
        }
      });
  }

  private async marginCall(): Promise<void> {
    const user = this.o.user;
    const { positions: risks, account } = await this.desk.portfolio(user);
    if (this.stopped) return;
    const open = risks.filter((r) => r.lots !== 0);
    const cross = open.filter((r) => r.mode === 'cross');
    const wallet = this.walletOf(account);
    const crossBalance = wallet.cw + cross.reduce((sum, r) => sum + r.upnl, 0n);
    const crossMaint = cross.reduce((sum, r) => sum + r.maintenance, 0n);
    // ratio = maintenance / margin balance ≥ 80 %, in integers.
    const over = (maint: bigint, balance: bigint) => maint > 0n && (balance <= 0n || maint * 100n >= balance * MARGIN_CALL_PERCENT);
    const crossCalled = over(crossMaint, crossBalance);
    const now = this.o.clock();
    const called = open.filter((r) => {
      const hit = r.mode === 'cross' ? crossCalled : over(r.maintenance, r.margin + r.upnl);
      if (!hit) return false;
      const last = this.lastCall.get(r.symbol);
      return last === undefined || now - last >= MARGIN_CALL_EVERY_MS || now < last;
    });
    if (called.length === 0) return;
    for (const r of called) this.lastCall.set(r.symbol, now);
    const p = called.map((r) => ({
      s: r.symbol, ps: 'BOTH', pa: d8(r.size), mt: r.mode === 'cross' ? 'CROSSED' : 'ISOLATED', iw: d8(r.mode === 'isolated' ? r.margin : 0n),
      mp: d8(r.mark ?? 0n), up: d8(r.upnl), mm: d8(r.maintenance),
    }));
    const withCross = called.some((r) => r.mode === 'cross');
    this.o.emit({ e: 'MARGIN_CALL', E: now, ...(withCross ? { cw: d8(wallet.cw) } : {}), p });
  }
}
