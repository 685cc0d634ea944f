// The perpetuals' part of the demo's history (backfill.ts drives it minute by minute on the virtual clock): what the
// live bots do on the contracts (bots/index.ts, perp-maker.ts), through the real perp desk. The market maker quotes
// every perpetual around the same index as its spot market, isolated at 2×, from its contract wallet, and the second bot
// account (the perpetuals taker) sends the crossing orders, leaning back toward flat two times in three, so orders,
// trades, positions, fees and the ledger are the desk's own; the mark and funding job ticks on the same clock
// (backfill.ts), so marks are recorded and funding settles every 8 hours on the bots' positions at the recorded marks.
//
// Cost. The perp desk has no replace, so a moved quote is a cancel and a new order whose id only the desk knows:
// after each minute's moves the maker's book is read back with PerpDesk.appliedOpenOrders, answered once the desk
// applied them (the disk is not waited for; the replies are checked at the backfill's syncs). Between reads the book
// is followed as planned (shadow.ts): a crossing order takes what the engine would (nobody else trades here), and
// the taker's position moves with it. Each crossing order is stamped with its own time in the minute: the clock is
// set, the order sent, and the clock moves on only once the desk applied it (PerpDesk.applied).
import type { Clock } from '../clock.ts';
import type { FundsDesk } from '../desks/index.ts';
import type { PerpDesk } from '../desks/perp/desk.ts';
import { formatPrice, formatQty, type Market, type Price, type Qty, type Side } from '../kernel/index.ts';
import type { Store } from '../store/index.ts';
import { ensureBotUser, fundOnce } from './account.ts';
import { DEFAULT_INVENTORY, noCounts, sideOrder, visitRng, type MakerCounts } from './market-maker.ts';
import { botSettings } from './perp-maker.ts';
import { planIsEmpty, planRequote, planTake, quoteLadder, type MakerParams, type TakeOrder } from './quotes.ts';
import { fill, resting, type Tracked } from './shadow.ts';

/** The perpetuals taker's account, as the live bots name it (bots/index.ts re-exports them). */
export const TAKER_EMAIL = 'perp-taker@openex.local';
export const TAKER_NICKNAME = 'Perpetuals taker (bot)';
/** The taker's contract wallet: 2 million USDT, at 2× far more than its position (kept near flat) ever needs. */
export const TAKER_MARGIN = 2_000_000n * 100_000_000n;
/** The live perpetual bots draw their dice from the seed plus this (bots/index.ts): the contracts don't mirror spot. */
export const PERP_SEED_OFFSET = 1;
/** Chance that a crossing order goes the way that brings the taker back toward flat (as the live taker). */
const LEAN_CHANCE = 2 / 3;

export interface PerpReplayOptions {
  readonly desk: PerpDesk;
  /** The contract wallet's desk, for the bots' credits. */
  readonly wallet: FundsDesk;
  readonly store: Store;
  readonly clock: Clock;
  readonly seed: number;
  readonly inventory?: bigint | undefined;
  readonly params: (m: Market) => MakerParams;
  /** Crossing orders per market and minute, drawn uniformly from [min, max]. */
  readonly takesPerMinute: readonly [number, number];
  /** Every desk command's reply, checked by the caller at its syncs (a refusal rejects). */
  readonly track: (reply: Promise<unknown>) => void;
}

export interface PerpReplayReport {
  /** Trades the crossing orders made (one per resting quote they traded with). */
  readonly trades: number;
  readonly counts: MakerCounts;
}

const ok = (what: string) => (reply: { ok: true } | { ok: false; code: string }) => {
  if (!reply.ok) throw new Error(`perp ${what}: ${reply.code}`);
};

export class PerpReplay {
  private readonly o: PerpReplayOptions;
  private readonly maker: number;
  private readonly taker: number;
  private readonly markets: readonly Market[];
  private readonly bySymbol: Map<string, Market>;
  private readonly params: Map<string, MakerParams>;
  /** The maker's quotes as the desk had them at the last read, changed since by what the crossing orders took. */
  private readonly book = new Map<string, Map<number, Tracked>>();
  /** The taker's position per market, in signed lots. */
  private readonly position = new Map<string, number>();
  private readonly lastIndex = new Map<string, Price>();
  private trades = 0;
  readonly counts: MakerCounts = noCounts();

  private constructor(o: PerpReplayOptions, maker: number, taker: number) {
    this.o = o;
    this.maker = maker;
    this.taker = taker;
    this.markets = o.desk.markets().map((p) => p.market);
    this.bySymbol = new Map(this.markets.map((m) => [m.symbol, m]));
    this.params = new Map(this.markets.map((m) => [m.symbol, o.params(m)]));
  }

  /** The two bot accounts, credited once (at the past's start) and their settings made, as the live bots do. */
  static async open(o: PerpReplayOptions, maker: number): Promise<PerpReplay> {
    const taker = await ensureBotUser(o.store, o.clock, TAKER_EMAIL, TAKER_NICKNAME);
    const r = new PerpReplay(o, maker, taker);
    const quote = r.markets[0]?.quote;
    if (quote !== undefined) {
      await fundOnce(o.wallet, maker, quote, (o.inventory ?? DEFAULT_INVENTORY) * BigInt(r.markets.length));
      await fundOnce(o.wallet, taker, quote, TAKER_MARGIN);
    }
    // As the live bots' first orders set them (perp-maker.ts botSettings): isolated, 2×.
    for (const m of r.markets) for (const u of [maker, taker]) await botSettings(o.desk, u, m.symbol);
    for (const p of await o.desk.positions(taker)) r.position.set(p.symbol, p.lots);
    await r.read();
    return r;
  }

  /**
   * The minute's quotes: every market's ladder around its index, the quotes that drifted moved (cancel, then the new
   * one), taken ones refilled; then the book read back once the desk applied it all.
   */
  async quote(minute: number, indexOf: (symbol: string) => Price | null): Promise<void> {
    const seed = this.o.seed + PERP_SEED_OFFSET;
    const changed = new Set<string>();
    for (const m of this.markets) {
      const index = indexOf(m.symbol);
      if (index === null) continue;
      const p = this.params.get(m.symbol)!;
      const wanted = quoteLadder(m, index, p, visitRng(seed, m.symbol, minute));
      const open = [...(this.book.get(m.symbol)?.values() ?? [])];
      for (const side of sideOrder(this.lastIndex.get(m.symbol), index)) {
        const plan = planRequote(side, index, open.filter((q) => q.side === side), side === 'buy' ? wanted.bids : wanted.asks, p);
        if (planIsEmpty(plan)) continue;
        changed.add(m.symbol);
        for (const { order, to } of plan.replace) {
          this.cancel(order.orderId);
          this.place(m, side, to.price, to.qty);
          this.counts.replace++;
        }
        for (const q of plan.place) {
          this.place(m, side, q.price, q.qty);
          this.counts.place++;
        }
        for (const c of plan.cancel) {
          this.cancel(c.orderId);
          this.counts.cancel++;
        }
      }
      this.lastIndex.set(m.symbol, index);
    }
    // Only the markets whose quotes changed: elsewhere the book as followed is the desk's.
    if (changed.size > 0) await this.read(changed);
  }

  /** When this minute's crossing orders go, per market (on a 100 ms grid), from the seed. */
  takes(minute: number): Array<{ time: number; symbol: string }> {
    const [min, max] = this.o.takesPerMinute;
    const out: Array<{ time: number; symbol: string }> = [];
    for (const m of this.markets) {
      const rng = visitRng(this.o.seed + PERP_SEED_OFFSET, `${m.symbol}#minute`, minute);
      const n = Math.max(1, min + Math.floor(rng.next() * (max - min + 1)));
      for (let i = 0; i < n; i++) out.push({ time: minute + Math.floor(rng.next() * 600) * 100, symbol: m.symbol });
    }
    return out;
  }

  /** One crossing order at the clock's time, against the quotes resting now; answered once the desk applied it. */
  async take(symbol: string, time: number): Promise<void> {
    const m = this.bySymbol.get(symbol);
    const book = this.book.get(symbol);
    if (m === undefined || book === undefined) return;
    const rng = visitRng(this.o.seed + PERP_SEED_OFFSET, `${symbol}#take`, time);
    const held = this.position.get(symbol) ?? 0;
    const lean: Side | null = held > 0 ? 'sell' : held < 0 ? 'buy' : null;
    const take: TakeOrder | null = planTake(m, resting(book), this.params.get(symbol)!, rng, lean !== null && rng.next() < LEAN_CHANCE ? lean : undefined);
    if (take === null) return;
    this.counts.take++;
    this.o.track(
      this.o.desk
        .place({ user: this.taker, symbol, side: take.side, type: 'limit', price: formatPrice(m, take.price, true), qty: formatQty(m, take.qty, true), tif: 'IOC' })
        .then(ok('ioc')),
    );
    const taken = fill(book, take);
    this.trades += taken.trades;
    this.position.set(symbol, held + (take.side === 'buy' ? taken.lots : -taken.lots));
    await this.o.desk.applied();
  }

  report(): PerpReplayReport {
    return { trades: this.trades, counts: { ...this.counts } };
  }

  private place(m: Market, side: Side, price: Price, qty: Qty): void {
    const req = { user: this.maker, symbol: m.symbol, side, type: 'limit', price: formatPrice(m, price, true), qty: formatQty(m, qty, true), tif: 'GTC', postOnly: true } as const;
    this.o.track(this.o.desk.place(req).then(ok('place')));
  }

  private cancel(orderId: number): void {
    this.o.track(this.o.desk.cancel({ user: this.maker, orderId }).then(ok('cancel')));
  }

  /** The maker's resting quotes (in `symbols`, default all), once the desk applied everything sent before. */
  private async read(symbols?: ReadonlySet<string>): Promise<void> {
    const fresh = new Map([...(symbols ?? this.bySymbol.keys())].map((symbol) => [symbol, new Map<number, Tracked>()]));
    for (const o of await this.o.desk.appliedOpenOrders(this.maker, symbols)) {
      const m = this.bySymbol.get(o.symbol);
      if (m === undefined || o.tif !== 'GTC') continue;
      fresh.get(o.symbol)!.set(o.id, { orderId: o.id, side: o.side, price: Number(o.price / m.tickSize) as Price, qty: Number(o.openQty / m.lotSize) as Qty });
    }
    for (const [symbol, book] of fresh) this.book.set(symbol, book);
  }
}
