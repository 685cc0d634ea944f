// A user's contract account as its positions see it: each holding's risk figures at the current marks, and the
// account's totals (wallet, margins held, and the engine's account risk: the cross wallet, unrealized result and
// maintenance), read from the engine in one go so the figures agree with each other. Reads only. The figures come
// from the shared perpMath risk module (through the engine), the same code the browser recomputes them with.
import { crossMarginRatio, notionalAt, profitRate, type AccountRisk } from '../../contract/perp-math/risk.ts';
import { userAccount, type Asset, type Holding, type MarginMode, type Rate, type UserId } from '../../kernel/index.ts';
import type { PerpState } from './state.ts';

export interface PositionRisk {
  symbol: string;
  /** Signed lots (the book's unit) and signed base minor units. */
  lots: number;
  size: bigint;
  cost: bigint;
  leverage: number;
  mode: MarginMode;
  margin: bigint;
  orderMargin: bigint;
  mark: bigint | null;
  /** perpMath.notionalAt: |size| × mark rounded down, the entry notional before the first mark. */
  notional: bigint;
  upnl: bigint;
  /** perpMath.profitRate: UPnL over the initial margin at entry. */
  profitRate: Rate;
  maintenance: bigint;
  /** PerpEngine.marginRatio: isolated, of the position; cross, of the account; null when flat or without a margin balance. */
  marginRatio: Rate | null;
  liquidationPrice: bigint | null;
  /** Place in the auto-deleveraging queue, 0–4 (Binance's adlQuantile; lights = value + 1); null without a position. */
  adl: number | null;
}

/** The contract wallet's figures in its margin asset, quote minor units. */
export interface PerpAccount {
  readonly asset: string;
  /** The wallet's available balance (the ledger's). */
  readonly available: bigint;
  /** Σ margins of the positions (cross initial margins, isolated margins). */
  readonly positionMargin: bigint;
  /** Σ entrust margin of the pending orders. */
  readonly entrustMargin: bigint;
  /** Σ margins of the isolated positions (their own wallets). */
  readonly isolatedMargin: bigint;
  /**
   * What the cross account owes: a realized loss past its cash, carried by its positions (Binance's negative cross
   * wallet). The wallet balance is the ledger's available and frozen less this.
   */
  readonly owed: bigint;
  /**
   * PerpEngine.accountRisk: the cross wallet (available + what the engine holds for cross positions and for orders),
   * Σ UPnL and Σ MM of the cross positions, and Σ UPnL of every position.
   */
  readonly risk: AccountRisk;
  /** perpMath.crossMarginRatio of `risk`: null without cross positions or a cross margin balance. */
  readonly crossMarginRatio: Rate | null;
  /** The desk's clock when read: the marks' moment. */
  readonly time: number;
}

/** One holding's risk figures at the mark the engine holds. */
export function holdingRisk(s: PerpState, h: Holding): PositionRisk {
  const e = s.engine;
  const m = s.markets.get(h.symbol)!.market;
  const size = BigInt(h.size) * m.lotSize;
  const mark = e.markOf(h.symbol);
  const upnl = e.upnl(h);
  return {
    symbol: h.symbol, lots: h.size, size, cost: h.cost, leverage: h.leverage, mode: h.mode, margin: h.margin, orderMargin: h.orderMargin,
    mark, notional: notionalAt({ size, cost: h.cost }, mark), upnl, profitRate: profitRate(h, upnl), maintenance: e.maintenance(h),
    marginRatio: e.marginRatio(h), liquidationPrice: e.liquidationPrice(h), adl: e.adlQuantile(h.user, h.symbol),
  };
}

/** A user's positions, and markets where orders hold entrust margin, with their risk figures. */
export function positionRisks(s: PerpState, user: number): PositionRisk[] {
  return s.engine.holdingsOf(user as UserId).map((h) => holdingRisk(s, h)).filter((p) => p.lots !== 0 || p.orderMargin !== 0n);
}

/**
 * The contract wallet's balance as the app and Binance's endpoints show it: available plus what positions and
 * orders hold, less what the cross account owes (negative while the debt exceeds the cash, as Binance's).
 */
export const walletBalance = (a: PerpAccount): bigint => a.available + a.positionMargin + a.entrustMargin - a.owed;

/** What new orders and transfers out may draw on before the cross unrealized loss: available less the debt, ≥ 0. */
export const availableLessDebt = (a: PerpAccount): bigint => (a.available > a.owed ? a.available - a.owed : 0n);

export function accountOf(s: PerpState, user: number, time: number): PerpAccount {
  const e = s.engine;
  const u = user as UserId;
  let positionMargin = 0n;
  let entrustMargin = 0n;
  let isolatedMargin = 0n;
  for (const h of e.holdingsOf(u)) {
    positionMargin += h.margin;
    entrustMargin += h.orderMargin;
    if (h.mode === 'isolated') isolatedMargin += h.margin;
  }
  const risk = e.accountRisk(u);
  return {
    asset: e.asset,
    available: s.ledger.balance(userAccount(u, 'contract', 'available'), e.asset as Asset),
    positionMargin, entrustMargin, isolatedMargin, owed: e.owed(u),
    risk, crossMarginRatio: crossMarginRatio(risk),
    time,
  };
}
