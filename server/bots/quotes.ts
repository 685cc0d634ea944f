// The market maker's arithmetic, pure: where its layered quotes go around an index price and how big they are,
// on the market's tick and lot grid and within its quantity and notional bounds; which of its resting quotes
// stay, move, are placed or cancelled when the index moves (within a tolerance that grows with depth, so the far
// levels stay still); and the size and reach of its small crossing orders. Spreads and steps widen with the coin's
// volatility (feeds/coins.ts) so a jumpy coin's quotes are not picked off by every index tick.
import type { Market, Price, Qty, Side } from '../kernel/index.ts';
import type { Prng } from '../feeds/prng.ts';

export interface MakerParams {
  /** Quotes per side. */
  readonly levels: number;
  /** Distance of the best quotes from the index, in basis points. */
  readonly halfSpreadBps: number;
  /** Distance between layers, in basis points (at least one tick). */
  readonly stepBps: number;
  /** Notional of the best layer in quote minor units. */
  readonly levelNotional: bigint;
  /** Each deeper layer adds this share of the best layer's notional (sizes grow with the distance). */
  readonly growth: number;
  /** How far the best quote may sit from its wanted price before it is moved, in basis points. */
  readonly requoteBps: number;
  /** Added to that tolerance per layer: deep quotes stay where they are through small moves. */
  readonly toleranceStepBps: number;
  /** A quote with less than this share of its wanted size left (taken) is refilled. */
  readonly refillShare: number;
  /** Chance per visit of a small IOC crossing the spread, so the market trades. */
  readonly takerChance: number;
  /** Notional range of those IOC orders (quote minor units), drawn log-uniformly: mostly small, now and then big. */
  readonly takerMin: bigint;
  readonly takerMax: bigint;
  /** The IOC's limit is the price of one of the first `takerReach` opposite layers, so a big one sweeps a few. */
  readonly takerReach: number;
}

export interface Quote {
  readonly price: Price;
  readonly qty: Qty;
}

export interface Ladder {
  readonly bids: Quote[];
  readonly asks: Quote[];
}

/** One of the maker's resting orders, as it reads them back. */
export interface OpenQuote {
  readonly orderId: number;
  readonly price: Price;
  /** Quantity still open, in lots. */
  readonly qty: Qty;
}

/** What to do on one side: keep some quotes, move others onto missing prices, place or cancel the rest. */
export interface RequotePlan {
  readonly keep: OpenQuote[];
  readonly replace: Array<{ readonly order: OpenQuote; readonly to: Quote }>;
  readonly place: Quote[];
  readonly cancel: OpenQuote[];
}

export interface TakeOrder {
  readonly side: Side;
  readonly price: Price;
  readonly qty: Qty;
}

const COIN = 100_000_000n;

/** Levels a side: a trader expects a deep book, not a handful of quotes. */
export const MAKER_LEVELS = 30;

/** Parameters for a market whose coin moves `vol` a year (0.5 = 50 %). */
export function makerParams(vol: number): MakerParams {
  // A step of about the index's typical one-minute move (8·vol bps: BTC 4, DOGE 8): about one quote a side moves a
  // minute, however many levels there are.
  const stepBps = Math.max(3, 8 * vol);
  return {
    levels: MAKER_LEVELS,
    halfSpreadBps: 2 + Math.round(4 * vol),
    stepBps,
    // 30 layers of 10,000 USDT growing by half of that per layer: ~2.5 million USDT a side on average (±30 % per
    // layer). BTC/USDT's first 24 layers lie within 1 % of the mid (4…98 bps): ≥ 1.1 million USDT, > 11 BTC.
    levelNotional: 10_000n * COIN,
    growth: 0.5,
    requoteBps: 2,
    toleranceStepBps: stepBps / 4,
    refillShare: 0.3,
    takerChance: 0.35,
    takerMin: 10n * COIN,
    takerMax: 600n * COIN,
    takerReach: 2,
  };
}

/** Lots for about `target` quote minor units at `price`, within the market's bounds; null when none fit. */
export function lotsFor(m: Market, price: Price, target: bigint): Qty | null {
  const perLot = BigInt(price) * m.quotePerTickLot;
  if (perLot <= 0n) return null;
  const ceil = (a: bigint, b: bigint) => (a + b - 1n) / b;
  const low = [BigInt(m.minQty), ceil(m.minNotional, perLot)].reduce((a, b) => (a > b ? a : b));
  const high = [BigInt(m.maxQty), m.maxNotional / perLot].reduce((a, b) => (a < b ? a : b));
  if (low > high) return null;
  const want = target / perLot;
  const lots = want < low ? low : want > high ? high : want;
  return Number(lots) as Qty;
}

/**
 * The maker's price grid, in ticks: floor(g^k) for whole k, g = 1 + stepBps/10⁴. The grid is the same whatever the
 * index, so a resting quote stays where it is until the index moves a whole step past it; then one quote a side
 * moves (from the far end of the ladder to the near one) instead of the whole ladder chasing every tick.
 */
const gridPrice = (k: number, lnG: number): number => Math.floor(Math.exp(k * lnG));

/** Distinct grid prices at or below `limit`, highest first (at most `count`, never below 1 tick). */
function gridDown(limit: number, lnG: number, count: number): number[] {
  const out: number[] = [];
  let k = Math.floor(Math.log(limit) / lnG) + 1;
  while (k > 0 && gridPrice(k, lnG) > limit) k--;
  while (out.length < count && k >= 0) {
    const price = gridPrice(k, lnG);
    if (price < 1) break;
    out.push(price);
    // The next lower distinct grid price: floor(g^k) ≤ price − 1, i.e. g^k < price.
    k = Math.min(k - 1, Math.ceil(Math.log(price) / lnG) - 1);
    while (k > 0 && gridPrice(k, lnG) >= price) k--;
  }
  return out;
}

/** Distinct grid prices at or above `limit`, lowest first (at most `count`, all safe integers). */
function gridUp(limit: number, lnG: number, count: number): number[] {
  const out: number[] = [];
  let k = Math.max(0, Math.ceil(Math.log(limit) / lnG) - 1);
  while (gridPrice(k, lnG) < limit) k++;
  while (out.length < count) {
    const price = gridPrice(k, lnG);
    if (!Number.isSafeInteger(price)) break;
    out.push(price);
    // The next higher distinct grid price: floor(g^k) ≥ price + 1.
    k = Math.max(k + 1, Math.ceil(Math.log(price + 1) / lnG) - 1);
    while (gridPrice(k, lnG) <= price) k++;
  }
  return out;
}

/**
 * The ladder around `index` (ticks): bids strictly below it and falling, asks strictly above and rising, on the
 * grid (at least one tick apart), the best ones at least `halfSpreadBps` away; sizes grow with the layer and vary
 * by ±30 % with `rng` so the book does not look machine-made.
 */
export function quoteLadder(m: Market, index: Price, p: MakerParams, rng: Prng): Ladder {
  const lnG = Math.log1p(Math.max(p.stepBps, 0.01) / 10_000);
  const bidLimit = Math.min(index - 1, Math.floor((index * (10_000 - p.halfSpreadBps)) / 10_000));
  const askLimit = Math.max(index + 1, Math.ceil((index * (10_000 + p.halfSpreadBps)) / 10_000));
  const bidPrices = bidLimit >= 1 ? gridDown(bidLimit, lnG, p.levels) : [];
  const askPrices = gridUp(askLimit, lnG, p.levels);
  const size = (layer: number) => (p.levelNotional * BigInt(Math.round((1 + p.growth * layer) * (0.7 + 0.6 * rng.next()) * 1000))) / 1000n;
  const bids: Quote[] = [];
  const asks: Quote[] = [];
  for (let i = 0; i < p.levels; i++) {
    // Two draws per layer whether or not both sides have one, so a side's sizes don't depend on the other's count.
    const bidSize = size(i);
    const askSize = size(i);
    const bid = bidPrices[i];
    const ask = askPrices[i];
    if (bid !== undefined) {
      const qty = lotsFor(m, bid as Price, bidSize);
      if (qty !== null) bids.push({ price: bid as Price, qty });
    }
    if (ask !== undefined) {
      const qty = lotsFor(m, ask as Price, askSize);
      if (qty !== null) asks.push({ price: ask as Price, qty });
    }
  }
  return { bids, asks };
}

/** Ticks a quote of layer `layer` may be away from its wanted price and still stay. */
export function toleranceTicks(index: Price, layer: number, p: MakerParams): number {
  return Math.floor((index * (p.requoteBps + layer * p.toleranceStepBps)) / 10_000);
}

/**
 * Matches the resting quotes of one side to the wanted ones (best first). A resting quote stays for a wanted layer
 * when it is within that layer's tolerance, still on its side of the index, and not taken below `refillShare` of
 * the wanted size; the closest pairs are matched first. Wanted layers left over get the remaining quotes moved
 * onto them (one already at that very price first: a refill), then new quotes; remaining quotes are cancelled.
 *
 * One quote per price, so the book shows as many levels as the ladder has: a quote resting at a wanted price stays
 * only for that price's own layer (if it is taken below its share it is refilled there), never for a neighbour
 * within tolerance (its price would get a second quote and the neighbour's none), and of quotes sharing a price
 * at most one stays (the others move to the prices nobody quotes).
 */
export function planRequote(side: Side, index: Price, open: readonly OpenQuote[], wanted: readonly Quote[], p: MakerParams): RequotePlan {
  const covered = new Set<number>();
  const used = new Set<number>();
  /** Prices of the quotes that stay: a second quote at one of them would show as no level of its own. */
  const kept = new Set<number>();
  const fits = (o: OpenQuote, w: Quote) => (side === 'buy' ? o.price < index : o.price > index) && o.qty >= w.qty * p.refillShare;
  // Quotes exactly at a wanted price first (distance 0: the usual case, the ladder is on a fixed grid) …
  const atPrice = new Map<number, number[]>();
  open.forEach((o, at) => {
    const here = atPrice.get(o.price);
    if (here === undefined) atPrice.set(o.price, [at]);
    else here.push(at);
  });
  wanted.forEach((w, layer) => {
    const at = atPrice.get(w.price)?.find((i) => fits(open[i]!, w));
    if (at !== undefined) {
      covered.add(layer);
      used.add(at);
      kept.add(w.price);
    }
  });
  // … then the rest by distance, each within its layer's tolerance: only quotes at prices no layer wants (a quote
  // at a wanted price is that layer's, refilled there when taken) and no other quote stays at.
  const wantedPrices = new Set(wanted.map((w) => w.price));
  if (covered.size < wanted.length && used.size < open.length) {
    const pairs: Array<{ layer: number; at: number; distance: number }> = [];
    wanted.forEach((w, layer) => {
      if (covered.has(layer)) return;
      const tolerance = toleranceTicks(index, layer, p);
      open.forEach((o, at) => {
        const distance = Math.abs(o.price - w.price);
        if (!used.has(at) && !wantedPrices.has(o.price) && distance <= tolerance && fits(o, w)) pairs.push({ layer, at, distance });
      });
    });
    pairs.sort((a, b) => a.distance - b.distance || a.layer - b.layer || a.at - b.at);
    for (const pair of pairs) {
      const price = open[pair.at]!.price;
      if (covered.has(pair.layer) || used.has(pair.at) || kept.has(price)) continue;
      covered.add(pair.layer);
      used.add(pair.at);
      kept.add(price);
    }
  }
  const keep = open.filter((_, at) => used.has(at));
  const movers = open.filter((_, at) => !used.has(at));
  const missing = wanted.filter((_, layer) => !covered.has(layer));
  const replace: Array<{ order: OpenQuote; to: Quote }> = [];
  const place: Quote[] = [];
  const free = new Set(movers);
  const unplaced: Quote[] = [];
  // A taken quote refilled where it stands, rather than another one moved there beside it.
  for (const q of missing) {
    const same = movers.find((o) => free.has(o) && o.price === q.price);
    if (same === undefined) unplaced.push(q);
    else {
      free.delete(same);
      replace.push({ order: same, to: q });
    }
  }
  const rest = movers.filter((o) => free.has(o));
  unplaced.forEach((q, i) => {
    const mover = rest[i];
    if (mover === undefined) place.push(q);
    else replace.push({ order: mover, to: q });
  });
  return { keep, replace, place, cancel: rest.slice(unplaced.length) };
}

/** Whether a plan changes anything. */
export const planIsEmpty = (plan: RequotePlan): boolean => plan.replace.length === 0 && plan.place.length === 0 && plan.cancel.length === 0;

/**
 * A crossing order against the ladder: a random side, a log-uniform notional in [takerMin, takerMax], limited at
 * one of the first `takerReach` opposite layers (so a big one takes a few levels). Null when nothing fits.
 */
export function planTake(m: Market, ladder: Ladder, p: MakerParams, rng: Prng, chosen?: Side): TakeOrder | null {
  // A side chosen by the caller throws no die for it, so runs without one keep their sequence.
  const side: Side = chosen ?? (rng.next() < 0.5 ? 'buy' : 'sell');
  const layers = side === 'buy' ? ladder.asks : ladder.bids;
  const reach = layers[Math.min(layers.length - 1, Math.floor(rng.next() * Math.max(1, p.takerReach)))];
  const best = layers[0];
  if (reach === undefined || best === undefined) return null;
  const low = Number(p.takerMin);
  const high = Number(p.takerMax > p.takerMin ? p.takerMax : p.takerMin);
  const target = BigInt(Math.round(low * Math.pow(high / low, rng.next())));
  const qty = lotsFor(m, best.price, target);
  return qty === null ? null : { side, price: reach.price, qty };
}

/** Whether the index moved enough since the last quotes to look at them again. */
export function movedEnough(last: Price | undefined, index: Price, requoteBps: number): boolean {
  return last === undefined || Math.abs(index - last) * 10_000 >= requoteBps * last;
}

/** Base minor units worth `quote` minor units at `index` ticks (what the bot is funded with per market). */
export function baseWorth(m: Market, index: Price, quote: bigint): bigint {
  return (quote * COIN) / (BigInt(index) * m.tickSize);
}

/** Base minor units of `qty` lots (depth sums in tests and logs). */
export const baseOf = (m: Market, qty: Qty): bigint => BigInt(qty) * m.lotSize;
