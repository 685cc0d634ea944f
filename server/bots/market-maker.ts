// The market maker: one bot user keeping layered post-only bids and asks around each market's index price, through
// desks.spot like any user. A timer visits a few markets per tick (bounded work), round-robin: it reads the bot's
// open orders there, moves only the quotes that differ from the wanted ladder (replace, else place or cancel),
// and sometimes sends a small IOC across the spread so the market trades. Randomness comes from the seed and the
// tick's time on a fixed grid, so a run is reproducible from the seed and the clock. Failures are logged (at most
// once per market per LOG_EVERY_MS) and never stop the timer.
import type { Clock } from '../clock.ts';
import { COIN_PROFILES } from '../feeds/coins.ts';
import { createPrng, hash32 } from '../feeds/prng.ts';
import { formatPrice, formatQty, parsePrice, parseQty, type Market, type Price, type Qty, type Side } from '../kernel/index.ts';
import type { FundsDesk, SpotDesk } from '../desks/index.ts';
import { baseWorth, lotsFor, makerParams, movedEnough, quoteLadder, type MakerParams, type Quote } from './quotes.ts';
import { fundOnce } from './account.ts';
import type { BotLog } from './index.ts';

export interface MarketMakerOptions {
  readonly spot: Pick<SpotDesk, 'openOrders' | 'place' | 'replace' | 'cancel'>;
  /** The coin wallet's desk, for the inventory credit. */
  readonly wallet: FundsDesk;
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
}

export const DEFAULT_TICK_MS = 250;
export const DEFAULT_PER_TICK = 4;
export const DEFAULT_INVENTORY = 250_000n * 100_000_000n;
const LOG_EVERY_MS = 10_000;

interface Book {
  readonly market: Market;
  readonly params: MakerParams;
  lastIndex: Price | undefined;
  funded: boolean;
  lastLogged: number;
}

interface Open {
  readonly orderId: number;
  readonly price: Price;
  readonly qty: Qty;
}

export class MarketMaker {
  private readonly o: MarketMakerOptions;
  private readonly books: Book[];
  private readonly timer: NodeJS.Timeout;
  private next = 0;
  private running: Promise<void> | null = null;
  private stopped = false;
  private quoteFunded = false;

  constructor(o: MarketMakerOptions) {
    this.o = o;
    const params = o.params ?? ((m: Market) => makerParams(COIN_PROFILES[m.base]?.vol ?? 0.8));
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
    const rng = createPrng(hash32(`${m.symbol}@${time}`, this.o.seed >>> 0));
    const open = await this.openOrders(m);
    const wanted = quoteLadder(m, index, b.params, rng);
    const complete = open.buy.length === wanted.bids.length && open.sell.length === wanted.asks.length;
    if (!complete || movedEnough(b.lastIndex, index, b.params.requoteBps)) {
      // Move the side that goes away from the other first, so the bot's bids and asks never cross each other.
      const up = b.lastIndex === undefined || index >= b.lastIndex;
      const sides: Side[] = up ? ['sell', 'buy'] : ['buy', 'sell'];
      for (const side of sides) await this.requote(m, side, open[side], side === 'buy' ? wanted.bids : wanted.asks);
      b.lastIndex = index;
    }
    if (rng.next() < b.params.takerChance) await this.take(m, rng.next() < 0.5 ? 'buy' : 'sell', wanted, b.params);
  }

  private async fund(b: Book, index: Price): Promise<void> {
    if (b.funded) return;
    const inventory = this.o.inventory ?? DEFAULT_INVENTORY;
    if (!this.quoteFunded) {
      if (await fundOnce(this.o.wallet, this.o.user, b.market.quote, inventory * BigInt(this.books.length))) this.o.log.info(`market maker funded with ${b.market.quote}`);
      this.quoteFunded = true;
    }
    if (await fundOnce(this.o.wallet, this.o.user, b.market.base, baseWorth(b.market, index, inventory))) this.o.log.info(`market maker funded with ${b.market.base}`);
    b.funded = true;
  }

  private async openOrders(m: Market): Promise<Record<Side, Open[]>> {
    const reply = await this.o.spot.openOrders(this.o.user, m.symbol);
    if (!reply.ok) throw new Error(`open orders: ${reply.code}`);
    const out: Record<Side, Open[]> = { buy: [], sell: [] };
    for (const o of reply.value) {
      const price = o.price === null ? null : parsePrice(m, o.price);
      const qty = parseQty(m, o.openQty);
      if (price?.ok && qty.ok) out[o.side].push({ orderId: o.orderId, price: price.value, qty: qty.value });
    }
    return out;
  }

  /** Leaves quotes already at a wanted price, moves the others onto the missing prices, places or cancels the rest. */
  private async requote(m: Market, side: Side, open: Open[], wanted: Quote[]): Promise<void> {
    // The first open order at each wanted price stays as it is (sizes differ a little every visit: no churn);
    // every other open order is free to move to a wanted price that has none.
    const wantedPrices = new Set(wanted.map((q) => q.price));
    const covered = new Set<Price>();
    const movers: Open[] = [];
    for (const o of open) {
      if (wantedPrices.has(o.price) && !covered.has(o.price)) covered.add(o.price);
      else movers.push(o);
    }
    const unplaced = wanted.filter((q) => !covered.has(q.price));
    const work: Promise<unknown>[] = [];
    unplaced.forEach((q, i) => {
      const mover = movers[i];
      const price = formatPrice(m, q.price, true);
      const qty = formatQty(m, q.qty, true);
      work.push(
        mover !== undefined
          ? this.o.spot.replace({ user: this.o.user, orderId: mover.orderId, price, qty }).then(check('replace'))
          : this.o.spot.place({ type: 'limit', user: this.o.user, symbol: m.symbol, side, price, qty, tif: 'GTC', postOnly: true }).then(check('place')),
      );
    });
    for (const extra of movers.slice(unplaced.length)) work.push(this.o.spot.cancel({ user: this.o.user, orderId: extra.orderId }).then(check('cancel')));
    await settleAll(work);
  }

  /** A small IOC at the bot's own best opposite quote: it trades with whoever is best there, the bot included. */
  private async take(m: Market, side: Side, wanted: { bids: Quote[]; asks: Quote[] }, p: MakerParams): Promise<void> {
    const best = side === 'buy' ? wanted.asks[0] : wanted.bids[0];
    if (best === undefined) return;
    const qty = lotsFor(m, best.price, p.takerNotional);
    if (qty === null) return;
    const reply = await this.o.spot.place({
      type: 'limit', user: this.o.user, symbol: m.symbol, side, price: formatPrice(m, best.price, true), qty: formatQty(m, qty, true), tif: 'IOC',
      // The bot's own quote is a fair counterparty: inventory stays put and only fees change hands.
      stp: 'NONE',
    });
    check('ioc')(reply);
  }
}

type AnyReply = { ok: true } | { ok: false; code: string };

function check(what: string): (reply: AnyReply) => void {
  return (reply) => {
    if (!reply.ok) throw new Error(`${what}: ${reply.code}`);
  };
}

/** Waits for every command, then throws the first failure: one refused quote must not hide the others' outcome. */
async function settleAll(work: Promise<unknown>[]): Promise<void> {
  const results = await Promise.allSettled(work);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

