// The market maker: one bot user keeping layered post-only bids and asks around each market's index price, through
// desks.spot like any user. A timer visits a few markets per tick (bounded work), round-robin: it reads the bot's
// open orders there, moves only the quotes that drifted out of their tolerance or were taken (replace, else place
// or cancel), and sometimes sends a small IOC across the spread so the market trades. Randomness comes from the
// seed and the tick's time on a fixed grid, so a run is reproducible from the seed and the clock. Failures are
// logged (at most once per market per LOG_EVERY_MS) and never stop the timer. The demo's backfill (backfill.ts)
// drives the same plans and desk calls over a simulated past, without the timer.
import type { Clock } from '../clock.ts';
import { COIN_PROFILES } from '../feeds/coins.ts';
import { createPrng, hash32 } from '../feeds/prng.ts';
import { formatPrice, formatQty, parsePrice, parseQty, type Market, type Price, type Side } from '../kernel/index.ts';
import type { FundsFace, SpotFace } from '../desks/index.ts';
import { baseWorth, makerParams, planIsEmpty, planRequote, planTake, quoteLadder, type Ladder, type MakerParams, type OpenQuote, type RequotePlan, type TakeOrder } from './quotes.ts';
import { fundOnce } from './account.ts';
import type { BotLog } from './index.ts';

export type MakerSpot = Pick<SpotFace, 'openOrders' | 'place' | 'replace' | 'cancel'>;

export interface MarketMakerOptions {
  readonly spot: MakerSpot;
  /** The coin wallet's desk, for the inventory credit. */
  readonly wallet: FundsFace;
  readonly user: number;
  readonly markets: readonly Market[];
  readonly indexPrice: (symbol: string) => Price | null;
  readonly clock: Clock;
  readonly seed: number;
  readonly log: BotLog;
  readonly tickMs?: number | undefined;
  /** Markets visited per tick. */
  readonly perTick?: number | undefined;
  /** Inventory credited per market: this much quote, and base worth as much at the index. */
  readonly inventory?: bigint | undefined;
  readonly params?: ((m: Market) => MakerParams) | undefined;
  /** Send the small crossing orders that make a market trade (default true; the perpetuals' maker doesn't). */
  readonly takes?: boolean | undefined;
  /** Credit the base coin as inventory too (default true; a contract wallet holds only the margin asset). */
  readonly fundBase?: boolean | undefined;
  /**
   * Who sends the crossing orders when not the maker itself: on the perpetuals a second bot account, since the perp
   * desk's self-trade prevention expires an order against its own user's quotes. `lean` names the side that brings
   * the taker's position back toward flat (null when flat); two takes in three go that way, so its position stays
   * small instead of wandering.
   */
  readonly taker?: { readonly user: number; readonly spot: MakerSpot; readonly lean: (symbol: string) => Promise<Side | null> } | undefined;
}

export const DEFAULT_TICK_MS = 250;
export const DEFAULT_PER_TICK = 4;
/**
 * Per market: 10 million USDT and base worth as much. A side of the ladder holds ~2.5 million on average and at
 * most ~3.2 million (every layer +30 %); the rest covers the crossing orders and the base side after the price
 * falls (the same notional then needs more coins).
 */
export const DEFAULT_INVENTORY = 10_000_000n * 100_000_000n;
const LOG_EVERY_MS = 10_000;

/** Parameters per market from its coin's volatility. */
export const defaultParams = (m: Market): MakerParams => makerParams(COIN_PROFILES[m.base]?.vol ?? 0.8);

/** The dice of one visit: the same seed, market and grid time throw the same numbers. */
export const visitRng = (seed: number, symbol: string, time: number) => createPrng(hash32(`${symbol}@${time}`, seed >>> 0));

interface Book {
  readonly market: Market;
  readonly params: MakerParams;
  lastIndex: Price | undefined;
  funded: boolean;
  lastLogged: number;
}

/** Desk calls sent so far (what the bot costs the desk), by kind. */
export interface MakerCounts {
  place: number;
  replace: number;
  cancel: number;
  take: number;
}

export const noCounts = (): MakerCounts => ({ place: 0, replace: 0, cancel: 0, take: 0 });

/** Sides in the order they move: the one going away from the other first, so the bot never crosses itself. */
export const sideOrder = (last: Price | undefined, index: Price): Side[] => (last === undefined || index >= last ? ['sell', 'buy'] : ['buy', 'sell']);

/** The middle of the best resting bid and ask (undefined unless both sides have one). */
export function restingMid(open: Record<Side, readonly OpenQuote[]>): Price | undefined {
  if (open.buy.length === 0 || open.sell.length === 0) return undefined;
  const bid = Math.max(...open.buy.map((o) => o.price));
  const ask = Math.min(...open.sell.map((o) => o.price));
  return Math.floor((bid + ask) / 2) as Price;
}

/** Sends one side's plan to the desk (all at once: the desk runs them in order) and answers the replies' promises. */
export function sendPlan(spot: MakerSpot, user: number, m: Market, side: Side, plan: RequotePlan, counts?: MakerCounts): Promise<unknown>[] {
  const work: Promise<unknown>[] = [];
  for (const { order, to } of plan.replace) {
    work.push(spot.replace({ user, orderId: order.orderId, price: formatPrice(m, to.price, true), qty: formatQty(m, to.qty, true) }).then(check('replace')));
  }
  for (const q of plan.place) {
    work.push(
      spot.place({ type: 'limit', user, symbol: m.symbol, side, price: formatPrice(m, q.price, true), qty: formatQty(m, q.qty, true), tif: 'GTC', postOnly: true }).then(check('place')),
    );
  }
  for (const o of plan.cancel) work.push(spot.cancel({ user, orderId: o.orderId }).then(check('cancel')));
  if (counts) {
    counts.replace += plan.replace.length;
    counts.place += plan.place.length;
    counts.cancel += plan.cancel.length;
  }
  return work;
}

/** An IOC against the book, `stp: NONE`: the bot's own quote is a fair counterparty (inventory stays, fees move). */
export function sendTake(spot: MakerSpot, user: number, m: Market, take: TakeOrder, counts?: MakerCounts): Promise<unknown> {
  if (counts) counts.take++;
  return spot
    .place({ type: 'limit', user, symbol: m.symbol, side: take.side, price: formatPrice(m, take.price, true), qty: formatQty(m, take.qty, true), tif: 'IOC', stp: 'NONE' })
    .then(check('ioc'));
}

export class MarketMaker {
  private readonly o: MarketMakerOptions;
  private readonly books: Book[];
  private readonly timer: NodeJS.Timeout;
  private next = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  private quoteFunded = false;
  /** Desk calls sent so far. */
  readonly counts: MakerCounts = noCounts();

  constructor(o: MarketMakerOptions) {
    this.o = o;
    const params = o.params ?? defaultParams;
    this.books = o.markets.map((market) => ({ market, params: params(market), lastIndex: undefined, funded: false, lastLogged: -Infinity }));
    const tickMs = o.tickMs ?? DEFAULT_TICK_MS;
    // A tick that finds the previous one still running skips: a slow desk must not pile up work.
    this.timer = setInterval(() => {
      this.running ??= this.tick(tickMs).finally(() => (this.running = null));
    }, tickMs);
  }

  /** Ends the timer and waits for the visit in flight; quotes stay on the books (the next start re-reads them). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async tick(tickMs: number): Promise<void> {
    const time = Math.floor(this.o.clock() / tickMs) * tickMs;
    const count = Math.min(this.o.perTick ?? DEFAULT_PER_TICK, this.books.length);
    for (let i = 0; i < count && !this.stopped; i++) {
      const book = this.books[this.next]!;
      this.next = (this.next + 1) % this.books.length;
      try {
        await this.visit(book, time);
      } catch (error) {
        if (time - book.lastLogged >= LOG_EVERY_MS) {
          book.lastLogged = time;
          this.o.log.warn({ err: error, symbol: book.market.symbol }, 'market maker visit failed');
        }
      }
    }
  }

  private async visit(b: Book, time: number): Promise<void> {
    const m = b.market;
    const index = this.o.indexPrice(m.symbol);
    if (index === null) return; // no reference yet: quoting blind would invent a price
    await this.fund(b, index);
    const rng = visitRng(this.o.seed, m.symbol, time);
    const open = await this.openOrders(m);
    const wanted: Ladder = quoteLadder(m, index, b.params, rng);
    // After a start the last index is the resting quotes' middle: the side moving away from the other goes first.
    for (const side of sideOrder(b.lastIndex ?? restingMid(open), index)) {
      const plan = planRequote(side, index, open[side], side === 'buy' ? wanted.bids : wanted.asks, b.params);
      if (!planIsEmpty(plan)) await settleAll(sendPlan(this.o.spot, this.o.user, m, side, plan, this.counts));
    }
    b.lastIndex = index;
    if (this.o.takes !== false && rng.next() < b.params.takerChance) {
      const taker = this.o.taker;
      if (taker === undefined) {
        const take = planTake(m, wanted, b.params, rng);
        if (take !== null) await sendTake(this.o.spot, this.o.user, m, take, this.counts);
      } else {
        const lean = await taker.lean(m.symbol);
        const take = planTake(m, wanted, b.params, rng, lean !== null && rng.next() < 2 / 3 ? lean : undefined);
        if (take !== null) await sendTake(taker.spot, taker.user, m, take, this.counts);
      }
    }
  }

  private async fund(b: Book, index: Price): Promise<void> {
    if (b.funded) return;
    const inventory = this.o.inventory ?? DEFAULT_INVENTORY;
    if (!this.quoteFunded) {
      if (await fundOnce(this.o.wallet, this.o.user, b.market.quote, inventory * BigInt(this.books.length))) this.o.log.info(`market maker funded with ${b.market.quote}`);
      this.quoteFunded = true;
    }
    if (this.o.fundBase !== false && (await fundOnce(this.o.wallet, this.o.user, b.market.base, baseWorth(b.market, index, inventory)))) {
      this.o.log.info(`market maker funded with ${b.market.base}`);
    }
    b.funded = true;
  }

  private async openOrders(m: Market): Promise<Record<Side, OpenQuote[]>> {
    const reply = await this.o.spot.openOrders(this.o.user, m.symbol);
    if (!reply.ok) throw new Error(`open orders: ${reply.code}`);
    const out: Record<Side, OpenQuote[]> = { buy: [], sell: [] };
    for (const o of reply.value) {
      const price = o.price === null ? null : parsePrice(m, o.price);
      const qty = parseQty(m, o.openQty);
      if (price?.ok && qty.ok) out[o.side].push({ orderId: o.orderId, price: price.value, qty: qty.value });
    }
    return out;
  }
}

type AnyReply = { ok: true } | { ok: false; code: string };

export function check(what: string): (reply: AnyReply) => void {
  return (reply) => {
    if (!reply.ok) throw new Error(`${what}: ${reply.code}`);
  };
}

/** Waits for every command, then throws the first failure: one refused quote must not hide the others' outcome. */
export async function settleAll(work: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(work);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}
