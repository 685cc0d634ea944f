// The contract scenario's private and mark data for the terminal benchmark's feed: perpetual markets (the ones shown
// with a book, and many more that only carry a position), one open position in each, and each market's mark walking
// at a fixed rate. Written as the server writes them: GET /app/contract/markets (ContractMarketItem with brackets),
// GET /app/contract/positions (ContractPositionsReply: the figures at the current marks by the shared perpMath risk
// module, as views.ts's positionItem and accountItem make them), `markPrice@X` (markPriceUpdate, 8-decimal text) and
// `funding@X` with every mark (stream.ts's markPriceEvent and fundingEvent), and `perpMarkKline@X@1m` (the bar of
// marks, sent at each mark: perp-market-stream.ts). Seeded, so two runs see the same account.
import type {
  ContractAccountItem, ContractBracketItem, ContractMarketItem, ContractPositionItem, ContractPositionsReply, FundingCountdownEvent, KlineEvent, MarkPriceEvent,
} from '../../server/contract/index.ts';
import { perpMath } from '../../server/contract/index.ts';
import { mulberry32 } from '../tools/random.ts';
import type { SyntheticMarket } from './terminal-market.ts';

const E8 = 100_000_000n;
const MINUTE = 60_000;
const FUNDING_MS = 8 * 3_600_000;
const BRACKETS = perpMath.defineBrackets(perpMath.BTC_BRACKETS_2024);
const LEVERAGES = [2, 3, 5, 10, 20] as const;

/** Minor units as the API writes them (trailing zeros trimmed); `fixed` as the mark event does (8 decimals). */
const text = perpMath.amountText;
const fixed = (units: bigint): string => {
  const digits = (units < 0n ? -units : units).toString().padStart(9, '0');
  return `${units < 0n ? '-' : ''}${digits.slice(0, -8)}.${digits.slice(-8)}`;
};
const units = (n: number): bigint => BigInt(Math.round(n * 1e8));
const ceilDiv = (a: bigint, b: bigint): bigint => (a <= 0n ? 0n : (a + b - 1n) / b);
const codeName = (symbol: string): string => `${symbol.slice(0, -4)}/USDT`;

const BRACKET_ITEMS: ContractBracketItem[] = BRACKETS.map((b) => ({
  bracket: b.bracket,
  notionalFloor: text(b.floor),
  notionalCap: text(b.cap),
  maxLeverage: b.maxLeverage,
  maintenanceMarginRate: text(b.mmr * 100n),
  maintenanceAmount: text(b.cum),
}));

interface Perp {
  readonly symbol: string;
  /** The spot twin whose mid the mark follows (the markets shown with a book); else a walk of its own. */
  readonly book: SyntheticMarket | undefined;
  readonly lot: bigint;
  readonly tick: bigint;
  mark: bigint;
  readonly home: bigint;
  readonly fundingRate: bigint;
  bar: { t: number; o: bigint; h: bigint; l: bigint; c: bigint; n: number };
}

interface Held {
  readonly perp: Perp;
  readonly position: perpMath.RiskPosition;
  readonly long: boolean;
  readonly lots: number;
  readonly adl: number;
}

export class SyntheticPerps {
  private readonly perps: Perp[] = [];
  private readonly bySymbol = new Map<string, Perp>();
  private readonly held: Held[] = [];
  private readonly rand: () => number;
  private readonly wallet: bigint;
  private readonly crossWallet: bigint;
  private readonly positionMargin: bigint;

  /** `shown`: the markets with a book (their marks follow the book's mid); `count` markets in all, one position each. */
  constructor(shown: readonly SyntheticMarket[], count: number, seed: number, now: number) {
    this.rand = mulberry32(seed);
    for (let i = 0; i < count; i++) {
      const book = shown[i];
      const price = book ? book.midPrice() : 0.05 * 10 ** (this.rand() * 5);
      const decimals = price >= 1000 ? 2 : price >= 10 ? 3 : price >= 1 ? 4 : 5;
      const mark = units(Number(price.toFixed(decimals)));
      const symbol = book ? book.symbol : `P${String(i).padStart(3, '0')}USDT`;
      // A lot worth 1–10 USDT.
      const lot = 10n ** BigInt(Math.max(0, 8 + Math.ceil(-Math.log10(price))));
      const perp: Perp = {
        symbol, book, lot, tick: 10n ** BigInt(8 - decimals), mark, home: mark,
        fundingRate: BigInt(Math.round((this.rand() - 0.4) * 20_000)),
        bar: { t: Math.floor(now / MINUTE) * MINUTE, o: mark, h: mark, l: mark, c: mark, n: 0 },
      };
      this.perps.push(perp);
      this.bySymbol.set(symbol, perp);
    }
    let isolatedMargins = 0n;
    let crossInitial = 0n;
    for (const [i, perp] of this.perps.entries()) {
      const long = this.rand() < 0.55;
      const leverage = LEVERAGES[Math.floor(this.rand() * LEVERAGES.length)]!;
      const mode: perpMath.MarginMode = i % 3 === 2 ? 'isolated' : 'cross';
      const notional = units(500 + this.rand() * 20_000);
      const lots = Math.max(1, Number((notional * E8) / (perp.mark * perp.lot)));
      const qty = BigInt(lots) * perp.lot;
      // Opened within 2 % of the mark.
      const entry = (perp.mark * BigInt(Math.round((0.98 + this.rand() * 0.04) * 1e6))) / 1_000_000n;
      const cost = (qty * entry) / E8;
      const initial = ceilDiv(cost, BigInt(leverage));
      const margin = mode === 'isolated' ? initial + initial / 2n : initial;
      if (mode === 'isolated') isolatedMargins += margin;
      else crossInitial += initial;
      this.held.push({ perp, long, lots, adl: Math.floor(this.rand() * 5), position: { size: long ? qty : -qty, cost, leverage, mode, margin, brackets: BRACKETS } });
    }
    // A wallet deep enough that no mark of the walk comes near a liquidation.
    this.positionMargin = isolatedMargins + crossInitial;
    this.wallet = this.positionMargin + units(2_000_000);
    this.crossWallet = this.wallet - isolatedMargins;
  }

  get symbols(): readonly string[] {
    return this.perps.map((p) => p.symbol);
  }

  has(symbol: string): boolean {
    return this.bySymbol.has(symbol);
  }

  private nextFunding(now: number): number {
    return (Math.floor(now / FUNDING_MS) + 1) * FUNDING_MS;
  }

  /** GET /app/contract/markets's list. */
  markets(now: number): ContractMarketItem[] {
    return this.perps.map((p) => ({
      symbol: p.symbol, codeName: codeName(p.symbol), base: p.symbol.slice(0, -4), quote: 'USDT',
      multiplier: text(p.lot), tickSize: text(p.tick), minQuantity: text(p.lot), maxQuantity: text(p.lot * 1_000_000n),
      minNotional: '5', maxNotional: '10000000', defaultLeverage: 20, maxLeverage: 125,
      makerFeePercent: '0.02', takerFeePercent: '0.05', liquidationFeePercent: '0.5', priceBandPercent: '5',
      isOpen: 0, maintenance: false,
      markPrice: text(p.mark), indexPrice: text(p.mark), fundingRate: text(p.fundingRate * 100n), lastFundingRate: text(p.fundingRate * 100n),
      nextFundingTime: this.nextFunding(now), brackets: BRACKET_ITEMS,
    }));
  }

  /** GET /app/contract/positions: every position at its market's current mark, the settings and the account. */
  positions(now: number): ContractPositionsReply {
    const risk = perpMath.accountPositionsRisk(this.crossWallet, this.held.map((h) => ({ position: h.position, mark: h.perp.mark })));
    const crossRatio = risk.crossMarginRatio === null ? null : perpMath.percentText(risk.crossMarginRatio);
    const positions = this.held.map((h, i): ContractPositionItem => {
      const r = risk.positions[i]!;
      const p = h.position;
      const qty = p.size < 0n ? -p.size : p.size;
      const t = perpMath.positionRiskTexts(r, h.perp.mark);
      return {
        symbol: h.perp.symbol, codeName: codeName(h.perp.symbol), direction: h.long ? 'long' : 'short',
        quantity: text(qty), lots: h.lots, multiplier: text(h.perp.lot), leverage: p.leverage, marginType: p.mode,
        entryPrice: text((p.cost * E8) / qty), markPrice: t.markPrice, notional: t.notional, margin: text(p.margin), entrustMargin: '0',
        unrealizedPnl: t.unrealizedPnl, entryNotional: text(p.cost),
        marginRatio: p.mode === 'isolated' ? t.marginRatio : crossRatio,
        profitRate: t.profitRate, maintenanceMargin: t.maintenanceMargin, liquidationPrice: t.liquidationPrice,
        adlQuantile: h.adl, takeProfit: null, stopLoss: null,
      };
    });
    const settings = this.held.map((h) => ({ symbol: h.perp.symbol, leverage: h.position.leverage, marginType: h.position.mode }));
    const a = perpMath.accountRiskTexts(risk, this.wallet);
    const account: ContractAccountItem = {
      asset: 'USDT', walletBalance: text(this.wallet), crossWalletBalance: text(this.crossWallet), unrealizedPnl: a.unrealizedPnl,
      marginBalance: a.marginBalance, positionMargin: text(this.positionMargin), entrustMargin: '0', crossMaintenance: a.crossMaintenance,
      crossMarginRatio: a.crossMarginRatio, available: text(this.wallet - this.positionMargin), time: now,
    };
    return { positions, settings, account };
  }

  /** The next mark of market `i` (a step of its walk, or its book's mid) as `markPrice@` and `funding@` events. */
  tick(i: number, now: number): { symbol: string; mark: MarkPriceEvent; funding: FundingCountdownEvent } {
    const p = this.perps[i % this.perps.length]!;
    if (p.book) p.mark = units(p.book.midPrice()) + BigInt(Math.round((this.rand() - 0.5) * 4)) * p.tick;
    else {
      // Up to two steps of 0.01 % at a time, pulled back toward where it started.
      const away = Number(p.mark - p.home) / Number(p.home);
      const steps = Math.round((this.rand() - 0.5 - away * 50) * 4);
      p.mark += (p.home / 10_000n) * BigInt(steps);
    }
    const start = Math.floor(now / MINUTE) * MINUTE;
    if (start !== p.bar.t) p.bar = { t: start, o: p.bar.c, h: p.bar.c, l: p.bar.c, c: p.bar.c, n: 0 };
    const b = p.bar;
    b.c = p.mark;
    if (p.mark > b.h) b.h = p.mark;
    if (p.mark < b.l) b.l = p.mark;
    b.n += 1;
    const next = this.nextFunding(now);
    return {
      symbol: p.symbol,
      mark: { e: 'markPriceUpdate', E: now, s: p.symbol, p: fixed(p.mark), i: fixed(p.mark), r: fixed(p.fundingRate), T: next },
      funding: { symbol: p.symbol, fundingRate: text(p.fundingRate * 100n), nextFundingTime: next, countdown: Math.max(0, next - now), time: now },
    };
  }

  /** The live bar of a market's marks (`perpMarkKline@X@1m`): marks as o/h/l/c, `n` the marks counted, no volumes. */
  markKline(symbol: string, now: number): KlineEvent | null {
    const p = this.bySymbol.get(symbol);
    if (!p) return null;
    const b = p.bar;
    const zero = fixed(0n);
    return {
      e: 'kline', E: now, s: symbol,
      k: { t: b.t, T: b.t + MINUTE - 1, s: symbol, i: '1m', f: -1, L: -1, o: fixed(b.o), c: fixed(b.c), h: fixed(b.h), l: fixed(b.l), v: zero, n: b.n, x: false, q: zero, V: zero, Q: zero, B: '0' },
    };
  }

  /** GET /fapi/v1/markPriceKlines rows, oldest first: a walk that ends at the live bar's open. */
  markKlines(symbol: string, intervalMs: number, limit: number, now: number): (string | number)[][] {
    const p = this.bySymbol.get(symbol);
    if (!p) return [];
    const rand = mulberry32(Number(p.home % 1_000_000n) + intervalMs);
    const last = Math.floor(now / intervalMs) * intervalMs;
    const rows: (string | number)[][] = [];
    let close = Number(p.bar.o) / 1e8;
    const f = (n: number) => fixed(units(n));
    for (let i = 1; i <= limit; i++) {
      const t = last - i * intervalMs;
      const open = close * (1 + (rand() - 0.5) * 0.004);
      rows.push([t, f(open), f(Math.max(open, close)), f(Math.min(open, close)), f(close), '0', t + intervalMs - 1, '0', 60, '0', '0', '0']);
      close = open;
    }
    return rows.reverse();
  }

  /** GET /fapi/v1/openInterest. */
  openInterest(symbol: string, now: number): { symbol: string; openInterest: string; time: number } | null {
    const h = this.held.find((x) => x.perp.symbol === symbol);
    if (!h) return null;
    const qty = h.position.size < 0n ? -h.position.size : h.position.size;
    return { symbol, openInterest: text(qty * 40n), time: now };
  }
}
