// Random command sequences for the perpetuals engine's property tests, and the invariants checked after every
// command. A run is a list of steps (engine commands, plus deposits and insurance seeds posted to the ledger
// directly) generated from a seeded mulberry32 against the live engine, so the same list replays on a fresh engine.
import { FastBook } from '../../../../server/kernel/book/fast-book.ts';
import { EXTERNAL, FEE_INCOME, INSURANCE, PERP_CLEARING, PERP_RECEIVABLE, userAccount, type AccountKey } from '../../../../server/kernel/ledger/accounts.ts';
import { Ledger } from '../../../../server/kernel/ledger/ledger.ts';
import { defineMarket, notional } from '../../../../server/kernel/money/market.ts';
import { amount, asset, qty, type Amount, type OrderId, type Price, type Qty, type UserId } from '../../../../server/kernel/money/nominal.ts';
import { defineBrackets, type BracketSpec } from '../../../../server/contract/perp-math/brackets.ts';
import { PerpEngine } from '../../../../server/kernel/perp/engine.ts';
import type { LiquidationIndex } from '../../../../server/kernel/perp/liq-index.ts';
import type { Holding } from '../../../../server/kernel/perp/holdings.ts';
import { initialMargin, positionMaintenance, unrealizedPnl } from '../../../../server/contract/perp-math/margin.ts';
import type { FeeRates, MarginMode, PerpCommand, PerpEvent, PerpMarket } from '../../../../server/kernel/perp/types.ts';
import { divCeil, parseRate, rate } from '../../../../server/kernel/perp/units.ts';
import { mulberry32 } from '../../../tools/random.ts';
import { BTC_PERP, E8, USDT } from './engine-fixtures.ts';
import { ETH_2020 } from './fixtures.ts';

/** A USDT perpetual of `base` on the given tick and lot (quote minor units, base minor units), 20x by default. */
export function usdtPerp(o: { base: string; tickSize: bigint; lotSize: bigint; brackets: readonly BracketSpec[]; liquidationFee: string }): PerpMarket {
  const symbol = `${o.base}USDT`;
  return {
    symbol,
    market: defineMarket({
      symbol, base: asset(o.base), quote: USDT, tickSize: o.tickSize, lotSize: o.lotSize,
      minQty: qty(1), maxQty: qty(10_000_000), minNotional: amount(0n), maxNotional: amount(10n ** 17n),
    }),
    brackets: defineBrackets(o.brackets),
    defaultLeverage: 20,
    liquidationFee: parseRate(o.liquidationFee),
  };
}

/** ETHUSDT: 1 tick = 0.01 USDT, 1 lot = 0.01 ETH, the reconstructed 2020 ETH brackets (100x at most). */
export const ETH_PERP: PerpMarket = usdtPerp({ base: 'ETH', tickSize: 1_000_000n, lotSize: 1_000_000n, brackets: ETH_2020, liquidationFee: '0.015' });

export const MARKETS: readonly PerpMarket[] = [BTC_PERP, ETH_PERP];
export const SYMBOLS = MARKETS.map((m) => m.symbol);

export function newWorldEngine(markets: readonly PerpMarket[] = MARKETS): PerpEngine {
  return new PerpEngine({ markets: [...markets], ledger: new Ledger(), book: () => new FastBook() });
}

/** A step of a run: an engine command, or money from outside (a user's deposit, an operator's insurance seed). */
export type Step =
  | PerpCommand
  | { readonly type: 'deposit'; readonly time: number; readonly user: UserId; readonly amount: bigint }
  | { readonly type: 'seedInsurance'; readonly time: number; readonly amount: bigint };

export function applyStep(e: PerpEngine, s: Step): PerpEvent[] {
  if (s.type === 'deposit') {
    e.ledger.post([
      { account: EXTERNAL, asset: USDT, amount: amount(-s.amount) },
      { account: userAccount(s.user, 'contract', 'available'), asset: USDT, amount: amount(s.amount) },
    ]);
    return [];
  }
  if (s.type === 'seedInsurance') {
    e.ledger.post([
      { account: EXTERNAL, asset: USDT, amount: amount(-s.amount) },
      { account: INSURANCE, asset: USDT, amount: amount(s.amount) },
    ]);
    return [];
  }
  return e.apply(s);
}

const avail = (e: PerpEngine, u: UserId): bigint => e.ledger.balance(userAccount(u, 'contract', 'available'), USDT);
const froz = (e: PerpEngine, u: UserId): bigint => e.ledger.balance(userAccount(u, 'contract', 'frozen'), USDT);
export const walletOf = (e: PerpEngine, u: UserId): bigint => avail(e, u) + froz(e, u);

// ---- generation ----------------------------------------------------------------------------------------------

export interface GenOptions {
  readonly seed: number;
  readonly steps: number;
  readonly users?: number;
  /** Let users trade with themselves (STP NONE) some of the time. */
  readonly selfTrade?: boolean;
}

export const MAKER = 100 as UserId;
const FEE_SETS: readonly FeeRates[] = [
  { makerPpm: 0, takerPpm: 0 },
  { makerPpm: 200, takerPpm: 500 },
  { makerPpm: 0, takerPpm: 400 },
  { makerPpm: 100, takerPpm: 1_000 },
];

/** Generates a run step by step against `e`; `exec` applies each step (and checks it) and returns its events. */
export class Generator {
  private readonly rng: () => number;
  private time = 1_000;
  readonly users: UserId[] = [];
  /** Fair price per market in ticks: the drifting price orders and marks are drawn around. */
  private readonly fair = new Map<string, number>();
  private makerOn = true;

  private readonly e: PerpEngine;
  private readonly o: GenOptions;
  private readonly exec: (s: Step) => PerpEvent[];

  constructor(e: PerpEngine, o: GenOptions, exec: (s: Step) => PerpEvent[]) {
    this.e = e;
    this.o = o;
    this.exec = exec;
    this.rng = mulberry32(o.seed);
    this.fair.set('BTCUSDT', 50_000);
    this.fair.set('ETHUSDT', 300_000);
  }

  private r(): number {
    return this.rng();
  }
  private int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)]!;
  }
  private chance(p: number): boolean {
    return this.r() < p;
  }
  private spec(symbol: string): PerpMarket {
    return this.e.market(symbol)!;
  }
  private step(s: Step): PerpEvent[] {
    return this.exec(s);
  }
  private now(): number {
    return (this.time += 1_000);
  }

  run(): void {
    const n = this.o.users ?? this.int(6, 12);
    this.step({ type: 'deposit', time: this.now(), user: MAKER, amount: 1_000_000_000n * E8 });
    for (const symbol of SYMBOLS) this.step({ type: 'leverage', time: this.now(), user: MAKER, symbol, leverage: 10 });
    for (let i = 1; i <= n; i++) {
      const u = i as UserId;
      this.users.push(u);
      // 50 … 500,000 USDT, log-uniform.
      const whole = Math.floor(50 * 10 ** (this.r() * 4));
      this.step({ type: 'deposit', time: this.now(), user: u, amount: BigInt(whole) * E8 + BigInt(this.int(0, 99_999_999)) });
      for (const symbol of SYMBOLS) {
        if (this.chance(0.5)) this.step({ type: 'marginMode', time: this.now(), user: u, symbol, mode: 'isolated' });
        const top = this.spec(symbol).brackets[0]!.maxLeverage;
        const lev = this.chance(0.3) ? this.int(1, 10) : this.chance(0.5) ? this.int(10, 50) : this.int(50, top);
        this.step({ type: 'leverage', time: this.now(), user: u, symbol, leverage: lev });
      }
    }
    for (const symbol of SYMBOLS) this.markStep(symbol, false);
    for (const symbol of SYMBOLS) this.refreshMaker(symbol);
    for (let i = 0; i < this.o.steps; i++) this.one();
  }

  private one(): void {
    const x = this.r();
    const symbol = this.chance(0.6) ? 'BTCUSDT' : 'ETHUSDT';
    const u = this.pick(this.users);
    if (x < 0.27) this.limit(u, symbol);
    else if (x < 0.37) this.market(u, symbol);
    else if (x < 0.44) this.reduceOnly(u, symbol);
    else if (x < 0.48) this.conditional(u, symbol);
    else if (x < 0.55) this.cancel(u);
    else if (x < 0.57) this.step({ type: 'cancelAll', time: this.now(), user: u, ...(this.chance(0.5) ? { symbol } : {}) });
    else if (x < 0.61) this.leverage(u, symbol);
    else if (x < 0.66) this.adjust(u, symbol);
    else if (x < 0.67) this.mode(u, symbol);
    else if (x < 0.81) this.markStep(symbol, true);
    else if (x < 0.84) this.fundingStep(symbol);
    else if (x < 0.96) {
      if (this.makerOn) this.refreshMaker(symbol);
    } else if (x < 0.975) this.toggleMaker();
    else if (x < 0.985) this.step({ type: 'seedInsurance', time: this.now(), amount: BigInt(this.int(1, 20_000)) * E8 });
    else if (x < 0.995) this.step({ type: 'deposit', time: this.now(), user: u, amount: BigInt(this.int(10, 20_000)) * E8 });
    else this.limit(u, symbol);
  }

  private ticksOfMark(symbol: string): number {
    const m = this.e.markOf(symbol);
    const tick = this.spec(symbol).market.tickSize;
    return m === null ? this.fair.get(symbol)! : Number(m / tick);
  }

  /** A price around the fair price: within ±3 %, ticks ≥ 1. */
  private near(symbol: string, spread = 0.03): number {
    const f = this.fair.get(symbol)!;
    return Math.max(1, Math.round(f * (1 + (this.r() * 2 - 1) * spread)));
  }

  /** Lots worth a random fraction (up to 1.3×) of what the user's available balance could open at `ticks`. */
  private lots(u: UserId, symbol: string, ticks: number): number {
    const m = this.spec(symbol).market;
    const h = this.e.holding(u, symbol);
    const lev = BigInt(h?.leverage ?? this.spec(symbol).defaultLeverage);
    const perLot = notional(m, ticks as Price, 1 as Qty);
    const most = Number((avail(this.e, u) * lev) / perLot);
    const frac = this.chance(0.15) ? this.r() * 0.05 : this.r() * 1.3;
    return Math.max(1, Math.floor(most * frac));
  }

  private place(u: UserId, symbol: string, o: { side: 'buy' | 'sell'; kind: 'limit' | 'market'; price: number; lots: number; tif?: 'GTC' | 'IOC' | 'FOK'; postOnly?: boolean; reduceOnly?: boolean; fees?: FeeRates }): PerpEvent[] {
    // Users trade with self-trade prevention on unless the run allows self-trades: one with STP NONE can break the
    // settlement (engine-property.test.ts, "settles a self-trade"). The maker's quotes never cross each other.
    const stp = u === MAKER ? 'NONE' : this.o.selfTrade === true && this.chance(0.3) ? 'NONE' : this.pick(['EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'] as const);
    return this.step({
      type: 'place', time: this.now(), user: u, symbol, side: o.side, kind: o.kind, price: o.price as Price, qty: o.lots as Qty,
      tif: o.tif ?? 'GTC', postOnly: o.postOnly ?? false, reduceOnly: o.reduceOnly ?? false, stp, fees: o.fees ?? this.pick(FEE_SETS),
    });
  }

  private limit(u: UserId, symbol: string): void {
    const side = this.chance(0.5) ? 'buy' : 'sell';
    const price = this.near(symbol);
    const t = this.r();
    const tif = t < 0.7 ? 'GTC' : t < 0.85 ? 'IOC' : 'FOK';
    const postOnly = tif === 'GTC' && this.chance(0.15);
    this.place(u, symbol, { side, kind: 'limit', price, lots: this.lots(u, symbol, price), tif, postOnly });
  }

  /** A market order bounded at ±5 % of the mark. */
  private market(u: UserId, symbol: string): void {
    const side = this.chance(0.5) ? 'buy' : 'sell';
    const mk = this.ticksOfMark(symbol);
    const price = Math.max(1, Math.round(side === 'buy' ? mk * 1.05 : mk * 0.95));
    this.place(u, symbol, { side, kind: 'market', price, lots: this.lots(u, symbol, mk), tif: 'IOC' });
  }

  private reduceOnly(u: UserId, symbol: string): void {
    const size = this.e.holding(u, symbol)?.size ?? 0;
    const side = size > 0 ? 'sell' : size < 0 ? 'buy' : this.chance(0.5) ? 'buy' : 'sell';
    const abs = Math.abs(size);
    const lots = abs === 0 || this.chance(0.1) ? abs + this.int(1, 5) : this.int(1, abs);
    if (this.chance(0.3)) {
      const mk = this.ticksOfMark(symbol);
      this.place(u, symbol, { side, kind: 'market', price: Math.max(1, Math.round(side === 'buy' ? mk * 1.05 : mk * 0.95)), lots, reduceOnly: true });
    } else {
      this.place(u, symbol, { side, kind: 'limit', price: this.near(symbol), lots, reduceOnly: true, tif: this.chance(0.8) ? 'GTC' : 'IOC' });
    }
  }

  /**
   * A conditional order (stop / take-profit, limit or market, on the mark or the last price), its trigger 0.2–5 %
   * away on the side it fires from (sometimes already reached, which is refused); some close the whole position.
   */
  private conditional(u: UserId, symbol: string): void {
    const kind = this.pick(['stop', 'stop_market', 'take_profit', 'take_profit_market'] as const);
    const size = this.e.holding(u, symbol)?.size ?? 0;
    const side = size !== 0 && this.chance(0.7) ? (size > 0 ? 'sell' : 'buy') : this.chance(0.5) ? 'buy' : 'sell';
    const working = this.chance(0.5) ? 'mark' : 'last';
    const tick = this.spec(symbol).market.tickSize;
    const ref = (working === 'last' ? this.e.lastPrice(symbol) : null) ?? this.e.markOf(symbol) ?? BigInt(this.fair.get(symbol)!) * tick;
    const rising = (kind === 'stop' || kind === 'stop_market') === (side === 'buy');
    const away = this.chance(0.05) ? -0.01 : 0.002 + this.r() * 0.048;
    const trigger = BigInt(Math.max(1, Math.round(Number(ref) * (1 + (rising ? away : -away)))));
    const limit = kind === 'stop' || kind === 'take_profit';
    const price = limit ? (Math.max(1, Math.round((Number(trigger) / Number(tick)) * (1 + (side === 'buy' ? 0.01 : -0.01) * this.r()))) as Price) : null;
    const close = size !== 0 && this.chance(0.3);
    const qty = close ? null : (this.lots(u, symbol, Number(ref / tick)) as Qty);
    this.step({
      type: 'conditional', time: this.now(), user: u, symbol, side, kind, trigger, working, price, qty,
      reduceOnly: !close && size !== 0 && this.chance(0.3), tif: this.chance(0.8) ? 'GTC' : 'IOC', origin: close ? this.pick(['tp', 'sl'] as const) : 'trigger', fees: this.pick(FEE_SETS),
    });
  }

  private cancel(u: UserId): void {
    const mine = [...this.e.openOrders(u).map((o) => o.id), ...this.e.waiting(u).map((w) => w.id)];
    const id = mine.length > 0 && this.chance(0.9) ? this.pick(mine) : (this.int(1, 100_000) as OrderId);
    this.step({ type: 'cancel', time: this.now(), user: u, order: id });
  }

  private leverage(u: UserId, symbol: string): void {
    const top = this.spec(symbol).brackets[0]!.maxLeverage;
    const lev = this.chance(0.05) ? this.pick([0, top + 1, 1.5]) : this.int(1, top);
    this.step({ type: 'leverage', time: this.now(), user: u, symbol, leverage: lev });
  }

  private adjust(u: UserId, symbol: string): void {
    const h = this.e.holding(u, symbol);
    const add = this.chance(0.5);
    const base = add ? avail(this.e, u) : (h?.margin ?? 0n);
    const frac = BigInt(Math.floor(this.r() * 1_100));
    const amt = base > 0n ? (base * frac) / 1_000n : BigInt(this.int(0, 100)) * E8;
    this.step({ type: 'adjustMargin', time: this.now(), user: u, symbol, amount: amt as Amount, add });
  }

  private mode(u: UserId, symbol: string): void {
    const mode: MarginMode = this.chance(0.5) ? 'isolated' : 'cross';
    this.step({ type: 'marginMode', time: this.now(), user: u, symbol, mode });
  }

  /** Moves the fair price (a walk, sometimes a 5–15 % jump) and marks the market near it. */
  private markStep(symbol: string, move: boolean): void {
    let f = this.fair.get(symbol)!;
    const start = symbol === 'BTCUSDT' ? 50_000 : 300_000;
    if (move) {
      if (this.chance(0.04)) f *= 1 + (this.chance(0.5) ? 1 : -1) * (0.05 + this.r() * 0.1);
      else f *= 1 + (this.r() * 2 - 1) * 0.006;
      // Reflect into [0.3, 3] × the start so a long run stays in range.
      if (f < start * 0.3) f = start * 0.6 - f;
      if (f > start * 3) f = start * 6 - f;
      f = Math.max(2, Math.round(f));
      this.fair.set(symbol, f);
    }
    const tick = this.spec(symbol).market.tickSize;
    const mark = BigInt(f) * tick + BigInt(Math.floor(this.r() * Number(tick)));
    this.step({ type: 'mark', time: this.now(), symbol, mark });
  }

  private fundingStep(symbol: string): void {
    const tick = this.spec(symbol).market.tickSize;
    const mark = BigInt(this.fair.get(symbol)!) * tick + BigInt(Math.floor(this.r() * Number(tick)));
    // ±0.3 % (rate × 10^8: 0.3 % = 300,000).
    const r = rate(BigInt(this.int(-300_000, 300_000)));
    this.step({ type: 'funding', time: this.now(), symbol, rate: r, mark });
  }

  /** The market maker cancels its quotes in a market and puts 3–4 levels on each side around the fair price. */
  private refreshMaker(symbol: string): void {
    this.step({ type: 'cancelAll', time: this.now(), user: MAKER, symbol });
    const f = this.fair.get(symbol)!;
    const m = this.spec(symbol).market;
    const levels = this.int(3, 4);
    const step = Math.max(1, Math.round(f * 0.002));
    // Lots worth about 2,000 … 200,000 USDT a level.
    const perLot = Number(notional(m, f as Price, 1 as Qty)) / 1e8;
    for (let i = 1; i <= levels; i++) {
      for (const side of ['buy', 'sell'] as const) {
        const price = side === 'buy' ? Math.max(1, f - i * step) : f + i * step;
        const usd = 2_000 * 10 ** (this.r() * 2);
        const lots = Math.max(1, Math.round(usd / perLot));
        this.place(MAKER, symbol, { side, kind: 'limit', price, lots, tif: 'GTC', fees: FEE_SETS[0] });
      }
    }
  }

  private toggleMaker(): void {
    if (this.makerOn) {
      this.makerOn = false;
      this.step({ type: 'cancelAll', time: this.now(), user: MAKER });
    } else {
      this.makerOn = true;
      for (const symbol of SYMBOLS) this.refreshMaker(symbol);
    }
  }
}

// ---- invariants ------------------------------------------------------------------------------------------------

export interface Violation {
  readonly rule: string;
  readonly detail: string;
}

export function holdingsOf(e: PerpEngine, u: UserId): Holding[] {
  return SYMBOLS.map((s) => e.holding(u, s)).filter((h): h is Holding => h !== undefined);
}

const absB = (x: bigint): bigint => (x < 0n ? -x : x);

/**
 * What a holding's open orders add up to (recomputed from the engine's order list): the open notional of the
 * orders that may open a position, by side, the highest taker rate among them, how many are reduce-only, and the
 * open loss they hold.
 */
export function orderExposure(e: PerpEngine, h: Holding): { bids: bigint; asks: bigint; ppm: number; reducing: number; loss: bigint } {
  const m = e.market(h.symbol)!.market;
  let bids = 0n;
  let asks = 0n;
  let ppm = 0;
  let reducing = 0;
  let loss = 0n;
  for (const o of e.openOrders(h.user)) {
    if (o.symbol !== h.symbol) continue;
    if (o.reduceOnly) {
      reducing += 1;
      continue;
    }
    ppm = Math.max(ppm, o.fees.takerPpm);
    loss += o.lossPerLot * BigInt(o.open);
    const v = notional(m, o.price, o.open as Qty);
    if (o.side === 'buy') bids += v;
    else asks += v;
  }
  return { bids, asks, ppm, reducing, loss };
}

/**
 * Entrust margin for exposure `bids` / `asks` beyond the position's entry notional C (Binance's one-way requirement
 * max(|C + bids|, |C − asks|) − |C|), over the leverage, plus the taker fee on it at `ppm`, plus the open loss
 * the orders hold.
 */
export function entrustFor(h: Holding, bids: bigint, asks: bigint, ppm: number, loss = 0n): bigint {
  const c = h.size > 0 ? h.cost : -h.cost;
  const worst = absB(c + bids) > absB(c - asks) ? absB(c + bids) : absB(c - asks);
  const x = worst > absB(c) ? worst - absB(c) : 0n;
  if (x === 0n) return loss;
  return initialMargin(x, h.leverage) + divCeil(x * BigInt(ppm), 1_000_000n) + loss;
}

/** Is this position (isolated) or its cross account at or below maintenance? Recomputed from margin.ts. */
export function isUnderwater(e: PerpEngine, h: Holding): boolean {
  if (h.size === 0) return false;
  const pos = (x: Holding) => {
    const spec = e.market(x.symbol)!;
    const size = BigInt(x.size) * spec.market.lotSize;
    const mark = e.markOf(x.symbol);
    const upnl = mark === null ? 0n : unrealizedPnl({ size, cost: x.cost }, mark);
    const mm = mark === null ? 0n : positionMaintenance(spec.brackets, size, mark);
    return { upnl, mm };
  };
  if (h.mode === 'isolated') {
    const p = pos(h);
    return h.margin + p.upnl <= p.mm;
  }
  // Cross wallet: the whole contract wallet less what isolated positions hold.
  let wallet = walletOf(e, h.user);
  let upnl = 0n;
  let mm = 0n;
  for (const x of holdingsOf(e, h.user)) {
    if (x.mode === 'isolated') wallet -= x.margin;
    else if (x.size !== 0) {
      const p = pos(x);
      upnl += p.upnl;
      mm += p.mm;
    }
  }
  return wallet + upnl <= mm;
}

/**
 * The liquidation price the engine's index holds for a position (a private field, read only to tell a stale index
 * from other causes when a position is left under water), or undefined when the position is not indexed.
 */
function indexedPrice(e: PerpEngine, symbol: string, user: UserId): bigint | undefined {
  const markets = (e as unknown as { markets?: Map<string, { liq?: LiquidationIndex }> }).markets;
  return markets?.get(symbol)?.liq?.get(user)?.price;
}

interface Snapshot {
  readonly balances: Map<AccountKey, bigint>;
  /** Position size by `user:symbol`. */
  readonly sizes: Map<string, number>;
  /** Margin + entrust margin held by `user:symbol`. */
  readonly held: Map<string, bigint>;
}

function snapshot(e: PerpEngine, users: readonly UserId[]): Snapshot {
  const sizes = new Map<string, number>();
  for (const p of e.positions()) sizes.set(`${p.user}:${p.symbol}`, p.size);
  const held = new Map<string, bigint>();
  for (const u of users) for (const h of holdingsOf(e, u)) held.set(`${u}:${h.symbol}`, h.margin + h.orderMargin);
  return { balances: new Map(e.ledger.entries().filter((x) => x.asset === USDT).map((x) => [x.account, x.amount as bigint])), sizes, held };
}

type Accepted = Extract<PerpEvent, { type: 'accepted' }>;

/**
 * Applies steps and checks every invariant after each. Rules named `known:…` are engine bugs this suite has a
 * minimal reproduction for (engine-property.test.ts); everything else is a new failure.
 */
export class Checker {
  readonly e: PerpEngine;
  private readonly users: () => readonly UserId[];
  /** Every order the engine accepted, by id (liquidation and ADL orders included). */
  private readonly accepted = new Map<OrderId, Accepted>();
  readonly violations: Violation[] = [];
  /** Conditional orders already reported as waiting past their trigger (reported once). */
  private readonly reached = new Set<OrderId>();
  /** Each resting order's open lots as the events told them: what a desk that follows the events knows. */
  private readonly told = new Map<OrderId, number>();
  /** Cross users the insurance fund covered a loss of in this step, and the market of the loss. */
  private readonly coveredCross = new Map<UserId, string>();
  readonly counts = new Map<string, number>();
  steps = 0;

  constructor(e: PerpEngine, users: () => readonly UserId[]) {
    this.e = e;
    this.users = users;
  }

  exec(step: Step): PerpEvent[] {
    const before = snapshot(this.e, this.users());
    let events: PerpEvent[];
    try {
      events = applyStep(this.e, step);
    } catch (error) {
      // No command applies half: one that throws has left the engine mid-way (postings applied, positions not).
      this.violations.push({ rule: 'command-threw', detail: `step ${this.steps + 1} ${describeStep(step)}: ${String(error)}` });
      throw error;
    }
    this.steps += 1;
    for (const ev of events) {
      const k = ev.type === 'trade' ? `trade:${ev.via}` : ev.type === 'rejected' ? `rejected:${ev.code}` : ev.type === 'liquidation' ? `liquidation:${ev.mode}` : ev.type;
      this.counts.set(k, (this.counts.get(k) ?? 0) + 1);
      if (ev.type === 'trade' && (ev.taker.covered > 0n || ev.maker.covered > 0n)) this.counts.set('covered', (this.counts.get('covered') ?? 0) + 1);
      if (ev.type === 'trade' && (ev.taker.debt > 0n || ev.maker.debt > 0n)) this.counts.set('debt', (this.counts.get('debt') ?? 0) + 1);
      if (ev.type === 'trade' && (ev.taker.debt < 0n || ev.maker.debt < 0n)) this.counts.set('repaid', (this.counts.get('repaid') ?? 0) + 1);
    }
    for (const v of this.check(step, events, before)) this.violations.push({ rule: v.rule, detail: `step ${this.steps} ${describeStep(step)}: ${v.detail}` });
    return events;
  }

  private check(step: Step, events: readonly PerpEvent[], before: Snapshot): Violation[] {
    const e = this.e;
    const users = this.users();
    const out: Violation[] = [];
    const fail = (rule: string, detail: string) => out.push({ rule, detail });
    try {
      e.ledger.checkInvariants();
    } catch (err) {
      fail('ledger', String(err));
    }
    for (const ev of events) {
      if (ev.type === 'accepted') this.accepted.set(ev.order, ev);
      else if (ev.type === 'rested' || ev.type === 'amended') this.told.set(ev.order, ev.qty);
      else if (ev.type === 'closed') this.told.delete(ev.order);
      else if (ev.type === 'trade' && ev.via === 'book' && this.told.has(ev.maker.order)) this.told.set(ev.maker.order, this.told.get(ev.maker.order)! - ev.qty);
    }
    this.coveredCross.clear();

    // Open interest, and the clearing account holding the open positions' net entry cost.
    for (const symbol of SYMBOLS) {
      const oi = e.openInterest(symbol);
      if (oi.long !== oi.short) fail('open-interest', `${symbol} long ${oi.long} short ${oi.short}`);
    }
    let clearing = 0n;
    for (const p of e.positions()) clearing -= p.size > 0 ? p.cost : -p.cost;
    const clearingNow = e.ledger.balance(PERP_CLEARING, USDT);
    if (clearingNow !== clearing) fail('clearing', `clearing ${clearingNow}, −Σ side × cost ${clearing}`);

    // Holdings: frozen = Σ margin + entrust margin; nothing negative; flat ⇒ nothing held for it; entrust margin = what
    // the orders need.
    for (const u of users) {
      let held = 0n;
      for (const h of holdingsOf(e, u)) {
        held += h.margin + h.orderMargin;
        if (h.margin < 0n || h.orderMargin < 0n) fail('holding-negative', `user ${u} ${h.symbol} margin ${h.margin} orderMargin ${h.orderMargin}`);
        if (h.size === 0 && (h.margin !== 0n || h.cost !== 0n)) fail('flat-margin', `user ${u} ${h.symbol} flat with margin ${h.margin} cost ${h.cost}`);
        if (h.size !== 0 && h.cost <= 0n) fail('cost', `user ${u} ${h.symbol} size ${h.size} cost ${h.cost}`);
        // The exposure the engine keeps as orders change is its orders' sum; the entrust margin is what it needs.
        // The fee reserve's rate is the highest since the holding last had no orders (engine.ts: it may only be
        // more than today's highest).
        const x = orderExposure(e, h);
        if (h.bids !== x.bids || h.asks !== x.asks || h.reducing !== x.reducing || h.takerPpm < x.ppm || h.loss !== x.loss) {
          fail('exposure', `user ${u} ${h.symbol} bids ${h.bids}/${x.bids} asks ${h.asks}/${x.asks} reducing ${h.reducing}/${x.reducing} ppm ${h.takerPpm}/${x.ppm} loss ${h.loss}/${x.loss}`);
        }
        const target = entrustFor(h, x.bids, x.asks, h.takerPpm, x.loss);
        if (h.orderMargin !== target) fail('entrust-margin', `user ${u} ${h.symbol} orderMargin ${h.orderMargin}, orders need ${target}`);
      }
      if (froz(e, u) !== held) fail('frozen', `user ${u} frozen ${froz(e, u)}, holdings hold ${held}`);
      if (avail(e, u) < 0n || froz(e, u) < 0n) fail('wallet-negative', `user ${u} available ${avail(e, u)} frozen ${froz(e, u)}`);
    }

    // Orders: the engine's and the book's agree; only limit orders of users (or their triggers) rest; reduce-only
    // orders only reduce, and together never exceed the position.
    for (const symbol of SYMBOLS) {
      const book = e.bookOf(symbol)!;
      const mine = e.openOrders().filter((o) => o.symbol === symbol);
      if (book.size() !== mine.length) fail('book-size', `${symbol} book ${book.size()}, engine ${mine.length}`);
      const reduce = new Map<UserId, number>();
      for (const o of mine) {
        const r = book.order(o.id);
        if (r === undefined || r.qty !== o.open || o.open <= 0 || r.owner !== o.user || r.side !== o.side || r.price !== o.price) {
          fail('book-order', `${symbol} order ${o.id} engine open ${o.open}, book ${JSON.stringify(r)}`);
        }
        if (o.origin === 'liquidation' || o.origin === 'adl' || o.kind !== 'limit') fail('resting-kind', `order ${o.id} ${o.origin} ${o.kind} rests`);
        const h = e.holding(o.user, symbol);
        if (h === undefined || !h.orders.has(o.id)) fail('holding-orders', `order ${o.id} not in its holding`);
        if (o.reduceOnly) {
          const size = h?.size ?? 0;
          const closes = size !== 0 && Math.sign(size) !== (o.side === 'buy' ? 1 : -1);
          if (!closes || o.open > Math.abs(size)) fail('reduce-only', `order ${o.id} ${o.side} ${o.open} against size ${size}`);
          reduce.set(o.user, (reduce.get(o.user) ?? 0) + o.open);
        }
      }
      for (const [u, total] of reduce) {
        const size = Math.abs(e.holding(u, symbol)?.size ?? 0);
        if (total > size) fail('reduce-only-sum', `user ${u} ${symbol} reduce-only orders ${total} > position ${size}`);
      }
      for (const u of users) {
        const h = e.holding(u, symbol);
        if (h !== undefined) for (const id of h.orders) if (!mine.some((o) => o.id === id)) fail('holding-orders', `holding ${u} ${symbol} lists gone order ${id}`);
      }
    }

    // The events tell every change of a resting order (rested, a maker's fill, amended, closed): the orders they
    // describe are the engine's, lot for lot (what a desk following them publishes is the book).
    const resting = new Map(e.openOrders().map((o) => [o.id, o.open]));
    for (const [id, open] of resting) if (this.told.get(id) !== open) fail('events-book', `order ${id} open ${open}, events say ${this.told.get(id)}`);
    for (const [id, lots] of this.told) if (!resting.has(id)) fail('events-book', `order ${id} gone, events say ${lots} open`);

    // Conditional orders: each waiting one is in its holding's list and the other way round; none waits whose
    // price has already reached its trigger; one that closes the position waits only with a position.
    const waiting = e.waiting();
    for (const w of waiting) {
      const h = e.holding(w.user, w.symbol);
      if (h === undefined || !h.triggers.has(w.id)) fail('conditional-holding', `conditional ${w.id} not in its holding`);
      if (w.qty === null && (h?.size ?? 0) === 0) fail('conditional-close', `close-position conditional ${w.id} of user ${w.user} waits without a position`);
      const now = w.working === 'mark' ? e.markOf(w.symbol) : e.lastPrice(w.symbol);
      const rising = (w.kind === 'stop' || w.kind === 'stop_market') === (w.side === 'buy');
      if (now !== null && (rising ? now >= w.trigger : now <= w.trigger) && !this.reached.has(w.id)) {
        this.reached.add(w.id);
        const what = `conditional ${w.id} (${w.kind} ${w.side} on ${w.working} ${w.symbol}, trigger ${w.trigger}) waits though the ${w.working} price is ${now}`;
        // A liquidation in another market's mark traded here and moved the last price.
        const elsewhere = w.working === 'last' && 'symbol' in step && step.symbol !== w.symbol && events.some((x) => x.type === 'trade' && x.symbol === w.symbol);
        fail(elsewhere ? 'known:last-price-moved-by-other-market' : 'conditional-reached', what);
      }
    }
    for (const u of users) for (const h of holdingsOf(e, u)) for (const id of h.triggers) if (!waiting.some((w) => w.id === id)) fail('conditional-holding', `holding ${u} ${h.symbol} lists gone conditional ${id}`);

    // Money: every ledger change is in some event's postings; each wallet moved by exactly what the events report.
    const after = snapshot(e, users);
    const posted = new Map<AccountKey, bigint>();
    const post = (k: AccountKey, x: bigint) => posted.set(k, (posted.get(k) ?? 0n) + x);
    for (const ev of events) if ('postings' in ev) for (const p of ev.postings) post(p.account, p.amount);
    if (step.type === 'deposit') {
      post(userAccount(step.user, 'contract', 'available'), step.amount);
      post(EXTERNAL, -step.amount);
    }
    if (step.type === 'seedInsurance') {
      post(INSURANCE, step.amount);
      post(EXTERNAL, -step.amount);
    }
    for (const k of new Set([...before.balances.keys(), ...after.balances.keys(), ...posted.keys()])) {
      const delta = (after.balances.get(k) ?? 0n) - (before.balances.get(k) ?? 0n);
      if (delta !== (posted.get(k) ?? 0n)) fail('postings', `${k} moved ${delta}, events posted ${posted.get(k) ?? 0n}`);
    }
    const expectWallet = new Map<UserId, bigint>();
    let insurance = 0n;
    let fees = 0n;
    let clearingMove = 0n;
    const add = (u: UserId, x: bigint) => expectWallet.set(u, (expectWallet.get(u) ?? 0n) + x);
    events.forEach((ev, i) => {
      if (ev.type === 'trade') {
        for (const s of [ev.taker, ev.maker]) {
          add(s.user, s.realized - s.fee + s.covered + s.debt);
          insurance -= s.covered;
          fees += s.fee;
          clearingMove -= s.realized;
          if (s.fee < 0n || s.covered < 0n || s.closed < 0 || s.closed > ev.qty) fail('trade-side', `trade ${ev.trade} ${s.user}: fee ${s.fee} covered ${s.covered} closed ${s.closed}`);
          // Reduce-only orders (users', liquidation and ADL closes) never open a position.
          const o = this.accepted.get(s.order);
          const reduceOnly = ev.via === 'adl' || (o !== undefined && o.reduceOnly);
          if (reduceOnly && s.closed !== ev.qty) {
            const what = `trade ${ev.trade}: reduce-only order ${s.order} of user ${s.user} closed ${s.closed} of ${ev.qty}`;
            // A resting reduce-only order swept after the same taker's earlier fills with the same user closed (or
            // flipped) the position it was to reduce.
            const earlier = events.slice(0, i).some((x) => x.type === 'trade' && x.via === 'book' && x.taker.order === ev.taker.order && x.maker.user === s.user);
            if (s === ev.maker && o !== undefined && o.origin !== 'liquidation' && o.origin !== 'adl' && earlier) fail('known:reduce-only-filled-after-flip', what);
            else fail('reduce-only-opened', what);
          }
          if (s.covered > 0n && this.e.holding(s.user, ev.symbol)?.mode === 'cross') this.coveredCross.set(s.user, ev.symbol);
        }
        if (ev.via === 'adl') {
          const liq = events.slice(i).find((x) => x.type === 'liquidation' && x.user === ev.taker.user);
          if (liq?.type === 'liquidation' && liq.bankruptcy !== ev.price) fail('adl-price', `ADL trade ${ev.trade} at ${ev.price}, bankruptcy ${liq.bankruptcy}`);
        } else {
          const t = this.accepted.get(ev.taker.order);
          if (t !== undefined && (t.side === 'buy' ? ev.price > t.price : ev.price < t.price)) fail('limit', `trade ${ev.trade} at ${ev.price} past the taker's limit ${t.price}`);
          const m = this.accepted.get(ev.maker.order);
          if (m !== undefined && m.price !== ev.price) fail('limit', `trade ${ev.trade} at ${ev.price}, maker's price ${m.price}`);
        }
      }
      if (ev.type === 'funding') {
        const spec = e.market(ev.symbol)!;
        for (const p of ev.payments) {
          add(p.user, p.debt - p.amount);
          const size = before.sizes.get(`${p.user}:${ev.symbol}`) ?? 0;
          const exact = BigInt(Math.abs(size)) * spec.market.lotSize * ev.mark * absB(ev.rate);
          const pays = size > 0 === ev.rate > 0n;
          const due = pays ? divCeil(exact, E8 * E8) : -(exact / (E8 * E8));
          if (pays ? p.amount < 0n || p.amount > due : p.amount !== due) fail('funding-amount', `user ${p.user} size ${size} paid ${p.amount}, due ${due}`);
          // A payer short of funds: its debt, then the fund, pays the rest.
          if (pays && p.amount < due && e.holding(p.user, ev.symbol)?.mode === 'cross') this.coveredCross.set(p.user, ev.symbol);
          if (p.debt !== 0n && e.holding(p.user, ev.symbol)?.mode !== 'cross') fail('debt-isolated', `isolated user ${p.user} ${ev.symbol} funding debt ${p.debt}`);
        }
        insurance += ev.insurance;
      }
      if (ev.type === 'liquidation') {
        add(ev.user, -ev.fee);
        insurance += ev.fee;
        if (ev.fee < 0n) fail('liquidation-fee', `negative clearance fee ${ev.fee}`);
      }
    });
    if (step.type === 'deposit') add(step.user, step.amount);
    if (step.type === 'seedInsurance') insurance += step.amount;
    const bal = (s: Snapshot, k: AccountKey) => s.balances.get(k) ?? 0n;
    for (const u of users) {
      const w0 = bal(before, userAccount(u, 'contract', 'available')) + bal(before, userAccount(u, 'contract', 'frozen'));
      const w1 = walletOf(e, u);
      if (w1 - w0 !== (expectWallet.get(u) ?? 0n)) fail('equity', `user ${u} wallet moved ${w1 - w0}, events say ${expectWallet.get(u) ?? 0n}`);
    }
    const moved = (k: AccountKey) => bal(after, k) - bal(before, k);
    if (moved(INSURANCE) !== insurance) fail('insurance', `insurance moved ${moved(INSURANCE)}, events say ${insurance}`);
    if (moved(FEE_INCOME) !== fees) fail('fee-income', `fee income moved ${moved(FEE_INCOME)}, events say ${fees}`);
    if (moved(PERP_CLEARING) !== clearingMove) fail('clearing-move', `clearing moved ${moved(PERP_CLEARING)}, −Σ realized ${clearingMove}`);
    // The fund pays a cross loss only past the whole cross account: cash and every cross position's unrealized
    // P&L. After a cover the account's equity (cross wallet, debt included, plus Σ cross UPnL) is not positive.
    for (const [u, symbol] of this.coveredCross) {
      let upnl = 0n;
      for (const h of holdingsOf(e, u)) if (h.mode === 'cross' && h.size !== 0) upnl += e.upnl(h);
      const equity = e.crossWallet(u) + upnl;
      if (equity <= 0n) continue;
      fail('cover-while-solvent', `the insurance fund covered a ${symbol} cross loss of user ${u}, whose cross equity is still ${equity} (wallet ${e.crossWallet(u)}, UPnL ${upnl})`);
    }
    // Debts: the receivable account is minus their sum; an account owes only while it holds a position that may pay
    // the debt (the fund writes off what is owed when none is left).
    let owed = 0n;
    for (const u of users) {
      for (const h of holdingsOf(e, u)) {
        owed += h.owed;
        if (h.owed < 0n) fail('debt', `user ${u} ${h.symbol} ${h.mode} owes ${h.owed}`);
      }
      if (e.owed(u) > 0n && !holdingsOf(e, u).some((h) => h.size !== 0)) fail('debt-uncarried', `user ${u} owes ${e.owed(u)} with no position`);
    }
    if (bal(after, PERP_RECEIVABLE) !== -owed) fail('receivable', `receivable ${bal(after, PERP_RECEIVABLE)}, users owe ${owed}`);
    // Every liquidation closes its position: the trades since the one before it closed all of its lots.
    let from = 0;
    events.forEach((ev, i) => {
      if (ev.type !== 'liquidation') return;
      let closed = 0;
      for (const x of events.slice(from, i)) {
        if (x.type !== 'trade' || x.symbol !== ev.symbol) continue;
        if (x.taker.user === ev.user) closed += x.taker.closed;
        if (x.maker.user === ev.user) closed += x.maker.closed;
      }
      if (closed < Math.abs(ev.size)) fail('liquidation-progress', `user ${ev.user} ${ev.symbol} liquidation of ${ev.size} lots closed ${closed}`);
      from = i + 1;
    });
    if (step.type === 'place') {
      const id = events.find((x): x is Accepted => x.type === 'accepted' && x.origin === 'user')?.order;
      const taken = events.filter((x) => x.type === 'trade' && x.via === 'book' && x.taker.order === id).reduce((a, x) => a + (x.type === 'trade' ? x.qty : 0), 0);
      if (id !== undefined && step.postOnly && taken > 0) fail('post-only', `post-only order ${id} took ${taken}`);
      if (id !== undefined && step.tif === 'FOK' && step.kind === 'limit' && taken !== 0 && taken !== step.qty) fail('fok', `FOK order ${id} filled ${taken} of ${step.qty}`);
      const rested = events.some((x) => x.type === 'rested' && x.order === id);
      if (id !== undefined && rested && (step.tif !== 'GTC' || step.kind === 'market')) fail('ioc-rested', `${step.kind} ${step.tif} order ${id} rested`);
    }

    // After a mark (funding marks too): the liquidation pass left every position of that market, and every cross
    // account holding one, above maintenance.
    if (step.type === 'mark' || step.type === 'funding') {
      const liquidated = new Set(events.filter((x) => x.type === 'liquidation').map((x) => (x.type === 'liquidation' ? x.user : 0)));
      const liqOrders = new Set([...this.accepted.values()].filter((a) => a.origin === 'liquidation').map((a) => a.order));
      const mark = e.markOf(step.symbol)!;
      for (const u of users) {
        const h = e.holding(u, step.symbol);
        if (h === undefined || h.size === 0) continue;
        const mine = isUnderwater(e, h);
        if (mine !== e.underwater(h)) fail('underwater-agree', `user ${u} ${step.symbol}: engine.underwater ${e.underwater(h)}, margin.ts ${mine}`);
        if (!mine) continue;
        const what = `user ${u} ${step.symbol} ${h.mode} size ${h.size} cost ${h.cost} margin ${h.margin} still at or below maintenance at mark ${mark}`;
        const reaches = (p: bigint | null | undefined) => p !== null && p !== undefined && (h.size > 0 ? p >= mark : p <= mark);
        const filledByLiquidation = events.some((x) => x.type === 'trade' && x.via === 'book' && x.maker.user === u && liqOrders.has(x.taker.order) && !liquidated.has(u));
        const fired = new Set(events.filter((x): x is Accepted => x.type === 'accepted' && (x.origin === 'trigger' || x.origin === 'tp' || x.origin === 'sl')).map((x) => x.order));
        const tradedByTrigger = events.some((x) => x.type === 'trade' && x.via === 'book' && (x.maker.user === u || x.taker.user === u) && (fired.has(x.taker.order) || fired.has(x.maker.order)));
        if (filledByLiquidation) fail('known:maker-filled-by-liquidation', what);
        else if (tradedByTrigger) fail('known:traded-by-trigger-after-liquidation-pass', what);
        else if (h.mode === 'cross' && !liquidated.has(u) && reaches(e.liquidationPrice(h)) && !reaches(indexedPrice(e, step.symbol, u))) {
          fail('known:stale-cross-index', `${what}; liquidation price ${e.liquidationPrice(h)}, indexed ${indexedPrice(e, step.symbol, u)}`);
        } else fail('underwater-after-mark', what);
      }
    }
    return out;
  }
}

const big = (_k: string, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v);
export function describeStep(step: Step): string {
  return JSON.stringify(step, big);
}

/** Generates and checks one run; returns the checker (violations, counts), the steps and every step's events. */
export function runSeed(o: GenOptions): { checker: Checker; steps: Step[]; events: PerpEvent[][]; users: UserId[] } {
  const e = newWorldEngine();
  const steps: Step[] = [];
  const events: PerpEvent[][] = [];
  // The generator adds its users as it funds them; the checker reads the live list.
  const users: UserId[] = [MAKER];
  const checker = new Checker(e, () => users);
  const g = new Generator(e, o, (s) => {
    if (s.type === 'deposit' && !users.includes(s.user)) users.push(s.user);
    steps.push(s);
    const ev = checker.exec(s);
    events.push(ev);
    return ev;
  });
  g.run();
  return { checker, steps, events, users };
}

/** Replays steps on a fresh engine and returns every command's events. */
export function replay(steps: readonly Step[]): PerpEvent[][] {
  const e = newWorldEngine();
  return steps.map((s) => applyStep(e, s));
}
